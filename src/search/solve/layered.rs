//! Solving a solitaire layer by layer, without a table of every position: for a rule in which
//! every move that does not lose leaves fewer seeds in the holes (Tchuka Ruma: each such move
//! ends in the ruma), the positions fall into layers by the seeds left in the holes, and a move
//! always leads to a lower layer. The layers are expanded from the start's down; a layer's
//! positions are collected (duplicates included) while the layers above it are expanded, and
//! sorted and deduplicated when its turn comes: every predecessor is done by then, so the fewest
//! moves from the start of each of its positions are final, as in a breadth-first search.
//!
//! The search sees a rule only through [`Steps`] (`steps.rs`): each position's moves and where they lead,
//! positions as keys of at most 15 bytes (`boards.rs` plays the rule's declared move on boards,
//! `packed.rs` the moves of a relay solitaire on packed seeds). A layer is a list of entries
//! (key, depth, parent: `entries.rs`) sorted by key: no hashing. With each position stay the
//! parents it was reached from at its least depth (its shortest-line parents). The counts
//! (positions, wins, lost ends, moves, depth) are those of the breadth-first search of
//! `explore.rs`; its solution (the first won position it meets, through the first parent that met
//! each position) is the least shortest winning line by the order of the legal moves, found again
//! from the layers (`line.rs`).
//!
//! Whether a rule qualifies is checked as the search runs, on every move: a move that keeps or
//! adds seeds in the holes, a key that does not pack or a depth over 255 gives up
//! ([`Layered::NotLayered`]), and the caller runs the breadth-first search instead. The bounds
//! (Ctrl-C, the deadline, the memory budget) are looked at between positions
//! ([`Guard::poll`]), so the loop over a position's moves is the moves alone.

use std::sync::atomic::Ordering;

use crate::engine::script::primitives::INTERRUPTED;
use crate::error::Result;
use crate::search::solve::entries::{compact, parent_ref, Entry, Narrow, Wide, NO_PARENT};
use crate::search::solve::limits::{Guard, OnProgress, Stop};
use crate::search::solve::line::least_line;
use crate::search::solve::steps::{Next, Steps};

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

/// Pending lists are compacted when they grow past this (and then past twice their size).
///
/// (Lists are sorted once, when their layer's turn comes, unless they grow past this: the
/// Tchuka Ruma table's largest, 8 holes x 6 seeds, stays under it; compacting its lists from
/// 65,536 entries on sorted each entry about 2.5 times.)
const FIRST_COMPACTION: usize = 1 << 20;

/// The positions met so far of a layer not yet expanded, with duplicates.
struct Pending<E> {
    list: Vec<E>,
    /// Its length at the next compaction.
    compact_at: usize,
}

impl<E: Entry> Pending<E> {
    fn new() -> Self {
        Pending {
            list: Vec::new(),
            compact_at: FIRST_COMPACTION,
        }
    }

    #[inline(always)]
    fn push(&mut self, e: E, scratch: &mut Vec<E>, key_bytes: usize) {
        self.list.push(e);
        if self.list.len() >= self.compact_at {
            self.compact(scratch, key_bytes);
        }
    }

    #[cold]
    #[inline(never)]
    fn compact(&mut self, scratch: &mut Vec<E>, key_bytes: usize) {
        compact(&mut self.list, scratch, key_bytes);
        self.compact_at = (2 * self.list.len()).max(FIRST_COMPACTION);
    }
}

fn bytes_of<E>(pending: &[Pending<E>], kept: &[Vec<E>], scratch: &[E]) -> u64 {
    let lists = pending.iter().map(|p| p.list.capacity()).sum::<usize>()
        + kept.iter().map(Vec::capacity).sum::<usize>()
        + scratch.len();
    (lists * std::mem::size_of::<E>()) as u64
}

