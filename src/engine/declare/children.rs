//! Children, as declared (`children:` in a pipeline): holes that become a player's own (a walda,
//! a tuzdik, a weg) when the last seed of a move makes a given count there. A child stays on the
//! board: seeds sown into it stay in it and count for its owner (in a majority, at the end); it is
//! never played from, never captured and never swept. Played by
//! [`crate::engine::player::children`].

use serde::Deserialize;

use crate::engine::geometry::hole_numbers;
use crate::engine::geometry::layout::{Layout, PitKind};

/// The mark of a child that belongs to no player (`0` in the state JSON); children of players
/// are marked with the player's number, holes that are no child with 0.
pub const CHILD_OF_NOBODY: u8 = u8::MAX;

/// Where a child may be made, for the mover.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ChildSide {
    /// In any hole.
    #[default]
    Any,
    /// Only in the opponent's holes.
    Opponent,
    /// Only in the mover's own holes.
    Own,
}

/// How children are made and what they do.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Children {
    /// The counts that make a child: the last seed of a move making one of them in a hole (not
    /// a child already) turns it into the mover's child, instead of any capture.
    pub make_when_last_makes: Vec<i64>,
    /// Whose holes may become the mover's children.
    #[serde(default)]
    pub side: ChildSide,
    /// The holes of the mover's own row (numbered from the row owner's left, 1-based) where he
    /// may make one; absent: all.
    #[serde(default)]
    pub own_holes: Option<Vec<i64>>,
    /// The holes of an opponent's row (numbered from that row owner's left) where the mover may
    /// make one; absent: all.
    #[serde(default)]
    pub opponent_holes: Option<Vec<i64>>,
    /// A player has at most one child.
    #[serde(default)]
    pub one_each: bool,
    /// A lap of a single seed makes no child (a move sown from a hole holding one seed, its
    /// only lap; a relay's laps are never of one seed).
    #[serde(default)]
    pub not_by_single_seed: bool,
    /// No child in the hole facing a child (across the board).
    #[serde(default)]
    pub not_facing_a_child: bool,
    /// No child in the hole with the same number (from its owner's left) as a child on the
    /// other row.
    #[serde(default)]
    pub not_same_number_as_a_child: bool,
    /// A last seed falling into an opponent's child takes this many seeds from it (as many as
    /// it holds, if fewer; 0: none), a capture (a weg).
    #[serde(default)]
    pub last_in_opponents_child_takes: i64,
    /// With `last_in_opponents_child_takes`: a child that take leaves empty is a plain hole
    /// again ("a won hole emptied is lost").
    #[serde(default)]
    pub plain_when_emptied: bool,
    /// Each player's own holes with these numbers (from his left) are his children at the start.
    #[serde(default)]
    pub start_holes: Vec<i64>,
    /// Captures go into the capturer's first child (in canonical order) instead of his reserve,
    /// and a player without a child captures nothing; seeds swept at the end go into the
    /// children too (all into the one player's, when only one has a child). For a board without
    /// stores.
    #[serde(default)]
    pub captures_into_child: bool,
    /// (With `captures_into_child`) where the seeds a game's last sweep gives a player go when no
    /// player has a child: his reserve, or back onto the board once the game is decided.
    #[serde(default)]
    pub end_gains: EndGains,
    /// With the count N of `make_when_last_makes`: when the last hole and the hole sown just
    /// before it (stores passed), neither a child, hold N-1 and N seeds (either way round), both
    /// become the mover's children (the last hole alone when it makes N otherwise).
    #[serde(default)]
    pub pair_with_hole_before: bool,
    /// A last seed falling into an empty hole (no child) facing a hole of this many seeds makes
    /// both holes the mover's children (0: no such children). The side and hole limits apply
    /// to the last hole.
    #[serde(default)]
    pub last_in_empty_facing: i64,
    /// After every move (its captures done), each hole holding at least as many seeds as it
    /// takes to sow from it round the board back into its own row (the first seed back into
    /// the hole and the stores sown into counted) is a child of nobody, and a child of nobody
    /// holding fewer is a plain hole again, looked at after each move whose last seed falls in
    /// a hole (a move ending in a store leaves them as they were). Such a child is never played
    /// from and its seeds count for no one, but captures take it like any hole.
    #[serde(default)]
    pub nobodys_while_holding_a_round: bool,
    /// For `nobodys_while_holding_a_round`: each pit's count (see [`Children::round_counts`]),
    /// set when setup ends.
    #[serde(skip)]
    pub round: Vec<i64>,
}

