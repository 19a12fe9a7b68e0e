//! Whether a rule's two sides are mirror images, so that a layer is built for player 1 to move
//! only ([`super::build`]), player 2's half being read through the mirror ([`super::half`]).
//!
//! The mirror turns the holes by half the board in canonical order (hole `j` is hole
//! `j + n/2`'s image: the rows swapped) and swaps the players' stores, reserves and turns. A rule
//! is taken as symmetric when (1) its layout is: the image of a hole is a hole of the other
//! player, each player has as many stores, and the sowing track leads from the image of a pit
//! to the image of the pit it leads to; and (2) its moves are, on every position of the small
//! layers (every layer up to [`CHECKED_POSITIONS`] positions a side, together): the boards the
//! moves of player 2 lead to from the image of a position are the images of those player 1's
//! moves lead to (as sets, whatever the moves' ids). The build then checks (2) again on the
//! first position of each chunk it takes ([`MirrorCheck`]), and stops with an error if it ever
//! fails, so that a rule whose sides differ only with many seeds is never built wrong in
//! silence. A layer read from a file is checked value by value anyway ([`super::verify`]).

use super::Tablebase;
use crate::engine::geometry::layout::PitKind;
use crate::{Board, Error, Result, Rule};

/// Positions a side, all layers from 0 together, whose moves are checked against their mirror
/// images before a build takes a rule as symmetric (layers are checked whole).
pub const CHECKED_POSITIONS: u64 = 50_000;

/// The pit map of the mirror: `pit[p]` is the image of pit `p`.
#[derive(Clone, Debug)]
pub(super) struct Mirror {
    pit: Vec<usize>,
}

impl Mirror {
    /// The mirror of `tb`'s board, when its layout has one.
    pub(super) fn of(tb: &Tablebase) -> Option<Mirror> {
        let l = &*tb.template.layout;
        let n = tb.holes.len();
        if tb.captures.is_some() || n < 2 || !n.is_multiple_of(2) || l.players != 2 {
            return None;
        }
        let mut pit: Vec<usize> = (0..l.pits.len()).collect();
        for j in 0..n {
            let (a, b) = (tb.holes[j], tb.holes[(j + n / 2) % n]);
            if l.pits[a].owner + l.pits[b].owner != 3 {
                return None;
            }
            pit[a] = b;
        }
        let stores = |o: usize| {
            l.stores
                .iter()
                .copied()
                .filter(|&s| l.pits[s].owner == o)
                .collect::<Vec<_>>()
        };
        let (s1, s2) = (stores(1), stores(2));
        if s1.len() != s2.len() || s1.len() + s2.len() != l.stores.len() {
            return None;
        }
        for (&a, &b) in s1.iter().zip(&s2) {
            pit[a] = b;
            pit[b] = a;
        }
        // Every pit is a hole or a store of a player, and the track commutes with the mirror.
        let covered = l.pits.len() == n + l.stores.len()
            && l.pits.iter().enumerate().all(|(p, x)| {
                x.kind == l.pits[pit[p]].kind && (x.kind == PitKind::Hole || x.owner > 0)
            });
        let track = (0..l.pits.len()).all(|p| {
            let (a, b) = (l.next[p], l.next[pit[p]]);
            let image = if a < pit.len() { pit[a] } else { a };
            image == b
        });
        (covered && track).then_some(Mirror { pit })
    }

    /// What decides a board's value and future, as numbers: `image` reads the board's mirror
    /// image (pits mapped, players swapped) instead of the board.
    fn key(&self, b: &Board, image: bool, out: &mut Vec<i64>) {
        let swap = |x: i64| {
            if image && (x == 1 || x == 2) {
                3 - x
            } else {
                x
            }
        };
        let base = out.len();
        out.resize(base + b.seeds.len(), 0);
        for (p, &s) in b.seeds.iter().enumerate() {
            let q = if image { self.pit[p] } else { p };
            out[base + q] = s;
        }
        for p in 0..b.closed.len() {
            let q = if image { self.pit[p] } else { p };
            out.push(i64::from(b.closed[q]));
        }
        for list in [&b.children, &b.owners] {
            for p in 0..list.len() {
                let q = if image { self.pit[p] } else { p };
                out.push(swap(list[q] as i64));
            }
        }
        let r = b.reserves.len();
        for i in 0..r {
            let j = if image && r == 2 { 1 - i } else { i };
            out.push(b.reserves[j]);
        }
        let c = b.counters.len();
        for i in 0..c {
            let j = if image && c.is_multiple_of(2) {
                i ^ 1
            } else {
                i
            };
            out.push(b.counters[j]);
        }
        out.extend(&b.vars);
        out.push(b.discarded);
        out.push(swap(b.to_move as i64));
        out.push(i64::from(b.over));
        out.push(swap(b.winner as i64));
    }
}

