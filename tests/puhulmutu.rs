//! Puhulmutu (rules/puhulmutu.rhai): holes of three passed over, a three made four captured and
//! the next hole sown on, rounds ended when a player cannot play, the loser's short end hole
//! marked. Each test starts from a position and checks the position after the moves.

mod common;

use common::*;
use sowlab::Game;

/// Puhulmutu with `sets` from S1..S7, N1..N7, the stores, the player to move and game variables
/// (`dir` 1: the direction chosen anticlockwise).
fn puhulmutu(
    sets: &[&str],
    pits: &[i64],
    stores: &[i64],
    to_move: usize,
    vars: &[(&str, i64)],
) -> Game {
    game_at_vars("puhulmutu", sets, pits, stores, to_move, vars)
}

#[test]
fn the_first_move_chooses_the_direction_and_holes_of_three_are_passed_over() {
    let mut g = puhulmutu(
        &[],
        &[3, 3, 0, 2, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1],
        &[20, 22],
        1,
        &[],
    );
    g.tracing = true;
    let ply = g.play("1").unwrap();
    assert!(!ply.events.is_empty(), "lifting a hole notes the decision");
    assert_eq!(g.legal_labels().unwrap(), ["ccw", "cw"]);
    // S2 held three: passed over; S4's two made three; the last counter in S5, empty.
    play(&mut g, "ccw");
    assert_eq!(g.state().pits, [0, 3, 1, 3, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(g.state().to_move, Some(2));
    // Later moves name the hole only: North's single counters (he has nothing else).
    assert_eq!(
        g.legal_labels().unwrap(),
        ["1", "2", "3", "4", "5", "6", "7"]
    );
}

#[test]
fn a_three_made_four_is_captured_and_the_next_hole_sown_on() {
    let start = [2, 0, 3, 2, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1];
    let mut g = puhulmutu(&[], &start, &[20, 22], 1, &[("dir", 1)]);
    // S1's two: S2, S3 (three made four: taken), then S4's two sown on: S5, S6 (empty).
    play(&mut g, "1");
    assert_eq!(g.state().pits, [0, 1, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(g.state().stores, [24, 22]);
    assert_eq!(g.state().to_move, Some(2));
    // Ludii's encoding: North, with single counters only, has no move: the round ends, each
    // player taking his row; North, with more, wins it and fills his holes first.
    let mut g = puhulmutu(&["singles=never"], &start, &[20, 22], 1, &[("dir", 1)]);
    play(&mut g, "1");
    assert_eq!(g.state().pits, [0; 14]);
    assert_eq!(g.state().stores, [27, 29]);
    assert_eq!(g.state().to_move, Some(2));
    assert_eq!(
        g.legal_labels().unwrap(),
        ["1", "2", "3", "4", "5", "6", "7"]
    );
    play(&mut g, "1 2 3 4 5 6 7");
    assert_eq!(g.state().stores, [27, 1]);
    // South, the loser, fills from an end hole: his rightmost, so the round goes clockwise and
    // his holes are filled leftwards, the last with what is left.
    assert_eq!(g.state().to_move, Some(1));
    assert_eq!(g.legal_labels().unwrap(), ["1", "7"]);
    play(&mut g, "7");
    assert_eq!(g.legal_labels().unwrap(), ["6"]);
    play(&mut g, "6 5 4 3 2 1");
    assert_eq!(g.state().pits, [3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
    assert_eq!(g.state().stores, [0, 1]);
    assert_eq!(g.state().to_move, Some(1), "the loser sows first");
}

#[test]
fn a_short_end_hole_is_marked_and_costs_the_hole_facing_it() {
    let pits = [0, 0, 0, 0, 0, 0, 0, 4, 4, 4, 4, 4, 4, 4];
    let vars = [("dir", 1), ("filling", 1), ("winner", 2)];
    // South fills S7 with his three: N1 facing it gives one to North's store; S7 is marked
    // (not played), his other holes are out of play: he passes.
    let mut g = puhulmutu(&[], &pits, &[3, 25], 1, &vars);
    play(&mut g, "7");
    assert_eq!(g.state().pits, [0, 0, 0, 0, 0, 0, 3, 3, 4, 4, 4, 4, 4, 4]);
    assert_eq!(g.state().stores, [0, 26]);
    assert_eq!(g.state().to_move, Some(2));
    assert_eq!(g.state().closed, [0, 1, 2, 3, 4, 5]);
    // Ludii's encoding takes nothing from the hole facing it.
    let mut g = puhulmutu(&["facing_taken=false"], &pits, &[3, 25], 1, &vars);
    play(&mut g, "7");
    assert_eq!(g.state().pits, [0, 0, 0, 0, 0, 0, 3, 4, 4, 4, 4, 4, 4, 4]);
    assert_eq!(g.state().stores, [0, 25]);
}

#[test]
fn walak_pussas_captures_beyond_an_empty_hole_by_parker_and_by_ludii() {
    let n = [1, 1, 1, 1, 1, 1, 1];
    let at = |s: [i64; 7]| -> Vec<i64> { s.iter().chain(n.iter()).copied().collect() };
    let parker = ["captures=beyond_empty"];
    let ludii = ["captures=next_after_empty"];
    // Parker: S1's two end in S3, occupied; S4 after it is empty: S5 beyond it is taken, and
    // S7 beyond the empty S6; N1 after S7 is not empty: the sequence ends.
    let mut g = puhulmutu(
        &parker,
        &at([2, 0, 1, 0, 3, 0, 2]),
        &[20, 22],
        1,
        &[("dir", 1)],
    );
    play(&mut g, "1");
    assert_eq!(g.state().pits, at([0, 1, 2, 0, 0, 0, 0]));
    assert_eq!(g.state().stores, [25, 22]);
    // ... and sows on from the next hole when it holds counters: S4's three, the last in S7,
    // empty: the move ends.
    let mut g = puhulmutu(
        &parker,
        &at([2, 0, 1, 3, 0, 0, 0]),
        &[20, 22],
        1,
        &[("dir", 1)],
    );
    play(&mut g, "1");
    assert_eq!(g.state().pits, at([0, 1, 2, 0, 1, 1, 1]));
    assert_eq!(g.state().stores, [20, 22]);
    // A last counter in an empty hole (S3) ends the move by Parker; Ludii's encoding takes the
    // next hole, S4, and the holes beyond the empty S5 and S7: S6 and N1.
    let start = at([2, 0, 0, 3, 0, 2, 0]);
    let mut g = puhulmutu(&parker, &start, &[20, 22], 1, &[("dir", 1)]);
    play(&mut g, "1");
    assert_eq!(g.state().pits, at([0, 1, 1, 3, 0, 2, 0]));
    assert_eq!(g.state().stores, [20, 22]);
    let mut g = puhulmutu(&ludii, &start, &[20, 22], 1, &[("dir", 1)]);
    play(&mut g, "1");
    assert_eq!(g.state().pits, [0, 1, 1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]);
    assert_eq!(g.state().stores, [26, 22]);
}

#[test]
fn kotu_baendums_first_moves_from_the_end_holes_and_its_fours_in_end_holes() {
    let ends = ["first_from_ends=true"];
    let r = load("puhulmutu");
    let mut g = Game::new(r.clone(), r.resolve_options(&ends).unwrap()).unwrap();
    assert_eq!(g.legal_labels().unwrap(), ["1", "7"]);
    play(&mut g, "7 cw");
    // North's first move too, in the direction South chose.
    assert_eq!(g.legal_labels().unwrap(), ["1", "7"]);
    play(&mut g, "1");
    // S7's four clockwise end in S3 (sown on), then N5 (sown on), then S7, emptied; North's
    // N1 clockwise ends in S3, emptied.
    assert_eq!(g.state().pits, [5, 5, 1, 6, 6, 6, 2, 0, 5, 5, 5, 0, 5, 5]);
    // Then any hole of two or more.
    assert_eq!(g.legal_labels().unwrap(), ["1", "2", "4", "5", "6", "7"]);
    // A three made four in an end hole (S7): by Parker the turn ends there, nothing taken; by
    // Ludii's encoding the four are taken and the turn ends.
    let pits = [3, 0, 0, 0, 2, 0, 3, 2, 1, 1, 1, 1, 1, 1];
    let vars = [("dir", 1), ("moved_1", 1), ("moved_2", 1)];
    let mut g = puhulmutu(&["end_fours=ends_turn"], &pits, &[20, 22], 1, &vars);
    play(&mut g, "5");
    assert_eq!(g.state().pits, [3, 0, 0, 0, 0, 1, 4, 2, 1, 1, 1, 1, 1, 1]);
    assert_eq!(g.state().stores, [20, 22]);
    assert_eq!(g.state().to_move, Some(2));
    let mut g = puhulmutu(&["end_fours=taken_ends_turn"], &pits, &[20, 22], 1, &vars);
    play(&mut g, "5");
    assert_eq!(g.state().pits, [3, 0, 0, 0, 0, 1, 0, 2, 1, 1, 1, 1, 1, 1]);
    assert_eq!(g.state().stores, [24, 22]);
    assert_eq!(g.state().to_move, Some(2));
}
