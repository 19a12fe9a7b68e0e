//! Building a layer: every position of `k` seeds in play, for either player to move, valued from
//! the layers below and from itself.
//!
//! Each position's moves are played by the rule itself ([`Rule::apply_board`]). A move that ends
//! the game is worth what it wins at once; one that takes seeds out of play leads to a lower
//! layer, already built; one that keeps every seed in play leads to the same layer, valued first,
//! depth first. Workers (`jobs`) take chunks of the index in turn; two that meet the same
//! position compute the same value, so they share one array of atomic bytes without locks.
//!
//! A position met again on its own line means the layer's moves can cycle (Oware): the layer is
//! then valued by retrograde iteration instead ([`super::cycles`]).

use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU64, Ordering};
use std::sync::Arc;

pub use super::cycles::LayerProgress;
use super::cycles::{build_cyclic, outcomes, Outcome};
use super::{Tablebase, UNKNOWN};
use crate::{Board, Error, Result, Rule, INTERRUPTED};

/// Positions a worker takes at a time.
const CHUNK: u64 = 1 << 12;

/// One depth's scratch space: the position, the board a move is played on, the moves, what
/// they lead to.
type Scratch = (Board, Board, Vec<usize>, Vec<Outcome>);

/// One worker's boards: a board per depth of the same-layer search (parent, child, moves).
struct Worker<'a> {
    rule: &'a Rule,
    tb: &'a Tablebase,
    cur: &'a [AtomicI8],
    k: usize,
    template: Board,
    stack: Vec<Option<Scratch>>,
    line: Vec<usize>,
    parts: Vec<usize>,
    /// Set when a position came back on its own line: the layer cycles.
    cyclic: bool,
}

impl Worker<'_> {
    /// The value of position `i` of the current layer (computing it and what it needs).
    fn value(&mut self, i: usize) -> Result<i8> {
        let known = self.cur[i].load(Ordering::Relaxed);
        if known != UNKNOWN {
            return Ok(known);
        }
        if self.line.contains(&i) {
            self.cyclic = true;
            return Err(Error::msg("the layer's moves cycle"));
        }
        let depth = self.line.len();
        if self.stack.len() <= depth {
            self.stack.push(None);
        }
        let (mut node, mut child, mut moves, mut outs) =
            self.stack[depth].take().unwrap_or_else(|| {
                (
                    self.template.clone(),
                    self.template.clone(),
                    Vec::new(),
                    Vec::new(),
                )
            });
        node.copy_from(&self.template);
        let r = outcomes(
            self.rule,
            self.tb,
            self.k,
            i as u64,
            &mut node,
            &mut child,
            &mut moves,
            &mut self.parts,
            &mut outs,
        );
        self.line.push(i);
        let mut result = r;
        // A position whose player to move has no move is over as soon as it arises: never
        // probed. Its byte says 0.
        let mut best = if outs.is_empty() { 0 } else { i32::MIN };
        if result.is_ok() {
            for o in &outs {
                let v = match *o {
                    Outcome::Exit(l, h) if l == h => l,
                    // A lower position in an open cycle: this layer is valued by iteration.
                    Outcome::Exit(..) => {
                        self.cyclic = true;
                        result = Err(Error::msg("an exit to an open cycle"));
                        break;
                    }
                    Outcome::Same { at, sign, off } => match self.value(at as usize) {
                        Ok(v) => sign as i32 * v as i32 + off as i32,
                        Err(e) => {
                            result = Err(e);
                            break;
                        }
                    },
                };
                best = best.max(v);
            }
        }
        self.line.pop();
        self.stack[depth] = Some((node, child, moves, outs));
        result?;
        let v = best.clamp(-127, 127) as i8;
        self.cur[i].store(v, Ordering::Relaxed);
        Ok(v)
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
    let n = tb.layer_size(k);
    let cur: Vec<AtomicI8> = (0..n).map(|_| AtomicI8::new(UNKNOWN)).collect();
    let next = AtomicU64::new(0);
    let t = blank(template);
    let cyclic = AtomicBool::new(false);
    let results: Vec<Result<()>> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..jobs.max(1))
            .map(|_| {
                // Each worker plays on its own copy of the layout: one shared `Arc` would make
                // the cores fight over its counter.
                let mut own = t.clone();
                own.layout = Arc::new((*t.layout).clone());
                let (cur, next, cyclic) = (&cur, &next, &cyclic);
                sc.spawn(move || -> Result<()> {
                    let mut w = Worker {
                        rule,
                        tb,
                        cur,
                        k,
                        template: own,
                        stack: Vec::new(),
                        line: Vec::new(),
                        parts: vec![0; tb.holes.len()],
                        cyclic: false,
                    };
                    loop {
                        if INTERRUPTED.load(Ordering::Relaxed)
                            || progress.stop.load(Ordering::Relaxed)
                            || cyclic.load(Ordering::Relaxed)
                        {
                            return Ok(());
                        }
                        let from = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if from >= n {
                            return Ok(());
                        }
                        let to = (from + CHUNK).min(n);
                        for i in from..to {
                            if let Err(e) = w.value(i as usize) {
                                if w.cyclic {
                                    cyclic.store(true, Ordering::Relaxed);
                                    return Ok(());
                                }
                                return Err(e);
                            }
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
    if cyclic.load(Ordering::Relaxed) {
        progress.done.store(0, Ordering::Relaxed);
        return build_cyclic(rule, &t, tb, k, progress);
    }
    if INTERRUPTED.load(Ordering::Relaxed) || progress.stop.load(Ordering::Relaxed) {
        return Ok(None);
    }
    Ok(Some(cur.into_iter().map(|a| a.into_inner()).collect()))
}

/// A board like `template` with nothing in it: no seeds, nothing held, no history.
fn blank(template: &Board) -> Board {
    let mut t = template.clone();
    t.seeds.iter_mut().for_each(|s| *s = 0);
    t.reserves.iter_mut().for_each(|r| *r = 0);
    t.vars.iter_mut().for_each(|v| *v = 0);
    t.discarded = 0;
    t.over = false;
    t.winner = 0;
    t.trace = None;
    t.seen = Default::default();
    t
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
