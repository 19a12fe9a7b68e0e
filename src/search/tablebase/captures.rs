//! Tablebases of rules whose ends read the captures and whose positions can come back: Oware's
//! `majority` end (more than half the seeds captured wins at once) and its cycles without a
//! capture.
//!
//! **Positions.** The value of a position is still the margin to be won from it (the mover's
//! future captures minus his opponent's, the seeds swept at the end included), but a `majority`
//! end makes it depend on how the seeds already captured are split: a position of layer `k` (`k`
//! seeds in the holes) of a game of `T` seeds carries the split `(a, T - k - a)`, player 1's
//! captures first. Splits in which a player already holds more than half are over and left out:
//! `a` runs over `max(0, T - k - T/2) ..= min(T - k, T/2)` ([`Captures::splits`]), and layer 0
//! is empty (half each, or more than half for one). A layer is its
//! splits in order, each the compositions of `k` seeds (the perfect index of [`super::index`])
//! with player 1 to move, then player 2.
//!
//! **Cycles.** Within a layer no seed is captured, so the split stays, and moves can cycle. The
//! rule must end a game on a position repeated since the last capture, with the seeds on the board
//! counted for nobody (`repeated_position` with `sweep: none`, Oware's `repetition=true
//! repetition_sweep=none`): a cycle is then worth 0 more to either player, whatever the moves
//! before it, and the value of a position does not depend on how it was reached. (Proof sketch: in
//! the game where endless play is worth 0, either player has an optimal strategy that looks at
//! the position only; one that forces a gain above 0 does so along an attractor, which never
//! meets a position twice, and one that only keeps the margin at 0 or above is content with a
//! repetition. So the values of that game are those of the game ended at the first repetition,
//! starting from any position with no history.) With `sweep: owners` (each player taking his side,
//! OpenSpiel's reading) the value would depend on the position at which the cycle closes, that is
//! on the history: no table of positions can hold it, and such rules are refused.
//!
//! **Build.** Each split of a layer is a graph: its positions, and moves that stay in it (no
//! capture) or leave it (a capture: a lower layer, already built; or an end) with a known
//! margin. Values are found by retrograde analysis on that graph, for player 1 (the maximiser):
//! for `t = k, k-1, ..., 1` the positions from which he can force a margin of at least `t` are
//! the attractor of the exits worth `t` or more, grown one threshold at a time (a position that
//! first joins at `t` is worth exactly `t`); the same for player 2 and `t = -k, ..., -1`; what
//! neither can force is worth 0 (endless play, or a draw of the remaining seeds).

use std::sync::atomic::Ordering;

use super::position::set_holes;
use super::{LayerProgress, Tablebase, UNKNOWN};
use crate::search::twoplayer::reading::{held, in_play};
use crate::{Board, Error, Result, Rule, INTERRUPTED};

/// Most moves of a line read from a captures tablebase.
pub const MAX_LINE: usize = 1000;

/// Writes position `i` of the split `a` of layer `k` onto `node` (a blank board: no history).
pub(super) fn set_position(
    tb: &Tablebase,
    k: usize,
    a: i64,
    i: usize,
    node: &mut Board,
    parts: &mut [usize],
) {
    set_holes(tb, k, i, node, parts);
    let total = tb.captures.map_or(0, |c| c.total);
    node.reserves[0] = a;
    node.reserves[1] = total - k as i64 - a;
    node.over = false;
    node.winner = 0;
    // A position with no history: the only one seen since the last capture is itself.
    node.seen = Default::default();
    node.seen.in_holes = node.layout.holes.iter().map(|&h| node.seeds[h]).sum();
    node.seen.hashes.push(node.position_hash());
}

/// The margin for player 1 (captures minus player 2's) on `b`.
#[inline]
pub(super) fn margin1(b: &Board) -> i32 {
    (held(b, 1) - held(b, 2)) as i32
}

/// One split's graph: moves that stay in it (as predecessors) and moves that leave it (with
/// their margin for player 1).
#[derive(Default)]
struct Graph {
    /// Moves of each position (0: none, never reached: such a position is over).
    degree: Vec<u32>,
    /// Exits: (position, margin for player 1 from it through that move).
    exits: Vec<(u32, i32)>,
    /// Moves within: (from, to), then as predecessor lists.
    inner: Vec<(u32, u32)>,
    pred_start: Vec<u32>,
    preds: Vec<u32>,
}

