//! Ruma rules from docs/readings.md checked on hand-made positions: ownership and labels, the empty-pocket
//! rule, last_in_ruma, a pocket sowing round again, automatic passes and penalties, players out,
//! wins by emptying.

mod common;

use std::sync::Arc;

use sowlab::Event;
use sowlab::{Game, Position};

use common::*;

fn game_at(sets: &[&str], pits: Vec<i64>, penalties: Vec<i64>, to_move: usize) -> Game {
    let rule = load("ruma");
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let opts = options(&rule, &sets);
    let pos = Position {
        pits,
        penalties: Some(penalties),
        to_move: Some(to_move),
        ..Position::default()
    };
    Game::with_position(Arc::clone(&rule), opts, &pos).unwrap()
}

/// Canonical pits from rows S, E, N, W.
fn rows(s: [i64; 6], e: [i64; 6], n: [i64; 6], w: [i64; 6]) -> Vec<i64> {
    [s, e, n, w].concat()
}

#[test]
fn ownership_turns_and_labels() {
    for (players, owners) in [(2, [1, 2, 1, 2]), (3, [1, 2, 1, 3]), (4, [1, 2, 3, 4])] {
        let rule = load("ruma");
        let opts = options(&rule, &[format!("players={players}")]);
        let g = Game::new(Arc::clone(&rule), opts).unwrap();
        let b = g.board();
        assert_eq!(b.layout.rows.len(), 4);
        for (r, row) in b.layout.rows.iter().enumerate() {
            assert_eq!(row.owner, owners[r], "{players} players, row {}", row.name);
            // The row's ruma follows it on the track and belongs to its owner.
            let ruma = b.layout.next[*row.pits.last().unwrap()];
            assert_eq!(b.layout.pits[ruma].owner, owners[r]);
            assert_eq!(b.layout.stores[r], ruma, "stores are listed S, E, N, W");
        }
        assert_eq!(b.layout.track.len(), 28);
        let s = g.state();
        assert_eq!(s.pits, vec![4; 24]);
        assert_eq!(s.stores, vec![0; 4]);
        assert_eq!(s.penalties, vec![0; players]);
        assert_eq!(s.to_move, Some(1));
    }
    // Two-row players name the row; one-row players may write the number alone.
    let rule = load("ruma_3p");
    let mut g = Game::new(Arc::clone(&rule), options(&rule, &[])).unwrap();
    assert_eq!(
        g.legal_labels().unwrap()[..2],
        ["S1".to_string(), "S2".to_string()]
    );
    g.play("N1").unwrap();
    assert_eq!(g.state().to_move, Some(2));
    g.play("2").unwrap();
    assert_eq!(g.history[1].label, "E2");
    g.play("W1").unwrap();
    assert_eq!(g.state().to_move, Some(1));
}

#[test]
fn last_ball_may_not_fall_into_an_empty_pocket() {
    // S1 (1) would end in the empty S2; S3 (1) ends in S4 (2): only S3 is legal... and S5 (2)
    // ends in ruma S, legal unless last_in_ruma is forbidden.
    let pits = rows([1, 0, 1, 2, 2, 0], [1, 1, 0, 0, 0, 0], [0; 6], [0; 6]);
    let g = game_at(&[], pits.clone(), vec![0, 0], 1);
    assert_eq!(g.legal_labels().unwrap(), vec!["S3", "S5"]);
    let g = game_at(&["last_in_ruma=forbidden"], pits, vec![0, 0], 1);
    assert_eq!(g.legal_labels().unwrap(), vec!["S3"]);
    let mut g = game_at(
        &[],
        rows([0, 0, 0, 0, 2, 0], [1, 1, 0, 0, 0, 0], [0; 6], [0; 6]),
        vec![0, 0],
        1,
    );
    let e = g.play("S1").unwrap_err().one_line();
    assert_eq!(e, "illegal move `S1`: player 1 to move; legal moves are S5");
    // Ending in a ruma gives no extra turn.
    g.play("S5").unwrap();
    assert_eq!(g.state().stores, vec![1, 0, 0, 0]);
    assert_eq!(g.state().to_move, Some(2));
}

