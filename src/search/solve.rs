//! Searches on top of the scripted rules: solitaire solving (breadth-first, shortest solution,
//! position counts), game values of small two-player positions (negamax with alpha-beta and a
//! transposition table) and perft-style move counts.
//!
//! Every search plays moves through [`Rule::legal`] and [`Rule::apply`] on `Dynamic` boards with
//! tracing off, so it works for any rule file. Positions are stored as compact byte keys (see
//! [`Codec`]): keys of up to 15 bytes (Tchuka Ruma up to 6 holes, small boards) live inline in the
//! table; longer ones on the heap. Every search stops cleanly, with partial statistics, on Ctrl-C
//! ([`crate::engine::script::INTERRUPTED`]), a node or position limit, or a deadline.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use rhai::Dynamic;
use serde::Serialize;

use crate::engine::board::Board;
use crate::engine::rules::{board, Rule};
use crate::engine::script::INTERRUPTED;
use crate::error::{Error, Result};
use crate::search::position::Position;

/// Limits of a search; 0 means "no limit".
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Most moves to play (nodes).
    pub max_nodes: u64,
    /// Most distinct positions to store.
    pub max_positions: u64,
    /// Most memory, in bytes, the search's tables may take (estimated); 0: the default budget,
    /// [`solve_mb`](crate::engine::limits::solve_mb) MiB (`SOWLAB_SOLVE_MB`).
    pub max_bytes: u64,
    /// Stop at this instant.
    pub deadline: Option<Instant>,
    /// Solitaires: stop at the first (shortest) solution instead of counting every position.
    pub first_solution: bool,
}

/// Why a search stopped before it was complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stop {
    /// Ctrl-C.
    Interrupted,
    /// The node limit was reached.
    NodeLimit,
    /// The position limit was reached.
    PositionLimit,
    /// The memory budget of the tables was reached.
    MemoryLimit,
    /// The deadline passed.
    Deadline,
    /// A solution was found and only the first one was asked for.
    FirstSolution,
}

impl Stop {
    /// The reason in words.
    pub fn describe(self) -> &'static str {
        match self {
            Stop::Interrupted => "interrupted",
            Stop::NodeLimit => "node limit reached",
            Stop::PositionLimit => "position limit reached",
            Stop::MemoryLimit => "memory limit reached (--max-memory, SOWLAB_SOLVE_MB)",
            Stop::Deadline => "time limit reached",
            Stop::FirstSolution => "stopped at the first solution",
        }
    }
}

/// What a search did.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Stats {
    /// Moves played (calls of the rule's `play`).
    pub nodes: u64,
    /// Wall-clock time, in seconds.
    pub seconds: f64,
    /// Whether the search ran to its end.
    pub complete: bool,
    /// Why it stopped early, if it did.
    pub stopped: Option<Stop>,
    /// Approximate bytes used by the position table.
    pub table_bytes: u64,
}

impl Stats {
    /// Nodes per second (0 when no time was measured).
    pub fn nodes_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.nodes as f64 / self.seconds
        } else {
            0.0
        }
    }
}

/// A progress report, given to a callback about every 65 536 nodes.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Moves played so far.
    pub nodes: u64,
    /// Distinct positions stored so far.
    pub positions: u64,
    /// Current depth (BFS level or iterative-deepening depth).
    pub depth: u64,
    /// Time since the start.
    pub elapsed: Duration,
}

/// A progress callback.
pub type OnProgress<'a> = Option<&'a mut dyn FnMut(&Progress)>;

// ---------------------------------------------------------------------------------------------
// Keys and tables

