//! The arrangement before play made by each player in turn, whole (`arrange.by:
//! each_until_pass`), with its captures across (`arrange.captures_across`): positions, one move,
//! the position after it (Makonn's, `rules/makonn.yaml`).
//!
//! The board: four rows of three holes, SO1..SO3, SI1..SI3, NI1..NI3, NO1..NO3 (pits in that
//! order, each row numbered from its owner's left), a counter a hole. South's SI3 faces NI1, with
//! NO1 behind it.

use std::path::Path;
use std::sync::Arc;

use sowlab::{Game, Rule};

fn game() -> Game {
    let text = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - { row: SO, owner: 1, holes: 3, seeds: 1 }\n    - { row: SI, owner: 1, holes: 3, seeds: 1 }\n    - { row: NI, owner: 2, holes: 3, seeds: 1 }\n    - { row: NO, owner: 2, holes: 3, seeds: 1 }\nsowing:\n  relay: last\npipeline:\n  arrange: { max_moves: 100, by: each_until_pass, captures_across: 1 }\n  end:\n    - { when: no_move, then: to_move_loses }\n";
    let r = Arc::new(
        Rule::data_from_text(text.into(), Path::new("t.yaml"))
            .unwrap_or_else(|e| panic!("{}", e.one_line())),
    );
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    Game::new(r, opts).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

fn play(g: &mut Game, mv: &str) {
    g.play(mv)
        .unwrap_or_else(|e| panic!("move {mv}: {}", e.one_line()));
}

fn reserves(g: &Game) -> Vec<i64> {
    let s = g.state();
    s.reserves.unwrap_or(s.stores)
}

#[test]
fn each_player_arranges_until_he_passes_then_the_next_and_the_first_sows() {
    let mut g = game();
    play(&mut g, "SO1-SO2");
    assert_eq!(g.state().pits, [0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    // (he keeps the turn)
    assert_eq!(g.state().to_move, Some(1));
    play(&mut g, "pass");
    assert_eq!(g.state().to_move, Some(2));
    play(&mut g, "NO1-NO2");
    assert_eq!(g.state().to_move, Some(2));
    play(&mut g, "pass");
    // The arrangement is over: South sows first.
    assert_eq!(g.state().to_move, Some(1));
    assert!(!g.legal_labels().unwrap().iter().any(|m| m.contains('-')));
}

#[test]
fn a_counter_arranged_into_an_empty_inner_hole_takes_across_once() {
    let mut g = game();
    play(&mut g, "SI3-SO1");
    assert_eq!(g.state().pits, [2, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1]);
    // SI2's counter into SI3, empty, facing NI1 (1) with NO1 (1) behind: both taken.
    play(&mut g, "SI2-SI3");
    assert_eq!(g.state().pits, [2, 1, 1, 1, 0, 1, 0, 1, 1, 0, 1, 1]);
    assert_eq!(reserves(&g), [2, 0]);
    // Once only: SI1's counter into SI2, empty, facing NI2 (1), takes nothing now.
    play(&mut g, "SI1-SI2");
    assert_eq!(g.state().pits, [2, 1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1]);
    assert_eq!(reserves(&g), [2, 0]);
}

#[test]
fn a_sower_without_a_move_when_the_arrangement_ends_has_lost() {
    // Moves from holes of two counters or more; the arrangement ends after one move.
    let text = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - { row: SO, owner: 1, holes: 3, seeds: 1 }\n    - { row: SI, owner: 1, holes: 3, seeds: 1 }\n    - { row: NI, owner: 2, holes: 3, seeds: 1 }\n    - { row: NO, owner: 2, holes: 3, seeds: 1 }\nsowing:\n  relay: last\npipeline:\n  arrange: { max_moves: 1 }\n  moves: { min_seeds: 2 }\n  end:\n    - { when: no_move, then: to_move_loses }\n";
    let r = Arc::new(
        Rule::data_from_text(text.into(), Path::new("t.yaml"))
            .unwrap_or_else(|e| panic!("{}", e.one_line())),
    );
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let mut g = Game::new(r, opts).unwrap_or_else(|e| panic!("{}", e.one_line()));
    play(&mut g, "SO1-SO2");
    // North sows first, from single counters only: none is a move, and he has lost.
    let s = g.state();
    assert_eq!(s.pits, [0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert!(s.over);
    assert_eq!(s.winner, Some(1));
}
