//! The clock of a call: what stops the work of a rule call, a native move or a check run on this
//! thread (Ctrl-C, a work budget, a wall-clock limit, the memory the thread allocated), checked by
//! [`charge`], which script operations and native loops (sowing) call with the work they do.
//!
//! The work budget is what bounds a rule call: it counts units of work (a script operation, a
//! seed sown), so where a call stops does not depend on the machine's speed. The wall clock is a
//! backstop for work that is not counted, far above what the work budget lets a call run.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Set by Ctrl-C: running scripts and searches stop at the next check.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// What stops the work of the current call on this thread: a work budget, a wall-clock limit
/// (started lazily, at the first check, so starting a call costs no clock read), and a memory
/// limit over the bytes the thread allocated since the call began.
#[derive(Clone, Copy)]
struct Clock {
    start: Option<Instant>,
    limit: Option<Duration>,
    /// What the limit is, for the message: a rule call, or a whole check run.
    run: bool,
    mem_base: isize,
    /// The thread's work count past which the call has spent its budget, and the budget (for the
    /// message); none: no work budget.
    work: Option<(u64, u64)>,
}

const NO_CLOCK: Clock = Clock {
    start: None,
    limit: None,
    run: false,
    mem_base: 0,
    work: None,
};

/// The work counts of this thread: units done so far, the count at which [`charge`] next takes
/// its slow path, and the count of the next look at the clock, Ctrl-C and the memory.
#[derive(Clone, Copy)]
struct Counts {
    done: u64,
    next: u64,
    look: u64,
}

thread_local! {
    static CLOCK: Cell<Clock> = const { Cell::new(NO_CLOCK) };
    static COUNTS: Cell<Counts> = const {
        Cell::new(Counts { done: 0, next: CHECK_EVERY, look: CHECK_EVERY })
    };
}

/// Work units (script operations, seeds dropped, pits stepped over) between two looks at the
/// clock, Ctrl-C and the memory used: a few microseconds of work.
const CHECK_EVERY: u64 = 1 << 10;

/// The units of work done on this thread so far (script operations, seeds sown): the difference
/// of two readings is the work done between them, the same on every machine.
pub fn work_done() -> u64 {
    COUNTS.with(|c| c.get().done)
}

/// Sets when [`charge`] next looks: at the next look at the clock, or just past the end of the
/// current call's work budget (`end`), whichever comes first.
fn aim(end: Option<u64>) {
    COUNTS.with(|c| {
        let mut v = c.get();
        v.next = end.map_or(v.look, |e| v.look.min(e.saturating_add(1)));
        c.set(v);
    });
}

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
        set_clock(self.prev);
    }
}

/// Makes `c` the current call's clock, aiming the next slow [`charge`] at its work budget's end.
fn set_clock(c: Clock) {
    CLOCK.with(|x| x.set(c));
    aim(c.work.map(|(end, _)| end));
}

/// A native move's time limit, and the end and size of its work budget.
type Pending = (Duration, Option<(u64, u64)>);

thread_local! {
    /// The limits of a native move whose clock has not started yet (see [`start_move`]): the
    /// time limit, and the end and size of its work budget.
    static PENDING: Cell<Option<Pending>> = const { Cell::new(None) };
    /// Whether the current native move's clock started (then `MOVE_PREV` is the clock to
    /// restore when the move ends).
    static MOVE_STARTED: Cell<bool> = const { Cell::new(false) };
    static MOVE_PREV: Cell<Clock> = const { Cell::new(NO_CLOCK) };
}

/// Ends a native move's limits (see [`start_move`]).
pub struct MoveGuard(());

impl Drop for MoveGuard {
    fn drop(&mut self) {
        PENDING.with(|p| p.set(None));
        if MOVE_STARTED.with(|m| m.replace(false)) {
            set_clock(MOVE_PREV.with(Cell::get));
        }
    }
}

/// Gives a native move (a declared move that calls no script: no hooks) the limits of a rule
/// call, as [`start_call`] does, but lazily: only the work count is read now, and the move's
/// first check (see [`charge`], at most [`CHECK_EVERY`] units later) starts its clock and its work
/// budget exactly as `start_call` would have at the move's start. The many short moves of a
/// search, which make no check, cost no clock work. Not for code that calls scripts (use
/// `start_call`). A work budget below `CHECK_EVERY` units counts as `CHECK_EVERY`.
pub fn start_move(limit: Duration, work: Option<u64>) -> MoveGuard {
    let w = work.map(|b| {
        let b = b.max(CHECK_EVERY);
        (work_done().saturating_add(b), b)
    });
    PENDING.with(|p| p.set(Some((limit, w))));
    MoveGuard(())
}

/// Starts the limits of a call on this thread: `limit` on the wall clock, `work` units of work
/// (none: no work budget); the enclosing call's limits come back when the guard is dropped. A
/// call inside another keeps the earlier of the two deadlines and of the two work budgets' ends.
/// `run` says the limit is a whole check run's (`--timeout`).
pub fn start_call(limit: Duration, work: Option<u64>, run: bool) -> CallGuard {
    let w = work.map(|b| (work_done().saturating_add(b), b));
    begin(limit, w, run)
}

fn begin(limit: Duration, work: Option<(u64, u64)>, run: bool) -> CallGuard {
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
        work,
    };
    if let (Some(s), Some(l)) = (prev.start, prev.limit) {
        if s.elapsed() + limit >= l {
            // The enclosing deadline comes first: keep it.
            next.start = prev.start;
            next.limit = prev.limit;
            next.run = prev.run;
        }
    }
    if let Some((end, _)) = prev.work {
        if next.work.is_none_or(|(e, _)| end < e) {
            // The enclosing work budget ends first: keep it.
            next.work = prev.work;
        }
    }
    set_clock(next);
    CallGuard { prev }
}

/// Counts `units` of work of the current call and stops it, with an error, once its work budget
/// is spent; every [`CHECK_EVERY`] units, checks Ctrl-C, the call's wall clock and its memory.
/// Native primitives call it in their loops, so a single long primitive is stopped like a long
/// script.
#[inline]
pub fn charge(units: u32) -> Result<(), String> {
    let (done, next) = COUNTS.with(|c| {
        let mut v = c.get();
        v.done = v.done.wrapping_add(u64::from(units));
        c.set(v);
        (v.done, v.next)
    });
    if done < next {
        return Ok(());
    }
    slow_charge(done)
}

#[cold]
fn slow_charge(done: u64) -> Result<(), String> {
    let v = COUNTS.with(Cell::get);
    if done >= v.look {
        COUNTS.with(|c| {
            let mut v = c.get();
            v.look = done.saturating_add(CHECK_EVERY);
            c.set(v);
        });
        check_now()
    } else {
        check_work()
    }
}

/// Checks the current call's work budget (see [`charge`]), aiming the next slow charge.
fn check_work() -> Result<(), String> {
    let c = CLOCK.with(Cell::get);
    let end = c.work.map(|(end, _)| end);
    aim(end);
    match c.work {
        Some((end, budget)) if work_done() > end => Err(format!(
            "work limit exceeded: the call did more than {budget} units of work (script \
             operations, seeds sown; an endless loop?)"
        )),
        _ => Ok(()),
    }
}

/// Checks Ctrl-C, the current call's work budget, wall clock and memory now.
pub fn check_now() -> Result<(), String> {
    if let Some((limit, work)) = PENDING.with(|p| p.take()) {
        // A native move's first check: its clock starts now (see `start_move`), and the clock
        // it replaces comes back when the move ends.
        let started = begin(limit, work, false);
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
    check_work()?;
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
