//! Relay sowing on packed seeds: the moves of a one-player relay solitaire played on a number
//! that holds one byte per pit, for the layered search (`layered.rs`).
//!
//! The layered search asks a rule only for each position's moves and where they lead. For a
//! rule whose declared move is exactly "sow one seed into every pit of one circuit (its single
//! store included, the start hole not skipped); a lap ending in an occupied hole relays from it;
//! the move is lost when a lap ends in an empty hole, and won when every seed is stored", a
//! position is its holes' seed counts, one byte each, in the order of the circuit, and a lap is
//! two additions on that number at most: one for every whole round of the circuit (a byte
//! added to every pit) and one for the rest (the seeds `r` after hole `i`, a word made once
//! for every `i` and `r`). No board is copied, no seed is sown one at a time, and the key is the
//! position itself.
//!
//! [`Packed::of`] reads the rule's compiled declaration and the start and says whether the rule
//! is exactly that; anything else (another sowing, a capture, a pass, rounds, closed holes,
//! reserves, variables, more than 15 holes or 255 seeds, a start whose legal moves are not its
//! holes with seeds in order) is searched on boards by the rule's own declared move
//! ([`super::boards::BoardSteps`]). A move that would reach the rule's lap limit gives up the
//! packed search (`Next::Unfit`): the search on boards then meets the limit as the rule says.

use crate::engine::board::state::{Board, PitKind};
use crate::engine::declare::pipeline::{Cond, Outcome, Pipeline};
use crate::engine::declare::sowing::{Relay, SowRule, Stores};
use crate::engine::rule::rules::Rule;
use crate::error::Result;
use crate::search::solve::steps::{Next, Steps};

/// `ONES[k]`: the bytes 0..k each 1.
const ONES: [u128; 17] = {
    let mut t = [0u128; 17];
    let mut k = 1;
    while k <= 16 {
        t[k] = t[k - 1] | 1u128 << (8 * (k - 1));
        k += 1;
    }
    t
};

/// A relay solitaire's moves on packed seeds (see the module's text).
pub(super) struct Packed {
    /// The holes in the order of the rule's legal moves, as bytes of the position (byte `j`:
    /// the `j`-th hole of the circuit, which runs from the hole after the store to the store).
    order: Vec<usize>,
    /// The pits of `order`.
    order_pits: Vec<usize>,
    /// Pits on the circuit.
    n: usize,
    /// The start's holes.
    start: u128,
    /// Laps a move may make before the packed search gives up (the rule's lap limit).
    max_laps: i64,
    /// `sow[i * n + r]`: `r` seeds (`r < n`) sown into the pits after hole `i`, as the word to
    /// add (the store has no byte: a seed sown into it leaves the holes).
    sow: Vec<u128>,
}

/// Whether `p`'s declared move is the relay solitaire's, and nothing else.
fn is_relay_solitaire(p: &Pipeline, board: &Board) -> bool {
    let plain = Pipeline {
        end: p.end.clone(),
        names: p.names.clone(),
        notes: p.notes.clone(),
        at: p.at.clone(),
        count_moves: p.count_moves.clone(),
        extra_turn: p.extra_turn,
        ..Pipeline::default()
    };
    if *p != plain || p.at.track_repetition || p.at.hooks != Default::default() {
        return false;
    }
    let holes = |mask: &[bool]| {
        mask.len() == board.seeds.len()
            && (0..mask.len()).all(|q| mask[q] == (board.layout.pits[q].kind != PitKind::Store))
    };
    match &p.end[..] {
        [lost, won] => {
            lost.when == Cond::LastIn
                && holes(&lost.pit_mask)
                && lost.then == Outcome::NoWinner
                && lost.sweep == Default::default()
                && won.when == Cond::AllStored
                && won.then == Outcome::MoverWins
                && won.sweep == Default::default()
        }
        _ => false,
    }
}

