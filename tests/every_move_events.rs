//! Every move of every shipped rule and preset records events (a pickup, a drop, a note): a move
//! that only opens a decision (a direction, an end hole) notes it. The Python API's every-move
//! check asks the same; this one runs with the Rust suite.

mod common;

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
