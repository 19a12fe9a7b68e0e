//! The steps Baqura (`rules/baqura.yaml`) added, each shown from a position to the position
//! after one move: a relay stopped by the mover's own emptied row (`relay_stops_when_own_empty`),
//! the later rounds laid out by the round's loser and copied by the winner
//! (`place_from_hand.by_round_loser`), a chain whose last hole may be on either side
//! (`capture.chain.last_any_side`) and the end of a player left with no seeds
//! (`holds_nothing`).
//!
//! The board: 2 x 6, pits S1..S6 then N1..N6 (S1 faces N6, S6 faces N1); no stores, the
//! "stores" of a position are the players' reserves (their hands).

use std::path::Path;
use std::sync::Arc;

use sowlab::{Game, Position, Rule};

mod common;
use common::{game_at_vars, load, play, summary, var};

/// Baqura from a position: South's and North's holes, the reserves, the player to move (the
/// placing before play over).
fn baqura(south: [i64; 6], north: [i64; 6], reserves: [i64; 2], to_move: usize) -> Game {
    let pits: Vec<i64> = south.iter().chain(&north).copied().collect();
    game_at_vars("baqura", &[], &pits, &reserves, to_move, &[("placing", 0)])
}

#[test]
fn a_relay_stops_once_the_movers_own_row_is_empty_and_the_round_ends_there() {
    // S6's single seed makes N1 three (odd: it would relay), but South's row is now empty: the
    // relay stops, South keeps the turn without a move, and the round ends, each taking his
    // row (North 3 + 1). South holds 40, North 32: North, the poorer, lays out his seeds.
    let mut g = baqura([0, 0, 0, 0, 0, 1], [2, 0, 0, 0, 0, 1], [40, 28], 1);
    play(&mut g, "6");
    assert_eq!(
        summary(&g),
        (vec![0; 12], vec![40, 32], Some(2), false, None)
    );
    assert_eq!(var(&g, "placing"), Some(2));
    // His moves: his own holes, a seed each.
    assert_eq!(g.legal_labels().unwrap(), ["1", "2", "3", "4", "5", "6"]);
}

#[test]
fn the_losers_layout_is_copied_into_the_winners_facing_holes_and_the_winner_sows_first() {
    let mut g = baqura([0, 0, 0, 0, 0, 1], [2, 0, 0, 0, 0, 1], [40, 28], 1);
    play(&mut g, "6");
    // North puts 31 seeds into N1, then his last one into N2 (a move each, his turn kept).
    play(&mut g, &"1 ".repeat(31));
    assert_eq!(g.state().to_move, Some(2));
    play(&mut g, "2");
    // South's S6 (facing N1) and S5 (facing N2) get as many from his 40; South sows first.
    assert_eq!(
        summary(&g),
        (
            vec![0, 0, 0, 0, 1, 31, 31, 1, 0, 0, 0, 0],
            vec![8, 0],
            Some(1),
            false,
            None
        )
    );
    assert_eq!(var(&g, "placing"), Some(0));
    // With copy=same_number, S1 and S2 copy N1 and N2 instead.
    let r = load("baqura");
    let opts = r.resolve_options(&["copy=same_number"]).unwrap();
    let mut vars = std::collections::BTreeMap::new();
    vars.insert("placing".to_string(), 0);
    let pos = Position {
        pits: vec![0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 1],
        stores: Some(vec![40, 28]),
        to_move: Some(1),
        vars,
        ..Position::default()
    };
    let mut g = Game::with_position(r, opts, &pos).unwrap();
    play(&mut g, "6");
    play(&mut g, &"1 ".repeat(31));
    play(&mut g, "2");
    assert_eq!(summary(&g).0, vec![31, 1, 0, 0, 0, 0, 31, 1, 0, 0, 0, 0]);
}

#[test]
fn an_even_last_hole_of_the_opponents_is_taken_with_the_hole_opposite() {
    // S5's two seeds make S6 two and N1 two: N1 (even, North's) is taken with S6 opposite it.
    let mut g = baqura([0, 0, 0, 0, 2, 1], [1, 0, 0, 0, 0, 3], [30, 35], 1);
    play(&mut g, "5");
    assert_eq!(
        summary(&g),
        (
            vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3],
            vec![34, 35],
            Some(2),
            false,
            None
        )
    );
}

#[test]
fn an_even_last_hole_of_the_movers_goes_back_through_his_even_holes() {
    // S1's two seeds make S2 and S3 two each: S3 is taken with N4 opposite, then S2 (even, his)
    // with N5; S1, emptied, stops the line.
    let mut g = baqura([2, 1, 1, 0, 0, 0], [1, 1, 1, 1, 1, 1], [30, 32], 1);
    play(&mut g, "1");
    assert_eq!(
        summary(&g),
        (
            vec![0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0, 1],
            vec![36, 32],
            Some(2),
            false,
            None
        )
    );
}

#[test]
fn a_player_left_with_no_seeds_on_the_board_or_in_hand_has_lost() {
    // South sows his last seed into North's empty N1 and holds nothing more: North, holding
    // every seed, wins at once.
    let mut g = baqura([0, 0, 0, 0, 0, 1], [0, 2, 0, 0, 0, 0], [0, 69], 1);
    play(&mut g, "6");
    assert_eq!(summary(&g), (vec![0; 12], vec![0, 72], None, true, Some(2)));
}

#[test]
fn placing_by_the_round_loser_needs_rounds_by_the_seeds_held() {
    let text = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 0 }\n    - { row: N, owner: 2, holes: 3, seeds: 0 }\nsowing:\n  stores: none\npipeline:\n  place_from_hand: { seeds: 3, order: alternate, by_round_loser: facing }\n  end: []\n";
    let err = Rule::data_from_text(text.to_string(), Path::new("t.yaml"))
        .map(Arc::new)
        .and_then(|r| {
            let o = r.resolve_options::<&str>(&[])?;
            Game::new(r, o).map(|_| ())
        })
        .expect_err("by_round_loser without rounds");
    assert!(
        err.one_line()
            .contains("place_from_hand: by_round_loser needs `rounds`"),
        "{}",
        err.one_line()
    );
}
