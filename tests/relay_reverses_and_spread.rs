//! Declared steps, each from a position to the position after one move (positions in canonical
//! order: South's holes from his left, then North's from his left): relay laps that change
//! direction (`sowing.relay_reverses`), the take opposite only after a move that changed the
//! opponent's row (`capture.opposite.only_if_opponent_row_changed`), the arrangement's pass
//! that needs a playable hole (`arrange.pass_needs_seeds`), the loser's seeds spread so that a
//! hole of each row can be played (`refill: spread_loser` with `moves.min_seeds`), and a level
//! round's starter where both players passed (`starter: winner`).

use std::path::Path;
use std::sync::Arc;

use sowlab::{Game, Position, Rule};

/// A data rule of two rows of `holes` holes (a seed each) with stores that only receive
/// captures, its `sowing:` and `pipeline:` bodies given.
fn rule(holes: usize, sowing: &str, pipeline: &str) -> Arc<Rule> {
    let text = format!(
        "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: {holes}, seeds: 1 }}\n    - {{ store: s, owner: 1 }}\n    - {{ row: N, owner: 2, holes: {holes}, seeds: 1 }}\n    - {{ store: n, owner: 2 }}\nsowing:\n  stores: none\n{sowing}pipeline:\n{pipeline}"
    );
    Arc::new(
        Rule::data_from_text(text, Path::new("t.yaml"))
            .unwrap_or_else(|e| panic!("{}", e.one_line())),
    )
}

/// A game of `r` from these holes and stores, `to_move` to move.
fn game(r: &Arc<Rule>, pits: &[i64], stores: [i64; 2], to_move: usize) -> Game {
    let pos = Position {
        pits: pits.to_vec(),
        stores: Some(stores.to_vec()),
        to_move: Some(to_move),
        ..Position::default()
    };
    Game::with_position(r.clone(), r.resolve_options::<&str>(&[]).unwrap(), &pos)
        .unwrap_or_else(|e| panic!("{}", e.one_line()))
}

const END: &str = "  end:\n    - { when: no_move, sweep: owners, then: most_seeds }\n";

#[test]
fn a_relay_lap_is_sown_the_other_way_from_the_lap_before() {
    let sowing = "  relay: last\n  relay_reverses: true\n";
    let r = rule(3, sowing, END);
    // S1's 2 seeds: S2, S3 (then 2, occupied); its relay goes back clockwise: S2, S1 (empty).
    let mut g = game(&r, &[2, 0, 1, 1, 1, 1], [0, 0], 1);
    g.play("1").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![1, 2, 0, 1, 1, 1]);
    assert_eq!(s.to_move, Some(2));
    // Without the step the relay goes on anticlockwise, into North's row.
    let r = rule(3, "  relay: last\n", END);
    let mut g = game(&r, &[2, 0, 1, 1, 1, 1], [0, 0], 1);
    g.play("1").unwrap();
    assert_ne!(g.state().pits, vec![1, 2, 0, 1, 1, 1]);
}

#[test]
fn a_move_leaving_the_opponents_row_as_it_was_takes_nothing_and_moves_again() {
    let capture = "  capture:\n    opposite: { only_if_opponent_row_changed: true }\n";
    let r = rule(3, "", &format!("{capture}{END}"));
    // S1's seed falls into the empty S2, facing N2's 2: North's row unchanged, no take; South
    // moves again.
    let mut g = game(&r, &[1, 0, 0, 2, 2, 2], [0, 0], 1);
    g.play("1").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![0, 1, 0, 2, 2, 2]);
    assert_eq!(s.stores, vec![0, 0]);
    assert_eq!(s.to_move, Some(1));
    // S3's 4 seeds sow North's row and end in the empty S1: the take is made (N3's 3 and the
    // last seed), the turn passes.
    let mut g = game(&r, &[0, 0, 4, 2, 2, 2], [0, 0], 1);
    g.play("3").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![0, 0, 0, 3, 3, 0]);
    assert_eq!(s.stores, vec![4, 0]);
    assert_eq!(s.to_move, Some(2));
}

#[test]
fn the_arrangement_may_end_only_with_a_hole_a_move_can_be_played_from() {
    let pipeline = "  moves:\n    min_seeds: 2\n  arrange: { max_moves: 10, pass_needs_seeds: 2 }\n  end:\n    - { when: side_empty, then: most_seeds }\n";
    let r = rule(3, "", pipeline);
    let mut g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    // A seed a hole: no hole of South's can be played, so he may not pass yet.
    let legal = g.legal_labels().unwrap();
    assert!(!legal.contains(&"pass".to_string()), "{legal:?}");
    let e = g.play("pass").unwrap_err().one_line();
    assert!(e.contains("pass"), "{e}");
    g.play("1-2").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![0, 2, 1, 1, 1, 1]);
    assert_eq!(s.to_move, Some(2));
    // North's row as it was: nor may he; once he has two in a hole he may.
    let legal = g.legal_labels().unwrap();
    assert!(!legal.contains(&"pass".to_string()), "{legal:?}");
    g.play("3-1").unwrap();
    g.play("pass").unwrap();
    assert!(g.legal_labels().unwrap().contains(&"pass".to_string()));
}

/// Rounds refilled by spreading the loser's seeds as MancalaGames counts them, two seeds
/// needed to move, the winner starting the next round.
fn spread_rule() -> Arc<Rule> {
    rule(
        3,
        "",
        "  moves:\n    min_seeds: 2\n  pass: { counter: passes }\n  rounds: { fill: 1, winner: most_seeds, min_holes: 3, close_unfilled: false, refill: spread_loser, spread_count: row }\n  end:\n    - { when: no_move, sweep: owners, then: round, starter: winner }\n",
    )
}

#[test]
fn the_losers_spread_keeps_a_hole_of_each_row_playable() {
    let r = spread_rule();
    // S1's 2 seeds into S2, S3; North cannot move, nor then South: the round ends, South
    // holding 10 and North 4, a seed a hole and one over: the one over, short of the two a move
    // needs in every hole, goes into each row's first hole.
    let mut g = game(&r, &[2, 0, 0, 0, 0, 0], [8, 4], 1);
    g.play("1").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![2, 1, 1, 2, 1, 1]);
    assert_eq!(s.stores, vec![6, 0]);
    assert_eq!(s.to_move, Some(1));
    assert!(!s.over);
    // North holding 3, fewer than a seed a hole and one more to move: the match ends.
    let mut g = game(&r, &[2, 0, 0, 0, 0, 0], [9, 3], 1);
    g.play("1").unwrap();
    assert!(g.state().over);
}

#[test]
fn a_level_round_after_both_passed_is_started_by_the_player_the_move_handed_the_turn_to() {
    let r = spread_rule();
    // S1's 2 seeds into S2, S3; neither can then move (both pass): 7 each, a level round. The
    // move handed the turn to North, who starts the next round.
    let mut g = game(&r, &[2, 0, 0, 1, 1, 0], [5, 5], 1);
    g.play("1").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![2, 2, 2, 2, 2, 2]);
    assert_eq!(s.stores, vec![1, 1]);
    assert_eq!(s.to_move, Some(2));
}