/// Where the seeds swept to a player at the game's end go when no player has a child (see
/// [`Children::end_gains`]).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum EndGains {
    /// They stay in his reserve.
    #[default]
    Reserve,
    /// Once the game is over (its winner decided by them), they go back onto the board, player
    /// 1's into the board's first hole and player 2's into its last (MancalaGames' reading).
    Board,
}

/// What a last seed makes (see [`Children::made`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Made {
    /// Nothing.
    Nothing,
    /// The last hole becomes the mover's child.
    One,
    /// The last hole and this hole become the mover's children.
    Two(usize),
}

impl Children {
    /// Checks the declaration (when setup ends).
    pub fn check(&self, l: &Layout) -> Result<(), String> {
        if self.last_in_opponents_child_takes < 0 {
            return Err(
                "pipeline: children: last_in_opponents_child_takes must be 0 or more".into(),
            );
        }
        if self.plain_when_emptied && self.last_in_opponents_child_takes == 0 {
            return Err(
                "pipeline: children: plain_when_emptied needs last_in_opponents_child_takes (1 or more)".into(),
            );
        }
        if self.make_when_last_makes.iter().any(|&n| n < 1) {
            return Err(
                "pipeline: children: make_when_last_makes counts must be at least 1".into(),
            );
        }
        if self.last_in_empty_facing < 0 {
            return Err("pipeline: children: last_in_empty_facing must be 0 or more".into());
        }
        if self.make_when_last_makes.is_empty()
            && self.start_holes.is_empty()
            && self.last_in_empty_facing == 0
            && !self.nobodys_while_holding_a_round
        {
            return Err(
                "pipeline: children: make_when_last_makes needs at least one count (e.g. [3]), or start_holes some holes, or last_in_empty_facing a count, or nobodys_while_holding_a_round true"
                    .into(),
            );
        }
        if self.pair_with_hole_before && self.make_when_last_makes.len() != 1 {
            return Err(
                "pipeline: children: pair_with_hole_before needs exactly one count in make_when_last_makes (e.g. [4])"
                    .into(),
            );
        }
        if self.end_gains != EndGains::Reserve && !self.captures_into_child {
            return Err(
                "pipeline: children: end_gains: board needs captures_into_child: true".into(),
            );
        }
        if self.captures_into_child && !l.stores.is_empty() {
            return Err(
                "pipeline: children: captures_into_child is for a board without stores".into(),
            );
        }
        let most = hole_numbers::most(l);
        let start = Some(self.start_holes.clone());
        for (key, v) in [
            ("own_holes", &self.own_holes),
            ("opponent_holes", &self.opponent_holes),
            ("start_holes", &start),
        ] {
            if let Some(v) = v {
                hole_numbers::check(&format!("pipeline: children: {key}"), v, most)?;
            }
        }
        Ok(())
    }

    /// Whether the last seed of `mover`'s move, in pit `q` now holding `seeds[q]`, makes `q` his
    /// child (`children` and `owners` as on the board; `reverse`: the sowing runs against the
    /// track).
    #[allow(clippy::too_many_arguments)]
    pub fn makes(
        &self,
        l: &Layout,
        reverse: bool,
        seeds: &[i64],
        children: &[u8],
        owners: &[u8],
        mover: usize,
        q: usize,
    ) -> bool {
        self.made(l, reverse, seeds, children, owners, mover, q) != Made::Nothing
    }

