//! Random playouts through the scripted rules (`Rule::legal` / `Rule::apply`, tracing off) and,
//! for Raja Pasu and Tchuka Ruma, the same playouts natively (`common/native.rs`). The setup checks
//! scripted and native end in the same states. Throughput is in moves.

#[path = "common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

use common::{native, Rng};

/// Seeds of the playouts one iteration plays.
const MATCHES: std::ops::Range<u64> = 0..4;

fn raja_pasu(c: &mut Criterion) {
    let rule = common::raja_pasu();
    let moves = common::check_raja_pasu(&rule, MATCHES);
    let start = common::start(&rule, &[]);
    let o = native::RajaPasuOptions::default();
    let mut g = c.benchmark_group("raja_pasu_match");
    g.throughput(Throughput::Elements(moves));
    g.bench_function("scripted", |b| {
        b.iter(|| {
            for s in MATCHES {
                black_box(common::scripted_playout(&rule, &start, &mut Rng::new(s)));
            }
        })
    });
    g.bench_function("native", |b| {
        b.iter(|| {
            for s in MATCHES {
                black_box(native::raja_pasu_playout(&o, &mut Rng::new(s)));
            }
        })
    });
    g.finish();
}

fn tchuka_ruma(c: &mut Criterion) {
    let rule = common::load("tchuka_ruma").expect("rules/tchuka_ruma.rhai");
    let (h, s) = (8, 8);
    let games = 0..200;
    let moves = common::check_tchuka_playouts(&rule, h, s, games.clone());
    let start = common::start(&rule, &["holes=8", "seeds=8"]);
    let mut g = c.benchmark_group("tchuka_ruma_8x8_playout");
    g.throughput(Throughput::Elements(moves));
    g.bench_function("scripted", |b| {
        b.iter(|| {
            for r in games.clone() {
                black_box(common::scripted_playout(&rule, &start, &mut Rng::new(r)));
            }
        })
    });
    g.bench_function("native", |b| {
        b.iter(|| {
            for r in games.clone() {
                black_box(native::tchuka_playout(h, s as u8, &mut Rng::new(r)));
            }
        })
    });
    g.finish();
}

fn ruma4(c: &mut Criterion) {
    let Some(rule) = common::load("ruma") else {
        eprintln!("ruma4: rules/ruma.rhai is not in this tree (branch `games`); skipped");
        return;
    };
    let start = common::start(&rule, &["players=4"]);
    let games = 0..4;
    let moves: u64 = games
        .clone()
        .map(|r| common::scripted_playout(&rule, &start, &mut Rng::new(r)).moves)
        .sum();
    let mut g = c.benchmark_group("ruma_4_players_playout");
    g.throughput(Throughput::Elements(moves));
    g.bench_function("scripted", |b| {
        b.iter(|| {
            for r in games.clone() {
                black_box(common::scripted_playout(&rule, &start, &mut Rng::new(r)));
            }
        })
    });
    g.finish();
}

/// MancalaGames' games read from their game files (the test fixtures) and translated into data
/// rules: random playouts of the declared move (no script call), one group per game.
fn mancalagames(c: &mut Criterion) {
    let fixtures =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mancalagames");
    let seeds = 0..16u64;
    let mut g = c.benchmark_group("mancalagames_playout");
    for name in [
        "kalah",
        "oware",
        "bohnenspiel",
        "ayoayo",
        "vai_lun_thlan",
        "ot_tjin",
        "dakon",
        "pallanguli",
    ] {
        let rule = common::load_path(&fixtures.join(format!("{name}.txt")));
        let start = common::start(&rule, &[]);
        let moves: u64 = seeds
            .clone()
            .map(|s| common::scripted_playout(&rule, &start, &mut Rng::new(s)).moves)
            .sum();
        g.throughput(Throughput::Elements(moves));
        g.bench_function(name, |b| {
            b.iter(|| {
                for s in seeds.clone() {
                    black_box(common::scripted_playout(&rule, &start, &mut Rng::new(s)));
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, raja_pasu, tchuka_ruma, ruma4, mancalagames);
criterion_main!(benches);
