#![allow(dead_code)]

//! A running `sowlab` whose output is read while it runs, so that a test can wait for a sign
//! from the program (a progress line, a prompt's answer) before it acts, instead of sleeping
//! and hoping the program got there: on a fast machine the work may end first, on a slow one
//! it may not have started.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, ExitStatus};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long a test waits for a sign before it calls the program stuck. A guard against hangs,
/// not a measure of speed: the sign comes in milliseconds on any machine that runs the suite.
pub const STUCK: Duration = Duration::from_secs(300);

/// A child process with both outputs read line by line on their own threads.
pub struct Watched {
    pub child: Child,
    out: Receiver<String>,
    err: Receiver<String>,
    out_all: Option<JoinHandle<String>>,
    err_all: Option<JoinHandle<String>>,
}

/// A test that fails half-way leaves no program running behind it.
impl Drop for Watched {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What a watched run printed and how it ended.
pub struct Finished {
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

impl std::fmt::Debug for Finished {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "status {:?}\nstdout: {}\nstderr: {}",
            self.status.code(),
            self.stdout,
            self.stderr
        )
    }
}

/// Reads `r` line by line: each line is sent on, and the whole text is what the thread returns.
fn reader(r: impl Read + Send + 'static) -> (Receiver<String>, JoinHandle<String>) {
    let (tx, rx) = channel();
    let h = std::thread::spawn(move || {
        let mut all = String::new();
        for line in BufReader::new(r).lines() {
            let Ok(line) = line else { break };
            all.push_str(&line);
            all.push('\n');
            let _ = tx.send(line);
        }
        all
    });
    (rx, h)
}

impl Watched {
    /// Watches `child`, whose stdout and stderr must be piped.
    pub fn new(mut child: Child) -> Watched {
        let (out, out_all) = reader(child.stdout.take().expect("stdout piped"));
        let (err, err_all) = reader(child.stderr.take().expect("stderr piped"));
        Watched {
            child,
            out,
            err,
            out_all: Some(out_all),
            err_all: Some(err_all),
        }
    }

    /// Waits for a line of stderr that contains `sign`; panics if the program ends or stays
    /// silent for [`STUCK`] first.
    pub fn wait_stderr(&self, sign: &str) -> String {
        wait(&self.err, sign, "stderr")
    }

    /// Waits for a line of stdout that contains `sign` (as [`Watched::wait_stderr`]).
    pub fn wait_stdout(&self, sign: &str) -> String {
        wait(&self.out, sign, "stdout")
    }

    /// Sends SIGINT (what Ctrl-C sends).
    pub fn sigint(&self) {
        let ok = std::process::Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .unwrap()
            .success();
        assert!(ok, "kill -INT failed");
    }

    /// Waits for the end (killing the program after [`STUCK`]: a hang) and returns all output.
    pub fn finish(mut self) -> Finished {
        drop(self.child.stdin.take());
        let t0 = Instant::now();
        let status = loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                break s;
            }
            if t0.elapsed() > STUCK {
                let _ = self.child.kill();
                panic!("the program did not end within {STUCK:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        Finished {
            status,
            stdout: self.out_all.take().unwrap().join().unwrap(),
            stderr: self.err_all.take().unwrap().join().unwrap(),
        }
    }
}

fn wait(lines: &Receiver<String>, sign: &str, name: &str) -> String {
    let t0 = Instant::now();
    loop {
        match lines.recv_timeout(STUCK.saturating_sub(t0.elapsed())) {
            Ok(l) if l.contains(sign) => return l,
            Ok(_) => {}
            Err(RecvTimeoutError::Timeout) => panic!("no {sign:?} on {name} within {STUCK:?}"),
            Err(RecvTimeoutError::Disconnected) => {
                panic!("the program closed its {name} before saying {sign:?}")
            }
        }
    }
}

/// Runs `cmd` to its end, both outputs read while it runs (so a long output cannot stall it):
/// (exit code, -1 when a signal ended it; stdout; stderr). A run that does not end within
/// [`STUCK`] is killed and fails the test: it hangs.
pub fn run(mut cmd: std::process::Command) -> (i32, String, String) {
    use std::process::Stdio;
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the program");
    let f = Watched::new(child).finish();
    (f.status.code().unwrap_or(-1), f.stdout, f.stderr)
}