/// A small, fast, non-cryptographic hasher (the Fx hash of rustc) for position keys.
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Hasher for Fx {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

type FxBuild = BuildHasherDefault<Fx>;

/// Encodes the state of a board (everything [`Board::key`] covers) as compact bytes, and decodes
/// it back onto a copy of a template board of the same layout.
///
/// Format: each pit's seeds (LEB128), the closed holes as a bitset over the pits (only when the
/// layout could close holes — the template says how many bytes), reserves, counters and
/// variables (zig-zag LEB128), then one byte `to_move | over << 5` and one byte `winner`, then,
/// for a rule that checks repetitions, the positions seen since the last capture. For a
/// given layout the fields come in a fixed order and number, so keys are self-delimiting.
#[derive(Clone, Debug)]
pub struct Codec {
    template: Board,
    closed_bytes: usize,
    /// Whether the rule checks repetitions: then the positions seen since the last capture
    /// ([`crate::engine::board::Seen`]) end the key (a count, then 8 bytes each).
    repetition: bool,
}

impl Codec {
    /// A codec for boards of `template`'s layout.
    pub fn new(template: &Board) -> Codec {
        let mut t = template.clone();
        t.trace = None;
        t.ledger.clear();
        let repetition = t
            .layout
            .pipeline
            .as_deref()
            .is_some_and(|p| p.at.track_repetition);
        Codec {
            closed_bytes: t.seeds.len().div_ceil(8),
            repetition,
            template: t,
        }
    }

    /// Appends the key of `b` to `out`.
    pub fn encode(&self, b: &Board, out: &mut Vec<u8>) {
        // Written into room for the longest key of the board (10 bytes per number at most),
        // then cut to the bytes used: no capacity check per byte.
        let numbers = b.seeds.len() + b.reserves.len() + b.counters.len() + b.vars.len();
        let longest = 10 * numbers + self.closed_bytes + 3;
        // A small board's key is written on the stack, then appended in one copy.
        let mut small = [0u8; 256];
        let at = out.len();
        let buf: &mut [u8] = if longest <= small.len() {
            &mut small
        } else {
            out.resize(at + longest, 0);
            &mut out[at..]
        };
        let mut i = 0;
        for &s in &b.seeds {
            put_u(buf, &mut i, s as u64);
        }
        if b.closed.iter().any(|&c| c) {
            buf[i] = 1;
            i += 1;
            for (j, &c) in b.closed.iter().enumerate() {
                if c {
                    buf[i + j / 8] |= 1 << (j % 8);
                }
            }
            i += self.closed_bytes;
        } else {
            buf[i] = 0;
            i += 1;
        }
        for &v in b.reserves.iter().chain(&b.counters).chain(&b.vars) {
            put_u(buf, &mut i, ((v << 1) ^ (v >> 63)) as u64);
        }
        buf[i] = b.to_move as u8 | (b.over as u8) << 5;
        buf[i + 1] = b.winner as u8;
        if longest <= small.len() {
            out.extend_from_slice(&small[..i + 2]);
        } else {
            out.truncate(at + i + 2);
        }
        if self.repetition {
            let mut n = [0u8; 10];
            let mut j = 0;
            put_u(&mut n, &mut j, b.seen.hashes.len() as u64);
            out.extend_from_slice(&n[..j]);
            for &h in &b.seen.hashes {
                out.extend_from_slice(&h.to_le_bytes());
            }
        }
    }

    /// The key of `b` packed as the table keeps a short key: the very bytes [`Codec::encode`]
    /// writes, put straight into two words, when they are at most 15 and each number takes one
    /// byte (seeds and the rest under 128, no closed hole, no positions seen); else `None` (then
    /// encode). The search's hot path: no byte buffer per position.
    #[inline]
    fn pack(&self, b: &Board) -> Option<SmallKey> {
        let len = b.seeds.len() + b.reserves.len() + b.counters.len() + b.vars.len() + 3;
        if len > 15 || self.repetition {
            return None;
        }
        let mut k = [0u8; 16];
        // (Zipped with the key's bytes: no bounds check per seed; a negative count fails the
        // unsigned test too.)
        for (slot, &s) in k.iter_mut().zip(&b.seeds) {
            if s as u64 >= 128 {
                return None;
            }
            *slot = s as u8;
        }
        if b.closed.iter().any(|&c| c) {
            return None;
        }
        // The byte saying no hole is closed is 0.
        let mut i = b.seeds.len() + 1;
        for part in [&b.reserves, &b.counters, &b.vars] {
            for &v in part.iter() {
                let z = ((v << 1) ^ (v >> 63)) as u64;
                if z >= 128 {
                    return None;
                }
                k[i] = z as u8;
                i += 1;
            }
        }
        k[i] = b.to_move as u8 | (b.over as u8) << 5;
        k[i + 1] = b.winner as u8;
        k[15] = len as u8;
        Some(SmallKey(
            u64::from_le_bytes(k[..8].try_into().expect("8 bytes")),
            u64::from_le_bytes(k[8..].try_into().expect("8 bytes")),
        ))
    }

    /// Decodes the key at the start of `k` into a board; returns it and the bytes used.
    pub fn decode(&self, k: &[u8]) -> (Board, usize) {
        let mut b = self.template.clone();
        let used = self.decode_into(k, &mut b);
        (b, used)
    }

    /// Decodes the key at the start of `k` into `b` (a board of the codec's layout, reused: no
    /// allocation); returns the bytes used.
    pub fn decode_into(&self, k: &[u8], b: &mut Board) -> usize {
        b.trace = None;
        b.ledger.clear();
        b.last = self.template.last;
        let mut i = 0;
        for s in b.seeds.iter_mut() {
            *s = read_u(k, &mut i) as i64;
        }
        let any_closed = k[i] == 1;
        i += 1;
        if any_closed {
            for (j, c) in b.closed.iter_mut().enumerate() {
                *c = k[i + j / 8] & (1 << (j % 8)) != 0;
            }
            i += self.closed_bytes;
        } else {
            b.closed.iter_mut().for_each(|c| *c = false);
        }
        for v in b
            .reserves
            .iter_mut()
            .chain(b.counters.iter_mut())
            .chain(b.vars.iter_mut())
        {
            let u = read_u(k, &mut i);
            *v = ((u >> 1) as i64) ^ -((u & 1) as i64);
        }
        b.to_move = (k[i] & 31) as usize;
        b.over = k[i] & 32 != 0;
        b.winner = k[i + 1] as usize;
        i += 2;
        b.seen.hashes.clear();
        b.seen.repeated = false;
        if self.repetition {
            let n = read_u(k, &mut i) as usize;
            for _ in 0..n {
                let mut h = [0u8; 8];
                h.copy_from_slice(&k[i..i + 8]);
                b.seen.hashes.push(u64::from_le_bytes(h));
                i += 8;
            }
            // The list was last cleared at the current count (no capture since).
            b.seen.in_holes = b.layout.holes.iter().map(|&h| b.seeds[h]).sum();
        }
        i
    }
}

/// Writes `u` as LEB128 at `buf[*i..]` (zeroed bytes) and moves `i` past it.
#[inline]
fn put_u(buf: &mut [u8], i: &mut usize, mut u: u64) {
    while u >= 0x80 {
        buf[*i] = (u & 0x7f) as u8 | 0x80;
        u >>= 7;
        *i += 1;
    }
    buf[*i] = u as u8;
    *i += 1;
}

#[inline]
fn read_u(k: &[u8], i: &mut usize) -> u64 {
    // Most numbers of a key (seeds, reserves) take one byte.
    let first = k[*i];
    if first < 0x80 {
        *i += 1;
        return first as u64;
    }
    let mut u = 0u64;
    let mut shift = 0;
    loop {
        let b = k[*i];
        *i += 1;
        u |= ((b & 0x7f) as u64) << shift;
        if b & 0x80 == 0 {
            return u;
        }
        shift += 7;
    }
}

/// A key of up to 15 bytes packed in two words (its length in the last byte), hashed as two
/// words (an array would hash its length, then its bytes through the hasher's byte loop).
#[derive(Clone, Copy, PartialEq, Eq)]
struct SmallKey(u64, u64);

impl SmallKey {
    /// The key's bytes (the first `len` of the 16; the last byte holds `len`).
    fn bytes(&self) -> ([u8; 16], usize) {
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&self.0.to_le_bytes());
        b[8..].copy_from_slice(&self.1.to_le_bytes());
        let len = b[15] as usize;
        (b, len)
    }
}

