//! The exact search: fail-soft alpha-beta over the margin still to be won, driven by MTD(f)
//! (null-window passes that close in on the value), on the state of [`super::search`], with the
//! transposition table of [`super::tt`], enhanced transposition cut-offs, tablebase probes, and
//! bounds from the seeds left in play.
//!
//! A position's value is the final margin (the mover's seeds held minus the opponent's, at the
//! end of perfect play) minus the margin now: what is still to be won. For a rule whose ends do
//! not all go to the player holding most seeds, the value is instead `result * K + margin`
//! (`K` larger than any margin), so that the result comes first and the margin breaks ties.
//! A move that leaves the same player to move (an extra turn) keeps the sign of the value; one
//! that passes the turn flips it.

use super::key::key_of;
use super::order::{expand, kid_of};
use super::reading::in_play;
use super::search::{Frame, Kid, Search, FULL, MAX_PLIES};
use super::tt::{Entry, EXACT, MAX_DRAFT, NO_MOVE};
use crate::search::position::Position;
use crate::{Error, Result};

/// Plies from the root within which threads of a parallel search put off the moves another
/// thread is searching (deeper, a subtree is too small to be worth the key and the check).
pub const BUSY_PLIES: usize = 20;

/// The shallow searches of iterative deepening ([`Search::deepen`]): limited to `first`,
/// `first + step`, ... plies, up to `last`.
#[derive(Clone, Copy, Debug)]
pub struct Deepening {
    /// Plies of the first search.
    pub first: u32,
    /// Plies added from one search to the next.
    pub step: u32,
    /// Plies of the last search at most.
    pub last: u32,
}

/// The deepening the exact search runs first (`SOWLAB_DEEPEN` sets another): depth-limited
/// searches of 2, 4, ... 10 plies. Kalah, empty capture, 16-seed tablebases (BENCHMARKS.md):
/// positions expanded on (6,4) 80.5 M without, 24.3 M with.
pub const DEEPENING: Deepening = Deepening {
    first: 2,
    step: 2,
    last: 10,
};

/// Plies between two checks of the stack left (see [`Search::ab`]).
const STACK_CHECK_PLIES: usize = 16;
/// The stack a search needs for [`STACK_CHECK_PLIES`] plies, with room to spare (a debug build
/// takes about 8 KiB a ply).
const STACK_RED_ZONE: usize = 1 << 20;
/// The size of each further piece of stack.
const STACK_SEGMENT: usize = 16 << 20;

