//! The captures across a four-row board added for Ludii's four-row family (issue 30), each shown
//! on a data rule: a position, one move, the position after it.
//!
//! The board: four rows of three holes, South's outer row SO1..SO3 and inner row SI1..SI3, then
//! North's inner row NI1..NI3 and outer row NO1..NO3 (pits in that order, each row numbered from
//! its owner's left); each player sows anticlockwise round his own two rows (South: SO1 SO2 SO3
//! SI3 SI2 SI1). South's SI3 faces North's NI1, with NO1 behind it. The seeds taken go to the
//! players' reserves; South moves.

use std::path::Path;
use std::sync::Arc;

use sowlab::{Game, Position, Rule};

fn rule(capture: &str) -> Arc<Rule> {
    rule_sown("", capture)
}

/// [`rule`] with more sowing keys (`sowing`: lines of YAML under `sowing:`).
fn rule_sown(sowing: &str, capture: &str) -> Arc<Rule> {
    let text = format!(
        "name: across\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - {{ row: SO, owner: 1, holes: 3, seeds: 1 }}\n    - {{ row: SI, owner: 1, holes: 3, seeds: 1 }}\n    - {{ row: NI, owner: 2, holes: 3, seeds: 1 }}\n    - {{ row: NO, owner: 2, holes: 3, seeds: 1 }}\nsowing:\n  relay: last\n{sowing}pipeline:\n  capture:\n{capture}  end: []\n"
    );
    Arc::new(
        Rule::data_from_text(text, Path::new("across.yaml"))
            .unwrap_or_else(|e| panic!("{}", e.one_line())),
    )
}

/// Plays `mv` by South from holes `pits` (SO, SI, NI, NO); the holes and the reserves after.
fn after(r: &Arc<Rule>, pits: &[i64], mv: &str) -> (Vec<i64>, Vec<i64>) {
    let pos = Position {
        pits: pits.to_vec(),
        stores: Some(vec![0, 0]),
        to_move: Some(1),
        ..Position::default()
    };
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let mut g =
        Game::with_position(r.clone(), opts, &pos).unwrap_or_else(|e| panic!("{}", e.one_line()));
    g.play(mv)
        .unwrap_or_else(|e| panic!("move {mv}: {}", e.one_line()));
    let s = g.state();
    (s.pits, s.reserves.unwrap_or(s.stores))
}

#[test]
fn either_takes_the_back_hole_across_even_when_the_front_hole_is_empty() {
    let either = rule("    across: { last: empty, needs: either, then: out }\n");
    // SO3's seed ends in SI3, empty; North's NI1 facing it is empty, NO1 behind holds 2: taken.
    let start = [0, 0, 1, 0, 0, 0, 0, 1, 1, 2, 1, 1];
    assert_eq!(
        after(&either, &start, "SO3"),
        (vec![0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 1], vec![2, 0])
    );
    // Both hold seeds: both are taken.
    let both = [0, 0, 1, 0, 0, 0, 3, 1, 1, 2, 1, 1];
    assert_eq!(
        after(&either, &both, "SO3"),
        (vec![0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 1], vec![5, 0])
    );
    // With `needs: inner` the empty front hole takes nothing.
    let inner = rule("    across: { last: empty, needs: inner, then: out }\n");
    assert_eq!(
        after(&inner, &start, "SO3"),
        (vec![0, 0, 0, 0, 0, 1, 0, 1, 1, 2, 1, 1], vec![0, 0])
    );
}

#[test]
fn from_outer_own_inner_takes_the_movers_own_hole_in_front_of_an_empty_outer_hole() {
    let own =
        rule("    across: { last: empty, needs: inner_only, then: out, from_outer: own_inner }\n");
    // SO1's seed ends in SO2, empty: South's own SI2 in front of it (3) is taken.
    let start = [1, 0, 0, 0, 3, 0, 1, 1, 1, 1, 1, 1];
    assert_eq!(
        after(&own, &start, "SO1"),
        (vec![0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], vec![3, 0])
    );
    // The inner row still looks across: SI2's seed ends in SI1, empty, facing NI3 (1).
    let inner = [0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1, 1];
    assert_eq!(
        after(&own, &inner, "SI2"),
        (vec![0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1], vec![1, 0])
    );
    // Without it an outer hole takes nothing.
    let plain = rule("    across: { last: empty, needs: inner_only, then: out }\n");
    assert_eq!(
        after(&plain, &start, "SO1"),
        (vec![0, 1, 0, 0, 3, 0, 1, 1, 1, 1, 1, 1], vec![0, 0])
    );
}

