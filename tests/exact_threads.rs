//! The exact search on several threads (`solve_exact_threads`, `solve --threads N`) gives the
//! value one thread gives: result, margin and bounds, on small Kalah cells of both capture rules
//! and on small Oware boards (whose lines are watched for repetitions), with and without
//! tablebases; its principal variation, replayed, ends with the margin claimed. Not timed.

mod common;

use std::sync::Arc;

use common::rules_dir;
use sowlab::search::tablebase::build::build_all;
use sowlab::{solve_exact, solve_exact_threads, Exact, Game, Rule, SearchLimits, Tablebase};

fn game(rule: &str, sets: &[String]) -> Game {
    let rule = Arc::new(Rule::load(rule, &rules_dir()).unwrap());
    let opts = rule.resolve_options(sets).unwrap();
    Game::new(rule, opts).unwrap()
}

fn kalah(holes: usize, seeds: usize, empty_capture: bool) -> Game {
    game(
        "kalah",
        &[
            format!("holes={holes}"),
            format!("seeds={seeds}"),
            format!("empty_capture={empty_capture}"),
        ],
    )
}

/// A budget that keeps the shared table small (it is allocated whole).
fn limits() -> SearchLimits {
    SearchLimits {
        max_bytes: 64 << 20,
        ..SearchLimits::default()
    }
}

fn replay_ends_with_the_margin(g: &Game, r: &Exact, what: &str) {
    let mut g = Game::new(g.rule.clone(), g.options.clone()).unwrap();
    for m in &r.pv {
        g.play(m)
            .unwrap_or_else(|e| panic!("{what}: pv move {m}: {}", e.one_line()));
    }
    let s = g.state();
    assert!(s.over, "{what}: the pv {:?} does not end the game", r.pv);
    let p = r.player;
    assert_eq!(Some(s.stores[p - 1] - s.stores[2 - p]), r.margin, "{what}");
}

fn same_value(g: &Game, tb: Option<&Tablebase>, what: &str) {
    let one = solve_exact(&g.rule, g.current(), &limits(), tb, None).unwrap();
    assert!(one.stats.complete, "{what}: {}", one.line());
    for threads in [2, 3] {
        let many = solve_exact_threads(&g.rule, g.current(), &limits(), tb, None, threads)
            .unwrap_or_else(|e| panic!("{what}, {threads} threads: {}", e.one_line()));
        let w = format!("{what}, {threads} threads");
        assert!(many.stats.complete, "{w}: {}", many.line());
        assert_eq!(
            (many.result, many.margin, many.lower, many.upper),
            (one.result, one.margin, one.lower, one.upper),
            "{w}: {} vs one thread: {}",
            many.line(),
            one.line()
        );
        assert!(many.stats.nodes > 0 && !many.pv.is_empty(), "{w}");
        replay_ends_with_the_margin(g, &many, &w);
    }
}

#[test]
fn several_threads_give_the_value_of_one_on_small_kalah_cells() {
    // (4,3) +8, (5,3) +8, (3,4) +2, (6,2) +10 with the empty-capture rule (the published table);
    // and the standard rule.
    for (m, n) in [(4, 3), (5, 3), (3, 4), (6, 2), (4, 4)] {
        for ec in [true, false] {
            same_value(&kalah(m, n, ec), None, &format!("kalah({m},{n}) ec={ec}"));
        }
    }
}

#[test]
fn several_threads_with_a_tablebase_and_on_oware() {
    let g = kalah(5, 3, true);
    let tb = build_all(&g.rule, &g.board(), 8, 1).unwrap().unwrap();
    same_value(&g, Some(&tb), "kalah(5,3) with tablebase 0-8");
    for sets in [["holes=2", "seeds=2"], ["holes=3", "seeds=2"]] {
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        same_value(&game("oware", &sets), None, &format!("oware {sets:?}"));
    }
}

#[test]
fn endless_play_is_refused_on_several_threads_too() {
    let g = game(
        "oware",
        &["holes=2".into(), "seeds=1".into(), "max_turns=0".into()],
    );
    let e = solve_exact_threads(&g.rule, g.current(), &limits(), None, None, 2).unwrap_err();
    assert!(e.one_line().contains("(endless play)"), "{}", e.one_line());
}
