//! The exact search on several threads: every null-window pass of MTD(f) is searched by all
//! of them at once from the root, sharing one transposition table ([`SharedTable`]); near the
//! root a thread puts off a move another thread is searching ([`Busy`]: the idea of ABDADA), so
//! that the threads split the tree instead of repeating each other, and each takes the others'
//! finished subtrees from the table. The first thread's result decides the pass; the helpers
//! are then stopped and their unfinished work dropped (an entry is only stored for a complete
//! search below it).
//!
//! The value found is the one a single thread finds: each pass answers "is the value at least
//! beta?" from bounds that are all proved, whichever thread proved them, and MTD(f) closes in
//! on the one value. Only the counts (nodes, passes' fail-soft bounds, the line chosen among
//! equal moves) may differ from run to run. Where positions may come back along a line, each
//! thread watches its own line; a position met again on any thread's line stops the search with
//! the error of endless play, as on one thread (no entry is stored below it, so every entry is
//! the value of a tree without repetitions). Scripted rules run on one thread.

use std::sync::atomic::{AtomicBool, Ordering};

use super::search::{Frame, Search, MAX_PLIES};
use super::shared::{Busy, SharedTable, Tables};
use crate::search::position::Position;
use crate::search::solve::SearchLimits;
use crate::{Board, Result};

/// What the helper threads of a parallel search share with the first one.
pub struct Helpers<'a> {
    /// Helper threads (besides the first).
    pub count: usize,
    /// The shared table.
    pub table: &'a SharedTable,
    /// The positions being searched.
    pub busy: &'a Busy,
    /// Their limits (deadline and Ctrl-C; the first thread counts the nodes).
    pub limits: SearchLimits,
    /// The start.
    pub root: Board,
    /// Nodes played by the helpers, summed.
    pub nodes: u64,
    /// Tablebase hits of the helpers, summed.
    pub tb_hits: u64,
    /// Positions expanded by the helpers, summed.
    pub expanded: u64,
}

impl Search<'_> {
    /// MTD(f) as [`Search::mtdf`], each pass searched by this thread and the helpers together.
    pub fn mtdf_parallel<P: Position>(
        &mut self,
        root: &mut P,
        frames: &mut [Frame<P>],
        lo: i32,
        hi: i32,
        guess: i32,
        h: &mut Helpers,
    ) -> Result<(i32, i32)> {
        self.mtdf_passes(lo, hi, guess, |s, beta| {
            s.pass_parallel(root, frames, beta, h)
        })
    }

    /// One null-window pass at `beta` on every thread; this thread's result.
    fn pass_parallel<P: Position>(
        &mut self,
        root: &mut P,
        frames: &mut [Frame<P>],
        beta: i32,
        h: &mut Helpers,
    ) -> Result<Option<i32>> {
        let halt = AtomicBool::new(false);
        let (rule, reading, tb, spec_etc) =
            (self.rule, self.reading.clone(), self.tb, self.etc_min);
        let total = h.root.total();
        let (table, busy, limits, start) = (h.table, h.busy, &h.limits, &h.root);
        let (mine, counts) = std::thread::scope(|sc| {
            let helpers: Vec<_> = (0..h.count)
                .map(|_| {
                    let (halt, reading) = (&halt, reading.clone());
                    sc.spawn(move || {
                        let mut s = Search::new(
                            rule,
                            reading,
                            Tables::Shared(table),
                            tb,
                            total,
                            limits,
                            None,
                        );
                        s.busy = Some(busy);
                        s.halt = Some(halt);
                        s.etc_min = spec_etc;
                        let mut frames: Vec<Frame<Board>> =
                            (0..MAX_PLIES).map(|_| Frame::default()).collect();
                        let mut node = Board::from_board(start);
                        // Its result is the first thread's to give; an error there is too.
                        let _ = s.ab(&mut node, &mut frames, beta - 1, beta);
                        (s.nodes, s.tb_hits, s.expanded, s.endless)
                    })
                })
                .collect();
            let mine = self.ab(root, frames, beta - 1, beta);
            halt.store(true, Ordering::Relaxed);
            let counts: Vec<(u64, u64, u64, bool)> = helpers
                .into_iter()
                .map(|t| t.join().unwrap_or((0, 0, 0, false)))
                .collect();
            (mine, counts)
        });
        for (n, t, x, endless) in counts {
            h.nodes += n;
            h.tb_hits += t;
            h.expanded += x;
            if endless {
                self.endless = true;
                return Ok(None);
            }
        }
        mine
    }
}
