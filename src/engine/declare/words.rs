//! The declared move in words, for `sowlab rules NAME`: one line per step.

use crate::engine::declare::capture::{BeyondSide, ChainDirection, ChainSide, GrandSlam};
use crate::engine::declare::end::{Outcome, Starter, Sweep};
use crate::engine::declare::end_words;
use crate::engine::declare::moves::Landing;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::declare::rounds::{ChooseFilled, RoundWinner};
use crate::engine::declare::turn::ExtraTurn;

impl Pipeline {
    /// The pipeline in words, one step a line (for `sowlab rules NAME`).
    pub fn describe(&self) -> Vec<String> {
        let mut out = Vec::new();
        let m = &self.moves;
        let mut legal = if self.capture.from_end_hole.is_some() {
            "as `capture from an end hole` says".to_string()
        } else {
            "the mover's open holes that hold seeds".to_string()
        };
        if let Some(kinds) = &m.landing {
            let k: Vec<&str> = kinds.iter().map(|k| landing_word(*k)).collect();
            legal.push_str(&format!(", whose last seed falls into {}", or_list(&k)));
            if m.landing_up_to > 0 {
                legal.push_str(&format!(
                    " (a hole holding more than {} seeds lands anywhere)",
                    m.landing_up_to
                ));
            }
        }
        if m.single_seed_to_empty {
            legal.push_str(", a single seed only into an empty hole");
        }
        if m.single_seed_to_empty_once_all_single {
            legal.push_str(
                ", a single seed only into an empty hole once a move of the mover's has left each of his holes holding one seed or none",
            );
        }
        if m.inner_row_only {
            legal.push_str(", of his inner row only");
        }
        if m.last_resort_count > 0 {
            legal.push_str(&format!(
                ", holes holding {} only when every legal hole does",
                m.last_resort_count
            ));
            if m.last_resort_rightmost {
                legal.push_str(" (then only the rightmost of them)");
            }
        }
        if m.first_move_rightmost > 0 {
            legal.push_str(&format!(
                ", the first move of a game or round only from the {} rightmost legal holes",
                m.first_move_rightmost
            ));
        }
        if m.seeds_equal_number {
            legal.push_str(", holding exactly as many seeds as their number");
        }
        if m.any_row {
            legal = legal.replace("the mover's open holes", "any open hole (either row)");
        } else if m.from_opponent_row {
            legal = legal.replace("the mover's open holes", "the opponent's open holes");
        } else if self.territory.is_some() {
            legal = legal.replace(
                "the mover's open holes",
                "the open holes the mover owns this round (in either row)",
            );
        }
        if m.min_seeds > 1 {
            legal.push_str(&format!(", holding at least {} seeds", m.min_seeds));
        }
        if m.feed_always {
            legal.push_str("; only moves that leave the next player seeds");
        } else if m.must_feed {
            legal.push_str("; when the next player has no seeds, only moves that give him some");
        }
        if m.must_feed {
            if m.feed_if_able {
                legal.push_str(" (any move when none does)");
            }
            if m.feed_after_captures {
                legal.push_str(" (judged after the move's captures)");
            }
            if m.feed_after_first_lap {
                legal.push_str(" (and after its first lap)");
            }
            if m.feed_either_direction {
                legal.push_str(" (a hole with a choice of direction in both when either does)");
            }
        }
        if m.sow_from_store {
            legal.push_str("; or seeds from the mover's store, as many as he chooses (`store:4`)");
        }
        out.push(format!("legal moves: {legal}"));
        if m.first_move_takes_and_gives {
            out.push("the first move of a game or round is not sown: the hole played keeps its seeds, the next holes round the board lose one seed and gain one in turn, the hole opposite gains one more and the captures are judged there".into());
        }
        if let Some(f) = &m.few_seeds_until_taken {
            out.push(f.describe());
        }
        if let Some(r) = m.row_ends_out_first {
            out.push(r.describe(m.min_seeds));
        }
        if let Some(o) = &self.capture.opposite {
            out.push(format!(
                "capture: a last seed in an empty hole {} takes the hole opposite and itself{}",
                match o.last_in {
                    BeyondSide::Own => "of the mover's",
                    BeyondSide::Opponent => "of the opponent's",
                    BeyondSide::Any => "(either side)",
                },
                if o.when_opposite_empty {
                    " (also when the hole opposite is empty)"
                } else {
                    " (when the hole opposite holds seeds)"
                }
            ));
            if o.only_if_opponent_row_changed {
                out.push("capture: the hole opposite is taken only after a move that changed the opponent's row; after one that left it as it was, a last seed in an empty hole of the mover's takes nothing and the mover moves again".into());
            }
            let mut only = Vec::new();
            if !o.counts.is_empty() {
                let v: Vec<String> = o.counts.iter().map(|n| n.to_string()).collect();
                only.push(or_list(&v.iter().map(String::as_str).collect::<Vec<_>>()));
            }
            if o.even {
                only.push("an even count".into());
            }
            if o.at_least > 0 {
                only.push(format!("at least {}", o.at_least));
            }
            if o.at_most > 0 {
                only.push(format!("at most {}", o.at_most));
            }
            if !only.is_empty() {
                out.push(format!(
                    "capture: the hole opposite is taken only when it holds {}",
                    only.join(", ")
                ));
            }
        }
        if let Some(s) = &self.stop_in {
            out.push(s.describe());
        }
        if let Some(h) = &self.place_from_hand {
            out.push(h.describe());
        }
        if self.capture.opposite.as_ref().is_some_and(|o| o.sow_on) {
            out.push(
                "capture: after taking the hole opposite, the sowing goes on from the last hole"
                    .into(),
            );
        }
        if let Some(k) = self.capture.lap_capture {
            out.push(k.describe().into());
        }
        if let Some(a) = &self.capture.across {
            out.push(a.describe());
        }
        if let Some(r) = &self.capture.reverse_laps {
            out.push(r.describe());
        }
        if let Some(e) = &self.capture.from_end_hole {
            out.push(e.describe());
        }
        if let Some(c) = &self.capture.chosen_holes {
            out.push(c.describe());
        }
        if let Some(c) = &self.capture.next_hole {
            out.push(format!(
                "capture: a last seed in {} takes the hole after it (when it holds {}){}{}",
                match c.last_in {
                    BeyondSide::Own => "a hole of the mover's",
                    BeyondSide::Opponent => "an opponent's hole",
                    BeyondSide::Any => "any hole",
                },
                if c.counts.is_empty() {
                    "seeds".to_string()
                } else {
                    crate::engine::declare::capture::chain_why(&c.counts)
                },
                if c.repeat {
                    ", then the hole after each hole taken while it passes too"
                } else {
                    ""
                },
                if c.and_last {
                    ", and then the last hole"
                } else {
                    ""
                }
            ));
        }
        if let Some(c) = &self.capture.counted_holes {
            let v: Vec<String> = c.counts.iter().map(|n| n.to_string()).collect();
            out.push(format!(
                "capture: {} every hole of {} holding {}",
                if c.after_capture {
                    "a move whose captures took seeds also takes"
                } else if c.or_last_own_hole {
                    "a last seed on the opponent's row or in the mover's last hole takes"
                } else {
                    "a last seed on the opponent's row takes"
                },
                if c.after_capture {
                    "the opponent's"
                } else {
                    "his"
                },
                if v.is_empty() {
                    "seeds".to_string()
                } else {
                    or_list(&v.iter().map(String::as_str).collect::<Vec<_>>())
                }
            ));
        }
        if let Some(c) = &self.capture.store_to_opponent {
            out.push(format!(
                "capture: a last seed in an empty hole{} gives the mover's store to the opponent",
                match c.last_in {
                    BeyondSide::Own => " of the mover's",
                    BeyondSide::Opponent => " of the opponent's",
                    BeyondSide::Any => "",
                }
            ));
        }
        if self.capture.not_by_single_seed {
            out.push("capture: a move of a single seed captures nothing".into());
        }
        if let Some(c) = &self.capture.chain {
            let mut counts = if c.counts.is_empty() {
                "any count".to_string()
            } else {
                let v: Vec<String> = c.counts.iter().map(|n| n.to_string()).collect();
                or_list(&v.iter().map(String::as_str).collect::<Vec<_>>())
            };
            if c.even {
                counts.push_str(" (even)");
            }
            if c.at_least > 0 {
                counts.push_str(&format!(" (at least {})", c.at_least));
            }
            if c.at_most > 0 {
                counts.push_str(&format!(" (at most {})", c.at_most));
            }
            let whose = match c.side {
                ChainSide::Opponent => "an opponent's hole",
                ChainSide::Own => "a hole of the mover's",
                ChainSide::Any => "any hole",
            };
            let on = if c.max == 1 {
                String::new()
            } else {
                format!(
                    ", and the holes {} it holding {counts}{}",
                    match c.direction {
                        ChainDirection::Back => "before",
                        ChainDirection::Forward => "after",
                        ChainDirection::AgainstTrack =>
                            "before it on the track (whichever way it was sown),",
                        ChainDirection::AlongTrack =>
                            "after it on the track (whichever way it was sown),",
                    },
                    if c.max > 1 {
                        format!(", {} holes at most", c.max)
                    } else {
                        String::new()
                    }
                )
            };
            let whose = match c.first_on {
                None | Some(ChainSide::Any) => whose.to_string(),
                Some(ChainSide::Opponent) => format!("an opponent's hole (then {whose})"),
                Some(ChainSide::Own) => format!("a hole of the mover's (then {whose})"),
            };
            let whose = if c.last_any_side {
                format!(
                    "a hole on either side (the line going on only from {whose}, through {whose})"
                )
            } else {
                whose
            };
            let on = if c.and_row_neighbours {
                format!("{on}, and the holes beside it in its row holding such counts")
            } else {
                on
            };
            let on = if c.to_hole_owner {
                format!("{on} (for the owner of each hole taken)")
            } else {
                on
            };
            let on = if c.first_counts.is_empty() {
                on
            } else {
                let list: Vec<String> = c.first_counts.iter().map(|n| n.to_string()).collect();
                format!(
                    "{on} (a player's first captures: of {} counters, in that order)",
                    list.join(", then ")
                )
            };
            let whose = if c.also_own_holes.is_empty() {
                whose
            } else {
                let list: Vec<String> = c.also_own_holes.iter().map(|n| n.to_string()).collect();
                format!("{whose} or in the mover's own hole {}", list.join(" or "))
            };
            out.push(format!(
                "capture: a last seed making {counts} in {whose} takes it{on}; a move taking all the opponent's seeds {}",
                match c.grand_slam {
                    GrandSlam::Nothing => "captures nothing",
                    GrandSlam::All => "takes them all",
                    GrandSlam::LeaveFirst =>
                        "takes them all but his first hole holding seeds (in sowing order)",
                    GrandSlam::Illegal =>
                        "may not be played, unless every legal move is one (then it captures nothing)",
                    GrandSlam::AllMoveAgain => "takes them all, and the mover moves again",
                    GrandSlam::Forbidden => "may not be played, even when every move is one",
                    GrandSlam::AllThenOwnRowToOpponent => "takes them all, then the mover's own holes go to the opponent",
                }
            ));
        }
        out.extend(self.capture.describe_more());
        if let Some(g) = &self.capture.beyond_empty {
            out.push(format!(
                "capture: when the hole after the last{} is empty, the mover takes the hole beyond it{}{}{}",
                if g.last_occupied { " (which held seeds)" } else { "" },
                match g.side {
                    BeyondSide::Any => "",
                    BeyondSide::Opponent => " (an opponent's)",
                    BeyondSide::Own => " (his own)",
                },
                if g.repeat { ", and so on across each further gap" } else { "" },
                if g.and_opposite { ", and the hole opposite the first one taken" } else { "" }
            ));
        }
        if let Some(t) = &self.capture.last_seeds {
            out.push(format!(
                "capture: when at most {} seeds are left in {}holes (but some), {} takes every seed left",
                t.at_most,
                match t.counted {
                    BeyondSide::Any => "the ",
                    BeyondSide::Opponent => "the opponent's ",
                    BeyondSide::Own => "his own ",
                },
                match t.to {
                    crate::engine::declare::capture::LastSeedsTo::Mover => "the mover",
                    crate::engine::declare::capture::LastSeedsTo::RoundStarter =>
                        "the player who started the round",
                }
            ));
        }
        if let Some(c) = &self.children {
            out.push(c.describe());
        }
        if self.capture.no_capture_turns > 0 {
            out.push(format!(
                "capture: none in the first {} turns (nor a relay stopping for one)",
                self.capture.no_capture_turns
            ));
        }
        if self.extra_turn == ExtraTurn::Capture {
            out.push("extra turn: a move whose captures took seeds".into());
        }
        if self.extra_turn == ExtraTurn::StoreOrCapture {
            out.push(
                "extra turn: a last seed in a store, or a move whose captures took seeds".into(),
            );
        }
        if self.extra_turn == ExtraTurn::CaptureOnce {
            out.push("extra turn: a move whose captures took seeds, unless the move before earned one (one extra move in a row at most)".into());
        }
        if self.extra_turn == ExtraTurn::OwnStore {
            out.push("extra turn: a last seed in the mover's own store".into());
        }
        if self.capture.opponent_store {
            out.push(
                "capture: a last seed in an opponent's store takes the seeds of that store".into(),
            );
        }
        if self.extra_turn == ExtraTurn::Store {
            out.push("extra turn: a last seed in a store".into());
        }
        if let Some(v) = &self.count_moves {
            out.push(format!("moves are counted in `{v}`"));
        }
        if let Some(p) = &self.pass {
            out.push(format!(
                "a player without a legal move passes and adds one to `{}`{}",
                p.counter,
                if p.out_at > 0 {
                    format!(
                        "; at {} he is out, and the last player left in wins",
                        p.out_at
                    )
                } else {
                    String::new()
                }
            ));
        }
        for c in &self.end {
            let mut s = format!(
                "{}when {}",
                if c.before_turn {
                    "before the turn passes, "
                } else {
                    ""
                },
                end_words::cond_words(c)
            );
            s.push_str(": ");
            match c.sweep {
                Sweep::None => {}
                Sweep::Owners => s.push_str("each hole's seeds go to its owner, "),
                Sweep::RowOwners => s.push_str("each hole's seeds go to its row's owner, "),
                Sweep::Mover => s.push_str("the mover takes the seeds left, "),
                Sweep::Waiting => s.push_str("the player not to move takes the seeds left, "),
                Sweep::StillHolding => {
                    s.push_str("the player whose holes still hold seeds takes the seeds left, ")
                }
                Sweep::SecondPlayer => s.push_str("the second player takes the seeds left, "),
                Sweep::Split => s.push_str(
                    "the seeds left are shared equally (an odd one to the player holding fewer), ",
                ),
                Sweep::Discard => s.push_str("the seeds left are taken out of the game, "),
                Sweep::IntoChildren => s.push_str(
                    "the seeds left go into the children, shared equally (an odd one to the player holding fewer), ",
                ),
            }
            s.push_str(match c.then {
                Outcome::MostSeeds => "the game ends: most seeds wins",
                Outcome::MoverWins => "the game ends: the mover wins",
                Outcome::MoverLoses => "the game ends: the mover's opponent wins",
                Outcome::ToMoveLoses => "the game ends: the player to move loses",
                Outcome::FewestInHoles => {
                    "the game ends: the fewest seeds in his holes wins (the mover when level)"
                }
                Outcome::MostInHoles => {
                    "the game ends: the most seeds in his holes wins (level: a draw)"
                }
                Outcome::MostInChildren => {
                    "the game ends: the most seeds in his children wins (level: a draw)"
                }
                Outcome::NoWinner => "the game ends without a winner",
                Outcome::RoundMoverWins => "the round ends, won by the mover",
                Outcome::RoundMoverLoses => "the round ends, won by the mover's opponent",
                Outcome::RoundToMoveLoses => "the round ends, lost by the player to move",
                Outcome::LastRound => {
                    "the round ends, scored, and the match with it: the bigger tally wins"
                }
                Outcome::TallyDecides => "the match ends: the bigger tally wins",
                Outcome::Round => match c.starter {
                    Starter::Mover => "the round ends: the mover starts the next",
                    Starter::ToMove => "the round ends: the player to move starts the next",
                    Starter::AfterMover => {
                        "the round ends: the player after the mover starts the next"
                    }
                    Starter::Alternate => {
                        "the round ends: the player who did not start it starts the next"
                    }
                    Starter::Winner => "the round ends: its winner starts the next",
                    Starter::Loser => "the round ends: its loser starts the next",
                },
            });
            out.push(s);
        }
        // (rounds no check ends, turned off by an option, are not played)
        let plays = self.end.iter().any(|c| c.then.ends_round());
        if let Some(t) = &self.territory {
            let filled = self.rounds.as_ref().filter(|r| r.fill_by_moves);
            out.push(match filled {
                Some(r) => t.describe_filled(r),
                None => t.describe(),
            });
        } else if let Some(r) = self
            .rounds
            .as_ref()
            .filter(|_| plays)
            .filter(|r| r.tally != crate::engine::declare::rounds::Tally::None)
        {
            out.push(format!(
                "rounds: the most seeds held wins a round, which adds to the tally ({}); the first to {} wins the match; else every hole gets {} seeds again and the stores are emptied",
                r.tally.word(),
                r.tally_to,
                r.fill
            ));
        } else if let Some(r) = self
            .rounds
            .as_ref()
            .filter(|_| plays)
            .filter(|r| r.winner == RoundWinner::MostSeeds)
        {
            out.push(format!(
                "rounds: the most seeds held wins a round; who {} (with his own holes' seeds) ends the match, won by the round's winner; else each player fills his holes with {} {}{}{}",
                if r.fill_part && r.seeds_needed() == 1 {
                    "holds no seed".to_string()
                } else if r.fill_part {
                    format!("holds fewer than {} seeds", r.seeds_needed())
                } else {
                    format!(
                        "cannot fill {} hole{} of {} seeds",
                        r.min_holes,
                        if r.min_holes == 1 { "" } else { "s" },
                        r.fill
                    )
                },
                r.fill,
                match (r.fills_by_moves(), r.choose_filled) {
                    (true, ChooseFilled::Each) => "into holes of his choice, one a move in turn".to_string(),
                    (true, _) => format!("from the {} end, one hole a move in turn", r.fill_from.word()),
                    _ => format!("from the {} end", r.fill_from.word()),
                },
                if r.fill_part { ", the last few seeds in one more hole" } else { "" },
                if r.close_unfilled { ", closing those he cannot fill" } else { "" }
            ));
        } else if let Some(r) = self.rounds.as_ref().filter(|_| plays) {
            if r.play_match {
                out.push(format!(
                    "rounds: the bigger capture wins a round; each player fills his holes with {} from the {} end, closing those he cannot fill; who cannot fill one hole loses the match{}",
                    r.fill,
                    r.fill_from.word(),
                    if r.max_rounds > 0 {
                        format!("; after {} rounds the bigger reserve wins", r.max_rounds)
                    } else {
                        String::new()
                    }
                ));
            } else {
                out.push("one round: the bigger capture wins, level is a draw".into());
            }
        }
        out
    }
}

fn landing_word(k: Landing) -> &'static str {
    match k {
        Landing::Store => "a store",
        Landing::OccupiedHole => "an occupied hole",
        Landing::EmptyHole => "an empty hole",
        Landing::OpponentHole => "an opponent's hole",
    }
}

fn or_list(v: &[&str]) -> String {
    match v.len() {
        0 => "nothing".into(),
        1 => v[0].to_string(),
        n => format!("{} or {}", v[..n - 1].join(", "), v[n - 1]),
    }
}
