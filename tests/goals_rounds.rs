//! The declared goals, ends and round set-ups of issue #22's goals group, each from a position
//! to the position after one move: `opponent_empty`, `opponent_no_move`, `left_at_most`, `holes_at_most`, `moves.feed_always`, the
//! outcomes `mover_loses` and `to_move_loses`, refilling `fill_from: outside_in`, and rounds
//! scored into a `tally`.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::sync::Arc;

use sowlab::{Rule, RulePath};

mod common;
use common::scratch;

use common::{summary, two_row_game as at, two_row_rule as rule};

const DEPRIVE: &str = "  capture:\n    opposite: {}\n  end:\n    - { when: opponent_empty, before_turn: true, then: mover_wins }\n    - { when: mover_empty, before_turn: true, then: mover_loses }\n    - { when: no_move, then: to_move_loses }\n";

#[test]
fn taking_the_opponents_last_seeds_wins_whatever_the_stores_hold() {
    let r = rule("deprive_a", 3, DEPRIVE);
    // S1 (1) into S2 (empty): S2 and N2 (3) captured; North has no seeds left: South wins,
    // though North's store holds more.
    let mut g = at(&r, &[1, 0, 0], &[0, 3, 0], [0, 10]);
    g.play("1").unwrap();
    assert_eq!(summary(&g), (vec![0; 6], vec![4, 10], None, true, Some(1)));
}

#[test]
fn emptying_your_own_holes_loses_whatever_the_stores_hold() {
    let r = rule("deprive_b", 3, DEPRIVE);
    // S3 (1) into South's store: South's holes are empty, North's are not: North wins.
    let mut g = at(&r, &[0, 0, 1], &[0, 3, 0], [10, 0]);
    g.play("3").unwrap();
    assert_eq!(
        summary(&g),
        (vec![0, 0, 0, 0, 3, 0], vec![11, 0], None, true, Some(2))
    );
    // With seeds left on both sides the game goes on.
    let mut g = at(&r, &[0, 1, 1], &[0, 3, 0], [10, 0]);
    g.play("3").unwrap();
    assert_eq!(summary(&g).2, Some(2));
}

#[test]
fn leaving_the_opponent_no_move_wins() {
    let r = rule(
        "immobilize",
        3,
        "  capture:\n    opposite: {}\n  end:\n    - { when: opponent_no_move, before_turn: true, then: mover_wins }\n    - { when: no_move, then: to_move_loses }\n",
    );
    let mut g = at(&r, &[1, 0, 1], &[0, 3, 0], [0, 10]);
    g.play("1").unwrap();
    assert_eq!(
        summary(&g),
        (vec![0, 0, 1, 0, 0, 0], vec![4, 10], None, true, Some(1))
    );
}

#[test]
fn the_player_to_move_without_a_move_loses() {
    // No check before the turn: North, to move after S3, has nothing to play and loses.
    let r = rule(
        "to_move_loses",
        3,
        "  end:\n    - { when: no_move, then: to_move_loses }\n",
    );
    let mut g = at(&r, &[0, 0, 1], &[0, 0, 0], [0, 10]);
    g.play("3").unwrap();
    assert!(summary(&g).3);
    assert_eq!(summary(&g).4, Some(1));
}

#[test]
fn a_few_seeds_left_end_the_game_at_the_limit() {
    let end = |limit: i64| {
        format!("  end:\n    - {{ when: left_at_most, limit: {limit}, before_turn: true, sweep: owners, then: most_seeds }}\n")
    };
    // S3 (1) into the store leaves N1 and N3 (2 seeds): at most 2: they go to North, 6 - 2.
    let r = rule("left_2", 3, &end(2));
    let mut g = at(&r, &[0, 0, 1], &[1, 0, 1], [5, 0]);
    g.play("3").unwrap();
    assert_eq!(summary(&g), (vec![0; 6], vec![6, 2], None, true, Some(1)));
    // A limit of 1: two seeds left, play goes on.
    let r = rule("left_1", 3, &end(1));
    let mut g = at(&r, &[0, 0, 1], &[1, 0, 1], [5, 0]);
    g.play("3").unwrap();
    assert_eq!(summary(&g).2, Some(2));
}

