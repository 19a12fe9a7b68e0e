//! Ctrl-C in simulate, compare, sweep, solve and perft: a real SIGINT (`kill -INT`) to a running
//! sowlab. The run stops, prints the report of the work that finished, marked as interrupted, and
//! exits 130.
//!
//! No test sleeps and hopes: each runs with `--progress lines` and sends the signal once the
//! program says the work it interrupts has started, and each gives it work that cannot finish
//! while the test waits (tens of millions of games, a search far too deep).

#![cfg(unix)]

use std::process::{Command, Stdio};

mod common;

use common::watch::{Finished, Watched};

/// Starts sowlab with stdout and stderr captured and progress as plain lines.
fn start(args: &[&str]) -> Watched {
    Watched::new(
        Command::new(env!("CARGO_BIN_EXE_sowlab"))
            .arg("--rules")
            .arg(common::rules_dir())
            .args(["--progress", "lines"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    )
}

/// Interrupts the run once a progress line on stderr contains `sign`, and waits for its end.
fn interrupt_when(args: &[&str], sign: &str) -> Finished {
    let w = start(args);
    w.wait_stderr(sign);
    w.sigint();
    w.finish()
}

/// The sign that a run of games (or one stage of it) has started.
const STARTED: &str = "games, started";

fn json(o: &Finished) -> serde_json::Value {
    serde_json::from_str(&o.stdout).unwrap_or_else(|e| panic!("{e}: {o:?}"))
}

/// Far more games than a test can wait for.
const MANY: &str = "50000000";

#[test]
fn simulate_reports_the_games_that_finished_and_exits_130() {
    let o = interrupt_when(&["simulate", "kalah", "--games", MANY, "--json"], STARTED);
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    let r = json(&o);
    assert_eq!(r["interrupted"], 50_000_000u64, "{r}");
    // (The signal may come before the first game ends: then the report is of no games.)
    let games = r["games"].as_u64().unwrap();
    assert!(games < 50_000_000, "{games}");
    // The tallies are of finished games only: every game is a win, draw or loss (or cut).
    let p1 = &r["players"][0];
    let counted = ["wins", "draws", "losses"]
        .iter()
        .map(|k| p1[k]["count"].as_u64().unwrap())
        .sum::<u64>()
        + r["capped"].as_u64().unwrap();
    assert_eq!(counted, games, "{r}");
    // The mean (rounded to 4 decimals) is of the same games as the total.
    if games > 0 {
        let mean = r["total_moves"].as_u64().unwrap() as f64 / games as f64;
        assert!(
            (r["moves"]["mean"].as_f64().unwrap() - mean).abs() < 1e-4,
            "{r}"
        );
    }
}

#[test]
fn simulate_text_says_it_was_interrupted() {
    let o = interrupt_when(&["simulate", "tchuka_ruma", "--games", MANY], STARTED);
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    let text = &o.stdout;
    assert!(
        text.contains("INTERRUPTED by Ctrl-C: the figures cover the")
            && text.contains(&format!("of {MANY} games that finished")),
        "{text}"
    );
}

#[test]
fn sweep_keeps_the_points_done_and_the_partial_one() {
    let o = interrupt_when(
        &[
            "sweep",
            "kalah",
            "--vary",
            "holes=3,4,5",
            "--games",
            MANY,
            "--json",
        ],
        "progress: point 1/3: holes=3: ",
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
    let o = interrupt_when(
        &["compare", "kalah", "kalah", "--games", MANY, "--json"],
        "progress: A: kalah: ",
    );
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    assert!(o.stderr.contains("B was not"), "{o:?}");
    let r = json(&o);
    assert_eq!(r["rule"], "kalah");
    assert!(r["interrupted"].is_u64() && r["games"].is_u64(), "{r}");
}

#[test]
fn compare_interrupted_in_b_compares_what_finished() {
    // A's games are a few moves long and done in a moment; B's (40 seeds a house) are hundreds
    // of moves each: 200,000 of them cannot finish between B's first progress line and the
    // signal sent when the test reads it.
    let o = interrupt_when(
        &[
            "compare", "kalah", "kalah", "--set-a", "holes=3", "--set-a", "seeds=1", "--set-b",
            "seeds=40", "--games", "200000", "--json",
        ],
        "progress: B: kalah: ",
    );
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    let r = json(&o);
    if r.get("rows").is_some() {
        assert!(r["b"]["interrupted"].is_u64(), "{r}");
        assert_eq!(r["a"]["games"], 200000);
        assert!(r["a"].get("interrupted").is_none(), "{r}");
        let b_games = r["b"]["games"].as_u64().unwrap();
        assert!(b_games > 0 && b_games < 200000, "{r}");
    } else {
        // The signal came before B finished a game: A's report alone, saying so.
        assert!(o.stderr.contains("before B finished a game"), "{o:?}");
        assert_eq!(r["games"], 200000, "{r}");
    }
}

#[test]
fn a_second_ctrl_c_leaves_at_once_with_130() {
    let w = start(&["simulate", "kalah", "--games", MANY, "--json"]);
    w.wait_stderr(STARTED);
    w.sigint();
    w.sigint();
    let o = w.finish();
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    // Whichever came first, the report of the first Ctrl-C or the exit of the second, the output
    // is whole: a complete report, or none and a message saying why.
    if o.stdout.is_empty() {
        assert!(o.stderr.contains("interrupted again"), "{o:?}");
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
        let o = interrupt_when(args, "sowlab: progress: ");
        assert_eq!(o.status.code(), Some(130), "{args:?}: {o:?}");
        let r = json(&o);
        assert_eq!(r["stopped"], "interrupted", "{args:?}: {r}");
        assert_eq!(r["complete"], false, "{args:?}: {r}");
    }
}
