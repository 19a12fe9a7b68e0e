//! Bao la Kiswahili (rules/bao_la_kiswahili.yaml), by de Voogt's tournament rules: its rules'
//! cases played from positions built for each (R3 to R10 of the rule file: a namua capture with
//! the end-hole choice, one from a kimbi where the end is forced, a namua takasa and the taxed
//! house, the stop-or-go at the house, a mtaji capture, the end), every decision a move, checked
//! position by position with the state JSON; the perft counts from the start (reviewed by hand
//! to depth 4, see `perft_from_the_start`); random games ending and keeping their 64 seeds.
//! The positions are built from the rules' statements, except two worked examples of a published
//! description ("Bao - expert level 3", photos 16 to 18: a capture sown from the left relaying
//! into the back row, and a capture whose last seed stops in the house), reproduced from what its
//! text states (the rest of each position is ours; the photos themselves are not reproduced).

mod common;

use std::sync::Arc;

use sowlab::{Game, Position};

use common::*;

/// A game from a position: the holes set, the hands (reserves), South to move; the houses hold
/// their rank (`marked_rank_1`, `marked_rank_2`, the marked hole's rank of `capture.from_end_hole`) as given.
fn at(set: &[(&str, i64)], hands: [i64; 2], houses: [i64; 2]) -> Game {
    let r = load("bao_la_kiswahili");
    let opts = r.resolve_options::<&str>(&[]).unwrap();
    let mut vars = std::collections::BTreeMap::new();
    vars.insert("marked_rank_1".to_string(), houses[0]);
    vars.insert("marked_rank_2".to_string(), houses[1]);
    let pos = Position {
        pits: four_row_pits(set),
        stores: Some(hands.to_vec()),
        to_move: Some(1),
        vars,
        ..Position::default()
    };
    Game::with_position(r, opts, &pos).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// Plays `mv` and checks the position after it: the holes, the hands, who moves and his moves.
#[track_caller]
fn step(
    g: &mut Game,
    mv: &str,
    set: &[(&str, i64)],
    hands: [i64; 2],
    to_move: Option<usize>,
    legal: &str,
) {
    g.play(mv)
        .unwrap_or_else(|e| panic!("`{mv}`: {}", e.one_line()));
    let s = g.state();
    assert_eq!(s.pits, four_row_pits(set), "holes after `{mv}`");
    assert_eq!(s.stores, hands.to_vec(), "hands after `{mv}`");
    assert_eq!(s.to_move, to_move, "to move after `{mv}`");
    assert_eq!(
        g.legal_labels().unwrap().join(" "),
        legal,
        "legal after `{mv}`"
    );
}

#[test]
fn the_start_and_the_first_moves() {
    // R2: 6 in the house (SI5), 2 in SI6 and SI7, 22 in hand; North the same.
    let r = load("bao_la_kiswahili");
    let mut g = fresh_game(&r);
    let start = [
        ("SI5", 6),
        ("SI6", 2),
        ("SI7", 2),
        ("NI5", 6),
        ("NI6", 2),
        ("NI7", 2),
    ];
    assert_eq!(g.state().pits, four_row_pits(&start));
    assert_eq!(g.state().stores, [22, 22]);
    // No capture (no inner hole faces an occupied one); the house may not be played while
    // another inner hole holds seeds (R4).
    assert_eq!(g.legal_labels().unwrap().join(" "), "SI6 SI7");
    // The seed entered, then the direction: a move of the same player.
    step(
        &mut g,
        "SI6",
        &[
            ("SI5", 6),
            ("SI6", 3),
            ("SI7", 2),
            ("NI5", 6),
            ("NI6", 2),
            ("NI7", 2),
        ],
        [21, 22],
        Some(1),
        "cw ccw",
    );
    // Anticlockwise: SI5, SI4, SI3 (a takasa captures nothing).
    step(
        &mut g,
        "ccw",
        &[
            ("SI3", 1),
            ("SI4", 1),
            ("SI5", 7),
            ("SI7", 2),
            ("NI5", 6),
            ("NI6", 2),
            ("NI7", 2),
        ],
        [21, 22],
        Some(2),
        "NI5 NI6",
    );
}

#[test]
fn a_namua_capture_in_the_middle_lets_the_mover_choose_the_end() {
    let set = [("SI3", 1), ("NI6", 3), ("NI1", 2), ("SO1", 2), ("NO1", 2)];
    let mut g = at(&set, [5, 5], [0, 0]);
    assert_eq!(g.legal_labels().unwrap().join(" "), "SI3");
    // R3: SI3 (occupied) faces NI6 (occupied): the seed entered captures; SI3 is no kimbi, so
    // the mover chooses the end (R5).
    step(
        &mut g,
        "SI3",
        &[("SI3", 2), ("NI6", 3), ("NI1", 2), ("SO1", 2), ("NO1", 2)],
        [4, 5],
        Some(1),
        "left right",
    );
    let mut h = at(&set, [5, 5], [0, 0]);
    h.play("SI3").unwrap();
    // Left: the 3 captured sown clockwise from SI1: SI1, SI2, SI3 (now 3); SI3 faces the
    // emptied NI6: relay (R7) with its 3: SI4, SI5, SI6, empty: the move ends.
    step(
        &mut g,
        "left",
        &[
            ("SI1", 1),
            ("SI2", 1),
            ("SI4", 1),
            ("SI5", 1),
            ("SI6", 1),
            ("NI1", 2),
            ("SO1", 2),
            ("NO1", 2),
        ],
        [4, 5],
        Some(2),
        "NI1",
    );
    // Right: sown anticlockwise from SI8: SI8, SI7, SI6, empty: the move ends. North's NI1
    // then faces SI8 (occupied): his only move is that capture.
    step(
        &mut h,
        "right",
        &[
            ("SI3", 2),
            ("SI6", 1),
            ("SI7", 1),
            ("SI8", 1),
            ("NI1", 2),
            ("SO1", 2),
            ("NO1", 2),
        ],
        [4, 5],
        Some(2),
        "NI1",
    );
}

#[test]
fn a_namua_capture_in_a_kimbi_is_sown_from_its_end_without_asking() {
    let mut g = at(
        &[("SI2", 1), ("NI7", 2), ("NI1", 2), ("SO1", 2), ("NO1", 2)],
        [5, 5],
        [0, 0],
    );
    // SI2 is a kimbi: the 2 of NI7 are sown from SI1 clockwise (SI1, SI2: now 3), no choice
    // asked; SI2 faces the emptied NI7: relay with 3: SI3, SI4, SI5, empty: the move ends.
    step(
        &mut g,
        "SI2",
        &[
            ("SI1", 1),
            ("SI3", 1),
            ("SI4", 1),
            ("SI5", 1),
            ("NI1", 2),
            ("SO1", 2),
            ("NO1", 2),
        ],
        [4, 5],
        Some(2),
        "NI1",
    );
}

#[test]
fn a_namua_takasa_taxes_a_lone_house() {
    // R4: the house (SI5, 8, with its rank) is the only occupied inner hole: it is played, and
    // only 2 of its seeds are sown.
    let mut g = at(&[("SI5", 8), ("NI1", 2), ("NO1", 2)], [3, 3], [1, 1]);
    assert_eq!(g.legal_labels().unwrap().join(" "), "SI5");
    step(
        &mut g,
        "SI5",
        &[("SI5", 9), ("NI1", 2), ("NO1", 2)],
        [2, 3],
        Some(1),
        "cw ccw",
    );
    step(
        &mut g,
        "ccw",
        &[("SI3", 1), ("SI4", 1), ("SI5", 7), ("NI1", 2), ("NO1", 2)],
        [2, 3],
        Some(2),
        "NI1",
    );
    assert_eq!(
        g.state().vars["marked_rank_1"],
        1,
        "the taxed house keeps its rank"
    );
    // With another occupied inner hole, the house may not be played.
    let g = at(
        &[("SI5", 8), ("SI1", 1), ("NI1", 2), ("NO1", 2)],
        [3, 3],
        [1, 1],
    );
    assert_eq!(g.legal_labels().unwrap().join(" "), "SI1");
}

#[test]
fn a_capture_ending_in_the_house_may_stop_or_go_on() {
    // SI7 (kimbi) captures NI2's 4, sown from SI8 anticlockwise: SI8, SI7 (3), SI6, SI5: the
    // house (7, with its rank) faces NI4, empty: no capture there; R8: stop or go.
    let set = [("SI7", 1), ("SI5", 6), ("NI2", 4), ("NI1", 2), ("NO1", 2)];
    let asked = [
        ("SI8", 1),
        ("SI7", 3),
        ("SI6", 1),
        ("SI5", 7),
        ("NI1", 2),
        ("NO1", 2),
    ];
    let mut g = at(&set, [5, 5], [1, 1]);
    step(&mut g, "SI7", &asked, [4, 5], Some(1), "stop go");
    let mut h = at(&set, [5, 5], [1, 1]);
    h.play("SI7").unwrap();
    step(&mut g, "stop", &asked, [4, 5], Some(2), "NI1");
    assert_eq!(g.state().vars["marked_rank_1"], 1);
    // Safari: the house's 7 sown on anticlockwise: SI4..SI1, SO1, SO2, SO3, empty.
    step(
        &mut h,
        "go",
        &[
            ("SI8", 1),
            ("SI7", 3),
            ("SI6", 1),
            ("SI4", 1),
            ("SI3", 1),
            ("SI2", 1),
            ("SI1", 1),
            ("SO1", 1),
            ("SO2", 1),
            ("SO3", 1),
            ("NI1", 2),
            ("NO1", 2),
        ],
        [4, 5],
        Some(2),
        "NI1",
    );
    assert_eq!(
        h.state().vars["marked_rank_1"],
        0,
        "the house emptied loses its rank"
    );
}

#[test]
fn a_mtaji_capture_with_its_one_direction() {
    // Hands empty: mtaji. SO1 (3) clockwise ends in SI3 (occupied) facing NI6 (occupied): the
    // only capture move, so its direction is not asked (R12). Sown SI1, SI2, SI3 (2); the 2 of
    // NI6 from SI1 (the move's direction): SI1 (2), SI2 (2); SI2 faces NI7, empty: relay with 2:
    // SI3 (3), SI4, empty: the move ends.
    let mut g = at(
        &[("SO1", 3), ("SI3", 1), ("NI6", 2), ("NI1", 2)],
        [0, 0],
        [0, 0],
    );
    assert_eq!(g.legal_labels().unwrap().join(" "), "SO1");
    step(
        &mut g,
        "SO1",
        &[("SI1", 2), ("SI3", 3), ("SI4", 1), ("NI1", 2)],
        [0, 0],
        Some(2),
        "NI1",
    );
    // North: no capture; a takasa from NI1 in either direction.
    step(
        &mut g,
        "NI1",
        &[("SI1", 2), ("SI3", 3), ("SI4", 1), ("NI1", 2)],
        [0, 0],
        Some(2),
        "cw ccw",
    );
}

#[test]
fn a_player_whose_inner_row_is_emptied_loses() {
    // The same capture takes North's last inner seeds: R10, South wins.
    let mut g = at(
        &[("SO1", 3), ("SI3", 1), ("NI6", 2), ("NO1", 2)],
        [0, 0],
        [0, 0],
    );
    step(
        &mut g,
        "SO1",
        &[("SI1", 2), ("SI3", 3), ("SI4", 1), ("NO1", 2)],
        [0, 0],
        None,
        "",
    );
    assert_eq!(g.state().winner, Some(1));
    // A player who cannot move loses too: South's takasa SI4 (cw: SI5, SI6) leaves North, in
    // mtaji, only single seeds (NI1, NI3): no hole of 2 to move from.
    let mut g = at(&[("SI4", 2), ("NI1", 1), ("NI3", 1)], [0, 0], [0, 0]);
    assert_eq!(g.legal_labels().unwrap().join(" "), "SI4");
    step(
        &mut g,
        "SI4",
        &[("SI4", 2), ("NI1", 1), ("NI3", 1)],
        [0, 0],
        Some(1),
        "cw ccw",
    );
    step(
        &mut g,
        "cw",
        &[("SI5", 1), ("SI6", 1), ("NI1", 1), ("NI3", 1)],
        [0, 0],
        None,
        "",
    );
    assert_eq!(g.state().winner, Some(1));
}

#[test]
fn perft_from_the_start() {
    // Reviewed by hand to depth 3: South's takasa SI6 or SI7 (2), each cw or ccw (4); North's
    // replies: after SI6 cw and SI7 cw no capture (NI6, NI7: 2 each); after SI6 ccw (SI3, SI4
    // occupied) NI5 and NI6 capture (2); after SI7 ccw only NI5 (facing SI4) captures (1): 7.
    // Depth 4: each takasa hole cw or ccw (8), each capture in the middle left or right (6): 14.
    // Depths 5 and 6: a regression pin.
    let out = sowlab(&["perft", "bao_la_kiswahili", "--depth", "6"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let counts: Vec<&str> = text.lines().filter(|l| l.starts_with("depth ")).collect();
    assert_eq!(counts, PERFT, "{text}");
}

const PERFT: [&str; 6] = [
    "depth 1: 2",
    "depth 2: 4",
    "depth 3: 7",
    "depth 4: 14",
    "depth 5: 19",
    "depth 6: 38",
];

#[test]
fn random_games_end_and_keep_their_seeds() {
    for variant in ["kiswahili", "kujifunza"] {
        let r = load("bao_la_kiswahili");
        let opts = r.resolve_options(&[format!("variant={variant}")]).unwrap();
        for seed in 0..4u64 {
            let mut g = Game::new(Arc::clone(&r), opts.clone()).unwrap();
            g.tracing = false;
            let mut x = seed * 2654435761 + 12345;
            let mut plies = 0;
            while !g.state().over {
                let legal = g.legal().unwrap();
                assert!(
                    !legal.is_empty(),
                    "{variant} seed {seed}: no move but not over"
                );
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mv = legal[((x >> 33) % legal.len() as u64) as usize];
                g.play_pit(mv)
                    .unwrap_or_else(|e| panic!("{}", e.one_line()));
                let s = g.state();
                assert_eq!(
                    s.pits.iter().sum::<i64>() + s.stores.iter().sum::<i64>(),
                    64
                );
                plies += 1;
                assert!(plies < 20_000, "{variant} seed {seed}: no end");
            }
        }
    }
}

#[test]
fn replay_takes_the_decisions_as_moves() {
    let out = sowlab(&[
        "replay",
        "bao_la_kiswahili",
        "--moves",
        "SI6 ccw NI6 left",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let bad = sowlab(&["replay", "bao_la_kiswahili", "--moves", "SI6 left"]);
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("illegal move `left`") && err.contains("cw ccw"),
        "{err}"
    );
}

// The worked examples of a published description: "Bao - expert level 3" (abstractstrategygames
// .blogspot.com, October 2010, photos 16 to 18). The text gives the captures, the holes and the
// counts below; the rest of each position (the other holes, the hands) is ours, set so that
// nothing else happens.

#[test]
fn published_example_a_capture_sown_from_the_left_relays_into_the_back_row() {
    // Photos 16-17: seven seeds captured and sown from the left end; the last falls in the
    // seventh hole (SI7), not empty (it now holds six) with nothing to capture opposite (NI2);
    // its six are sown on the same way from the next hole (SI8, then the back row from the
    // right: SO8, SO7, SO6, SO5) and the move ends in the back row's fourth hole from the left
    // (SO4). Here the capture is a namua one: a seed entered into SI3 takes NI6's 7 and the
    // mover chooses the left end (R5).
    let mut g = at(
        &[("SI3", 1), ("SI7", 5), ("NI6", 7), ("NI8", 1)],
        [10, 10],
        [0, 0],
    );
    assert_eq!(g.legal_labels().unwrap().join(" "), "SI3");
    step(
        &mut g,
        "SI3",
        &[("SI3", 2), ("SI7", 5), ("NI6", 7), ("NI8", 1)],
        [9, 10],
        Some(1),
        "left right",
    );
    step(
        &mut g,
        "left",
        &[
            ("SI1", 1),
            ("SI2", 1),
            ("SI3", 3),
            ("SI4", 1),
            ("SI5", 1),
            ("SI6", 1),
            ("SI8", 1),
            ("SO8", 1),
            ("SO7", 1),
            ("SO6", 1),
            ("SO5", 1),
            ("SO4", 1),
            ("NI8", 1),
        ],
        [9, 10],
        Some(2),
        "NI8",
    );
}

#[test]
fn published_example_the_last_seed_of_a_capture_in_the_house_may_stop_there() {
    // Photo 18: the 4 seeds facing the house (NI4) are captured and sown from the right (SI8,
    // SI7, SI6); the last falls in the house (SI5), whose facing hole is now empty: the player
    // may stop there or sow on (R8). Here the capture enters a seed into the house itself (6,
    // with its rank) and the mover chooses the right end.
    let mut g = at(&[("SI5", 6), ("NI4", 4), ("NI8", 1)], [10, 10], [1, 1]);
    assert_eq!(g.legal_labels().unwrap().join(" "), "SI5");
    step(
        &mut g,
        "SI5",
        &[("SI5", 7), ("NI4", 4), ("NI8", 1)],
        [9, 10],
        Some(1),
        "left right",
    );
    step(
        &mut g,
        "right",
        &[("SI5", 8), ("SI6", 1), ("SI7", 1), ("SI8", 1), ("NI8", 1)],
        [9, 10],
        Some(1),
        "stop go",
    );
    step(
        &mut g,
        "stop",
        &[("SI5", 8), ("SI6", 1), ("SI7", 1), ("SI8", 1), ("NI8", 1)],
        [9, 10],
        Some(2),
        "NI8",
    );
}
