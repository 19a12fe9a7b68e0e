//! Run records, shards and merge: the parts of a run (`--shard K/N`, `--range A..B`) of simulate,
//! compare and sweep merge into exactly the whole run's report (timings aside), for odd numbers of
//! shards and with empty shards; merge refuses parts of other runs, overlapping and missing parts;
//! `--games-out` writes every game, replayable.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod common;
use common::scratch;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use serde_json::Value;
use sowlab::experiment::{self, compare_reports, GameRecord, GameSink, PartSpec, SimConfig};
use sowlab::search::agent::Agent;
use sowlab::Game;
use sowlab::Rule;

fn rules_dir() -> PathBuf {
    common::rules_dir()
}

fn fixture(name: &str) -> String {
    common::tests_dir()
        .join("fixtures")
        .join(format!("{name}.rhai"))
        .display()
        .to_string()
}

fn load(spec: &str) -> Rule {
    Rule::load(spec, &rules_dir()).unwrap_or_else(|e| panic!("{e}"))
}

fn cfg(games: u64, agents: &str, seed: u64, rotate: bool) -> SimConfig {
    SimConfig {
        games,
        agents: Agent::parse_list(agents).unwrap(),
        seed,
        jobs: 2,
        rotate,
        ..SimConfig::default()
    }
}

/// A report's JSON without the timing fields, at any depth.
fn untimed(mut v: Value) -> Value {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(o) => {
                o.remove("elapsed_secs");
                o.remove("moves_per_sec");
                o.values_mut().for_each(strip);
            }
            Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    strip(&mut v);
    v
}

fn named(parts: Vec<Value>) -> Vec<(String, Value)> {
    parts
        .into_iter()
        .enumerate()
        .map(|(i, v)| (format!("part{}", i + 1), v))
        .collect()
}

fn merged(parts: Vec<Value>) -> Value {
    let m = experiment::merge(&named(parts), true).unwrap_or_else(|e| panic!("{e}"));
    m.json()
}

fn shard(c: &SimConfig, k: u64, n: u64) -> SimConfig {
    SimConfig {
        part: Some(PartSpec::Shard(k, n)),
        ..c.clone()
    }
}

#[test]
fn simulate_shards_merge_to_the_whole_run() {
    for (rule, sets, agents, rotate) in [
        ("kalah", vec![], "random", false),
        ("ruma_3p", vec![], "greedy,random,random", true),
        ("raja_pasu", vec![], "random", false),
        (fixture("coin").as_str(), vec!["sides=5"], "random", false),
    ]
    .map(|(r, s, a, rot)| (r.to_string(), s, a, rot))
    {
        let rule = load(&rule);
        let opts = rule.resolve_options(&sets).unwrap();
        let c = cfg(11, agents, 9, rotate);
        let whole = experiment::simulate(&rule, &opts, &c).unwrap();
        assert!(whole.record.whole() && whole.record.shard.is_none());
        let whole = untimed(serde_json::to_value(&whole).unwrap());
        // 3 and 5 shards; 13 shards of 11 games leave two empty.
        for n in [3u64, 5, 13] {
            let parts: Vec<Value> = (1..=n)
                .map(|k| {
                    let r = experiment::simulate(&rule, &opts, &shard(&c, k, n)).unwrap();
                    assert_eq!(r.record.shard, Some([k, n]));
                    serde_json::to_value(&r).unwrap()
                })
                .collect();
            if n == 13 {
                assert!(parts.iter().any(|p| p["games"] == 0), "an empty shard");
            }
            // In any order.
            let mut rev = parts.clone();
            rev.reverse();
            assert_eq!(untimed(merged(parts)), whole, "{} in {n} shards", rule.name);
            assert_eq!(untimed(merged(rev)), whole);
        }
    }
}

#[test]
fn partial_merges_merge_again() {
    let rule = load("tchuka_ruma");
    let opts = rule.resolve_options(&["seeds=3"]).unwrap();
    let c = cfg(20, "random", 1, false);
    let whole =
        untimed(serde_json::to_value(experiment::simulate(&rule, &opts, &c).unwrap()).unwrap());
    let part = |spec| {
        let c = SimConfig {
            part: Some(spec),
            ..c.clone()
        };
        serde_json::to_value(experiment::simulate(&rule, &opts, &c).unwrap()).unwrap()
    };
    let left = experiment::merge(
        &named(vec![
            part(PartSpec::Range(0, 4)),
            part(PartSpec::Range(4, 9)),
        ]),
        false,
    )
    .unwrap();
    assert_eq!((left.record().start, left.record().end), (0, 9));
    assert_eq!(
        untimed(merged(vec![left.json(), part(PartSpec::Range(9, 20))])),
        whole
    );
    // Without `partial`, a range alone is refused.
    let e = experiment::merge(&named(vec![left.json()]), true).unwrap_err();
    assert!(
        e.to_string().contains("games 9..20 of the run are missing"),
        "{e}"
    );
}

