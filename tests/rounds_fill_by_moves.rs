//! The holes filled for a round by both players' moves, in turn (`rounds.fill_by_moves`,
//! `choose_filled: each`), the last few seeds in one more hole (`rounds.fill_part`): from a
//! position to the position after each fill.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use sowlab::{Game, Rule};

mod common;

use common::{play_steps, rounds_error, summary, two_row_game as at, two_row_rule as rule, var};

/// Rounds of 2 seeds a hole (three holes a row, twelve seeds), won by the most seeds held; a
/// player holding more than half ends the round, and the player to move fills first.
fn rounds(extra: &str) -> String {
    format!("  rounds: {{ fill: 2, fill_from: left, winner: most_seeds, fill_by_moves: true{extra} }}\n  end:\n    - {{ when: majority, then: round, starter: to_move }}\n    - {{ when: no_move, sweep: owners, then: round, starter: to_move }}\n")
}

/// S3 (1) into South's store: 7 of 12, the round ends with North to move; North's two seeds in
/// N1 go to him (5).
fn round_ended(r: &std::sync::Arc<Rule>) -> Game {
    let mut g = at(r, &[0, 0, 1], &[2, 0, 0], [6, 3]);
    g.play("3").unwrap();
    g
}

#[test]
fn the_players_fill_their_holes_in_turn_from_the_left_the_last_few_in_one_more() {
    let r = rule("by_moves_a", 3, &rounds(", fill_part: true"));
    let mut g = round_ended(&r);
    // Every hole empty and open, the seeds in the stores; South fills three holes (7: three
    // twos), North three (5: two twos and one); North, to move, fills first: his leftmost hole.
    assert_eq!(
        summary(&g),
        (vec![0, 0, 0, 0, 0, 0], vec![7, 5], Some(2), false, None)
    );
    assert!(g.state().closed.is_empty());
    assert_eq!(var(&g, "fills_left"), Some(6));
    assert_eq!(g.legal_labels().unwrap(), ["1"]);
    let status = sowlab::render::status(&g.board());
    assert!(
        status.contains("player 2 to move: fills a hole of his for the round (6 to fill"),
        "{status}"
    );
    assert!(g.play("2").is_err(), "only the next hole from the left");
    // In turn: N1, S1, N2, S2, N3 (North's last seed), S3.
    let steps: [(&str, [i64; 6], [i64; 2], usize); 6] = [
        ("1", [0, 0, 0, 2, 0, 0], [7, 3], 1),
        ("1", [2, 0, 0, 2, 0, 0], [5, 3], 2),
        ("2", [2, 0, 0, 2, 2, 0], [5, 1], 1),
        ("2", [2, 2, 0, 2, 2, 0], [3, 1], 2),
        ("3", [2, 2, 0, 2, 2, 1], [3, 0], 1),
        // South's last fill: the player after him, North, starts the round.
        ("3", [2, 2, 2, 2, 2, 1], [1, 0], 2),
    ];
    play_steps(&mut g, &steps);
    assert_eq!(var(&g, "fills_left"), Some(0));
    assert_eq!(var(&g, "round_starter"), Some(2));
    assert!(g.state().closed.is_empty());
    // The round is played: North sows from his holes, the one of a single seed too.
    assert_eq!(g.legal_labels().unwrap(), ["1", "2", "3"]);
    assert!(sowlab::render::status(&g.board()).ends_with("player 2 to move\n"));
}

#[test]
fn without_fill_part_a_player_short_of_a_hole_is_passed_over_and_the_rest_close() {
    let r = rule("by_moves_b", 3, &rounds(""));
    let mut g = round_ended(&r);
    assert_eq!(var(&g, "fills_left"), Some(5));
    // N1, S1, N2, S2; North (1 seed left) cannot fill: South fills S3 too.
    for (mv, next) in [("1", 1), ("1", 2), ("2", 1), ("2", 1)] {
        g.play(mv).unwrap();
        assert_eq!(g.state().to_move, Some(next), "after {mv}");
    }
    g.play("3").unwrap();
    // N3 (index 5) closes; North, after South's last fill, starts.
    assert_eq!(
        summary(&g),
        (vec![2, 2, 2, 2, 2, 0], vec![1, 1], Some(2), false, None)
    );
    assert_eq!(g.state().closed, [5]);
    assert_eq!(g.legal_labels().unwrap(), ["1", "2"]);
}

