//! The sowing of a data rule: the keys of its `sowing:` map (the same as a script's
//! `this.sowing(#{...})`), their words, and the sowing rule they give.

use serde::Deserialize;

pub use crate::engine::rule::data::hole_test::{HoleTestDecl, WhoseWord};

use crate::engine::sowing::sow::{AtMaxLaps, BeforeLap, CaptureTo, Relay, SowRule, Stores};

/// The sowing of a data rule: the keys of `this.sowing(#{...})`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SowingDecl {
    /// Sow backwards.
    pub reverse: Option<bool>,
    /// Which stores are sown into: `all`, `own`, `none`.
    pub stores: Option<StoresWord>,
    /// Skip the start hole on a full lap.
    pub skip_origin: Option<bool>,
    /// With `skip_origin`: a lap whose last seed is sown just past the skipped start hole ends
    /// at that hole, empty.
    pub judge_at_skipped_origin: Option<bool>,
    /// A lap followed by an empty hole does not relay.
    pub relay_stops_before_empty: Option<bool>,
    /// Before each lap: `nothing`, `keep_one_seed`, `single_takes_opposite`.
    pub before_lap: Option<BeforeLapWord>,
    /// Relay: `none`, `last`, `next`.
    pub relay: Option<RelayWord>,
    /// A lap ending in a hole that passes this test does not relay.
    pub relay_stops_on: Option<HoleTestDecl>,
    /// A lap ending in an empty hole on this side (`own`, `opponent`, `any`), facing seeds, does
    /// not relay.
    pub relay_stops_facing_seeds: Option<WhoseWord>,
    /// A lap ending in a hole holding as many seeds as the hole opposite does not relay.
    pub relay_stops_matching: Option<bool>,
    /// A lap relays only when it ends in a hole that passes this test.
    pub relay_only_on: Option<HoleTestDecl>,
    /// A move's first lap relays only when it dropped a seed into an opponent's hole.
    pub relay_needs_opponent_sown: Option<bool>,
    /// Holes (numbered from each owner's left) whose moves are sown the other way.
    pub reverse_holes: Option<Vec<i64>>,
    /// Holes sown the other way, row by row (`{ S: [2, 5], N: [1, 3] }`: each row's hole
    /// numbers from its owner's left).
    pub reverse_holes_by_row: Option<std::collections::BTreeMap<String, Vec<i64>>>,
    /// A move from a hole holding an even count is sown the other way.
    pub reverse_when_even: Option<bool>,
    /// Holes where the mover chooses the direction.
    pub choose_direction: Option<Vec<i64>>,
    /// The first move of a game (and of each round) chooses the direction for the game: its
    /// player sows that way, the other the other way.
    pub direction_by_first_move: Option<bool>,
    /// Each player's turn of this number chooses his own direction, kept for the game.
    pub direction_by_own_turn: Option<i64>,
    /// The first turns of a game (and of each round) offer no choice of direction.
    pub no_choice_turns: Option<i64>,
    /// Counts captured during sowing.
    pub capture_counts: Option<Vec<i64>>,
    /// Who gets them: `row_owner`, `sower`.
    pub capture_to: Option<CaptureToWord>,
    /// Whether the last seed of a lap captures too.
    pub capture_last: Option<bool>,
    /// The counts judged after each lap, not at each drop.
    pub capture_counts_after_lap: Option<bool>,
    /// Whose holes those captures are made in: `any` (default), `own`, `opponent`.
    pub capture_side: Option<WhoseWord>,
    /// The capture beyond an empty pit.
    pub capture_beyond_empty: Option<bool>,
    /// The first seed falls back into the emptied hole.
    pub first_seed_back: Option<bool>,
    /// With `first_seed_back`: a single seed stays in its hole.
    pub single_seed_stays: Option<bool>,
    /// Every relay lap's first seed falls back into the hole it lifts.
    pub relay_first_seed_back: Option<bool>,
    /// Which children get no seed: `none`, `opponents`, `opponents_but_last`.
    pub pass_children: Option<PassChildrenWord>,
    /// Lap limit.
    pub max_laps: Option<i64>,
    /// At the lap limit: `error`, `stop`.
    pub at_max_laps: Option<AtMaxLapsWord>,
    /// A hole holding at least this many seeds gets no seed.
    pub pass_holding_at_least: Option<i64>,
    /// An opponent's hole holding one of these counts gets no seed.
    pub pass_opponent_holding: Option<Vec<i64>>,
    /// A seed reaching an opponent's closed hole leaves the game.
    pub closed_opponent_takes_seeds: Option<bool>,
    /// The player whose store counts the seeds that leave the game so.
    pub taken_seeds_to: Option<i64>,
    /// A relay from an opponent's hole holding this count closes it.
    pub close_on_relay: Option<crate::engine::rule::data::sow_steps::CloseOnRelayDecl>,
    /// The last seeds reaching an opponent's hole go to him.
    pub opponent_takes_when_few: Option<crate::engine::rule::data::sow_steps::OpponentTakesDecl>,
    /// A lap does not relay once the opponent's holes are empty.
    pub relay_stops_when_opponent_empty: Option<bool>,
    /// A lap does not relay once a player's holes are all empty.
    pub relay_stops_when_side_empty: Option<bool>,
    /// A lap does not relay once the mover's own holes are all empty.
    pub relay_stops_when_own_empty: Option<bool>,
    /// Holes are passed over by their count from this move on.
    pub pass_from_move: Option<i64>,
    /// Once every hole holds at most one seed, the seeds reaching the opponent's holes are
    /// borne off the board.
    pub bear_off_after_singletons: Option<bool>,
    /// Each relay lap is sown the other way from the lap before.
    pub relay_reverses: Option<bool>,
}