/// Explores a solitaire from its start (not over), layer by layer, through `steps`.
pub(super) fn explore_layered(
    steps: &mut impl Steps,
    guard: &mut Guard,
    progress: &mut OnProgress,
) -> Result<Layered> {
    let Some((start, top)) = steps.start() else {
        return Ok(Layered::NotLayered);
    };
    // (Parent references hold a layer under 2^16: far more seeds than a key packs.)
    if top >= 1 << 16 {
        return Ok(Layered::NotLayered);
    }
    match steps.key_bytes() {
        b if b <= Narrow::KEY_BYTES => search::<Narrow>(steps, start, top, guard, progress),
        b if b <= Wide::KEY_BYTES => search::<Wide>(steps, start, top, guard, progress),
        _ => Ok(Layered::NotLayered),
    }
}

/// [`explore_layered`] from `start`, with `top` seeds in its holes, on entries `E`.
fn search<E: Entry>(
    steps: &mut impl Steps,
    start: u128,
    top: usize,
    guard: &mut Guard,
    progress: &mut OnProgress,
) -> Result<Layered> {
    let key_bytes = steps.key_bytes();
    // pending[l]: positions with `l` seeds in the holes met so far; kept[l]: layer l, done.
    let mut pending: Vec<Pending<E>> = (0..=top).map(|_| Pending::new()).collect();
    let mut kept: Vec<Vec<E>> = (0..=top).map(|_| Vec::new()).collect();
    let mut scratch: Vec<E> = Vec::new();
    pending[top].list.push(E::new(start, 0, NO_PARENT));
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
    // The won positions met (layer, index, depth).
    let mut wins: Vec<(usize, usize, u8)> = Vec::new();
    'layers: for l in (0..=top).rev() {
        let mut list = std::mem::take(&mut pending[l].list);
        f.positions += compact(&mut list, &mut scratch, key_bytes) as u64;
        kept[l] = list;
        let layer = &kept[l];
        for (i, &e) in layer.iter().enumerate() {
            let key = e.key();
            // A position's other parents.
            if i > 0 && layer[i - 1].key() == key {
                continue;
            }
            if let Some(s) = guard.poll(f.nodes, f.positions, f.depth, progress, || {
                bytes_of(&pending, &kept, &scratch)
            }) {
                f.stop = Some(s);
                break 'layers;
            }
            let depth = e.depth();
            let parent = parent_ref(l, i);
            let (mut moves, mut lost, mut unfit) = (0, 0, false);
            let over = steps.expand(key, |_, next| {
                moves += 1;
                match next {
                    Next::Lost => lost += 1,
                    Next::To(k, c) if c < l && depth < u8::MAX => {
                        pending[c].push(E::new(k, depth + 1, parent), &mut scratch, key_bytes)
                    }
                    _ => unfit = true,
                }
            });
            f.nodes += moves;
            f.lost_ends += lost;
            // Ctrl-C may land inside a rule call, which then fails: that is a stop, not an error.
            match over {
                Ok(Some(won)) => {
                    if won {
                        f.won_positions += 1;
                        wins.push((l, i, depth));
                    }
                    continue;
                }
                Ok(None) => {}
                Err(_) if INTERRUPTED.load(Ordering::Relaxed) => {
                    f.stop = Some(Stop::Interrupted);
                    break 'layers;
                }
                Err(e) => return Err(e),
            }
            if unfit {
                return Ok(Layered::NotLayered);
            }
            f.depth = f.depth.max(depth as u64);
        }
    }
    f.bytes = bytes_of(&pending, &kept, &scratch);
    if f.stop.is_none() {
        if let Some(target) = wins.iter().map(|w| w.2).min() {
            match least_line(steps, start, &kept, &wins, target) {
                Ok(Some(line)) => f.line = Some(line),
                // (Cannot happen: the marks lead to a win. Should it, the breadth-first search
                // answers.)
                Ok(None) => return Ok(Layered::NotLayered),
                Err(_) if INTERRUPTED.load(Ordering::Relaxed) => f.stop = Some(Stop::Interrupted),
                Err(e) => return Err(e),
            }
        }
    }
    Ok(Layered::Done(f))
}
