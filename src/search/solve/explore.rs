//! Solving a solitaire: breadth-first over every position reachable from the start, the
//! shortest solution, position counts (`sowlab solve` of a one-player rule).

use std::sync::atomic::Ordering;

use rhai::Dynamic;
use serde::Serialize;

use crate::engine::board::state::Board;
use crate::engine::rule::rules::{board, Rule};
use crate::engine::script::primitives::INTERRUPTED;
use crate::error::Result;
use crate::search::position::Position;
use crate::search::solve::boards::BoardSteps;
use crate::search::solve::keys::{Codec, Table};
use crate::search::solve::layered::{explore_layered, Figures, Layered};
use crate::search::solve::limits::{Guard, OnProgress, SearchLimits, Stats, Stop};
use crate::search::solve::packed::Packed;

/// The result of a breadth-first search of a game's positions.
#[derive(Clone, Debug, Serialize)]
pub struct Solution {
    /// Solitaires: whether the start can be won; `None` when the search stopped before knowing.
    pub solvable: Option<bool>,
    /// One shortest winning line, as move labels (empty when there is none, or at a won start).
    pub solution: Vec<String>,
    /// The same line as pit ids.
    #[serde(skip)]
    pub solution_pits: Vec<usize>,
    /// Distinct positions (docs/readings.md, Conventions: the start and every state after a move, won ends included,
    /// lost ends never; for games of several players every reachable state).
    pub positions: u64,
    /// Won end positions among them.
    pub won_positions: u64,
    /// Lost ends met (not counted as positions).
    pub lost_ends: u64,
    /// The deepest BFS level reached (the longest shortest line, in moves).
    pub depth: u64,
    /// Search statistics.
    #[serde(flatten)]
    pub stats: Stats,
    /// Whether the layered search answered (`layered.rs`), not the breadth-first one: the same
    /// figures either way.
    #[serde(skip)]
    pub layered: bool,
    /// Whether the layered search played the moves on packed seeds (`packed.rs`), not on boards.
    #[serde(skip)]
    pub packed: bool,
}

/// `out` with the statistics of a search that ended (`stop`: why early) with tables of `bytes`.
pub(super) fn finish(mut out: Solution, guard: &Guard, stop: Option<Stop>, bytes: u64) -> Solution {
    out.stats.seconds = guard.start.elapsed().as_secs_f64();
    out.stats.complete = stop.is_none();
    out.stats.stopped = stop;
    out.stats.table_bytes = bytes;
    out
}

/// Explores every position reachable from `start` breadth-first, with a transposition table.
///
/// For a solitaire (one player) this solves the puzzle: a state that is over with no winner is a
/// lost end (not a position), one with a winner is a won position; the first won position met is
/// at the least depth, so the line to it is a shortest solution. For games of several players it
/// counts the distinct reachable states.
pub fn explore(
    rule: &Rule,
    start: &Dynamic,
    limits: &SearchLimits,
    progress: OnProgress,
) -> Result<Solution> {
    let guard = Guard::new(limits);
    let b0 = board(start).clone();
    let solitaire = b0.players() == 1;
    let mut out = Solution {
        solvable: None,
        solution: Vec::new(),
        solution_pits: Vec::new(),
        positions: 0,
        won_positions: 0,
        lost_ends: 0,
        depth: 0,
        stats: Stats::default(),
        layered: false,
        packed: false,
    };
    if b0.over {
        if solitaire && b0.winner == 0 {
            out.lost_ends = 1;
            out.solvable = Some(false);
        } else {
            out.positions = 1;
            out.won_positions = u64::from(b0.winner != 0);
            out.solvable = Some(b0.winner != 0);
        }
        return Ok(finish(out, &guard, None, 0));
    }
    if rule.plays_natively() {
        // A solitaire whose moves lower the seeds in the holes is searched layer by layer (the
        // same figures, without a table of every position), unless a limit counts nodes or
        // positions, or asks for the first solution: those stop where the breadth-first search
        // stops, and report what it has seen then.
        if solitaire && limits.max_nodes == 0 && limits.max_positions == 0 && !limits.first_solution
        {
            let mut guard = guard;
            let mut progress = progress;
            // A relay solitaire's moves are played on packed seeds; other rules' on boards.
            let layered = match Packed::of(rule, &b0) {
                Some(mut packed) => {
                    out.packed = true;
                    explore_layered(&mut packed, &mut guard, &mut progress)?
                }
                None => {
                    explore_layered(&mut BoardSteps::new(rule, &b0), &mut guard, &mut progress)?
                }
            };
            match layered {
                Layered::Done(f) => return Ok(from_layers(out, f, &b0, &guard)),
                Layered::NotLayered => {
                    // Start again from nothing (the clock keeps running).
                    out.packed = false;
                    guard.next_report = 1 << 16;
                    guard.next_poll = 0;
                    return explore_in::<Board>(rule, &b0, out, guard, limits, progress);
                }
            }
        }
        explore_in::<Board>(rule, &b0, out, guard, limits, progress)
    } else {
        explore_in::<Dynamic>(rule, &b0, out, guard, limits, progress)
    }
}

/// `out` with the figures of a layered search.
fn from_layers(mut out: Solution, f: Figures, b0: &Board, guard: &Guard) -> Solution {
    out.layered = true;
    out.stats.nodes = f.nodes;
    out.positions = f.positions;
    out.won_positions = f.won_positions;
    out.lost_ends = f.lost_ends;
    out.depth = f.depth;
    if let Some(line) = f.line {
        out.solution = line.iter().map(|&p| b0.layout.label(p)).collect();
        out.depth = out.depth.max(line.len() as u64);
        out.solution_pits = line;
        out.solvable = Some(true);
    } else if f.stop.is_none() {
        out.solvable = Some(false);
    }
    finish(out, guard, f.stop, f.bytes)
}

