//! Every move of every shipped rule and preset records events (a pickup, a drop, a note): a move
//! that only opens a decision (a direction, an end hole) notes it. The Python API's every-move
//! check asks the same; this one runs with the Rust suite.

mod common;

use std::path::PathBuf;
use std::sync::Arc;

use sowlab::{rule_names, Game};

use common::*;

#[test]
fn every_move_of_every_shipped_rule_has_events() {
    for name in rule_names(&rules_dir()) {
        let rule = load(&name);
        let mut g = Game::new(
            Arc::clone(&rule),
            rule.resolve_options::<&str>(&[]).unwrap(),
        )
        .unwrap_or_else(|e| panic!("{name}: {}", e.one_line()));
        g.tracing = true;
        // The first legal move until the end or 60 moves, as python/tests/test_api.py plays.
        for i in 0..60 {
            if g.state().over {
                break;
            }
            let legal = g.legal_labels().unwrap();
            assert!(!legal.is_empty(), "{name}: no legal move at move {}", i + 1);
            let ply = g.play(&legal[0]).unwrap();
            assert!(
                !ply.events.is_empty(),
                "{name}: move {} `{}` has no events",
                i + 1,
                legal[0]
            );
        }
    }
}

/// The steps no shipped rule uses yet, in the imported Bao (MancalaGames' file, its fixture):
/// the first player's arrangement (a seed moved, copied; the pass that ends it, declining or
/// not), the block on a decliner, the first lap that needs the opponent's holes, children not
/// made by a single seed, the rows shortened between rounds. Each move records events.
#[test]
fn every_move_of_the_imported_bao_has_events() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mancalagames");
    let rule = Arc::new(
        sowlab::Rule::load(dir.join("bao.txt").to_str().unwrap(), &dir)
            .unwrap_or_else(|e| panic!("bao: {}", e.one_line())),
    );
    let mut rounds = 0;
    for opening in [&["pass"][..], &["1-2", "pass"], &["1-2", "2-1", "pass"]] {
        let mut g = Game::new(
            Arc::clone(&rule),
            rule.resolve_options::<&str>(&[]).unwrap(),
        )
        .unwrap();
        g.tracing = true;
        for i in 0..400 {
            if g.state().over {
                break;
            }
            let legal = g.legal_labels().unwrap();
            assert!(!legal.is_empty(), "bao: no legal move at move {}", i + 1);
            // (the opening, then the last legal move: the other end of the row from the first)
            let m = opening
                .get(i)
                .map_or_else(|| legal[legal.len() - 1].clone(), |m| m.to_string());
            let ply = g.play(&m).unwrap();
            assert!(
                !ply.events.is_empty(),
                "bao: move {} `{m}` has no events",
                i + 1
            );
            rounds = rounds.max(g.state().vars.get("round").copied().unwrap_or(0));
        }
    }
    assert!(
        rounds >= 2,
        "the games reach a second round (rows shortened)"
    );
}