#[test]
fn compare_shards_merge_to_the_whole_run() {
    let a = load("raja_pasu");
    let b = load("raja_pasu_last_seed_no_four");
    let (oa, ob) = (
        a.resolve_options::<&str>(&[]).unwrap(),
        b.resolve_options::<&str>(&[]).unwrap(),
    );
    let run = |c: &SimConfig| {
        let ra = experiment::simulate(&a, &oa, c).unwrap();
        let rb = experiment::simulate(&b, &ob, c).unwrap();
        serde_json::to_value(compare_reports(ra, rb, 0.05)).unwrap()
    };
    let c = cfg(9, "random", 3, false);
    let whole = untimed(run(&c));
    assert_eq!(whole["record"]["command"], "compare");
    for n in [3u64, 11] {
        let parts: Vec<Value> = (1..=n).map(|k| run(&shard(&c, k, n))).collect();
        assert_eq!(untimed(merged(parts)), whole, "{n} shards");
    }
}

#[test]
fn sweep_shards_merge_to_the_whole_run() {
    let rule = load(&fixture("coin"));
    let vary = vec![experiment::parse_vary("sides=2,3,6").unwrap()];
    let run = |c: &SimConfig| {
        serde_json::to_value(experiment::sweep(&rule, &[], &vary, c).unwrap()).unwrap()
    };
    let c = cfg(7, "random", 5, false);
    let whole = run(&c);
    assert_eq!(whole["record"]["size"], 21, "3 points x 7 games");
    let whole = untimed(whole);
    // 5 shards cut points in the middle; 25 leave some empty.
    for n in [5u64, 25] {
        let parts: Vec<Value> = (1..=n).map(|k| run(&shard(&c, k, n))).collect();
        assert_eq!(untimed(merged(parts)), whole, "{n} shards");
    }
    // A real rule with two varied options.
    let rule = load("tchuka_ruma");
    let vary = vec![
        experiment::parse_vary("holes=2,3").unwrap(),
        experiment::parse_vary("seeds=1,2,3").unwrap(),
    ];
    let run = |c: &SimConfig| {
        serde_json::to_value(experiment::sweep(&rule, &[], &vary, c).unwrap()).unwrap()
    };
    let c = cfg(5, "random", 2, false);
    let whole = untimed(run(&c));
    let parts: Vec<Value> = (1..=7).map(|k| run(&shard(&c, k, 7))).collect();
    assert_eq!(untimed(merged(parts)), whole);
}