impl std::hash::Hash for SmallKey {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.0);
        h.write_u64(self.1);
    }
}

/// A map from position keys to values: keys of up to 15 bytes inline (16 bytes per key), longer
/// ones boxed.
struct Table<V> {
    small: HashMap<SmallKey, V, FxBuild>,
    big: HashMap<Box<[u8]>, V, FxBuild>,
    big_bytes: u64,
}

impl<V: Copy> Table<V> {
    fn new() -> Self {
        Table {
            small: HashMap::default(),
            big: HashMap::default(),
            big_bytes: 0,
        }
    }

    fn small_key(k: &[u8]) -> Option<SmallKey> {
        if k.len() > 15 {
            return None;
        }
        let mut b = [0u8; 16];
        b[..k.len()].copy_from_slice(k);
        b[15] = k.len() as u8;
        Some(SmallKey(
            u64::from_le_bytes(b[..8].try_into().expect("8 bytes")),
            u64::from_le_bytes(b[8..].try_into().expect("8 bytes")),
        ))
    }

    fn len(&self) -> usize {
        self.small.len() + self.big.len()
    }

    fn get(&self, k: &[u8]) -> Option<V> {
        match Self::small_key(k) {
            Some(s) => self.small.get(&s).copied(),
            None => self.big.get(k).copied(),
        }
    }