#[test]
fn a_big_pocket_sows_round_again_into_itself() {
    // 30 balls from S1 go round the 28 pits: S1 itself gets one, S2 and S3 two.
    let mut g = game_at(
        &[],
        rows([30, 1, 1, 0, 0, 0], [1; 6], [1; 6], [1; 6]),
        vec![0, 0],
        1,
    );
    g.play("S1").unwrap();
    let s = g.state();
    assert_eq!(s.pits[..6], [1, 3, 3, 1, 1, 1]);
    assert_eq!(s.pits[6..], [2; 18]);
    assert_eq!(s.stores, vec![1, 1, 1, 1]);
}

#[test]
fn passes_are_automatic_with_a_penalty() {
    // After S3, E (player 2) can only play E1 (1) into the empty E2: he passes, takes a penalty
    // and player 1 moves again.
    let pits = rows([0, 0, 1, 2, 2, 2], [1, 0, 0, 0, 0, 0], [0; 6], [0; 6]);
    let mut g = game_at(&[], pits, vec![0, 3], 1);
    g.play("S3").unwrap();
    let s = g.state();
    assert_eq!(s.penalties, vec![0, 4]);
    assert_eq!(s.to_move, Some(1));
    assert!(g.history[0].events.contains(&Event::Pass { player: 2 }));
}

#[test]
fn two_players_losing_on_penalties() {
    let pits = rows([0, 0, 1, 2, 2, 2], [1, 0, 0, 0, 0, 0], [0; 6], [0; 6]);
    let mut g = game_at(&[], pits, vec![0, 11], 1);
    g.play("S3").unwrap();
    let s = g.state();
    assert!(s.over);
    assert_eq!(s.winner, Some(1));
    assert_eq!(s.penalties, vec![0, 12]);
    assert!(g.legal().unwrap().is_empty());
}

#[test]
fn three_players_one_out_the_others_play_on() {
    // Player 2 (E) cannot move and reaches 12: he is out; player 3 (W) moves next, and the turn
    // skips player 2 from then on.
    let pits = rows(
        [0, 0, 1, 2, 2, 2],
        [1, 0, 0, 0, 0, 0],
        [0; 6],
        [2, 2, 2, 2, 2, 0],
    );
    let mut g = game_at(&["players=3"], pits, vec![0, 11, 0], 1);
    g.play("S3").unwrap();
    let s = g.state();
    assert!(!s.over);
    assert_eq!(s.penalties, vec![0, 12, 0]);
    assert_eq!(s.to_move, Some(3));
    g.play("W1").unwrap();
    assert_eq!(g.state().to_move, Some(1));
    // The out player's pockets are still sown into.
    g.play("S4").unwrap();
    assert_eq!(g.state().to_move, Some(3));
}

#[test]
fn last_player_left_wins() {
    // Four players; 2 and 4 are out; 3 cannot move and takes his 12th penalty: 1 is left and wins.
    let pits = rows([0, 0, 1, 2, 2, 2], [0; 6], [1, 0, 0, 0, 0, 0], [0; 6]);
    let mut g = game_at(&["players=4"], pits, vec![0, 12, 11, 12], 1);
    g.play("3").unwrap();
    let s = g.state();
    assert!(s.over);
    assert_eq!(s.winner, Some(1));
    assert_eq!(s.penalties, vec![0, 12, 12, 12]);
}

#[test]
fn emptying_all_pockets_wins() {
    // Player 1's only balls: S6 (2) into ruma S and E1 (1).
    let mut g = game_at(
        &[],
        rows([0, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0], [0; 6], [0; 6]),
        vec![5, 0],
        1,
    );
    g.play("S6").unwrap();
    let s = g.state();
    assert!(s.over);
    assert_eq!(s.winner, Some(1));
    assert_eq!(s.penalties, vec![5, 0]);
}
