//! MancalaGames' game files read as sowlab rules, checked against MancalaGames' own engine.
//!
//! `tests/fixtures/mancalagames/NAME.txt`: one game (or named variant) per file, in MancalaGames'
//! format, holding only its class, size and non-default parameters (written by our recorder from
//! the parameter values; no text of MancalaGames' files). `NAME.jsonl`: golden traces of seeded
//! random games played by MancalaGames' engine, recorded outside this repository (its code is
//! GPL-3.0): a header line per game, then every position, `{"m": move, "p": pits, "s": stores,
//! "t": to move}` with `"over": true, "w": winner` at the end. South always moves first.
//!
//! The differential test: every fixture either imports and replays every recorded game position
//! for position (pits, stores, player to move, end, winner), or is refused at load with a
//! reason. A game that imports and differs fails the test: nothing is silently different.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;
use sowlab::Game;
use sowlab::Rule;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mancalagames")
}

fn game_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    v.sort();
    v
}

/// The recorded games of a trace file: each a list of positions (JSON objects).
fn traces(path: &Path) -> Vec<Vec<Value>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut games: Vec<Vec<Value>> = Vec::new();
    let mut broken = false;
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        if v.get("game").is_some() {
            games.push(Vec::new());
            broken = false;
        } else if v.get("error").is_some() {
            // The oracle itself failed on this game: not a reference.
            broken = true;
            games.pop();
        } else if !broken {
            games.last_mut().unwrap().push(v);
        }
    }
    games
}

/// Replays one recorded game; the first difference, if any.
fn replay(rule: &Arc<Rule>, positions: &[Value]) -> Result<usize, String> {
    // MancalaGames loses the seeds an endless relay's 76th lap took up: its reading is the
    // option `endless=drop_hand` (the default keeps them).
    let mut sets: Vec<&str> = Vec::new();
    if rule.option("endless").is_ok() {
        sets.push("endless=drop_hand");
    }
    // MancalaGames turns a later round's start layout for the other of the last round's
    // starter (whoever then starts): its reading is the option `round_layout=alternate`.
    if rule.option("round_layout").is_ok() {
        sets.push("round_layout=alternate");
    }
    let opts = rule.resolve_options(&sets).map_err(|e| e.one_line())?;
    let random = rule.option("start_seed").is_ok();
    let mut game = Game::new(rule.clone(), opts.clone()).map_err(|e| e.one_line())?;
    if random {
        // A random start: MancalaGames' layout is its own random draw (never sowlab's for a
        // seed), so the game replays from the recorded first position; sowlab's own layout
        // has that position's properties (the seeds in all, the least in a hole).
        let first = &positions[0];
        let pits: Vec<i64> = serde_json::from_value(first["p"].clone()).unwrap();
        let own = game.state().pits;
        let least = |v: &[i64]| v.iter().copied().min().unwrap_or(0).min(2);
        if own.len() != pits.len()
            || own.iter().sum::<i64>() != pits.iter().sum::<i64>()
            || least(&own) != least(&pits)
        {
            return Err(format!(
                "random start: sowlab's layout {own:?} has not the properties of MancalaGames' {pits:?}"
            ));
        }
        let pos = sowlab::Position {
            pits,
            stores: Some(serde_json::from_value(first["s"].clone()).unwrap()),
            to_move: first["t"].as_u64().map(|t| t as usize),
            ..Default::default()
        };
        game = Game::with_position(rule.clone(), opts.clone(), &pos).map_err(|e| e.one_line())?;
    }
    for (i, want) in positions.iter().enumerate() {
        let mv = want.get("m").and_then(Value::as_str);
        if let Some(mv) = mv {
            let round = game.state().vars.get("round").copied();
            game.play(mv)
                .map_err(|e| format!("position {i}: move {mv}: {}", e.one_line()))?;
            let s = game.state();
            if random && !s.over && s.vars.get("round").copied() != round {
                // A new round of a random start: again MancalaGames' own draw, replayed from
                // the recorded position (the round's tallies and counters kept), once sowlab's
                // layout is seen to have its properties.
                let pits: Vec<i64> = serde_json::from_value(want["p"].clone()).unwrap();
                let least = |v: &[i64]| v.iter().copied().min().unwrap_or(0).min(2);
                if s.pits.iter().sum::<i64>() != pits.iter().sum::<i64>()
                    || least(&s.pits) != least(&pits)
                    || s.stores.iter().any(|&x| x != 0)
                {
                    return Err(format!(
                        "position {i}: new round: sowlab's layout {:?} (stores {:?}) has not the properties of MancalaGames' {pits:?}",
                        s.pits, s.stores
                    ));
                }
                let pos = sowlab::Position {
                    pits,
                    stores: Some(s.stores.clone()),
                    to_move: s.to_move,
                    vars: s.vars.clone(),
                    ..Default::default()
                };
                game = Game::with_position(rule.clone(), opts.clone(), &pos)
                    .map_err(|e| e.one_line())?;
            }
        }
        let s = game.state();
        let pits: Vec<i64> = serde_json::from_value(want["p"].clone()).unwrap();
        let stores: Vec<i64> = serde_json::from_value(want["s"].clone()).unwrap();
        let over = want.get("over").and_then(Value::as_bool).unwrap_or(false);
        let to_move = want["t"].as_u64().map(|t| t as usize);
        let winner = want.get("w").and_then(Value::as_u64).map(|w| w as usize);
        // Blocked holes, in games that have them.
        let closed: Option<Vec<usize>> = want
            .get("closed")
            .map(|c| serde_json::from_value(c.clone()).unwrap());
        if let Some(c) = &closed {
            if &s.closed != c {
                return Err(format!(
                    "position {i} (after {}): sowlab closed {:?}; MancalaGames closed {c:?}",
                    mv.unwrap_or("the start"),
                    s.closed
                ));
            }
        }
        // Children, in games that have them (a hole's owner as a child, 0 for nobody's).
        if let Some(c) = want.get("children") {
            let exp: Vec<Option<usize>> = serde_json::from_value(c.clone()).unwrap();
            let same = match &s.children {
                Some(got) => got == &exp,
                None => exp.iter().all(Option::is_none),
            };
            if !same {
                return Err(format!(
                    "position {i} (after {}): sowlab children {:?}; MancalaGames children {exp:?}",
                    mv.unwrap_or("the start"),
                    s.children
                ));
            }
        }
        // Owners of the holes, in games whose holes are owned round by round.
        if let Some(o) = want.get("owners") {
            let exp: Vec<usize> = serde_json::from_value(o.clone()).unwrap();
            if s.owners.as_ref() != Some(&exp) {
                return Err(format!(
                    "position {i} (after {}): sowlab owners {:?}; MancalaGames owners {exp:?}",
                    mv.unwrap_or("the start"),
                    s.owners
                ));
            }
        }
        let got = (
            s.pits.clone(),
            s.stores.clone(),
            s.to_move,
            s.over,
            s.winner,
        );
        let exp = (pits, stores, to_move, over, winner);
        if got != exp {
            return Err(format!(
                "position {i} (after {}): sowlab pits {:?} stores {:?} to_move {:?} over {} winner {:?}; MancalaGames pits {:?} stores {:?} to_move {:?} over {} winner {:?}",
                mv.unwrap_or("the start"),
                got.0, got.1, got.2, got.3, got.4, exp.0, exp.1, exp.2, exp.3, exp.4
            ));
        }
    }
    Ok(positions.len())
}

