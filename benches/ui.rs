//! Interactive costs: compiling a rule file (`Rule::load`), starting a game, and one move as the
//! REPL shows it. Until the REPL lands the round trip is measured on its stand-in: `Game::play` of
//! one move label with tracing on, then `render::picture` of the new position.

#[path = "common/mod.rs"]
mod common;

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

use sowlab::game::Game;
use sowlab::render::{self, Style};
use sowlab::rules::{board, Rule};

fn compile(c: &mut Criterion) {
    let dir = common::rules_dir();
    let mut g = c.benchmark_group("rule_load");
    for (name, _) in sowlab::rules::list(&dir) {
        if !sowlab::rules::names(&dir).contains(&name) {
            continue;
        }
        g.bench_function(&name, |b| {
            b.iter(|| black_box(Rule::load(&name, &dir).expect("loads")))
        });
    }
    g.finish();
}

fn repl_move(c: &mut Criterion) {
    let rule = Arc::new(common::load("tchuka_ruma").expect("rules/tchuka_ruma.rhai"));
    let opts = rule.resolve_options::<&str>(&[]).expect("options");
    let (rp, _) = common::raja_pasu();
    let rp = Arc::new(rp);
    let rp_opts = rp.resolve_options::<&str>(&[]).expect("options");
    let mut g = c.benchmark_group("repl_move_stand_in");
    g.bench_function("tchuka_ruma_new_game", |b| {
        b.iter(|| black_box(Game::new(rule.clone(), opts.clone()).expect("starts")))
    });
    g.bench_function("tchuka_ruma_play_3_and_picture", |b| {
        let game = Game::new(rule.clone(), opts.clone()).expect("starts");
        b.iter(|| {
            let mut g = Game {
                rule: game.rule.clone(),
                options: game.options.clone(),
                start: game.start.clone(),
                history: Vec::new(),
                undone: Vec::new(),
                tracing: true,
            };
            g.play("3").expect("legal");
            let pic = render::picture(&board(g.current()), Style::default());
            black_box(pic)
        })
    });
    g.bench_function("raja_pasu_play_1_and_picture", |b| {
        let game = Game::new(rp.clone(), rp_opts.clone()).expect("starts");
        b.iter(|| {
            let mut g = Game {
                rule: game.rule.clone(),
                options: game.options.clone(),
                start: game.start.clone(),
                history: Vec::new(),
                undone: Vec::new(),
                tracing: true,
            };
            g.play("1").expect("legal");
            let pic = render::picture(&board(g.current()), Style::default());
            black_box(pic)
        })
    });
    g.finish();
}

criterion_group!(benches, compile, repl_move);
criterion_main!(benches);
