//! The resource limits every input runs under, in one place: each has a default a user can change
//! with an environment variable (listed in README's Safety section), read once per process.
//!
//! | variable | limit | default |
//! |---|---|---|
//! | `SOWLAB_MAX_PITS` | pits (holes and stores) of one board | 100 000 |
//! | `SOWLAB_MAX_TRACE` | trace events recorded for one move | 2 000 000 |
//! | `SOWLAB_MAX_HISTORY` | moves kept in one game (REPL, check scripts) | 100 000 |
//! | `SOWLAB_MAX_HISTORY_MB` | memory of one game's history, estimated | 1024 |
//! | `SOWLAB_SCRIPT_MB` | memory one script call may allocate (binary only) | 512 |
//! | `SOWLAB_MAX_FILE_MB` | largest rule, preset, position, save or check script read | 4 |
//! | `SOWLAB_SOLVE_MB` | memory budget of a search's tables (also `solve --max-memory`) | 2048 |
//! | `SOWLAB_MAX_SWEEP` | points of a `sweep` grid | 10 000 |
//! | `SOWLAB_MAX_PRINT_MB` | what one check script prints (`print`, `debug`) | 64 |

use std::sync::OnceLock;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().replace('_', "").parse::<u64>().ok())
        .filter(|&v| v > 0)
        .unwrap_or(default)
}

macro_rules! limit {
    ($(#[$doc:meta])* $name:ident, $var:literal, $default:expr) => {
        $(#[$doc])*
        pub fn $name() -> u64 {
            static V: OnceLock<u64> = OnceLock::new();
            *V.get_or_init(|| env_or($var, $default))
        }
    };
}

limit!(
    /// Most pits (holes and stores) a board may have (`SOWLAB_MAX_PITS`).
    max_pits,
    "SOWLAB_MAX_PITS",
    100_000
);
limit!(
    /// Most trace events one move may record (`SOWLAB_MAX_TRACE`).
    max_trace,
    "SOWLAB_MAX_TRACE",
    2_000_000
);
limit!(
    /// Most moves one game keeps in its history (`SOWLAB_MAX_HISTORY`).
    max_history,
    "SOWLAB_MAX_HISTORY",
    100_000
);
limit!(
    /// Most memory, in MiB, one game's history may hold, estimated (`SOWLAB_MAX_HISTORY_MB`).
    max_history_mb,
    "SOWLAB_MAX_HISTORY_MB",
    1024
);
limit!(
    /// Most memory, in MiB, one script call may allocate (`SOWLAB_SCRIPT_MB`; enforced where the
    /// program counts its allocations: the `sowlab` binary).
    script_mb,
    "SOWLAB_SCRIPT_MB",
    512
);
limit!(
    /// Largest file, in MiB, read as a rule, preset, position, save or check script
    /// (`SOWLAB_MAX_FILE_MB`).
    max_file_mb,
    "SOWLAB_MAX_FILE_MB",
    4
);
limit!(
    /// Default memory budget, in MiB, of a search's tables (`SOWLAB_SOLVE_MB`).
    solve_mb,
    "SOWLAB_SOLVE_MB",
    2048
);
limit!(
    /// Most points a `sweep` grid may have (`SOWLAB_MAX_SWEEP`).
    max_sweep,
    "SOWLAB_MAX_SWEEP",
    10_000
);

limit!(
    /// Most output, in MiB, one check script may print with `print` and `debug`
    /// (`SOWLAB_MAX_PRINT_MB`).
    max_print_mb,
    "SOWLAB_MAX_PRINT_MB",
    64
);

/// Largest value a reserve may hold (far below `i64::MAX`, so sums of counts cannot overflow).
pub const MAX_RESERVE: i64 = 1_000_000_000_000;

/// Largest magnitude of a counter or game variable set by a script or a position file (so the
/// core's increments cannot overflow).
pub const MAX_VALUE: i64 = 1 << 53;

// ---------------------------------------------------------------------------------------------
// Counting the memory a thread allocates

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

thread_local! {
    /// Bytes this thread allocated minus the bytes it freed (only counted when the program uses
    /// [`CountingAlloc`] as its global allocator).
    static NET: Cell<isize> = const { Cell::new(0) };
}

#[inline]
fn count(delta: isize) {
    let _ = NET.try_with(|c| c.set(c.get().wrapping_add(delta)));
}

/// The system allocator, counting each thread's net allocations so script calls can be held to a
/// memory limit ([`script_mb`]). The `sowlab` binary installs it with `#[global_allocator]`.
pub struct CountingAlloc;

// SAFETY: every call is forwarded unchanged to `System`; the counting only touches a
// const-initialised thread-local without destructor (no allocation, no re-entrance).
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(l) };
        if !p.is_null() {
            count(l.size() as isize);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(l) };
        if !p.is_null() {
            count(l.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) };
        count(-(l.size() as isize));
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, l, new) };
        if !q.is_null() {
            count(new as isize - l.size() as isize);
        }
        q
    }
}

/// Net bytes allocated by this thread so far (0 without [`CountingAlloc`]).
#[inline]
pub fn thread_bytes() -> isize {
    NET.try_with(Cell::get).unwrap_or(0)
}
