//! Kalah and Oware abapa: hand-worked positions for each special rule, plus random playouts that
//! check every game ends with all seeds accounted for.
//!
//! Canonical order (docs/readings.md, Conventions): South 1..n then North 1..n; `stores` are
//! `[south, north]` (Kalah: the kalahas; Oware: the reserves). Labels are hole numbers from the
//! mover's left.

use sowlab::board;
use sowlab::Game;

mod common;
use common::{game_at, load, play};

/// `(pits, stores, to_move, over, winner)` of the current position.
type Summary = (Vec<i64>, Vec<i64>, Option<usize>, bool, Option<usize>);

fn summary(g: &Game) -> Summary {
    let s = g.state();
    (s.pits, s.stores, s.to_move, s.over, s.winner)
}

fn cat(s: &[i64], n: &[i64]) -> Vec<i64> {
    s.iter().chain(n).copied().collect()
}

// ---------------------------------------------------------------- Kalah

#[test]
fn kalah_start_and_layout() {
    let r = load("kalah");
    let g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    assert_eq!(summary(&g), (vec![4; 12], vec![0, 0], Some(1), false, None));
    assert_eq!(g.legal_labels().unwrap(), ["1", "2", "3", "4", "5", "6"]);
    let g = Game::new(
        r.clone(),
        r.resolve_options(&["holes=4", "seeds=3"]).unwrap(),
    )
    .unwrap();
    assert_eq!(g.state().pits, vec![3; 8]);
}

#[test]
fn kalah_last_seed_in_store_gives_another_move() {
    let r = load("kalah");
    let mut g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    // S3 holds 4: S4, S5, S6, South's store. South moves again.
    play(&mut g, "3");
    assert_eq!(
        summary(&g),
        (
            cat(&[4, 4, 0, 5, 5, 5], &[4; 6]),
            vec![1, 0],
            Some(1),
            false,
            None
        )
    );
    // S1 holds 4: S2..S5, last in S5 (occupied): no capture, North's turn.
    play(&mut g, "1");
    assert_eq!(g.state().pits, cat(&[0, 5, 1, 6, 6, 5], &[4; 6]));
    assert_eq!(g.state().to_move, Some(2));
    // North's 3 holds 4: N4, N5, N6, North's store: North moves again.
    play(&mut g, "3");
    assert_eq!(
        g.state().pits,
        cat(&[0, 5, 1, 6, 6, 5], &[4, 4, 0, 5, 5, 5])
    );
    assert_eq!(g.state().stores, vec![1, 1]);
    assert_eq!(g.state().to_move, Some(2));
}

#[test]
fn kalah_sowing_skips_the_opponents_store() {
    // S6 holds 8: South's store, N1..N6, (North's store skipped), S1. S1 was occupied: no capture.
    let mut g = game_at("kalah", &[], &cat(&[1, 0, 0, 0, 0, 8], &[1; 6]), &[0, 0], 1);
    play(&mut g, "6");
    assert_eq!(
        summary(&g),
        (
            cat(&[2, 0, 0, 0, 0, 0], &[2; 6]),
            vec![1, 0],
            Some(2),
            false,
            None
        )
    );
}

#[test]
fn kalah_capture_from_own_empty_house() {
    // S2 holds 1: it falls into S3, empty; opposite S3 is N4 (2 seeds): 2 + 1 go to South's store.
    let mut g = game_at("kalah", &[], &cat(&[0, 1, 0, 0, 0, 3], &[2; 6]), &[0, 0], 1);
    play(&mut g, "2");
    assert_eq!(
        summary(&g),
        (
            cat(&[0, 0, 0, 0, 0, 3], &[2, 2, 2, 0, 2, 2]),
            vec![3, 0],
            Some(2),
            false,
            None
        )
    );
}

#[test]
fn kalah_no_capture_when_the_opposite_house_is_empty() {
    let pits = cat(&[0, 1, 0, 0, 0, 3], &[2, 2, 2, 0, 2, 2]);
    // Standard rule: the last seed stays in S3.
    let mut g = game_at("kalah", &[], &pits, &[0, 0], 1);
    play(&mut g, "2");
    assert_eq!(
        summary(&g),
        (
            cat(&[0, 0, 1, 0, 0, 3], &[2, 2, 2, 0, 2, 2]),
            vec![0, 0],
            Some(2),
            false,
            None
        )
    );
    // empty_capture: the last seed alone goes to the store.
    let mut g = game_at("kalah", &["empty_capture=true"], &pits, &[0, 0], 1);
    play(&mut g, "2");
    assert_eq!(
        summary(&g),
        (
            cat(&[0, 0, 0, 0, 0, 3], &[2, 2, 2, 0, 2, 2]),
            vec![1, 0],
            Some(2),
            false,
            None
        )
    );
}

