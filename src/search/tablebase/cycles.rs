//! What a layer's position leads to, and the layers whose moves can cycle (Oware: seeds run
//! round the board without a capture), valued by retrograde iteration.
//!
//! Every move of a position either leaves the layer (the game ends, or seeds leave play: a value
//! known from the lower layers) or stays in it (a position of the same layer, whose value counts
//! with a sign, `+` when the same player moves again). Within a layer no seed leaves play, so the
//! margin still to be won from any of its positions lies within `-k..=k`.
//!
//! Retrograde iteration keeps two bounds per position, `lo` and `hi`, starting at `-k` and `k`,
//! and raises `lo` and lowers `hi` to what the moves prove, `lo = max(exit, lo of the same
//! mover's positions, -hi of the opponent's)` and the same for `hi`, until nothing changes. At
//! that point `lo` is the value of the game in which endless play is worth the least to the
//! player to move, and `hi` the most: where they meet, the value does not depend on how endless
//! play is read, since any reading gives endless play a value within `-k..=k` (a player who can
//! force his value out of the cycle does so; the bounds then hold for repetition ends too, on a
//! fresh start: a line that guarantees more than `-k` never repeats a position). Where they do
//! not meet, both players can keep the game going in a cycle and the value is that of the rule's
//! reading of endless play. A repetition end (a position repeated since the last capture ends the
//! game, each player taking his side: Oware's `repetition=true`) depends on the moves since the
//! last capture, which no value of the position alone can hold: the layer keeps both bounds for
//! those positions (valid on a fresh start, nothing seen since the capture, which is how the
//! search meets a layer), and the exact search, which keys the positions seen, finds their value
//! along its lines, narrowed by the bounds. A rule with no end for endless play is refused, with
//! the count.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::Tablebase;
use crate::search::twoplayer::reading::{held, in_play};
use crate::{Board, Error, Result, Rule, INTERRUPTED};

/// The progress of a layer being built.
#[derive(Default)]
pub struct LayerProgress {
    /// Positions valued (counted by chunks).
    pub done: AtomicU64,
    /// Set to stop the workers (the layer is then dropped).
    pub stop: AtomicBool,
}

/// Where a move leads, seen from the position it is played from.
#[derive(Clone, Copy, Debug)]
pub enum Outcome {
    /// Out of the layer: worth between these two to the mover (equal: known; apart: a lower
    /// position in an open cycle).
    Exit(i32, i32),
    /// To position `at` of the same layer: worth `sign * value(at) + off` to the mover.
    Same {
        /// The position's index in the layer.
        at: u64,
        /// `1` when the same player moves again, `-1` when the turn passes.
        sign: i8,
        /// The margin the move wins at once (0 within a layer, but read from the board).
        off: i16,
    },
}

/// Plays every move of position `i` of layer `k` (set into `node`, a blank board of the rule;
/// `child` and `moves` are scratch space) into `out`. Empty when the position never arises:
/// its player to move has no move (the game is over as soon as it arises), or the seeds held
/// already decide the game (a `majority` end).
#[allow(clippy::too_many_arguments)]
pub fn outcomes(
    rule: &Rule,
    tb: &Tablebase,
    k: usize,
    i: u64,
    node: &mut Board,
    child: &mut Board,
    moves: &mut Vec<usize>,
    parts: &mut [usize],
    out: &mut Vec<Outcome>,
) -> Result<()> {
    out.clear();
    tb.set_position(k, i, node, parts);
    let mover = node.to_move;
    let t = tb.total();
    if t > 0 {
        let (a, b) = (held(node, mover), held(node, 3 - mover));
        if 2 * a > t || 2 * b > t || (k == 0 && a == b) {
            return Ok(());
        }
    }
    rule.legal_board(node, moves)?;
    let before = held(node, mover) - held(node, 3 - mover);
    for &pit in moves.iter() {
        child.copy_from(node);
        rule.apply_board(child, pit)?;
        let now = (held(child, mover) - held(child, 3 - mover)) as i32;
        if child.over {
            out.push(Outcome::Exit(now - before as i32, now - before as i32));
            continue;
        }
        let m2 = child.to_move;
        let sign: i32 = if m2 == mover { 1 } else { -1 };
        let off = now - before as i32;
        let k2 = in_play(child) as usize;
        if k2 < k {
            let (l, h) = tb.bounds(child).ok_or_else(|| {
                Error::msg(format!(
                    "{}: a move from layer {k} reached a position the lower layers do not cover",
                    rule.name
                ))
            })?;
            let (l, h) = if sign == 1 { (l, h) } else { (-h, -l) };
            out.push(Outcome::Exit(l + off, h + off));
        } else if k2 == k {
            let at = tb.index_in_layer(child, k).ok_or_else(|| {
                Error::msg(format!(
                    "{}: a move within layer {k} reached a position the layer does not index",
                    rule.name
                ))
            })?;
            out.push(Outcome::Same {
                at,
                sign: sign as i8,
                off: off as i16,
            });
        } else {
            return Err(Error::msg(format!(
                "{}: a move brought seeds back into play ({k} to {k2}): tablebases do not apply",
                rule.name
            )));
        }
    }
    Ok(())
}

