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

pub use super::LayerProgress;
use super::{Tablebase, UNKNOWN};
use crate::search::twoplayer::reading::{held, in_play};
use crate::{Board, Error, Result, Rule, INTERRUPTED};

/// Positions a worker takes at a time.
const CHUNK: u64 = 1 << 12;

/// One worker's boards: a board per depth of the same-layer search (parent, child, moves).
struct Worker<'a> {
    rule: &'a Rule,
    tb: &'a Tablebase,
    cur: &'a [AtomicI8],
    k: usize,
    template: Board,
    stack: Vec<Option<(Board, Board, Vec<usize>)>>,
    line: Vec<usize>,
    parts: Vec<usize>,
}

impl Worker<'_> {
    /// The value of position `i` of the current layer (computing it and what it needs).
    fn value(&mut self, i: usize) -> Result<i8> {
        let known = self.cur[i].load(Ordering::Relaxed);
        if known != UNKNOWN {
            return Ok(known);
        }
        if self.line.contains(&i) {
            return Err(Error::msg(format!(
                "{}: a position of {} seeds in play comes back without a capture (endless play): tablebases need rules whose lines cannot cycle",
                self.rule.name, self.k
            )));
        }
        let depth = self.line.len();
        if self.stack.len() <= depth {
            self.stack.push(None);
        }
        let (mut node, mut child, mut moves) = self.stack[depth]
            .take()
            .unwrap_or_else(|| (self.template.clone(), self.template.clone(), Vec::new()));
        let size = self.tb.index.size(self.k) as usize;
        let (mover, r) = if i < size { (1, i) } else { (2, i - size) };
        node.copy_from(&self.template);
        self.tb.index.unrank(self.k, r as u64, &mut self.parts);
        for (&h, &s) in self.tb.holes.iter().zip(&self.parts) {
            node.seeds[h] = s as i64;
        }
        node.to_move = mover;
        self.rule.legal_board(&node, &mut moves)?;
        // A position whose player to move has no move is over as soon as it arises: never
        // probed. Its byte says 0.
        let mut best = if moves.is_empty() { 0 } else { i32::MIN };
        self.line.push(i);
        let mut result = Ok(());
        for &pit in &moves {
            child.copy_from(&node);
            if let Err(e) = self.rule.apply_board(&mut child, pit) {
                result = Err(e);
                break;
            }
            let v = if child.over {
                (held(&child, mover) - held(&child, 3 - mover)) as i32
            } else {
                let m2 = child.to_move;
                let sign = if m2 == mover { 1 } else { -1 };
                // The parent's stores are empty: the child's margin is what the move won.
                let off = sign * (held(&child, m2) - held(&child, 3 - m2)) as i32;
                let k2 = in_play(&child) as usize;
                let vc = if k2 < self.k {
                    match self.tb.probe(&child) {
                        Some(v) => v,
                        None => {
                            result = Err(Error::msg(format!(
                                "{}: a move from layer {} reached a position the lower layers do not cover",
                                self.rule.name, self.k
                            )));
                            break;
                        }
                    }
                } else if k2 == self.k {
                    let r2 = self
                        .tb
                        .index
                        .rank(self.tb.holes.iter().map(|&h| child.seeds[h] as usize))
                        as usize;
                    let j = (m2 - 1) * size + r2;
                    match self.value(j) {
                        Ok(v) => v as i32,
                        Err(e) => {
                            result = Err(e);
                            break;
                        }
                    }
                } else {
                    result = Err(Error::msg(format!(
                        "{}: a move brought seeds back into play ({} to {k2}): tablebases do not apply",
                        self.rule.name, self.k
                    )));
                    break;
                };
                sign * vc + off
            };
            best = best.max(v);
        }
        self.line.pop();
        self.stack[depth] = Some((node, child, moves));
        result?;
        let v = best.clamp(-127, 127) as i8;
        self.cur[i].store(v, Ordering::Relaxed);
        Ok(v)
    }
}

/// A board like `template` with nothing on it and nothing decided: what each position of a layer
/// is written onto.
fn blank(template: &Board) -> Board {
    let mut t = template.clone();
    t.seeds.iter_mut().for_each(|s| *s = 0);
    t.reserves.iter_mut().for_each(|r| *r = 0);
    t.vars.iter_mut().for_each(|v| *v = 0);
    t.over = false;
    t.winner = 0;
    t.trace = None;
    t
}

impl<'a> Worker<'a> {
    fn new(rule: &'a Rule, tb: &'a Tablebase, cur: &'a [AtomicI8], k: usize, t: &Board) -> Self {
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
        }
    }
}

/// Values layer `k` (the next one of `tb`) with `jobs` workers playing from boards like
/// `template`; `progress` is updated as chunks finish. `Ok(None)`: stopped (Ctrl-C or
/// `progress.stop`) before the end.
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
    let n = tb.layer_size(k);
    let cur: Vec<AtomicI8> = (0..n).map(|_| AtomicI8::new(UNKNOWN)).collect();
    let next = AtomicU64::new(0);
    let t = blank(template);
    let results: Vec<Result<()>> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..jobs.max(1))
            .map(|_| {
                let (cur, next, t) = (&cur, &next, &t);
                sc.spawn(move || -> Result<()> {
                    let mut w = Worker::new(rule, tb, cur, k, t);
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
                        for i in from..to {
                            w.value(i as usize)?;
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
    let n = tb.layer_size(k);
    if start > end || end > n {
        return Err(Error::msg(format!(
            "tablebase layer {k}: positions {start}..{end} are not a range of its {n} positions"
        )));
    }
    if cur.len() as u64 != n {
        return Err(Error::msg(format!(
            "tablebase layer {k}: {} values given for its {n} positions",
            cur.len()
        )));
    }
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
        w.value(i as usize)?;
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