#[test]
fn outer_if_inner_empty_takes_the_back_hole_behind_an_empty_front_hole_only() {
    let behind = rule("    across: { last: empty, needs: outer_if_inner_empty, then: out }\n");
    // SO3's seed ends in SI3, empty; North's NI1 facing it is empty: NO1 behind it (2) is taken.
    let start = [0, 0, 1, 0, 0, 0, 0, 1, 1, 2, 1, 1];
    assert_eq!(
        after(&behind, &start, "SO3"),
        (vec![0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 1], vec![2, 0])
    );
    // NI1 holds seeds: nothing is taken.
    let front = [0, 0, 1, 0, 0, 0, 3, 1, 1, 2, 1, 1];
    assert_eq!(
        after(&behind, &front, "SO3"),
        (vec![0, 0, 0, 0, 0, 1, 3, 1, 1, 2, 1, 1], vec![0, 0])
    );
}

#[test]
fn not_by_single_seed_silences_the_capture_across_for_a_single_seed_only() {
    let single = rule(
        "    across: { last: empty, needs: inner, then: out }\n    not_by_single_seed: true\n",
    );
    // SO3's one seed ends in SI3, empty, facing NI1 (3) with NO1 (2) behind: nothing taken.
    let start = [0, 0, 1, 0, 0, 0, 3, 1, 1, 2, 1, 1];
    assert_eq!(
        after(&single, &start, "SO3"),
        (vec![0, 0, 0, 0, 0, 1, 3, 1, 1, 2, 1, 1], vec![0, 0])
    );
    // SO2's two seeds end there too: both holes are taken.
    let two = [0, 2, 0, 0, 0, 0, 3, 1, 1, 2, 1, 1];
    assert_eq!(
        after(&single, &two, "SO2"),
        (vec![0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 1], vec![5, 0])
    );
}

#[test]
fn chosen_holes_follow_a_capture_one_a_move_then_the_turn_passes() {
    let r = rule(
        "    across: { last: empty, needs: inner, then: out }\n    chosen_holes: { count: 2, except: { outer: [2] } }\n",
    );
    let pos = Position {
        pits: vec![0, 0, 1, 0, 0, 0, 3, 1, 1, 2, 1, 1],
        stores: Some(vec![0, 0]),
        to_move: Some(1),
        ..Position::default()
    };
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
    // SO3's seed ends in SI3, empty: NI1 (3) and NO1 (2) are taken, and South chooses two more.
    g.play("SO3").unwrap();
    let s = g.state();
    assert_eq!(s.pits, [0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 1]);
    assert_eq!(s.to_move, Some(1));
    // North's holes holding seeds, NO2 aside (barred)
    let b = g.board();
    let labels: Vec<String> = g
        .legal()
        .unwrap()
        .iter()
        .map(|&m| b.layout.label(m))
        .collect();
    assert_eq!(labels, ["NI2", "NI3", "NO3"]);
    assert!(g.play("NO2").is_err());
    g.play("NI2").unwrap();
    assert_eq!(g.state().to_move, Some(1));
    g.play("NO3").unwrap();
    let s = g.state();
    assert_eq!(s.pits, [0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0]);
    assert_eq!(s.reserves.unwrap_or(s.stores), [7, 0]);
    // the two taken: North moves
    assert_eq!(s.to_move, Some(2));
    // A move that captures nothing gives no choice: North's NI3 into NO3... his loop: NO1 NO2
    // NO3 NI3 NI2 NI1; NI3's seed ends in NI2, empty, facing SI2 (empty).
    g.play("NI3").unwrap();
    assert_eq!(g.state().to_move, Some(1));
}

#[test]
fn chosen_holes_the_captor_cannot_take_are_lost_or_left_to_the_opponent() {
    let game = |left: bool| {
        let r = rule(&format!(
            "    across: {{ last: empty, needs: inner, then: out }}\n    chosen_holes: {{ count: 2, except: {{ outer: [2] }}, left_to_opponent: {left} }}\n"
        ));
        let pos = Position {
            pits: vec![1, 0, 1, 0, 2, 0, 3, 0, 0, 2, 1, 1],
            stores: Some(vec![0, 0]),
            to_move: Some(1),
            ..Position::default()
        };
        let opts = r.resolve_options(&[] as &[&str]).unwrap();
        let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
        // SO3's seed ends in SI3, empty: NI1 (3) and NO1 (2) are taken; of the two holes to
        // choose, South can take NO3 only (NO2 barred)
        g.play("SO3").unwrap();
        g.play("NO3").unwrap();
        let s = g.state();
        assert_eq!(s.pits, [1, 0, 0, 0, 2, 1, 0, 0, 0, 0, 1, 0]);
        assert_eq!(s.reserves.unwrap_or(s.stores), [6, 0]);
        assert_eq!(s.to_move, Some(2));
        g
    };
    let labels = |g: &Game| -> Vec<String> {
        let b = g.board();
        g.legal()
            .unwrap()
            .iter()
            .map(|&m| b.layout.label(m))
            .collect()
    };
    // lost: North sows
    assert_eq!(labels(&game(false)), ["NO2"]);
    // left to the opponent: North takes one of South's holes holding seeds (SO2 barred) as his
    // move, and the turn passes back
    let mut g = game(true);
    assert_eq!(labels(&g), ["SO1", "SI2", "SI3"]);
    g.play("SI2").unwrap();
    let s = g.state();
    assert_eq!(s.pits, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);
    assert_eq!(s.reserves.unwrap_or(s.stores), [6, 2]);
    assert_eq!(s.to_move, Some(1));
    assert_eq!(labels(&g), ["SO1", "SI3"]);
}

