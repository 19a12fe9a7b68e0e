//! The clock of a call: what stops the work of a rule call, a native move or a check run on this
//! thread (Ctrl-C, a wall-clock limit, the memory the thread allocated), checked every few
//! microseconds of work by [`charge`], which script operations and native loops (sowing) call.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Set by Ctrl-C: running scripts and searches stop at the next check.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// What stops the work of the current call on this thread: a wall-clock limit (started lazily, at
/// the first check, so starting a call costs no clock read), and a memory limit over the bytes
/// the thread allocated since the call began.
#[derive(Clone, Copy)]
struct Clock {
    start: Option<Instant>,
    limit: Option<Duration>,
    /// What the limit is, for the message: a rule call, or a whole check run.
    run: bool,
    mem_base: isize,
}

thread_local! {
    static CLOCK: Cell<Clock> = const {
        Cell::new(Clock { start: None, limit: None, run: false, mem_base: 0 })
    };
    /// Work units left before the next look at the clock (shared by every call on the thread).
    static BUDGET: Cell<u32> = const { Cell::new(CHECK_EVERY) };
}

/// Work units (script operations, seeds dropped, pits stepped over) between two looks at the
/// clock, Ctrl-C and the memory used: a few microseconds of work.
const CHECK_EVERY: u32 = 1 << 10;

thread_local! {
    /// What stops all the work of this thread from outside (see [`stop_when`]).
    static STOP: std::cell::RefCell<Option<(Arc<AtomicBool>, Instant)>> =
        const { std::cell::RefCell::new(None) };
}

/// Ends the stop set by [`stop_when`].
pub struct StopGuard(Option<(Arc<AtomicBool>, Instant)>);

impl Drop for StopGuard {
    fn drop(&mut self) {
        let prev = self.0.take();
        STOP.with(|s| *s.borrow_mut() = prev);
    }
}

/// Stops every rule call and search on this thread, at its next check, once `flag` is set (by
/// another thread: the client went away) or `deadline` passes: a whole computation's bound, where
/// [`start_call`] bounds one call. The calls fail with an error starting "stopped".
pub fn stop_when(flag: Arc<AtomicBool>, deadline: Instant) -> StopGuard {
    StopGuard(STOP.with(|s| s.borrow_mut().replace((flag, deadline))))
}

/// Whether the stop of [`stop_when`] was reached (the flag set, or the deadline passed).
pub fn stopped() -> bool {
    STOP.with(|s| {
        s.borrow()
            .as_ref()
            .is_some_and(|(f, d)| f.load(Ordering::Relaxed) || Instant::now() >= *d)
    })
}

/// Restores the clock of the enclosing call when a call ends (see [`start_call`]).
pub struct CallGuard {
    prev: Clock,
}

impl Drop for CallGuard {
    fn drop(&mut self) {
        CLOCK.with(|c| c.set(self.prev));
    }
}

thread_local! {
    /// The limit of a native move whose clock has not started yet (see [`start_move`]).
    static PENDING: Cell<Option<Duration>> = const { Cell::new(None) };
    /// Whether the current native move's clock started (then `MOVE_PREV` is the clock to
    /// restore when the move ends).
    static MOVE_STARTED: Cell<bool> = const { Cell::new(false) };
    static MOVE_PREV: Cell<Clock> = const {
        Cell::new(Clock { start: None, limit: None, run: false, mem_base: 0 })
    };
}

/// Ends a native move's time limit (see [`start_move`]).
pub struct MoveGuard(());

impl Drop for MoveGuard {
    fn drop(&mut self) {
        PENDING.with(|p| p.set(None));
        if MOVE_STARTED.with(|m| m.replace(false)) {
            let prev = MOVE_PREV.with(Cell::get);
            CLOCK.with(|c| c.set(prev));
        }
    }
}