    /// What the last seed of `mover`'s move, in pit `q` now holding `seeds[q]`, makes.
    #[allow(clippy::too_many_arguments)]
    pub fn made(
        &self,
        l: &Layout,
        reverse: bool,
        seeds: &[i64],
        children: &[u8],
        owners: &[u8],
        mover: usize,
        q: usize,
    ) -> Made {
        let pit = &l.pits[q];
        // (the hole's owner: its row's, or where holes are owned round by round this round's)
        let owner = if owners.is_empty() {
            pit.owner
        } else {
            owners[q] as usize
        };
        if pit.kind != PitKind::Hole || children.get(q).copied().unwrap_or(1) != 0 {
            return Made::Nothing;
        }
        let made = self.made_by_counts(l, reverse, seeds, children, q);
        if made == Made::Nothing || !self.may_make(l, children, mover, q, owner) {
            return Made::Nothing;
        }
        made
    }

    /// What the counts make at hole `q` (no child), before the limits on where.
    fn made_by_counts(
        &self,
        l: &Layout,
        reverse: bool,
        seeds: &[i64],
        children: &[u8],
        q: usize,
    ) -> Made {
        let n = seeds[q];
        if self.pair_with_hole_before {
            let c = self.make_when_last_makes[0];
            if let Some(b) = hole_before(l, reverse, q).filter(|&b| children[b] == 0) {
                let m = seeds[b];
                if (m == c - 1 && n == c) || (m == c && n == c - 1) {
                    return Made::Two(b);
                }
            }
        }
        if self.last_in_empty_facing > 0 && n == 1 {
            if let Some(o) = l.opposite(q) {
                if children[o] == 0 && seeds[o] == self.last_in_empty_facing {
                    return Made::Two(o);
                }
            }
        }
        if self.make_when_last_makes.contains(&n) {
            Made::One
        } else {
            Made::Nothing
        }
    }

    /// Whether `mover` may make a child at hole `q` (its side, its number, the other children).
    fn may_make(&self, l: &Layout, children: &[u8], mover: usize, q: usize, owner: usize) -> bool {
        let pit = &l.pits[q];
        let own = owner == mover;
        let side_ok = match self.side {
            ChildSide::Any => true,
            ChildSide::Opponent => !own && owner != 0,
            ChildSide::Own => own,
        };
        if !side_ok {
            return false;
        }
        let allowed = if own {
            &self.own_holes
        } else {
            &self.opponent_holes
        };
        if let Some(a) = allowed {
            if !a.contains(&(pit.pos as i64)) {
                return false;
            }
        }
        if self.one_each && children.iter().any(|&c| c as usize == mover) {
            return false;
        }
        if self.not_facing_a_child {
            if let Some(o) = l.opposite(q) {
                if children[o] != 0 {
                    return false;
                }
            }
        }
        if self.not_same_number_as_a_child {
            let taken = l.holes.iter().any(|&h| {
                children[h] != 0
                    && l.pits[h].pos == pit.pos
                    && l.pits[h].row.is_some()
                    && l.pits[h].row != pit.row
            });
            if taken {
                return false;
            }
        }
        true
    }

    /// The seeds it takes to sow from each pit of `l` round the board back into the hole's own
    /// row (see `nobodys_while_holding_a_round`; 0 for a pit that is no hole of a row), by the
    /// sowing's own direction with `next` as the sowing's links, `into_store` whether the row
    /// owner sows into a store, `first_back` whether the first seed falls back into the hole.
    pub fn round_counts(
        l: &Layout,
        next: &[usize],
        into_store: impl Fn(usize, usize) -> bool,
        first_back: bool,
    ) -> Vec<i64> {
        let mut out = vec![0; l.pits.len()];
        for &h in &l.holes {
            let (owner, row) = (l.pits[h].owner, l.pits[h].row);
            if row.is_none() || next.len() != l.pits.len() {
                continue;
            }
            let mut n = i64::from(first_back);
            let (mut q, mut left) = (h, false);
            for _ in 0..=l.pits.len() {
                q = next[q];
                if q >= l.pits.len() {
                    break;
                }
                let p = &l.pits[q];
                if p.kind != PitKind::Hole {
                    n += i64::from(into_store(q, owner));
                    continue;
                }
                n += 1;
                if p.row != row {
                    left = true;
                } else if left {
                    out[h] = n;
                    break;
                }
            }
        }
        out
    }