#[test]
fn needs_any_with_take_last_captures_even_facing_empty_holes() {
    let any = rule("    across: { last: empty, needs: any, then: out, take_last: true }\n");
    // SO3's seed ends in SI3, empty, facing NI1 and NO1, both empty: the last seed alone is
    // taken, and the move ends.
    let start = [0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1, 1];
    assert_eq!(
        after(&any, &start, "SO3"),
        (vec![0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1], vec![1, 0])
    );
    // Facing NO1 alone (2): the last seed and NO1.
    let outer = [0, 0, 1, 0, 0, 0, 0, 1, 1, 2, 1, 1];
    assert_eq!(
        after(&any, &outer, "SO3"),
        (vec![0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1], vec![3, 0])
    );
}

#[test]
fn chosen_holes_after_both_across_only_and_empty_ones_too() {
    let r = rule(
        "    across: { last: empty, needs: inner, then: out }\n    chosen_holes: { count: 1, after: both_across, empty_too: true }\n",
    );
    let play = |pits: Vec<i64>| {
        let pos = Position {
            pits,
            stores: Some(vec![0, 0]),
            to_move: Some(1),
            ..Position::default()
        };
        let opts = r.resolve_options(&[] as &[&str]).unwrap();
        let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
        g.play("SO3").unwrap();
        g
    };
    // NI1 (3) taken, NO1 empty: no choice, North moves.
    let g = play(vec![0, 0, 1, 0, 0, 0, 3, 1, 1, 0, 1, 1]);
    assert_eq!(g.state().to_move, Some(2));
    // NI1 (3) and NO1 (2) taken: South chooses one of North's six holes, empty ones too.
    let mut g = play(vec![0, 0, 1, 0, 0, 0, 3, 1, 1, 2, 1, 1]);
    assert_eq!(g.state().to_move, Some(1));
    assert_eq!(g.legal().unwrap().len(), 6);
    // NO1, emptied by the capture, takes nothing; North moves.
    g.play("NO1").unwrap();
    let s = g.state();
    assert_eq!(s.pits, [0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 1]);
    assert_eq!(s.to_move, Some(2));
}

#[test]
fn sow_on_at_lap_start_sows_the_seeds_taken_from_the_laps_first_hole() {
    let r = rule(
        "    across: { last: occupied, needs: both, then: sow_on_at_lap_start, final_lap: true }\n",
    );
    // SO3's two seeds: SI3, then SI2 (occupied), facing NI2 (2) with NO2 (1) behind: the three
    // taken are sown from SO3, where the lap began, that hole first: SO3, SI3, SI2.
    let start = [0, 0, 2, 0, 1, 0, 1, 2, 1, 1, 1, 1];
    assert_eq!(
        after(&r, &start, "SO3"),
        (vec![0, 0, 1, 0, 3, 2, 1, 0, 1, 1, 0, 1], vec![0, 0])
    );
}

#[test]
fn last_any_captures_from_an_occupied_inner_hole_as_from_an_empty_one() {
    let any = rule("    across: { last: any, needs: inner, then: out }\n");
    // SO3's seed ends in SI3, which held 2: NI1 facing it (3) and NO1 behind (2) are taken, and
    // the capture comes instead of the relay.
    let occupied = [0, 0, 1, 0, 0, 2, 3, 1, 1, 2, 1, 1];
    assert_eq!(
        after(&any, &occupied, "SO3"),
        (vec![0, 0, 0, 0, 0, 3, 0, 1, 1, 0, 1, 1], vec![5, 0])
    );
    // An empty SI3 captures too.
    let empty = [0, 0, 1, 0, 0, 0, 3, 1, 1, 2, 1, 1];
    assert_eq!(
        after(&any, &empty, "SO3"),
        (vec![0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 1], vec![5, 0])
    );
    // With `last: empty` the occupied SI3 relays instead: its 3 seeds go to SI2, SI1, SO1.
    let only_empty = rule("    across: { last: empty, needs: inner, then: out }\n");
    assert_eq!(
        after(&only_empty, &occupied, "SO3"),
        (vec![1, 0, 0, 1, 1, 0, 3, 1, 1, 2, 1, 1], vec![0, 0])
    );
}