/// Gives a native move (a declared move that calls no script: no hooks) the time limit of a rule
/// call, as [`start_call`] does, but lazily: nothing is read or saved now, and the move's first
/// check (see [`charge`]) starts its clock exactly as `start_call` would have. A call's clock
/// starts at its first check anyway, so the limit is the same; the many short moves of a search,
/// which make no check, cost no clock work. Not for code that calls scripts (use `start_call`).
pub fn start_move(limit: Duration) -> MoveGuard {
    PENDING.with(|p| p.set(Some(limit)));
    MoveGuard(())
}

/// Starts the clock of a call limited to `limit` (a rule call) on this thread; the enclosing
/// call's clock comes back when the guard is dropped. A call inside another keeps the earlier of
/// the two deadlines. `run` says the limit is a whole check run's (`--timeout`).
pub fn start_call(limit: Duration, run: bool) -> CallGuard {
    let mut prev = CLOCK.with(Cell::get);
    if prev.limit.is_some() && prev.start.is_none() {
        // The enclosing clock starts now at the latest: it bounds this call too.
        prev.start = Some(Instant::now());
    }
    let mut next = Clock {
        // A run's clock starts at once; a call's at its first check (no clock read per call).
        start: run.then(Instant::now),
        limit: Some(limit),
        run,
        mem_base: crate::engine::base::limits::thread_bytes(),
    };
    if let (Some(s), Some(l)) = (prev.start, prev.limit) {
        if s.elapsed() + limit >= l {
            // The enclosing deadline comes first: keep it.
            next.start = prev.start;
            next.limit = prev.limit;
            next.run = prev.run;
        }
    }
    CLOCK.with(|c| c.set(next));
    CallGuard { prev }
}

/// Counts `units` of work of the current call and, every [`CHECK_EVERY`] units, checks Ctrl-C,
/// the call's wall clock and its memory. Native primitives call it in their loops, so a single
/// long primitive is stopped like a long script.
#[inline]
pub fn charge(units: u32) -> Result<(), String> {
    let left = BUDGET.with(|b| {
        let v = b.get().saturating_sub(units);
        b.set(v);
        v
    });
    if left > 0 {
        return Ok(());
    }
    BUDGET.with(|b| b.set(CHECK_EVERY));
    check_now()
}

/// Checks Ctrl-C, the current call's wall clock and its memory now.
pub fn check_now() -> Result<(), String> {
    if let Some(limit) = PENDING.with(|p| p.take()) {
        // A native move's first check: its clock starts now (see `start_move`), and the clock
        // it replaces comes back when the move ends.
        let started = start_call(limit, false);
        MOVE_PREV.with(|m| m.set(started.prev));
        MOVE_STARTED.with(|m| m.set(true));
        std::mem::forget(started);
    }
    if INTERRUPTED.load(Ordering::Relaxed) {
        return Err("interrupted".into());
    }
    if stopped() {
        return Err("stopped: the computation's time bound passed or its client went away".into());
    }
    let mut c = CLOCK.with(Cell::get);
    let Some(limit) = c.limit else {
        return Ok(());
    };
    match c.start {
        None => {
            c.start = Some(Instant::now());
            CLOCK.with(|x| x.set(c));
        }
        Some(t) if t.elapsed() > limit => {
            return Err(if c.run {
                format!(
                    "time limit exceeded: the run took more than {} s (--timeout)",
                    limit.as_secs()
                )
            } else {
                format!(
                    "time limit exceeded: the call ran for more than {limit:?} (an endless loop?)"
                )
            });
        }
        Some(_) => {}
    }
    let cap = isize::try_from(crate::engine::base::limits::script_mb().saturating_mul(1 << 20))
        .unwrap_or(isize::MAX);
    let used = crate::engine::base::limits::thread_bytes() - c.mem_base;
    if used > cap {
        return Err(format!(
            "memory limit exceeded: the {} allocated more than {} MiB (SOWLAB_SCRIPT_MB)",
            if c.run { "run" } else { "call" },
            crate::engine::base::limits::script_mb()
        ));
    }
    Ok(())
}