#[derive(Default)]
struct Tally {
    equal: Vec<(String, usize, usize)>,
    refused: BTreeMap<String, Vec<String>>,
    differing: Vec<(String, String)>,
    no_trace: Vec<String>,
}

fn run_all() -> Tally {
    let mut t = Tally::default();
    for f in game_files() {
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        let rule = match Rule::load(f.to_str().unwrap(), &fixtures()) {
            Ok(r) => Arc::new(r),
            Err(e) => {
                let line = e.one_line();
                let why = line
                    .split_once("cannot translate: ")
                    .map(|(_, w)| w.to_string())
                    .unwrap_or(line);
                let key = why.split(':').next().unwrap_or("").to_string();
                t.refused.entry(key).or_default().push(name);
                continue;
            }
        };
        assert_eq!(
            rule.name,
            sowlab::import::mancalagames::names::rule_name(&name),
            "the rule is named by the file stem"
        );
        let tr = f.with_extension("jsonl");
        if !tr.is_file() {
            t.no_trace.push(name);
            continue;
        }
        let games = traces(&tr);
        let mut positions = 0;
        let mut bad = None;
        for (k, g) in games.iter().enumerate() {
            match replay(&rule, g) {
                Ok(n) => positions += n,
                Err(e) => {
                    bad = Some(format!("game {k}: {e}"));
                    break;
                }
            }
        }
        match bad {
            None => t.equal.push((name, games.len(), positions)),
            Some(e) => t.differing.push((name, e)),
        }
    }
    t
}

#[test]
fn every_game_is_equal_to_mancalagames_or_refused_with_a_reason() {
    let t = run_all();
    let mut report = String::new();
    report.push_str(&format!(
        "imported & equal: {} | refused: {} | differing: {} | imported without a trace: {}\n",
        t.equal.len(),
        t.refused.values().map(Vec::len).sum::<usize>(),
        t.differing.len(),
        t.no_trace.len()
    ));
    for (n, g, p) in &t.equal {
        report.push_str(&format!("  equal {n}: {g} games, {p} positions\n"));
    }
    for (k, v) in &t.refused {
        report.push_str(&format!("  refused {k} ({}): {}\n", v.len(), v.join(" ")));
    }
    for (n, e) in &t.differing {
        report.push_str(&format!("  DIFFERING {n}: {e}\n"));
    }
    eprintln!("{report}");
    assert!(t.differing.is_empty() && t.no_trace.is_empty(), "{report}");
    // Every equal game replayed real games: at least one recorded game with moves each.
    assert!(t.equal.iter().all(|(_, g, p)| *g > 0 && p > g));
    // The fixture set is the whole of MancalaGames' 141 games and 60 named variants.
    assert_eq!(game_files().len(), 201);
    // What the vocabulary reaches today (122 games, 56 variants): fewer is a regression, a
    // config that stopped importing (it would no longer be compared).
    assert!(t.equal.len() >= 178, "{report}");
}