#[test]
fn into_last_puts_the_inner_hole_across_into_the_last_hole_which_relays() {
    let into = rule("    across: { last: occupied, needs: inner_only, then: into_last }\n");
    // SO3's seed ends in SI3, which held 2; NI1 facing it (3) goes into SI3 (6, NO1 behind it
    // stays), and SI3's 6 are sown on: SI2, SI1, SO1, SO2, SO3 and SI3, empty: the move ends.
    let start = [0, 0, 1, 0, 0, 2, 3, 1, 1, 2, 1, 1];
    assert_eq!(
        after(&into, &start, "SO3"),
        (vec![1, 1, 1, 1, 1, 1, 0, 1, 1, 2, 1, 1], vec![0, 0])
    );
}

#[test]
fn relay_first_seed_back_starts_every_relay_lap_in_the_hole_it_lifts() {
    let capture = "    across: { last: occupied, needs: inner_only, then: into_last }\n";
    let back = rule_sown(
        "  first_seed_back: true\n  relay_first_seed_back: true\n",
        capture,
    );
    // SO3's single seed moves on into SI3 (3), NI1's 2 join it (5); the relay puts one back
    // into SI3 and sows four: SI2 (2), SI1, SO1, SO2, empty: the move ends.
    let start = [0, 0, 1, 0, 1, 2, 2, 1, 1, 2, 1, 1];
    assert_eq!(
        after(&back, &start, "SO3"),
        (vec![1, 1, 0, 1, 2, 1, 0, 1, 1, 2, 1, 1], vec![0, 0])
    );
    // Without it the relay sows all five, the last into SO3, emptied by the move.
    let plain = rule_sown("  first_seed_back: true\n", capture);
    assert_eq!(
        after(&plain, &start, "SO3"),
        (vec![1, 1, 1, 1, 2, 0, 0, 1, 1, 2, 1, 1], vec![0, 0])
    );
}

#[test]
fn the_lap_limit_stops_or_refuses_a_capture_before_its_seeds_are_sown_on() {
    let capture = "    across: { last: occupied, needs: both, then: sow_on_at_lap_start }\n";
    // The move of sow_on_at_lap_start_sows_the_seeds_taken_from_the_laps_first_hole: its first
    // lap captures NI2 and NO2, whose seeds would be sown on in a second lap.
    let start = [0, 0, 2, 0, 1, 0, 1, 2, 1, 1, 1, 1];
    for at in ["stop", "drop_hand"] {
        let r = rule_sown(&format!("  max_laps: 1\n  at_max_laps: {at}\n"), capture);
        // (stopped after the first lap: nothing taken, the holes across keep their seeds)
        assert_eq!(
            after(&r, &start, "SO3"),
            (vec![0, 0, 0, 0, 2, 1, 1, 2, 1, 1, 1, 1], vec![0, 0]),
            "at_max_laps: {at}"
        );
    }
    let r = rule_sown("  max_laps: 1\n  at_max_laps: error\n", capture);
    let pos = Position {
        pits: start.to_vec(),
        stores: Some(vec![0, 0]),
        to_move: Some(1),
        ..Position::default()
    };
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
    let e = g.play("SO3").unwrap_err().one_line();
    assert!(
        e.contains("endless sowing: the move from SO3 still relays after 1 laps"),
        "{e}"
    );
    assert_eq!(
        g.state().pits,
        start.to_vec(),
        "the refused move leaves the game as it was"
    );
}

#[test]
fn from_the_outer_row_own_inner_and_facing_takes_the_hole_in_front_and_the_one_facing_it() {
    let r = rule(
        "    across: { last: empty, needs: inner, then: out, from_outer: own_inner_and_facing }\n",
    );
    // SO1's seed ends in SO2, empty, of South's outer row: his own SI2 in front of it (2) and
    // North's NI2 facing that (3) are taken.
    let start = [1, 0, 0, 0, 2, 0, 1, 3, 1, 1, 1, 1];
    assert_eq!(
        after(&r, &start, "SO1"),
        (vec![0, 1, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1], vec![5, 0])
    );
    // SI2 empty: nothing is taken, though NI2 holds seeds.
    let start = [1, 0, 0, 0, 0, 0, 1, 3, 1, 1, 1, 1];
    assert_eq!(
        after(&r, &start, "SO1"),
        (vec![0, 1, 0, 0, 0, 0, 1, 3, 1, 1, 1, 1], vec![0, 0])
    );
}
