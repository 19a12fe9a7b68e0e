//! Helpers shared by the integration tests: running the binary on a transcript, temporary
//! directories, and redacting them from output.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The repository's rules directory.
pub fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rules")
}

/// A fresh empty directory for one test.
pub fn temp_dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("sowlab-tests")
        .join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create a temp dir");
    d
}

fn command(args: &[&str], data: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sowlab"));
    c.args(args)
        .env("NO_COLOR", "1")
        .env("SOWLAB_RULES", rules_dir())
        .env("XDG_DATA_HOME", data)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// Runs `sowlab ARGS` with `input` on stdin; returns stdout (then stderr, if any) and the exit
/// code, with `tmp` replaced by `[TMP]`.
pub fn run(args: &[&str], input: &str, tmp: &Path) -> (String, i32) {
    let mut child = command(args, tmp).spawn().expect("run sowlab");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("sowlab output");
    writer.join().expect("writer");
    (
        redact(&combine(&out.stdout, &out.stderr), tmp),
        out.status.code().unwrap_or(-1),
    )
}

fn combine(stdout: &[u8], stderr: &[u8]) -> String {
    let mut s = String::from_utf8_lossy(stdout).to_string();
    if !stderr.is_empty() {
        s.push_str("--- stderr ---\n");
        s.push_str(&String::from_utf8_lossy(stderr));
    }
    s
}

/// Replaces the temp dir in output by `[TMP]` and the repository by `[REPO]`.
pub fn redact(s: &str, tmp: &Path) -> String {
    s.replace(&tmp.display().to_string(), "[TMP]")
        .replace(env!("CARGO_MANIFEST_DIR"), "[REPO]")
}

/// Runs `sowlab ARGS` in phases: each phase's commands are written, then (once the output shows
/// `marker`, printed by an `eval` the phase ends with) its action runs before the next phase.
pub fn run_phases(
    args: &[&str],
    tmp: &Path,
    phases: Vec<(String, Box<dyn FnOnce()>)>,
) -> (String, i32) {
    let mut child = command(args, tmp).spawn().expect("run sowlab");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = child.stdout.take().expect("stdout");
    let buf = Arc::new(Mutex::new(Vec::new()));
    let b2 = buf.clone();
    let reader = std::thread::spawn(move || {
        let mut chunk = [0u8; 4096];
        loop {
            match stdout.read(&mut chunk) {
                Ok(0) | Err(_) => break,
                Ok(n) => b2.lock().unwrap().extend_from_slice(&chunk[..n]),
            }
        }
    });
    for (i, (cmds, action)) in phases.into_iter().enumerate() {
        let marker = format!("\"phase {i} done\"");
        stdin
            .write_all(format!("{cmds}eval \"phase {i} done\"\n").as_bytes())
            .expect("write commands");
        stdin.flush().expect("flush");
        let t = Instant::now();
        loop {
            let text = String::from_utf8_lossy(&buf.lock().unwrap()).to_string();
            if text.contains(&marker) {
                break;
            }
            assert!(
                t.elapsed() < Duration::from_secs(60),
                "no {marker} in:\n{text}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        action();
    }
    drop(stdin);
    let mut stderr = Vec::new();
    let _ = child
        .stderr
        .take()
        .expect("stderr")
        .read_to_end(&mut stderr);
    let status = child.wait().expect("wait");
    reader.join().expect("reader");
    let out = buf.lock().unwrap().clone();
    (
        redact(&combine(&out, &stderr), tmp),
        status.code().unwrap_or(-1),
    )
}

/// The output lines that follow each `> json` command.
pub fn json_lines(transcript: &str) -> Vec<String> {
    let lines: Vec<&str> = transcript.lines().collect();
    lines
        .windows(2)
        .filter(|w| w[0] == "> json")
        .map(|w| w[1].to_string())
        .collect()
}