impl Graph {
    fn clear(&mut self, n: usize) {
        self.degree.clear();
        self.degree.resize(n, 0);
        self.exits.clear();
        self.inner.clear();
    }

    /// Predecessor lists from `inner` (counting sort by target).
    fn link(&mut self, n: usize) {
        self.pred_start.clear();
        self.pred_start.resize(n + 1, 0);
        for &(_, to) in &self.inner {
            self.pred_start[to as usize + 1] += 1;
        }
        for i in 0..n {
            self.pred_start[i + 1] += self.pred_start[i];
        }
        self.preds.clear();
        self.preds.resize(self.inner.len(), 0);
        let mut fill = self.pred_start.clone();
        for &(from, to) in &self.inner {
            self.preds[fill[to as usize] as usize] = from;
            fill[to as usize] += 1;
        }
    }
}

/// Values layer `k` (the next one of `tb`, a captures tablebase) in one thread. `Ok(None)`:
/// stopped (Ctrl-C or `progress.stop`).
pub fn build_layer(
    rule: &Rule,
    template: &Board,
    tb: &Tablebase,
    k: usize,
    progress: &LayerProgress,
) -> Result<Option<Vec<i8>>> {
    let Some(cap) = tb.captures else {
        return Err(Error::msg("not a captures tablebase"));
    };
    let (lo, splits) = cap.splits(k);
    let size = tb.index.size(k) as usize;
    let n = 2 * size;
    if n > u32::MAX as usize / 2 {
        return Err(Error::msg(format!(
            "tablebase layer {k}: {n} positions a split, too many for one graph"
        )));
    }
    let mut out = vec![UNKNOWN; n * splits as usize];
    let mut node = template.clone();
    let mut child = template.clone();
    let mut moves = Vec::new();
    let mut parts = vec![0usize; tb.holes.len()];
    let mut g = Graph::default();
    let mut value = vec![0i32; n];
    for s in 0..splits {
        let a = lo + s as i64;
        g.clear(n);
        for i in 0..n {
            if i % 4096 == 0
                && (INTERRUPTED.load(Ordering::Relaxed) || progress.stop.load(Ordering::Relaxed))
            {
                return Ok(None);
            }
            set_position(tb, k, a, i, &mut node, &mut parts);
            rule.legal_board(&node, &mut moves)?;
            g.degree[i] = moves.len() as u32;
            let before = margin1(&node);
            for &pit in &moves {
                child.copy_from(&node);
                rule.apply_board(&mut child, pit)?;
                let gain = margin1(&child) - before;
                if child.over {
                    g.exits.push((i as u32, gain));
                    continue;
                }
                let k2 = in_play(&child) as usize;
                if k2 < k {
                    let Some(v) = tb.probe(rule, &child)? else {
                        return Err(Error::msg(format!(
                            "{}: a move from layer {k} reached a position the lower layers do not cover",
                            rule.name
                        )));
                    };
                    let v1 = if child.to_move == 1 { v } else { -v };
                    g.exits.push((i as u32, gain + v1));
                } else if k2 == k && gain == 0 && child.reserves == node.reserves {
                    let r2 = tb
                        .index
                        .rank(tb.holes.iter().map(|&h| child.seeds[h] as usize))
                        as usize;
                    let j = (child.to_move - 1) * size + r2;
                    g.inner.push((i as u32, j as u32));
                } else {
                    return Err(Error::msg(format!(
                        "{}: a move from layer {k} changed the seeds held without taking seeds out of play: tablebases do not apply",
                        rule.name
                    )));
                }
            }
            progress.done.fetch_add(1, Ordering::Relaxed);
        }
        g.link(n);
        solve_split(&mut g, size, k as i32, &mut value);
        let base = s as usize * n;
        for i in 0..n {
            let v1 = value[i];
            let v = if i < size { v1 } else { -v1 };
            out[base + i] = v.clamp(-127, 127) as i8;
        }
    }
    Ok(Some(out))
}

