//! The Tchuka Ruma table, holes 1-8 x seeds 1-8: every reachable position of each start, through
//! the scripted rules by the product's solver (`solve::explore`, breadth-first) and by the benches'
//! own depth-first search (`common::scripted_solve`), and natively (`common::native::tchuka_solve`).
//! The setup checks all three give the same counts in every cell.

#[path = "common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::hint::black_box;

fn table(c: &mut Criterion) {
    let rule = common::load("tchuka_ruma").expect("rules/tchuka_ruma.rhai");
    let cells = common::check_tchuka_table(&rule, 1..=8, 1..=8);
    let positions: u64 = cells.iter().map(|(_, n)| n.positions).sum();
    let starts: Vec<((usize, u8), rhai::Dynamic)> = cells
        .iter()
        .map(|&((h, s), _)| {
            let hs = format!("holes={h}");
            let ss = format!("seeds={s}");
            ((h, s), common::start(&rule, &[&hs, &ss]))
        })
        .collect();
    common::check_solve_table(&rule, &starts);
    let mut g = c.benchmark_group("tchuka_ruma_table_1-8x1-8");
    g.sample_size(10);
    g.throughput(Throughput::Elements(positions));
    g.bench_function("scripted", |b| {
        b.iter(|| {
            for (_, d) in &starts {
                black_box(common::scripted_solve(&rule, d));
            }
        })
    });
    g.bench_function("solve_explore", |b| {
        b.iter(|| {
            for (_, d) in &starts {
                let limits = sowlab::SearchLimits::default();
                black_box(sowlab::solve(&rule, d, &limits, None).expect("solves"));
            }
        })
    });
    g.bench_function("native", |b| {
        b.iter(|| {
            for &((h, s), _) in &starts {
                black_box(common::native::tchuka_solve(h, s));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, table);
criterion_main!(benches);
