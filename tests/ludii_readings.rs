//! Ludii's readings of the Wari games found by the long differential runs (200 seeded games of
//! every mapped game, `tools/ludii/long_run.sh`), each an option of the rule (set in its
//! `ludii:` metadata, so that `tests/ludii.rs` replays with it), checked here from a position to
//! the position after one move, under the rule's own reading and under Ludii's. The positions
//! come from Ludii's games (the seed and ply named), in canonical order: South's holes from his
//! left, then North's from his left.

mod common;
use common::{game_at, play};

fn cat(s: &[i64], n: &[i64]) -> Vec<i64> {
    s.iter().chain(n).copied().collect()
}

#[test]
fn a_lap_ending_just_past_its_skipped_start_is_judged_at_the_start_hole_in_ludiis_reading() {
    // S6 (12) sows N1..N6 and S1..S5, skips S6 and ends in N1, which held none and now holds 2
    // (Ludii's seed 23, ply 38, of Awari, Oware, Uril and Fondji). Read where the last seed
    // falls, N1's 2 are captured (the hole before it is South's S6: the run stops); judged at
    // the skipped start hole, S6, empty and South's own, the lap captures nothing.
    let pits = cat(&[1, 1, 1, 1, 1, 12], &[0, 1, 1, 1, 1, 1]);
    let sown = cat(&[2, 2, 2, 2, 2, 0], &[2, 2, 2, 2, 2, 2]);
    let taken = cat(&[2, 2, 2, 2, 2, 0], &[0, 2, 2, 2, 2, 2]);
    for (game, sets) in [
        ("awari", &[][..]),
        ("oware", &[]),
        ("ouril", &[]),
        ("fondji", &["capture_side=opponent"]),
    ] {
        let mut g = game_at(game, sets, &pits, &[13, 13], 1);
        play(&mut g, "6");
        let s = g.state();
        assert_eq!((&s.pits, &s.stores), (&taken, &vec![15, 13]), "{game}");
        let ludii: Vec<&str> = sets
            .iter()
            .copied()
            .chain(["skipped_origin_judged=true"])
            .collect();
        let mut g = game_at(game, &ludii, &pits, &[13, 13], 1);
        play(&mut g, "6");
        let s = g.state();
        assert_eq!((&s.pits, &s.stores), (&sown, &vec![13, 13]), "{game}");
        assert_eq!(s.to_move, Some(2), "{game}");
    }
}

#[test]
fn awaris_game_ends_at_single_counters_won_by_the_captures() {
    // Ludii's seed 25 of Awari, ply 113: South's S6 (2) sows N1 and N2, both empty (a move that
    // feeds North): every hole now holds one counter at most and the game ends (R5). The captures
    // decide, 21 against 22: North wins; the single counters left stay, counted for nobody (each
    // player taking his row would make it 24 each, a draw).
    let mut g = game_at(
        "awari",
        &[],
        &cat(&[1, 0, 1, 0, 1, 2], &[0; 6]),
        &[21, 22],
        1,
    );
    play(&mut g, "6");
    let s = g.state();
    assert_eq!(s.pits, cat(&[1, 0, 1, 0, 1, 0], &[1, 1, 0, 0, 0, 0]));
    assert_eq!(s.stores, vec![21, 22]);
    assert_eq!((s.over, s.winner), (true, Some(2)));
}

const AWARI_LUDII: &[&str] = &["feed_always=true", "passes=true", "stuck=no_winner"];

#[test]
fn in_ludiis_awari_a_player_without_a_move_passes_and_the_other_plays_on() {
    // Ludii's seed 136 of Awari, ply 60: South's S2 (1) sows S3. North's only hole, N2 (21),
    // would sow round the board twice and take every counter of South's row (all 2s and 3s):
    // with feed_always no move may leave South without counters, so North has no move.
    let pits = cat(&[1, 1, 0, 0, 0, 1], &[0, 21, 0, 0, 0, 0]);
    let after = cat(&[1, 0, 1, 0, 0, 1], &[0, 21, 0, 0, 0, 0]);
    // Ludii's reading: North passes and South moves again.
    let mut g = game_at("awari", AWARI_LUDII, &pits, &[12, 12], 1);
    play(&mut g, "2");
    let s = g.state();
    assert_eq!(s.pits, after);
    assert_eq!((s.over, s.to_move), (false, Some(1)));
    assert_eq!(s.penalties, vec![0, 1]);
    // R6: a player without a move ends the game, the captures deciding (12 each: a draw).
    let mut g = game_at("awari", &["feed_always=true"], &pits, &[12, 12], 1);
    play(&mut g, "2");
    let s = g.state();
    assert_eq!(s.pits, after);
    assert_eq!((s.over, s.winner), (true, None));
}

