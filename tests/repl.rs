//! Transcript tests of `sowlab play`: command files fed through stdin (not a terminal, so no
//! prompt and no colour; every command echoed as `> line`), output snapshotted with insta.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod repl_support;

use std::sync::Arc;

use repl_support::{json_lines, rules_dir, run, run_phases, temp_dir};
use sowlab::Game;
use sowlab::Rule;

/// A winning line of moves from the game's position (depth-first, at most `depth` moves).
fn winning_line(g: &mut Game, depth: usize) -> Option<Vec<String>> {
    let b = g.board();
    if b.over {
        return (b.winner == 1).then(Vec::new);
    }
    if depth == 0 {
        return None;
    }
    for m in g.legal_labels().expect("legal moves") {
        g.play(&m).expect("a legal move plays");
        let found = winning_line(g, depth - 1);
        g.undo();
        if let Some(mut rest) = found {
            rest.insert(0, m);
            return Some(rest);
        }
    }
    None
}

fn tchuka() -> Game {
    let rule = Arc::new(Rule::load("tchuka_ruma", &rules_dir()).expect("tchuka_ruma loads"));
    let opts = rule.resolve_options::<&str>(&[]).expect("default options");
    let mut g = Game::new(rule, opts).expect("a game");
    g.tracing = false;
    g
}

#[test]
fn tchuka_ruma_win_with_undo_and_redo() {
    let line = winning_line(&mut tchuka(), 40).expect("2-2-2-2 has a winning line");
    assert!(line.len() >= 3, "{line:?}");
    let mut script = String::from("# a winning line found by search, with undo/redo on the way\n");
    script.push_str(&format!(
        "{}\n{}\nundo\nundo\nredo\nhistory\nredo\n",
        line[0], line[1]
    ));
    for m in &line[2..] {
        script.push_str(&format!("{m}\n"));
    }
    script.push_str("trace\nmoves\nhistory\ngoto 2\ngoto 6\njson\n");
    let tmp = temp_dir("win");
    let (out, code) = run(&["play"], &script, &tmp);
    assert_eq!(code, 0, "{out}");
    let json = json_lines(&out);
    assert!(
        json[0].contains("\"winner\":1") && json[0].contains("\"pits\":[0,0,0,0]"),
        "{out}"
    );
    insta::assert_snapshot!(format!("moves: {}\nexit: {code}\n{out}", line.join(" ")));
}

#[test]
fn step_shows_a_relay_move_seed_by_seed() {
    // Not a terminal: every step is printed at once.
    let tmp = temp_dir("step");
    let (out, code) = run(
        &["play"],
        "3\nstep 4\ntrace\nundo\nstep\nundo\nstep\n",
        &tmp,
    );
    assert_eq!(code, 1, "`step` with no move played fails:\n{out}");
    insta::assert_snapshot!(format!("exit: {code}\n{out}"));
}

#[test]
fn save_and_load_round_trip() {
    let tmp = temp_dir("save");
    let f = tmp.join("game.yaml");
    let script = format!(
        "set holes=5\n4\n1\njson\nsave {f}\nnew\njson\nload {f}\njson\nhistory\nundo\nredo\njson\n",
        f = f.display()
    );
    let (out, code) = run(&["play"], &script, &tmp);
    assert_eq!(code, 0, "{out}");
    let json = json_lines(&out);
    assert_eq!(json.len(), 4);
    assert_eq!(json[0], json[2], "load gives back the saved position");
    assert_eq!(json[0], json[3], "and its history: undo then redo");
    assert_ne!(json[0], json[1]);
    let saved = std::fs::read_to_string(&f).expect("the save file");
    assert!(
        saved.contains("holes: 5") && saved.contains("rule: tchuka_ruma"),
        "{saved}"
    );
    let leftovers: Vec<_> = std::fs::read_dir(&tmp)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    assert_eq!(leftovers, ["game.yaml"], "no temporary file left behind");
    // The rule's content hash changes with every edit of the rule file: check its form here and
    // keep it out of the snapshot.
    let hash_line = saved
        .lines()
        .find(|l| l.starts_with("rule_hash: sha256:"))
        .expect("the rule's content hash");
    assert_eq!(
        hash_line.len(),
        "rule_hash: sha256:".len() + 64,
        "{hash_line}"
    );
    let saved = saved.replace(hash_line, "rule_hash: sha256:[the rule's hash]");
    insta::assert_snapshot!(format!("exit: {code}\n{out}--- game.yaml ---\n{saved}"));
}

