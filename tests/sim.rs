//! Tests of the experiments: agents, `simulate` (determinism across threads, statistics on rigged
//! fixture games with known answers, CSV/JSON shape), `compare`, `sweep`, `diff` and the Rhai
//! `simulate()` function.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use sowlab::experiment::stats;
use sowlab::experiment::{self, SimConfig};
use sowlab::search::agent::Agent;
use sowlab::Game;
use sowlab::Rule;
use sowlab::{game_seed, Rng};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rules_dir() -> PathBuf {
    root().join("rules")
}

fn fixture(name: &str) -> String {
    root()
        .join("tests/fixtures")
        .join(format!("{name}.rhai"))
        .display()
        .to_string()
}

fn load(spec: &str) -> Rule {
    Rule::load(spec, &rules_dir()).unwrap_or_else(|e| panic!("{e}"))
}

fn tmpdir() -> scratch::Scratch {
    scratch("sim")
}

fn sowlab(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_sowlab"))
        .args(args)
        .arg("--rules")
        .arg(rules_dir())
        .env_remove("SOWLAB_RULES")
        .env("XDG_DATA_HOME", rules_dir().join("no-user-data"))
        .output()
        .expect("run sowlab");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn cfg(games: u64, agents: &str, seed: u64, jobs: usize) -> SimConfig {
    SimConfig {
        games,
        agents: Agent::parse_list(agents).unwrap(),
        seed,
        jobs,
        ..SimConfig::default()
    }
}

/// The JSON of a report without its timing fields (which depend on the machine).
fn without_timing(mut v: serde_json::Value) -> serde_json::Value {
    if let Some(o) = v.as_object_mut() {
        o.remove("elapsed_secs");
        o.remove("moves_per_sec");
    }
    v
}

/// Coin outcomes computed without the simulator: the random agent's only draw in game `i` is the
/// first `below(sides)` of that game's generator; hole 1 wins, hole 2 draws, others lose.
fn coin_expected(seed: u64, games: u64, sides: u64) -> (u64, u64, u64) {
    let (mut w, mut d, mut l) = (0, 0, 0);
    for i in 0..games {
        match Rng::new(game_seed(seed, i)).below(sides) {
            0 => w += 1,
            1 => d += 1,
            _ => l += 1,
        }
    }
    (w, d, l)
}

#[test]
fn same_seed_same_report_whatever_the_number_of_threads() {
    for (rule, agents) in [
        ("tchuka_ruma".to_string(), "random"),
        ("tchuka_ruma".to_string(), "mcts:8"),
        (fixture("coin"), "random,greedy"),
    ] {
        let run = |jobs: &str, seed: &str| {
            let (code, out, err) = sowlab(&[
                "simulate", &rule, "--games", "120", "--seed", seed, "--agents", agents, "--jobs",
                jobs, "--json",
            ]);
            assert_eq!(code, 0, "{err}");
            assert!(
                err.is_empty(),
                "stderr is not a terminal: no progress line, got {err:?}"
            );
            without_timing(serde_json::from_str(&out).unwrap())
        };
        let one = run("1", "7");
        assert_eq!(one, run("2", "7"), "{rule} {agents}");
        assert_eq!(one, run("3", "7"), "{rule} {agents}");
        assert_ne!(one, run("2", "8"), "another seed, other games");
    }
}

#[test]
fn coin_win_counts_match_an_independent_computation() {
    let rule = Rule::load(&fixture("coin"), &rules_dir()).unwrap();
    for (sides, seed) in [(3u64, 11u64), (2, 5), (5, 0)] {
        let opts = rule.resolve_options(&[format!("sides={sides}")]).unwrap();
        let games = 400;
        let rep = experiment::simulate(&rule, &opts, &cfg(games, "random", seed, 2)).unwrap();
        let (w, d, l) = coin_expected(seed, games, sides);
        let p1 = &rep.players[0];
        let p2 = &rep.players[1];
        assert_eq!((p1.wins.count, p1.draws.count, p1.losses.count), (w, d, l));
        assert_eq!((p2.wins.count, p2.draws.count, p2.losses.count), (l, d, w));
        // The generator is fair: each outcome near its share (binomial, 5 sd).
        let sd = (games as f64 * (1.0 / sides as f64) * (1.0 - 1.0 / sides as f64)).sqrt();
        assert!(
            (w as f64 - games as f64 / sides as f64).abs() < 5.0 * sd,
            "{w}"
        );
        // Wilson interval as the formula gives it.
        let (lo, hi) = stats::wilson(w, games, stats::Z95);
        assert!((p1.wins.lo - lo).abs() < 1e-4 && (p1.wins.hi - hi).abs() < 1e-4);
        assert!(p1.wins.lo <= p1.wins.rate && p1.wins.rate <= p1.wins.hi);
        // Player 1 always moves one seed into his store.
        assert_eq!((p1.captures, p2.captures), (1.0, 0.0));
        assert_eq!((rep.moves.mean, rep.moves.max, rep.capped), (1.0, 1, 0));
    }
}

#[test]
fn a_sure_win_gives_the_exact_interval() {
    let rule = Rule::load(&fixture("first_wins"), &rules_dir()).unwrap();
    let opts = rule.resolve_options::<&str>(&[]).unwrap();
    let rep = experiment::simulate(&rule, &opts, &cfg(100, "random", 3, 2)).unwrap();
    let (p1, p2) = (&rep.players[0], &rep.players[1]);
    assert_eq!(
        (p1.wins.count, p1.draws.count, p1.losses.count),
        (100, 0, 0)
    );
    assert_eq!((p2.wins.count, p2.losses.count), (0, 100));
    // 100 of 100: the Wilson lower bound is n / (n + z²).
    let z2 = stats::Z95 * stats::Z95;
    assert!(
        (p1.wins.lo - 100.0 / (100.0 + z2)).abs() < 1e-4,
        "{}",
        p1.wins.lo
    );
    assert_eq!(p1.wins.hi, 1.0);
    assert_eq!(rep.finished, 100);
}

#[test]
fn the_driver_cap_is_counted_and_rounds_are_read() {
    let rule = Rule::load(&fixture("endless"), &rules_dir()).unwrap();
    let opts = rule.resolve_options::<&str>(&[]).unwrap();
    let mut c = cfg(30, "random", 1, 2);
    c.max_moves = 11;
    let rep = experiment::simulate(&rule, &opts, &c).unwrap();
    assert_eq!((rep.capped, rep.finished), (30, 0));
    assert_eq!((rep.moves.max, rep.moves.median), (11, 11.0));
    let rounds = rep.rounds.as_ref().expect("the fixture declares `round`");
    assert_eq!((rounds.max, rounds.mean), (5, 5.0));
    // A cut game is neither won, drawn nor lost.
    assert_eq!(
        rep.players[0].wins.count + rep.players[0].draws.count + rep.players[0].losses.count,
        0
    );
    // Tchuka Ruma declares no round.
    let t = load("tchuka_ruma");
    let o = t.resolve_options::<&str>(&[]).unwrap();
    assert!(experiment::simulate(&t, &o, &cfg(5, "random", 1, 1))
        .unwrap()
        .rounds
        .is_none());
}

/// A progress hook that records what the runner tells it.
#[derive(Default)]
struct Recorder {
    updates: std::sync::Mutex<Vec<(u64, u64)>>,
    finished: AtomicUsize,
}

impl experiment::Progress for Recorder {
    fn update(&self, done: u64, total: u64) {
        self.updates.lock().unwrap().push((done, total));
    }
    fn finish(&self) {
        self.finished.fetch_add(1, Ordering::SeqCst);
    }
}

#[test]
fn the_progress_hook_sees_the_games_done_and_the_end_of_the_run() {
    let rule = Rule::load(&fixture("endless"), &rules_dir()).unwrap();
    let opts = rule.resolve_options::<&str>(&[]).unwrap();
    let rec = Arc::new(Recorder::default());
    let mut c = cfg(40, "random", 1, 2);
    c.max_moves = 100;
    c.progress = Some(rec.clone());
    let with = experiment::simulate(&rule, &opts, &c).unwrap();
    assert_eq!(rec.finished.load(Ordering::SeqCst), 1);
    let updates = rec.updates.lock().unwrap().clone();
    assert!(
        updates.windows(2).all(|w| w[0].0 <= w[1].0)
            && updates.iter().all(|&(d, t)| t == 40 && d <= 40),
        "{updates:?}"
    );
    // The hook changes nothing in the report.
    c.progress = None;
    let without = experiment::simulate(&rule, &opts, &c).unwrap();
    assert_eq!(
        without_timing(serde_json::to_value(&with).unwrap()),
        without_timing(serde_json::to_value(&without).unwrap())
    );
    // A run that fails in a game ends the hook too.
    let d = tmpdir();
    let f = d.join("stuck.rhai");
    std::fs::write(
        &f,
        "fn setup() { this.players = 2; this.add_row(\"S\", 1, 2, 1); this.add_row(\"N\", 2, 2, 1); }\n\
         fn moves() { if this.to_move == 2 { [] } else { this.default_moves() } }\n\
         fn play(pit) { this.move_seeds(pit, pit, 0); this.to_move = 2; }\n",
    )
    .unwrap();
    let stuck = Rule::load(f.to_str().unwrap(), &*d).unwrap();
    let o = stuck.resolve_options::<&str>(&[]).unwrap();
    let rec = Arc::new(Recorder::default());
    let mut c = cfg(10, "random", 4, 2);
    c.progress = Some(rec.clone());
    assert!(experiment::simulate(&stuck, &o, &c).is_err());
    assert_eq!(rec.finished.load(Ordering::SeqCst), 1);
}

#[test]
fn searching_agents_find_the_winning_move() {
    let rule = Rule::load(&fixture("coin"), &rules_dir()).unwrap();
    let opts = rule.resolve_options(&["sides=6"]).unwrap();
    for a in ["greedy", "alphabeta:2", "mcts:60"] {
        let rep = experiment::simulate(&rule, &opts, &cfg(40, a, 9, 2)).unwrap();
        assert_eq!(rep.players[0].wins.count, 40, "{a}");
    }
    // The tchuka solitaire 2-2-2-2 is won by a 4-ply search, never by chance alone here.
    let t = load("tchuka_ruma");
    let o = t.resolve_options::<&str>(&[]).unwrap();
    let ab = experiment::simulate(&t, &o, &cfg(20, "alphabeta:4", 1, 2)).unwrap();
    assert_eq!(ab.players[0].wins.count, 20);
    let rnd = experiment::simulate(&t, &o, &cfg(20, "random", 1, 2)).unwrap();
    assert!(rnd.players[0].wins.count < 20);
}

#[test]
fn agents_leave_the_position_alone_and_answer_clearly() {
    let t = Arc::new(load("tchuka_ruma"));
    let g = Game::new(t.clone(), t.resolve_options::<&str>(&[]).unwrap()).unwrap();
    let before = g.state();
    let mut rng = Rng::new(1);
    for a in ["random", "greedy", "alphabeta:3", "mcts:20"] {
        let pit = Agent::parse(a)
            .unwrap()
            .choose(&t, g.current(), &mut rng)
            .unwrap();
        assert!(g.legal().unwrap().contains(&pit), "{a}");
        assert_eq!(g.state(), before, "{a} changed the position");
    }
    let e = Agent::parse("alphabeta:99").unwrap_err().to_string();
    assert!(e.contains("1 to 12"), "{e}");
    let e = experiment::seat_agents(&Agent::parse_list("random,greedy,random").unwrap(), 2)
        .unwrap_err()
        .to_string();
    assert!(e.contains("3 agents given for 2 players"), "{e}");
}

#[test]
fn csv_and_json_have_a_fixed_shape() {
    let (code, out, err) = sowlab(&[
        "simulate",
        &fixture("coin"),
        "--games",
        "50",
        "--csv",
        "--jobs",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "header + one row per player:\n{out}");
    let header: Vec<&str> = lines[0].split(',').collect();
    assert_eq!(header, experiment::SimReport::csv_header());
    for l in &lines[1..] {
        assert_eq!(l.split(',').count(), header.len(), "{l}");
    }
    let col = |row: &str, name: &str| -> String {
        let i = header.iter().position(|h| *h == name).unwrap();
        row.split(',').nth(i).unwrap().to_string()
    };
    let (w, d, l) = coin_expected(0, 50, 3);
    assert_eq!(col(lines[1], "player"), "1");
    assert_eq!(col(lines[1], "wins"), w.to_string());
    assert_eq!(col(lines[1], "draws"), d.to_string());
    assert_eq!(col(lines[2], "wins"), l.to_string());
    assert_eq!(col(lines[1], "options"), "sides=3");

    let (code, out, _) = sowlab(&["simulate", "tchuka_ruma", "--games", "20", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for k in [
        "rule",
        "options",
        "agents",
        "seed",
        "games",
        "max_moves",
        "players",
        "finished",
        "capped",
        "moves",
        "laps",
        "rounds",
        "total_moves",
        "elapsed_secs",
        "moves_per_sec",
    ] {
        assert!(v.get(k).is_some(), "missing {k}: {v}");
    }
    assert_eq!(v["options"]["holes"], 4);
    assert!(v["rounds"].is_null());
    let p = &v["players"][0];
    for k in ["count", "rate", "lo", "hi"] {
        assert!(p["wins"][k].is_number(), "{p}");
    }
    for k in ["mean", "median", "max", "sd"] {
        assert!(v["moves"][k].is_number(), "{v}");
    }
    let text = sowlab(&["simulate", "tchuka_ruma", "--games", "20"]).1;
    assert!(text.contains("moves per game: mean"), "{text}");
    assert!(
        text.contains("cut by --max-moves 10000: 0 of 20 games"),
        "{text}"
    );
}

#[test]
fn bad_arguments_get_one_clear_line() {
    let coin = fixture("coin");
    for (args, want) in [
        (
            vec!["simulate", "tchuka_ruma", "--games", "0"],
            "number of games",
        ),
        (
            vec!["simulate", "tchuka_ruma", "--agents", "wizard"],
            "unknown agent",
        ),
        (
            vec!["simulate", "tchuka_ruma", "--agents", "random,random"],
            "2 agents given for 1 player",
        ),
        (
            vec!["simulate", "tchuka_ruma", "--max-moves", "0"],
            "max-moves",
        ),
        (
            vec!["simulate", "tchuka_ruma", "--set", "holes=99"],
            "holes",
        ),
        (vec!["sweep", "tchuka_ruma", "--vary", "holes"], "KEY=V1,V2"),
        (
            vec!["sweep", "tchuka_ruma", "--vary", "colour=1,2"],
            "unknown option",
        ),
        (
            vec!["sweep", "tchuka_ruma", "--vary", "holes=2,99"],
            "`99` is not allowed",
        ),
        (vec!["compare", "tchuka_ruma", "nosuch"], "unknown rule"),
        (
            vec![
                "sweep",
                &coin,
                "--vary",
                "sides=2,3",
                "--agents",
                "random,random,random",
            ],
            "3 agents given for 2 players",
        ),
    ] {
        let (code, out, err) = sowlab(&args);
        assert_eq!(code, 1, "{args:?}: {out}{err}");
        assert!(
            err.starts_with("sowlab: ") && err.contains(want),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn a_rule_error_names_the_game_and_its_seed() {
    let d = tmpdir();
    let f = d.join("stuck.rhai");
    std::fs::write(
        &f,
        "fn setup() { this.players = 2; this.add_row(\"S\", 1, 2, 1); this.add_row(\"N\", 2, 2, 1); }\n\
         fn moves() { if this.to_move == 2 { [] } else { this.default_moves() } }\n\
         fn play(pit) { this.move_seeds(pit, pit, 0); this.to_move = 2; }\n",
    )
    .unwrap();
    let rule = Rule::load(f.to_str().unwrap(), &*d).unwrap();
    let opts = rule.resolve_options::<&str>(&[]).unwrap();
    let e = experiment::simulate(&rule, &opts, &cfg(10, "random", 4, 2))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("game 1 of 10 (seed 4, game seed ")
            && e.contains("move 2: player 2 has no legal move, yet the game is not over")
            && (e.ends_with("[replay the moves before it: --moves \"1\"]")
                || e.ends_with("[replay the moves before it: --moves \"2\"]")),
        "{e}"
    );
}

#[test]
fn compare_tests_the_differences() {
    let a = Rule::load(&fixture("coin"), &rules_dir()).unwrap();
    let oa = a.resolve_options(&["sides=2"]).unwrap();
    let b = Rule::load(&fixture("first_wins"), &rules_dir()).unwrap();
    let ob = b.resolve_options::<&str>(&[]).unwrap();
    let c = cfg(200, "random", 2, 2);
    let ra = experiment::simulate(&a, &oa, &c).unwrap();
    let rb = experiment::simulate(&b, &ob, &c).unwrap();
    let (w, _, _) = coin_expected(2, 200, 2);
    let cmp = experiment::compare_reports(ra.clone(), rb, 0.05);
    let row = cmp.rows.iter().find(|r| r.what == "P1 wins").unwrap();
    assert_eq!(row.a, w as f64 / 200.0);
    assert_eq!((row.b, row.significant), (1.0, true));
    let t = stats::two_proportion(200, 200, w, 200);
    assert!((row.result.stat - t.stat).abs() < 1e-3 && row.result.stat > 0.0);
    // A variant against itself: same games, no difference anywhere.
    let same = experiment::compare_reports(ra.clone(), ra, 0.05);
    assert!(same
        .rows
        .iter()
        .all(|r| r.diff == 0.0 && !r.significant && r.result.p == 1.0));
    // The command: same seeds and agents, options per side.
    let (code, out, err) = sowlab(&[
        "compare",
        &fixture("coin"),
        &fixture("coin"),
        "--set-a",
        "sides=2",
        "--set-b",
        "sides=6",
        "--games",
        "300",
        "--csv",
    ]);
    assert_eq!(code, 0, "{err}");
    let (wa, _, _) = coin_expected(0, 300, 2);
    let (wb, _, _) = coin_expected(0, 300, 6);
    let line = out.lines().find(|l| l.starts_with("P1 wins,")).unwrap();
    let f: Vec<&str> = line.split(',').collect();
    assert_eq!(
        f[1].parse::<f64>().unwrap(),
        stats::round4(wa as f64 / 300.0)
    );
    assert_eq!(
        f[2].parse::<f64>().unwrap(),
        stats::round4(wb as f64 / 300.0)
    );
    assert_eq!(f[7], "true", "{line}");
    let text = sowlab(&["compare", "tchuka_ruma", "tchuka_ruma", "--games", "30"]).1;
    assert!(text.contains("P1 wins") && text.contains("moves"), "{text}");
    // A solitaire captures nothing: its row is the seeds it stored.
    assert!(
        text.contains("\nseeds stored ") && !text.contains("captures"),
        "{text}"
    );
    // Two players: one draws row (a drawn game is a draw for both), and the timing says what
    // it is.
    let text = sowlab(&[
        "compare", "kalah", "kalah", "--set-b", "seeds=3", "--games", "20",
    ])
    .1;
    let rows: Vec<&str> = text
        .lines()
        .map(|l| l.split("  ").next().unwrap())
        .collect();
    assert_eq!(
        rows.iter().filter(|r| r.contains("draws")).count(),
        1,
        "{text}"
    );
    assert!(rows.contains(&"draws"), "{text}");
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("time: ") && last.contains(" s (A) + ") && last.ends_with(" s (B)"),
        "{text}"
    );
    let sim = sowlab(&["simulate", "tchuka_ruma", "--games", "10"]).1;
    assert!(
        sim.contains("seeds stored") && !sim.contains("captures"),
        "{sim}"
    );
}

#[test]
fn sweep_runs_the_grid() {
    let rule = Rule::load(&fixture("coin"), &rules_dir()).unwrap();
    let vary = vec![experiment::parse_vary("sides=2,4").unwrap()];
    let s = experiment::sweep(&rule, &[], &vary, &cfg(100, "random", 3, 2)).unwrap();
    assert_eq!(s.points.len(), 2);
    for (pt, sides) in s.points.iter().zip([2, 4]) {
        assert_eq!(pt.vary["sides"], sides.to_string());
        let (w, d, l) = coin_expected(3, 100, sides);
        let p = &pt.report.players[0];
        assert_eq!((p.wins.count, p.draws.count, p.losses.count), (w, d, l));
    }
    let g = experiment::grid(&[
        experiment::parse_vary("a=1,2").unwrap(),
        experiment::parse_vary("b=x,y,z").unwrap(),
    ]);
    assert_eq!(g.len(), 6);
    assert_eq!(
        g[1],
        vec![("a".into(), "1".into()), ("b".into(), "y".into())]
    );
    // CSV: the varied key first, a row per point and player.
    let (code, out, err) = sowlab(&[
        "sweep",
        "tchuka_ruma",
        "--vary",
        "holes=2,3",
        "--vary",
        "seeds=1,2",
        "--games",
        "20",
        "--csv",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(
        lines[0].starts_with("holes,seeds,rule,options,"),
        "{}",
        lines[0]
    );
    assert!(
        lines[2].starts_with("2,2,tchuka_ruma,holes=2 seeds=2,"),
        "{}",
        lines[2]
    );
    let text = sowlab(&[
        "sweep",
        "tchuka_ruma",
        "--vary",
        "seeds=1,2",
        "--games",
        "10",
    ])
    .1;
    assert!(text.contains("P1 wins [95% CI]"), "{text}");
    assert_eq!(text.lines().count(), 5, "{text}");
}

/// Writes a copy of tchuka_ruma with the relay turned off.
fn tchuka_without_relay(d: &Path) -> PathBuf {
    let src = std::fs::read_to_string(rules_dir().join("tchuka_ruma.rhai")).unwrap();
    let changed = src.replace("relay: \"last\"", "relay: \"none\"");
    assert_ne!(src, changed, "the rule file sets relay: \"last\"");
    let f = d.join("no_relay.rhai");
    std::fs::write(&f, changed).unwrap();
    f
}

#[test]
fn diff_finds_the_first_differing_move() {
    let d = tmpdir();
    let b = tchuka_without_relay(&d);
    let b = b.to_str().unwrap();
    // From 2 2 2 2: move 3 (2 seeds: hole 4 and the ruma) never relays; then move 2 ends in the
    // occupied hole 4, which relays under A (4 from hole 4, then 2 from hole 3, ending in the
    // ruma: 3 1 0 1 | 3) and loses under B.
    // By default: the first differing event with a little context, then both positions.
    let (code, out, err) = sowlab(&["diff", "tchuka_ruma", b, "--moves", "3 2 1"]);
    assert_eq!(code, 1, "{err}");
    let first: Vec<&str> = out.lines().take(8).collect();
    assert_eq!(
        first,
        [
            "the positions agree after 1 move; move 2 `2` differs",
            "first differing event: 5 of 14 (A) and of 5 (B)",
            "  ... 2 earlier events agree",
            "    3  drop in 4 (0 left)",
            "    4  lap 1 ends in 4",
            "A:   5  pick up 4 from 4",
            "     6  drop in ruma (3 left)",
            "     7  drop in 1 (2 left)",
        ],
        "{out}"
    );
    assert!(out.contains("\n     ... 7 more\nB:   5  the last seed fell into an empty hole: lost\nA: tchuka_ruma\n"), "{out}");
    assert!(out.ends_with("(--full shows both whole traces)\n"), "{out}");
    assert!(!out.contains("lap 3 ends in ruma"), "{out}");
    // --full: both whole traces.
    let (code, out, err) = sowlab(&["diff", "tchuka_ruma", b, "--moves", "3 2 1", "--full"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.starts_with("the positions agree after 1 move; move 2 `2` differs\nA: tchuka_ruma\n"),
        "{out}"
    );
    let (a_part, b_part) = out.split_once("\nB: ").unwrap();
    assert!(
        a_part.contains("lap 1 ends in 4")
            && a_part.contains("lap 3 ends in ruma")
            && a_part.contains("\"pits\":[3,1,0,1],\"closed\":[],\"stores\":[3]"),
        "{out}"
    );
    assert!(
        b_part.contains("lap 1 ends in 4") && b_part.contains("lost") && !b_part.contains("lap 2"),
        "{out}"
    );
    let (code, out, _) = sowlab(&["diff", "tchuka_ruma", b, "--moves", "3 2", "--json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["first_difference"], 2);
    assert_eq!(v["first_event"], 4, "0-based: the fifth event");
    assert_eq!(v["b"]["state"]["over"], true);
    assert_eq!(v["a"]["state"]["over"], false);
    // Same rules: no difference, exit 0.
    let (code, out, _) = sowlab(&["diff", "tchuka_ruma", "tchuka_ruma", "--moves", "3 1"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("no difference"), "{out}");
    // Different options: the start positions differ.
    let (code, out, _) = sowlab(&["diff", "tchuka_ruma", "tchuka_ruma", "--set-b", "seeds=3"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("the start positions differ"), "{out}");
    // A move refused by one side only: B allows only hole 1.
    let only1 = d.join("only_hole_1.rhai");
    let src = std::fs::read_to_string(rules_dir().join("tchuka_ruma.rhai")).unwrap();
    std::fs::write(&only1, format!("{src}\nfn moves() {{ [0] }}\n")).unwrap();
    let (code, out, _) = sowlab(&[
        "diff",
        "tchuka_ruma",
        only1.to_str().unwrap(),
        "--moves",
        "3",
    ]);
    assert_eq!(code, 1);
    assert!(
        out.contains("move 1 `3` differs") && out.contains("refused: illegal move `3`"),
        "{out}"
    );
}

#[test]
fn check_scripts_can_simulate() {
    let mut e = rhai::Engine::new();
    experiment::register_sim_api(&mut e, &rules_dir());
    let coin = fixture("coin");
    let script = format!(
        "let r = simulate(\"{coin}\", #{{ games: 200, seed: 6, agents: [\"random\"], options: #{{ sides: 4 }} }});\n\
         [r.games, r.players[0].wins.count, r.players[0].draws.count, r.capped, r.options.sides]"
    );
    let v: rhai::Array = e.eval(&script).unwrap_or_else(|err| panic!("{err}"));
    let v: Vec<i64> = v.into_iter().map(|x| x.as_int().unwrap()).collect();
    let (w, d, _) = coin_expected(6, 200, 4);
    assert_eq!(v, vec![200, w as i64, d as i64, 0, 4]);
    let rate: f64 = e
        .eval("simulate(\"tchuka_ruma\", #{ games: 20, agents: \"alphabeta:4\" }).players[0].wins.rate")
        .unwrap();
    assert_eq!(rate, 1.0);
    let err = e
        .eval::<rhai::Dynamic>("simulate(\"tchuka_ruma\", #{ gmaes: 2 })")
        .unwrap_err()
        .to_string();
    assert!(err.contains("unknown key `gmaes`"), "{err}");
    let err = e
        .eval::<rhai::Dynamic>("simulate(\"tchuka_ruma\", #{ options: #{ holes: 99 } })")
        .unwrap_err()
        .to_string();
    assert!(err.contains("holes"), "{err}");
}

#[test]
fn rotating_agents_play_every_seat() {
    // In the coin game only player 1 moves. With greedy,random rotated, greedy is player 1 in the
    // even games (and wins them); in the odd games random is player 1 and draws as usual.
    let rule = Rule::load(&fixture("coin"), &rules_dir()).unwrap();
    let opts = rule.resolve_options(&["sides=3"]).unwrap();
    let mut c = cfg(101, "greedy,random", 12, 2);
    c.rotate = true;
    let rep = experiment::simulate(&rule, &opts, &c).unwrap();
    let (mut rw, mut rd, mut rl) = (0, 0, 0);
    for i in (1..101).step_by(2) {
        match Rng::new(game_seed(12, i)).below(3) {
            0 => rw += 1,
            1 => rd += 1,
            _ => rl += 1,
        }
    }
    let by = rep.by_agent.as_ref().expect("per-agent results");
    assert_eq!(
        (by[0].agent.as_str(), by[1].agent.as_str()),
        ("greedy", "random")
    );
    // greedy: 51 wins as player 1; as player 2 it faces random's outcomes.
    assert_eq!(by[0].wins.count, 51 + rl);
    assert_eq!(by[0].draws.count, rd);
    assert_eq!(by[0].losses.count, rw);
    assert_eq!(by[1].wins.count, rw);
    assert_eq!(by[1].losses.count, 51 + rl);
    assert_eq!(rep.players[0].wins.count, 51 + rw);
    assert_eq!(rep.players[0].agent, "rotating");
    // The same seats without rotation: greedy always player 1.
    c.rotate = false;
    let fixed = experiment::simulate(&rule, &opts, &c).unwrap();
    assert_eq!(fixed.players[0].wins.count, 101);
    assert!(fixed.by_agent.is_none());
    let text = rep.text();
    assert!(text.contains("agents rotated through the seats:"), "{text}");
}

#[test]
fn the_real_games_simulate_reproducibly() {
    for (args, players) in [
        (vec!["raja_pasu", "--games", "12"], 2),
        (
            vec![
                "ruma",
                "--set",
                "players=3",
                "--games",
                "12",
                "--agents",
                "greedy,random,random",
            ],
            3,
        ),
    ] {
        let run = |jobs: &str| {
            let mut a = vec!["simulate"];
            a.extend(&args);
            a.extend(["--seed", "3", "--json", "--jobs", jobs]);
            let (code, out, err) = sowlab(&a);
            assert_eq!(code, 0, "{args:?}: {err}");
            without_timing(serde_json::from_str(&out).unwrap())
        };
        let one = run("1");
        assert_eq!(one, run("2"), "{args:?}");
        assert_eq!(one["players"].as_array().unwrap().len(), players);
        assert_eq!(one["capped"], 0, "{args:?}: the rules end their games");
        let outcomes: u64 = one["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["wins"]["count"].as_u64().unwrap())
            .sum::<u64>()
            + one["players"][0]["draws"]["count"].as_u64().unwrap();
        assert_eq!(outcomes, 12, "{args:?}: one winner or a draw per game");
    }
}

#[test]
fn searching_agents_use_the_rule_evaluation() {
    let with = Rule::load(&fixture("taste"), &rules_dir()).unwrap();
    let opts = with.resolve_options::<&str>(&[]).unwrap();
    let rep = experiment::simulate(&with, &opts, &cfg(30, "greedy,random", 2, 2)).unwrap();
    assert_eq!(rep.players[0].wins.count, 30, "evaluate() picks hole 3");
    // The same game without `evaluate`: the default (material) sees three equal moves.
    let d = tmpdir();
    let src = std::fs::read_to_string(fixture("taste")).unwrap();
    let cut = src.find("// Pit 2 is hole S3.").unwrap();
    let f = d.join("taste_plain.rhai");
    std::fs::write(&f, &src[..cut]).unwrap();
    let without = Rule::load(f.to_str().unwrap(), &*d).unwrap();
    assert!(!without.has_evaluate);
    let rep = experiment::simulate(&without, &opts, &cfg(30, "greedy,random", 2, 2)).unwrap();
    let w = rep.players[0].wins.count;
    assert!(w > 0 && w < 30, "ties are broken at random: {w}");
    assert_eq!(w + rep.players[0].draws.count, 30);
}

#[test]
fn diff_takes_the_moves_of_a_saved_game() {
    let d = tmpdir();
    let b = tchuka_without_relay(&d);
    let save = d.join("game.yaml");
    // Save 3 4 3 from the REPL (piped), then diff it against the relay-less copy.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sowlab"))
        .args([
            "--rules",
            rules_dir().to_str().unwrap(),
            "play",
            "tchuka_ruma",
        ])
        .env("XDG_DATA_HOME", rules_dir().join("no-user-data"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    use std::io::Write as _;
    let cmds = format!("3\n4\n3\nsave {}\n", save.display());
    child
        .stdin
        .take()
        .unwrap()
        .write_all(cmds.as_bytes())
        .unwrap();
    assert!(child.wait().unwrap().success());
    let s = save.to_str().unwrap();
    // Move 2 (`4`, 3 seeds: ruma, 1, 2) ends in the occupied hole 2: A relays, B stops there.
    let (code, out, err) = sowlab(&["diff", "tchuka_ruma", b.to_str().unwrap(), "--save", s]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.starts_with("the positions agree after 1 move; move 2 `4` differs"),
        "{out}"
    );
    let (code, out, _) = sowlab(&["diff", "tchuka_ruma", "tchuka_ruma", "--save", s]);
    assert_eq!(code, 0);
    assert!(out.contains("agree after each of the 3 moves"), "{out}");
    let (code, _, err) = sowlab(&["diff", "tchuka_ruma", "tchuka_ruma", "--save", s, "-m", "3"]);
    assert_eq!(code, 2, "{err}");
}
