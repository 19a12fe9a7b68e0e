//! The geometry of a board: what a pit is, rows and their owners, how the board is drawn, the
//! sowing track with each pit's next and previous pit, and the move labels of holes.

use serde::{Deserialize, Serialize};

/// What a pit is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PitKind {
    /// A playing pit (hole, pocket) that moves start from.
    Hole,
    /// A store (ruma, kalaha): seeds in it are out of play.
    Store,
}

/// One pit of the layout.
#[derive(Clone, Debug)]
pub struct Pit {
    /// Hole or store.
    pub kind: PitKind,
    /// Owning player (1-based), 0 for nobody.
    pub owner: usize,
    /// Index of the row the pit belongs to (holes only).
    pub row: Option<usize>,
    /// 1-based position in its row, counted from the owner's left (holes only; 0 for stores).
    pub pos: usize,
    /// Name used in traces and pictures: `3`, `S3`, `ruma`.
    pub name: String,
}

/// A row of holes, in the order of its owner's numbering (from the owner's left).
#[derive(Clone, Debug)]
pub struct Row {
    /// Short name used in move labels (`S`, `N`, ...); may be empty for one-row games.
    pub name: String,
    /// Owning player (1-based), 0 for nobody.
    pub owner: usize,
    /// Pit ids of the row's holes, hole 1 first.
    pub pits: Vec<usize>,
}

/// How a board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One row of holes with the store(s) at its end.
    Row,
    /// Two facing rows (the second drawn reversed on top), stores at the ends.
    TwoRows,
    /// Three lines of pits: the first row (South's) at the bottom, the last row (North's)
    /// reversed on top, and the middle line between them: every row and store created between
    /// those two, in creation order from South's left (a middle row of another player than
    /// South's drawn from that player's left, reversed), so a middle row may be shared or cut
    /// into halves and hold stores ([`super::three_lines`]).
    ThreeRows,
    /// Four rows on the sides of a square with a store in each corner.
    Square,
}

impl Shape {
    /// Parses a shape name as written in rule scripts.
    pub fn parse(s: &str) -> Option<Shape> {
        match s {
            "row" => Some(Shape::Row),
            "two_rows" => Some(Shape::TwoRows),
            "three_rows" => Some(Shape::ThreeRows),
            "square" => Some(Shape::Square),
            _ => None,
        }
    }

    /// The name of the shape as written in rule scripts.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Row => "row",
            Shape::TwoRows => "two_rows",
            Shape::ThreeRows => "three_rows",
            Shape::Square => "square",
        }
    }
}

/// Sentinel for "no pit".
pub const NO_PIT: usize = usize::MAX;

/// The geometry of a board: pits, rows, owners, the sowing track. Fixed for a game; the rule
/// declared on it is in [`crate::engine::declare::compiled::Compiled`].
#[derive(Clone, Debug)]
pub struct Layout {
    /// Number of players (1 for a solitaire).
    pub players: usize,
    /// How to draw the board.
    pub shape: Shape,
    /// Every pit, indexed by pit id.
    pub pits: Vec<Pit>,
    /// Rows of holes.
    pub rows: Vec<Row>,
    /// Pit ids of the holes in canonical order (the order of `pits` in the state JSON).
    pub holes: Vec<usize>,
    /// Pit ids of the stores in canonical order.
    pub stores: Vec<usize>,
    /// The sowing track: a cyclic order of pit ids (or several, see `circuits`).
    pub track: Vec<usize>,
    /// The lengths of the circuits the track is cut into, in order: each run of `track` is a
    /// cycle of its own that sowing never leaves (e.g. each player's row and store). Empty: the
    /// whole track is one circuit.
    pub circuits: Vec<usize>,
    /// `next[p]`: the pit after `p` on the track (`NO_PIT` when `p` is not on it).
    pub next: Vec<usize>,
    /// `prev[p]`: the pit before `p` on the track (`NO_PIT` when `p` is not on it).
    pub prev: Vec<usize>,
    /// Names of the per-player counters (e.g. `penalties`).
    pub counters: Vec<String>,
    /// Names of the game variables (integers such as `round`).
    pub vars: Vec<String>,
    /// Whether move labels name the row (`S3`) rather than just the hole number (`3`).
    pub labels_with_row: bool,
    /// Whether a script asked for labels naming the row on any board (`this.rows_named = true`:
    /// its players also move from rows not their own, and `3` would name only the mover's).
    pub rows_named: bool,
    /// Named moves a rule script declares besides its holes (`this.declare_move("stop")`): a
    /// decision of a turn that is no hole, such as which end a sowing starts from. Named move `i`
    /// has the move id `3 * pits + i` (see `Compiled::label`).
    pub named_moves: Vec<String>,
}

impl Layout {
    /// A layout with no pits, for a rule's setup to build.
    pub fn empty() -> Layout {
        Layout {
            players: 1,
            shape: Shape::Row,
            pits: Vec::new(),
            rows: Vec::new(),
            holes: Vec::new(),
            stores: Vec::new(),
            track: Vec::new(),
            circuits: Vec::new(),
            next: Vec::new(),
            prev: Vec::new(),
            counters: Vec::new(),
            vars: Vec::new(),
            labels_with_row: false,
            rows_named: false,
            named_moves: Vec::new(),
        }
    }

    /// Recomputes `next`/`prev` from `track` (each circuit a cycle of its own).
    pub fn link_track(&mut self) {
        let n = self.pits.len();
        let (mut next, mut prev) = (vec![NO_PIT; n], vec![NO_PIT; n]);
        for t in self.circuit_runs() {
            for (i, &p) in t.iter().enumerate() {
                next[p] = t[(i + 1) % t.len()];
                prev[p] = t[(i + t.len() - 1) % t.len()];
            }
        }
        self.next = next;
        self.prev = prev;
    }