impl Packed {
    /// The packed moves of `rule` from `b0`, when the rule is the relay solitaire (see the
    /// module's text).
    pub(super) fn of(rule: &Rule, b0: &Board) -> Option<Packed> {
        let c = &b0.layout;
        let pits = b0.seeds.len();
        let sow = &c.sow;
        let relay_sowing = SowRule {
            stores: Stores::All,
            skip_origin: false,
            relay: Relay::Last,
            max_laps: sow.max_laps,
            at_max_laps: sow.at_max_laps,
            ..SowRule::default()
        };
        if b0.players() != 1
            || b0.to_move != 1
            || b0.over
            || *sow != relay_sowing
            || !is_relay_solitaire(c.pipeline.as_deref()?, b0)
            || b0.closed.iter().any(|&x| x)
            || b0.reserves.iter().any(|&r| r != 0)
            || !b0.counters.is_empty()
            || !b0.vars.is_empty()
            || b0.discarded != 0
            || !(2..=16).contains(&pits)
            || c.sow_next.len() != (b0.players() + 1) * pits
        {
            return None;
        }
        let stores: Vec<usize> = (0..pits)
            .filter(|&q| c.pits[q].kind == PitKind::Store)
            .collect();
        let &[store] = &stores[..] else {
            return None;
        };
        // The circuit from the pit after the store round to the store.
        let next = |q: usize| c.sow_next.get(pits + q).copied().filter(|&x| x < pits);
        let mut pit = Vec::with_capacity(pits);
        let mut q = next(store)?;
        while q != store {
            if pit.len() == pits || pit.contains(&q) {
                return None;
            }
            pit.push(q);
            q = next(q)?;
        }
        pit.push(store);
        if pit.len() != pits || b0.seeds.iter().any(|&s| !(0..=255).contains(&s)) {
            return None;
        }
        let total: i64 = b0.seeds.iter().sum();
        if total > 255 {
            return None;
        }
        let byte = |q: usize| pit.iter().position(|&x| x == q);
        let holes = &c.pipeline.as_deref()?.at.holes_of;
        let order: Vec<usize> = holes
            .get(1)?
            .iter()
            .map(|&h| byte(h))
            .collect::<Option<_>>()?;
        if order.len() != pits - 1 {
            return None;
        }
        // The rule's legal moves at the start are its holes with seeds, in this order.
        let mut legal = Vec::new();
        rule.legal_board(b0, &mut legal).ok()?;
        let expected: Vec<usize> = order
            .iter()
            .map(|&j| pit[j])
            .filter(|&q| b0.seeds[q] > 0)
            .collect();
        if legal != expected {
            return None;
        }
        // (The store's count is not kept: it is the seeds not in the holes.)
        let start = (0..pits - 1).fold(0u128, |x, j| x | (b0.seeds[pit[j]] as u128) << (8 * j));
        let order_pits = order.iter().map(|&j| pit[j]).collect();
        let (n, h) = (pits, pits - 1);
        let table = (0..h * n)
            .map(|x| {
                let (i, r) = (x / n, x % n);
                (1..=r)
                    .map(|k| (i + k) % n)
                    .filter(|&q| q < h)
                    .fold(0u128, |w, q| w | 1 << (8 * q))
            })
            .collect();
        Some(Packed {
            order,
            order_pits,
            n,
            start,
            max_laps: sow.max_laps,
            sow: table,
        })
    }

    /// The moves of position `x`, given to `to` as [`Steps::expand`] gives them.
    #[inline(always)]
    fn moves<W: Word>(&self, x: W, mut to: impl FnMut(usize, Next)) {
        for (&j, &pit) in self.order.iter().zip(&self.order_pits) {
            if (x >> (8 * j)).low_byte() != 0 {
                to(pit, self.play(x, j));
            }
        }
    }

    /// The move from hole `i` (its byte) of `x`: where it leads. The circuit runs from the
    /// first hole to the last, then the store (which has no byte in `x`).
    #[inline(always)]
    fn play<W: Word>(&self, mut x: W, mut i: usize) -> Next {
        let n = self.n;
        let h = n - 1;
        let mut laps = 0;
        loop {
            let s = (x >> (8 * i)).low_byte();
            x ^= W::of(s as u128) << (8 * i);
            // Every whole round of the circuit drops a seed into every pit, the start hole's
            // too; the rest go into the pits after `i`, past the store round to the first hole.
            // (Most laps are shorter than the circuit: no division for them.)
            let r = if s < n {
                s
            } else {
                x += W::of(ONES[h]) * W::of((s / n) as u128);
                s % n
            };
            x += W::of(self.sow[i * n + r]);
            let last = if i + r < n { i + r } else { i + r - n };
            laps += 1;
            if last == h {
                let key = x.wide();
                return Next::To(key, Packed::in_holes(key));
            }
            if (x >> (8 * last)).low_byte() == 1 {
                return Next::Lost;
            }
            if laps >= self.max_laps {
                return Next::Unfit;
            }
            i = last;
        }
    }

    /// The seeds in the holes of `key`.
    #[inline]
    fn in_holes(key: u128) -> usize {
        let sum = |w: u64| (w.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize;
        // Each half's sum is at most the board's 255 seeds: no byte of the products carries.
        sum(key as u64) + sum((key >> 64) as u64)
    }
}

/// A number holding one byte per hole: `u64` for up to 8 holes, `u128` for up to 15.
trait Word:
    Copy
    + PartialEq
    + std::ops::AddAssign
    + std::ops::BitXorAssign
    + std::ops::Shl<usize, Output = Self>
    + std::ops::Shr<usize, Output = Self>
    + std::ops::Mul<Output = Self>
{
    fn of(x: u128) -> Self;
    fn wide(self) -> u128;
    fn low_byte(self) -> usize;
}

impl Word for u64 {
    #[inline(always)]
    fn of(x: u128) -> Self {
        x as u64
    }
    #[inline(always)]
    fn wide(self) -> u128 {
        self as u128
    }
    #[inline(always)]
    fn low_byte(self) -> usize {
        self as u8 as usize
    }
}

impl Word for u128 {
    #[inline(always)]
    fn of(x: u128) -> Self {
        x
    }
    #[inline(always)]
    fn wide(self) -> u128 {
        self
    }
    #[inline(always)]
    fn low_byte(self) -> usize {
        self as u8 as usize
    }
}

impl Steps for Packed {
    fn start(&mut self) -> Option<(u128, usize)> {
        Some((self.start, Self::in_holes(self.start)))
    }

    fn key_bytes(&self) -> usize {
        self.n - 1
    }

    #[inline]
    fn expand(&mut self, key: u128, to: impl FnMut(usize, Next)) -> Result<Option<bool>> {
        if key == 0 {
            // Every seed stored: won (the rule's end checks hold at the start too).
            return Ok(Some(true));
        }
        let h = self.n - 1;
        if h <= 8 {
            self.moves(key as u64, to);
        } else {
            self.moves(key, to);
        }
        Ok(None)
    }
}