/// The values for player 1 of one split's positions (`size` with player 1 to move, then as
/// many with player 2), margins within `-k..=k`, into `value`.
fn solve_split(g: &mut Graph, size: usize, k: i32, value: &mut [i32]) {
    let n = g.degree.len();
    value.iter_mut().for_each(|v| *v = 0);
    let mut joined = vec![false; n];
    let mut left = vec![0u32; n];
    let mut queue = Vec::new();
    // Exits by margin.
    g.exits.sort_unstable_by_key(|&(_, v)| v);
    for maximiser in [true, false] {
        joined.iter_mut().for_each(|j| *j = false);
        // The attractor's player needs one good move; his opponent must have only good ones.
        let own = |i: usize| (i < size) == maximiser;
        left.copy_from_slice(&g.degree);
        let thresholds: Vec<i32> = if maximiser {
            (1..=k).rev().collect()
        } else {
            (-k..=-1).collect()
        };
        for t in thresholds {
            // The exits that are good from this threshold on: worth exactly `t` (the better
            // ones were taken at earlier thresholds).
            let from = g.exits.partition_point(|&(_, v)| v < t);
            let to = g.exits.partition_point(|&(_, v)| v <= t);
            let good: Vec<u32> = g.exits[from..to].iter().map(|&(i, _)| i).collect();
            let mut reach =
                |i: usize, queue: &mut Vec<u32>, joined: &mut [bool], left: &mut [u32]| {
                    if joined[i] {
                        return;
                    }
                    if !own(i) {
                        left[i] -= 1;
                        if left[i] > 0 {
                            return;
                        }
                    }
                    joined[i] = true;
                    value[i] = t;
                    queue.push(i as u32);
                };
            // Exits worth more than `k` or less than `-k` cannot be (the margin is bounded by
            // the seeds in play); those beyond the last threshold are taken with it.
            let extra: Vec<u32> = if t == k && maximiser {
                let p = g.exits.partition_point(|&(_, v)| v <= k);
                g.exits[p..].iter().map(|&(i, _)| i).collect()
            } else if t == -k && !maximiser {
                let p = g.exits.partition_point(|&(_, v)| v < -k);
                g.exits[..p].iter().map(|&(i, _)| i).collect()
            } else {
                Vec::new()
            };
            for i in good.into_iter().chain(extra) {
                reach(i as usize, &mut queue, &mut joined, &mut left);
            }
            while let Some(q) = queue.pop() {
                let q = q as usize;
                for p in g.pred_start[q]..g.pred_start[q + 1] {
                    let p = g.preds[p as usize] as usize;
                    reach(p, &mut queue, &mut joined, &mut left);
                }
            }
        }
    }
}

/// A line of best moves from `b0`, a position that `tb` values (a captures tablebase), read from
/// the tablebase alone: at each position a move that keeps the value, one that takes seeds out of
/// play or ends the game first (progress), else one within the layer (a move onto a position seen
/// since the last capture ends the game, worth 0 more: the rule's repetition end, played by the
/// rule). At most `max` moves; stops short if no move keeps the value (never, for a right table).
pub fn line(rule: &Rule, tb: &Tablebase, b0: &Board, max: usize) -> Result<Vec<String>> {
    let mut out = Vec::new();
    let Some(mut need) = tb.probe(rule, b0)? else {
        return Ok(out);
    };
    let mut node = b0.clone();
    let mut child = b0.clone();
    let mut best = b0.clone();
    let mut moves = Vec::new();
    while out.len() < max && !node.over {
        let mover = node.to_move;
        let margin = |b: &Board| (held(b, mover) - held(b, 3 - mover)) as i32;
        let before = margin(&node);
        let k = in_play(&node);
        rule.legal_board(&node, &mut moves)?;
        let mut pick: Option<(usize, bool, i32)> = None;
        for &pit in &moves {
            child.copy_from(&node);
            rule.apply_board(&mut child, pit)?;
            let gain = margin(&child) - before;
            let (through, leaves) = if child.over {
                (gain, true)
            } else {
                let Some(v) = tb.value_of(rule, &child)? else {
                    continue;
                };
                let v = if child.to_move == mover { v } else { -v };
                (gain + v, in_play(&child) < k)
            };
            if through == need && pick.is_none_or(|(_, l, _)| leaves && !l) {
                pick = Some((pit, leaves, gain));
                best.copy_from(&child);
            }
        }
        let Some((pit, _, gain)) = pick else {
            break;
        };
        out.push(node.layout.label(pit));
        let rest = need - gain;
        need = if best.to_move == mover { rest } else { -rest };
        std::mem::swap(&mut node, &mut best);
    }
    Ok(out)
}