impl Search<'_> {
    /// The value of `node` (not over) if it lies within `alpha..beta`; else a bound beyond the
    /// side it fell (fail-soft). `frames[0]` is this ply's scratch space, `frames[1..]` the plies
    /// below. `None`: a limit stopped the search (see `stopped`, `endless`).
    pub fn ab<P: Position>(
        &mut self,
        node: &mut P,
        frames: &mut [Frame<P>],
        alpha: i32,
        beta: i32,
    ) -> Result<Option<i32>> {
        // A line may be MAX_PLIES moves deep, more than a thread's stack holds (a debug build, a
        // helper thread, Python's): every STACK_CHECK_PLIES plies the stack grows when it runs
        // low, on the heap, instead of overflowing.
        // The plies left are this node's; its children's while it searches them.
        let left = self.left;
        let r = if frames.len().is_multiple_of(STACK_CHECK_PLIES) {
            stacker::maybe_grow(STACK_RED_ZONE, STACK_SEGMENT, || {
                self.ab_here(node, frames, alpha, beta)
            })
        } else {
            self.ab_here(node, frames, alpha, beta)
        };
        self.left = left;
        r
    }

    /// [`Self::ab`] on this thread's stack.
    fn ab_here<P: Position>(
        &mut self,
        node: &mut P,
        frames: &mut [Frame<P>],
        mut alpha: i32,
        beta: i32,
    ) -> Result<Option<i32>> {
        // The parent's key, when it asked the tablebase already.
        let given = self.given.take();
        let (key, mover, seeds, (mut lo, mut hi), mut tt_move) = {
            let b = node.board();
            let seeds = in_play(&b);
            // The bounds from the seeds in play first: they cost no memory access.
            let (lo, hi) = self.range(&b, seeds);
            if lo >= beta {
                return Ok(Some(lo));
            }
            if hi <= alpha {
                return Ok(Some(hi));
            }
            let key = match given {
                Some(key) => key,
                None => {
                    if let Some(v) = self.tb.and_then(|t| t.probe_noting(self.rule, &b)) {
                        self.tb_hits += 1;
                        return Ok(Some(v));
                    }
                    key_of(self.spec, &b)
                }
            };
            (key, b.to_move, seeds, (lo, hi), NO_MOVE)
        };
        let range = (lo, hi);
        let left = self.left;
        let mut shallow = false;
        if let Some(e) = self.tt.get(&key) {
            if self.bounds_hold(e.draft, left) {
                lo = lo.max(e.lo as i32);
                hi = hi.min(e.hi as i32);
                shallow = e.draft != EXACT;
            }
            tt_move = e.best;
        }
        if lo >= beta || lo == hi || hi <= alpha {
            if shallow {
                self.cut_short += 1;
            }
            return Ok(Some(if lo >= beta || lo == hi { lo } else { hi }));
        }
        if left != FULL {
            if left == 0 {
                // The horizon of a depth-limited search: no more margin won from here.
                self.cut_short += 1;
                return Ok(Some(0.max(lo).min(hi)));
            }
            self.left = left - 1;
        }
        let cut0 = self.cut_short;
        // What a stored entry is: proved, unless a horizon was met below.
        let draft = |s: &Self| {
            if left == FULL || s.cut_short == cut0 {
                EXACT
            } else {
                left.min(MAX_DRAFT as u32) as u8
            }
        };
        if self.reading.may_cycle {
            // Where seeds out of play never come back, a position can only come back while the
            // seeds in play stay the same: the scan stops at the last capture.
            for &(k, s) in self.path.iter().rev() {
                if s != seeds && self.reading.monotone {
                    break;
                }
                if k == key {
                    if left != FULL {
                        // A shallow search values a repetition as its horizon: whether the
                        // rule may play on forever is the complete search's to find.
                        self.cut_short += 1;
                        return Ok(Some(0.max(lo).min(hi)));
                    }
                    self.endless = true;
                    return Ok(None);
                }
            }
        }
        let Some((f, below)) = frames.split_first_mut() else {
            return Err(Error::msg(format!(
                "{}: a line of more than {MAX_PLIES} moves: too long for the exact search (`--depth D`: win, draw or loss within D moves)",
                self.rule.name
            )));
        };
        self.expanded += 1;
        let work0 = self.nodes;
        let alpha0 = alpha;
        let mut best = i32::MIN;
        let mut best_i = NO_MOVE;
        self.path.push((key, seeds));
        // The table's move first, alone: when it cuts off, the other moves are never played.
        let mut searched = NO_MOVE;
        if tt_move != NO_MOVE {
            match self.tt_move_first(node, f, below, mover, tt_move, alpha, beta)? {
                Some(Some(v)) => {
                    searched = tt_move;
                    best = v;
                    if v > alpha {
                        alpha = v;
                        best_i = tt_move;
                    }
                }
                Some(None) => {}
                None => {
                    self.path.pop();
                    return Ok(None);
                }
            }
        }
        if best < beta {
            self.etc_now = seeds >= self.etc_min;
            let etc = match expand(self, node, f, mover, tt_move, beta)? {
                Some(etc) => etc,
                None => {
                    self.path.pop();
                    return Ok(None);
                }
            };
            if let Some(v) = etc {
                // A move proved the cut-off from the table alone (enhanced transposition
                // cut-off).
                self.path.pop();
                let work = self.nodes - work0;
                if work >= self.min_work {
                    self.tt.put(
                        &key,
                        Entry {
                            lo: v as i16,
                            hi: range.1 as i16,
                            best: NO_MOVE,
                            draft: draft(self),
                        },
                        work,
                    );
                }
                return Ok(Some(v));
            }
            // With other threads, near the root: a move whose position another thread is
            // searching now is put off to the end (its value is then likely in the table).
            let busy = self.busy.filter(|_| self.path.len() <= BUSY_PLIES);
            f.later.clear();
            let (n, mut j, mut late) = (f.order.len(), 0, false);
            loop {
                let i = if !late && j < n {
                    f.order[j]
                } else if !late {
                    (late, j) = (true, 0);
                    continue;
                } else if j < f.later.len() {
                    f.later[j]
                } else {
                    break;
                };
                j += 1;
                if i as u8 == searched && searched != NO_MOVE {
                    continue;
                }
                let kid = f.info[i];
                let mut marked = None;
                if let (Some(b), false) = (busy, kid.over || kid.valued) {
                    let ck = key_of(self.spec, &f.kids[i].board());
                    if !late && j > 1 && b.has(&ck) {
                        f.later.push(i);
                        continue;
                    }
                    b.enter(&ck);
                    marked = Some(ck);
                }
                let v = if kid.over {
                    kid.exact
                } else if kid.valued {
                    self.tb_hits += 1;
                    kid.exact
                } else {
                    let (ca, cb) = if kid.sign == 1 {
                        (alpha - kid.off, beta - kid.off)
                    } else {
                        (kid.off - beta, kid.off - alpha)
                    };
                    self.given = f.keys[i];
                    let r = self.ab(&mut f.kids[i], below, ca, cb)?;
                    if let (Some(b), Some(ck)) = (busy, marked) {
                        b.leave(&ck);
                    }
                    match r {
                        Some(r) => kid.sign * r + kid.off,
                        None => {
                            self.path.pop();
                            return Ok(None);
                        }
                    }
                };
                if v > best {
                    best = v;
                    if v > alpha {
                        alpha = v;
                        best_i = u8::try_from(i).unwrap_or(NO_MOVE);
                    }
                }
                if best >= beta {
                    break;
                }
            }
        }
        self.path.pop();
        let draft = draft(self);
        let e = if best <= alpha0 {
            Entry {
                lo: range.0 as i16,
                hi: best as i16,
                best: NO_MOVE,

                draft,
            }
        } else if best >= beta {
            Entry {
                lo: best as i16,
                hi: range.1 as i16,
                best: best_i,

                draft,
            }
        } else {
            Entry {
                lo: best as i16,
                hi: best as i16,
                best: best_i,

                draft,
            }
        };
        // A subtree of a few moves is searched again sooner than a slot is spent on it.
        let work = self.nodes - work0;
        if work >= self.min_work {
            self.tt.put(&key, e, work);
        }
        Ok(Some(best))
    }

    /// Plays and searches the table's move `tt_move` (an index in the legal moves) of `node`
    /// alone. `Ok(Some(Some(v)))`: its value; `Ok(Some(None))`: no such move (a hash
    /// collision, or another list); `Ok(None)`: stopped.
    #[allow(clippy::too_many_arguments)]
    fn tt_move_first<P: Position>(
        &mut self,
        node: &mut P,
        f: &mut Frame<P>,
        below: &mut [Frame<P>],
        mover: usize,
        tt_move: u8,
        alpha: i32,
        beta: i32,
    ) -> Result<Option<Option<i32>>> {
        if node.legal_into(self.rule, &mut f.moves).is_err() {
            // Ctrl-C inside a rule call, or an error the full expansion reports.
            return Ok(Some(None));
        }
        let Some(&pit) = f.moves.get(tt_move as usize) else {
            return Ok(Some(None));
        };
        if f.kids.is_empty() {
            f.kids.push(P::from_board(&node.board()));
        }
        if self.check().is_some() {
            return Ok(None);
        }
        let kid = &mut f.kids[0];
        kid.copy_from(node);
        if kid.apply(self.rule, pit).is_err() {
            return Ok(Some(None));
        }
        self.nodes += 1;
        let base = self.base(&node.board(), mover);
        let info = kid_of(self, &kid.board(), mover, base);
        if info.over {
            return Ok(Some(Some(info.exact)));
        }
        let (ca, cb) = if info.sign == 1 {
            (alpha - info.off, beta - info.off)
        } else {
            (info.off - beta, info.off - alpha)
        };
        Ok(self
            .ab(kid, below, ca, cb)?
            .map(|r| Some(info.sign * r + info.off)))
    }

    /// MTD(f) from `root` (not over) between the bounds `lo..=hi`, starting at `guess`: returns
    /// the bounds reached (equal when the value is known; apart when a limit stopped it).
    pub fn mtdf<P: Position>(
        &mut self,
        root: &mut P,
        frames: &mut [Frame<P>],
        lo: i32,
        hi: i32,
        guess: i32,
    ) -> Result<(i32, i32)> {
        self.mtdf_passes(lo, hi, guess, |s, beta| s.ab(root, frames, beta - 1, beta))
    }

    /// Iterative deepening before the complete search: MTD(f) limited to `plan.first`,
    /// `plan.first + plan.step`, ... up to `plan.last` plies, each from the value the last one
    /// found, their best moves and bounds kept in the table for the next one and their best
    /// moves for the complete search. Returns the complete search's first guess, and the value
    /// itself when a limited search met no horizon (then it is exact).
    pub fn deepen<P: Position>(
        &mut self,
        root: &mut P,
        frames: &mut [Frame<P>],
        lo: i32,
        hi: i32,
        plan: Deepening,
    ) -> Result<(i32, Option<i32>)> {
        let mut guess = 0;
        let mut d = plan.first;
        while plan.step > 0 && d <= plan.last {
            let cut0 = self.cut_short;
            self.left = d;
            let r = self.mtdf(root, frames, lo, hi, guess);
            self.left = FULL;
            let (l, h) = r?;
            if self.stopped.is_some() || l != h {
                break;
            }
            guess = l;
            if self.cut_short == cut0 {
                return Ok((guess, Some(guess)));
            }
            d += plan.step;
        }
        Ok((guess, None))
    }

    /// MTD(f)'s driver: null-window passes at `beta`, each `pass(self, beta)` (the value found,
    /// or `None` when a limit stopped it), narrowing `lo..=hi` until they meet.
    pub(super) fn mtdf_passes(
        &mut self,
        mut lo: i32,
        mut hi: i32,
        guess: i32,
        mut pass: impl FnMut(&mut Self, i32) -> Result<Option<i32>>,
    ) -> Result<(i32, i32)> {
        let mut g = guess.clamp(lo, hi);
        while lo < hi {
            self.pass += 1;
            let beta = if g == lo { g + 1 } else { g };
            match pass(self, beta)? {
                Some(r) if r < beta => {
                    hi = hi.min(r);
                    g = r;
                }
                Some(r) => {
                    lo = lo.max(r);
                    g = r;
                }
                None => break,
            }
            g = g.clamp(lo, hi);
        }
        Ok((lo, hi))
    }

    /// Whether the value of the position after `kid` (a move from a position of value `need`)
    /// reaches `need`, by one null-window search: then the move is best.
    pub fn proves<P: Position>(
        &mut self,
        kid: &mut P,
        info: Kid,
        frames: &mut [Frame<P>],
        need: i32,
    ) -> Result<Option<bool>> {
        if info.over {
            return Ok(Some(info.exact >= need));
        }
        let (ca, cb) = if info.sign == 1 {
            (need - 1 - info.off, need - info.off)
        } else {
            (info.off - need, info.off - need + 1)
        };
        Ok(self
            .ab(kid, frames, ca, cb)?
            .map(|r| info.sign * r + info.off >= need))
    }
}