    /// Inserts `v` unless the key is there; returns the value now stored and whether it is new.
    fn insert_new(&mut self, k: &[u8], v: V) -> (V, bool) {
        match Self::small_key(k) {
            Some(s) => self.insert_small(s, v),
            None => {
                if let Some(&old) = self.big.get(k) {
                    return (old, false);
                }
                self.big_bytes += k.len() as u64;
                self.big.insert(k.into(), v);
                (v, true)
            }
        }
    }

    /// [`Table::insert_new`] for a short key already packed ([`Codec::pack`]).
    #[inline]
    fn insert_small(&mut self, s: SmallKey, v: V) -> (V, bool) {
        match self.small.entry(s) {
            std::collections::hash_map::Entry::Occupied(o) => (*o.get(), false),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(v);
                (v, true)
            }
        }
    }

    fn set(&mut self, k: &[u8], v: V) {
        match Self::small_key(k) {
            Some(s) => {
                self.small.insert(s, v);
            }
            None => {
                if let Some(slot) = self.big.get_mut(k) {
                    *slot = v;
                } else {
                    self.big_bytes += k.len() as u64;
                    self.big.insert(k.into(), v);
                }
            }
        }
    }

    /// Approximate memory: hash buckets (entry plus one control byte; a table of capacity `c`
    /// has about `c * 8 / 7` buckets) plus boxed key bytes.
    fn bytes(&self) -> u64 {
        let buckets = |cap: usize| cap as u64 * 8 / 7;
        let small =
            buckets(self.small.capacity()) * (std::mem::size_of::<(SmallKey, V)>() as u64 + 1);
        let big = buckets(self.big.capacity()) * (std::mem::size_of::<(Box<[u8]>, V)>() as u64 + 1)
            + self.big_bytes;
        small + big
    }
}

/// Checks the stop conditions shared by every search.
struct Guard {
    start: Instant,
    limits: SearchLimits,
    next_report: u64,
}

impl Guard {
    fn new(limits: &SearchLimits) -> Guard {
        let mut limits = limits.clone();
        if limits.max_bytes == 0 {
            limits.max_bytes = crate::engine::limits::solve_mb() << 20;
        }
        Guard {
            start: Instant::now(),
            limits,
            next_report: 1 << 16,
        }
    }

    /// Whether tables of `bytes` are over the memory budget (checked every 1024 nodes).
    #[inline]
    fn over_memory(&self, nodes: u64, bytes: impl FnOnce() -> u64) -> bool {
        nodes & 1023 == 0 && bytes() > self.limits.max_bytes
    }

    #[inline]
    fn check(
        &mut self,
        nodes: u64,
        positions: u64,
        depth: u64,
        progress: &mut OnProgress,
    ) -> Option<Stop> {
        if self.limits.max_nodes > 0 && nodes >= self.limits.max_nodes {
            return Some(Stop::NodeLimit);
        }
        if self.limits.max_positions > 0 && positions >= self.limits.max_positions {
            return Some(Stop::PositionLimit);
        }
        if nodes & 1023 == 0 {
            if INTERRUPTED.load(Ordering::Relaxed) {
                return Some(Stop::Interrupted);
            }
            if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
                return Some(Stop::Deadline);
            }
        }
        if nodes >= self.next_report {
            self.next_report = nodes + (1 << 16);
            if let Some(p) = progress {
                p(&Progress {
                    nodes,
                    positions,
                    depth,
                    elapsed: self.start.elapsed(),
                });
            }
        }
        None
    }
}