#[test]
fn holes_holding_single_seeds_at_most_end_the_game() {
    let end = "  end:\n    - { when: holes_at_most, limit: 1, sweep: owners, then: most_seeds }\n";
    // S2 (2) into S3 and the store: no hole holds more than one: each side to its owner, 5 + 1 + 1 - 2.
    let r = rule("holes_1", 3, end);
    let mut g = at(&r, &[0, 2, 0], &[1, 0, 1], [5, 0]);
    g.play("2").unwrap();
    assert_eq!(summary(&g), (vec![0; 6], vec![7, 2], None, true, Some(1)));
    // N1 holds 2: play goes on.
    let mut g = at(&r, &[0, 2, 0], &[2, 0, 1], [5, 0]);
    g.play("2").unwrap();
    assert_eq!(summary(&g).2, Some(2));
}

#[test]
fn feed_always_refuses_a_move_taking_the_opponents_last_seeds() {
    let feed = |always: bool| {
        format!("  moves: {{ must_feed: true, feed_after_captures: true, feed_always: {always} }}\n  capture:\n    opposite: {{}}\n  end:\n    - {{ when: no_move, sweep: owners, then: most_seeds }}\n")
    };
    // S1 (1) into S2, empty, would take N2's 3, all North holds: refused with feed_always,
    // though North has seeds before the move; S3 into the store leaves him his.
    let r = rule("feed_always", 3, &feed(true));
    let mut g = at(&r, &[1, 0, 1], &[0, 3, 0], [0, 0]);
    assert!(g.play("1").is_err());
    g.play("3").unwrap();
    assert_eq!(summary(&g).2, Some(2));
    // Without it, must_feed asks nothing of a move while North holds seeds: S1 takes 4, North
    // cannot move and South's S3 goes to him.
    let r = rule("feed_when_empty", 3, &feed(false));
    let mut g = at(&r, &[1, 0, 1], &[0, 3, 0], [0, 0]);
    g.play("1").unwrap();
    assert_eq!(summary(&g).1, vec![5, 0]);
    // feed_always alone is refused at load, naming what it needs.
    let text = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 2 }\n    - { row: N, owner: 2, holes: 3, seeds: 2 }\nsowing: {}\npipeline:\n  moves: { feed_always: true }\n";
    let e = Rule::data_from_text(text.to_string(), std::path::Path::new("t.yaml")).unwrap_err();
    assert!(e.to_string().contains("feed_always needs must_feed"), "{e}");
}

#[test]
fn opponent_empty_ends_after_the_move_that_empties_him() {
    let r = rule(
        "cleared_opp",
        3,
        "  capture:\n    opposite: {}\n  end:\n    - { when: opponent_empty, before_turn: true, sweep: owners, then: most_seeds }\n",
    );
    // S1 captures N2's 3 (4 with the sower's seed); South's S3 goes to South: 5 - 10, North wins.
    let mut g = at(&r, &[1, 0, 1], &[0, 3, 0], [0, 10]);
    g.play("1").unwrap();
    assert_eq!(summary(&g), (vec![0; 6], vec![5, 10], None, true, Some(2)));
}

#[test]
fn outside_in_refills_alternately_from_both_ends() {
    let r = rule(
        "outside_in",
        4,
        "  end:\n    - { when: to_move_empty, sweep: owners, then: round, starter: to_move }\n  rounds: { fill: 2, fill_from: outside_in, winner: most_seeds }\n",
    );
    // S4 (1) into the store: North cannot move, the round ends. South holds 9: four holes and
    // one seed over; North holds 7: three holes, from his right end inwards (N4, N1, N3), N2
    // closed.
    let mut g = at(&r, &[0, 0, 0, 1], &[0, 0, 0, 0], [8, 7]);
    g.play("4").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![2, 2, 2, 2, 2, 0, 2, 2]);
    assert_eq!(s.stores, vec![1, 1]);
    assert_eq!(s.closed, vec![5]);
    // South holds 5: two holes, from his left end inwards (S1, S4); S2 and S3 closed. North 11.
    let mut g = at(&r, &[0, 0, 0, 1], &[0, 0, 0, 0], [4, 11]);
    g.play("4").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![2, 0, 0, 2, 2, 2, 2, 2]);
    assert_eq!(s.stores, vec![1, 3]);
    assert_eq!(s.closed, vec![1, 2]);
}