/// Boards to check that a position's moves and its mirror image's agree.
pub(super) struct MirrorCheck<'a> {
    rule: &'a Rule,
    tb: &'a Tablebase,
    mirror: Mirror,
    node: Board,
    child: Board,
    moves: Vec<usize>,
    parts: Vec<usize>,
    keys: [Vec<Vec<i64>>; 2],
    /// Keys of the position checked last in `keys` (the vectors past them are spares).
    counts: [usize; 2],
}

impl<'a> MirrorCheck<'a> {
    /// A check of `tb`'s positions (`None`: its layout has no mirror).
    pub(super) fn new(rule: &'a Rule, tb: &'a Tablebase) -> Option<MirrorCheck<'a>> {
        let mirror = Mirror::of(tb)?;
        Some(MirrorCheck {
            rule,
            tb,
            mirror,
            node: tb.template.clone(),
            child: tb.template.clone(),
            moves: Vec::new(),
            parts: vec![0; tb.holes.len()],
            keys: [Vec::new(), Vec::new()],
            counts: [0, 0],
        })
    }

    /// Whether position `r` of layer `k` with player 1 to move and its mirror image (player 2
    /// to move) have moves to boards that are each other's images.
    pub(super) fn holds(&mut self, k: usize, r: u64) -> Result<bool> {
        let tb = self.tb;
        let n = tb.holes.len();
        tb.index.unrank(k, r, &mut self.parts);
        for side in 0..2 {
            self.node.copy_from(&tb.template);
            for (j, &s) in self.parts.iter().enumerate() {
                let h = tb.holes[if side == 0 { j } else { (j + n / 2) % n }];
                self.node.seeds[h] = s as i64;
            }
            self.node.to_move = side + 1;
            self.rule.legal_board(&self.node, &mut self.moves)?;
            // The keys' vectors are kept from one position to the next (a check is a few
            // moves: allocating for each would cost more than playing them).
            let keys = &mut self.keys[side];
            let n = self.moves.len();
            if keys.len() < n {
                keys.resize_with(n, Vec::new);
            }
            for (key, &m) in keys.iter_mut().zip(&self.moves) {
                self.child.copy_from(&self.node);
                self.rule.apply_board(&mut self.child, m)?;
                key.clear();
                // Player 1's children read through the mirror: player 2's as they are.
                self.mirror.key(&self.child, side == 0, key);
            }
            keys[..n].sort_unstable();
            self.counts[side] = n;
        }
        let [a, b] = &self.keys;
        Ok(a[..self.counts[0]] == b[..self.counts[1]])
    }

    /// The error of position `r` of layer `k` whose mirror image's moves differ.
    pub(super) fn differs(&self, k: usize, r: u64) -> Error {
        Error::msg(format!(
            "{}: player 2's moves from the mirror image of {} are not the mirror images of player 1's (its sides differ with {k} seeds in play though they agreed on the small layers): this rule's tablebases cannot be built one side only",
            self.rule.name,
            self.tb.describe(k, r as usize)
        ))
    }
}

impl Tablebase {
    /// Whether the layers of this rule are built for player 1 to move only, player 2's half
    /// being its mirror image (see the module's text): decided once, on the small layers.
    pub fn one_side(&self, rule: &Rule) -> Result<bool> {
        if let Some(&v) = self.one_side.get() {
            return Ok(v);
        }
        let v = match MirrorCheck::new(rule, self) {
            None => false,
            Some(mut c) => {
                let mut left = CHECKED_POSITIONS;
                let mut all = true;
                let mut k = 0;
                while all && k <= super::MAX_SEEDS && self.index.size(k) <= left {
                    let size = self.index.size(k);
                    for r in 0..size {
                        if !c.holds(k, r)? {
                            all = false;
                            break;
                        }
                    }
                    left -= size;
                    k += 1;
                }
                all
            }
        };
        let _ = self.one_side.set(v);
        Ok(v)
    }
}
