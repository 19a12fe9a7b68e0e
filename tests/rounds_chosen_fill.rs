//! The holes filled for a round chosen by the round's loser (`rounds.choose_filled: loser`),
//! one hole a move, from a position to the position after one move; and MancalaGames'
//! `round_fill=UCHOOSE` translated into it.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::path::Path;

use sowlab::import::mancalagames::rule_text;
use sowlab::{Game, Position};

mod common;

use common::{rounds_error, summary, two_row_game as at, two_row_rule as rule, var};

/// Rounds of 2 seeds a hole (three holes a row, twelve seeds), won by the most seeds held; a
/// player holding more than half ends the round, and the round's winner starts the next.
fn rounds(choose: &str) -> String {
    format!("  rounds: {{ fill: 2, winner: most_seeds, close_unfilled: true{choose} }}\n  end:\n    - {{ when: majority, then: round, starter: winner }}\n    - {{ when: no_move, sweep: owners, then: round, starter: winner }}\n")
}

#[test]
fn the_rounds_loser_chooses_the_holes_he_fills_one_a_move() {
    let r = rule("chosen_a", 3, &rounds(", choose_filled: loser"));
    // S3 (1) into South's store: 7 of 12, South wins the round. North's two seeds in N1 go to
    // him (5): he can fill two holes of his three, and chooses them; his holes wait empty and
    // open, his five seeds in his store. South fills all three (one seed left in his store).
    let mut g = at(&r, &[0, 0, 1], &[2, 0, 0], [6, 3]);
    g.play("3").unwrap();
    assert_eq!(
        summary(&g),
        (vec![2, 2, 2, 0, 0, 0], vec![1, 5], Some(2), false, None)
    );
    assert!(g.state().closed.is_empty());
    assert_eq!(var(&g, "fill_choices"), Some(2));
    assert_eq!(g.legal_labels().unwrap(), ["1", "2", "3"]);
    assert!(
        sowlab::render::status(&g.board())
            .contains("player 2 to move: chooses the holes he fills for the round (2 more)"),
        "{}",
        sowlab::render::status(&g.board())
    );
    // N3: filled with two seeds from his store; he chooses again.
    g.play("3").unwrap();
    assert_eq!(
        summary(&g),
        (vec![2, 2, 2, 0, 0, 2], vec![1, 3], Some(2), false, None)
    );
    assert_eq!(var(&g, "fill_choices"), Some(1));
    assert_eq!(g.legal_labels().unwrap(), ["1", "2"]);
    // N1, his last: N2 (not chosen) closes and the round's starter, its winner South, moves.
    g.play("1").unwrap();
    assert_eq!(
        summary(&g),
        (vec![2, 2, 2, 2, 0, 2], vec![1, 1], Some(1), false, None)
    );
    assert_eq!(var(&g, "fill_choices"), Some(0));
    assert_eq!(g.state().closed, [4]);
    assert_eq!(g.legal_labels().unwrap(), ["1", "2", "3"]);
    assert!(sowlab::render::status(&g.board()).ends_with("player 1 to move\n"));
}

#[test]
fn without_the_choice_the_holes_are_filled_from_fill_from() {
    let r = rule("chosen_b", 3, &rounds(""));
    let mut g = at(&r, &[0, 0, 1], &[2, 0, 0], [6, 3]);
    g.play("3").unwrap();
    // North's two holes filled at once from fill_from's end, the third closed, South moves.
    assert_eq!(
        summary(&g),
        (vec![2, 2, 2, 0, 2, 2], vec![1, 1], Some(1), false, None)
    );
    assert_eq!(g.state().closed, [3]);
    assert_eq!(var(&g, "fill_choices"), None);
}

#[test]
fn a_loser_who_fills_every_hole_has_no_choice() {
    let r = rule("chosen_c", 3, &rounds(", choose_filled: loser"));
    // Fourteen seeds: S3 into South's store gives him 8, the round; North holds 6, enough for
    // his three holes: nothing to choose, the winner South starts.
    let mut g = at(&r, &[0, 0, 1], &[2, 0, 0], [7, 4]);
    g.play("3").unwrap();
    assert_eq!(var(&g, "fill_choices"), Some(0));
    assert_eq!(g.state().to_move, Some(1));
    assert!(g.state().closed.is_empty());
}

#[test]
fn a_choice_pending_in_a_position_is_played_from_it() {
    // A position given with the choice pending (North to choose one hole more) plays on.
    let r = rule("chosen_d", 3, &rounds(", choose_filled: loser"));
    let pos = Position {
        pits: vec![2, 2, 2, 0, 2, 0],
        stores: Some(vec![1, 3]),
        to_move: Some(2),
        vars: [
            ("fill_choices".to_string(), 1),
            ("round_starter".to_string(), 1),
        ]
        .into_iter()
        .collect(),
        ..Position::default()
    };
    let mut g =
        Game::with_position(r.clone(), r.resolve_options::<&str>(&[]).unwrap(), &pos).unwrap();
    assert_eq!(g.legal_labels().unwrap(), ["1", "3"]);
    assert!(g.play("2").is_err(), "a full hole is no choice");
    g.play("1").unwrap();
    assert_eq!(
        summary(&g),
        (vec![2, 2, 2, 2, 2, 0], vec![1, 1], Some(1), false, None)
    );
    assert_eq!(g.state().closed, [5]);
}

