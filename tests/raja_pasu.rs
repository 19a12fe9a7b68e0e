//! Raja Pasu rules from docs/readings.md checked on hand-made positions: the worked example of the issue,
//! the endless relay and max_laps, max_turns, the ordinary end of a round, refills and closed
//! holes, a level single round, the end of a match.

mod common;

use std::sync::Arc;

use sowlab::Event;
use sowlab::{Game, Position};

use common::*;

fn game(sets: &[&str]) -> Game {
    let rule = load("raja_pasu");
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let opts = options(&rule, &sets);
    Game::new(Arc::clone(&rule), opts).unwrap()
}

fn game_at(
    sets: &[&str],
    south: [i64; 7],
    north: [i64; 7],
    reserves: [i64; 2],
    to_move: usize,
) -> Game {
    let rule = load("raja_pasu");
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let opts = options(&rule, &sets);
    let pos = Position {
        pits: south.iter().chain(north.iter()).copied().collect(),
        stores: Some(reserves.to_vec()),
        to_move: Some(to_move),
        ..Position::default()
    };
    Game::with_position(Arc::clone(&rule), opts, &pos).unwrap()
}

fn notes(g: &Game) -> Vec<String> {
    g.history
        .last()
        .unwrap()
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Note { kind, .. } => Some(kind.clone()),
            _ => None,
        })
        .collect()
}

/// The example of the issue: South `1 0 2 0 0 0 2`, North `3 1 0 2 0 0 0`, reserves 40/47; South
/// plays 7: N1 reaches 4 and goes to North, N2 becomes 2, N3 is empty so South captures N4 (2).
#[test]
fn worked_example() {
    let mut g = game_at(
        &[],
        [1, 0, 2, 0, 0, 0, 2],
        [3, 1, 0, 2, 0, 0, 0],
        [40, 47],
        1,
    );
    g.play("7").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![1, 0, 2, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0]);
    assert_eq!(s.stores, vec![42, 51]);
    assert_eq!(s.to_move, Some(2));
    let caps: Vec<(String, i64, usize)> = g.history[0]
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Capture {
                pit, seeds, player, ..
            } => Some((g.board().layout.pits[*pit].name.clone(), *seeds, *player)),
            _ => None,
        })
        .collect();
    assert_eq!(caps, vec![("N1".into(), 4, 2), ("N4".into(), 2, 1)]);
}

/// last_seed_four = false: the last seed making 4 is not captured.
#[test]
fn last_seed_four_off_leaves_the_four() {
    // South plays 7 (1 seed) into N1 (3): the last seed makes 4 (North's, when captured); the
    // next hole N2 is empty and beyond it N3 holds 5, which South captures.
    for (four, n1, reserves) in [("true", 0, [45, 48]), ("false", 4, [45, 44])] {
        let set = format!("last_seed_four={four}");
        let mut g = game_at(
            &[&set],
            [1, 0, 2, 0, 0, 0, 1],
            [3, 0, 5, 0, 0, 0, 2],
            [40, 44],
            1,
        );
        g.play("7").unwrap();
        let s = g.state();
        assert_eq!(s.pits[7], n1, "{set}");
        assert_eq!(s.pits[9], 0, "{set}: N3 captured beyond the empty N2");
        assert_eq!(s.stores, reserves.to_vec(), "{set}");
    }
}

/// Readings RP9: after `7 5 1 7 7 2 5 5` South's hole 7 relays for ever; max_laps stops it, the turn
/// passes, each player takes his own row, the player to move (North) starts the next round.
#[test]
fn endless_relay_stops_at_max_laps() {
    for (laps, sets) in [
        (1000, vec![]),
        (5000, vec!["max_laps=5000"]),
        (20, vec!["max_laps=20"]),
    ] {
        let mut g = game(&sets);
        g.play_all(&split("7 5 1 7 7 2 5 5")).unwrap();
        let before = g.board();
        g.play("7").unwrap();
        let after = g.board();
        assert!(
            after.last.stopped,
            "max_laps={laps}: the move should hit the lap limit"
        );
        assert_eq!(after.last.laps, laps);
        assert_eq!(
            notes(&g)[..2],
            ["max_laps".to_string(), "round_end".to_string()]
        );
        let s = g.state();
        assert_eq!(s.vars["round"], 2);
        assert_eq!(s.vars["turns"], 0);
        assert_eq!(
            s.to_move,
            Some(2),
            "the player to move after the stopped move starts"
        );
        // Everything is in play again or in a reserve; nothing is lost.
        assert_eq!(after.total(), before.total());
        // Refill: 7 per hole from the right, closed from the left, surplus in reserve.
        for pl in 0..2 {
            let row = &s.pits[pl * 7..pl * 7 + 7];
            let open = row.iter().filter(|&&c| c == 7).count();
            assert!(row[..7 - open].iter().all(|&c| c == 0));
            assert!(s.stores[pl] < 7 || open == 7);
        }
    }
}

