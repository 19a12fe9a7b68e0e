//! The `sowing:` keys of the rarer sowing steps ([`crate::engine::declare::sow_steps`]): their
//! YAML shape and the steps they give.

use serde::Deserialize;

use crate::engine::declare::sow_steps::{CloseOnRelay, OpponentTakes, SowSteps};
use crate::engine::rule::data::hole_test::HoleTestDecl;

/// `close_on_relay: { count: 3, except_last_hole: true }`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct CloseOnRelayDecl {
    /// The count the hole a lap relays from must hold to be closed.
    pub count: i64,
    /// The last hole of each row is never closed.
    pub except_last_hole: bool,
}

/// `opponent_takes_when_few: { at_most: 8, last_sown_if: { counts: [4] } }`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct OpponentTakesDecl {
    /// A lap starting with at most this many seeds in the holes.
    pub at_most: i64,
    /// A last seed making a hole pass this test falls into it.
    pub last_sown_if: Option<HoleTestDecl>,
}

/// The step keys of a `sowing:` map, read by [`crate::engine::rule::data::sowing::SowingDecl`].
pub struct StepKeys<'a> {
    /// `pass_holding_at_least`.
    pub pass_holding_at_least: Option<i64>,
    /// `pass_opponent_holding`.
    pub pass_opponent_holding: &'a Option<Vec<i64>>,
    /// `closed_opponent_takes_seeds`.
    pub closed_opponent_takes_seeds: Option<bool>,
    /// `taken_seeds_to`.
    pub taken_seeds_to: Option<i64>,
    /// `close_on_relay`.
    pub close_on_relay: &'a Option<CloseOnRelayDecl>,
    /// `opponent_takes_when_few`.
    pub opponent_takes_when_few: &'a Option<OpponentTakesDecl>,
    /// `relay_stops_when_opponent_empty`.
    pub relay_stops_when_opponent_empty: Option<bool>,
    /// `relay_stops_when_side_empty`.
    pub relay_stops_when_side_empty: Option<bool>,
    /// `relay_stops_when_own_empty`.
    pub relay_stops_when_own_empty: Option<bool>,
    /// `pass_from_move`.
    pub pass_from_move: Option<i64>,
    /// `bear_off_after_singletons`.
    pub bear_off: Option<bool>,
    /// `relay_reverses`.
    pub relay_reverses: Option<bool>,
}

impl StepKeys<'_> {
    /// The steps these keys declare (`None` when they declare none), or a one-line error.
    pub fn steps(&self) -> Result<Option<Box<SowSteps>>, String> {
        let mut s = SowSteps {
            pass_holding_at_least: self.pass_holding_at_least.unwrap_or(0),
            pass_opponent_holding: self.pass_opponent_holding.clone().unwrap_or_default(),
            closed_opponent_takes_seeds: self.closed_opponent_takes_seeds.unwrap_or(false),
            relay_stops_when_opponent_empty: self.relay_stops_when_opponent_empty.unwrap_or(false),
            relay_stops_when_side_empty: self.relay_stops_when_side_empty.unwrap_or(false),
            relay_stops_when_own_empty: self.relay_stops_when_own_empty.unwrap_or(false),
            pass_from_move: self.pass_from_move.unwrap_or(0),
            bear_off: self.bear_off.unwrap_or(false),
            relay_reverses: self.relay_reverses.unwrap_or(false),
            ..SowSteps::default()
        };
        if self.pass_holding_at_least == Some(0) {
            return Err(
                "sowing: pass_holding_at_least must be at least 1 (leave it out for none)".into(),
            );
        }
        if let Some(p) = self.taken_seeds_to {
            if !(1..=2).contains(&p) {
                return Err(format!(
                    "sowing: taken_seeds_to is a player, 1 or 2 (leave it out: out of the game), not {p}"
                ));
            }
            if !s.closed_opponent_takes_seeds {
                return Err(
                    "sowing: taken_seeds_to needs closed_opponent_takes_seeds: true".into(),
                );
            }
            s.taken_seeds_to = p as usize;
        }
        if s.pass_from_move > 1
            && s.pass_holding_at_least == 0
            && s.pass_opponent_holding.is_empty()
        {
            return Err(
                "sowing: pass_from_move needs pass_holding_at_least or pass_opponent_holding"
                    .into(),
            );
        }
        if let Some(c) = self.close_on_relay {
            s.close_on_relay = Some(CloseOnRelay {
                count: c.count,
                except_last_hole: c.except_last_hole,
            });
        }
        if let Some(o) = self.opponent_takes_when_few {
            s.opponent_takes_when_few = Some(OpponentTakes {
                at_most: o.at_most,
                last_sown_if: o.last_sown_if.as_ref().map(HoleTestDecl::test),
            });
        }
        s.check()?;
        Ok(s.any().then(|| Box::new(s)))
    }
}
