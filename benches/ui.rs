//! Interactive costs: compiling a rule file (`Rule::load`), starting a REPL session, and one REPL
//! command round trip (`repl::handle` of a move line: the move, its trace and the new picture
//! written to a buffer). The `undo` that puts the position back is timed with it and, alone, as
//! its own bench, so the move's share is the difference.

#[path = "common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

use sowlab::repl::{self, Outcome, Session};
use sowlab::Rule;

fn compile(c: &mut Criterion) {
    let dir = common::rules_dir();
    let mut g = c.benchmark_group("rule_load");
    for name in sowlab::rule_names(&dir) {
        g.bench_function(&name, |b| {
            b.iter(|| black_box(Rule::load(&name, &dir).expect("loads")))
        });
    }
    g.finish();
}

fn repl_move(c: &mut Criterion) {
    let dir = common::rules_dir();
    let mut g = c.benchmark_group("repl");
    g.bench_function("session_new_tchuka_ruma", |b| {
        b.iter(|| black_box(Session::new(&dir, "tchuka_ruma", &[], None).expect("session")))
    });
    for (spec, mv) in [("tchuka_ruma", "3"), ("raja_pasu", "1"), ("ruma_4p", "1")] {
        let mut s = Session::new(&dir, spec, &[], None).expect("session");
        let mut out = Vec::new();
        g.bench_function(format!("{spec}_move_{mv}_then_undo"), |b| {
            b.iter(|| {
                out.clear();
                assert_eq!(repl::handle(mv, &mut s, &mut out), Outcome::Done);
                assert_eq!(repl::handle("undo", &mut s, &mut out), Outcome::Done);
                black_box(out.len())
            })
        });
        assert_eq!(repl::handle(mv, &mut s, &mut out), Outcome::Done);
        g.bench_function(format!("{spec}_undo_then_redo"), |b| {
            b.iter(|| {
                out.clear();
                assert_eq!(repl::handle("undo", &mut s, &mut out), Outcome::Done);
                assert_eq!(repl::handle("redo", &mut s, &mut out), Outcome::Done);
                black_box(out.len())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, compile, repl_move);
criterion_main!(benches);