#[test]
fn kalah_no_capture_in_the_opponents_empty_house() {
    // S6 holds 2: South's store, N1 (empty, North's): nothing captured.
    let mut g = game_at(
        "kalah",
        &[],
        &cat(&[1, 0, 0, 0, 0, 2], &[0, 1, 1, 1, 1, 1]),
        &[0, 0],
        1,
    );
    play(&mut g, "6");
    assert_eq!(
        summary(&g),
        (
            cat(&[1, 0, 0, 0, 0, 0], &[1, 1, 1, 1, 1, 1]),
            vec![1, 0],
            Some(2),
            false,
            None
        )
    );
}

#[test]
fn kalah_thirteen_seeds_end_in_the_emptied_house_and_capture() {
    // S1 holds 13: S2..S6 (5), store (6), N1..N6 (12), North's store skipped, S1 (13) — the
    // emptied start house, so empty: it captures N6 (4 + 1) and itself: 6 to the store.
    let mut g = game_at(
        "kalah",
        &[],
        &cat(&[13, 0, 0, 0, 0, 0], &[4; 6]),
        &[0, 0],
        1,
    );
    play(&mut g, "1");
    assert_eq!(
        summary(&g),
        (
            cat(&[0, 1, 1, 1, 1, 1], &[5, 5, 5, 5, 5, 0]),
            vec![7, 0],
            Some(2),
            false,
            None
        )
    );
}

#[test]
fn kalah_end_of_game_sweeps_each_row_to_its_owner() {
    // S6 holds 1: into the store (another move), but South's houses are now empty: the game ends,
    // North's 1 + 2 + 3 go to North's store: 11 - 11, a draw.
    let mut g = game_at(
        "kalah",
        &[],
        &cat(&[0, 0, 0, 0, 0, 1], &[1, 2, 3, 0, 0, 0]),
        &[10, 5],
        1,
    );
    play(&mut g, "6");
    assert_eq!(summary(&g), (vec![0; 12], vec![11, 11], None, true, None));
    assert!(g.legal().unwrap().is_empty());
    assert!(g.play("1").is_err());
}

#[test]
fn kalah_capturing_the_last_opponent_seeds_ends_the_game() {
    // S1 holds 1: into S2 (empty); opposite is N5 (3): 3 + 1 captured. North is empty: the game
    // ends and South's S6 (4) goes to South's store: 8 - 0.
    let mut g = game_at(
        "kalah",
        &[],
        &cat(&[1, 0, 0, 0, 0, 4], &[0, 0, 0, 0, 3, 0]),
        &[0, 0],
        1,
    );
    play(&mut g, "1");
    assert_eq!(summary(&g), (vec![0; 12], vec![8, 0], None, true, Some(1)));
}

#[test]
fn kalah_end_option_mover_empty() {
    let pits = cat(&[0, 0, 0, 0, 0, 2], &[0, 0, 0, 0, 0, 1]);
    // S6 holds 2: store, N1. South is empty. side_empty (default): the game ends, North takes 2.
    let mut g = game_at("kalah", &[], &pits, &[0, 0], 1);
    play(&mut g, "6");
    assert_eq!(summary(&g), (vec![0; 12], vec![1, 2], None, true, Some(2)));
    // mover_empty: North is to move and has seeds, so play goes on.
    let mut g = game_at("kalah", &["end=mover_empty"], &pits, &[0, 0], 1);
    play(&mut g, "6");
    assert_eq!(
        summary(&g),
        (
            cat(&[0; 6], &[1, 0, 0, 0, 0, 1]),
            vec![1, 0],
            Some(2),
            false,
            None
        )
    );
    // N6 (1) into North's store: move again; N1 (1) into N2, empty, opposite S5 empty: no
    // capture; South to move has no seeds: the game ends, North's N2 goes to North's store.
    play(&mut g, "6 1");
    assert_eq!(summary(&g), (vec![0; 12], vec![1, 2], None, true, Some(2)));
}