#[test]
fn reload_reports_the_first_divergence_and_survives_a_broken_file() {
    let tmp = temp_dir("reload");
    let rule = tmp.join("tchuka_ruma.rhai");
    let original = std::fs::read_to_string(rules_dir().join("tchuka_ruma.rhai")).unwrap();
    std::fs::write(&rule, &original).unwrap();
    let (r1, r2) = (rule.clone(), rule.clone());
    // Edit 1: no relay. Move 3 still ends in the ruma; move 4 now ends its first lap in hole 2,
    // an occupied hole, where it used to relay: the rule calls that a loss.
    let edited = original.replace("relay: \"last\"", "relay: \"none\"");
    assert_ne!(edited, original);
    let phases: Vec<(String, Box<dyn FnOnce()>)> = vec![
        (
            "3\n4\n1\nhistory\njson\n".into(),
            Box::new(move || std::fs::write(&r1, edited).unwrap()),
        ),
        (
            "reload\nhistory\njson\n".into(),
            Box::new(move || {
                std::fs::write(&r2, "fn setup() { this.add_row(\"\", 1, 4, 2) \n").unwrap()
            }),
        ),
        ("reload\njson\n".into(), Box::new(|| {})),
    ];
    let (out, code) = run_phases(&["play", rule.to_str().unwrap()], &tmp, phases);
    assert_eq!(code, 1, "the broken reload fails:\n{out}");
    let json = json_lines(&out);
    assert_eq!(json.len(), 3);
    assert_ne!(json[0], json[1], "the new rules give another game");
    assert_eq!(json[1], json[2], "a broken file keeps the game");
    insta::assert_snapshot!(format!("exit: {code}\n{out}"));
}

#[test]
fn bad_inputs_leave_the_game_intact() {
    let tmp = temp_dir("bad");
    let not_save = tmp.join("not_a_save.yaml");
    std::fs::write(
        &not_save,
        "sowlab: 1\nrule: tchuka_ruma\nmoves: ['3', '9']\n",
    )
    .unwrap();
    let wrong_final = tmp.join("wrong_final.yaml");
    std::fs::write(
        &wrong_final,
        "sowlab: 1\nrule: tchuka_ruma\nmoves: ['3']\nfinal: {pits: [2,2,2,2], closed: [], stores: [0], penalties: [], to_move: 1, over: false, winner: null}\n",
    )
    .unwrap();
    let template = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/transcripts/bad_inputs.txt"
    ))
    .unwrap();
    let long = "3 ".repeat(3000);
    let script = template
        .replace("{TMP}", &tmp.display().to_string())
        .replace("{LONG}", &long)
        .replace("{ESC}", "\x1b[2J")
        .replace("{NUL}", "\0")
        .replace("{BEL}", "\x07");
    let (out, code) = run(&["play"], &script, &tmp);
    assert_eq!(code, 1, "{out}");
    let json = json_lines(&out);
    assert!(json.len() >= 2);
    assert_eq!(json.first(), json.last(), "the game is as it was");
    for (i, l) in out.lines().enumerate() {
        if let Some(cmd) = l.strip_prefix("> ") {
            if cmd.starts_with("#") || ["json", "history", "show", "3 4"].contains(&cmd) {
                continue;
            }
            let next = out.lines().nth(i + 1).unwrap_or("");
            let after = out.lines().nth(i + 2).unwrap_or("> ");
            assert!(next.starts_with("error: "), "`{cmd}` should fail: {next}");
            assert!(after.starts_with("> "), "`{cmd}` should fail in one line");
        }
    }
    insta::assert_snapshot!(format!("exit: {code}\n{out}"));
}

#[test]
fn play_rejects_a_bad_rule_on_the_command_line() {
    let tmp = temp_dir("badrule");
    let (out, code) = run(&["play", "no_such_rule"], "", &tmp);
    assert_eq!(code, 1);
    assert!(out.contains("unknown rule `no_such_rule`"), "{out}");
}

#[test]
fn raja_pasu_opening_with_trace() {
    let tmp = temp_dir("raja");
    let (out, code) = run(
        &["play", "raja_pasu"],
        "moves\n7\ntrace\nhistory\n5\ntrace\neval [game.reserve(1), game.reserve(2)]\njson\n",
        &tmp,
    );
    assert_eq!(code, 0, "{out}");
    insta::assert_snapshot!(format!("exit: {code}\n{out}"));
}

#[test]
fn ruma_four_players_pass() {
    let tmp = temp_dir("ruma");
    let pos = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/ruma_4p_pass.yaml"
    );
    let f = tmp.join("ruma.yaml");
    let script = format!(
        "moves\n3\ntrace\n4\n5\n4\nhistory\njson\nsave {f}\nnew\nload {f}\njson\n",
        f = f.display()
    );
    let (out, code) = run(
        &["play", "ruma", "--set", "players=4", "--position", pos],
        &script,
        &tmp,
    );
    assert_eq!(code, 0, "{out}");
    let json = json_lines(&out);
    assert_eq!(
        json[0], json[1],
        "the saved custom start reloads to the same game"
    );
    assert!(
        json[0].contains("\"penalties\":[0,5,0,0]"),
        "East passed twice: {out}"
    );
    let saved = std::fs::read_to_string(&f).unwrap();
    assert!(saved.contains("start:"), "{saved}");
    insta::assert_snapshot!(format!("exit: {code}\n{out}"));
}
