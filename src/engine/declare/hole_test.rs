//! A test of one hole after a drop (whose side it is on, how many seeds it holds), which the
//! sowing's relay rules and the rarer sowing steps use.

use crate::engine::geometry::layout::{Layout, PitKind};

/// Whose holes a [`HoleTest`] looks at, for the player sowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Whose {
    /// The mover's own holes.
    Own,
    /// The other players' holes.
    Opponent,
    /// Any hole.
    #[default]
    Any,
}

impl Whose {
    /// Whether hole `q` is on this side for `mover`.
    #[inline]
    pub fn holds(self, l: &Layout, q: usize, mover: usize) -> bool {
        self.holds_owned(l, q, mover, l.pits[q].owner)
    }

    /// Whether hole `q`, owned by `owner` now, is on this side for `mover`.
    #[inline]
    pub fn holds_owned(self, l: &Layout, q: usize, mover: usize, owner: usize) -> bool {
        l.pits[q].kind == PitKind::Hole
            && match self {
                Whose::Own => owner == mover,
                Whose::Opponent => owner != mover && owner != 0,
                Whose::Any => true,
            }
    }
}

/// A test of one hole after a drop: on whose side it is and how many seeds it holds.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct HoleTest {
    /// The counts that pass (empty: any count of at least one seed).
    pub counts: Vec<i64>,
    /// Only even counts.
    pub even: bool,
    /// Only counts of at least this (0: no bound).
    pub at_least: i64,
    /// Only counts of at most this (0: no bound).
    pub at_most: i64,
    /// Whose holes pass.
    pub side: Whose,
}

impl HoleTest {
    /// Whether hole `q` (holding `n` seeds) passes for `mover`.
    #[inline]
    pub fn holds(&self, l: &Layout, q: usize, n: i64, mover: usize) -> bool {
        self.holds_owned(l, q, n, mover, l.pits[q].owner)
    }

    /// Whether hole `q` (holding `n` seeds), owned by `owner` now, passes for `mover`.
    #[inline]
    pub fn holds_owned(&self, l: &Layout, q: usize, n: i64, mover: usize, owner: usize) -> bool {
        let side = match self.side {
            Whose::Own => owner == mover,
            Whose::Opponent => owner != mover && owner != 0,
            Whose::Any => true,
        };
        l.pits[q].kind == PitKind::Hole
            && side
            && n > 0
            && (self.counts.is_empty() || self.counts.contains(&n))
            && (!self.even || n % 2 == 0)
            && (self.at_least <= 0 || n >= self.at_least)
            && (self.at_most <= 0 || n <= self.at_most)
    }

    /// The test in words.
    pub fn describe(&self) -> String {
        let mut s = if self.counts.is_empty() {
            "any count".to_string()
        } else {
            let v: Vec<String> = self.counts.iter().map(|n| n.to_string()).collect();
            v.join(" or ")
        };
        if self.even {
            s.push_str(" (even)");
        }
        if self.at_least > 0 {
            s.push_str(&format!(" (at least {})", self.at_least));
        }
        if self.at_most > 0 {
            s.push_str(&format!(" (at most {})", self.at_most));
        }
        s.push_str(match self.side {
            Whose::Own => " in a hole of the sower's",
            Whose::Opponent => " in an opponent's hole",
            Whose::Any => " in any hole",
        });
        s
    }
}
