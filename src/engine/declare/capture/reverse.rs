//! "A lap may go the other way to capture" (`capture: reverse_laps: ...`), on a board of four
//! rows where each player sows round his own two rows (`board.circuits: per_player_loops`) with
//! relay and the capture across (`capture.across`, `last: occupied, needs: both`, the seeds taken
//! sown on from where the capturing lap began): from some of the mover's holes (his leftmost,
//! the reverse capture of the East African four-row games) a lap may be sown clockwise instead
//! of anticlockwise when it would capture so. The direction is then a decision of its own inside
//! the turn, a move of the mover's written `cw` or `ccw`, at the move's first lap and (`laps:
//! every_lap`) at each relay lap ending in one of those holes. Played in
//! [`crate::engine::player::loops::reverse_laps`], which plays the whole turn of such a rule.

use serde::Deserialize;

use crate::engine::geometry::layout::Layout;

/// The move sowing a lap clockwise.
pub const CW: &str = "cw";
/// The move sowing it anticlockwise.
pub const CCW: &str = "ccw";

/// When a lap from one of the holes may go clockwise.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ReverseWhen {
    /// When that lap, sown clockwise, ends in a capture: in an occupied hole of the mover's
    /// inner row facing two occupied holes of the opponent's.
    #[default]
    Captures,
    /// When its last hole clockwise is a hole of the mover's inner row facing two occupied
    /// holes of the opponent's, empty or not (it may then end there without capturing).
    EndsFacing,
}

/// Which laps may go clockwise, and which way the others go.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ReverseLaps {
    /// The move's first lap, and each relay lap from a hole where the lap before ended; every
    /// lap not chosen clockwise goes anticlockwise.
    #[default]
    EveryLap,
    /// The move's first lap only; its direction is kept by every relay lap of the turn.
    FirstLap,
}

/// What is declared.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct ReverseLapsDecl {
    /// The holes of his outer row a lap may go clockwise from, numbered from his left.
    pub outer: Vec<i64>,
    /// The holes of his inner row, numbered from his left.
    pub inner: Vec<i64>,
    /// When it may.
    pub when: ReverseWhen,
    /// Which laps.
    pub laps: ReverseLaps,
    /// The seeds taken by a clockwise lap's capture may be sown clockwise again from where that
    /// lap began, when that sowing too ends in a capture: then the mover chooses (`cw`, `ccw`);
    /// otherwise, and always after an anticlockwise lap, they go anticlockwise.
    pub captured_again: bool,
    /// (with `captured_again`) the seeds taken by any capturing lap, either way, that began in
    /// one of the holes may be sown clockwise from it, judged as `when` judges a lap (the holes
    /// captured counted empty): Ludii's reading of Mweiso, whose seeds taken go into that hole
    /// and are sown from it as a lap of their own.
    pub captured_again_any_lap: bool,
    /// The seeds taken go into the hole the capturing lap began in, which is then sown whole
    /// (it holds more than them only when that lap went round past it): Ludii's reading of
    /// Mweiso. Otherwise the seeds taken alone are sown from the hole after it.
    pub captured_with_start_hole: bool,
    /// In each player's first turn, until one of its laps ends in his inner row, a lap ending
    /// in an occupied hole of his outer row takes the opponent's outer hole of that file (when
    /// it holds seeds) instead of relaying, sown again from the lap's start as a capture across
    /// is; the lap ending in his inner row relays, capturing nothing, and a take of a single
    /// seed (sown alone) ends it too ("the outer rows are in opposition in the opening":
    /// Ludii's Choro (Acholi)).
    pub first_turn_outer_captures: bool,
}

/// What [`ReverseLapsDecl::link`] resolves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReverseLinked {
    /// The declaration.
    pub decl: ReverseLapsDecl,
    /// Per player (index 0 unused): his loop, his outer row from his left then his inner row
    /// from his right (the sowing's way, anticlockwise).
    pub loops: Vec<Vec<usize>>,
    /// Per player, per index of his loop: whether a lap may go clockwise from it.
    pub from: Vec<Vec<bool>>,
    /// Per player, per index of his loop: the opponent's inner and outer hole of its file (an
    /// inner hole), or none (an outer hole).
    pub facing: Vec<Vec<Option<(usize, usize)>>>,
    /// Per player, per index: the bit of an end file (1: his inner hole 1, 2: his last), or 0.
    pub end_file: Vec<Vec<u8>>,
    /// Game variables: `reverse_pending` (0 none; 1 the direction of the lap from
    /// `reverse_hole`; 2 the direction of the seeds captured at `reverse_hole`), `reverse_hole`
    /// (an index of the mover's loop), `lap_start` (the index the current lap began at),
    /// `lap_dir` (1 anticlockwise, -1 clockwise), `laps` (the turn's laps), `end_files` (bits:
    /// the end files captured this turn).
    pub pending: usize,
    pub hole: usize,
    pub start: usize,
    pub dir: usize,
    pub laps: usize,
    pub end_files: usize,
    /// With `first_turn_outer_captures`: `first_turns` (bit `p`: player `p`'s first turn has
    /// begun) and `outer_stage` (1 while the mover's first turn captures from his outer row);
    /// else `usize::MAX`.
    pub first_turns: usize,
    pub outer_stage: usize,
    /// The move ids of `cw` and `ccw`.
    pub cw: usize,
    pub ccw: usize,
}