#[test]
fn merge_refuses_parts_that_do_not_make_one_run() {
    let rule = load("kalah");
    let opts = rule.resolve_options::<&str>(&[]).unwrap();
    let c = cfg(6, "random", 1, false);
    let part = |c: &SimConfig, k, n| {
        serde_json::to_value(experiment::simulate(&rule, &opts, &shard(c, k, n)).unwrap()).unwrap()
    };
    let err = |parts: Vec<Value>| {
        experiment::merge(&named(parts), true)
            .unwrap_err()
            .to_string()
    };
    let (p1, p2, p3) = (part(&c, 1, 3), part(&c, 2, 3), part(&c, 3, 3));
    // Another seed, other agents, another size, other options.
    let other_seed = part(&cfg(6, "random", 2, false), 2, 3);
    let e = err(vec![p1.clone(), other_seed, p3.clone()]);
    assert_eq!(
        e,
        "part2 is not a part of the same run as part1: seed is 2 there, 1 in part1"
    );
    let e = err(vec![
        p1.clone(),
        part(&cfg(6, "greedy", 1, false), 2, 3),
        p3.clone(),
    ]);
    assert!(e.contains("agents is [\"greedy\",\"greedy\"] there"), "{e}");
    let e = err(vec![
        p1.clone(),
        part(&cfg(7, "random", 1, false), 2, 3),
        p3.clone(),
    ]);
    assert!(e.contains("record.size is 7 there, 6 in part1"), "{e}");
    let holes5 = rule.resolve_options(&["holes=5"]).unwrap();
    let h5 = serde_json::to_value(experiment::simulate(&rule, &holes5, &shard(&c, 2, 3)).unwrap())
        .unwrap();
    assert!(err(vec![p1.clone(), h5, p3.clone()]).contains("options is"));
    // Missing and overlapping parts.
    let e = err(vec![p1.clone(), p3.clone()]);
    assert_eq!(
        e,
        "games 2..4 of the run are missing (between part1 and part2)"
    );
    let e = err(vec![p2.clone(), p3.clone()]);
    assert!(e.contains("games 0..2 of the run are missing"), "{e}");
    let e = err(vec![p1.clone(), p2.clone()]);
    assert!(e.contains("games 4..6 of the run are missing"), "{e}");
    let e = err(vec![p1.clone(), p2.clone(), p2.clone(), p3.clone()]);
    assert!(
        e.contains("part2 and part3 overlap: games 2..4 and 2..4"),
        "{e}"
    );
    let half = part(&c, 1, 2); // games 0..3
    let e = err(vec![half, p2.clone(), p3.clone()]);
    assert!(e.contains("overlap: games 0..3 and 2..4"), "{e}");
    // The same rule name with other content.
    let d = scratch("shards");
    let src = std::fs::read_to_string(rules_dir().join("kalah.rhai")).unwrap();
    std::fs::write(d.join("kalah.rhai"), format!("{src}\n// edited\n")).unwrap();
    let edited = Rule::load("kalah", &*d).unwrap();
    assert_ne!(edited.content_hash, rule.content_hash);
    let ep = serde_json::to_value(experiment::simulate(&edited, &opts, &shard(&c, 2, 3)).unwrap())
        .unwrap();
    assert!(err(vec![p1.clone(), ep, p3.clone()]).contains("rule_hash is"));
    // Other commands, other builds, no record, nothing.
    let mut other_build = p2.clone();
    other_build["record"]["commit"] = "0000".into();
    assert!(err(vec![p1.clone(), other_build, p3.clone()]).contains("record.commit is \"0000\""));
    let mut cut = p2.clone();
    cut["interrupted"] = 2.into();
    assert!(err(vec![p1.clone(), cut, p3.clone()])
        .starts_with("part2 was interrupted (Ctrl-C) before all its games finished"));
    let mut old = p2.clone();
    old["record"]["format"] = 99.into();
    assert_eq!(
        err(vec![p1.clone(), old]),
        "part2: report format 99; this sowlab merges format 1"
    );
    assert!(err(vec![serde_json::json!({"rule": "kalah"})]).contains("not a sowlab JSON report"));
    assert!(experiment::merge(&[], true).is_err());
}

/// Collects the games a run sends.
#[derive(Default)]
struct Collect(Mutex<Vec<GameRecord>>, AtomicUsize);

