//! The rarer steps of a sowing, as declared: holes a seed passes over by their count, seeds that
//! fall into an opponent's closed hole and leave the game, a relay that closes the hole it
//! starts from, and the last seeds of a game going to the opponent whose holes they reach. A
//! rule that declares none of them has no [`SowSteps`] at all (`SowRule::steps` is `None`), and
//! its moves are sown by the usual loops; one that declares some is sown by
//! [`crate::engine::sowing::stepped`] (one test a move).

use crate::engine::declare::hole_test::HoleTest;
use crate::engine::geometry::layout::{Layout, PitKind};

/// The rarer steps of a sowing (see the module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SowSteps {
    /// A hole already holding at least this many seeds gets no seed: the sowing passes over it
    /// (0: no such limit).
    pub pass_holding_at_least: i64,
    /// An opponent's hole holding exactly one of these counts gets no seed: the sowing passes
    /// over it (empty: none).
    pub pass_opponent_holding: Vec<i64>,
    /// A seed reaching a closed hole of an opponent's leaves the game (closed holes of the
    /// sower's own are passed over, as always); a lap whose last seed goes so ends there.
    pub closed_opponent_takes_seeds: bool,
    /// The player whose store (or reserve) counts the seeds that leave the game so (0: nobody's,
    /// they are out of the game).
    pub taken_seeds_to: usize,
    /// A lap that relays from an opponent's hole holding exactly this many seeds closes that
    /// hole (its seeds are sown on; it gets no seed again). Not while captures are off (the
    /// capture's `no_capture_turns`).
    pub close_on_relay: Option<CloseOnRelay>,
    /// When few seeds are left in the holes, a lap's seeds that reach an opponent's hole go to
    /// that opponent instead.
    pub opponent_takes_when_few: Option<OpponentTakes>,
    /// A lap does not relay once the opponent's holes are all empty.
    pub relay_stops_when_opponent_empty: bool,
    /// A lap does not relay once some player's holes (the mover's or an opponent's) are all
    /// empty: the end of a game whose side is emptied, judged after every lap.
    pub relay_stops_when_side_empty: bool,
    /// A lap does not relay once the mover's own holes are all empty ("a player whose row is
    /// empty cannot go on"): his turn is not over, as with `relay_stops_when_side_empty`.
    pub relay_stops_when_own_empty: bool,
    /// The holes are passed over by their count (`pass_holding_at_least`,
    /// `pass_opponent_holding`) only from this move of a game (and of each round) on, counting
    /// every move, extra moves too (0 or 1: from the first).
    pub pass_from_move: i64,
    /// The game variable counting the moves of the round (the pipeline's `count_moves`),
    /// declared when setup ends for `pass_from_move`.
    pub moves_var: Option<usize>,
    /// Bearing off: once a move leaves every hole holding at most one seed (and for the rest
    /// of the game or round), a lap's seeds that would go on into an opponent's hole leave the
    /// board for the mover's store (or reserve), and the lap ends in the hole before.
    pub bear_off: bool,
    /// The game variable saying the bearing off has begun (1), declared when setup ends.
    pub bear_off_var: Option<usize>,
    /// Each relay lap is sown the other way from the lap before it ("the direction changes at
    /// every lap"); captures along the sowing follow the last lap's way.
    pub relay_reverses: bool,
}

/// A relay that closes the hole it starts from ([`SowSteps::close_on_relay`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CloseOnRelay {
    /// The count the hole must hold.
    pub count: i64,
    /// The last hole of each row (numbered `holes` from its owner's left) is never closed.
    pub except_last_hole: bool,
}

/// The last seeds going to the opponent ([`SowSteps::opponent_takes_when_few`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpponentTakes {
    /// A lap starting with at most this many seeds in the holes (its hand not counted).
    pub at_most: i64,
    /// A lap's last seed that makes a hole pass this test falls into it as usual (to be
    /// captured).
    pub last_sown_if: Option<HoleTest>,
}

impl SowSteps {
    /// Whether any step is declared.
    pub fn any(&self) -> bool {
        *self != SowSteps::default()
    }

