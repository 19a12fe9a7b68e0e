//! The declared move: what a rule file says happens on every move (which holes are legal, the
//! captures after the sowing, extra turns, passing, what ends a game or a round, the sweep, rounds),
//! as data the core runs natively (see [`crate::engine::player::play`]).
//!
//! A rule script declares it once in `setup()` with `this.pipeline(#{ ... })`; a data rule file
//! (`rules/NAME.yaml`) writes the same keys under `pipeline:`. Every key and word is checked when
//! the rule loads: an unknown one is one error line naming the key and the allowed words.

use crate::engine::declare::capture::laps::LapCapture;
use serde::Deserialize;

use crate::engine::geometry::layout::Layout;

pub use crate::engine::declare::capture::{
    chain_why, BackFails, BeyondEmpty, BeyondSide, Capture, Chain, ChainDirection, ChainSide,
    CountedHoles, GrandSlam, LastSeeds, LastSeedsTo, MatchingRun, MatchingWay, NextHole, Opposite,
    SingleSeedHoles, StoreToOpponent,
};
pub use crate::engine::declare::children::{ChildSide, Children, CHILD_OF_NOBODY};
pub use crate::engine::declare::end::{Cond, End, EndCheck, Outcome, Starter, Sweep};
pub use crate::engine::declare::moves::{Landing, Moves};
pub use crate::engine::declare::notes::{fill, Note, Notes};
pub use crate::engine::declare::rounds::territory::{ChooseOwned, PartHole, Territory};
pub use crate::engine::declare::rounds::{
    ChooseFilled, Refill, RoundWinner, Rounds, Tally, TurnLayout,
};
pub use crate::engine::declare::turn::{ExtraTurn, Pass};

/// A declared move pipeline.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Pipeline {
    /// Which holes are legal.
    pub moves: Moves,
    /// The arrangement of each player's counters before play (none: play begins at once).
    pub arrange: Option<crate::engine::declare::arrange::Arrange>,
    /// Each player's hand placed into his holes before play, a seed a move (none: the holes as
    /// the board says; [`crate::engine::declare::place`]).
    pub place_from_hand: Option<crate::engine::declare::place::PlaceFromHand>,
    /// Captures after the sowing.
    pub capture: Capture,
    /// Children: holes the last seed turns into the mover's own (made instead of a capture).
    pub children: Option<Children>,
    /// When the mover moves again.
    pub extra_turn: ExtraTurn,
    /// A game variable counting moves (declared by the core when missing; reset each round).
    pub count_moves: Option<String>,
    /// Passing: what a player without a legal move does (default: nothing; an `end` check
    /// `no_move` usually ends the game instead; `true`/`false`: the default pass or none).
    #[serde(deserialize_with = "crate::engine::declare::turn::pass_or_flag")]
    pub pass: Option<Pass>,
    /// Checks after each move, in order; the first that holds applies.
    pub end: Vec<EndCheck>,
    /// Rounds, for `then: round`.
    pub rounds: Option<Rounds>,
    /// Holes owned round by round (with `rounds`): who plays from a hole and takes its seeds.
    pub territory: Option<Territory>,
    /// Player names for notes (`{mover_name}`, ...); default `player N`.
    pub names: Vec<String>,
    /// The texts of the core's notes.
    pub notes: Notes,
    /// Holes a relaying mover may end his move in ([`crate::engine::declare::stop_in`]).
    pub stop_in: Option<crate::engine::declare::stop_in::StopIn>,
    /// Indices resolved against the layout when setup ends.
    #[serde(skip)]
    pub at: Resolved,
}

