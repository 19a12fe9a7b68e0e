//! "The seeds captured from the facing hole are sown again from an end hole of the capturer's
//! inner row" (`capture: from_end_hole: ...`), on a board of four rows where each player sows
//! round his own two rows, either way: a move whose lap ends in an occupied hole of the mover's
//! inner row facing an occupied hole of the opponent's inner row takes that hole and sows its
//! seeds into his inner row from one of its end holes, on round his loop; the move relays from
//! occupied holes and captures again where a lap ends so. With the steps that come with it,
//! each a key of its own: a move entering one seed from the mover's hand while he holds seeds
//! there (`capture.from_end_hole` always does: a hand is a reserve), captures compulsory, the
//! direction, the end hole and a stop in a marked hole each a decision of the mover's inside the
//! turn (moves `cw`, `ccw`, `left`, `right`, `stop`, `go`), and the marked hole that keeps a
//! rank (`marked`). Played in [`crate::engine::player::loops::end_hole`], which plays the whole turn.

use serde::Deserialize;

use crate::engine::geometry::layout::Layout;

/// The decisions inside a turn, in the order their moves are declared.
pub const MOVES: [&str; 6] = ["cw", "ccw", "left", "right", "stop", "go"];

/// "A marked hole that keeps a rank while it holds at least `min` seeds and was never emptied":
/// in a move entering a seed from the hand, a lap of a capturing move ending in the ranked
/// hole lets the mover stop there or sow on with its seeds (`stop`, `go`; going on loses the
/// rank), a lap of a move that captures nothing stops there; and the ranked hole is played by
/// such a move only when it is the only occupied hole of the inner row, and then "taxed": only
/// `taxed` of its seeds are lifted (it keeps its rank).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Marked {
    /// The marked hole's number in its owner's inner row, from his left.
    pub inner: i64,
    /// The seeds it holds at least to keep its rank.
    pub min: i64,
    /// The seeds a move from it lifts while it is ranked and the move captures nothing (0:
    /// all of them).
    #[serde(default)]
    pub taxed: i64,
}

/// What is declared.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct FromEndHole {
    /// The inner holes (numbers from the mover's left) whose captures are sown from his left
    /// end hole, clockwise (along his inner row to the right).
    pub left: Vec<i64>,
    /// Those sown from his right end hole, anticlockwise. A capture at another hole is sown
    /// from the end the move's direction starts from, but the first capture of a move entering
    /// a seed from the hand, whose end is the mover's choice (`left`, `right`).
    pub right: Vec<i64>,
    /// A board move captures only from a hole holding at most this many seeds (0: any); a
    /// hole holding more is played as a move that captures nothing.
    pub capture_at_most: i64,
    /// The marked hole of each player.
    pub marked: Option<Marked>,
}

/// What [`FromEndHole::link`] resolves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FromEndLinked {
    /// The declaration.
    pub decl: FromEndHole,
    /// Per player (index 0 unused): his loop, clockwise: his inner row from his left, then his
    /// outer row from his right.
    pub loops: Vec<Vec<usize>>,
    /// The holes of a row (8 on Bao's board): loop index `j < n` is inner hole `j + 1`.
    pub n: usize,
    /// Per inner index: where a capture there is sown from (0: the left end, 1: the right end,
    /// 2: the move's direction, or the mover's choice).
    pub end_of: Vec<u8>,
    /// The marked hole's loop index (`n` when none: never an inner index).
    pub marked: usize,
    /// Game variables: `end_hole_pending` (0: a hole; 1: the direction of the hole `end_hole_sel`;
    /// 2: the end hole of the capture at `end_hole_sel`; 3: stop or go on at the marked hole),
    /// `end_hole_sel` (a pit), `lap_dir` (1 clockwise, -1 anticlockwise), `capture_move` (the
    /// move captures), `hand_move` (the move entered a seed), `marked_rank_1`, `marked_rank_2`.
    pub pending: usize,
    pub sel: usize,
    pub dir: usize,
    pub cap: usize,
    pub hand: usize,
    pub rank: [usize; 2],
    /// The move ids of [`MOVES`], in order.
    pub moves: [usize; 6],
}

