//! The state of the exact search: the rule's reading, the transposition table, the tablebase,
//! the limits and counts, and one scratch frame per ply; the value's base and bounds (see
//! [`super::mtdf`] for the search itself).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::key::{Key, KeySpec};
use super::reading::{held, Reading};
use super::shared::{Busy, Tables};
use crate::search::solve::{OnProgress, Progress, SearchLimits, Stop};
use crate::{Board, Rule, Tablebase, INTERRUPTED};

/// What a move gives, seen from the node it is played from.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kid {
    /// The game is over after it.
    pub over: bool,
    /// Its value for the node's mover when over, or when `valued`.
    pub exact: i32,
    /// Not over, but the tablebase values the position reached: `exact` is the node's value
    /// through this move, which needs no search.
    pub valued: bool,
    /// The node's value through this move is `sign * v + off`, `v` the value after it for the
    /// player then to move.
    pub sign: i32,
    /// See `sign`.
    pub off: i32,
}

/// Scratch space of one ply: the legal moves, the positions after them and what they give.
pub struct Frame<P> {
    pub(super) moves: Vec<usize>,
    pub(super) kids: Vec<P>,
    pub(super) info: Vec<Kid>,
    pub(super) order: Vec<usize>,
    /// Moves put off because another thread is searching them (parallel search only).
    pub(super) later: Vec<usize>,
    /// Where the tablebase holds each position reached, if it does.
    pub(super) spots: Vec<Option<crate::search::tablebase::Spot>>,
    /// Each position's key, for a position the tablebase does not value.
    pub(super) keys: Vec<Option<Key>>,
}

impl<P> Default for Frame<P> {
    fn default() -> Self {
        Frame {
            moves: Vec::new(),
            kids: Vec::new(),
            info: Vec::new(),
            order: Vec::new(),
            later: Vec::new(),
            spots: Vec::new(),
            keys: Vec::new(),
        }
    }
}

/// Most plies a line may have (a longer game is refused with an error).
pub const MAX_PLIES: usize = 4096;

/// [`Search::left`] of a search to the end of the game.
pub const FULL: u32 = u32::MAX;

/// The search's state.
pub struct Search<'a> {
    pub(super) rule: &'a Rule,
    pub(super) reading: Reading,
    pub(super) spec: KeySpec,
    pub(super) tt: Tables<'a>,
    /// With other threads: the positions being searched near the root (see [`super::parallel`]).
    pub(super) busy: Option<&'a Busy>,
    /// With other threads: set when this thread's work is no longer needed.
    pub(super) halt: Option<&'a AtomicBool>,
    pub(super) tb: Option<&'a Tablebase>,
    /// The weight of the result in a value (`0`: the margin alone decides).
    pub(super) k: i32,
    pub(super) nodes: u64,
    /// Positions searched past their own checks (bounds, tablebase, table): whose moves are
    /// played.
    pub(super) expanded: u64,
    pub(super) tb_hits: u64,
    /// Enhanced transposition cut-offs (the table is asked about every move's position) at
    /// nodes with at least this many seeds in play: near the start, where a cut-off saves the
    /// most. Everywhere, the table's misses cost more than the nodes they save (BENCHMARKS.md).
    pub etc_min: i64,
    pub(super) etc_now: bool,
    /// Moves below a position under which its entry is not kept ([`super::tt::MIN_WORK`]).
    pub(super) min_work: u64,
    /// Plies the search may still look ahead ([`FULL`]: to the end of the game; fewer in the
    /// shallow searches of iterative deepening, whose horizon is valued at no more margin won).
    pub(super) left: u32,
    /// Values that rest on a horizon (a position valued there, or the bounds of a depth-limited
    /// entry): a depth-limited search below which this count did not move is exact.
    pub(super) cut_short: u64,
    limits: SearchLimits,
    progress: OnProgress<'a>,
    next_report: u64,
    pub(super) pass: u64,
    pub(super) stopped: Option<Stop>,
    /// A position came back along a line and the rule does not end it.
    pub(super) endless: bool,
    /// The line being searched: keys and seeds in play (for rules that may cycle).
    pub(super) path: Vec<(Key, i64)>,
    pub(super) start: Instant,
    /// The key of the position [`Search::ab`] is called on next, when its parent found it and
    /// asked the tablebase about it already (taken by that call).
    pub(super) given: Option<Key>,
}

