//! Building a layer: every position of `k` seeds in play, for either player to move, valued from
//! the layers below and from itself.
//!
//! Each position's moves are played by the rule itself ([`Rule::apply_board`]). A move that ends
//! the game is worth what it wins at once; one that takes seeds out of play leads to a lower
//! layer, already built; one that keeps every seed in play leads to the same layer, valued first,
//! depth first (a position met again on its own line would be endless play: refused with an
//! error, since no rule that qualifies can do that). Workers (`jobs`) take chunks of the index
//! in turn; two that meet the same position compute the same value, so they share one array of
//! atomic bytes without locks.

use std::sync::atomic::{AtomicI8, AtomicU64, Ordering};
use std::sync::Arc;

use super::mirror::MirrorCheck;
use super::position::{blank, boards_at, child_value, comes_back, set_holes, Boards, Child};
pub use super::LayerProgress;
use super::{Tablebase, UNKNOWN};
use crate::{Board, Error, Result, Rule, INTERRUPTED};

/// The value written for a position of layer `k` whose player to move has no move: such a
/// position is over as soon as it arises and never probed. `-k` (his opponent keeps the seeds,
/// as in Kalah) has the parity of the layer's other values where every seed in play ends in a
/// player's hands, so that it packs in as few bits as they do ([`super::packing`]).
pub fn no_move(k: usize) -> i32 {
    -(k as i32)
}

/// Depths of a line between two checks of the stack left (see [`Worker::value_next`]).
const STACK_CHECK_DEPTH: usize = 16;
/// The stack [`STACK_CHECK_DEPTH`] positions of a line need, with room to spare.
const STACK_RED_ZONE: usize = 1 << 20;
/// The size of each further piece of stack.
const STACK_SEGMENT: usize = 16 << 20;

/// Positions a worker takes at a time.
pub(super) const CHUNK: u64 = 1 << 12;

/// One worker's boards: a board per depth of the same-layer search (parent, child, moves).
pub(super) struct Worker<'a> {
    rule: &'a Rule,
    tb: &'a Tablebase,
    cur: &'a [AtomicI8],
    k: usize,
    template: Board,
    stack: Vec<Option<Boards>>,
    line: Vec<usize>,
    parts: Vec<usize>,
    /// `cur` holds player 1's half only: a same-layer child with player 2 to move is read as
    /// its mirror image ([`Tablebase::one_side`]).
    half: bool,
    /// Positions whose moves this worker played.
    pub(super) played: u64,
    /// The holes of position `seq_at` of the layer, when the worker goes through it in index
    /// order ([`Worker::value_next`]): the next position's holes are a step away
    /// ([`super::index::Index::next`]).
    seq: Vec<usize>,
    seq_at: Option<usize>,
}

impl Worker<'_> {
    /// The value of position `i` of the current layer (computing it and what it needs), the
    /// worker going through the layer in index order: the holes are stepped from the last
    /// position's when it was `i - 1` (within one player's half), else ranked back from `i`.
    pub(super) fn value_next(&mut self, i: usize) -> Result<i8> {
        let size = self.tb.index.size(self.k) as usize;
        let r = if i < size { i } else { i - size };
        let stepped =
            r > 0 && self.seq_at == Some(i - 1) && super::index::Index::next(&mut self.seq);
        if !stepped {
            self.seq.resize(self.tb.holes.len(), 0);
            self.tb.index.unrank(self.k, r as u64, &mut self.seq);
        }
        self.seq_at = Some(i);
        let known = self.cur[i].load(Ordering::Relaxed);
        if known != UNKNOWN {
            return Ok(known);
        }
        self.play(i, true)
    }

    /// Plays the moves of position `i` (not valued yet) and values it; `seq`: its holes are
    /// [`Worker::seq`]'s.
    fn play(&mut self, i: usize, seq: bool) -> Result<i8> {
        if self.line.contains(&i) {
            return Err(comes_back(self.rule, self.k));
        }
        let depth = self.line.len();
        // The node's board differs from the template in its holes and player to move alone
        // (only `set_holes` writes it; the moves are played on `child`), which are written
        // here: it is not copied again.
        let (mut node, mut child, mut moves) = boards_at(&mut self.stack, depth, &self.template);
        if seq {
            let size = self.tb.index.size(self.k) as usize;
            for (&h, &s) in self.tb.holes.iter().zip(&self.seq) {
                node.seeds[h] = s as i64;
            }
            node.to_move = if i < size { 1 } else { 2 };
        } else {
            set_holes(self.tb, self.k, i, &mut node, &mut self.parts);
        }
        self.played += 1;
        self.rule.legal_board(&node, &mut moves)?;
        let mut best = if moves.is_empty() {
            no_move(self.k)
        } else {
            i32::MIN
        };
        self.line.push(i);
        let mut result = Ok(());
        for &pit in &moves {
            let v = child_value::<true>(
                self.rule, self.tb, self.k, &node, pit, &mut child, self.half,
            )
            .and_then(|c| match c {
                Child::Over(v) | Child::Lower(v) => Ok(v),
                Child::SameLayer { index, margin } => {
                    let known = self.cur[index].load(Ordering::Relaxed);
                    if known != UNKNOWN {
                        Ok(margin.of(known as i32))
                    } else if self.line.len().is_multiple_of(STACK_CHECK_DEPTH) {
                        // A line through a layer may be longer than a thread's stack holds
                        // (a debug build's frames are large): it grows on the heap instead.
                        stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || {
                            self.play(index, false)
                        })
                        .map(|v| margin.of(v as i32))
                    } else {
                        self.play(index, false).map(|v| margin.of(v as i32))
                    }
                }
            });
            match v {
                Ok(v) => best = best.max(v),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.line.pop();
        self.stack[depth] = Some((node, child, moves));
        result?;
        let v = best.clamp(-127, 127) as i8;
        self.cur[i].store(v, Ordering::Relaxed);
        Ok(v)
    }
}

