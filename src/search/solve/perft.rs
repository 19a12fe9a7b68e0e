//! Perft: the number of move sequences of each length from a position, as a check of the move
//! generation and a measure of its speed.

use std::sync::atomic::Ordering;

use rhai::Dynamic;
use serde::Serialize;

use crate::engine::board::state::Board;
use crate::engine::rule::rules::{board, Rule};
use crate::engine::script::primitives::INTERRUPTED;
use crate::error::{Error, Result};
use crate::search::position::Position;
use crate::search::solve::limits::{Guard, OnProgress, SearchLimits, Stats, Stop};

/// Move counts by depth: `counts[k]` is the number of move sequences of length `k` from the start
/// (`counts[0] == 1`); an ended game has no moves.
#[derive(Clone, Debug, Serialize)]
pub struct Perft {
    /// Counts by depth.
    pub counts: Vec<u64>,
    /// Search statistics.
    #[serde(flatten)]
    pub stats: Stats,
}

/// Counts move sequences up to `depth` moves (no transpositions: every line is played).
pub fn perft(
    rule: &Rule,
    start: &Dynamic,
    depth: usize,
    limits: &SearchLimits,
    progress: OnProgress,
) -> Result<Perft> {
    if rule.plays_natively() {
        perft_in::<Board>(rule, &board(start), depth, limits, progress)
    } else {
        perft_in::<Dynamic>(rule, &board(start), depth, limits, progress)
    }
}

/// [`perft`] on positions of type `P`: one board per ply, reused by every move played there.
pub(super) fn perft_in<P: Position>(
    rule: &Rule,
    start: &Board,
    depth: usize,
    limits: &SearchLimits,
    mut progress: OnProgress,
) -> Result<Perft> {
    let mut guard = Guard::new(limits);
    let mut counts = vec![0u64; depth + 1];
    let mut nodes = 0u64;
    let mut boards: Vec<P> = (0..=depth).map(|_| P::from_board(start)).collect();
    let mut moves: Vec<Vec<usize>> = vec![Vec::new(); depth];
    let stop = perft_rec(
        rule,
        &mut boards,
        &mut moves,
        0,
        &mut counts,
        &mut nodes,
        &mut guard,
        &mut progress,
    )?;
    Ok(Perft {
        counts,
        stats: Stats {
            nodes,
            seconds: guard.start.elapsed().as_secs_f64(),
            complete: stop.is_none(),
            stopped: stop,
            table_bytes: 0,
        },
    })
}

/// Counts the lines from `boards[0]` (at `ply`); `boards[1..]` and `moves` are scratch space for
/// the plies below (one board and one move list per ply).
#[allow(clippy::too_many_arguments)]
pub(super) fn perft_rec<P: Position>(
    rule: &Rule,
    boards: &mut [P],
    moves: &mut [Vec<usize>],
    ply: usize,
    counts: &mut [u64],
    nodes: &mut u64,
    guard: &mut Guard,
    progress: &mut OnProgress,
) -> Result<Option<Stop>> {
    counts[ply] += 1;
    let (Some((d, below)), Some((legal, moves_below))) =
        (boards.split_first_mut(), moves.split_first_mut())
    else {
        return Ok(None);
    };
    // Ctrl-C inside a rule call fails the call: a stop, not an error.
    let interrupted = |e: Error| {
        if INTERRUPTED.load(Ordering::Relaxed) {
            Ok(Some(Stop::Interrupted))
        } else {
            Err(e)
        }
    };
    if let Err(e) = d.legal_into(rule, legal) {
        return interrupted(e);
    }
    for &pit in legal.iter() {
        if let Some(s) = guard.check(*nodes, 0, ply as u64, progress) {
            return Ok(Some(s));
        }
        let child = &mut below[0];
        child.copy_from(d);
        if let Err(e) = child.apply(rule, pit) {
            return interrupted(e);
        }
        *nodes += 1;
        if let Some(s) = perft_rec(
            rule,
            below,
            moves_below,
            ply + 1,
            counts,
            nodes,
            guard,
            progress,
        )? {
            return Ok(Some(s));
        }
    }
    Ok(None)
}
