//! `sowlab run` (check scripts), `sowlab solve` and `sowlab perft`, through the binary.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

mod common;
use common::scratch;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn sowlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sowlab"))
        .args(args)
        .current_dir(root())
        .env("SOWLAB_RULES", root().join("rules"))
        .env("XDG_DATA_HOME", root().join("no-user-data"))
        .output()
        .expect("sowlab runs")
}

/// Writes a script to a fresh temporary file and returns its path.
fn script(text: &str) -> scratch::ScratchFile {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = scratch("run-test");
    let f = dir.join(format!("s{}.rhai", N.fetch_add(1, Ordering::SeqCst)));
    std::fs::write(&f, text).unwrap();
    dir.keep(f)
}

fn run(text: &str, extra: &[&str]) -> (i32, String, String, String) {
    let f = script(text);
    let p = f.to_str().unwrap().to_string();
    let mut args = vec!["run"];
    args.extend_from_slice(extra);
    args.push(&p);
    let o = sowlab(&args);
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
        p,
    )
}

#[test]
fn a_check_script_loads_the_users_own_variant_and_presets_by_path() {
    // As every other command: a rule file or a preset named by its path (relative to the current
    // folder, here the repository), besides the names on the rules path.
    let scratch = scratch("run-variant");
    let dir = scratch.join("variant");
    std::fs::create_dir_all(&dir).unwrap();
    let src = std::fs::read_to_string(root().join("rules/tchuka_ruma.rhai")).unwrap();
    let mine = dir.join("my_variant.rhai");
    std::fs::write(
        &mine,
        src.replace("seeds: #{ value: 2,", "seeds: #{ value: 3,"),
    )
    .unwrap();
    let preset = dir.join("my_preset.yaml");
    std::fs::write(&preset, "rule: my_variant\noptions:\n  seeds: 5\n").unwrap();
    let (code, out, err, _) = run(
        &format!(
            r#"
let mine = game("{}");
assert_eq(mine.pits, [3, 3, 3, 3], "the variant's own default");
let p = game("{}");
assert_eq(p.pits, [5, 5, 5, 5], "the preset beside it names it");
let shipped = game("rules/tchuka_ruma.rhai", #{{ seeds: 4 }});
assert_eq(shipped.pits, [4, 4, 4, 4]);
assert_eq(game("tchuka_ruma_6").pits, [6, 6, 6, 6]);
print("ok");
"#,
            mine.display(),
            preset.display()
        ),
        &[],
    );
    assert_eq!((code, out.as_str()), (0, "ok\n"), "{err}");
}

#[test]
fn passing_script_prints_to_stdout_and_exits_0() {
    let (code, out, err, _) = run(
        r#"
let g = game("tchuka_ruma");
assert_eq(g.pits, [2, 2, 2, 2], "start");
g.play("3");
assert_eq(g.pits, [2, 2, 0, 3]);
assert_eq(g.stores, [1]);
let t = g.trace();
assert_eq(t[0].event, "pickup");
assert_eq(t[t.len() - 1].event, "lap_end");
assert(g.undo(), "undo");
assert_eq(g.pits, [2, 2, 2, 2]);
let h = g.clone();
h.play(4);
assert(h.over && h.winner == (), "4 first loses");
assert(!g.over, "the copy is independent");
print(`moves ${g.moves()}`);
"#,
        &[],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "moves [\"1\", \"2\", \"3\", \"4\"]\n");
    assert!(err.contains("ok (9 assertions held"), "{err}");
}

#[test]
fn failed_assert_names_file_line_col_and_exits_1() {
    let (code, out, err, path) = run(
        "print(\"before\");\nlet x = 2;\n  assert(x == 3, \"x is three\");\nprint(\"after\");\n",
        &[],
    );
    assert_eq!(code, 1);
    assert_eq!(out, "before\n");
    let first = err.lines().next().unwrap();
    assert_eq!(
        first,
        format!("sowlab: {path}:3:3: assertion failed: x is three")
    );
    assert!(
        err.contains(" 3 |   assert(x == 3, \"x is three\");"),
        "{err}"
    );
}

#[test]
fn failed_assert_inside_a_function_and_assert_eq_values() {
    let (code, _, err, path) = run(
        "fn check(a) {\n    assert_eq(a, [1, 2], \"pair\");\n}\ncheck([1, 3]);\n",
        &[],
    );
    assert_eq!(code, 1);
    assert!(
        err.starts_with(&format!(
            "sowlab: {path}:2:5: assertion failed: pair: [1, 3] != [1, 2]"
        )),
        "{err}"
    );
}

#[test]
fn script_errors_have_positions() {
    // An illegal move: the game's message, at the call.
    let (code, _, err, path) = run("let g = game(\"tchuka_ruma\");\ng.play(\"9\");\n", &[]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with(&format!("sowlab: {path}:2:3: `9` is not a move")),
        "{err}"
    );
    // A parse error.
    let (code, _, err, path) = run("let x = 1;\nlet = 2;\n", &[]);
    assert_eq!(code, 1);
    assert!(err.starts_with(&format!("sowlab: {path}:2:")), "{err}");
    // An unknown rule, a bad option, a rule by path (not allowed).
    let (code, _, err, _) = run("game(\"nope\");", &[]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown rule `nope`"), "{err}");
    let (code, _, err, _) = run("game(\"tchuka_ruma\", #{ seeds: -1 });", &[]);
    assert_eq!(code, 1);
    assert!(err.contains("option `seeds`: `-1` is not allowed"), "{err}");
    let (code, _, err, _) = run("game(\"no/such_variant.rhai\");", &[]);
    assert_eq!(code, 1);
    assert!(err.contains("no rule file no/such_variant.rhai"), "{err}");
    // Imports are refused (no files outside the script).
    let (code, _, err, _) = run("import \"tchuka_ruma\" as t;", &[]);
    assert_eq!(code, 1);
    assert!(
        err.contains("cannot import \"tchuka_ruma\": only rule files import modules"),
        "{err}"
    );
    // A runtime type error.
    let (code, _, err, path) = run("let a = 1;\nlet b = a + [];\n", &[]);
    assert_eq!(code, 1);
    assert!(err.starts_with(&format!("sowlab: {path}:2:")), "{err}");
}

#[test]
fn missing_script_and_timeout() {
    let o = sowlab(&["run", "no/such/script.rhai"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read script no/such/script.rhai"));
    let (code, _, err, path) = run("let i = 0;\nloop { i += 1; }\n", &["--timeout", "1"]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with(&format!("sowlab: {path}:2:")) && err.contains("time limit exceeded"),
        "{err}"
    );
}

#[test]
fn everything_after_the_script_goes_to_the_script() {
    // As `run --help` says: sowlab's own options are given before SCRIPT; after it, even
    // `--timeout` and `--rules` are the script's.
    let f = script("print(ARGS);");
    let p = f.to_str().unwrap();
    for (args, want) in [
        (
            vec![p, "--timeout", "5", "b"],
            "[\"--timeout\", \"5\", \"b\"]\n",
        ),
        (
            vec![p, "a", "--rules", "x"],
            "[\"a\", \"--rules\", \"x\"]\n",
        ),
        (vec!["--timeout", "5", p, "x"], "[\"x\"]\n"),
    ] {
        let mut all = vec!["run"];
        all.extend(args);
        let o = sowlab(&all);
        assert!(
            o.status.success(),
            "{all:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert_eq!(String::from_utf8_lossy(&o.stdout), want, "{all:?}");
    }
}

#[test]
fn args_and_api_functions() {
    let f = script(
        r#"
assert_eq(ARGS, ["a", "-b", "3"]);
let g = game("tchuka_ruma", #{ seeds: 6 });
let r = solve(g);
assert(r.solvable && r.complete, "6-6-6-6 is solvable");
assert_eq(count_positions(g), r.positions);
let p = g.clone();
for m in r.solution { p.play(m); }
assert_eq(p.winner, 1);
assert_eq(perft(game("tchuka_ruma"), 2), 3);
assert_eq(perft_counts(game("tchuka_ruma"), 2), [1, 4, 3]);
let k = game("tchoukaillon");
k.set_position(#{ pits: [0, 1, 3, 0] });
assert_eq(k.moves(), ["3"]);
assert_eq(solve(k).solution, ["3", "1", "2", "1"]);
let a = rng(42);
let b = rng(42);
assert_eq(a.below(1000), b.below(1000), "same seed, same numbers");
let x = game("tchuka_ruma", #{ seeds: 6 });
let y = x.clone();
let nx = random_playout(x, 9);
let ny = random_playout(y, 9);
assert_eq(x.played, y.played, "random playouts are reproducible");
assert(x.over && nx == ny && nx > 0);
assert(solve(game("tchuka_ruma", #{ seeds: 6 }), #{ max_nodes: 10 }).complete == false);
print(g.json());
"#,
    );
    let o = sowlab(&["run", f.to_str().unwrap(), "a", "-b", "3"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("print(g.json()) is JSON");
    assert_eq!(v["pits"], serde_json::json!([6, 6, 6, 6]));
    assert_eq!(v["to_move"], 1);
    assert_eq!(v["over"], false);
}

#[test]
fn solve_command_text_and_json() {
    let o = sowlab(&["solve", "tchuka_ruma"]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "tchuka_ruma (holes=4 seeds=2): solvable");
    assert!(
        lines[1].starts_with("shortest solution (6 moves): "),
        "{out}"
    );
    assert!(lines[2].starts_with("positions: "), "{out}");
    // stderr is not a terminal here: no progress line.
    assert_eq!(String::from_utf8_lossy(&o.stderr), "");

    let o = sowlab(&["solve", "--json", "--set", "board=1 2 3", "tchoukaillon"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["solvable"], false);
    assert_eq!(v["solution"], serde_json::json!([]));
    assert_eq!(v["positions"], 7);
    assert_eq!(v["complete"], true);

    let o = sowlab(&[
        "solve",
        "--json",
        "--max-positions",
        "10",
        "-s",
        "seeds=6",
        "tchuka_ruma",
    ]);
    assert_eq!(
        o.status.code(),
        Some(3),
        "an incomplete search has its own exit status"
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["complete"], false);
    assert_eq!(v["stopped"], "position_limit");
    assert_eq!(v["solvable"], serde_json::Value::Null);

    let o = sowlab(&["perft", "tchuka_ruma", "--depth", "2"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("depth 1: 4\ndepth 2: 3\n"));

    let o = sowlab(&["solve", "--set", "board=2 x", "tchoukaillon"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("option board: \"2 x\" is not a board"));
}

fn shipped(name: &str, args: &[&str]) -> String {
    let path = root().join("scripts").join(name);
    let p = path.to_str().unwrap();
    let mut a = vec!["run", p];
    a.extend_from_slice(args);
    let o = sowlab(&a);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(0), "{name}: {err}");
    assert!(err.contains(": ok ("), "{name}: {err}");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn script_tchuka_table() {
    // The full table (6 holes x 8 seeds) takes about a minute in a debug build (1-2 s in
    // release), nearly all of it for 6 holes x 8 seeds (148 548 positions). The suite checks
    // every other cell, with every check of the script: holes 1-5 x seeds 1-8, then 6 x 1-7.
    let out = shipped("tchuka_table.rhai", &["5", "8"]);
    assert!(
        out.contains("    4         -      6      -      -      -      8     11     12"),
        "{out}"
    );
    let out = shipped("tchuka_table.rhai", &["6", "7"]);
    assert!(
        out.contains("    6         -      -      -     16     18      -      -\n"),
        "{out}"
    );
}

#[test]
fn script_tchoukaillon_boards() {
    let out = shipped("tchoukaillon_boards.rhai", &[]);
    assert!(out.contains("\n    20  0 2 2 1 3 5 7 "), "{out}");
}

#[test]
fn script_raja_pasu_invariants() {
    // One seeded game per setting (the default is 20): about 4 s in a debug build.
    let out = shipped("raja_pasu_invariants.rhai", &["1"]);
    assert!(
        out.contains("full match: 1 of 1 random games ended"),
        "{out}"
    );
    assert!(
        out.contains("one round: 1 of 1 random games ended"),
        "{out}"
    );
}

#[test]
fn script_ruma_terminates() {
    let out = shipped("ruma_terminates.rhai", &["1"]);
    assert!(
        out.contains("18 random Ruma games in 18 settings all ended, with a winner"),
        "{out}"
    );
}

#[test]
fn ctrl_c_stops_a_search_with_partial_figures() {
    // 8 holes x 16 seeds cannot be solved while the test waits; SIGINT, sent once the search says
    // it is under way (`--progress lines`), stops it with what it found.
    let w = common::watch::Watched::new(
        Command::new(env!("CARGO_BIN_EXE_sowlab"))
            .args([
                "--progress",
                "lines",
                "solve",
                "--json",
                "-s",
                "holes=8",
                "-s",
                "seeds=16",
                "tchuka_ruma",
            ])
            .current_dir(root())
            .env("SOWLAB_RULES", root().join("rules"))
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap(),
    );
    w.wait_stderr("sowlab: progress: ");
    w.sigint();
    let o = w.finish();
    assert_eq!(o.status.code(), Some(130), "{o:?}");
    let v: serde_json::Value = serde_json::from_str(&o.stdout).unwrap();
    assert_eq!(v["stopped"], "interrupted");
    assert_eq!(v["complete"], false);
    assert!(v["positions"].as_u64().unwrap() > 0);
}

#[test]
fn solve_and_perft_on_a_two_player_game() {
    // At the start South may play any of his 7 holes (7 seeds each): 7 sequences of one move.
    let o = sowlab(&["perft", "raja_pasu", "--depth", "1", "--json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["counts"], serde_json::json!([1, 7]));
    // One move cannot end a 98-seed match: the value stays unknown, and says so.
    let o = sowlab(&["solve", "raja_pasu", "--depth", "1"]);
    assert_eq!(o.status.code(), Some(3), "out of reach: exit 3");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains(": unknown within 1 move: between loss and win for player 1 (to move)"),
        "{out}"
    );
    assert!(
        out.ends_with("the answer is out of reach: the game goes on past the depth searched (--depth D, --time SECS); exit status 3\n"),
        "{out}"
    );
    // Two players get a time budget (30 s by default): past it the answer is out of reach,
    // said on stdout, with exit status 3, instead of minutes of silence.
    let o = sowlab(&["solve", "oware", "--depth", "200", "--time", "1"]);
    assert_eq!(o.status.code(), Some(3));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("INCOMPLETE: time limit reached"), "{out}");
    assert!(
        out.ends_with("the answer is out of reach: the time budget ran out (1 s; --time SECS, 0: none); exit status 3\n"),
        "{out}"
    );
    // A known answer exits 0.
    let o = sowlab(&["solve", "kalah", "--set", "holes=2", "--set", "seeds=1"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    // Ruma with 4 players is not a solitaire nor a two-player game.
    let o = sowlab(&["solve", "ruma", "--set", "players=4"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("has 4 players"));
}

#[test]
fn script_starter_advantage() {
    // simulate() inside a check script (the simulation extension of `sowlab run`).
    let out = shipped("starter_advantage.rhai", &["100"]);
    assert!(
        out.contains("South starts: South wins 80.0% [71.1, 86.7]"),
        "{out}"
    );
}

/// The search's figures of a `solve --json` line, without its time and table size.
fn solve_figures(line: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
    let o = v.as_object_mut().expect("an object");
    o.remove("seconds");
    o.remove("table_bytes");
    v
}

/// `solve --vary` solves at every point of the grid, the first key slowest, and says at each
/// what `solve` says there alone.
#[test]
fn solve_vary_solves_every_point_of_a_grid() {
    let o = sowlab(&[
        "solve",
        "tchuka_ruma",
        "--vary",
        "holes=2..4",
        "--vary",
        "seeds=1,3",
        "--json",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 6, "{text}");
    let mut i = 0;
    for holes in 2..=4 {
        for seeds in [1, 3] {
            let (h, s) = (format!("holes={holes}"), format!("seeds={seeds}"));
            let one = sowlab(&["solve", "tchuka_ruma", "--set", &h, "--set", &s, "--json"]);
            let one = String::from_utf8(one.stdout).expect("utf-8");
            assert_eq!(
                solve_figures(lines[i]),
                solve_figures(one.trim()),
                "{h} {s}"
            );
            assert_eq!(solve_figures(lines[i])["options"]["holes"], holes);
            i += 1;
        }
    }
    // Text: one result per point, each titled with its options.
    let o = sowlab(&["solve", "tchuka_ruma", "--vary", "seeds=1..2"]);
    let text = String::from_utf8(o.stdout).expect("utf-8");
    assert!(text.contains("tchuka_ruma (holes=4 seeds=1): "), "{text}");
    assert!(
        text.contains("tchuka_ruma (holes=4 seeds=2): solvable"),
        "{text}"
    );
}

/// A bad `--vary` range is one error line naming it, before anything is solved.
#[test]
fn a_bad_vary_range_is_one_error_line() {
    for (range, why) in [
        ("seeds=3..1", "the range `3..1` is empty"),
        ("seeds=1..x", "`1..x` is not a range of integers"),
        ("seeds=1..100000", "more than 10000 values"),
    ] {
        let o = sowlab(&["solve", "tchuka_ruma", "--vary", range]);
        assert_eq!(o.status.code(), Some(1), "{range}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(&format!("bad --vary `{range}`")) && err.contains(why),
            "{err}"
        );
        assert!(o.stdout.is_empty(), "{range}");
    }
}
