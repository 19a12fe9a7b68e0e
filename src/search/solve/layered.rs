//! Solving a solitaire layer by layer, without a table of every position: for a rule in which
//! every move that does not lose leaves fewer seeds in the holes (Tchuka Ruma: each such move
//! ends in the ruma), the positions fall into layers by the seeds left in the holes, and a move
//! always leads to a lower layer. The layers are expanded from the start's down; a layer's
//! positions are collected (duplicates included) while the layers above it are expanded, and
//! sorted and deduplicated when its turn comes: every predecessor is done by then, so the fewest
//! moves from the start of each of its positions are final, as in a breadth-first search.
//!
//! A position is its packed key ([`Codec::pack`]) in one `u128`, its depth in the low byte, so a
//! layer is a plain vector sorted by key: no hashing, no parent links. The counts (positions,
//! wins, lost ends, moves, depth) are those of the breadth-first search of `explore.rs`; its
//! solution (the first won position it meets, through the first parent that met each position)
//! is the lexicographically least shortest line, by the order of the legal moves, and
//! [`least_line`] finds that line again from the kept layers' depths.
//!
//! Whether a rule qualifies is checked as the search runs, on every move: a move that keeps or
//! adds seeds in the holes, a key that does not pack or a depth over 255 gives up
//! ([`Layered::NotLayered`]), and the caller runs the breadth-first search instead.

use std::sync::atomic::Ordering;

use crate::engine::board::state::Board;
use crate::engine::rule::rules::Rule;
use crate::engine::script::primitives::INTERRUPTED;
use crate::error::Result;
use crate::search::solve::keys::{Codec, SmallKey};
use crate::search::solve::limits::{Guard, OnProgress, Stop};

/// What the layered search found.
pub(super) enum Layered {
    /// The rule does not fit (see the module's text): search it another way.
    NotLayered,
    /// The search ran (to its end, or until `stop`).
    Done(Figures),
}

/// The figures of a layered search, as `explore` reports them.
pub(super) struct Figures {
    pub(super) positions: u64,
    pub(super) won_positions: u64,
    pub(super) lost_ends: u64,
    pub(super) nodes: u64,
    /// The greatest depth of a position that is not over.
    pub(super) depth: u64,
    /// The least shortest solution (pits), when the search is complete and the start can be won.
    pub(super) line: Option<Vec<usize>>,
    pub(super) stop: Option<Stop>,
    pub(super) bytes: u64,
}

/// Seeds in the holes (the stores left out): the quantity each move must lower.
#[inline]
fn in_holes(b: &Board) -> usize {
    b.layout.holes.iter().map(|&h| b.seeds[h] as usize).sum()
}

/// `k` and a depth as one sortable number: the key's 15 bytes above, the depth in the low byte
/// (the key's length byte is the same for every position of a search: see [`Key::len`]).
#[inline]
fn entry(k: SmallKey, depth: u8) -> u128 {
    let key = ((k.1 & 0x00FF_FFFF_FFFF_FFFF) as u128) << 64 | k.0 as u128;
    key << 8 | depth as u128
}

/// The key part of an entry (without its depth).
#[inline]
fn key_of(e: u128) -> u128 {
    e >> 8
}

/// The packed key of an entry, its length byte `len` put back.
#[inline]
fn small_of(e: u128, len: u64) -> SmallKey {
    let k = e >> 8;
    SmallKey(k as u64, (k >> 64) as u64 | len << 56)
}

/// Sorts `v` and keeps one entry per key, the one with the least depth.
fn compact(v: &mut Vec<u128>) {
    v.sort_unstable();
    v.dedup_by(|later, kept| key_of(*later) == key_of(*kept));
}

/// Pending layers are compacted when they grow past this (and then past twice their size).
const FIRST_COMPACTION: usize = 1 << 16;

fn bytes_of(layers: &[Vec<u128>]) -> u64 {
    layers.iter().map(|v| v.capacity() as u64 * 16).sum()
}