/// [`explore`] from `b0` (not over) on positions of type `P`.
pub(super) fn explore_in<P: Position>(
    rule: &Rule,
    b0: &Board,
    mut out: Solution,
    mut guard: Guard,
    limits: &SearchLimits,
    mut progress: OnProgress,
) -> Result<Solution> {
    let solitaire = b0.players() == 1;
    let codec = Codec::new(b0);
    let mut table: Table<u32> = Table::new();
    // parent[id] and via[id]: the position a position was first reached from, and the move.
    let mut parent: Vec<u32> = vec![u32::MAX];
    // The pit of each move, whole: a board may have more pits than 16 bits hold.
    let mut via: Vec<u32> = vec![u32::MAX];
    let mut key = Vec::with_capacity(64);
    codec.encode(b0, &mut key);
    table.insert_new(&key, 0);
    let mut frontier: Vec<u8> = key.clone();
    let mut frontier_ids: Vec<u32> = vec![0];
    let mut first_win: Option<u32> = None;
    let mut nodes = 0u64;
    let mut stop = None;
    let mut depth = 0u64;
    // One board for the position being expanded and one for the child being played, reused for
    // every node and move (no board allocated per move), and one buffer for the legal moves.
    let mut d = P::from_board(&codec.template);
    let mut child = P::from_board(&codec.template);
    let mut moves: Vec<usize> = Vec::new();
    'levels: while !frontier_ids.is_empty() {
        let mut next: Vec<u8> = Vec::new();
        let mut next_ids: Vec<u32> = Vec::new();
        let mut at = 0usize;
        for &id in &frontier_ids {
            at += codec.decode_into(&frontier[at..], &mut d.board_mut());
            // Ctrl-C may land inside a rule call, which then fails: that is a stop, not an error.
            match d.legal_into(rule, &mut moves) {
                Ok(()) => {}
                Err(_) if INTERRUPTED.load(Ordering::Relaxed) => {
                    stop = Some(Stop::Interrupted);
                    break 'levels;
                }
                Err(e) => return Err(e),
            }
            for &pit in &moves {
                if let Some(s) = guard.check(nodes, table.len() as u64, depth, &mut progress) {
                    stop = Some(s);
                    break 'levels;
                }
                if guard.over_memory(nodes, || {
                    table.bytes()
                        + (parent.capacity() + via.capacity()) as u64 * 4
                        + (frontier.capacity() + next.capacity()) as u64
                        + next_ids.capacity() as u64 * 4
                }) || parent.len() >= u32::MAX as usize
                {
                    stop = Some(Stop::MemoryLimit);
                    break 'levels;
                }
                child.copy_from(&d);
                match child.apply(rule, pit) {
                    Ok(()) => {}
                    Err(_) if INTERRUPTED.load(Ordering::Relaxed) => {
                        stop = Some(Stop::Interrupted);
                        break 'levels;
                    }
                    Err(e) => return Err(e),
                }
                nodes += 1;
                let cb = child.board();
                if solitaire && cb.over && cb.winner == 0 {
                    out.lost_ends += 1;
                    continue;
                }
                let new_id = parent.len() as u32;
                let (cid, is_new) = match codec.pack(&cb) {
                    Some(small) => {
                        let r = table.insert_small(small, new_id);
                        if r.1 && !cb.over {
                            // Into the next level's frontier below.
                            let (bytes, len) = small.bytes();
                            key.clear();
                            key.extend_from_slice(&bytes[..len]);
                        }
                        r
                    }
                    None => {
                        key.clear();
                        codec.encode(&cb, &mut key);
                        table.insert_new(&key, new_id)
                    }
                };
                if !is_new {
                    continue;
                }
                parent.push(id);
                via.push(u32::try_from(pit).expect("pit ids fit 32 bits (see max_pits)"));
                if cb.over {
                    if cb.winner != 0 {
                        out.won_positions += 1;
                        if solitaire && first_win.is_none() {
                            first_win = Some(cid);
                            if limits.first_solution {
                                stop = Some(Stop::FirstSolution);
                                break 'levels;
                            }
                        }
                    }
                } else {
                    next.extend_from_slice(&key);
                    next_ids.push(cid);
                }
            }
        }
        if !next_ids.is_empty() {
            depth += 1;
        }
        frontier = next;
        frontier_ids = next_ids;
    }
    out.stats.nodes = nodes;
    out.positions = table.len() as u64;
    out.depth = depth;
    if solitaire {
        if let Some(w) = first_win {
            let mut line = Vec::new();
            let mut at = w;
            while at != 0 {
                line.push(via[at as usize] as usize);
                at = parent[at as usize];
            }
            line.reverse();
            out.solution = line.iter().map(|&p| b0.layout.label(p)).collect();
            out.solution_pits = line;
            out.solvable = Some(true);
            out.depth = out.depth.max(out.solution.len() as u64);
        } else if stop.is_none() {
            out.solvable = Some(false);
        }
    }
    let bytes = table.bytes() + parent.capacity() as u64 * 4 + via.capacity() as u64 * 2;
    Ok(finish(out, &guard, stop, bytes))
}

// ---------------------------------------------------------------------------------------------
// Two players: game values