/// Variable and counter indices of a pipeline, resolved when setup ends.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolved {
    /// `count_moves`'s variable.
    pub moves_var: Option<usize>,
    /// The turns played (`turns`), declared when captures wait for `no_capture_turns`.
    pub turns_var: Option<usize>,
    /// The pass counter.
    pub pass_counter: Option<usize>,
    /// `returning` (with `moves.no_single_return`): 1 + the hole the previous move sowed a
    /// single seed into across the board's end, 0 for none.
    pub no_return_var: Option<usize>,
    /// `returning_mover`, `returning_held` (with `moves.no_single_return_across_middle`): who
    /// made that move, and his seeds held after its sowing (more later: the move captured).
    pub no_return_capture_vars: Option<(usize, usize)>,
    /// With `moves.diffuse`: the pit its seeds leaving the board go to (`None`: discarded).
    pub diffuse_out: Option<usize>,
    /// Whether a move must update the variables of [`crate::engine::player::directions`]
    /// (one flag tested per move; set when setup ends).
    pub move_vars: bool,
    /// Whether the legal holes go by more than the holes' seeds: directions to name
    /// (`choose_direction`, the directions' variables) or holes held back (`no_single_return`,
    /// `give_one_to_empty`); one flag tested on the hot path (set when setup ends).
    pub odd_moves: bool,
    /// `played_1`, `played_2`, ... (with `moves.every_hole_first`): per player, a bit for each
    /// of his holes (in canonical order) he has played from this round.
    pub played_vars: Vec<usize>,
    /// `last_start` (`moves.single_seed_not_to_last_start`): 1 + the hole last sown from, or 0.
    pub last_start_var: Option<usize>,
    /// `opening_holes[player]` (with `moves.opening`): the holes he may play from in the
    /// opening turns (empty: any).
    pub opening_holes: Vec<Vec<usize>>,
    /// Whether the legal holes go through `moves.opening`, `every_hole_first` or
    /// `not_facing_single` (tested only under `odd_moves`).
    pub odd_legal: bool,
    /// Whether a move uses one of the rarer steps ([`Pipeline::uses_rare_steps`]): a rule with
    /// none is played by the plain build of the declared move, which tests none of them.
    pub rare: bool,
    /// `round`.
    pub round_var: Option<usize>,
    /// `children_off` (`rounds.no_children_below`): a bit per player making no child now.
    pub children_off_var: Option<usize>,
    /// `start_reserve_1`, `start_reserve_2`, ...
    pub start_reserve_vars: Vec<usize>,
    /// `round_starter`: who started the round (0 until the first check at setup).
    pub round_starter_var: Option<usize>,
    /// `turn_after_move`: the player the last move handed the turn to, when every player then
    /// passed (0 otherwise), for a level round's `starter: winner` or `loser`.
    pub turn_after_move_var: Option<usize>,
    /// `tally_1`, `tally_2`: the match's tallies (rounds with a `tally`).
    pub tally_vars: Vec<usize>,
    /// `fill_choices` (with `rounds.choose_filled`): the holes the player to move has still to
    /// choose before the round's first move (0: no choice pending).
    pub fill_choice_var: Option<usize>,
    /// `own_choices` (with `territory.choose_owned`): the holes of the loser's row the player to
    /// move (the round's winner) has still to choose before the round's first move.
    pub own_choice_var: Option<usize>,
    /// Some decision may be pending before a move is sown (`fill_choice_var`, `own_choice_var`,
    /// `capture.chosen_holes`, `stop_in`): the one test a move of a rule without them makes.
    pub choices: bool,
    /// `stop_in`, resolved: the heads, the pending decision's variable, its moves.
    pub stop: Option<crate::engine::declare::stop_in::StopLinked>,
    /// `capture.reverse_laps`, resolved: the loops, the holes, the variables and moves of the
    /// turn it plays ([`crate::engine::player::loops::reverse_laps`]).
    pub reverse: Option<Box<crate::engine::declare::capture::reverse::ReverseLinked>>,
    /// `capture.from_end_hole`, resolved: the loops, the variables and moves of the turn it
    /// plays ([`crate::engine::player::loops::end_hole`]).
    pub end_hole: Option<Box<crate::engine::declare::capture::end_hole::FromEndLinked>>,
    /// Hook functions the rule script defines: `on_pass`, `on_round_end`, `on_game_end`.
    pub hooks: Hooks,
    /// `holes_of[player]`: the player's holes in canonical order (index 0: holes of nobody).
    pub holes_of: Vec<Vec<usize>>,
    /// `play_holes_of[player]`: the holes a move of his may start from (his holes, or with
    /// `moves.inner_row_only` those of his inner row).
    pub play_holes_of: Vec<Vec<usize>>,
    /// `own_stores[player]` (with `moves.sow_from_store`): the store he sows from (index 0
    /// unused); empty otherwise.
    pub own_stores: Vec<usize>,
    /// Whether an end check asks for `repeated_position`: the positions since the last capture
    /// are then remembered on the board ([`crate::engine::board::Seen`]).
    pub track_repetition: bool,
    /// `extra_move` (with `extra_turn: capture_once`): 1 when the last move earned an extra
    /// move, else 0 (reset each round).
    pub extra_var: Option<usize>,
    /// `bearing_off` (with the sowing's `bear_off_after_singletons`): 1 once a move has left
    /// every hole holding at most one seed (this round).
    pub bear_off_var: Option<usize>,
    /// The chain's grand slam is `all_move_again`: the opponent's seeds before the move are
    /// counted (one flag tested per move).
    pub slam_again: bool,
    /// No end check is made before the turn passes (that phase is skipped).
    pub none_before_turn: bool,
    /// No end check is made after the turn passes (that phase is skipped).
    pub none_after_turn: bool,
}