#[test]
fn a_bad_choose_filled_is_a_one_line_error() {
    for (extra, want) in [
        (", choose_filled: winner", "winner"),
        (
            ", choose_filled: loser, tally: rounds_won, tally_to: 2",
            "`choose_filled` and `fill_by_moves` need `winner: most_seeds` and no `tally`",
        ),
    ] {
        let e = rounds_error(extra);
        assert!(e.contains(want) && !e.contains('\n'), "{e}");
    }
}

#[test]
fn round_fill_uchoose_is_the_losers_choice_of_the_holes_filled() {
    let file = r#"{"game_class": "Mancala", "game_constants": {"holes": 6, "nbr_start": 4}, "game_info": {"blocks": true, "rounds": 1, "round_fill": 6, "stores": true}}"#;
    let (y, _) = rule_text(Path::new("choose.txt"), file).unwrap();
    assert!(
        y.contains("rounds: { fill: $seeds, fill_from: outside_in, winner: most_seeds, min_holes: 1, close_unfilled: true, choose_filled: loser }"),
        "{y}"
    );
}

#[test]
fn agents_choose_the_holes_filled_like_any_move() {
    use sowlab::{Agent, Rng};
    let r = rule("chosen_e", 3, &rounds(", choose_filled: loser"));
    let mut g = at(&r, &[0, 0, 1], &[2, 0, 0], [6, 3]);
    g.play("3").unwrap();
    let choices = g.legal().unwrap();
    assert_eq!(choices.len(), 3);
    let mut rng = Rng::new(7);
    for a in ["random", "greedy", "alphabeta:4", "mcts:30"] {
        let mv = Agent::parse(a)
            .unwrap()
            .choose(&r, g.current(), &mut rng)
            .unwrap();
        assert!(choices.contains(&mv), "{a} chose {mv}");
        // (the agent's choice plays: a hole filled, the choice going on)
        let mut h = at(&r, &[0, 0, 1], &[2, 0, 0], [6, 3]);
        h.play("3").unwrap();
        h.play_pit(mv).unwrap();
        assert_eq!(var(&h, "fill_choices"), Some(1), "{a}");
    }
}

/// Rounds where only the loser's row is refilled, nothing swept: `refill: loser`.
fn loser_only(choose: &str) -> String {
    format!("  rounds: {{ fill: 2, winner: most_seeds, close_unfilled: true, refill: loser{choose} }}\n  end:\n    - {{ when: no_move, then: round, starter: winner }}\n")
}

#[test]
fn only_the_losers_row_is_refilled_the_winners_seeds_staying() {
    let r = rule("loser_a", 3, &loser_only(""));
    // S3 (1) into South's store; North cannot move: the round ends, nothing swept. South holds
    // 5 and 2 in his holes (7), North 5: South wins. North's row alone is refilled: two holes
    // of two seeds from his store, the third closed, one seed left; South's row stays.
    let mut g = at(&r, &[1, 1, 1], &[0, 0, 0], [4, 5]);
    g.play("3").unwrap();
    assert_eq!(
        summary(&g),
        (vec![1, 1, 0, 0, 2, 2], vec![5, 1], Some(1), false, None)
    );
    assert_eq!(g.state().closed, [3]);
    // With the choice, North chooses his two holes, South's row staying as it is.
    let r = rule("loser_b", 3, &loser_only(", choose_filled: loser"));
    let mut g = at(&r, &[1, 1, 1], &[0, 0, 0], [4, 5]);
    g.play("3").unwrap();
    assert_eq!(
        summary(&g),
        (vec![1, 1, 0, 0, 0, 0], vec![5, 5], Some(2), false, None)
    );
    g.play("1").unwrap();
    g.play("3").unwrap();
    assert_eq!(
        summary(&g),
        (vec![1, 1, 0, 2, 0, 2], vec![5, 1], Some(1), false, None)
    );
    assert_eq!(g.state().closed, [4]);
}

#[test]
fn a_level_round_or_a_winner_without_a_move_ends_the_match() {
    let r = rule("loser_c", 3, &loser_only(""));
    // 6 (5 and S1's seed) against 6: level, the match is drawn, the board as the round left it.
    let mut g = at(&r, &[1, 0, 1], &[0, 0, 0], [4, 6]);
    g.play("3").unwrap();
    assert_eq!(
        summary(&g),
        (vec![1, 0, 0, 0, 0, 0], vec![5, 6], None, true, None)
    );
    // South wins the round (7 to 5) with no seed left in his holes: no move, the match is his.
    let mut g = at(&r, &[0, 0, 1], &[0, 0, 0], [6, 5]);
    g.play("3").unwrap();
    assert_eq!(
        summary(&g),
        (vec![0, 0, 0, 0, 0, 0], vec![7, 5], None, true, Some(1))
    );
}

#[test]
fn round_fill_loser_only_refills_the_losers_row_by_his_choice() {
    let file = r#"{"game_class": "Mancala", "game_constants": {"holes": 7, "nbr_start": 5}, "game_info": {"blocks": true, "rounds": 2, "round_fill": 10, "stores": true}}"#;
    let (y, _) = rule_text(Path::new("loser.txt"), file).unwrap();
    assert!(
        y.contains("close_unfilled: true, choose_filled: loser, refill: loser }")
            && y.contains("- { when: no_move, sweep: none, then: round, starter: alternate }")
            && !y.contains("sweep: owners, then: round"),
        "{y}"
    );
}
