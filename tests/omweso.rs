//! Omweso (rules/omweso.yaml): the worked turn of the rule's sources played from the position it
//! describes (4 seeds from m ending in h capture A and I, sown again from m to f, capturing C and
//! K; a reverse capture of 3 seeds from i clockwise to c), then each of the rule's cases (R2 to
//! R9) from positions built for it, one move each, checked with the state JSON; random games of
//! every reading and arrangement ending and keeping their 64 seeds.
//!
//! The worked example letters Lower's (South's) inner row a..h and outer row i..p from his left,
//! Upper's (North's) inner row A..H and outer row I..P from his: a = SI1, h = SI8, i = SO1,
//! m = SO5, p = SO8; A = NI1, C = NI3, F = NI6, I = NO1, K = NO3, N = NO6.

mod common;

use sowlab::{Game, Position};

use common::*;

/// A game from a position (hands empty, South to move) with options `sets`.
fn at(set: &[(&str, i64)], sets: &[&str]) -> Game {
    let r = load("omweso");
    let opts = r.resolve_options(sets).unwrap();
    let pos = Position {
        pits: four_row_pits(set),
        stores: Some(vec![0, 0]),
        to_move: Some(1),
        ..Position::default()
    };
    Game::with_position(r, opts, &pos).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// Plays `mv` and checks the position after it: the holes, who moves and his moves.
#[track_caller]
fn step(g: &mut Game, mv: &str, set: &[(&str, i64)], to_move: Option<usize>, legal: &str) {
    g.play(mv)
        .unwrap_or_else(|e| panic!("`{mv}`: {}", e.one_line()));
    let s = g.state();
    assert_eq!(s.pits, four_row_pits(set), "holes after `{mv}`");
    assert_eq!(s.to_move, to_move, "to move after `{mv}`");
    assert_eq!(
        g.legal_labels().unwrap().join(" "),
        legal,
        "legal after `{mv}`"
    );
}

/// The worked turn: m (SO5) holds 4, h (SI8) and f (SI6) one each, A and I (NI1, NO1) 6 between
/// them, C and K (NI3, NO3) 6; North keeps NO4.
const WORKED: &[(&str, i64)] = &[
    ("SO5", 4),
    ("SI8", 1),
    ("SI6", 1),
    ("NI1", 3),
    ("NO1", 3),
    ("NI3", 2),
    ("NO3", 4),
    ("NO4", 2),
];

#[test]
fn the_worked_turn_captures_twice_sowing_from_m() {
    // R3-R5: m sows n, o, p, h; h was occupied and faces A and I: their 6 seeds are sown from m
    // again (n, o, p, h, g, f); f was occupied and faces C and K: 6 more from m (n..f); C and K
    // are now empty, so f (3) relays: e, d, c; c was empty, the turn ends.
    let mut g = at(WORKED, &[]);
    step(
        &mut g,
        "SO5",
        &[
            ("SO6", 3),
            ("SO7", 3),
            ("SO8", 3),
            ("SI8", 4),
            ("SI7", 2),
            ("SI5", 1),
            ("SI4", 1),
            ("SI3", 1),
            ("NO4", 2),
        ],
        Some(2),
        "NO4",
    );
}

#[test]
fn ludiis_reading_of_the_worked_turn_goes_on_from_the_capturing_hole() {
    // R9: the 6 seeds of A and I are sown from m (n..f) without looking at f; the turn goes on
    // from h (3): g, f, e; e was empty. C and K are not captured.
    let mut g = at(
        WORKED,
        &[
            "reverse_when=ends_facing",
            "reverse_laps=first_lap",
            "captured=sow_on_from_lap_start_then_last",
            "end_files=0",
        ],
    );
    step(
        &mut g,
        "SO5",
        &[
            ("SO6", 2),
            ("SO7", 2),
            ("SO8", 2),
            ("SI7", 2),
            ("SI6", 3),
            ("SI5", 1),
            ("NI3", 2),
            ("NO3", 4),
            ("NO4", 2),
        ],
        Some(2),
        "NI3 NO3 NO4",
    );
}

#[test]
fn the_worked_reverse_capture_from_i_to_c() {
    // R6: i (SO1) holds 3; clockwise they fall in a, b, c, and c faces F and N (one each): the
    // mover chooses the direction. Clockwise captures F and N; their 2 seeds would end in b
    // clockwise, which captures nothing, so they go anticlockwise from i: SO2, SO3 (empty: the
    // turn ends).
    let start = [("SO1", 3), ("SI3", 1), ("NI6", 1), ("NO6", 1), ("NO4", 2)];
    let mut g = at(&start, &[]);
    assert_eq!(g.legal_labels().unwrap().join(" "), "SO1");
    step(&mut g, "SO1", &start, Some(1), "cw ccw");
    step(
        &mut g,
        "cw",
        &[
            ("SO2", 1),
            ("SO3", 1),
            ("SI1", 1),
            ("SI2", 1),
            ("SI3", 2),
            ("NO4", 2),
        ],
        Some(2),
        "NO4",
    );
    // Anticlockwise instead: SO2, SO3, SO4, no capture.
    let mut g = at(&start, &[]);
    g.play("SO1").unwrap();
    step(
        &mut g,
        "ccw",
        &[
            ("SO2", 1),
            ("SO3", 1),
            ("SO4", 1),
            ("SI3", 1),
            ("NI6", 1),
            ("NO6", 1),
            ("NO4", 2),
        ],
        Some(2),
        "NO4",
    );
}

#[test]
fn reverse_captured_seeds_may_go_clockwise_again_when_that_captures() {
    // R6: as above, with b (SI2) holding one and facing G and O (NI7 1, NO7 2): the 2 seeds of F
    // and N sown clockwise from i end in b (3 by then), which captures: the mover is asked.
    // (F and N are taken when the direction is chosen.) Clockwise: a, b; G and O's 3 seeds would end in c clockwise (its file is empty now), so
    // they go anticlockwise from i: SO2, SO3, SO4.
    let start = [
        ("SO1", 3),
        ("SI2", 1),
        ("SI3", 1),
        ("NI6", 1),
        ("NO6", 1),
        ("NI7", 1),
        ("NO7", 2),
        ("NO4", 2),
    ];
    let mut g = at(&start, &[]);
    g.play("SO1").unwrap();
    step(
        &mut g,
        "cw",
        &[
            ("SI1", 1),
            ("SI2", 2),
            ("SI3", 2),
            ("NI6", 1),
            ("NO6", 1),
            ("NI7", 1),
            ("NO7", 2),
            ("NO4", 2),
        ],
        Some(1),
        "cw ccw",
    );
    step(
        &mut g,
        "cw",
        &[
            ("SO2", 1),
            ("SO3", 1),
            ("SO4", 1),
            ("SI1", 2),
            ("SI2", 3),
            ("SI3", 2),
            ("NO4", 2),
        ],
        Some(2),
        "NO4",
    );
}

#[test]
fn a_relay_ending_in_a_leftmost_hole_may_turn_clockwise_to_capture() {
    // R6: SI4 (2) sows SI3, SI2; SI2 held 2 (no capture: G and O are empty) and is a leftmost
    // hole whose 3 seeds clockwise end in SI5 facing D and L (NI4, NO4): the mover is asked.
    // Clockwise: SI3, SI4, SI5 captures 3; clockwise from SI2 they would end in SI5 again, whose
    // file is empty now: anticlockwise from SI2: SI1, SO1, SO2 (empty: the turn ends).
    let start = [
        ("SI4", 2),
        ("SI2", 2),
        ("SI5", 1),
        ("NI4", 1),
        ("NO4", 2),
        ("NO2", 2),
    ];
    let mut g = at(&start, &[]);
    step(
        &mut g,
        "SI4",
        &[
            ("SI3", 1),
            ("SI2", 3),
            ("SI5", 1),
            ("NI4", 1),
            ("NO4", 2),
            ("NO2", 2),
        ],
        Some(1),
        "cw ccw",
    );
    step(
        &mut g,
        "cw",
        &[
            ("SO1", 1),
            ("SO2", 1),
            ("SI1", 1),
            ("SI3", 2),
            ("SI4", 1),
            ("SI5", 2),
            ("NO2", 2),
        ],
        Some(2),
        "NO2",
    );
}

#[test]
fn ludii_allows_a_clockwise_move_into_an_empty_hole() {
    // R9: from SO1 (3) clockwise the last seed falls in SI3, empty, facing F and N: Ludii lists
    // the move (it tests the facing holes only), which captures nothing; the sources do not.
    let start = [("SO1", 3), ("NI6", 1), ("NO6", 1), ("NO4", 2)];
    let mut g = at(&start, &[]);
    step(
        &mut g,
        "SO1",
        &[
            ("SO2", 1),
            ("SO3", 1),
            ("SO4", 1),
            ("NI6", 1),
            ("NO6", 1),
            ("NO4", 2),
        ],
        Some(2),
        "NO4",
    );
    let mut g = at(
        &start,
        &[
            "reverse_when=ends_facing",
            "reverse_laps=first_lap",
            "captured=sow_on_from_lap_start_then_last",
            "end_files=0",
        ],
    );
    step(&mut g, "SO1", &start, Some(1), "cw ccw");
    step(
        &mut g,
        "cw",
        &[
            ("SI1", 1),
            ("SI2", 1),
            ("SI3", 1),
            ("NI6", 1),
            ("NO6", 1),
            ("NO4", 2),
        ],
        Some(2),
        "NO4",
    );
}

#[test]
fn capturing_at_both_ends_in_one_turn_wins() {
    // R8: SO5 (4) ends in SI8 (file 8), which captures NI1 and NO1 (11); sown from SO5 they end
    // in SI1 (file 1), which captures NI8 and NO8. South wins at once (end_files=2), or the turn
    // just passes (end_files=0).
    let start = [
        ("SO5", 4),
        ("SI8", 1),
        ("SI1", 1),
        ("NI1", 1),
        ("NO1", 10),
        ("NI8", 1),
        ("NO8", 1),
        ("NO4", 2),
    ];
    let mut g = at(&start, &[]);
    g.play("SO5").unwrap();
    let s = g.state();
    assert!(s.over);
    assert_eq!(s.winner, Some(1));
    let mut g = at(&start, &["end_files=0"]);
    g.play("SO5").unwrap();
    let s = g.state();
    assert!(!s.over);
    assert_eq!(s.to_move, Some(2));
}

#[test]
fn a_player_left_with_single_seeds_loses() {
    // R7: after South's move North has only single seeds: South wins.
    let mut g = at(&[("SO1", 2), ("NO1", 1), ("NI1", 1)], &[]);
    g.play("SO1").unwrap();
    let s = g.state();
    assert!(s.over);
    assert_eq!(s.winner, Some(1));
}

#[test]
fn the_arrangement_is_a_seed_a_move() {
    // R2: South places his 32 seeds (any of his 16 holes, a move each), then North, then South
    // sows. In Ludii's alternate arrangement they take turns.
    let r = load("omweso");
    let mut g = fresh_game(&r);
    assert_eq!(g.state().stores, [32, 32]);
    assert_eq!(g.legal().unwrap().len(), 16);
    for k in 0..32 {
        assert_eq!(g.state().to_move, Some(1), "placement {k}");
        g.play(["SO1", "SI8"][k % 2]).unwrap();
    }
    assert_eq!(g.state().stores, [0, 32]);
    assert_eq!(g.state().to_move, Some(2));
    assert!(g.legal_labels().unwrap().contains(&"NO8".to_string()));
    for _ in 0..32 {
        g.play("NO8").unwrap();
    }
    let s = g.state();
    assert_eq!(s.to_move, Some(1));
    assert_eq!(
        s.pits,
        four_row_pits(&[("SO1", 16), ("SI8", 16), ("NO8", 32)])
    );
    assert_eq!(g.legal_labels().unwrap().join(" "), "SO1 SI8");

    let mut g = Game::new(
        r.clone(),
        r.resolve_options(&["arrange=alternate"]).unwrap(),
    )
    .unwrap();
    g.play("SO3").unwrap();
    assert_eq!(g.state().to_move, Some(2));
    g.play("NI2").unwrap();
    assert_eq!(g.state().to_move, Some(1));

    let g = Game::new(r.clone(), r.resolve_options(&["arrange=fixed"]).unwrap()).unwrap();
    let s = g.state();
    assert_eq!(s.stores, [0, 0]);
    assert_eq!(s.pits.iter().filter(|&&n| n == 4).count(), 16);
}

#[test]
fn random_games_end_and_keep_their_seeds() {
    let r = load("omweso");
    for sets in [
        vec![],
        vec![
            "arrange=alternate",
            "reverse_when=ends_facing",
            "reverse_laps=first_lap",
            "captured=sow_on_from_lap_start_then_last",
            "end_files=0",
        ],
        vec!["arrange=fixed"],
        vec![
            "arrange=fixed",
            "reverse_when=ends_facing",
            "reverse_laps=first_lap",
            "captured=sow_on_from_lap_start_then_last",
            "end_files=0",
        ],
    ] {
        let opts = r.resolve_options(&sets).unwrap();
        for seed in 0..4u64 {
            let mut g = Game::new(r.clone(), opts.clone()).unwrap();
            g.tracing = false;
            let mut x = seed * 2654435761 + 12345;
            let mut plies = 0;
            while !g.state().over {
                let legal = g.legal().unwrap();
                assert!(!legal.is_empty(), "{sets:?} seed {seed}: no move");
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                g.play_pit(legal[((x >> 33) % legal.len() as u64) as usize])
                    .unwrap_or_else(|e| panic!("{}", e.one_line()));
                let s = g.state();
                assert_eq!(
                    s.pits.iter().sum::<i64>() + s.stores.iter().sum::<i64>(),
                    64,
                    "{sets:?} seed {seed}"
                );
                plies += 1;
                assert!(plies < 5_000, "{sets:?} seed {seed}: no end");
            }
            assert!(g.state().winner.is_some());
        }
    }
}