impl GameSink for Collect {
    fn game(&self, g: GameRecord) -> sowlab::Result<()> {
        self.0.lock().unwrap().push(g);
        Ok(())
    }
    fn finish(&self) -> sowlab::Result<()> {
        self.1.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
}

#[test]
fn every_game_is_recorded_and_replays_to_its_result() {
    let rule = Arc::new(load("kalah"));
    let opts = rule.resolve_options(&["holes=4", "seeds=3"]).unwrap();
    let sink = Arc::new(Collect::default());
    let c = SimConfig {
        games_out: Some(sink.clone()),
        part: Some(PartSpec::Range(3, 15)),
        ..cfg(20, "greedy,random", 4, true)
    };
    let rep = experiment::simulate(&rule, &opts, &c).unwrap();
    assert_eq!(sink.1.load(Ordering::SeqCst), 1, "finish is called once");
    let mut games = sink.0.lock().unwrap().clone();
    games.sort_by_key(|g| g.index);
    assert_eq!(
        games.iter().map(|g| g.index).collect::<Vec<_>>(),
        (3..15).collect::<Vec<_>>()
    );
    let mut wins = [0u64; 2];
    for g in &games {
        assert_eq!(g.seed, sowlab::game_seed(4, g.index));
        // Rotation: odd games seat the list's second agent first.
        let first = if g.index % 2 == 0 { "greedy" } else { "random" };
        assert_eq!(g.agents[0], first);
        let mut game = Game::new(rule.clone(), opts.clone()).unwrap();
        let moves: Vec<&str> = g.moves.iter().map(String::as_str).collect();
        game.play_all(&moves).unwrap();
        let st = game.state();
        assert_eq!(g.length, moves.len() as u64);
        assert!(st.over && !g.capped);
        assert_eq!(st.winner, g.winner);
        assert_eq!(st.stores, g.captures, "kalah: material is the store");
        if let Some(w) = g.winner {
            wins[w - 1] += 1;
        }
    }
    assert_eq!(wins, [rep.players[0].wins.count, rep.players[1].wins.count]);
}

fn sowlab(args: &[&str]) -> (i32, String, String) {
    let out = common::sowlab(args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn the_commands_shard_and_merge() {
    let d = scratch("shards-cli");
    let file = |n: &str| d.join(n).display().to_string();
    for (cmd, args) in [
        (
            "simulate",
            vec!["simulate", "oware", "--games", "7", "--seed", "3"],
        ),
        (
            "compare",
            vec![
                "compare", "kalah", "kalah", "--set-b", "seeds=3", "--games", "5",
            ],
        ),
        (
            "sweep",
            vec![
                "sweep",
                "kalah",
                "--vary",
                "holes=3,4",
                "--games",
                "4",
                "--agents",
                "greedy,random",
            ],
        ),
    ] {
        let (code, whole, err) = sowlab(&[&args[..], &["--json"]].concat());
        assert_eq!(code, 0, "{err}");
        let whole: Value = serde_json::from_str(&whole).unwrap();
        assert_eq!(whole["record"]["command"], cmd);
        assert_eq!(whole["record"]["format"], 1);
        assert!(whole["record"]["sowlab"].is_string() && whole["record"]["commit"].is_string());
        // Shards print JSON without being asked (merge reads it).
        let mut names = Vec::new();
        for k in 1..=3 {
            let (code, out, err) = sowlab(&[&args[..], &["--shard", &format!("{k}/3")]].concat());
            assert_eq!(code, 0, "{err}");
            let n = file(&format!("{cmd}{k}.json"));
            std::fs::write(&n, out).unwrap();
            names.push(n);
        }
        let mut margs = vec!["merge", "--json"];
        margs.extend(names.iter().map(String::as_str));
        let (code, out, err) = sowlab(&margs);
        assert_eq!(code, 0, "{err}");
        let m: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(untimed(m), untimed(whole), "{cmd}");
        // The text and CSV of the merge are the command's.
        let (_, text, _) = sowlab(
            &[
                &["merge"][..],
                &names.iter().map(String::as_str).collect::<Vec<_>>(),
            ]
            .concat(),
        );
        let (_, own_text, _) = sowlab(&args);
        let first_line = |s: &str| s.lines().next().unwrap_or("").to_string();
        assert_eq!(first_line(&text), first_line(&own_text), "{cmd}");
        let (_, csv, _) = sowlab(
            &[
                &["merge", "--csv"][..],
                &names.iter().map(String::as_str).collect::<Vec<_>>(),
            ]
            .concat(),
        );
        let (_, own_csv, _) = sowlab(&[&args[..], &["--csv"]].concat());
        let drop_speed = |s: &str| -> Vec<String> {
            // moves_per_sec is a timing column.
            let head: Vec<&str> = s.lines().next().unwrap().split(',').collect();
            let i = head.iter().position(|h| *h == "moves_per_sec");
            s.lines()
                .map(|l| {
                    let mut f: Vec<&str> = l.split(',').collect();
                    if let Some(i) = i {
                        f.remove(i);
                    }
                    f.join(",")
                })
                .collect()
        };
        assert_eq!(drop_speed(&csv), drop_speed(&own_csv), "{cmd}");
    }
    // A range, --games-out, and one clear line for bad input.
    let g = file("games.jsonl");
    let (code, out, err) = sowlab(&[
        "simulate",
        "kalah",
        "--games",
        "10",
        "--range",
        "2..5",
        "--games-out",
        &g,
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["record"]["start"].as_u64(), v["record"]["end"].as_u64()),
        (Some(2), Some(5))
    );
    let lines: Vec<Value> = std::fs::read_to_string(&g)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines
            .iter()
            .map(|l| l["index"].as_u64().unwrap())
            .collect::<Vec<_>>(),
        [2, 3, 4]
    );
    for k in [
        "index", "seed", "agents", "moves", "winner", "length", "captures",
    ] {
        assert!(lines[0].get(k).is_some(), "{k}: {}", lines[0]);
    }
    for (args, want) in [
        (
            vec!["simulate", "kalah", "--shard", "4/3"],
            "bad --shard `4/3`",
        ),
        (
            vec!["simulate", "kalah", "--range", "5..200"],
            "--range 5..200 ends past the run's 100 games",
        ),
        (
            vec!["merge", "/nonexistent/part.json"],
            "cannot read /nonexistent/part.json",
        ),
    ] {
        let (code, _, err) = sowlab(&args);
        assert_eq!(code, 1, "{args:?}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(want), "{err}");
    }
}