/// Explores a solitaire whose moves are native from `b0` (not over), layer by layer.
pub(super) fn explore_layered(
    rule: &Rule,
    b0: &Board,
    guard: &mut Guard,
    progress: &mut OnProgress,
) -> Result<Layered> {
    let codec = Codec::new(b0);
    let Some(start) = codec.pack(b0) else {
        return Ok(Layered::NotLayered);
    };
    let len = start.1 >> 56;
    let top = in_holes(b0);
    // pending[l]: positions with `l` seeds in the holes met so far; kept[l]: layer l, done.
    let mut pending: Vec<Vec<u128>> = vec![Vec::new(); top + 1];
    let mut kept: Vec<Vec<u128>> = vec![Vec::new(); top + 1];
    let mut compact_at: Vec<usize> = vec![FIRST_COMPACTION; top + 1];
    pending[top].push(entry(start, 0));
    let mut f = Figures {
        positions: 0,
        won_positions: 0,
        lost_ends: 0,
        nodes: 0,
        depth: 0,
        line: None,
        stop: None,
        bytes: 0,
    };
    let mut least_win: Option<u8> = None;
    let mut d = codec.template.clone();
    let mut child = codec.template.clone();
    let mut moves: Vec<usize> = Vec::new();
    'layers: for l in (0..=top).rev() {
        let mut layer = std::mem::take(&mut pending[l]);
        compact(&mut layer);
        layer.shrink_to_fit();
        f.positions += layer.len() as u64;
        for &e in &layer {
            let depth = e as u8;
            codec.unpack(small_of(e, len), &mut d);
            if d.over {
                if d.winner != 0 {
                    f.won_positions += 1;
                    least_win = Some(least_win.map_or(depth, |w| w.min(depth)));
                }
                continue;
            }
            f.depth = f.depth.max(depth as u64);
            // Ctrl-C may land inside a rule call, which then fails: that is a stop, not an error.
            match rule.legal_board(&d, &mut moves) {
                Ok(()) => {}
                Err(_) if INTERRUPTED.load(Ordering::Relaxed) => {
                    f.stop = Some(Stop::Interrupted);
                    break 'layers;
                }
                Err(e) => return Err(e),
            }
            for &pit in &moves {
                if let Some(s) = guard.check(f.nodes, f.positions, f.depth, progress) {
                    f.stop = Some(s);
                    break 'layers;
                }
                if guard.over_memory(f.nodes, || bytes_of(&pending) + bytes_of(&kept)) {
                    f.stop = Some(Stop::MemoryLimit);
                    break 'layers;
                }
                child.copy_from(&d);
                match rule.apply_board(&mut child, pit) {
                    Ok(()) => {}
                    Err(_) if INTERRUPTED.load(Ordering::Relaxed) => {
                        f.stop = Some(Stop::Interrupted);
                        break 'layers;
                    }
                    Err(e) => return Err(e),
                }
                f.nodes += 1;
                if child.over && child.winner == 0 {
                    f.lost_ends += 1;
                    continue;
                }
                let c = in_holes(&child);
                if c >= l || depth == u8::MAX {
                    return Ok(Layered::NotLayered);
                }
                let Some(k) = codec.pack(&child).filter(|k| k.1 >> 56 == len) else {
                    return Ok(Layered::NotLayered);
                };
                let next = &mut pending[c];
                next.push(entry(k, depth + 1));
                if next.len() >= compact_at[c] {
                    compact(next);
                    compact_at[c] = (2 * next.len()).max(FIRST_COMPACTION);
                }
            }
        }
        kept[l] = layer;
    }
    f.bytes = bytes_of(&pending) + bytes_of(&kept);
    if f.stop.is_none() {
        if let Some(target) = least_win {
            let mut line = Vec::new();
            let mut ctx = Search {
                rule,
                codec: &codec,
                kept: &kept,
                len,
                target,
                dead: kept.iter().map(|v| vec![0; v.len().div_ceil(64)]).collect(),
            };
            // A board and a buffer of moves for each level of the line.
            let mut stack: Vec<(Board, Vec<usize>)> = (0..=target)
                .map(|_| (codec.template.clone(), Vec::new()))
                .collect();
            stack[0].0.copy_from(b0);
            match ctx.reach(&mut stack, 0, &mut line) {
                Ok(true) => f.line = Some(line),
                // (Cannot happen: a won position at that depth has a line to it. Should it, the
                // breadth-first search answers.)
                Ok(false) => return Ok(Layered::NotLayered),
                Err(_) if INTERRUPTED.load(Ordering::Relaxed) => f.stop = Some(Stop::Interrupted),
                Err(e) => return Err(e),
            }
        }
    }
    Ok(Layered::Done(f))
}

/// The walk that finds the least shortest line in the kept layers.
struct Search<'a> {
    rule: &'a Rule,
    codec: &'a Codec,
    kept: &'a [Vec<u128>],
    len: u64,
    /// The least depth of a won position.
    target: u8,
    /// `dead[l]`: a bit per position of `kept[l]`, set when it has no shortest line to a win.
    dead: Vec<Vec<u64>>,
}

impl Search<'_> {
    /// Whether a shortest winning line goes on from `stack[0]`'s board (at `depth`, on one):
    /// its moves, the least by the order of the legal moves, are pushed to `line`. The rest of
    /// `stack` holds the boards of the levels below.
    ///
    /// The breadth-first search's line has the same property: its last position is the first
    /// won one met at the least depth, and each position on it was first met from its parent,
    /// the first in the search's order of its level that has it as a child; by induction over
    /// the levels, that order is the order of the least lines to the positions, so the line is
    /// the least of the shortest winning lines.
    fn reach(
        &mut self,
        stack: &mut [(Board, Vec<usize>)],
        depth: u8,
        line: &mut Vec<usize>,
    ) -> Result<bool> {
        let ((b, moves), rest) = stack.split_first_mut().expect("a board per level");
        self.rule.legal_board(b, moves)?;
        for &pit in moves.iter() {
            let child = &mut rest[0].0;
            child.copy_from(b);
            self.rule.apply_board(child, pit)?;
            if child.over && child.winner == 0 {
                continue;
            }
            if depth + 1 == self.target {
                if child.over && child.winner != 0 {
                    line.push(pit);
                    return Ok(true);
                }
                continue;
            }
            if child.over {
                continue;
            }
            let Some(k) = self.codec.pack(child) else {
                continue;
            };
            let key = key_of(entry(k, 0));
            let l = in_holes(child);
            let layer = &self.kept[l];
            let Ok(at) = layer.binary_search_by(|e| key_of(*e).cmp(&key)) else {
                continue;
            };
            if layer[at] as u8 != depth + 1 || self.dead[l][at / 64] & 1 << (at % 64) != 0 {
                continue;
            }
            line.push(pit);
            self.codec.unpack(small_of(layer[at], self.len), child);
            if self.reach(rest, depth + 1, line)? {
                return Ok(true);
            }
            line.pop();
            self.dead[l][at / 64] |= 1 << (at % 64);
        }
        Ok(false)
    }
}