#[test]
fn a_game_file_is_a_rule_named_by_its_stem() {
    let rule = Rule::load(fixtures().join("kalah.txt").to_str().unwrap(), &fixtures()).unwrap();
    assert_eq!(rule.name, "kalah");
    let opts = rule.resolve_options(&["first=north"]).unwrap();
    let game = Game::new(Arc::new(rule), opts).unwrap();
    assert_eq!(game.state().to_move, Some(2));
}

fn sowlab(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_sowlab"))
        .args(args)
        .env_remove("SOWLAB_RULES")
        .output()
        .unwrap()
}

#[test]
fn import_writes_one_rule_per_game_and_says_what_it_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let fx = fixtures();
    let (kalah, oware, refused) = (
        fx.join("kalah.txt"),
        fx.join("oware.txt"),
        fx.join("ohojichi.txt"),
    );
    let o = sowlab(&[
        "import",
        "mancalagames",
        kalah.to_str().unwrap(),
        oware.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(o.status.code(), Some(0), "{text}");
    assert!(text.contains("kalah.txt: written kalah (1 file)"), "{text}");
    assert!(text.contains("2 written, 0 refused"), "{text}");
    let yaml = std::fs::read_to_string(out.join("kalah.yaml")).unwrap();
    assert!(
        yaml.contains("extra_turn: store   # sow_stores=OWN"),
        "{yaml}"
    );
    // The written rule plays as the game file read directly.
    let a = sowlab(&[
        "replay",
        out.join("kalah.yaml").to_str().unwrap(),
        "--moves",
        "3 1 4",
        "--json",
    ]);
    let b = sowlab(&[
        "replay",
        kalah.to_str().unwrap(),
        "--moves",
        "3 1 4",
        "--json",
    ]);
    assert!(a.status.success() && b.status.success());
    assert_eq!(a.stdout, b.stdout);

    let o = sowlab(&[
        "import",
        "mancalagames",
        kalah.to_str().unwrap(),
        refused.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(
        text.contains("ohojichi.txt: refused: game_class=EWGratuitous: only the classes Mancala"),
        "{text}"
    );
}

#[test]
fn a_bad_game_file_is_one_error_line_never_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    for (text, want) in [
        (
            "fn setup() {}",
            "bad.txt: not a MancalaGames game file: JSON error at line 1, column 2: expected ident",
        ),
        (
            r#"{"game_constants": {"holes": 30, "nbr_start": 4}, "game_info": {}}"#,
            "bad.txt: game_constants.holes: 30 is not allowed (an integer from 2 to 21)",
        ),
        (
            r#"{"game_class": "Hex", "game_constants": {"holes": 6, "nbr_start": 4}, "game_info": {}}"#,
            "bad.txt: game_class: unknown class \"Hex\"",
        ),
        (
            r#"{"game_constants": {"holes": 6, "nbr_start": 4}, "game_info": {"goal": 99}}"#,
            "bad.txt: game_info.goal: 99 is not allowed (0 (MAX_SEEDS), 1 (DEPRIVE)",
        ),
    ] {
        let f = dir.path().join("bad.txt");
        std::fs::write(&f, text).unwrap();
        let o = sowlab(&["replay", f.to_str().unwrap(), "--moves", "1"]);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(want), "{err}");
    }
}

#[test]
fn a_chosen_direction_is_written_after_the_hole() {
    // Mbangbi: the mover chooses the direction from every hole (udir_holes), so each hole holding
    // enough seeds gives two moves, `Nccw` and `Ncw`; a plain `N` is not a move.
    let rule = Arc::new(
        Rule::load(
            fixtures().join("mbangbi.txt").to_str().unwrap(),
            &fixtures(),
        )
        .unwrap(),
    );
    let mut game = Game::new(rule.clone(), rule.resolve_options::<&str>(&[]).unwrap()).unwrap();
    let legal = game.legal_labels().unwrap();
    assert_eq!(legal[..4], ["1ccw", "1cw", "2ccw", "2cw"], "{legal:?}");
    let e = game.play("1").unwrap_err().one_line();
    assert!(e.contains("legal moves: 1ccw 1cw"), "{e}");
    // Anticlockwise from South's hole 1 goes to S2; clockwise to North's side.
    let mut other = Game::new(rule.clone(), rule.resolve_options::<&str>(&[]).unwrap()).unwrap();
    game.play("1ccw").unwrap();
    other.play("1cw").unwrap();
    let (a, b) = (game.state(), other.state());
    assert_eq!(a.pits[1], 9, "{:?}", a.pits);
    assert_eq!(b.pits[1], 8, "{:?}", b.pits);
    assert_eq!(b.pits[9], 9, "N5, clockwise after S1: {:?}", b.pits);
}