impl<'a> Search<'a> {
    /// A search of `rule` with `tt`, within `limits`.
    pub fn new(
        rule: &'a Rule,
        reading: Reading,
        tt: Tables<'a>,
        tb: Option<&'a Tablebase>,
        total: i64,
        limits: &SearchLimits,
        progress: OnProgress<'a>,
    ) -> Search<'a> {
        let spec = KeySpec {
            holes_only: reading.store_free,
            skip_var: reading.idle_counter,
        };
        let k = if reading.margin_decides {
            0
        } else {
            2 * total as i32 + 1
        };
        Search {
            rule,
            reading,
            spec,
            tt,
            busy: None,
            halt: None,
            tb,
            k,
            nodes: 0,
            expanded: 0,
            tb_hits: 0,
            etc_min: 0,
            etc_now: true,
            min_work: super::tt::MIN_WORK,
            left: FULL,
            cut_short: 0,
            limits: limits.clone(),
            progress,
            next_report: 1 << 16,
            pass: 0,
            stopped: None,
            endless: false,
            path: Vec::new(),
            start: Instant::now(),
            given: None,
        }
    }

    /// The margin now for `m` (`b`'s held seeds), as a value's base.
    #[inline]
    pub(super) fn base(&self, b: &Board, m: usize) -> i32 {
        if self.k == 0 {
            (held(b, m) - held(b, 3 - m)) as i32
        } else {
            0
        }
    }

    /// The final value of an ended board for `m`.
    #[inline]
    pub(super) fn final_abs(&self, b: &Board, m: usize) -> i32 {
        let margin = (held(b, m) - held(b, 3 - m)) as i32;
        let result = match b.winner {
            0 => 0,
            w if w == m => 1,
            _ => -1,
        };
        result * self.k + margin
    }

    /// Bounds on the value of `b` (not over) that hold before any search.
    #[inline]
    pub(super) fn range(&self, b: &Board, in_holes: i64) -> (i32, i32) {
        let r = if self.reading.monotone && self.k == 0 {
            in_holes as i32
        } else {
            let t = b.total() as i32;
            if self.k == 0 {
                2 * t
            } else {
                self.k + t
            }
        };
        (-r, r)
    }

    /// Whether an entry of `draft` bounds a position searched `left` plies ahead.
    #[inline]
    pub(super) fn bounds_hold(&self, draft: u8, left: u32) -> bool {
        draft == super::tt::EXACT || (left != FULL && draft as u32 >= left)
    }

    /// Checks the limits; the reason to stop, if any.
    #[inline]
    pub(super) fn check(&mut self) -> Option<Stop> {
        if self.stopped.is_some() {
            return self.stopped;
        }
        let n = self.nodes;
        let stop = if self.limits.max_nodes > 0 && n >= self.limits.max_nodes {
            Some(Stop::NodeLimit)
        } else if self.limits.max_positions > 0 && self.tt.used() >= self.limits.max_positions {
            Some(Stop::PositionLimit)
        } else if n & 1023 == 0
            && (INTERRUPTED.load(Ordering::Relaxed)
                || self.halt.is_some_and(|h| h.load(Ordering::Relaxed)))
        {
            Some(Stop::Interrupted)
        } else if n & 1023 == 0 && self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(Stop::Deadline)
        } else {
            None
        };
        if n >= self.next_report {
            self.next_report = n + (1 << 16);
            if let Some(p) = &mut self.progress {
                p(&Progress {
                    nodes: n,
                    positions: self.tt.used(),
                    depth: self.pass,
                    elapsed: self.start.elapsed(),
                });
            }
        }
        self.stopped = stop;
        stop
    }
}
