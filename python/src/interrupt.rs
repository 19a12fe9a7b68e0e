//! Long calls that Ctrl-C stops: the work runs on a worker thread with the GIL released, while
//! the calling thread looks at Python's signals.

use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::Duration;

use pyo3::prelude::*;

use crate::msg;

/// Runs `f` with the GIL released, on a worker thread (with the main thread's stack), and looks
/// at Python's signals every 50 ms meanwhile: on Ctrl-C (or any signal handler raising), sowlab's
/// interrupt flag stops the work at its next check, the worker is waited for, and the handler's
/// exception (`KeyboardInterrupt`) is raised. The flag stops every sowlab call of the process,
/// as Ctrl-C does on the command line.
pub(crate) fn interruptible<T: Send>(py: Python<'_>, f: impl FnOnce() -> T + Send) -> PyResult<T> {
    use sowlab::engine::base::clock::INTERRUPTED;
    std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel();
        // (Behind a lock only so that a reference to it may cross into `allow_threads`.)
        let rx = Mutex::new(rx);
        let worker = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn_scoped(scope, move || {
                let _ = tx.send(f());
            })
            .map_err(|e| msg(format!("cannot start a worker thread: {e}")))?;
        loop {
            let got = py.allow_threads(|| {
                let rx = rx.lock().unwrap_or_else(|p| p.into_inner());
                rx.recv_timeout(Duration::from_millis(50))
            });
            match got {
                Ok(v) => return Ok(v),
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(msg(
                        "the call failed inside sowlab (a worker thread panicked)",
                    ))
                }
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            }
            if let Err(e) = py.check_signals() {
                INTERRUPTED.store(true, Ordering::SeqCst);
                py.allow_threads(|| {
                    let _ = worker.join();
                });
                INTERRUPTED.store(false, Ordering::SeqCst);
                return Err(e);
            }
        }
    })
}