/// `stores` words.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StoresWord {
    /// Every store.
    All,
    /// The sower's own.
    Own,
    /// None.
    None,
}

/// `before_lap` words.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BeforeLapWord {
    /// Nothing.
    Nothing,
    /// The sower keeps one seed of the hand.
    KeepOneSeed,
    /// A single seed first takes the hole opposite.
    SingleTakesOpposite,
}

/// `relay` words.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RelayWord {
    /// No relay.
    None,
    /// From the last pit.
    Last,
    /// From the next pit.
    Next,
}

/// `capture_to` words.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaptureToWord {
    /// The row's owner.
    RowOwner,
    /// The sower.
    Sower,
}

/// `pass_children` words.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PassChildrenWord {
    /// Children are sown into.
    None,
    /// The opponents' children get no seed.
    Opponents,
    /// The opponents' children get no seed but a lap's last.
    OpponentsButLast,
}

/// `at_max_laps` words.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AtMaxLapsWord {
    /// Fail the move.
    Error,
    /// Stop the move.
    Stop,
    /// Stop the move; the next lap's seeds leave the game.
    DropHand,
}

impl SowingDecl {
    /// The sowing rule these keys give (keys left out keep their defaults).
    pub fn rule(&self) -> std::result::Result<SowRule, String> {
        let mut r = SowRule::default();
        if let Some(v) = self.reverse {
            r.reverse = v;
        }
        if let Some(v) = self.stores {
            r.stores = match v {
                StoresWord::All => Stores::All,
                StoresWord::Own => Stores::Own,
                StoresWord::None => Stores::None,
            };
        }
        if let Some(v) = self.skip_origin {
            r.skip_origin = v;
        }
        if let Some(v) = self.judge_at_skipped_origin {
            if v && !r.skip_origin {
                return Err("sowing: judge_at_skipped_origin needs skip_origin: true".into());
            }
            r.judge_at_skipped_origin = v;
        }
        if let Some(v) = self.relay_stops_before_empty {
            r.relay_stops_before_empty = v;
        }
        if let Some(v) = self.before_lap {
            r.before_lap = match v {
                BeforeLapWord::Nothing => BeforeLap::Nothing,
                BeforeLapWord::KeepOneSeed => BeforeLap::KeepOneSeed,
                BeforeLapWord::SingleTakesOpposite => BeforeLap::SingleTakesOpposite,
            };
        }
        if let Some(v) = self.relay {
            r.relay = match v {
                RelayWord::None => Relay::None,
                RelayWord::Last => Relay::Last,
                RelayWord::Next => Relay::Next,
            };
        }
        if let Some(t) = &self.relay_stops_on {
            r.relay_stop = Some(t.test());
        }
        if let Some(w) = self.relay_stops_facing_seeds {
            r.relay_stop_opposite = Some(w.whose());
        }
        if let Some(v) = self.relay_stops_matching {
            r.relay_stop_matching = v;
        }
        if let Some(t) = &self.relay_only_on {
            r.relay_only = Some(t.test());
        }
        if let Some(v) = self.relay_needs_opponent_sown {
            r.relay_needs_opponent_sown = v;
        }
        if let Some(v) = &self.reverse_holes {
            r.reverse_holes = v.clone();
        }
        if let Some(v) = self.reverse_when_even {
            r.reverse_when_even = v;
        }
        if let Some(v) = &self.choose_direction {
            r.choose_direction = v.clone();
        }
        if let Some(v) = self.direction_by_first_move {
            r.direction_by_first_move = v;
        }
        if let Some(v) = self.direction_by_own_turn {
            if v < 0 {
                return Err(format!(
                    "sowing: direction_by_own_turn is a player's turn number, 1 or more (0: none), not {v}"
                ));
            }
            if v > 0 && r.direction_by_first_move {
                return Err("sowing: direction_by_own_turn (each player chooses his own direction) and direction_by_first_move (the first move chooses for both) exclude each other".into());
            }
            r.direction_by_own_turn = v;
        }
        if let Some(v) = self.no_choice_turns {
            if v < 0 {
                return Err(format!(
                    "sowing: no_choice_turns is a number of turns, 0 or more (not {v})"
                ));
            }
            r.no_choice_turns = v;
        }
        if let Some(v) = &self.capture_counts {
            r.capture_counts = v.clone();
        }
        if let Some(v) = self.capture_to {
            r.capture_to = match v {
                CaptureToWord::RowOwner => CaptureTo::RowOwner,
                CaptureToWord::Sower => CaptureTo::Sower,
            };
        }
        if let Some(v) = self.capture_last {
            r.capture_last = v;
        }
        if let Some(v) = self.capture_counts_after_lap {
            if v && r.capture_counts.is_empty() {
                return Err("sowing: capture_counts_after_lap needs capture_counts".into());
            }
            r.capture_counts_after_lap = v;
        }
        if let Some(v) = self.capture_side {
            r.capture_side = v.whose();
        }
        if let Some(v) = self.capture_beyond_empty {
            r.capture_beyond_empty = v;
        }
        if let Some(v) = self.first_seed_back {
            r.first_seed_back = v;
        }
        if let Some(v) = self.single_seed_stays {
            r.single_seed_stays = v;
        }
        if let Some(v) = self.relay_first_seed_back {
            r.relay_first_seed_back = v;
        }
        if let Some(v) = self.pass_children {
            use crate::engine::declare::sowing::PassChildren;
            r.pass_children = match v {
                PassChildrenWord::None => PassChildren::None,
                PassChildrenWord::Opponents => PassChildren::Opponents,
                PassChildrenWord::OpponentsButLast => PassChildren::OpponentsButLast,
            };
        }
        if let Some(v) = self.max_laps {
            if v < 1 {
                return Err("sowing: max_laps must be at least 1".into());
            }
            r.max_laps = v;
        }
        if let Some(v) = self.at_max_laps {
            r.at_max_laps = match v {
                AtMaxLapsWord::Error => AtMaxLaps::Error,
                AtMaxLapsWord::Stop => AtMaxLaps::Stop,
                AtMaxLapsWord::DropHand => AtMaxLaps::DropHand,
            };
        }
        r.steps = crate::engine::rule::data::sow_steps::StepKeys {
            pass_holding_at_least: self.pass_holding_at_least,
            pass_opponent_holding: &self.pass_opponent_holding,
            closed_opponent_takes_seeds: self.closed_opponent_takes_seeds,
            taken_seeds_to: self.taken_seeds_to,
            close_on_relay: &self.close_on_relay,
            opponent_takes_when_few: &self.opponent_takes_when_few,
            relay_stops_when_opponent_empty: self.relay_stops_when_opponent_empty,
            relay_stops_when_side_empty: self.relay_stops_when_side_empty,
            relay_stops_when_own_empty: self.relay_stops_when_own_empty,
            pass_from_move: self.pass_from_move,
            bear_off: self.bear_off_after_singletons,
            relay_reverses: self.relay_reverses,
        }
        .steps()?;
        if r.judge_at_skipped_origin && r.steps.is_some() {
            return Err("sowing: judge_at_skipped_origin is not played with the rarer sowing steps (pass_holding_at_least, pass_opponent_holding, closed_opponent_takes_seeds, close_on_relay, opponent_takes_when_few, relay_stops_when_opponent_empty, relay_stops_when_side_empty, relay_stops_when_own_empty, relay_reverses)".into());
        }
        Ok(r)
    }
}

impl SowingDecl {
    /// `reverse_holes_by_row` by row index (empty when not declared), checked against the
    /// board's `rows`.
    pub fn row_holes(
        &self,
        rows: &[crate::engine::geometry::layout::Row],
    ) -> Result<Vec<Vec<i64>>, String> {
        let Some(by_row) = &self.reverse_holes_by_row else {
            return Ok(Vec::new());
        };
        let mut out = vec![Vec::new(); rows.len()];
        for (name, holes) in by_row {
            let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
            let Some(r) = rows.iter().position(|r| &r.name == name) else {
                return Err(format!(
                    "sowing: reverse_holes_by_row: no row {name} (the rows are {})",
                    names.join(", ")
                ));
            };
            crate::engine::geometry::hole_numbers::check(
                &format!("sowing: reverse_holes_by_row: row {name}"),
                holes,
                rows[r].pits.len() as i64,
            )?;
            out[r] = holes.clone();
        }
        Ok(out)
    }
}