// ---------------------------------------------------------------------------------------------
// Solitaires: breadth-first search over positions

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
}

/// `out` with the statistics of a search that ended (`stop`: why early) with tables of `bytes`.
fn finish(mut out: Solution, guard: &Guard, stop: Option<Stop>, bytes: u64) -> Solution {
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
        explore_in::<Board>(rule, &b0, out, guard, limits, progress)
    } else {
        explore_in::<Dynamic>(rule, &b0, out, guard, limits, progress)
    }
}

/// [`explore`] from `b0` (not over) on positions of type `P`.
fn explore_in<P: Position>(
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

/// The game-theoretic value of a position for the player to move, as far as a search could tell:
/// bounds `lo..=hi` within -1 (loss), 0 (draw), +1 (win); exact when `lo == hi`.
#[derive(Clone, Debug, Serialize)]
pub struct Value {
    /// The exact value, when known.
    pub value: Option<i8>,
    /// Lower bound.
    pub lo: i8,
    /// Upper bound.
    pub hi: i8,
    /// The player the value is for (the player to move at the start).
    pub player: usize,
    /// A best move found (the one proving the lower bound), as a label.
    pub best: Option<String>,
    /// The depth (in moves) searched last.
    pub depth: u64,
    /// Positions in the transposition table.
    pub positions: u64,
    /// Search statistics.
    #[serde(flatten)]
    pub stats: Stats,
}

struct ValueSearch<'a> {
    rule: &'a Rule,
    codec: Codec,
    /// key -> (lo, hi, depth searched)
    tt: Table<(i8, i8, u16)>,
    path: std::collections::HashSet<Vec<u8>, FxBuild>,
    nodes: u64,
    guard: Guard,
    progress: OnProgress<'a>,
    iteration: u64,
    stopped: Option<Stop>,
}

/// The value of an over position for `player`.
fn end_value(b: &Board, player: usize) -> i8 {
    match b.winner {
        0 => 0,
        w if w == player => 1,
        _ => -1,
    }
}

impl ValueSearch<'_> {
    /// Bounds on the value for the player to move at `boards[0]` (not over), searching `depth`
    /// moves; `boards[1..]` (at least `depth` boards) are scratch space for the plies below.
    fn search<P: Position>(
        &mut self,
        boards: &mut [P],
        depth: u16,
        mut alpha: i8,
        beta: i8,
        root_best: &mut Option<usize>,
    ) -> Result<Option<(i8, i8)>> {
        let mut key = Vec::with_capacity(32);
        let (d, below) = boards
            .split_first_mut()
            .expect("a board for the position searched");
        let mover = {
            let b = d.board();
            self.codec.encode(&b, &mut key);
            b.to_move
        };
        if let Some((lo, hi, dd)) = self.tt.get(&key) {
            if lo == hi || dd >= depth {
                return Ok(Some((lo, hi)));
            }
        }
        if depth == 0 || self.path.contains(&key) {
            return Ok(Some((-1, 1)));
        }
        let mut moves = Vec::new();
        match d.legal_into(self.rule, &mut moves) {
            Ok(()) => {}
            Err(_) if INTERRUPTED.load(Ordering::Relaxed) => {
                self.stopped = Some(Stop::Interrupted);
                return Ok(None);
            }
            Err(e) => return Err(e),
        }
        if moves.is_empty() {
            return Err(Error::msg(format!(
                "{}: a position that is not over has no legal moves (the rule should end the game or pass)",
                self.rule.name
            )));
        }
        self.path.insert(key.clone());
        let (mut lo, mut hi) = (-2i8, -2i8);
        let n = moves.len();
        for (i, pit) in moves.into_iter().enumerate() {
            if let Some(s) = self.guard.check(
                self.nodes,
                self.tt.len() as u64,
                self.iteration,
                &mut self.progress,
            ) {
                self.stopped = Some(s);
                self.path.remove(&key);
                return Ok(None);
            }
            if self.guard.over_memory(self.nodes, || {
                self.tt.bytes() + self.path.len() as u64 * (key.len() as u64 + 32)
            }) {
                self.stopped = Some(Stop::MemoryLimit);
                self.path.remove(&key);
                return Ok(None);
            }
            let child = &mut below[0];
            child.copy_from(d);
            match child.apply(self.rule, pit) {
                Ok(()) => {}
                Err(_) if INTERRUPTED.load(Ordering::Relaxed) => {
                    self.stopped = Some(Stop::Interrupted);
                    self.path.remove(&key);
                    return Ok(None);
                }
                Err(e) => return Err(e),
            }
            self.nodes += 1;
            let (over, same, end) = {
                let cb = child.board();
                (cb.over, cb.to_move == mover, end_value(&cb, mover))
            };
            let (clo, chi) = if over {
                (end, end)
            } else if same {
                match self.search(below, depth - 1, alpha, beta, &mut None)? {
                    Some(v) => v,
                    None => {
                        self.path.remove(&key);
                        return Ok(None);
                    }
                }
            } else {
                match self.search(below, depth - 1, -beta, -alpha, &mut None)? {
                    Some((a, b)) => (-b, -a),
                    None => {
                        self.path.remove(&key);
                        return Ok(None);
                    }
                }
            };
            if clo > lo {
                lo = clo;
                *root_best = Some(pit);
            }
            hi = hi.max(chi);
            alpha = alpha.max(lo);
            if lo >= beta && i + 1 < n {
                hi = 1; // moves left unsearched could be better
                break;
            }
        }
        self.path.remove(&key);
        self.tt.set(&key, (lo, hi, depth));
        Ok(Some((lo, hi)))
    }
}