    /// Checks the values, with a one-line message naming the key.
    pub fn check(&self) -> Result<(), String> {
        if self.pass_from_move < 0 {
            return Err(format!(
                "sowing: pass_from_move is a move number, 1 or more, not {}",
                self.pass_from_move
            ));
        }
        if self.pass_holding_at_least < 0 {
            return Err(format!(
                "sowing: pass_holding_at_least must be at least 1 (0 or absent: none), not {}",
                self.pass_holding_at_least
            ));
        }
        if let Some(n) = self.pass_opponent_holding.iter().find(|&&n| n < 1) {
            return Err(format!(
                "sowing: pass_opponent_holding: counts must be at least 1, not {n}"
            ));
        }
        if let Some(c) = &self.close_on_relay {
            if c.count < 1 {
                return Err(format!(
                    "sowing: close_on_relay: count must be at least 1, not {}",
                    c.count
                ));
            }
        }
        if let Some(o) = &self.opponent_takes_when_few {
            if o.at_most < 1 {
                return Err(format!(
                    "sowing: opponent_takes_when_few: at_most must be at least 1, not {}",
                    o.at_most
                ));
            }
        }
        Ok(())
    }

    /// Whether holes are passed over by their count in this move (the game variables `vars`).
    #[inline]
    pub fn passing_now(&self, vars: &[i64]) -> bool {
        self.pass_from_move <= 1
            || self
                .moves_var
                .is_some_and(|v| vars[v] + 1 >= self.pass_from_move)
    }

    /// Whether the sowing passes over hole `q` (holding `n` seeds) for `mover`.
    #[inline]
    pub fn passes(&self, l: &Layout, q: usize, n: i64, mover: usize) -> bool {
        let pit = &l.pits[q];
        pit.kind == PitKind::Hole
            && ((self.pass_holding_at_least > 0 && n >= self.pass_holding_at_least)
                || (!self.pass_opponent_holding.is_empty()
                    && pit.owner != mover
                    && pit.owner != 0
                    && self.pass_opponent_holding.contains(&n)))
    }

    /// Whether a relay from hole `r` (holding `n` seeds) by `mover` closes it.
    #[inline]
    pub fn closes(&self, l: &Layout, r: usize, n: i64, mover: usize) -> bool {
        let Some(c) = &self.close_on_relay else {
            return false;
        };
        let pit = &l.pits[r];
        pit.kind == PitKind::Hole
            && n == c.count
            && pit.owner != mover
            && pit.owner != 0
            && !(c.except_last_hole
                && pit
                    .row
                    .and_then(|i| l.rows.get(i))
                    .is_some_and(|row| row.pits.last() == Some(&r)))
    }

    /// The steps in words (for `sowlab rules NAME`), each starting with "; ".
    pub fn describe(&self) -> String {
        let mut s = String::new();
        if self.pass_holding_at_least > 0 {
            s.push_str(&format!(
                "; a hole holding {} or more seeds gets no seed",
                self.pass_holding_at_least
            ));
        }
        if !self.pass_opponent_holding.is_empty() {
            let v: Vec<String> = self
                .pass_opponent_holding
                .iter()
                .map(|n| n.to_string())
                .collect();
            s.push_str(&format!(
                "; an opponent's hole holding {} seeds gets no seed",
                v.join(" or ")
            ));
        }
        if self.closed_opponent_takes_seeds {
            s.push_str(&format!(
                "; a seed reaching an opponent's closed hole leaves the game{}",
                if self.taken_seeds_to > 0 {
                    format!(" (counted in player {}'s store)", self.taken_seeds_to)
                } else {
                    String::new()
                }
            ));
        }
        if let Some(c) = &self.close_on_relay {
            s.push_str(&format!(
                "; a lap relaying from an opponent's hole holding {} seeds closes it{}",
                c.count,
                if c.except_last_hole {
                    " (not the last hole of a row)"
                } else {
                    ""
                }
            ));
        }
        if let Some(o) = &self.opponent_takes_when_few {
            s.push_str(&format!(
                "; a lap starting with at most {} seeds in the holes gives the seeds reaching an opponent's hole to him{}",
                o.at_most,
                match &o.last_sown_if {
                    Some(t) => format!(" (not a last seed making {})", t.describe()),
                    None => String::new(),
                }
            ));
        }
        if self.pass_from_move > 1 {
            s.push_str(&format!(
                " (holes are passed over by their count from move {} of a game or round on)",
                self.pass_from_move
            ));
        }
        if self.relay_stops_when_opponent_empty {
            s.push_str("; a lap does not relay once the opponent's holes are empty");
        }
        if self.bear_off {
            s.push_str("; once a move leaves every hole holding at most one seed, the seeds of a lap that would go on into the opponent's holes leave the board for the mover's store (bearing off), the lap ending in the hole before");
        }
        if self.relay_stops_when_side_empty {
            s.push_str("; a lap does not relay once a player's holes are all empty");
        }
        if self.relay_stops_when_own_empty {
            s.push_str("; a lap does not relay once the mover's own holes are all empty");
        }
        if self.relay_reverses {
            s.push_str("; each relay lap is sown the other way from the lap before it");
        }
        s
    }
}