fn tally_rule(name: &str, tally: &str, to: i64) -> Arc<Rule> {
    rule(
        name,
        3,
        &format!("  end:\n    - {{ when: to_move_empty, sweep: owners, then: round, starter: loser }}\n  rounds: {{ fill: 2, winner: most_seeds, tally: {tally}, tally_to: {to} }}\n"),
    )
}

#[test]
fn a_tallied_round_scores_and_starts_afresh() {
    // S3 (1) into the store: North cannot move; South holds 7 of 12: a point (not 9, three
    // quarters, for a second). The board is set up afresh and the loser, North, starts.
    let r = tally_rule("points_a", "points", 3);
    let mut g = at(&r, &[0, 0, 1], &[0, 0, 0], [6, 5]);
    g.play("3").unwrap();
    let s = g.state();
    assert_eq!(
        (s.pits.clone(), s.stores.clone(), s.to_move, s.over),
        (vec![2; 6], vec![0, 0], Some(2), false)
    );
    assert_eq!(s.vars.get("tally_1"), Some(&1));
    assert_eq!(s.vars.get("tally_2"), Some(&0));
    assert_eq!(s.vars.get("round"), Some(&2));
    // Holding 9 of 12 is worth two points: enough for a match to 2.
    let r = tally_rule("points_b", "points", 2);
    let mut g = at(&r, &[0, 0, 1], &[0, 0, 0], [8, 3]);
    g.play("3").unwrap();
    assert!(summary(&g).3);
    assert_eq!(summary(&g).4, Some(1));
    // Seeds held: 7 and 5 are added; North reaching 5 first wins a match to 5.
    let r = tally_rule("seeds", "seeds_held", 5);
    let mut g = at(&r, &[0, 0, 1], &[0, 0, 0], [6, 5]);
    g.play("3").unwrap();
    let s = g.state();
    assert!(s.over);
    assert_eq!(
        s.winner,
        Some(1),
        "both reached 5: the bigger tally, 7, wins"
    );
    let r = tally_rule("seeds_b", "seeds_held", 6);
    let mut g = at(&r, &[0, 0, 1], &[0, 0, 0], [4, 7]);
    g.play("3").unwrap();
    assert_eq!(
        (g.state().over, g.state().winner),
        (true, Some(2)),
        "North holds 7 and reached 6, South 5 did not"
    );
}

#[test]
fn a_tally_without_most_seeds_or_a_target_is_refused() {
    let dir = scratch("goals");
    let file = dir.join("bad.yaml");
    std::fs::write(
        &file,
        "name: bad\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 2 }\n    - { row: N, owner: 2, holes: 3, seeds: 2 }\npipeline:\n  end:\n    - { when: to_move_empty, then: round }\n  rounds: { fill: 2, tally: points }\n",
    )
    .unwrap();
    let e = Rule::load(file.to_str().unwrap(), RulePath::builtin())
        .unwrap_err()
        .one_line();
    assert!(e.contains("`tally` needs `winner: most_seeds`"), "{e}");
    std::fs::write(
        &file,
        "name: bad\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 2 }\n    - { row: N, owner: 2, holes: 3, seeds: 2 }\npipeline:\n  end:\n    - { when: to_move_empty, then: round }\n  rounds: { fill: 2, winner: most_seeds, tally: goals, tally_to: 3 }\n",
    )
    .unwrap();
    let e = Rule::load(file.to_str().unwrap(), RulePath::builtin())
        .unwrap_err()
        .one_line();
    assert!(
        e.contains("unknown variant `goals`") && e.contains("`points`"),
        "{e}"
    );
}