// ---------------------------------------------------------------- Oware

#[test]
fn oware_start_and_first_moves() {
    let r = load("oware");
    let mut g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    assert_eq!(summary(&g), (vec![4; 12], vec![0, 0], Some(1), false, None));
    // S3 (4): S4, S5, S6, N1 → N1 = 5, no capture.
    play(&mut g, "3");
    assert_eq!(
        g.state().pits,
        cat(&[4, 4, 0, 5, 5, 5], &[5, 4, 4, 4, 4, 4])
    );
    // N1 (5): N2..N6; North's own side: no capture.
    play(&mut g, "1");
    assert_eq!(
        summary(&g),
        (
            cat(&[4, 4, 0, 5, 5, 5], &[0, 5, 5, 5, 5, 5]),
            vec![0, 0],
            Some(1),
            false,
            None
        )
    );
}

#[test]
fn oware_lap_of_twelve_skips_the_start_house() {
    // S1 holds 12: S2..S6 (5), N1..N6 (11), S1 skipped, S2 (12). Last seed on South's own side:
    // no capture even though North's houses now hold 2.
    let mut g = game_at(
        "oware",
        &[],
        &cat(&[12, 0, 0, 0, 0, 0], &[1; 6]),
        &[0, 0],
        1,
    );
    play(&mut g, "1");
    assert_eq!(
        summary(&g),
        (
            cat(&[0, 2, 1, 1, 1, 1], &[2; 6]),
            vec![0, 0],
            Some(2),
            false,
            None
        )
    );
}

#[test]
fn oware_lap_of_seventeen_skips_the_start_house_and_captures() {
    // S1 holds 17: S2..S6, N1..N6 (11), S1 skipped, S2..S6 (16), N1 (17): N1 goes 0 → 1 → 2 and is
    // captured; before it is S6, South's own: the capture stops.
    let mut g = game_at(
        "oware",
        &[],
        &cat(&[17, 0, 0, 0, 0, 0], &[0, 5, 5, 5, 5, 5]),
        &[0, 0],
        1,
    );
    play(&mut g, "1");
    assert_eq!(
        summary(&g),
        (
            cat(&[0, 2, 2, 2, 2, 2], &[0, 6, 6, 6, 6, 6]),
            vec![2, 0],
            Some(2),
            false,
            None
        )
    );
}

#[test]
fn oware_captures_backwards_while_two_or_three() {
    // S6 holds 3: N1 1→2, N2 2→3, N3 1→2. Last (N3) makes 2: captured, then N2 (3), N1 (2);
    // before N1 is S6: stop. 7 captured; N4..N6 keep 12, so no grand slam.
    let mut g = game_at(
        "oware",
        &[],
        &cat(&[1, 0, 0, 0, 0, 3], &[1, 2, 1, 4, 4, 4]),
        &[0, 0],
        1,
    );
    play(&mut g, "6");
    assert_eq!(
        summary(&g),
        (
            cat(&[1, 0, 0, 0, 0, 0], &[0, 0, 0, 4, 4, 4]),
            vec![7, 0],
            Some(2),
            false,
            None
        )
    );
}

#[test]
fn oware_backward_capture_stops_at_a_house_not_two_or_three() {
    // S6 holds 3: N1 → 2, N2 → 4, N3 → 2. N3 is captured; N2 holds 4: stop (N1's 2 stays).
    let mut g = game_at(
        "oware",
        &[],
        &cat(&[1, 0, 0, 0, 0, 3], &[1, 3, 1, 4, 4, 4]),
        &[0, 0],
        1,
    );
    play(&mut g, "6");
    assert_eq!(
        summary(&g),
        (
            cat(&[1, 0, 0, 0, 0, 0], &[2, 4, 0, 4, 4, 4]),
            vec![2, 0],
            Some(2),
            false,
            None
        )
    );
}

#[test]
fn oware_no_capture_when_the_last_house_is_not_two_or_three() {
    // S6 holds 2: N1 → 2, N2 → 4. The last house holds 4: nothing, though N1 holds 2.
    let mut g = game_at(
        "oware",
        &[],
        &cat(&[1, 0, 0, 0, 0, 2], &[1, 3, 0, 0, 0, 0]),
        &[0, 0],
        1,
    );
    play(&mut g, "6");
    assert_eq!(
        g.state().pits,
        cat(&[1, 0, 0, 0, 0, 0], &[2, 4, 0, 0, 0, 0])
    );
    assert_eq!(g.state().stores, vec![0, 0]);
}