impl ReverseLapsDecl {
    /// In words, for `sowlab rules`.
    pub fn describe(&self) -> String {
        let mut rows = Vec::new();
        for (row, list) in [("outer", &self.outer), ("inner", &self.inner)] {
            if !list.is_empty() {
                let v: Vec<String> = list.iter().map(|h| h.to_string()).collect();
                rows.push(format!("his {row} row's holes {}", v.join(", ")));
            }
        }
        let when = match self.when {
            ReverseWhen::Captures => "when it captures so",
            ReverseWhen::EndsFacing => {
                "when it ends so in an inner hole facing two occupied holes of the opponent's"
            }
        };
        let laps = match self.laps {
            ReverseLaps::EveryLap => {
                "at the move's first lap and at a relay lap ending there; the other laps go anticlockwise"
            }
            ReverseLaps::FirstLap => "at the move's first lap only, every lap of the turn then going its way",
        };
        let again = match (self.captured_again, self.captured_again_any_lap) {
            (true, false) => {
                "; the seeds a clockwise lap captures may go clockwise again when they capture so"
            }
            (true, true) => {
                "; the seeds any lap from those holes captures may go clockwise from its start, judged as a lap is"
            }
            _ => "",
        };
        format!(
            "reverse laps: from {} a lap may go clockwise ({when}), the mover's choice (`cw`, `ccw`), {laps}{again}",
            rows.join(" and ")
        )
    }

    /// Checks the declaration against the layout (four rows, one loop a player, the capture
    /// across that sows the seeds taken from the lap's start), resolves the loops and declares
    /// the variables and the moves `cw`, `ccw`; one error line naming the key.
    pub fn link(
        &self,
        l: &mut Layout,
        across: Option<&crate::engine::declare::capture::across::Across>,
        var: &mut impl FnMut(&mut Layout, &str, i64) -> usize,
    ) -> Result<ReverseLinked, String> {
        if self.captured_again_any_lap && !self.captured_again {
            return Err(
                "pipeline: capture: reverse_laps: captured_again_any_lap goes with captured_again: true"
                    .into(),
            );
        }
        use crate::engine::declare::capture::across::{AcrossLast, AcrossNeeds, AcrossThen};
        let key = "pipeline: capture: reverse_laps";
        if !l.four_rows() || l.players != 2 {
            return Err(format!("{key} needs a board of four rows of the same length, two a player, created outer, inner, inner, outer"));
        }
        let ok = across.is_some_and(|a| {
            a.last == AcrossLast::Occupied
                && a.needs == AcrossNeeds::Both
                && matches!(
                    a.then,
                    AcrossThen::SowOnFromLapStart | AcrossThen::SowOnFromLapStartThenLast
                )
                && !a.final_lap
        });
        if !ok {
            return Err(format!("{key} needs capture.across with `last: occupied, needs: both` and `then: sow_on_from_lap_start` or `sow_on_from_lap_start_then_last`"));
        }
        let n = l.rows[0].pits.len();
        if self.outer.is_empty() && self.inner.is_empty() {
            return Err(format!(
                "{key}: name some holes (`outer: [n, ...]`, `inner: [n, ...]`)"
            ));
        }
        crate::engine::geometry::hole_numbers::check(key, &self.outer, n as i64)?;
        crate::engine::geometry::hole_numbers::check(key, &self.inner, n as i64)?;
        if l.circuits.len() != 2 || l.circuits.iter().any(|&c| c != 2 * n) {
            return Err(format!(
                "{key} needs each player to sow round his own two rows (board: circuits: per_player_loops)"
            ));
        }
        let mut loops = vec![Vec::new()];
        let mut from = vec![Vec::new()];
        let mut facing = vec![Vec::new()];
        let mut end_file = vec![Vec::new()];
        for pl in 0..2 {
            let lp: Vec<usize> = l.track[pl * 2 * n..(pl + 1) * 2 * n].to_vec();
            let f = (0..2 * n)
                .map(|i| {
                    if i < n {
                        self.outer.contains(&(i as i64 + 1))
                    } else {
                        self.inner.contains(&((2 * n - i) as i64))
                    }
                })
                .collect();
            let fa = lp.iter().map(|&h| l.across(h)).collect();
            let ends = (0..2 * n)
                .map(|i| {
                    if i == 2 * n - 1 {
                        1
                    } else if i == n {
                        2
                    } else {
                        0
                    }
                })
                .collect();
            loops.push(lp);
            from.push(f);
            facing.push(fa);
            end_file.push(ends);
        }
        for name in [CW, CCW] {
            if l.named_move(name).is_none() {
                l.named_moves.push(name.to_string());
            }
        }
        let id = |l: &Layout, name: &str| l.named_move(name).unwrap_or(usize::MAX);
        Ok(ReverseLinked {
            decl: self.clone(),
            loops,
            from,
            facing,
            end_file,
            pending: var(l, "reverse_pending", 0),
            hole: var(l, "reverse_hole", -1),
            start: var(l, "lap_start", 0),
            dir: var(l, "lap_dir", 1),
            laps: var(l, "laps", 0),
            end_files: var(l, "end_files", 0),
            first_turns: if self.first_turn_outer_captures {
                var(l, "first_turns", 0)
            } else {
                usize::MAX
            },
            outer_stage: if self.first_turn_outer_captures {
                var(l, "outer_stage", 0)
            } else {
                usize::MAX
            },
            cw: id(l, CW),
            ccw: id(l, CCW),
        })
    }
}
