//! The figures of BENCHMARKS.md in one run: moves/s and positions/s, scripted and native, their
//! ratios, memory (a counting allocator), and the interactive costs. Single-threaded. Each timing
//! is the best of a few repetitions (the machine is shared; the best is the least disturbed).
//!
//! `cargo bench --bench figures` (add `-- quick` for fewer repetitions).

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/mod.rs"]
mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{native, Rng};
use sowlab::render::{self, Style};
use sowlab::Game;
use sowlab::{board, Rule};

/// Counts live heap bytes and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(l) };
        if !p.is_null() {
            let now = LIVE.fetch_add(l.size(), Ordering::Relaxed) + l.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) };
        LIVE.fetch_sub(l.size(), Ordering::Relaxed);
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn live() -> usize {
    LIVE.load(Ordering::Relaxed)
}

/// Resets the peak to the current live bytes.
fn reset_peak() {
    PEAK.store(live(), Ordering::Relaxed);
}

fn peak() -> usize {
    PEAK.load(Ordering::Relaxed)
}

/// Best wall time of `reps` runs of `f`.
fn best<T>(reps: usize, mut f: impl FnMut() -> T) -> Duration {
    (0..reps)
        .map(|_| {
            let t = Instant::now();
            black_box(f());
            t.elapsed()
        })
        .min()
        .expect("at least one run")
}

fn rate(n: u64, d: Duration) -> String {
    let r = n as f64 / d.as_secs_f64();
    if r >= 1e6 {
        format!("{:.2} M/s", r / 1e6)
    } else {
        format!("{:.0} k/s", r / 1e3)
    }
}

fn row(what: &str, n: u64, unit: &str, scripted: Duration, native: Option<Duration>) {
    let ratio = native.map_or("-".to_string(), |nd| {
        format!("{:.1}x", scripted.as_secs_f64() / nd.as_secs_f64())
    });
    println!(
        "| {what} | {n} {unit} | {:.3} s | {} | {} | {} | {ratio} |",
        scripted.as_secs_f64(),
        rate(n, scripted),
        native.map_or("-".into(), |d| format!("{:.4} s", d.as_secs_f64())),
        native.map_or("-".into(), |d| rate(n, d)),
    );
}

/// Times `Rule::apply` of tiny rule scripts (8 holes of 8 seeds, no relay) whose `play(pit)` bodies
/// differ, to show the fixed cost of a script call and the cost of one primitive call.
fn cost_model() {
    cost_model_only(None);
}