#[test]
fn oware_grand_slam_captures_nothing() {
    // S6 holds 2: N1 → 2, N2 → 2: capturing N2 and N1 would take all North's seeds.
    let pits = cat(&[1, 0, 0, 0, 0, 2], &[1, 1, 0, 0, 0, 0]);
    let mut g = game_at("oware", &[], &pits, &[0, 0], 1);
    play(&mut g, "6");
    assert_eq!(
        summary(&g),
        (
            cat(&[1, 0, 0, 0, 0, 0], &[2, 2, 0, 0, 0, 0]),
            vec![0, 0],
            Some(2),
            false,
            None
        )
    );
    // grand_slam=all, with 5 more seeds in S1 (9 in all, so 4 captured is not more than half):
    // South takes the 4; North, to move, has no seeds: the game ends and each player takes his
    // side (South's S1: 5).
    let pits = cat(&[5, 0, 0, 0, 0, 2], &[1, 1, 0, 0, 0, 0]);
    let mut g = game_at("oware", &["grand_slam=all"], &pits, &[0, 0], 1);
    play(&mut g, "6");
    assert_eq!(summary(&g), (vec![0; 12], vec![9, 0], None, true, Some(1)));
    // With 1 in S1 (5 in all) the 4 captured are more than half: South wins at once, the board
    // stays as it is.
    let pits = cat(&[1, 0, 0, 0, 0, 2], &[1, 1, 0, 0, 0, 0]);
    let mut g = game_at("oware", &["grand_slam=all"], &pits, &[0, 0], 1);
    play(&mut g, "6");
    assert_eq!(
        summary(&g),
        (
            cat(&[1, 0, 0, 0, 0, 0], &[0; 6]),
            vec![4, 0],
            None,
            true,
            Some(1)
        )
    );
}

#[test]
fn oware_must_feed_an_opponent_without_seeds() {
    // North has nothing: S1 (1 seed, into S2) does not feed him, S6 (1 seed, into N1) does.
    let mut g = game_at("oware", &[], &cat(&[1, 0, 0, 0, 0, 1], &[0; 6]), &[0, 0], 1);
    assert_eq!(g.legal_labels().unwrap(), ["6"]);
    let e = g.play("1").unwrap_err();
    assert!(e.one_line().contains("illegal move"), "{}", e.one_line());
    play(&mut g, "6");
    assert_eq!(
        summary(&g),
        (
            cat(&[1, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0]),
            vec![0, 0],
            Some(2),
            false,
            None
        )
    );
}

#[test]
fn oware_no_feeding_move_ends_the_game() {
    // S6 (1) into N1 → 4: no capture. South is empty and North's only move (N1: N2..N5) cannot
    // reach him: the game ends and North takes the 4 seeds on his side: 22 - 26.
    let mut g = game_at(
        "oware",
        &[],
        &cat(&[0, 0, 0, 0, 0, 1], &[3, 0, 0, 0, 0, 0]),
        &[22, 22],
        1,
    );
    play(&mut g, "6");
    assert_eq!(
        summary(&g),
        (vec![0; 12], vec![22, 26], None, true, Some(2))
    );
}

#[test]
fn oware_game_ends_at_twenty_five() {
    let pits = cat(&[0, 0, 0, 0, 0, 2], &[1, 1, 4, 0, 0, 0]);
    // S6 (2): N1 → 2, N2 → 2: 4 captured (N3 keeps 4). 21 + 4 = 25: South wins at once.
    let mut g = game_at("oware", &[], &pits, &[21, 19], 1);
    play(&mut g, "6");
    assert_eq!(
        summary(&g),
        (
            cat(&[0; 6], &[0, 0, 4, 0, 0, 0]),
            vec![25, 19],
            None,
            true,
            Some(1)
        )
    );
    // 20 + 4 = 24 is not enough: play goes on.
    let mut g = game_at("oware", &[], &pits, &[20, 20], 1);
    play(&mut g, "6");
    assert_eq!(
        summary(&g),
        (
            cat(&[0; 6], &[0, 0, 4, 0, 0, 0]),
            vec![24, 20],
            Some(2),
            false,
            None
        )
    );
}