    /// The circuits of the track: runs of `track` by the lengths in `circuits` (the whole track
    /// when there are none; a run past the track's end is cut short, empty runs are left out).
    pub fn circuit_runs(&self) -> Vec<&[usize]> {
        if self.circuits.is_empty() {
            return if self.track.is_empty() {
                Vec::new()
            } else {
                vec![&self.track[..]]
            };
        }
        let mut out = Vec::new();
        let mut at = 0;
        for &len in &self.circuits {
            let end = (at + len).min(self.track.len());
            if end > at {
                out.push(&self.track[at..end]);
            }
            at = end;
        }
        out
    }

    /// Recomputes pit names and the label style after the rows changed.
    pub fn name_pits(&mut self) {
        let mut rows_of = vec![0usize; self.players + 1];
        for r in &self.rows {
            if r.owner <= self.players {
                rows_of[r.owner] += 1;
            }
        }
        // (a row of nobody's beside other rows: its labels name it)
        self.labels_with_row = self.rows_named
            || rows_of[1..].iter().any(|&c| c > 1)
            || rows_of[0] > 1
            || (rows_of[0] > 0 && self.rows.len() > 1);
        for r in 0..self.rows.len() {
            for i in 0..self.rows[r].pits.len() {
                let p = self.rows[r].pits[i];
                let name = if self.labels_with_row || self.rows.len() > 1 {
                    format!("{}{}", self.rows[r].name, i + 1)
                } else {
                    format!("{}", i + 1)
                };
                self.pits[p].name = name;
            }
        }
    }

    /// The move label of hole `p` (`3`, or `S3` when labels name rows).
    pub fn label(&self, p: usize) -> String {
        let pit = &self.pits[p];
        match pit.row {
            Some(r) if self.labels_with_row => format!("{}{}", self.rows[r].name, pit.pos),
            _ => pit.pos.to_string(),
        }
    }

    /// Finds the hole that `label` names for `player`: `3` (the player's only row, or the board's
    /// only row when it is nobody's), `S3`, `s3`.
    pub fn parse_label(&self, player: usize, label: &str) -> Option<usize> {
        let label = label.trim();
        let split = label.find(|c: char| c.is_ascii_digit())?;
        let (row_name, num) = label.split_at(split);
        let pos: usize = num.parse().ok()?;
        let candidates: Vec<&Row> = self
            .rows
            .iter()
            .filter(|r| {
                if row_name.is_empty() {
                    r.owner == player || r.owner == 0
                } else {
                    r.name.eq_ignore_ascii_case(row_name)
                }
            })
            .collect();
        if candidates.len() != 1 || pos == 0 {
            return None;
        }
        candidates[0].pits.get(pos - 1).copied()
    }

    /// The move id of the named move `name` (case-insensitive), if the rule declares one.
    pub fn named_move(&self, name: &str) -> Option<usize> {
        let name = name.trim();
        self.named_moves
            .iter()
            .position(|m| m.eq_ignore_ascii_case(name))
            .map(|i| 3 * self.pits.len() + i)
    }

    /// The pit facing `p` across a two-row board (same distance from the far end), if any.
    pub fn opposite(&self, p: usize) -> Option<usize> {
        if self.rows.len() != 2 {
            return None;
        }
        let pit = self.pits.get(p)?;
        let r = pit.row?;
        let other = &self.rows[1 - r];
        let len = self.rows[r].pits.len();
        if other.pits.len() != len {
            return None;
        }
        other.pits.get(len - pit.pos).copied()
    }

    /// On a board of four rows of the same length, two a player (created outer, inner, inner,
    /// outer, as the four-row games of East and Southern Africa are): for a hole of an inner
    /// row, the opponent's two holes of its file, his inner hole facing it and his outer hole
    /// behind that. `None` for an outer row's hole, a store, or another board.
    #[inline]
    pub fn across(&self, p: usize) -> Option<(usize, usize)> {
        if self.rows.len() != 4 {
            return None;
        }
        let pit = self.pits.get(p)?;
        let (inner, outer) = match pit.row? {
            1 => (2, 3),
            2 => (1, 0),
            _ => return None,
        };
        let len = self.rows[inner].pits.len();
        if pit.pos == 0 || pit.pos > len || self.rows[outer].pits.len() != len {
            return None;
        }
        Some((
            self.rows[inner].pits[len - pit.pos],
            self.rows[outer].pits[len - pit.pos],
        ))
    }

    /// Whether the board is four rows of the same length, two a player (outer, inner, inner,
    /// outer in creation order): the board [`Layout::across`] reads.
    pub fn four_rows(&self) -> bool {
        let r = &self.rows;
        r.len() == 4
            && r.iter().all(|x| x.pits.len() == r[0].pits.len())
            && r[0].owner == r[1].owner
            && r[2].owner == r[3].owner
            && r[0].owner != r[2].owner
    }

    /// The first row owned by `player` (his only row on a two-row board; his outer row on
    /// four rows), if any.
    pub fn row_of(&self, player: usize) -> Option<&Row> {
        self.rows.iter().find(|r| r.owner == player)
    }

    /// The first store owned by `player`, if any.
    pub fn store_of(&self, player: usize) -> Option<usize> {
        self.stores
            .iter()
            .copied()
            .find(|&s| self.pits[s].owner == player)
    }

    /// Index of a named per-player counter.
    pub fn counter_index(&self, name: &str) -> Option<usize> {
        self.counters.iter().position(|c| c == name)
    }

    /// Index of a named game variable.
    pub fn var_index(&self, name: &str) -> Option<usize> {
        self.vars.iter().position(|c| c == name)
    }
}