#[test]
fn in_ludiis_awari_and_uril_a_game_where_neither_player_can_move_is_drawn() {
    // Ludii's seed 24 of Awari, ply 92: South's S6 (4) sows N1..N4 and takes N4 and N3 (2
    // each): his row is empty, and no move of North's (N1 3, N2 1, N5 1) reaches it. The source
    // (R6): North cannot move, the game ends, the captures decide (North's 28 against 15).
    // Ludii: North passes, South, without counters, passes too: a draw.
    let pits = cat(&[0, 0, 0, 0, 0, 4], &[2, 0, 1, 1, 1, 0]);
    let after = cat(&[0; 6], &[3, 1, 0, 0, 1, 0]);
    for (sets, winner) in [(&[][..], Some(2)), (AWARI_LUDII, None)] {
        let mut g = game_at("awari", sets, &pits, &[11, 28], 1);
        play(&mut g, "6");
        let s = g.state();
        assert_eq!((&s.pits, &s.stores), (&after, &vec![15, 28]), "{sets:?}");
        assert_eq!((s.over, s.winner), (true, winner), "{sets:?}");
    }
    // Ludii's seed 27 of Uril, ply 121: North's N6 (1) sows S1; South's S1, S3 and S4 (1 each)
    // all stay in his row and North has no stones: South cannot feed him. The sources: South
    // takes the stones on his side (23 + 3 against 22) and wins; Ludii: both pass, a draw (the
    // stones on the board still go to their owners, counting for nothing).
    let pits = cat(&[0, 0, 1, 1, 0, 0], &[0, 0, 0, 0, 0, 1]);
    let ludii = &["grand_slam=forbidden", "passes=true", "stuck=no_winner"][..];
    for (sets, winner) in [(&[][..], Some(1)), (ludii, None)] {
        let mut g = game_at("ouril", sets, &pits, &[23, 22], 2);
        play(&mut g, "6");
        let s = g.state();
        assert_eq!(s.stores, vec![26, 22], "{sets:?}");
        assert_eq!((s.over, s.winner), (true, winner), "{sets:?}");
    }
}

#[test]
fn a_forbidden_grand_slam_leaves_a_player_without_a_move_in_ludiis_oware_and_woli() {
    // Ludii's seed 88 of Oware, ply 153: North's N6 (1) sows S1, making 2: taken. South's only
    // hole, S6 (1), would make N1 2, North's last seeds: a grand slam. Abapa (the default): it is
    // played and captures nothing, so South moves. Ludii (grand_slam=forbidden): South has no
    // move and the game ends, each player taking the seeds on his side (16 + 1, 30 + 1). (No
    // end at 25 captures in Ludii's reading, majority_ends=false, in both.)
    let pits = cat(&[1, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 1]);
    let after = cat(&[0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0]);
    let mut g = game_at("oware", &["majority_ends=false"], &pits, &[16, 28], 2);
    play(&mut g, "6");
    let s = g.state();
    assert_eq!((&s.pits, &s.stores), (&after, &vec![16, 30]));
    assert_eq!((s.over, s.to_move), (false, Some(1)));
    let sets = &["grand_slam=forbidden", "majority_ends=false"];
    let mut g = game_at("oware", sets, &pits, &[16, 28], 2);
    play(&mut g, "6");
    let s = g.state();
    assert_eq!((&s.pits, &s.stores), (&vec![0; 12], &vec![17, 31]));
    assert_eq!((s.over, s.winner), (true, Some(2)));
    // Ludii's seed 29 of Woli, ply 114 (clockwise): South's S1 (2) sows N6 and N5, making 2
    // each: both taken. North's only hole, N1 (1), would make S6 2, South's last counters.
    // R4 as `illegal` (the default): played, since every move of North's is one, capturing
    // nothing. Ludii (`forbidden`): North has no move; each captures his row (33 + 1, 37 + 1).
    let pits = cat(&[2, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 1, 1]);
    let after = cat(&[0, 0, 0, 0, 0, 1], &[1, 0, 0, 0, 0, 0]);
    let mut g = game_at("woli", &[], &pits, &[29, 37], 1);
    play(&mut g, "1");
    let s = g.state();
    assert_eq!((&s.pits, &s.stores), (&after, &vec![33, 37]));
    assert_eq!((s.over, s.to_move), (false, Some(2)));
    let mut g = game_at("woli", &["grand_slam=forbidden"], &pits, &[29, 37], 1);
    play(&mut g, "1");
    let s = g.state();
    assert_eq!((&s.pits, &s.stores), (&vec![0; 12], &vec![34, 38]));
    assert_eq!((s.over, s.winner), (true, Some(2)));
}

#[test]
fn pass_is_a_map_or_a_flag_that_an_option_can_set() {
    // `pass: true` is `pass: {}` (a player without a move passes, counted in `penalties`),
    // `false` no passing; anything else is refused in one line naming the key.
    let load = |pass: &str| {
        let text = format!(
            "name: p\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 2, seeds: 1 }}\n    - {{ row: N, owner: 2, holes: 2, seeds: 1 }}\nsowing:\n  stores: none\npipeline:\n  pass: {pass}\n  end:\n    - {{ when: no_move, then: no_winner }}\n"
        );
        sowlab::Rule::data_from_text(text, std::path::Path::new("p.yaml"))
            .and_then(|r| {
                let o = r.resolve_options::<&str>(&[])?;
                r.new_board(&o).map(|_| ())
            })
            .map_err(|e| e.one_line())
    };
    for ok in ["true", "false", "{}", "{ counter: passes }"] {
        assert!(load(ok).is_ok(), "{ok}: {:?}", load(ok));
    }
    let e = load("3").unwrap_err();
    assert!(
        e.contains("pipeline.pass: invalid type: integer `3`, expected a map (`counter`, `out_at`), true or false"),
        "{e}"
    );
    let e = load("{ countr: x }").unwrap_err();
    assert!(e.contains("pipeline.pass: unknown field `countr`"), "{e}");
}