/// Which hook functions a rule script defines (the core calls them on declared events).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hooks {
    /// `fn on_pass(player)`.
    pub pass: bool,
    /// `fn on_round_end(round)`.
    pub round_end: bool,
    /// `fn on_game_end()`.
    pub game_end: bool,
}

pub use crate::engine::declare::pipeline_errors::KEYS;

impl Pipeline {
    /// Reads a pipeline from a JSON value (a Rhai map converted), naming the key that is wrong.
    pub fn from_json(v: serde_json::Value) -> Result<Pipeline, String> {
        match serde_json::from_value::<Pipeline>(v.clone()) {
            Ok(p) => Ok(p),
            Err(e) => Err(crate::engine::declare::pipeline_errors::locate(
                &v,
                e.to_string(),
                KEYS,
                |one| {
                    serde_json::from_value::<Pipeline>(one)
                        .err()
                        .map(|e| e.to_string())
                },
            )),
        }
    }

    /// Checks the declaration against the layout and resolves names (when setup ends). Declares
    /// the variables and counters it uses that the script did not declare.
    pub fn link(&mut self, l: &mut Layout, vars: &mut Vec<i64>) -> Result<(), String> {
        let mut var = |l: &mut Layout, name: &str, init: i64| -> usize {
            match l.var_index(name) {
                Some(i) => i,
                None => {
                    l.vars.push(name.to_string());
                    vars.push(init);
                    l.vars.len() - 1
                }
            }
        };
        // (`lap_capture: none`, the value an option may give: no lap capture)
        if self.capture.lap_capture == Some(LapCapture::None) {
            self.capture.lap_capture = None;
        }
        if let Some(c) = &mut self.capture.chain {
            c.why = chain_why(&c.counts);
            if !c.first_counts.is_empty() {
                c.capture_vars = (1..=l.players)
                    .map(|pl| var(l, &format!("chain_captures_{pl}"), 0))
                    .collect();
            }
        }
        if let Some(c) = &self.children {
            c.check(l)?;
        }
        if let Some(a) = &self.capture.across {
            a.check(l)?;
        }
        // (the first move's holes: the moves are counted)
        if (self.moves.first_move_rightmost > 0 || self.moves.first_move_takes_and_gives)
            && self.count_moves.is_none()
        {
            self.count_moves = Some("moves".into());
        }
        if self.moves.first_move_rightmost < 0
            || (self.moves.last_resort_rightmost && self.moves.last_resort_count <= 0)
        {
            return Err("pipeline: moves: first_move_rightmost must be at least 0, and last_resort_rightmost needs last_resort_count".into());
        }
        let m = &self.moves;
        if m.feed_after_captures && !m.must_feed {
            return Err("pipeline: moves: feed_after_captures needs must_feed: true".into());
        }
        if m.feed_after_first_lap && !m.feed_after_captures {
            return Err(
                "pipeline: moves: feed_after_first_lap needs must_feed: true and feed_after_captures: true"
                    .into(),
            );
        }
        if m.feed_always && !m.feed_after_captures {
            return Err(
                "pipeline: moves: feed_always needs must_feed: true and feed_after_captures: true"
                    .into(),
            );
        }
        self.at.moves_var = self.count_moves.as_deref().map(|n| var(l, n, 0));
        self.moves.moves_var = self
            .at
            .moves_var
            .filter(|_| self.moves.first_move_rightmost > 0);
        if self.capture.no_capture_turns < 0 {
            return Err("pipeline: capture: no_capture_turns must be at least 0".into());
        }
        self.at.turns_var = (self.capture.no_capture_turns > 0 || self.moves.opening.is_some())
            .then(|| var(l, "turns", 0));
        self.at.no_return_var = (self.moves.no_single_return
            || self.moves.no_single_return_across_middle)
            .then(|| var(l, "returning", 0));
        if let Some(d) = &self.moves.diffuse {
            if d.full < 0 {
                return Err(format!(
                    "pipeline: moves: diffuse: full is a number of seeds, 0 (no limit) or more (not {})",
                    d.full
                ));
            }
            if l.rows.len() != 2 {
                return Err("pipeline: moves: diffuse needs a board of two rows".into());
            }
            self.at.diffuse_out = match &d.out_to {
                None => None,
                Some(name) => Some(
                    l.stores
                        .iter()
                        .copied()
                        .find(|&s| &l.pits[s].name == name)
                        .ok_or_else(|| {
                            let names: Vec<&str> =
                                l.stores.iter().map(|&s| l.pits[s].name.as_str()).collect();
                            format!(
                                "pipeline: moves: diffuse: out_to: no store {name:?} (the stores are {})",
                                if names.is_empty() { "none".to_string() } else { names.join(", ") }
                            )
                        })?,
                ),
            };
        }
        self.at.no_return_capture_vars = self
            .moves
            .no_single_return_across_middle
            .then(|| (var(l, "returning_mover", 0), var(l, "returning_held", 0)));
        self.at.extra_var =
            (self.extra_turn == ExtraTurn::CaptureOnce).then(|| var(l, "extra_move", 0));

        self.at.slam_again = self
            .capture
            .chain
            .as_ref()
            .is_some_and(|c| c.grand_slam == GrandSlam::AllMoveAgain);
        if self
            .capture
            .opposite
            .as_ref()
            .is_some_and(|o| o.pull_into_last && o.take_last)
        {
            return Err("pipeline: capture: opposite: `pull_into_last` moves the seeds into the last hole, which stays: set `take_last: false`".into());
        }
        if let Some(o) = self.capture.opposite.as_ref() {
            let ok = match o.grand_slam {
                GrandSlam::All => true,
                GrandSlam::LeaveFirst => o.go_on_along_row,
                GrandSlam::AllThenOwnRowToOpponent => {
                    !o.go_on_along_row
                        && !o.sow_on
                        && !o.go_on_while_next_empty
                        && !o.pull_into_last
                }
                _ => false,
            };
            if !ok {
                return Err("pipeline: capture: opposite: `grand_slam` is `all`, with `go_on_along_row: true` `leave_first`, or (a single take) `all_then_own_row_to_opponent`".into());
            }
            if o.go_on_along_row && (o.sow_on || o.pull_into_last || o.go_on_while_next_empty) {
                return Err("pipeline: capture: opposite: `go_on_along_row` goes with none of `sow_on`, `pull_into_last`, `go_on_while_next_empty`".into());
            }
            o.check_row_changed()?;
        }
        if self
            .capture
            .chain
            .as_ref()
            .is_some_and(|c| c.grand_slam == GrandSlam::AllThenOwnRowToOpponent)
        {
            return Err("pipeline: capture: chain: `grand_slam: all_then_own_row_to_opponent` is read by `opposite` only".into());
        }
        if self
            .capture
            .chain
            .as_ref()
            .is_some_and(|c| c.and_opposite && c.grand_slam != GrandSlam::All)
        {
            return Err(
                "pipeline: capture: chain: `and_opposite` is played only with `grand_slam: all`"
                    .into(),
            );
        }
        if let Some(c) = self.capture.chain.as_ref() {
            crate::engine::geometry::hole_numbers::check(
                "pipeline: capture: chain: also_own_holes",
                &c.also_own_holes,
                crate::engine::geometry::hole_numbers::most(l),
            )?;
        }
        self.at.holes_of = (0..=l.players)
            .map(|pl| {
                l.holes
                    .iter()
                    .copied()
                    .filter(|&h| l.pits[h].owner == pl)
                    .collect()
            })
            .collect();
        if self.moves.inner_row_only && !l.four_rows() {
            return Err("pipeline: moves: inner_row_only needs a board of four rows of the same length, two a player, created outer, inner, inner, outer".into());
        }
        let inner = self.moves.inner_row_only;
        self.at.play_holes_of = (self.at.holes_of.iter())
            .map(|h| {
                h.iter()
                    .copied()
                    .filter(|&q| !inner || l.across(q).is_some())
                    .collect()
            })
            .collect();
        if self.moves.from_opponent_row {
            self.at.play_holes_of =
                crate::engine::declare::opponent_row::play_holes(l, &self.moves)?;
        }
        let track = self
            .capture
            .chain
            .as_ref()
            .is_some_and(|c| c.only_played_from);
        let opening = crate::engine::declare::opening::link(&self.moves, track, l, &mut var)?;
        // (no hole to choose ever: the step is left out, its variable undeclared)
        self.capture.chosen_holes = self.capture.chosen_holes.take().filter(|c| !c.never());
        if let Some(c) = self.capture.chosen_holes.as_mut() {
            c.link(l, &mut var, self.stop_in.is_some())?;
        }
        self.at.stop = self
            .stop_in
            .as_ref()
            .map(|s| s.link(l, &mut var))
            .transpose()?;
        if let Some(c) = self.capture.chain.as_mut().filter(|c| c.only_played_from) {
            c.played_vars = opening.played_vars.clone();
        }
        let players = l.players;
        self.moves.link_phases(players, |name, v| var(l, name, v))?;
        if let Some(a) = self.arrange.as_mut() {
            let n = l.rows.first().map_or(0, |r| r.pits.len());
            a.link_board(l)?;
            a.link(players, n, |name, v| var(l, name, v))?;
        }
        if let Some(a) = &self.arrange {
            a.check_rounds(self.rounds.as_ref(), self.territory.is_some())?;
        }
        if let Some(h) = self.place_from_hand.as_mut() {
            if self.arrange.is_some() {
                return Err("pipeline: place_from_hand and arrange are two arrangements before play: declare one".into());
            }
            h.link(l, &mut var)?;
            h.check_rounds(self.rounds.as_ref(), self.territory.is_some())?;
        }
        self.check_companions()?;
        if let Some(r) = self.capture.reverse_laps.as_ref() {
            self.at.reverse = Some(Box::new(r.link(
                l,
                self.capture.across.as_ref(),
                &mut var,
            )?));
        }
        if let Some(e) = self.capture.from_end_hole.as_ref() {
            self.at.end_hole = Some(Box::new(e.link(l, &mut var)?));
        }
        self.at.odd_legal = opening.odd_legal;
        self.at.opening_holes = opening.opening_holes;
        self.at.played_vars = opening.played_vars;
        self.at.last_start_var = opening.last_start_var;
        if self.rounds.is_some() {
            // (rounds no check ends, turned off by an option: checked, then dropped below)
            let plays = self.territory.is_some() || self.end.iter().any(|c| c.then.ends_round());
            if l.players != 2 {
                return Err(format!(
                    "pipeline: rounds are for two players, the board has {}",
                    l.players
                ));
            }
            for p in 1..=2 {
                if l.rows.iter().filter(|r| r.owner == p).count() != 1 {
                    return Err(format!(
                        "pipeline: rounds need one row per player (player {p} has {})",
                        l.rows.iter().filter(|r| r.owner == p).count()
                    ));
                }
            }
            for p in 1..=2 {
                if l.stores.iter().filter(|&&s| l.pits[s].owner == p).count() > 1 {
                    return Err(format!(
                        "pipeline: rounds need at most one store per player (player {p} has more)"
                    ));
                }
            }
            if let Some(r) = self.rounds.as_ref().filter(|r| r.tally != Tally::None) {
                if r.winner != RoundWinner::MostSeeds || r.tally_to < 1 {
                    return Err("pipeline: rounds: `tally` needs `winner: most_seeds` and a `tally_to` of at least 1".into());
                }
                if plays {
                    self.at.tally_vars =
                        (1..=2).map(|p| var(l, &format!("tally_{p}"), 0)).collect();
                }
            }
            if let Some(r) = &self.rounds {
                r.check_layouts(l.holes.len(), self.territory.is_some())?;
                r.check_fills(self.territory.is_some())?;
                if r.choose_filled != ChooseFilled::Nobody || r.fill_by_moves {
                    // (the fills still to play: the loser's chosen holes, or both players' fills)
                    let name = if r.fills_by_moves() {
                        "fills_left"
                    } else {
                        "fill_choices"
                    };
                    if plays {
                        self.at.fill_choice_var = Some(var(l, name, 0));
                        // (who moves once the holes are chosen: the round's starter)
                        self.at.round_starter_var = Some(var(l, "round_starter", 0));
                    }
                }
            }
            if self.rounds.as_ref().is_some_and(|r| r.min_holes < 1) {
                return Err("pipeline: rounds: `min_holes` must be at least 1".into());
            }
            if plays
                && (self
                    .end
                    .iter()
                    .any(|c| c.starter == crate::engine::declare::end::Starter::Alternate)
                    || self
                        .rounds
                        .as_ref()
                        .is_some_and(|r| r.turn_layout != TurnLayout::Never))
            {
                self.at.round_starter_var = Some(var(l, "round_starter", 0));
            }
            if plays && self.pass.is_some() && self.end.iter().any(|c| c.starter.by_result()) {
                self.at.turn_after_move_var = Some(var(l, "turn_after_move", 0));
            }
            if plays {
                self.at.round_var = Some(var(l, "round", 1));
                let off = self.rounds.as_ref().map(|r| r.no_children_below > 0);
                self.at.children_off_var = (off == Some(true)).then(|| var(l, "children_off", 0));
                self.at.start_reserve_vars = (1..=2)
                    .map(|p| var(l, &format!("start_reserve_{p}"), 0))
                    .collect();
            } else if !self.end.iter().any(|c| c.when == Cond::OthersCannotFill) {
                self.rounds = None;
            }
        }
        if self.round_starter_var_needed() && self.at.round_starter_var.is_none() {
            // (the last seeds taken by who started the round: set at the start)
            self.at.round_starter_var = Some(var(l, "round_starter", 0));
        }
        for (i, c) in self.end.iter_mut().enumerate() {
            if let Some(pits) = &c.pits {
                let mut mask = vec![false; l.pits.len()];
                for &q in pits {
                    if q < 0 || q as usize >= l.pits.len() {
                        return Err(format!(
                            "pipeline: end[{i}].pits: no pit {q} (pit ids go from 0 to {})",
                            l.pits.len() as i64 - 1
                        ));
                    }
                    mask[q as usize] = true;
                }
                c.pit_mask = mask;
            }
        }
        let round_checks = self.end.iter().any(|c| c.then.ends_round());
        if self
            .end
            .iter()
            .any(|c| c.then.ends_round() && c.then != Outcome::Round)
            && self.rounds.as_ref().is_none_or(|r| r.tally == Tally::None)
        {
            return Err("pipeline: an end check says `then: round_mover_wins` (round_mover_loses, round_to_move_loses, last_round, tally_decides) but no `rounds` with a `tally` are declared".into());
        }
        if round_checks && self.rounds.is_none() {
            return Err(
                "pipeline: an end check says `then: round` but no `rounds` are declared".into(),
            );
        }
        if let Some(t) = &self.territory {
            if self.rounds.is_none() {
                return Err("pipeline: territory: holes owned round by round need `rounds`".into());
            }
            if t.hole_seeds < 1 {
                return Err("pipeline: territory: `hole_seeds` must be at least 1".into());
            }
            if let Some(r) = &self.rounds {
                t.check_filled(r)?;
            }
            if t.choose_owned != ChooseOwned::Nobody {
                if t.part_kept {
                    return Err(
                        "pipeline: territory: `choose_owned` is not with `part_kept: true`".into(),
                    );
                }
                self.at.own_choice_var = Some(var(l, "own_choices", 0));
                // (who moves once the holes are chosen: the round's starter)
                self.at.round_starter_var = Some(var(l, "round_starter", 0));
            }
        }
        if self.rounds.as_ref().is_some_and(|r| r.fill < 1) {
            return Err("pipeline: rounds: `fill` must be at least 1".into());
        }
        if let Some(p) = &self.pass {
            if l.counter_index(&p.counter).is_none() {
                l.counters.push(p.counter.clone());
            }
            self.at.pass_counter = l.counter_index(&p.counter);
        }
        let f = crate::engine::declare::end::checks_flags(&self.end, self.count_moves.is_some())?;
        self.at.track_repetition = f.repetition;
        self.at.none_before_turn = f.none_before_turn;
        self.at.none_after_turn = f.none_after_turn;
        Ok(())
    }
}

impl Pipeline {
    /// Whether a step reads who started the round (`last_seeds.to: round_starter`).
    fn round_starter_var_needed(&self) -> bool {
        // (the round's starter moves once the round's loser has arranged his row)
        self.arrange.as_ref().is_some_and(|a| a.by_round_loser())
            || self
                .capture
                .last_seeds
                .as_ref()
                .is_some_and(|t| t.to == LastSeedsTo::RoundStarter)
    }
}