#[test]
fn with_choose_filled_each_a_player_fills_any_empty_hole_of_his() {
    let r = rule("by_moves_c", 3, &rounds(", choose_filled: each"));
    let mut g = round_ended(&r);
    assert_eq!(g.legal_labels().unwrap(), ["1", "2", "3"]);
    g.play("3").unwrap();
    assert_eq!(g.legal_labels().unwrap(), ["1", "2", "3"]);
    g.play("2").unwrap();
    assert_eq!(g.legal_labels().unwrap(), ["1", "2"]);
    assert!(g.play("3").is_err(), "a filled hole is no choice");
    g.play("1").unwrap();
    assert_eq!(
        summary(&g),
        (vec![0, 2, 0, 2, 0, 2], vec![5, 1], Some(1), false, None)
    );
    // North cannot fill a third: South fills his last two, and North starts; N2 closes.
    g.play("3").unwrap();
    assert_eq!(g.state().to_move, Some(1));
    g.play("1").unwrap();
    assert_eq!(
        summary(&g),
        (vec![2, 2, 2, 2, 0, 2], vec![1, 1], Some(2), false, None)
    );
    assert_eq!(g.state().closed, [4]);
}

#[test]
fn agents_and_undo_play_the_fills_like_any_move() {
    use sowlab::{Agent, Rng};
    let r = rule(
        "by_moves_d",
        3,
        &rounds(", choose_filled: each, fill_part: true"),
    );
    let mut g = round_ended(&r);
    let choices = g.legal().unwrap();
    let mut rng = Rng::new(7);
    for a in ["random", "greedy", "alphabeta:4", "mcts:30"] {
        let mv = Agent::parse(a)
            .unwrap()
            .choose(&r, g.current(), &mut rng)
            .unwrap();
        assert!(choices.contains(&mv), "{a} chose {mv}");
    }
    let before = summary(&g);
    g.play("2").unwrap();
    g.undo();
    assert_eq!(summary(&g), before);
    assert_eq!(var(&g, "fills_left"), Some(6));
}

#[test]
fn a_bad_fill_by_moves_is_a_one_line_error() {
    for (extra, want) in [
        (
            ", fill_by_moves: true, choose_filled: loser",
            "write `choose_filled: each` or `nobody`, not `loser`",
        ),
        (
            ", fill_by_moves: true, refill: loser",
            "`fill_by_moves` needs `refill: both`",
        ),
        (
            ", choose_filled: each, tally: rounds_won, tally_to: 2",
            "`choose_filled` and `fill_by_moves` need `winner: most_seeds` and no `tally`",
        ),
        (
            ", fill_part: true, tally: rounds_won, tally_to: 2",
            "`fill_part` needs `winner: most_seeds`, no `tally`, and no `territory` unless its holes are owned by filling",
        ),
        (", fill_by_moves: yes", "fill_by_moves"),
    ] {
        let e = rounds_error(extra);
        assert!(e.contains(want) && !e.contains('\n'), "{e}");
    }
}

#[test]
fn rounds_no_check_ends_are_not_played_and_declare_no_variables() {
    // (an option may turn a rule's rounds off: `then: $row_empty` read as `most_seeds`)
    let r = rule(
        "by_moves_e",
        3,
        "  rounds: { fill: 2, winner: most_seeds, fill_by_moves: true }\n  end:\n    - { when: no_move, sweep: owners, then: most_seeds }\n",
    );
    let mut g = at(&r, &[0, 0, 1], &[1, 0, 0], [5, 5]);
    assert!(g.state().vars.is_empty(), "{:?}", g.state().vars);
    // S3 into South's store, North's N1 into N2; South cannot move: the game ends, drawn.
    g.play("3").unwrap();
    g.play("1").unwrap();
    assert_eq!(
        summary(&g),
        (vec![0, 0, 0, 0, 0, 0], vec![6, 6], None, true, None)
    );
}
