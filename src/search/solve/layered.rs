//! Solving a solitaire layer by layer, without a table of every position: for a rule in which
//! every move that does not lose leaves fewer seeds in the holes (Tchuka Ruma: each such move
//! ends in the ruma), the positions fall into layers by the seeds left in the holes, and a move
//! always leads to a lower layer. The layers are expanded from the start's down; a layer's
//! positions are collected (duplicates included) while the layers above it are expanded, and
//! sorted and deduplicated when its turn comes: every predecessor is done by then, so the fewest
//! moves from the start of each of its positions are final, as in a breadth-first search.
//!
//! A position is its packed key ([`Codec::pack`]) in one `u128`, its depth in the low byte, so a
//! layer is a plain vector sorted by key: no hashing. With each position stay the parents it was
//! reached from at its least depth (its shortest-line parents). The counts (positions, wins,
//! lost ends, moves, depth) are those of the breadth-first search of `explore.rs`; its solution
//! (the first won position it meets, through the first parent that met each position) is the
//! least shortest winning line by the order of the legal moves (see [`least_line`]), found again
//! by marking the positions on shortest winning lines backwards from the wins through those
//! parents, then replaying the first marked move from the start at each step.
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

/// No parent: the start.
const NO_PARENT: u64 = u64::MAX;

/// A parent reference: the layer and the index in it.
#[inline]
fn parent_ref(layer: usize, index: usize) -> u64 {
    (layer as u64) << 32 | index as u64
}

/// Sorts `v` (entries and the parent each came from) and keeps, for each key, its entries of
/// least depth, one per parent.
fn compact(v: &mut Vec<(u128, u64)>) {
    v.sort_unstable_by_key(|x| x.0);
    let mut w = 0;
    for r in 0..v.len() {
        let e = v[r];
        if w > 0 {
            let last = v[w - 1];
            // Sorted: a later entry of the same key is deeper, or of the same depth.
            if key_of(last.0) == key_of(e.0) && (last.0 != e.0 || last.1 == e.1) {
                continue;
            }
        }
        v[w] = e;
        w += 1;
    }
    v.truncate(w);
}

/// A finished layer: its positions (entries, sorted) and each one's shortest-line parents,
/// `parents[first[i]..first[i + 1]]` for position `i`.
#[derive(Default)]
struct Layer {
    entries: Vec<u128>,
    first: Vec<u32>,
    parents: Vec<u64>,
}

impl Layer {
    /// The layer of a compacted pending list.
    fn of(v: Vec<(u128, u64)>) -> Layer {
        let mut l = Layer::default();
        for (e, p) in v {
            if l.entries.last().map(|&x| key_of(x)) != Some(key_of(e)) {
                l.entries.push(e);
                l.first.push(l.parents.len() as u32);
            }
            l.parents.push(p);
        }
        l.first.push(l.parents.len() as u32);
        l
    }

    fn bytes(&self) -> u64 {
        self.entries.capacity() as u64 * 16
            + self.first.capacity() as u64 * 4
            + self.parents.capacity() as u64 * 8
    }

    /// The index of the position of key `key` (without depth).
    fn find(&self, key: u128) -> Option<usize> {
        self.entries.binary_search_by(|e| key_of(*e).cmp(&key)).ok()
    }
}

/// Pending layers are compacted when they grow past this (and then past twice their size).
const FIRST_COMPACTION: usize = 1 << 16;

fn bytes_of(pending: &[Vec<(u128, u64)>], kept: &[Layer]) -> u64 {
    pending
        .iter()
        .map(|v| v.capacity() as u64 * 32)
        .sum::<u64>()
        + kept.iter().map(Layer::bytes).sum::<u64>()
}

/// Where a move leads, for the layered search.
pub(super) enum Next {
    /// The move loses: a lost end, not a position.
    Lost,
    /// The position of this key (without depth), with this many seeds in the holes.
    To(u128, usize),
    /// The move does not fit the layered search (see the module's text).
    Unfit,
}

/// The moves of a solitaire, seen through the keys of its positions: the layered search's only
/// view of the rule. [`BoardSteps`] plays the rule's declared move on boards; `packed.rs` plays
/// the moves of the rules it fits on the keys themselves.
pub(super) trait Steps {
    /// The start's key and the seeds in its holes; `None` when its key does not pack.
    fn start(&mut self) -> Option<(u128, usize)>;
    /// Position `key`'s moves, in the order of the rule's legal moves, as (pit, where it leads)
    /// into `out` (cleared first); `Some(won)` instead when the position is over.
    fn expand(&mut self, key: u128, out: &mut Vec<(usize, Next)>) -> Result<Option<bool>>;
}

/// The rule's declared move on boards, positions packed by [`Codec::pack`].
pub(super) struct BoardSteps<'a> {
    rule: &'a Rule,
    codec: Codec,
    b0: &'a Board,
    len: u64,
    d: Board,
    child: Board,
    moves: Vec<usize>,
}

impl<'a> BoardSteps<'a> {
    pub(super) fn new(rule: &'a Rule, b0: &'a Board) -> BoardSteps<'a> {
        let codec = Codec::new(b0);
        let d = codec.template.clone();
        let child = codec.template.clone();
        BoardSteps {
            rule,
            codec,
            b0,
            len: 0,
            d,
            child,
            moves: Vec::new(),
        }
    }
}

