//! Ctrl-C in simulate, compare and sweep: a real SIGINT (`kill -INT`) to a running sowlab. The run
//! stops, prints the report of the games that finished, marked as interrupted, and exits 130.

#![cfg(unix)]

use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

mod common;

/// Starts sowlab with stdout and stderr captured (not terminals: no progress bar).
fn start(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sowlab"))
        .arg("--rules")
        .arg(common::rules_dir())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn sigint(child: &Child) {
    let ok = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok, "kill -INT failed");
}

/// Lets the run play for a while, interrupts it and waits for its end.
fn interrupt_after(args: &[&str], wait: Duration) -> Output {
    let child = start(args);
    std::thread::sleep(wait);
    sigint(&child);
    child.wait_with_output().unwrap()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: stdout {:?}, stderr {:?}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    })
}

/// Far more games than a test can wait for.
const MANY: &str = "50000000";

#[test]
fn simulate_reports_the_games_that_finished_and_exits_130() {
    let o = interrupt_after(
        &["simulate", "kalah", "--games", MANY, "--json"],
        Duration::from_secs(3),
    );
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    let r = json(&o);
    assert_eq!(r["interrupted"], 50_000_000u64, "{r}");
    let games = r["games"].as_u64().unwrap();
    assert!(games > 0 && games < 50_000_000, "{games}");
    // The tallies are of finished games only: every game is a win, draw or loss (or cut).
    let p1 = &r["players"][0];
    let counted = ["wins", "draws", "losses"]
        .iter()
        .map(|k| p1[k]["count"].as_u64().unwrap())
        .sum::<u64>()
        + r["capped"].as_u64().unwrap();
    assert_eq!(counted, games, "{r}");
    // The mean (rounded to 4 decimals) is of the same games as the total.
    let mean = r["total_moves"].as_u64().unwrap() as f64 / games as f64;
    assert!(
        (r["moves"]["mean"].as_f64().unwrap() - mean).abs() < 1e-4,
        "{r}"
    );
}

#[test]
fn simulate_text_says_it_was_interrupted() {
    let o = interrupt_after(
        &["simulate", "tchuka_ruma", "--games", MANY],
        Duration::from_secs(2),
    );
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("INTERRUPTED by Ctrl-C: the figures cover the")
            && text.contains(&format!("of {MANY} games that finished")),
        "{text}"
    );
}

#[test]
fn sweep_keeps_the_points_done_and_the_partial_one() {
    let o = interrupt_after(
        &[
            "sweep",
            "kalah",
            "--vary",
            "holes=3,4,5",
            "--games",
            MANY,
            "--json",
        ],
        Duration::from_secs(3),
    );
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    let r = json(&o);
    assert_eq!(r["interrupted"], 3, "{r}");
    let points = r["points"].as_array().unwrap();
    assert_eq!(points.len(), 1, "the first point is still running: {r}");
    assert_eq!(points[0]["vary"]["holes"], "3");
    assert_eq!(points[0]["report"]["interrupted"], 50_000_000u64);
}

#[test]
fn compare_interrupted_in_a_reports_a_alone() {
    let o = interrupt_after(
        &["compare", "kalah", "kalah", "--games", MANY, "--json"],
        Duration::from_secs(3),
    );
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("B was not"), "{err}");
    let r = json(&o);
    assert_eq!(r["rule"], "kalah");
    assert!(
        r["interrupted"].is_u64() && r["games"].as_u64().unwrap() > 0,
        "{r}"
    );
}

#[test]
fn compare_interrupted_in_b_compares_what_finished() {
    // A's games are a few moves long, B's (40 seeds a house) hundreds: A is done well before
    // the interrupt and B far from done, even on an idle machine where the whole of B's
    // default-size games would finish in about a second (after the handler is installed, which a
    // signal at once could beat).
    let o = interrupt_after(
        &[
            "compare", "kalah", "kalah", "--set-a", "holes=3", "--set-a", "seeds=1", "--set-b",
            "seeds=40", "--games", "5000", "--json",
        ],
        Duration::from_millis(1500),
    );
    // Either Ctrl-C came while B played (a comparison of unequal counts) or, on a slow machine,
    // while A played (A alone): both exit 130 with a report.
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    let r = json(&o);
    if r.get("rows").is_some() {
        assert!(r["b"]["interrupted"].is_u64(), "{r}");
        assert_eq!(r["a"]["games"], 5000);
        assert!(r["a"].get("interrupted").is_none(), "{r}");
        let b_games = r["b"]["games"].as_u64().unwrap();
        assert!(b_games > 0 && b_games < 5000, "{r}");
    } else {
        assert!(r["interrupted"].is_u64(), "{r}");
    }
}

#[test]
fn a_second_ctrl_c_leaves_at_once_with_130() {
    let child = start(&["simulate", "kalah", "--games", MANY, "--json"]);
    std::thread::sleep(Duration::from_secs(2));
    sigint(&child);
    sigint(&child);
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    // Whichever came first, the report of the first Ctrl-C or the exit of the second, the output
    // is whole: a complete report, or none and a message saying why.
    if o.stdout.is_empty() {
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("interrupted again"), "{err}");
    } else {
        assert!(json(&o)["interrupted"].is_u64());
    }
}

#[test]
fn perft_and_a_two_player_solve_stop_with_partial_figures() {
    for args in [
        &["perft", "kalah", "--depth", "30", "--json"][..],
        &["solve", "kalah", "--depth", "40", "--json"][..],
    ] {
        let o = interrupt_after(args, Duration::from_millis(1500));
        assert_eq!(o.status.code(), Some(130), "{args:?}: {o:?}");
        let r = json(&o);
        assert_eq!(r["stopped"], "interrupted", "{args:?}: {r}");
        assert_eq!(r["complete"], false, "{args:?}: {r}");
    }
}
