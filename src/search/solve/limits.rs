//! What bounds a search (nodes, positions, memory, a deadline, Ctrl-C), why one stopped, its
//! statistics and progress reports, and the guard that checks the bounds as it runs.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::engine::script::primitives::INTERRUPTED;

/// Limits of a search; 0 means "no limit".
#[derive(Clone, Debug, Default)]
pub struct SearchLimits {
    /// Most moves to play (nodes).
    pub max_nodes: u64,
    /// Most distinct positions to store.
    pub max_positions: u64,
    /// Most memory, in bytes, the search's tables may take (estimated); 0: the default budget,
    /// [`solve_mb`](crate::engine::base::limits::solve_mb) MiB (`SOWLAB_SOLVE_MB`).
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

/// Checks the stop conditions shared by every search.
pub(super) struct Guard {
    pub(super) start: Instant,
    pub(super) limits: SearchLimits,
    pub(super) next_report: u64,
    /// [`Guard::poll`]'s next look, in nodes.
    pub(super) next_poll: u64,
}

impl Guard {
    pub(super) fn new(limits: &SearchLimits) -> Guard {
        let mut limits = limits.clone();
        limits.max_bytes = crate::Budget::bytes_or_default(limits.max_bytes).bytes();
        Guard {
            start: Instant::now(),
            limits,
            next_report: 1 << 16,
            next_poll: 0,
        }
    }

    /// The bounds of [`Guard::check`] and [`Guard::over_memory`] for a search that looks once
    /// per position rather than once per move (so its move loop is only moves): the node and
    /// position limits every time; Ctrl-C, the deadline, the memory budget (tables of `bytes`)
    /// and the progress report at the first position and then once 1024 more nodes are played.
    /// A limit is then noticed between positions: past a node limit by at most one position's
    /// moves.
    #[inline]
    pub(super) fn poll(
        &mut self,
        nodes: u64,
        positions: u64,
        depth: u64,
        progress: &mut OnProgress,
        bytes: impl FnOnce() -> u64,
    ) -> Option<Stop> {
        if self.limits.max_nodes > 0 && nodes >= self.limits.max_nodes {
            return Some(Stop::NodeLimit);
        }
        if self.limits.max_positions > 0 && positions >= self.limits.max_positions {
            return Some(Stop::PositionLimit);
        }
        if nodes < self.next_poll {
            return None;
        }
        self.next_poll = nodes + 1024;
        if let Some(stop) = self.interrupted_or_late() {
            return Some(stop);
        }
        if bytes() > self.limits.max_bytes {
            return Some(Stop::MemoryLimit);
        }
        self.report(nodes, positions, depth, progress);
        None
    }

    /// Whether tables of `bytes` are over the memory budget (checked every 1024 nodes).
    #[inline]
    pub(super) fn over_memory(&self, nodes: u64, bytes: impl FnOnce() -> u64) -> bool {
        nodes & 1023 == 0 && bytes() > self.limits.max_bytes
    }

    #[inline]
    pub(super) fn check(
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
            if let Some(stop) = self.interrupted_or_late() {
                return Some(stop);
            }
        }
        self.report(nodes, positions, depth, progress);
        None
    }

    /// Ctrl-C or the deadline passed.
    #[inline]
    fn interrupted_or_late(&self) -> Option<Stop> {
        if INTERRUPTED.load(Ordering::Relaxed) {
            return Some(Stop::Interrupted);
        }
        if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(Stop::Deadline);
        }
        None
    }

    /// A progress report every 65,536 nodes.
    #[inline]
    fn report(&mut self, nodes: u64, positions: u64, depth: u64, progress: &mut OnProgress) {
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
    }
}

// ---------------------------------------------------------------------------------------------
// Solitaires: breadth-first search over positions
