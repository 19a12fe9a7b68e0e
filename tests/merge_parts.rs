//! `merge` reads only regular files, through the capped reader (a device or a named pipe is
//! refused in one line, at once), and checks each part's tallies against its own declared range:
//! counts that disagree with the range, or sums that overflow, are an error with a non-zero
//! exit, never a wrong report with exit 0.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::path::Path;
use std::process::Command;

#[path = "common/watch.rs"]
mod watch;

use serde_json::Value;

/// Runs sowlab with at most 4 GB of address space, so that a reader without a cap fails instead
/// of filling the machine: (exit code, stdout, stderr). A run that hangs is killed and fails the
/// test.
fn sowlab(args: &[&str]) -> (i32, String, String) {
    let mut c = Command::new("sh");
    c.args([
        "-c",
        "ulimit -v 4000000; exec \"$0\" \"$@\"",
        env!("CARGO_BIN_EXE_sowlab"),
    ])
    .args(args)
    .current_dir(env!("CARGO_MANIFEST_DIR"));
    watch::run(c)
}

fn refused(args: &[&str], want: &str) {
    let (code, out, err) = sowlab(args);
    assert_eq!(code, 1, "{args:?}: {err}");
    assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(want), "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?} printed a report: {out}");
}

#[test]
fn merge_refuses_devices_and_named_pipes_at_once() {
    let d = scratch("special");
    let fifo = d.join("part.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    refused(&["merge", "/dev/zero"], "not a regular file");
    refused(&["merge", fifo.to_str().unwrap()], "not a regular file");
    refused(&["merge", d.to_str().unwrap()], "it is a directory");
}

/// Two shards of a small run, as JSON.
fn parts(d: &Path) -> (Value, Value) {
    let mut out = Vec::new();
    for k in ["1/2", "2/2"] {
        let (code, json, err) = sowlab(&[
            "simulate", "kalah", "--games", "6", "--seed", "5", "--shard", k,
        ]);
        assert_eq!(code, 0, "{err}");
        out.push(serde_json::from_str::<Value>(&json).unwrap());
    }
    let _ = d;
    let b = out.pop().unwrap();
    (out.pop().unwrap(), b)
}

fn merge_edited(d: &Path, name: &str, first: &Value, second: &Value) -> (i32, String, String) {
    let (a, b) = (
        d.join(format!("{name}-1.json")),
        d.join(format!("{name}-2.json")),
    );
    std::fs::write(&a, first.to_string()).unwrap();
    std::fs::write(&b, second.to_string()).unwrap();
    sowlab(&["merge", a.to_str().unwrap(), b.to_str().unwrap()])
}

#[test]
fn merge_checks_each_part_against_its_own_range() {
    let d = scratch("forged");
    let (p1, p2) = parts(&d);
    // As they are, they merge.
    let (code, out, err) = merge_edited(&d, "ok", &p1, &p2);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("6 games"), "{out}");

    type Edit = fn(&mut Value);
    let edits: [(&str, Edit, &str); 7] = [
        (
            "games",
            |v| v["tally"]["games"] = 1000.into(),
            "they count 1000 games, its range holds 3",
        ),
        (
            "wins",
            |v| {
                let w = v["tally"]["wins"][0].as_u64().unwrap();
                v["tally"]["wins"][0] = (w + 1000).into();
            },
            "player 1: ",
        ),
        (
            "capped",
            |v| v["tally"]["capped"] = 7.into(),
            "capped games",
        ),
        (
            "moves",
            |v| v["tally"]["moves"] = serde_json::json!([[10, 1000]]),
            "samples of moves",
        ),
        (
            "overflow",
            |v| {
                v["tally"]["laps"] =
                    serde_json::json!([[u64::MAX, u64::MAX], [u64::MAX - 1, u64::MAX]])
            },
            "overflow",
        ),
        (
            "long",
            |v| v["tally"]["moves"] = serde_json::json!([[20000, 3]]),
            "past the run's cap of 10000",
        ),
        (
            "players",
            |v| v["tally"]["draws"] = serde_json::json!([0]),
            "players",
        ),
    ];
    for (name, edit, want) in edits {
        let mut bad = p1.clone();
        edit(&mut bad);
        let (code, out, err) = merge_edited(&d, name, &bad, &p2);
        assert_eq!(code, 1, "{name}: exit {code}, printed {out}, said {err}");
        assert!(out.is_empty(), "{name}: a report was printed: {out}");
        assert_eq!(err.trim().lines().count(), 1, "{name}: {err}");
        assert!(err.contains(want), "{name}: {err}");
    }
}