    /// The start's children marks for the pits of `l` (empty without `start_holes`).
    pub fn start_marks(&self, l: &Layout, marks: &mut [u8]) {
        for r in &l.rows {
            for &h in &self.start_holes {
                if let Some(&p) = r.pits.get((h - 1).max(0) as usize) {
                    if r.owner >= 1 {
                        marks[p] = r.owner as u8;
                    }
                }
            }
        }
    }

    /// The declaration in words (for `sowlab rules NAME`).
    pub fn describe(&self) -> String {
        let counts: Vec<String> = self
            .make_when_last_makes
            .iter()
            .map(|n| n.to_string())
            .collect();
        let mut s = format!(
            "children: a last seed making {} in a hole{} turns it into the mover's child (its seeds stay and count for him; it is never played, captured or swept)",
            counts.join(" or "),
            match self.side {
                ChildSide::Any => "",
                ChildSide::Opponent => " of the opponent's",
                ChildSide::Own => " of his own",
            }
        );
        let list = |v: &[i64]| {
            v.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        if let Some(v) = &self.own_holes {
            s.push_str(&format!("; on his own row only in holes {}", list(v)));
        }
        if let Some(v) = &self.opponent_holes {
            s.push_str(&format!(
                "; on the opponent's row only in holes {}",
                list(v)
            ));
        }
        if self.one_each {
            s.push_str("; one child each");
        }
        if self.not_facing_a_child {
            s.push_str("; not facing a child");
        }
        if self.not_same_number_as_a_child {
            s.push_str("; not in the hole numbered as a child on the other row");
        }
        if !self.start_holes.is_empty() {
            s.push_str(&format!(
                "; each player's holes {} are his children at the start",
                list(&self.start_holes)
            ));
        }
        if self.captures_into_child {
            s.push_str("; captures go into the capturer's child (none without one)");
        }
        if self.end_gains == EndGains::Board {
            s.push_str(
                "; the seeds the game's last sweep gives a player when nobody has a child go back onto the board once the game is decided (player 1's into the first hole, player 2's into the last)",
            );
        }
        if self.pair_with_hole_before {
            s.push_str(
                "; a last hole and the hole sown before it holding one less and the count (either way) both become his children",
            );
        }
        if self.last_in_empty_facing > 0 {
            s.push_str(&format!(
                "; a last seed in an empty hole facing a hole of {} makes both his children",
                self.last_in_empty_facing
            ));
        }
        if self.nobodys_while_holding_a_round {
            s.push_str(
                "; a hole holding enough seeds to sow round back into its own row is a child of nobody while it does (never played, counted for no one, captured like any hole)",
            );
        }
        if self.last_in_opponents_child_takes > 0 {
            s.push_str(&format!(
                "; a last seed in an opponent's child takes {} seeds from it",
                self.last_in_opponents_child_takes
            ));
            if self.plain_when_emptied {
                s.push_str(", and a child so emptied is a plain hole again");
            }
        }
        s
    }
}

/// The hole before `q` along the track's sowing direction (stores passed), if any.
fn hole_before(l: &Layout, reverse: bool, q: usize) -> Option<usize> {
    let back = if reverse { &l.next } else { &l.prev };
    let mut b = q;
    for _ in 0..l.pits.len() {
        b = *back.get(b)?;
        if b >= l.pits.len() {
            return None;
        }
        if l.pits[b].kind == PitKind::Hole {
            return (b != q).then_some(b);
        }
    }
    None
}