#[test]
fn oware_max_turns_ends_the_game_with_each_side_to_its_owner() {
    let r = load("oware");
    let mut g = Game::new(r.clone(), r.resolve_options(&["max_turns=2"]).unwrap()).unwrap();
    // After 3 and 1 (see oware_start_and_first_moves): South's side holds 23, North's 25.
    play(&mut g, "3 1");
    assert_eq!(
        summary(&g),
        (vec![0; 12], vec![23, 25], None, true, Some(2))
    );
    assert_eq!(g.state().vars.get("turn"), Some(&2));
}

// ---------------------------------------------------------------- random playouts

/// A small deterministic generator (no dependency needed).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Plays `games` random games; each must end, conserve seeds, replay from its trace, and leave a
/// consistent winner.
/// `invariant` is checked after every move that does not end the game.
fn playouts(
    name: &str,
    sets: &[&str],
    games: usize,
    max_moves: usize,
    invariant: impl Fn(&sowlab::Board) -> Result<(), String>,
) -> usize {
    let r = load(name);
    let opts = r.resolve_options(sets).unwrap();
    let mut rng = Lcg(7);
    let mut total_moves = 0;
    for _ in 0..games {
        let mut g = Game::new(r.clone(), opts.clone()).unwrap();
        g.tracing = true;
        let seeds: i64 = g.state().pits.iter().sum();
        let mut n = 0;
        while !g.state().over {
            let legal = g.legal().unwrap();
            assert!(
                !legal.is_empty(),
                "{name}: no legal move in a game not over"
            );
            let p = legal[rng.below(legal.len())];
            let ply = g.play_pit(p).unwrap();
            // The move's events replay to the position after it (captures, sweeps included).
            let mut replay = board(&ply.before).clone();
            let mut hand = 0;
            for e in &ply.events {
                e.apply(&mut replay, &mut hand);
            }
            let after = board(&ply.after);
            if !after.over {
                if let Err(e) = invariant(&after) {
                    panic!("{name}: after move {}: {e}", n + 1);
                }
            }
            assert_eq!(hand, 0, "{name}: seeds left in hand after the trace");
            assert_eq!(replay.seeds, after.seeds, "{name}: trace does not replay");
            assert_eq!(
                replay.reserves, after.reserves,
                "{name}: trace does not replay"
            );
            n += 1;
            assert!(
                n <= max_moves,
                "{name}: game not over after {max_moves} moves"
            );
        }
        let s = g.state();
        let held: i64 = s.pits.iter().sum::<i64>() + s.stores.iter().sum::<i64>();
        assert_eq!(held, seeds, "{name}: seeds lost");
        let (a, b) = (s.stores[0], s.stores[1]);
        let expect = if a > b {
            Some(1)
        } else if b > a {
            Some(2)
        } else {
            None
        };
        assert_eq!(
            s.winner, expect,
            "{name}: winner does not match the stores {a}-{b}"
        );
        total_moves += n;
    }
    total_moves
}

/// Kalah with `side_empty`: while the game goes on, both sides hold seeds.
fn both_sides_hold_seeds(b: &sowlab::Board) -> Result<(), String> {
    if b.seeds_of(1) == 0 || b.seeds_of(2) == 0 {
        return Err(format!(
            "a side is empty but the game goes on: {:?}",
            b.seeds
        ));
    }
    Ok(())
}

/// Oware abapa: must-feed and the grand slam rule mean the player to move always has seeds.
fn mover_has_seeds(b: &sowlab::Board) -> Result<(), String> {
    if b.seeds_of(b.to_move) == 0 {
        return Err(format!(
            "player {} to move has no seeds: {:?}",
            b.to_move, b.seeds
        ));
    }
    Ok(())
}

#[test]
fn kalah_random_games_end_and_conserve_seeds() {
    let moves = playouts("kalah", &[], 40, 500, both_sides_hold_seeds);
    assert!(moves > 40);
    playouts(
        "kalah",
        &[
            "end=mover_empty",
            "empty_capture=true",
            "holes=4",
            "seeds=3",
        ],
        20,
        500,
        mover_has_seeds,
    );
}

#[test]
fn oware_random_games_end_and_conserve_seeds() {
    let moves = playouts("oware", &[], 20, 300, mover_has_seeds);
    assert!(moves > 20);
    playouts("oware", &["grand_slam=all", "max_turns=50"], 20, 50, |_| {
        Ok(())
    });
}