impl Steps for BoardSteps<'_> {
    fn start(&mut self) -> Option<(u128, usize)> {
        let k = self.codec.pack(self.b0)?;
        self.len = k.1 >> 56;
        Some((key_of(entry(k, 0)), in_holes(self.b0)))
    }

    fn expand(&mut self, key: u128, out: &mut Vec<(usize, Next)>) -> Result<Option<bool>> {
        out.clear();
        let d = &mut self.d;
        self.codec.unpack(small_of(key << 8, self.len), d);
        if d.over {
            return Ok(Some(d.winner != 0));
        }
        self.rule.legal_board(d, &mut self.moves)?;
        for &pit in &self.moves {
            let child = &mut self.child;
            child.copy_from(d);
            self.rule.apply_board(child, pit)?;
            let next = if child.over && child.winner == 0 {
                Next::Lost
            } else {
                match self.codec.pack(child).filter(|k| k.1 >> 56 == self.len) {
                    Some(k) => Next::To(key_of(entry(k, 0)), in_holes(child)),
                    None => Next::Unfit,
                }
            };
            out.push((pit, next));
        }
        Ok(None)
    }
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
    // pending[l]: positions with `l` seeds in the holes met so far; kept[l]: layer l, done.
    let mut pending: Vec<Vec<(u128, u64)>> = vec![Vec::new(); top + 1];
    let mut kept: Vec<Layer> = (0..=top).map(|_| Layer::default()).collect();
    let mut compact_at: Vec<usize> = vec![FIRST_COMPACTION; top + 1];
    pending[top].push((start << 8, NO_PARENT));
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
    let mut children: Vec<(usize, Next)> = Vec::new();
    'layers: for l in (0..=top).rev() {
        let mut list = std::mem::take(&mut pending[l]);
        compact(&mut list);
        kept[l] = Layer::of(list);
        let layer = &kept[l].entries;
        f.positions += layer.len() as u64;
        for (i, &e) in layer.iter().enumerate() {
            let depth = e as u8;
            // Ctrl-C may land inside a rule call, which then fails: that is a stop, not an error.
            match steps.expand(key_of(e), &mut children) {
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
            f.depth = f.depth.max(depth as u64);
            for (_, next) in &children {
                if let Some(s) = guard.check(f.nodes, f.positions, f.depth, progress) {
                    f.stop = Some(s);
                    break 'layers;
                }
                if guard.over_memory(f.nodes, || bytes_of(&pending, &kept)) {
                    f.stop = Some(Stop::MemoryLimit);
                    break 'layers;
                }
                f.nodes += 1;
                let (k, c) = match *next {
                    Next::Lost => {
                        f.lost_ends += 1;
                        continue;
                    }
                    Next::To(k, c) => (k, c),
                    Next::Unfit => return Ok(Layered::NotLayered),
                };
                if c >= l || depth == u8::MAX {
                    return Ok(Layered::NotLayered);
                }
                let next = &mut pending[c];
                next.push((k << 8 | (depth + 1) as u128, parent_ref(l, i)));
                if next.len() >= compact_at[c] {
                    compact(next);
                    compact_at[c] = (2 * next.len()).max(FIRST_COMPACTION);
                }
            }
        }
    }
    f.bytes = bytes_of(&pending, &kept);
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

/// The least shortest winning line (of `target` moves), by the order of the legal moves.
///
/// The breadth-first search reports that line: its last position is the first won one met at
/// the least depth, and each position on it was first met from its parent, the first in the
/// search's order of its level that has it as a child; by induction over the levels, that order
/// is the order of the least lines to the positions, so the line is the least of the shortest
/// winning lines. Here the positions on shortest winning lines are marked backwards from the
/// wins at `target` through their shortest-line parents (layers in rising order: a parent is in
/// a higher layer, one move less deep), then the line is replayed from the start taking, at each
/// step, the first legal move to a marked position one deeper (at `target`, the marked positions
/// are the wins).
fn least_line(
    steps: &mut impl Steps,
    start: u128,
    kept: &[Layer],
    wins: &[(usize, usize, u8)],
    target: u8,
) -> Result<Option<Vec<usize>>> {
    let mut good: Vec<Vec<u64>> = kept
        .iter()
        .map(|l| vec![0; l.entries.len().div_ceil(64)])
        .collect();
    let set = |good: &mut [Vec<u64>], l: usize, i: usize| good[l][i / 64] |= 1 << (i % 64);
    for &(l, i, depth) in wins {
        if depth == target {
            set(&mut good, l, i);
        }
    }
    for l in 0..kept.len() {
        for i in 0..kept[l].entries.len() {
            if good[l][i / 64] & 1 << (i % 64) == 0 {
                continue;
            }
            let layer = &kept[l];
            for &p in &layer.parents[layer.first[i] as usize..layer.first[i + 1] as usize] {
                if p != NO_PARENT {
                    set(&mut good, (p >> 32) as usize, (p & 0xFFFF_FFFF) as usize);
                }
            }
        }
    }
    let mut key = start;
    let mut children = Vec::new();
    let mut line = Vec::new();
    for depth in 0..target {
        if steps.expand(key, &mut children)?.is_some() {
            return Ok(None);
        }
        let next = children.iter().find_map(|(pit, next)| {
            let Next::To(k, l) = *next else {
                return None;
            };
            let i = kept.get(l)?.find(k)?;
            let marked = good[l][i / 64] & 1 << (i % 64) != 0;
            (kept[l].entries[i] as u8 == depth + 1 && marked).then_some((*pit, k))
        });
        let Some((pit, k)) = next else {
            return Ok(None);
        };
        line.push(pit);
        key = k;
    }
    Ok(Some(line))
}
