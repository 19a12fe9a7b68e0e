//! The binary on the games: `sowlab replay GAME --moves ... --json` prints the public state JSON (docs/readings.md)
//! (the same as the library's), illegal moves are refused with the legal moves listed, and a
//! position file starts a game where the worked example needs it.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod common;

use std::process::Output;
use std::sync::Arc;

use sowlab::{split_moves, Game};

use common::*;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).to_string()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).to_string()
}

/// For every opening of `tests/openings`, the binary's `--json` equals the library's state, and
/// has the fields of docs/readings.md (Conventions) with the right types.
#[test]
fn replay_json_matches_the_library_for_every_opening() {
    let mut n = 0;
    for e in std::fs::read_dir(tests_dir().join("openings")).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "txt") {
            continue;
        }
        let mut rule_name = path.file_stem().unwrap().to_string_lossy().to_string();
        let mut sets = Vec::new();
        let mut moves = Vec::new();
        for line in data_lines(&path) {
            if let Some(r) = line.strip_prefix("rule:") {
                rule_name = r.trim().to_string();
            } else if let Some(s) = line.strip_prefix("set:") {
                sets.push(s.trim().to_string());
            } else {
                moves.extend(split_moves(&line));
            }
        }
        let mut args = vec!["replay".to_string(), rule_name.clone(), "--json".into()];
        for s in &sets {
            args.push("--set".into());
            args.push(s.clone());
        }
        args.push("--moves".into());
        args.push(moves.join(" "));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = sowlab(&args);
        assert!(out.status.success(), "{}: {}", path.display(), stderr(&out));
        let got: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();

        let rule = load(&rule_name);
        let opts = options(&rule, &sets);
        let mut g = Game::new(Arc::clone(&rule), opts).unwrap();
        g.play_all(&moves).unwrap();
        let want = serde_json::to_value(g.state()).unwrap();
        assert_eq!(got, want, "{}", path.display());

        let o = got.as_object().unwrap();
        for k in ["pits", "closed", "stores", "penalties"] {
            assert!(o[k].is_array(), "{}: `{k}` is an array", path.display());
        }
        assert!(o["to_move"].is_u64() || o["to_move"].is_null());
        assert!(o["over"].is_boolean());
        assert!(o["winner"].is_u64() || o["winner"].is_null());
        assert_eq!(o["over"].as_bool().unwrap(), o["to_move"].is_null());
        n += 1;
    }
    assert!(n >= 6);
}

#[test]
fn illegal_moves_are_refused_with_the_legal_moves() {
    let cases = [
        (
            vec!["replay", "raja_pasu", "--moves", "7 4", "--json"],
            "sowlab: move 2 of 2: illegal move `4`: player 2 to move; legal moves are 1 5 7\n",
        ),
        (
            vec!["replay", "ruma", "--moves", "S1 S1"],
            "sowlab: move 2 of 2: illegal move `S1`: player 2 to move; legal moves are E1 E2 E3 E4 E5 E6 W1 W2 W3 W5 W6\n",
        ),
        (
            vec!["replay", "ruma_4p_beginners", "--moves", "1 x"],
            "sowlab: move 2 of 2: `x` is not a move: name a hole, e.g. 1 (player 2 to move; legal moves: 1 2 3 4 5 6)\n",
        ),
        (
            vec!["replay", "raja_pasu_round", "--moves", "1 6 3 4 1 6 2"],
            "sowlab: move 7 of 7: the game is over (player 2 wins)\n",
        ),
        (
            vec!["replay", "ruma", "--set", "players=5"],
            "sowlab: option `players`: `5` is not allowed (use an integer from 2 to 4)\n",
        ),
        (
            vec!["replay", "raja_pasu", "--set", "first=west"],
            "sowlab: option `first`: `west` is not allowed (use south | north)\n",
        ),
    ];
    for (args, err) in cases {
        let out = sowlab(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert_eq!(stderr(&out), err, "{args:?}");
        assert_eq!(stdout(&out), "", "{args:?}");
    }
}

/// The worked example through `--position FILE`.
#[test]
fn worked_example_from_a_position_file() {
    let dir = common::scratch("worked");
    let file = dir.join("position.yaml");
    std::fs::write(
        &file,
        "pits: [1, 0, 2, 0, 0, 0, 2,  3, 1, 0, 2, 0, 0, 0]\nstores: [40, 47]\nto_move: 1\n",
    )
    .unwrap();
    let f = file.display().to_string();
    let out = sowlab(&[
        "replay",
        "raja_pasu",
        "--position",
        &f,
        "--moves",
        "7",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        v["pits"],
        serde_json::json!([1, 0, 2, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0])
    );
    assert_eq!(v["stores"], serde_json::json!([42, 51]));
    assert_eq!(v["to_move"], serde_json::json!(2));
}