/// Values layer `k` of `tb` by retrograde iteration (one worker), playing from `template` (a
/// blank board of the rule). `Ok(None)`: stopped (Ctrl-C or `progress.stop`).
pub fn build_cyclic(
    rule: &Rule,
    template: &Board,
    tb: &Tablebase,
    k: usize,
    progress: &LayerProgress,
) -> Result<Option<Vec<i8>>> {
    let n = tb.layer_size(k) as usize;
    // Each position's best exit (i32::MIN: none) and its moves within the layer (CSR).
    let mut exit = vec![(i32::MIN, i32::MIN); n];
    let mut start = Vec::with_capacity(n + 1);
    let mut edges: Vec<(u64, i8, i16)> = Vec::new();
    let mut never = vec![false; n];
    let (mut node, mut child) = (template.clone(), template.clone());
    let mut moves = Vec::new();
    let mut parts = vec![0usize; tb.holes()];
    let mut out = Vec::new();
    for i in 0..n {
        if i % 4096 == 0
            && (INTERRUPTED.load(Ordering::Relaxed) || progress.stop.load(Ordering::Relaxed))
        {
            return Ok(None);
        }
        start.push(edges.len());
        node.copy_from(template);
        outcomes(
            rule, tb, k, i as u64, &mut node, &mut child, &mut moves, &mut parts, &mut out,
        )?;
        never[i] = out.is_empty();
        for o in &out {
            match *o {
                Outcome::Exit(l, h) => exit[i] = (exit[i].0.max(l), exit[i].1.max(h)),
                Outcome::Same { at, sign, off } => edges.push((at, sign, off)),
            }
        }
    }
    start.push(edges.len());
    let kb = k as i32;
    let mut lo = vec![-kb; n];
    let mut hi = vec![kb; n];
    for i in 0..n {
        if never[i] {
            (lo[i], hi[i]) = (0, 0);
        } else if start[i] == start[i + 1] {
            (lo[i], hi[i]) = exit[i];
        }
    }
    loop {
        if INTERRUPTED.load(Ordering::Relaxed) || progress.stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let mut changed = false;
        for i in 0..n {
            if lo[i] == hi[i] || start[i] == start[i + 1] {
                continue;
            }
            let (mut l, mut h) = exit[i];
            for &(j, sign, off) in &edges[start[i]..start[i + 1]] {
                let (j, off) = (j as usize, off as i32);
                let (cl, ch) = if sign == 1 {
                    (lo[j] + off, hi[j] + off)
                } else {
                    (off - hi[j], off - lo[j])
                };
                l = l.max(cl);
                h = h.max(ch);
            }
            let (l, h) = (l.max(lo[i]), h.min(hi[i]));
            if (l, h) != (lo[i], hi[i]) {
                (lo[i], hi[i]) = (l, h);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let open: Vec<usize> = (0..n).filter(|&i| lo[i] != hi[i]).collect();
    if !open.is_empty() && !tb.repetition() {
        let i = open[0];
        node.copy_from(template);
        tb.set_position(k, i as u64, &mut node, &mut parts);
        let holes: Vec<String> = parts.iter().map(|p| p.to_string()).collect();
        return Err(Error::msg(format!(
            "{}: tablebases do not apply: in layer {k}, {} positions (e.g. holes {}, player {} to move: between {} and {}) are worth what the rule makes of endless play, since both players can keep a cycle going, and the rule does not end such a game (set repetition=true where the rule has it)",
            rule.name,
            open.len(),
            holes.join(" "),
            node.to_move,
            lo[i],
            hi[i]
        )));
    }
    progress.done.store(n as u64, Ordering::Relaxed);
    Ok(Some(
        lo.into_iter().map(|v| v.clamp(-127, 127) as i8).collect(),
    ))
}