/// The game value of `start` for the player to move, by iterative deepening up to `max_depth`
/// moves (negamax with alpha-beta over win/draw/loss and a transposition table of bounds).
/// Values are exact only when every line was followed to its end; a line that repeats a position
/// is left unknown. Extra turns (the same player moving again) are handled.
pub fn value<'a>(
    rule: &'a Rule,
    start: &Dynamic,
    max_depth: u16,
    limits: &SearchLimits,
    progress: OnProgress<'a>,
) -> Result<Value> {
    if rule.plays_natively() {
        value_in::<Board>(rule, &board(start), max_depth, limits, progress)
    } else {
        value_in::<Dynamic>(rule, &board(start), max_depth, limits, progress)
    }
}

/// [`value`] on positions of type `P`: one board per ply, reused by every move played there.
fn value_in<'a, P: Position>(
    rule: &'a Rule,
    start: &Board,
    max_depth: u16,
    limits: &SearchLimits,
    progress: OnProgress<'a>,
) -> Result<Value> {
    let b0 = start.clone();
    let player = b0.to_move;
    let mut s = ValueSearch {
        rule,
        codec: Codec::new(&b0),
        tt: Table::new(),
        path: Default::default(),
        nodes: 0,
        guard: Guard::new(limits),
        progress,
        iteration: 0,
        stopped: None,
    };
    let mut out = Value {
        value: None,
        lo: -1,
        hi: 1,
        player,
        best: None,
        depth: 0,
        positions: 0,
        stats: Stats::default(),
    };
    let mut stop = None;
    if b0.over {
        let v = end_value(&b0, player);
        (out.lo, out.hi, out.value) = (v, v, Some(v));
    } else {
        for depth in 1..=max_depth.max(1) {
            s.iteration = depth as u64;
            // The start and one board per ply below it, reset for every move.
            let mut boards: Vec<P> = (0..=depth).map(|_| P::from_board(&b0)).collect();
            let mut best = None;
            match s.search(&mut boards, depth, -1, 1, &mut best)? {
                Some((lo, hi)) => {
                    (out.lo, out.hi) = (lo, hi);
                    out.depth = depth as u64;
                    // A best move means something only when it proves more than a loss.
                    out.best = best
                        .filter(|_| lo == hi || lo > -1)
                        .map(|p| b0.layout.label(p));
                    if lo == hi {
                        out.value = Some(lo);
                        break;
                    }
                }
                None => {
                    stop = s.stopped;
                    break;
                }
            }
        }
    }
    out.positions = s.tt.len() as u64;
    out.stats = Stats {
        nodes: s.nodes,
        seconds: s.guard.start.elapsed().as_secs_f64(),
        complete: stop.is_none(),
        stopped: stop,
        table_bytes: s.tt.bytes(),
    };
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// Perft

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
fn perft_in<P: Position>(
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
fn perft_rec<P: Position>(
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