impl FromEndHole {
    /// In words, for `sowlab rules`.
    pub fn describe(&self) -> String {
        let list = |v: &[i64]| {
            v.iter()
                .map(|h| h.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut s = format!(
            "capture from an end hole: a lap ending in an occupied inner hole facing an occupied inner hole of the opponent's takes it and sows its seeds from the mover's left end hole (at his inner holes {}), from his right (at {}), elsewhere from the end his direction starts from (the first capture of a move from the hand: his choice, `left`, `right`); relay from occupied holes; captures compulsory; the direction the mover's choice (`cw`, `ccw`); while he holds seeds in his hand a move enters one into an occupied inner hole",
            list(&self.left),
            list(&self.right)
        );
        if self.capture_at_most > 0 {
            s += &format!(
                "; a board move captures from at most {} seeds",
                self.capture_at_most
            );
        }
        if let Some(m) = &self.marked {
            s += &format!(
                "; his inner hole {} is marked: ranked while it holds {} or more and was never emptied, a hand move's capturing lap ending there stops or goes on (`stop`, `go`), a move from it that captures nothing lifts {} seeds",
                m.inner,
                m.min,
                if m.taxed > 0 { m.taxed.to_string() } else { "all its".into() }
            );
        }
        s
    }

    /// Checks the declaration against the layout (four rows, two a player, each sowing round
    /// his own), resolves the loops and declares the variables and the moves; one error line
    /// naming the key.
    pub fn link(
        &self,
        l: &mut Layout,
        var: &mut impl FnMut(&mut Layout, &str, i64) -> usize,
    ) -> Result<FromEndLinked, String> {
        let key = "pipeline: capture: from_end_hole";
        if !l.four_rows() || l.players != 2 {
            return Err(format!("{key} needs a board of four rows of the same length, two a player, created outer, inner, inner, outer"));
        }
        let n = l.rows[0].pits.len();
        if l.circuits.len() != 2 || l.circuits.iter().any(|&c| c != 2 * n) {
            return Err(format!(
                "{key} needs each player to sow round his own two rows (board: circuits: per_player_loops)"
            ));
        }
        let hn = crate::engine::geometry::hole_numbers::check;
        hn(&format!("{key}: left"), &self.left, n as i64)?;
        hn(&format!("{key}: right"), &self.right, n as i64)?;
        if let Some(h) = self.left.iter().find(|h| self.right.contains(h)) {
            return Err(format!(
                "{key}: inner hole {h} is in both `left` and `right`"
            ));
        }
        if self.capture_at_most < 0 {
            return Err(format!(
                "{key}: capture_at_most is a count of seeds (0: any), not {}",
                self.capture_at_most
            ));
        }
        let mut marked = n;
        if let Some(m) = &self.marked {
            hn(&format!("{key}: marked: inner"), &[m.inner], n as i64)?;
            if m.min < 0 || m.taxed < 0 {
                return Err(format!(
                    "{key}: marked: min and taxed are counts of seeds (0 or more)"
                ));
            }
            marked = m.inner as usize - 1;
        }
        let mut end_of = vec![2u8; n];
        for &h in &self.left {
            end_of[h as usize - 1] = 0;
        }
        for &h in &self.right {
            end_of[h as usize - 1] = 1;
        }
        // (rows: South's outer, South's inner, North's inner, North's outer)
        let mut loops = vec![Vec::new()];
        for (inner, outer) in [(1, 0), (2, 3)] {
            let lp: Vec<usize> = l.rows[inner]
                .pits
                .iter()
                .chain(l.rows[outer].pits.iter().rev())
                .copied()
                .collect();
            loops.push(lp);
        }
        for name in MOVES {
            if l.named_move(name).is_none() {
                l.named_moves.push(name.to_string());
            }
        }
        let id = |l: &Layout, name: &str| l.named_move(name).unwrap_or(usize::MAX);
        let moves = MOVES.map(|m| id(l, m));
        Ok(FromEndLinked {
            decl: self.clone(),
            loops,
            n,
            end_of,
            marked,
            pending: var(l, "end_hole_pending", 0),
            sel: var(l, "end_hole_sel", -1),
            dir: var(l, "lap_dir", 1),
            cap: var(l, "capture_move", 0),
            hand: var(l, "hand_move", 0),
            rank: [
                var(l, "marked_rank_1", i64::from(self.marked.is_some())),
                var(l, "marked_rank_2", i64::from(self.marked.is_some())),
            ],
            moves,
        })
    }
}