impl<'a> Worker<'a> {
    pub(super) fn new(
        rule: &'a Rule,
        tb: &'a Tablebase,
        cur: &'a [AtomicI8],
        k: usize,
        t: &Board,
    ) -> Self {
        let size = tb.index.size(k) as usize;
        // Each worker plays on its own copy of the layout: one shared `Arc` would make the
        // cores fight over its counter.
        let mut own = t.clone();
        own.layout = Arc::new((*t.layout).clone());
        Worker {
            rule,
            tb,
            cur,
            k,
            template: own,
            stack: Vec::new(),
            line: Vec::new(),
            parts: vec![0; tb.holes.len()],
            half: cur.len() == size && cur.len() as u64 != tb.layer_size(k),
            played: 0,
            seq: Vec::new(),
            seq_at: None,
        }
    }
}

/// Values layer `k` (the next one of `tb`) with `jobs` workers playing from boards like
/// `template`; `progress` is updated as chunks finish. `Ok(None)`: stopped (Ctrl-C or
/// `progress.stop`) before the end. For a rule whose sides are mirror images
/// ([`Tablebase::one_side`]) the values are player 1's half only (what
/// [`Tablebase::push_layer`] takes as a half layer).
pub fn build_layer(
    rule: &Rule,
    template: &Board,
    tb: &Tablebase,
    k: usize,
    jobs: usize,
    progress: &LayerProgress,
) -> Result<Option<Vec<i8>>> {
    if tb.captures.is_some() {
        // Layers with cycles: one retrograde analysis a split, in one thread.
        return super::captures::build_layer(rule, &blank(template), tb, k, progress);
    }
    // A symmetric rule: player 1's half only, each chunk's first position checked against its
    // mirror image.
    let half = tb.one_side(rule)?;
    let n = if half {
        tb.index.size(k)
    } else {
        tb.layer_size(k)
    };
    let mut cur: Vec<AtomicI8> = Vec::with_capacity(n as usize);
    crate::search::memory::huge_spare(&mut cur);
    cur.extend((0..n).map(|_| AtomicI8::new(UNKNOWN)));
    let next = AtomicU64::new(0);
    let t = blank(template);
    let results: Vec<Result<()>> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..jobs.max(1))
            .map(|_| {
                let (cur, next, t) = (&cur, &next, &t);
                sc.spawn(move || -> Result<()> {
                    let mut w = Worker::new(rule, tb, cur, k, t);
                    let mut mirror = MirrorCheck::new(rule, tb).filter(|_| half);
                    loop {
                        if INTERRUPTED.load(Ordering::Relaxed)
                            || progress.stop.load(Ordering::Relaxed)
                        {
                            return Ok(());
                        }
                        let from = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if from >= n {
                            return Ok(());
                        }
                        let to = (from + CHUNK).min(n);
                        if let Some(m) = &mut mirror {
                            if !m.holds(k, from)? {
                                return Err(m.differs(k, from));
                            }
                        }
                        for i in from..to {
                            w.value_next(i as usize)?;
                        }
                        progress.done.fetch_add(to - from, Ordering::Relaxed);
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(Error::msg("a tablebase worker panicked")))
            })
            .collect()
    });
    for r in results {
        r?;
    }
    if INTERRUPTED.load(Ordering::Relaxed) || progress.stop.load(Ordering::Relaxed) {
        return Ok(None);
    }
    Ok(Some(cur.into_iter().map(|a| a.into_inner()).collect()))
}

