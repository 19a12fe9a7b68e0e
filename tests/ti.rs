//! Ti (rules/ti.rhai): each player's first two turns drop a hole's counters a chosen number at a
//! time, each count a move of its own (`drop:2`); later turns sow one a hole, twos and threes
//! taken backwards on either side, never by a single counter, never leaving the opponent empty.
//! Each test starts from a position and checks the position after the moves.

mod common;

use common::*;

#[test]
fn an_opening_turn_drops_the_lifted_counters_a_chosen_number_a_hole() {
    let r = load("ti");
    let mut g = fresh_game(&r);
    g.tracing = true;
    let ply = g.play("3").unwrap();
    assert!(!ply.events.is_empty(), "lifting a hole notes the decision");
    // The counts the hand allows, and nothing else; the counters wait in their hole.
    assert_eq!(
        g.legal_labels().unwrap(),
        ["drop:1", "drop:2", "drop:3", "drop:4"]
    );
    assert_eq!(g.state().to_move, Some(1));
    let e = g.play("drop:5").unwrap_err().one_line();
    assert!(e.contains("illegal move `drop:5`"), "{e}");
    play(&mut g, "drop:1");
    assert_eq!(pits(&g), [4, 4, 3, 5, 4, 4, 4, 4, 4, 4, 4, 4]);
    assert_eq!(g.legal_labels().unwrap(), ["drop:1", "drop:2", "drop:3"]);
    let ply = g.play("drop:3").unwrap();
    assert!(!ply.events.is_empty());
    assert_eq!(pits(&g), [4, 4, 0, 5, 7, 4, 4, 4, 4, 4, 4, 4]);
    assert_eq!(g.state().to_move, Some(2));
    // North's drops run on round the board into South's row.
    play(&mut g, "6 drop:1 drop:1 drop:2");
    assert_eq!(pits(&g), [5, 5, 2, 5, 7, 4, 4, 4, 4, 4, 4, 0]);
    // Second opening turns (all of a hole into the next); then holes are sown one a hole and a
    // count is no move.
    play(&mut g, "1 drop:5 1 drop:4");
    assert_eq!(pits(&g), [0, 10, 2, 5, 7, 4, 0, 8, 4, 4, 4, 0]);
    assert_eq!(g.state().stores, [0, 0]);
    assert_eq!(g.legal_labels().unwrap(), ["2", "3", "4", "5", "6"]);
    assert!(g.play("drop:1").is_err());
}

#[test]
fn twos_and_threes_are_taken_backwards_on_either_side_but_not_by_a_single_counter() {
    let main = ["opening_turns=0"];
    // S6's two counters make N1 and N2 two each: both taken; North keeps N3.
    let mut g = game_at(
        "ti",
        &main,
        &[3, 0, 0, 0, 0, 2, 1, 1, 2, 0, 0, 0],
        &[0, 0],
        1,
    );
    play(&mut g, "6");
    assert_eq!(pits(&g), [3, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0]);
    assert_eq!(g.state().stores, [4, 0]);
    // In the mover's own row too.
    let mut g = game_at(
        "ti",
        &main,
        &[3, 0, 2, 1, 1, 0, 1, 0, 0, 0, 0, 0],
        &[0, 0],
        1,
    );
    play(&mut g, "3");
    assert_eq!(pits(&g), [3, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    assert_eq!(g.state().stores, [4, 0]);
    // A single counter making two takes nothing.
    let mut g = game_at(
        "ti",
        &main,
        &[3, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0],
        &[0, 0],
        1,
    );
    play(&mut g, "5");
    assert_eq!(pits(&g), [3, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0]);
    assert_eq!(g.state().stores, [0, 0]);
}

#[test]
fn a_move_leaving_the_opponent_no_counters_is_not_played() {
    let main = ["opening_turns=0"];
    // S6's single counter makes N1 two, taking nothing (one counter); S4's two make S6 two and
    // take it, N1 left to North: both are played.
    let g = game_at(
        "ti",
        &main,
        &[0, 0, 0, 2, 0, 1, 1, 0, 0, 0, 0, 0],
        &[0, 0],
        1,
    );
    assert_eq!(g.legal_labels().unwrap(), ["4", "6"]);
    let mut g = game_at(
        "ti",
        &main,
        &[3, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0],
        &[0, 0],
        1,
    );
    play(&mut g, "6");
    assert_eq!(pits(&g), [3, 0, 0, 0, 0, 0, 2, 1, 0, 0, 0, 0]);
    // S5's two would make N1 two and take North's last counters: not played.
    let mut g = game_at(
        "ti",
        &main,
        &[0, 0, 0, 2, 2, 0, 1, 0, 0, 0, 0, 0],
        &[0, 0],
        1,
    );
    assert_eq!(g.legal_labels().unwrap(), ["4"]);
    play(&mut g, "4");
    assert_eq!(pits(&g), [0, 0, 0, 0, 3, 1, 1, 0, 0, 0, 0, 0]);
    // After S6 North's every move would leave South no counters: he has no move, and the game
    // ends, each player taking his row.
    let mut g = game_at(
        "ti",
        &main,
        &[0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0],
        &[20, 26],
        1,
    );
    play(&mut g, "6");
    let s = g.state();
    assert!(s.over);
    assert_eq!(pits(&g), [0; 12]);
    assert_eq!(s.stores, [20, 28]);
    assert_eq!(s.winner, Some(2));
}