/// The cost model, or only its body number `only` (for callgrind: `profile-cost-N`).
fn cost_model_only(only: Option<usize>) {
    // (removed with its files when `tmp` is dropped)
    let tmp = tempfile::Builder::new()
        .prefix("sowlab-cost-model-")
        .tempdir()
        .expect("temp dir");
    let dir = tmp.path().to_path_buf();
    std::fs::create_dir_all(&dir).expect("temp dir");
    let getters = "let a = this.to_move; ".repeat(10);
    let bodies = [
        ("empty body (the call itself)", String::new()),
        ("this.sow(pit)", "this.sow(pit);".to_string()),
        (
            "this.sow(pit) + 10 getters",
            format!("this.sow(pit); {getters}"),
        ),
        (
            "this.sow(pit) + 10 x this.count(pit)",
            format!("this.sow(pit); {}", "let a = this.count(pit); ".repeat(10)),
        ),
        (
            "this.sow(pit) + this.helper() (a script fn returning this.to_move)",
            "this.sow(pit); this.helper();".to_string(),
        ),
    ];
    let mut base = None;
    for (i, (what, body)) in bodies.iter().enumerate() {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        let file = dir.join(format!("cost{i}.rhai"));
        std::fs::write(
            &file,
            format!(
                "fn setup() {{ this.players = 1; this.add_row(\"\", 1, 8, 8); this.add_store(\"s\", 1); }}\n\
                 fn helper() {{ this.to_move }}\n\
                 fn play(pit) {{ {body} }}\n"
            ),
        )
        .expect("write");
        let rule = common::load_path(&file);
        let start = common::start(&rule, &[]);
        let n = if only.is_some() { 2_000u32 } else { 20_000 };
        let d = best(5, || {
            for k in 0..n {
                let mut b = start.clone();
                rule.apply(&mut b, (k % 8) as usize).expect("applies");
            }
        });
        let clone = best(5, || {
            for _ in 0..n {
                drop(black_box(start.clone()));
            }
        });
        let per = (d.saturating_sub(clone)).as_secs_f64() * 1e9 / n as f64;
        let extra = base.map_or(String::new(), |b: f64| format!(" (+{:.0} ns)", per - b));
        if base.is_none() {
            base = Some(per);
        }
        println!("cost model: Rule::apply, play(pit) = {what}: {per:.0} ns{extra}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// How many times a `profile-*` workload repeats: `reps=N` on the command line (default 1). Two
/// runs with different N give the instructions of the workload alone (the difference), without
/// the process start and the rule compilation.
fn profile_reps() -> u64 {
    std::env::args()
        .find_map(|a| a.strip_prefix("reps=").and_then(|n| n.parse().ok()))
        .unwrap_or(1)
}

/// `profile-raja` / `profile-kalah` / `profile-oware` / `profile-tchuka` / `profile-solve` / `profile-explore` / `profile-tt` /
/// `profile-cost-N`, and the native baselines `profile-native-raja` / `profile-native-solve`: run
/// one workload only (for callgrind), `reps=N` times. `profile-native-table`: the native solver
/// over the whole Tchuka Ruma table once (for CPU time against 64 `sowlab solve` runs).
fn profile(what: &str) {
    let reps = profile_reps();
    match what {
        "profile-native-raja" => {
            let o = native::RajaPasuOptions::default();
            let mut moves = 0;
            for _ in 0..reps {
                for r in 0..5u64 {
                    moves += black_box(native::raja_pasu_playout(&o, &mut Rng::new(r))).moves;
                }
            }
            println!("{moves} moves");
        }
        "profile-native-solve" => native_table(3, reps),
        // The whole table 1-8 x 1-8 natively, once (for CPU time against `sowlab solve`).
        "profile-native-table" => native_table(8, 1),
        "profile-explore" => {
            let tr = common::load("tchuka_ruma").expect("rules/tchuka_ruma.rhai");
            let (mut positions, mut moves) = (0, 0);
            for _ in 0..reps {
                for h in 1..=8 {
                    for s in 1..=3 {
                        let hs = format!("holes={h}");
                        let ss = format!("seeds={s}");
                        let d = common::start(&tr, &[&hs, &ss]);
                        let limits = sowlab::SearchLimits::default();
                        let c = sowlab::solve(&tr, &d, &limits, None).expect("solves");
                        positions += c.positions;
                        moves += c.stats.nodes;
                    }
                }
            }
            println!("{positions} positions, {moves} moves");
        }
        "profile-tt" => {
            // Peak resident memory of the scripted search of the largest cell, from the kernel.
            let hwm = || {
                std::fs::read_to_string("/proc/self/status")
                    .ok()
                    .and_then(|s| {
                        s.lines()
                            .find(|l| l.starts_with("VmHWM:"))
                            .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
                    })
                    .unwrap_or(0)
            };
            let tr = common::load("tchuka_ruma").expect("rules/tchuka_ruma.rhai");
            let start = common::start(&tr, &["holes=8", "seeds=6"]);
            let before = hwm();
            let c = common::scripted_solve(&tr, &start);
            let after = hwm();
            println!(
                "8x6: {} positions; peak RSS {} kB -> {} kB: {:.1} bytes/position",
                c.positions,
                before,
                after,
                (after - before) as f64 * 1024.0 / c.positions as f64
            );
        }
        w if w.starts_with("profile-cost-") => {
            cost_model_only(w["profile-cost-".len()..].parse().ok());
        }
        "profile-raja" => {
            let rp = common::raja_pasu();
            let start = common::start(&rp, &[]);
            let moves: u64 = (0..reps * 5)
                .map(|r| common::scripted_playout(&rp, &start, &mut Rng::new(r % 5)).moves)
                .sum();
            println!("{moves} moves");
        }
        "profile-ruma" => {
            let ru = common::load("ruma").expect("rules/ruma.rhai");
            let start = common::start(&ru, &["players=4"]);
            let moves: u64 = (0..reps * 5)
                .map(|r| common::scripted_playout(&ru, &start, &mut Rng::new(r % 5)).moves)
                .sum();
            println!("{moves} moves");
        }
        w @ ("profile-kalah" | "profile-oware") => {
            // Random playouts of a two-player declared rule (100 games, seeds 0..100).
            let name = &w["profile-".len()..];
            let rule = common::load(name).unwrap_or_else(|| panic!("rules/{name}.rhai"));
            let start = common::start(&rule, &[]);
            let moves: u64 = (0..reps * 100)
                .map(|r| common::scripted_playout(&rule, &start, &mut Rng::new(r % 100)).moves)
                .sum();
            println!("{moves} moves");
        }
        "profile-tchuka" => {
            let tr = common::load("tchuka_ruma").expect("rules/tchuka_ruma.rhai");
            let start = common::start(&tr, &["holes=8", "seeds=8"]);
            let moves: u64 = (0..reps * 2000)
                .map(|r| common::scripted_playout(&tr, &start, &mut Rng::new(r % 2000)).moves)
                .sum();
            println!("{moves} moves");
        }
        _ => {
            let tr = common::load("tchuka_ruma").expect("rules/tchuka_ruma.rhai");
            let (mut positions, mut moves) = (0, 0);
            for _ in 0..reps {
                for h in 1..=8 {
                    for s in 1..=3 {
                        let hs = format!("holes={h}");
                        let ss = format!("seeds={s}");
                        let c = common::scripted_solve(&tr, &common::start(&tr, &[&hs, &ss]));
                        positions += c.positions;
                        moves += c.moves;
                    }
                }
            }
            println!("{positions} positions, {moves} moves");
        }
    }
}

fn main() {
    if let Some(p) = std::env::args().find(|a| a.starts_with("profile-")) {
        profile(&p);
        return;
    }
    let quick = std::env::args().any(|a| a == "quick");
    let reps = if quick { 2 } else { 5 };
    println!("sowlab figures ({} repetitions, best kept)", reps);
    if let Ok(l) = std::fs::read_to_string("/proc/loadavg") {
        println!("load average at start: {}", l.trim());
    }
    println!();
    println!(
        "| workload | size | scripted | scripted rate | native | native rate | scripted / native |"
    );
    println!("|---|---|---|---|---|---|---|");

    // Raja Pasu random full matches.
    let rp = common::raja_pasu();
    let seeds = 0..20u64;
    let moves = common::check_raja_pasu(&rp, seeds.clone());
    let start = common::start(&rp, &[]);
    let o = native::RajaPasuOptions::default();
    let s = best(reps, || {
        for r in seeds.clone() {
            black_box(common::scripted_playout(&rp, &start, &mut Rng::new(r)));
        }
    });
    let n = best(reps * 4, || {
        for r in seeds.clone() {
            black_box(native::raja_pasu_playout(&o, &mut Rng::new(r)));
        }
    });
    row(
        "Raja Pasu, 20 random full matches",
        moves,
        "moves",
        s,
        Some(n),
    );

    // Tchuka Ruma random playouts.
    let tr = common::load("tchuka_ruma").expect("rules/tchuka_ruma.rhai");
    let games = 0..2000u64;
    let moves = common::check_tchuka_playouts(&tr, 8, 8, games.clone());
    let start = common::start(&tr, &["holes=8", "seeds=8"]);
    let s = best(reps, || {
        for r in games.clone() {
            black_box(common::scripted_playout(&tr, &start, &mut Rng::new(r)));
        }
    });
    let n = best(reps * 4, || {
        for r in games.clone() {
            black_box(native::tchuka_playout(8, 8, &mut Rng::new(r)));
        }
    });
    row(
        "Tchuka Ruma 8x8, 2000 random games",
        moves,
        "moves",
        s,
        Some(n),
    );

    // Ruma, 4 players.
    match common::load("ruma") {
        Some(ru) => {
            let start = common::start(&ru, &["players=4"]);
            let games = 0..20u64;
            let moves: u64 = games
                .clone()
                .map(|r| common::scripted_playout(&ru, &start, &mut Rng::new(r)).moves)
                .sum();
            let s = best(reps, || {
                for r in games.clone() {
                    black_box(common::scripted_playout(&ru, &start, &mut Rng::new(r)));
                }
            });
            row("Ruma 4 players, 20 random games", moves, "moves", s, None);
        }
        None => {
            println!("| Ruma 4 players | rules/ruma.rhai not in this tree | - | - | - | - | - |")
        }
    }

    // Tchuka Ruma table.
    let cells = common::check_tchuka_table(&tr, 1..=8, 1..=8);
    let positions: u64 = cells.iter().map(|(_, c)| c.positions).sum();
    let tried: u64 = cells.iter().map(|(_, c)| c.moves).sum();
    let starts: Vec<((usize, u8), rhai::Dynamic)> = cells
        .iter()
        .map(|&((h, s), _)| {
            let hs = format!("holes={h}");
            let ss = format!("seeds={s}");
            ((h, s), common::start(&tr, &[&hs, &ss]))
        })
        .collect();
    let s = best(reps.min(3), || {
        for (_, d) in &starts {
            black_box(common::scripted_solve(&tr, d));
        }
    });
    let n = best(reps, || {
        for &((h, s), _) in &starts {
            black_box(native::tchuka_solve(h, s));
        }
    });
    row(
        &format!("Tchuka Ruma table 1-8 x 1-8, benches' DFS ({tried} moves tried)"),
        positions,
        "positions",
        s,
        Some(n),
    );
    let (sp, _, solve_bytes) = common::check_solve_table(&tr, &starts);
    let limits = sowlab::SearchLimits::default();
    let e = best(reps.min(3), || {
        for (_, d) in &starts {
            black_box(sowlab::solve(&tr, d, &limits, None).expect("solves"));
        }
    });
    row(
        "Tchuka Ruma table 1-8 x 1-8, `solve::explore` (BFS)",
        sp,
        "positions",
        e,
        Some(n),
    );
    println!();
    let solvable: Vec<String> = cells
        .iter()
        .filter(|(_, c)| c.solvable)
        .map(|((h, s), _)| format!("{h}x{s}"))
        .collect();
    println!("solvable starts (holes x seeds): {}", solvable.join(" "));

    // Memory: solver bytes per position (largest cell), playouts flat.
    let (big, bigc) = cells
        .iter()
        .max_by_key(|(_, c)| c.positions)
        .map(|&(k, c)| (k, c))
        .expect("cells");
    let d = &starts.iter().find(|(k, _)| *k == big).expect("start").1;
    let base = live();
    reset_peak();
    black_box(common::scripted_solve(&tr, d));
    let per = (peak() - base) as f64 / bigc.positions as f64;
    println!(
        "solver memory, scripted search of {}x{} ({} positions): peak {:.1} MB over the start, {:.1} bytes/position (visited set + stack)",
        big.0,
        big.1,
        bigc.positions,
        (peak() - base) as f64 / 1e6,
        per
    );
    println!(
        "solver memory, `solve::explore` (its own table_bytes, cells over 100k positions): at most {solve_bytes:.1} bytes/position"
    );
    let start = common::start(&rp, &[]);
    let base = live();
    reset_peak();
    let mut after = Vec::new();
    for r in 0..400u64 {
        black_box(common::scripted_playout(&rp, &start, &mut Rng::new(r)));
        if r == 9 || r == 99 || r == 399 {
            after.push(live() as i64 - base as i64);
        }
    }
    println!(
        "simulate memory: live bytes after 10 / 100 / 400 Raja Pasu matches: {:?} (peak {} bytes over the start)",
        after,
        peak() - base
    );
    println!();

    // The cost model of a scripted move: one `Rule::apply` with bodies of growing size.
    cost_model();
    println!();

    // Interactive costs.
    let dir = common::rules_dir();
    for name in sowlab::rule_names(&dir) {
        let d = best(20, || Rule::load(&name, &dir).expect("loads"));
        println!("Rule::load({name}): {:.2} ms", d.as_secs_f64() * 1e3);
    }
    for (rule, label) in [(Arc::new(tr), "3"), (Arc::new(rp), "1")] {
        let opts = rule.resolve_options::<&str>(&[]).expect("options");
        let game = Game::new(rule.clone(), opts.clone()).expect("starts");
        let d = best(200, || {
            let mut g = Game {
                rule: game.rule.clone(),
                options: game.options.clone(),
                start: game.start.clone(),
                history: Vec::new(),
                undone: Vec::new(),
                tracing: true,
            };
            g.play(label).expect("legal");
            let pic = render::picture(&board(g.current()), Style::default());
            pic
        });
        println!(
            "Game::play(\"{label}\") traced + render::picture ({}): {:.1} µs",
            rule.name,
            d.as_secs_f64() * 1e6
        );
    }
    // One REPL command round trip: `repl::handle` of a move line (play, trace, picture written to
    // a buffer); the `undo` after each is not timed.
    for (spec, mv) in [("tchuka_ruma", "3"), ("raja_pasu", "1"), ("ruma_4p", "1")] {
        let mut s = sowlab::repl::Session::new(&dir, spec, &[], None).expect("session");
        let mut out = Vec::new();
        let mut fastest = Duration::MAX;
        for _ in 0..200 {
            out.clear();
            let t = Instant::now();
            let o = sowlab::repl::handle(mv, &mut s, &mut out);
            fastest = fastest.min(t.elapsed());
            assert_eq!(
                o,
                sowlab::repl::Outcome::Done,
                "{}",
                String::from_utf8_lossy(&out)
            );
            let mut sink = Vec::new();
            sowlab::repl::handle("undo", &mut s, &mut sink);
        }
        println!(
            "REPL `{mv}` on {spec} (repl::handle: move, trace and picture, {} bytes written): {:.1} µs",
            out.len(),
            fastest.as_secs_f64() * 1e6
        );
    }
    // The release binary next to this bench's executable (target/release/deps/figures-*).
    let bin = std::env::current_exe()
        .ok()
        .and_then(|e| Some(e.parent()?.parent()?.join("sowlab")))
        .unwrap_or_default();
    if bin.is_file() {
        for args in [
            vec!["replay", "tchuka_ruma", "--moves", "3"],
            vec!["play", "tchuka_ruma"],
        ] {
            let run = || {
                std::process::Command::new(&bin)
                    .args(&args)
                    .env("SOWLAB_RULES", &dir)
                    .stdin(std::process::Stdio::null())
                    .output()
                    .expect("runs")
            };
            let status = run().status;
            let d = best(10, run);
            println!(
                "process `sowlab {}` (stdin closed), start to exit: {:.1} ms{}",
                args.join(" "),
                d.as_secs_f64() * 1e3,
                if status.success() {
                    String::new()
                } else {
                    format!(" (exit {status}: not a working command in this build)")
                }
            );
        }
    } else {
        println!("(no {} to time process start)", bin.display());
    }
    if let Ok(l) = std::fs::read_to_string("/proc/loadavg") {
        println!("load average at end: {}", l.trim());
    }
}

/// The native solver over Tchuka Ruma holes 1-8 x seeds 1-`max_seeds`, `reps` times; prints the
/// positions and moves counted.
fn native_table(max_seeds: u8, reps: u64) {
    let (mut positions, mut moves) = (0, 0);
    for _ in 0..reps {
        for h in 1..=8 {
            for s in 1..=max_seeds {
                let c = black_box(native::tchuka_solve(h, s));
                positions += c.positions;
                moves += c.moves;
            }
        }
    }
    println!("{positions} positions, {moves} moves");
}