/// A move that hits max_laps and leaves the player to move without seeds ends the round the
/// ordinary way: the mover takes the board and starts the next round.
#[test]
fn max_laps_with_opponent_empty_is_an_ordinary_end() {
    let mut g = game_at(&["max_laps=1"], [1, 1, 1, 0, 0, 0, 0], [0; 7], [50, 45], 1);
    g.play("1").unwrap();
    assert!(g.board().last.stopped);
    let s = g.state();
    assert_eq!(s.stores, vec![53 - 49, 45 - 42]);
    assert_eq!(
        s.to_move,
        Some(1),
        "South took the leftover seeds: South starts"
    );
    assert_eq!(s.closed, vec![7], "North has 45: 6 holes, N1 closed");
    assert_eq!(s.pits, vec![7, 7, 7, 7, 7, 7, 7, 0, 7, 7, 7, 7, 7, 7]);
}

/// max_turns: the round ends after that many moves, each player taking his own row; the player
/// to move starts the next round.
#[test]
fn max_turns_settles_the_round() {
    let mut g = game_at(
        &["max_turns=1"],
        [0, 0, 0, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 0, 1],
        [48, 48],
        1,
    );
    g.play("7").unwrap();
    let s = g.state();
    // South sowed into N1; each took his own row: South 0, North N1 + N7 = 2. South then fills 6
    // holes (42 of 48, S1 closed), North 7 holes (49 of 50).
    assert_eq!(s.stores, vec![6, 1]);
    assert_eq!(s.closed, vec![0]);
    assert_eq!(s.to_move, Some(2));
    assert_eq!(s.vars["round"], 2);
    let caps: Vec<String> = g.history[0]
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Capture { why, player, .. } => Some(format!("{player}:{why}")),
            _ => None,
        })
        .collect();
    assert_eq!(caps, vec!["2:settlement", "2:settlement"]);
    // In round 2 the closed S1 is skipped: North's sowing from N7 goes to S2 (the round then
    // ends again at max_turns = 1).
    g.play("7").unwrap();
    let dropped: Vec<usize> = g.history[1]
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Drop { pit, .. } => Some(*pit),
            _ => None,
        })
        .collect();
    assert_eq!(dropped[0], 1, "the first seed from N7 falls in S2");
    assert!(!dropped.contains(&0), "no seed falls in the closed S1");
}

/// A single round that ends level is a draw; the opponent of the player without seeds takes the
/// board.
#[test]
fn single_round_level_is_a_draw() {
    let mut g = game_at(
        &["rounds=false"],
        [0, 0, 0, 0, 0, 0, 1],
        [0; 7],
        [49, 48],
        1,
    );
    g.play("7").unwrap();
    assert!(!g.state().over);
    g.play("1").unwrap();
    let s = g.state();
    assert!(s.over);
    assert_eq!(s.winner, None);
    assert_eq!(s.stores, vec![49, 49]);
    assert_eq!(s.pits, vec![0; 14]);
    // The same with one seed more for North wins for North.
    let mut g = game_at(
        &["rounds=false"],
        [0, 0, 0, 0, 0, 0, 1],
        [0; 7],
        [48, 49],
        1,
    );
    g.play_all(&split("7 1")).unwrap();
    assert_eq!(g.state().winner, Some(2));
}

/// The match ends when a player cannot fill one hole; the board stays as the round left it.
#[test]
fn match_ends_when_a_player_cannot_fill_a_hole() {
    let rule = load("raja_pasu");
    let pos = Position {
        pits: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0].to_vec(),
        stores: Some(vec![5, 92]),
        closed: vec![0, 1, 2, 3, 4, 5],
        to_move: Some(1),
        ..Position::default()
    };
    let mut g = Game::with_position(Arc::clone(&rule), options(&rule, &[]), &pos).unwrap();
    g.play_all(&split("7 1")).unwrap();
    let s = g.state();
    assert!(s.over);
    assert_eq!(s.winner, Some(2));
    assert_eq!(s.stores, vec![5, 93]);
    assert_eq!(s.closed, vec![0, 1, 2, 3, 4, 5]);
    assert_eq!(s.pits, vec![0; 14]);
    assert!(g.legal().unwrap().is_empty());
}

/// `first` chooses who starts the first round; bad values are refused.
#[test]
fn first_option() {
    assert_eq!(game(&[]).state().to_move, Some(1));
    assert_eq!(game(&["first=north"]).state().to_move, Some(2));
    let rule = load("raja_pasu");
    let e = rule
        .resolve_options(&["first=east"])
        .unwrap_err()
        .one_line();
    assert_eq!(
        e,
        "option `first`: `east` is not allowed (use south | north)"
    );
}

/// max_rounds (our addition, off by default) ends a match after that many rounds.
#[test]
fn max_rounds_ends_the_match() {
    let mut g = game_at(
        &["max_rounds=1"],
        [0, 0, 0, 0, 0, 0, 1],
        [0; 7],
        [60, 37],
        1,
    );
    g.play_all(&split("7 1")).unwrap();
    let s = g.state();
    assert!(s.over);
    assert_eq!(s.winner, Some(1));
    assert_eq!(s.stores, vec![60, 38]);
}

fn split(s: &str) -> Vec<String> {
    sowlab::split_moves(s)
}
