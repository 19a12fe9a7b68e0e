//! Luuth (rules/luuth.rhai): each player's first move carries a hole's counters to a hole of his
//! choice (`3 carry:5`), later moves sow four a hole either way (`3 ccw`), the last four in an
//! empty hole of the mover's taking the hole facing it and moving again. Each test starts from
//! a position and checks the position after the moves.

mod common;

use common::*;

#[test]
fn a_first_move_carries_a_hole_anywhere_but_to_the_hole_facing_it() {
    let r = load("luuth");
    let mut g = fresh_game(&r);
    g.tracing = true;
    let ply = g.play("2").unwrap();
    assert!(!ply.events.is_empty(), "lifting a hole notes the decision");
    // S2 faces N6, the eleventh hole on: not offered.
    let legal = g.legal_labels().unwrap();
    assert_eq!(legal.len(), 12);
    assert!(!legal.contains(&"carry:11".to_string()), "{legal:?}");
    assert!(g.play("carry:11").is_err());
    play(&mut g, "carry:3");
    assert_eq!(pits(&g), [4, 0, 4, 4, 8, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
    assert_eq!(g.state().to_move, Some(2));
    // From the middle hole (the fourth) the hole facing it is offered too.
    play(&mut g, "4");
    assert_eq!(g.legal_labels().unwrap().len(), 13);
    play(&mut g, "carry:7");
    assert_eq!(pits(&g), [4, 0, 4, 8, 8, 4, 4, 4, 4, 4, 0, 4, 4, 4]);
    // Later moves: the hole, then the direction.
    play(&mut g, "5");
    assert_eq!(g.legal_labels().unwrap(), ["ccw", "cw"]);
}

#[test]
fn four_a_hole_either_way_the_last_four_in_an_empty_hole_taking_and_moving_again() {
    let r = load("luuth");
    let mut g = fresh_game(&r);
    // The first moves: S2 into S3; N7 eight holes on, round into N1.
    play(&mut g, "2 carry:1 7 carry:8");
    assert_eq!(pits(&g), [4, 0, 8, 4, 4, 4, 4, 8, 4, 4, 4, 4, 4, 0]);
    // S5's four anticlockwise into S6, not empty: North moves.
    play(&mut g, "5 ccw");
    assert_eq!(pits(&g), [4, 0, 8, 4, 0, 8, 4, 8, 4, 4, 4, 4, 4, 0]);
    assert_eq!(g.state().to_move, Some(2));
    g.undo();
    g.undo();
    // S1's four anticlockwise into S2, empty: N6 facing it is taken; South moves again.
    play(&mut g, "1 ccw");
    assert_eq!(pits(&g), [0, 4, 8, 4, 4, 4, 4, 8, 4, 4, 4, 4, 0, 0]);
    assert_eq!(g.state().stores, [4, 0]);
    assert_eq!(g.state().to_move, Some(1));
    // Clockwise: S3's eight into S2 and S1 (empty: N7 facing it is empty, South moves again).
    play(&mut g, "3 cw");
    assert_eq!(pits(&g), [4, 8, 0, 4, 4, 4, 4, 8, 4, 4, 4, 4, 0, 0]);
    assert_eq!(g.state().to_move, Some(1));
}

#[test]
fn the_game_ends_with_four_counters_left() {
    let mut g = game_at(
        "luuth",
        &[],
        &[4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0],
        &[20, 28],
        1,
    );
    // The first moves carry S1 into S2 and N6 into N7; then S2's four clockwise fall into S1,
    // empty, taking N7 facing it: four counters are left.
    play(&mut g, "1 carry:1 6 carry:1");
    play(&mut g, "2 cw");
    assert_eq!(pits(&g), [4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    let s = g.state();
    assert!(s.over);
    assert_eq!(s.stores, [24, 28]);
    assert_eq!(s.winner, Some(2));
}