/// A part of a layer valued on its own (see [`build_range`]).
#[derive(Clone, Debug)]
pub struct RangeValues {
    /// The values of positions `start..end`, in index order.
    pub values: Vec<i8>,
    /// Positions valued by this call: those of the range not known before, and those of the
    /// same layer outside it that its moves reach (work that another part may repeat).
    pub valued: u64,
}

/// A layer's values, all unknown: what [`build_range_in`] fills.
pub fn unknown_layer(tb: &Tablebase, k: usize) -> Vec<AtomicI8> {
    (0..tb.layer_size(k))
        .map(|_| AtomicI8::new(UNKNOWN))
        .collect()
}

/// Player 1's half of a layer, all unknown: what [`super::classes::build_classes_in`] fills for
/// a rule whose sides are mirror images ([`Tablebase::one_side`]).
pub fn unknown_side(tb: &Tablebase, k: usize) -> Vec<AtomicI8> {
    (0..tb.index.size(k))
        .map(|_| AtomicI8::new(UNKNOWN))
        .collect()
}

/// Values positions `start..end` of layer `k` (the next one of `tb`) alone, in one thread:
/// what one task of a distributed build does. Positions of the same layer outside the range
/// that its moves reach are valued too (depth first, as [`build_layer`] does) and dropped, so
/// the parts of a layer are independent of each other given the layers below, and joined in
/// order they are byte for byte the layer [`build_layer`] makes (every value is the position's
/// own, whoever computes it). `Ok(None)`: Ctrl-C stopped it.
pub fn build_range(
    rule: &Rule,
    template: &Board,
    tb: &Tablebase,
    k: usize,
    start: u64,
    end: u64,
) -> Result<Option<RangeValues>> {
    build_range_in(rule, template, tb, k, start, end, &unknown_layer(tb, k))
}

/// [`build_range`] into `cur`, the layer's values known so far (from [`unknown_layer`], then
/// kept from one part to the next, so that a process valuing several parts of a layer values
/// each position once).
pub fn build_range_in(
    rule: &Rule,
    template: &Board,
    tb: &Tablebase,
    k: usize,
    start: u64,
    end: u64,
    cur: &[AtomicI8],
) -> Result<Option<RangeValues>> {
    if tb.captures.is_some() {
        return Err(Error::msg(format!(
            "{}: a layer whose moves can cycle is built whole (`sowlab tablebase build`), not in parts",
            rule.name
        )));
    }
    super::position::check_part(tb, k, start, end, cur.len())?;
    let known = |cur: &[AtomicI8]| {
        cur.iter()
            .filter(|a| a.load(Ordering::Relaxed) != UNKNOWN)
            .count() as u64
    };
    let before = known(cur);
    let t = blank(template);
    let mut w = Worker::new(rule, tb, cur, k, &t);
    for i in start..end {
        if (i - start).is_multiple_of(CHUNK) && INTERRUPTED.load(Ordering::Relaxed) {
            return Ok(None);
        }
        w.value_next(i as usize)?;
    }
    let values = cur[start as usize..end as usize]
        .iter()
        .map(|a| a.load(Ordering::Relaxed))
        .collect();
    Ok(Some(RangeValues {
        values,
        valued: known(cur) - before,
    }))
}

/// Builds layers `0..=k_max` in memory for `rule`, whose games start like `b`, with `jobs`
/// workers. `Ok(None)`: Ctrl-C stopped it.
pub fn build_all(rule: &Rule, b: &Board, k_max: usize, jobs: usize) -> Result<Option<Tablebase>> {
    let mut tb = Tablebase::empty(rule, b)?;
    if k_max > super::MAX_SEEDS {
        return Err(Error::msg(format!(
            "tablebases cover at most {} seeds in play",
            super::MAX_SEEDS
        )));
    }
    for k in 0..=k_max {
        let p = LayerProgress::default();
        match build_layer(rule, b, &tb, k, jobs, &p)? {
            Some(v) => tb.push_layer(v),
            None => return Ok(None),
        }
    }
    Ok(Some(tb))
}
