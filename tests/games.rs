//! Snapshot tests of every game and preset, driven by data files:
//!
//! - `tests/openings/*.txt`: one file per opening (by default named after the game or preset it
//!   plays). Lines: `rule: NAME` (optional; default the file name), `set: KEY=VALUE` (optional,
//!   repeatable), and the moves, as labels, on any number of lines. `#` starts a comment. The
//!   snapshot holds the start position (picture + state JSON), then every move with the legal
//!   moves before it, its event trace, the picture and the state JSON after it.
//! - `tests/random/*.txt`: seeded random games to the end. Lines: `NAME SEED [KEY=VALUE ...]`.
//!   The snapshot holds a summary of each game (moves, laps, winner, ...) and its final state.
//!
//! A new game only adds data files (and reviewed snapshots); this file does not change.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod common;

use std::path::Path;
use std::sync::Arc;

use sowlab::render::{picture, Style};
use sowlab::StateJson;
use sowlab::{board, rule_names};
use sowlab::{split_moves, Game};

use common::*;

/// An openings file, parsed.
struct Opening {
    rule: String,
    sets: Vec<String>,
    moves: Vec<String>,
}

fn parse_opening(path: &Path) -> Opening {
    let stem = path.file_stem().unwrap().to_string_lossy().to_string();
    let mut o = Opening {
        rule: stem,
        sets: Vec::new(),
        moves: Vec::new(),
    };
    for line in data_lines(path) {
        if let Some(r) = line.strip_prefix("rule:") {
            o.rule = r.trim().to_string();
        } else if let Some(s) = line.strip_prefix("set:") {
            o.sets.push(s.trim().to_string());
        } else {
            o.moves.extend(split_moves(&line));
        }
    }
    o
}

fn json(s: &StateJson) -> String {
    serde_json::to_string(s).unwrap()
}

/// The text of an opening's snapshot.
fn opening_report(o: &Opening) -> String {
    let rule = load(&o.rule);
    let opts = options(&rule, &o.sets);
    let mut g = Game::new(Arc::clone(&rule), opts.clone())
        .unwrap_or_else(|e| panic!("{}: {}", o.rule, e.one_line()));
    g.tracing = true;
    let mut out = String::new();
    out.push_str(&format!(
        "rule: {}\noptions: {}\n",
        o.rule,
        show_options(&opts)
    ));
    out.push_str(&format!("moves: {}\n\n== start\n", o.moves.join(" ")));
    out.push_str(&picture(&g.board(), Style::default()));
    out.push_str(&format!("{}\n", json(&g.state())));
    for (i, m) in o.moves.iter().enumerate() {
        let legal = g.legal_labels().unwrap();
        let ply = g
            .play(m)
            .unwrap_or_else(|e| panic!("{}: move {} `{m}`: {}", o.rule, i + 1, e.one_line()));
        let b = board(&ply.after);
        out.push_str(&format!(
            "\n== move {}: {} (player {}; legal: {})\n",
            i + 1,
            ply.label,
            ply.player,
            legal.join(" ")
        ));
        for e in &ply.events {
            out.push_str(&format!("  {}\n", e.describe(&b.layout)));
        }
        out.push_str(&picture(&b, Style::default()));
        out.push_str(&format!("{}\n", json(&b.state_json())));
    }
    out
}

#[test]
fn openings() {
    insta::glob!("openings/*.txt", |path| {
        let o = parse_opening(path);
        insta::assert_snapshot!(opening_report(&o));
    });
}

/// Every game and preset of the rules directory has an opening (so each has a reviewed snapshot).
#[test]
fn every_game_and_preset_has_an_opening() {
    let mut covered = Vec::new();
    for e in std::fs::read_dir(tests_dir().join("openings")).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "txt") {
            covered.push(parse_opening(&p).rule);
        }
    }
    let missing: Vec<String> = rule_names(&rules_dir())
        .into_iter()
        .filter(|n| !covered.contains(n))
        .collect();
    assert!(
        missing.is_empty(),
        "games/presets without an opening in tests/openings: {missing:?}"
    );
}

#[test]
fn random_games() {
    insta::glob!("random/*.txt", |path| {
        let mut out = String::new();
        for line in data_lines(path) {
            let mut words = line.split_whitespace();
            let name = words.next().unwrap();
            let seed: u64 = words
                .next()
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| {
                    panic!("{}: `{line}`: write NAME SEED [K=V...]", path.display())
                });
            let sets: Vec<String> = words.map(str::to_string).collect();
            let rule = load(name);
            let opts = options(&rule, &sets);
            let p = random_game(&rule, &opts, seed, 100_000, false, |_| {});
            let n = p.labels.len();
            let st = p.last.state_json();
            let rounds = st
                .vars
                .get("round")
                .map_or(String::new(), |r| format!(" rounds {r}"));
            out.push_str(&format!(
                "{name} seed {seed}: {}\n  moves {} laps {} (most in a move {}){rounds} winner {}\n  first moves: {}\n  last moves: {}\n  final: {}\n",
                show_options(&opts),
                p.moves,
                p.laps,
                p.max_laps,
                st.winner.map_or("none".to_string(), |w| w.to_string()),
                p.labels[..n.min(10)].join(" "),
                p.labels[n.saturating_sub(5)..].join(" "),
                json(&st),
            ));
        }
        insta::assert_snapshot!(out);
    });
}
