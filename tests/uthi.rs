//! Uthi (rules/uthi.rhai): each player's first move puts three counters into the next hole and
//! two into the one after, either way (`3 cw`); later moves sow either way, each relay lap
//! turning back, and capture opposite an empty hole of the mover's only once the move relayed
//! from the opponent's row. Each test starts from a position and checks the position after.

mod common;

use common::*;
use sowlab::Game;

/// Uthi with `sets`, from S1..S8, N1..N8 and the stores, South to move, both first moves made.
fn uthi(sets: &[&str], pits: &[i64], stores: &[i64]) -> Game {
    game_at_vars(
        "uthi",
        sets,
        pits,
        stores,
        1,
        &[("opened_1", 1), ("opened_2", 1)],
    )
}

#[test]
fn a_first_move_puts_three_and_two_into_the_next_holes_either_way() {
    let r = load("uthi");
    let mut g = fresh_game(&r);
    g.tracing = true;
    let ply = g.play("3").unwrap();
    assert!(!ply.events.is_empty(), "lifting a hole notes the decision");
    assert_eq!(g.legal_labels().unwrap(), ["ccw", "cw"]);
    play(&mut g, "cw");
    assert_eq!(pits(&g), [7, 8, 0, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]);
    // North's from N8, anticlockwise: round the board's end into S1 and S2.
    play(&mut g, "8 ccw");
    assert_eq!(pits(&g), [10, 10, 0, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 0]);
    // Later moves too: the hole, then the direction.
    play(&mut g, "1");
    assert_eq!(g.legal_labels().unwrap(), ["ccw", "cw"]);
}

#[test]
fn each_relay_lap_turns_back_and_a_capture_needs_a_relay_from_the_opponents_row() {
    // S8's two anticlockwise into N1 and N2, which held one: a relay from North's row, sown
    // the other way back into N1 and S8, empty: N1 facing S8 is taken.
    let mut g = uthi(
        &[],
        &[1, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 4],
        &[0, 0],
    );
    play(&mut g, "8 ccw");
    assert_eq!(pits(&g), [1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 4]);
    assert_eq!(g.state().stores, [2, 0]);
    // Without a relay from North's row nothing is taken: S1's single counter into S2, empty.
    let mut g = uthi(
        &[],
        &[1, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 3, 4],
        &[0, 0],
    );
    play(&mut g, "1 ccw");
    assert_eq!(pits(&g), [0, 1, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 3, 4]);
    assert_eq!(g.state().stores, [0, 0]);
}

#[test]
fn a_capture_takes_the_holes_facing_a_series_of_empty_holes_unless_ludiis_reading() {
    // S1's single counter clockwise into N8, which held one: a relay from North's row, sown
    // anticlockwise into S1 and S2, empty: N7 facing S2 is taken, and, S3 and S4 after it
    // being empty too, N6 and N5 facing them (S5 holds counters: the series ends).
    let start = [1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 5, 6, 7, 8, 1];
    let mut g = uthi(&[], &start, &[0, 0]);
    play(&mut g, "1 cw");
    assert_eq!(pits(&g), [1, 1, 0, 0, 3, 0, 0, 0, 0, 0, 0, 5, 0, 0, 0, 0]);
    assert_eq!(g.state().stores, [21, 0]);
    // Ludii's encoding: the hole facing the last one alone.
    let mut g = uthi(&["series=false"], &start, &[0, 0]);
    play(&mut g, "1 cw");
    assert_eq!(pits(&g), [1, 1, 0, 0, 3, 0, 0, 0, 0, 0, 0, 5, 6, 7, 0, 0]);
    assert_eq!(g.state().stores, [8, 0]);
}

#[test]
fn a_player_whose_row_is_empty_ends_the_game() {
    // S7's two clockwise into S6 and S5, empty (no relay from North's row: nothing taken);
    // North, to move, has no counters: the game ends, the counters left counting for nobody.
    let mut g = uthi(
        &[],
        &[0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        &[30, 48],
    );
    play(&mut g, "7 cw");
    let s = g.state();
    assert!(s.over);
    assert_eq!(pits(&g), [0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(s.winner, Some(2));
}
