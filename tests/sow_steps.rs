//! The rarer sowing steps (passing holes by their count, closed holes that take seeds, relays
//! that close a hole, the last seeds going to the opponent) and the laps that capture and sow
//! on, each shown on a data rule: a position, one move, the position after it. These translate
//! MancalaGames' `sow_rule` values that take `sow_param`, and its lap captures (issue #22).
//!
//! The board: two rows of three holes (South S1..S3, North N1..N3; pits in that order), a store
//! after each row that sowing passes over (`stores: none`) and captures fill; South moves.
//! Holes face each other as in Kalah: S1 faces N3, S2 N2, S3 N1.

use std::path::Path;
use std::sync::Arc;

use sowlab::{Game, Position, Rule};

fn text(sowing: &str, capture: &str) -> String {
    format!(
        "name: steps\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 3, seeds: 1 }}\n    - {{ store: store S, owner: 1 }}\n    - {{ row: N, owner: 2, holes: 3, seeds: 1 }}\n    - {{ store: store N, owner: 2 }}\nsowing:\n  stores: none\n{sowing}pipeline:\n  capture:\n{capture}  end: []\n"
    )
}

fn rule(sowing: &str, capture: &str) -> Arc<Rule> {
    Arc::new(
        Rule::data_from_text(text(sowing, capture), Path::new("steps.yaml"))
            .unwrap_or_else(|e| panic!("{}", e.one_line())),
    )
}

/// Plays `mv` by South from holes `pits` (S1..S3, N1..N3) with holes `closed` closed; the holes,
/// the stores and the closed holes after.
fn after(
    r: &Arc<Rule>,
    pits: &[i64],
    closed: &[usize],
    mv: &str,
) -> (Vec<i64>, Vec<i64>, Vec<usize>) {
    let pos = Position {
        pits: pits.to_vec(),
        stores: Some(vec![0, 0]),
        closed: closed.to_vec(),
        to_move: Some(1),
        ..Position::default()
    };
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let mut g =
        Game::with_position(r.clone(), opts, &pos).unwrap_or_else(|e| panic!("{}", e.one_line()));
    g.play(mv)
        .unwrap_or_else(|e| panic!("move {mv}: {}", e.one_line()));
    let s = g.state();
    (s.pits, s.stores, s.closed)
}

#[test]
fn a_hole_holding_the_limit_or_more_gets_no_seed() {
    let limit = rule("  pass_holding_at_least: 4\n", "");
    // S3's three seeds pass over N1 (four): N2, N3, then S1.
    assert_eq!(
        after(&limit, &[0, 0, 3, 4, 0, 0], &[], "3"),
        (vec![1, 0, 0, 4, 1, 1], vec![0, 0], vec![])
    );
    // Without the limit N1 gets one.
    let plain = rule("", "");
    assert_eq!(
        after(&plain, &[0, 0, 3, 4, 0, 0], &[], "3"),
        (vec![0, 0, 0, 5, 1, 1], vec![0, 0], vec![])
    );
}

#[test]
fn an_opponents_hole_holding_the_count_gets_no_seed_but_an_own_one_does() {
    let pass = rule("  pass_opponent_holding: [2]\n", "");
    // N1 holds two: S3's seeds go to N2 and N3.
    assert_eq!(
        after(&pass, &[0, 2, 2, 2, 0, 0], &[], "3"),
        (vec![0, 2, 0, 2, 1, 1], vec![0, 0], vec![])
    );
    // S3 (South's own) holding two gets one; N1 is passed over.
    assert_eq!(
        after(&pass, &[0, 2, 2, 2, 0, 0], &[], "2"),
        (vec![0, 0, 3, 2, 1, 0], vec![0, 0], vec![])
    );
}

#[test]
fn a_seed_reaching_an_opponents_closed_hole_leaves_the_game() {
    let out = rule("  closed_opponent_takes_seeds: true\n", "");
    // N1 is closed: S3's first seed leaves the game, the second falls into N2.
    assert_eq!(
        after(&out, &[0, 0, 2, 0, 1, 0], &[3], "3"),
        (vec![0, 0, 0, 0, 2, 0], vec![0, 0], vec![3])
    );
    // Counted in South's store where the rule says so.
    let counted = rule(
        "  closed_opponent_takes_seeds: true\n  taken_seeds_to: 1\n",
        "",
    );
    assert_eq!(
        after(&counted, &[0, 0, 2, 0, 1, 0], &[3], "3"),
        (vec![0, 0, 0, 0, 2, 0], vec![1, 0], vec![3])
    );
    // The mover's own closed hole (S2) is passed over.
    assert_eq!(
        after(&out, &[2, 0, 0, 0, 0, 0], &[1], "1"),
        (vec![0, 0, 1, 1, 0, 0], vec![0, 0], vec![1])
    );
    // A lap whose last seed leaves so ends there: no relay.
    let relaying = rule("  relay: last\n  closed_opponent_takes_seeds: true\n", "");
    assert_eq!(
        after(&relaying, &[0, 0, 1, 0, 3, 0], &[3], "3"),
        (vec![0, 0, 0, 0, 3, 0], vec![0, 0], vec![3])
    );
}

#[test]
fn a_relay_from_an_opponents_hole_of_the_count_closes_it() {
    let close = rule(
        "  relay: last\n  closed_opponent_takes_seeds: true\n  close_on_relay: { count: 3 }\n",
        "",
    );
    // S3 makes N1 three: the lap relays from N1, which is closed; its seeds go to N2, N3, S1.
    assert_eq!(
        after(&close, &[0, 0, 1, 2, 0, 0], &[], "3"),
        (vec![1, 0, 0, 0, 1, 1], vec![0, 0], vec![3])
    );
    // N3, the last hole of North's row, closes too, unless the rule says not.
    assert_eq!(
        after(&close, &[0, 0, 3, 0, 0, 2], &[], "3"),
        (vec![1, 1, 1, 1, 1, 0], vec![0, 0], vec![5])
    );
    let not_last = rule(
        "  relay: last\n  closed_opponent_takes_seeds: true\n  close_on_relay: { count: 3, except_last_hole: true }\n",
        "",
    );
    assert_eq!(
        after(&not_last, &[0, 0, 3, 0, 0, 2], &[], "3"),
        (vec![1, 1, 1, 1, 1, 0], vec![0, 0], vec![])
    );
    // Not while captures are off (the first turn here).
    let later = rule(
        "  relay: last\n  closed_opponent_takes_seeds: true\n  close_on_relay: { count: 3 }\n",
        "    no_capture_turns: 1\n",
    );
    assert_eq!(
        after(&later, &[0, 0, 1, 2, 0, 0], &[], "3"),
        (vec![1, 0, 0, 0, 1, 1], vec![0, 0], vec![])
    );
}

#[test]
fn the_last_seeds_reaching_the_opponents_holes_go_to_him() {
    let few = rule(
        "  opponent_takes_when_few: { at_most: 4, last_sown_if: { counts: [2] } }\n",
        "",
    );
    // One seed left in the holes: both seeds of S3 go to North's store.
    assert_eq!(
        after(&few, &[0, 0, 2, 1, 0, 0], &[], "3"),
        (vec![0, 0, 0, 1, 0, 0], vec![0, 2], vec![])
    );
    // A last seed making N2 two (a capture) falls into it.
    assert_eq!(
        after(&few, &[0, 0, 2, 0, 1, 0], &[], "3"),
        (vec![0, 0, 0, 0, 2, 0], vec![0, 1], vec![])
    );
    // Five seeds in the holes: sown as usual.
    assert_eq!(
        after(&few, &[0, 0, 2, 1, 1, 3], &[], "3"),
        (vec![0, 0, 0, 2, 2, 3], vec![0, 0], vec![])
    );
}

#[test]
fn a_lap_does_not_relay_once_the_opponents_holes_are_empty() {
    let stop = rule(
        "  relay: last\n  relay_stops_when_opponent_empty: true\n",
        "",
    );
    assert_eq!(
        after(&stop, &[2, 0, 1, 0, 0, 0], &[], "1"),
        (vec![0, 1, 2, 0, 0, 0], vec![0, 0], vec![])
    );
    let go = rule("  relay: last\n", "");
    assert_eq!(
        after(&go, &[2, 0, 1, 0, 0, 0], &[], "1"),
        (vec![0, 1, 0, 1, 1, 0], vec![0, 0], vec![])
    );
}

#[test]
fn a_lap_does_not_relay_once_a_players_holes_are_empty() {
    let stop = rule("  relay: last\n  relay_stops_when_side_empty: true\n", "");
    // S3's seed makes N1 two and empties South's row: the relay stops there.
    assert_eq!(
        after(&stop, &[0, 0, 1, 1, 0, 0], &[], "3"),
        (vec![0, 0, 0, 2, 0, 0], vec![0, 0], vec![])
    );
    // The opponent's row emptied: the same.
    assert_eq!(
        after(&stop, &[2, 0, 1, 0, 0, 0], &[], "1"),
        (vec![0, 1, 2, 0, 0, 0], vec![0, 0], vec![])
    );
    // Neither row empty: the lap relays as usual (N1's two seeds on to N2, N3).
    assert_eq!(
        after(&stop, &[1, 0, 1, 1, 0, 0], &[], "3"),
        (vec![1, 0, 0, 0, 1, 1], vec![0, 0], vec![])
    );
    let go = rule("  relay: last\n", "");
    assert_eq!(
        after(&go, &[0, 0, 1, 1, 0, 0], &[], "3"),
        (vec![0, 0, 0, 0, 1, 1], vec![0, 0], vec![])
    );
}

#[test]
fn a_relay_cut_short_by_an_emptied_side_leaves_the_turn_with_the_mover() {
    let stop = rule("  relay: last\n  relay_stops_when_side_empty: true\n", "");
    let to_move = |pits: &[i64]| {
        let pos = Position {
            pits: pits.to_vec(),
            stores: Some(vec![0, 0]),
            to_move: Some(1),
            ..Position::default()
        };
        let opts = stop.resolve_options(&[] as &[&str]).unwrap();
        let mut g = Game::with_position(stop.clone(), opts, &pos).unwrap();
        g.play("3").unwrap();
        g.state().to_move
    };
    // S3 makes N1 two as South's row empties: the relay pending, South is still to move
    // (he has no hole to play: the game's end checks, here none, would end it there).
    assert_eq!(to_move(&[0, 0, 1, 1, 0, 0]), Some(1));
    // A lap ending in an empty hole: nothing cut short, North moves.
    assert_eq!(to_move(&[1, 0, 1, 0, 1, 0]), Some(2));
}

#[test]
fn a_lap_whose_last_hole_the_chain_takes_sows_on_from_the_next_hole() {
    let chain = "    chain: { counts: [2], side: any, max: 1 }\n";
    let sowing = "  relay: last\n  relay_stops_on: { counts: [2] }\n";
    let on = rule(
        sowing,
        &format!("{chain}    lap_capture: chain_then_next_hole\n"),
    );
    // S3 makes N1 two: taken; the sowing goes on with N2's three seeds: N3, S1, S2.
    assert_eq!(
        after(&on, &[0, 0, 1, 1, 3, 0], &[], "3"),
        (vec![1, 1, 0, 0, 0, 1], vec![2, 0], vec![])
    );
    // Without the step the move ends with the capture.
    let off = rule(sowing, chain);
    assert_eq!(
        after(&off, &[0, 0, 1, 1, 3, 0], &[], "3"),
        (vec![0, 0, 0, 0, 3, 0], vec![2, 0], vec![])
    );
}

#[test]
fn a_lap_ending_in_an_occupied_hole_captures_across_the_gap_then_relays() {
    let gap = "    beyond_empty: { last_occupied: false, repeat: false, side: any }\n";
    let on = rule(
        "  relay: none\n",
        &format!("{gap}    lap_capture: gap_then_relay\n"),
    );
    // S3 makes N1 two; N2 is empty, N3's two are taken; N1's two go on to N2 and N3.
    assert_eq!(
        after(&on, &[0, 0, 1, 1, 0, 2], &[], "3"),
        (vec![0, 0, 0, 0, 1, 1], vec![2, 0], vec![])
    );
    // Without the step: the capture across the gap after the last hole only.
    let off = rule("  relay: none\n", gap);
    assert_eq!(
        after(&off, &[0, 0, 1, 1, 0, 2], &[], "3"),
        (vec![0, 0, 0, 2, 0, 0], vec![2, 0], vec![])
    );
}

#[test]
fn a_lap_whose_next_hole_holds_seeds_takes_it_then_sows_on_from_its_last_hole() {
    let on = rule(
        "  relay: none\n",
        "    lap_capture: next_hole_then_last_hole\n",
    );
    // S3's two end in N2; N3 after it (two) is taken; N2's two go on to N3 and S1, whose next
    // hole, S2, is empty: the move ends.
    assert_eq!(
        after(&on, &[0, 0, 2, 0, 1, 2], &[], "3"),
        (vec![1, 0, 0, 1, 0, 1], vec![2, 0], vec![])
    );
    // N2's three taken leave N1's seed alone on the board: it is not sown on.
    assert_eq!(
        after(&on, &[0, 0, 1, 0, 3, 0], &[], "3"),
        (vec![0, 0, 0, 1, 0, 0], vec![3, 0], vec![])
    );
    // `none`: no lap capture.
    let none = rule("  relay: none\n", "    lap_capture: none\n");
    assert_eq!(
        after(&none, &[0, 0, 2, 0, 1, 2], &[], "3"),
        (vec![0, 0, 0, 1, 2, 2], vec![0, 0], vec![])
    );
}

#[test]
fn a_lap_taking_the_hole_opposite_sows_the_seeds_taken_on() {
    let opp = "    opposite: { take_last: true }\n";
    let on = rule(
        "  relay: last\n",
        &format!("{opp}    lap_capture: opposite_seeds_sown_on\n"),
    );
    // S1's seed falls into empty S2, facing N2's two: the three seeds are sown on from S2.
    assert_eq!(
        after(&on, &[1, 0, 0, 0, 2, 1], &[], "1"),
        (vec![0, 0, 1, 1, 1, 1], vec![0, 0], vec![])
    );
    let off = rule("  relay: last\n", opp);
    assert_eq!(
        after(&off, &[1, 0, 0, 0, 2, 1], &[], "1"),
        (vec![0, 0, 0, 0, 0, 1], vec![3, 0], vec![])
    );
}

/// The legal moves of South in holes `pits` (S1..S3, N1..N3), with game variables `vars`, for a
/// rule with the given `moves:` lines.
fn legal(moves: &str, pits: &[i64], vars: &[(&str, i64)]) -> Vec<String> {
    let t = text("", "").replace("pipeline:\n", &format!("pipeline:\n  moves:\n{moves}"));
    let r = Arc::new(
        Rule::data_from_text(t, Path::new("steps.yaml"))
            .unwrap_or_else(|e| panic!("{}", e.one_line())),
    );
    let pos = Position {
        pits: pits.to_vec(),
        stores: Some(vec![0, 0]),
        to_move: Some(1),
        vars: vars.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
        ..Position::default()
    };
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    Game::with_position(r, opts, &pos)
        .unwrap_or_else(|e| panic!("{}", e.one_line()))
        .legal_labels()
        .unwrap()
}

#[test]
fn holes_are_passed_over_by_count_only_from_the_move_asked() {
    let later = rule("  pass_opponent_holding: [2]\n  pass_from_move: 2\n", "");
    // The first move of the game passes over nothing: N1 (two) gets a seed.
    assert_eq!(
        after(&later, &[0, 2, 2, 2, 0, 0], &[], "3"),
        (vec![0, 2, 0, 3, 1, 0], vec![0, 0], vec![])
    );
    // From the second move on, N1 is passed over.
    let pos = Position {
        pits: vec![0, 2, 2, 2, 0, 0],
        stores: Some(vec![0, 0]),
        to_move: Some(1),
        vars: [("moves".to_string(), 1)].into_iter().collect(),
        ..Position::default()
    };
    let opts = later.resolve_options(&[] as &[&str]).unwrap();
    let mut g = Game::with_position(later.clone(), opts, &pos).unwrap();
    g.play("3").unwrap();
    assert_eq!(g.state().pits, vec![0, 2, 0, 2, 1, 1]);
}

#[test]
fn a_move_that_captured_also_takes_the_opponents_holes_holding_the_counts() {
    let pick = rule(
        "",
        "    opposite: { take_last: true }\n    counted_holes: { counts: [2], after_capture: true }\n",
    );
    // S1's seed falls into empty S2 and takes N2 (two) with it; N1 holding two goes too.
    assert_eq!(
        after(&pick, &[1, 0, 0, 2, 2, 0], &[], "1"),
        (vec![0, 0, 0, 0, 0, 0], vec![5, 0], vec![])
    );
    // No capture: N1 stays.
    assert_eq!(
        after(&pick, &[1, 1, 0, 2, 0, 0], &[], "1"),
        (vec![0, 2, 0, 2, 0, 0], vec![0, 0], vec![])
    );
}

#[test]
fn the_last_resort_count_may_leave_only_its_rightmost_hole() {
    let right = "    last_resort_count: 2\n    last_resort_rightmost: true\n";
    // Every hole holds two: only S3.
    assert_eq!(legal(right, &[2, 2, 2, 1, 1, 1], &[]), vec!["3"]);
    // S2 holds three: the twos are not played.
    assert_eq!(legal(right, &[2, 3, 2, 1, 1, 1], &[]), vec!["2"]);
    // Without the rightmost rule every two may be played.
    assert_eq!(
        legal("    last_resort_count: 2\n", &[2, 2, 2, 1, 1, 1], &[]),
        vec!["1", "2", "3"]
    );
}

#[test]
fn the_first_move_is_played_from_the_rightmost_legal_holes() {
    let first = "    first_move_rightmost: 2\n";
    assert_eq!(legal(first, &[1, 1, 1, 1, 1, 1], &[]), vec!["2", "3"]);
    // An empty S3 is not legal: the two rightmost legal holes are S1 and S2.
    assert_eq!(legal(first, &[1, 1, 0, 1, 1, 1], &[]), vec!["1", "2"]);
    // After the first move, every hole.
    assert_eq!(
        legal(first, &[1, 1, 1, 1, 1, 1], &[("moves", 1)]),
        vec!["1", "2", "3"]
    );
}

#[test]
fn bad_step_values_are_one_line_errors_naming_the_key() {
    for (sowing, capture, want) in [
        ("  pass_holding_at_least: 0\n", "", "pass_holding_at_least"),
        (
            "  pass_opponent_holding: [0]\n",
            "",
            "pass_opponent_holding",
        ),
        (
            "  closed_opponent_takes_seeds: true\n  taken_seeds_to: 3\n",
            "",
            "taken_seeds_to",
        ),
        ("  taken_seeds_to: 1\n", "", "closed_opponent_takes_seeds"),
        ("  close_on_relay: { count: 0 }\n", "", "close_on_relay"),
        ("  close_on_relay: { cont: 3 }\n", "", "cont"),
        (
            "  opponent_takes_when_few: { at_most: 0 }\n",
            "",
            "opponent_takes_when_few",
        ),
        ("", "    lap_capture: sideways\n", "chain_then_next_hole"),
        ("  pass_from_move: 2\n", "", "pass_from_move"),
        (
            "  pass_from_move: -1\n  pass_holding_at_least: 3\n",
            "",
            "pass_from_move",
        ),
    ] {
        let e = Rule::data_from_text(text(sowing, capture), Path::new("steps.yaml"))
            .err()
            .unwrap_or_else(|| panic!("{sowing}{capture}: accepted"))
            .one_line();
        assert!(
            e.contains(want) && !e.contains('\n'),
            "{sowing}{capture}: {e}"
        );
    }
}

/// Plays `mv` by South from holes `pits` with the game variables `vars`; the holes, the stores
/// and the variable `bearing_off` after.
fn after_with(
    r: &Arc<Rule>,
    pits: &[i64],
    vars: &[(&str, i64)],
    mv: &str,
) -> (Vec<i64>, Vec<i64>, i64) {
    let pos = Position {
        pits: pits.to_vec(),
        stores: Some(vec![0, 0]),
        to_move: Some(1),
        vars: vars.iter().map(|&(k, v)| (k.to_string(), v)).collect(),
        ..Position::default()
    };
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let mut g =
        Game::with_position(r.clone(), opts, &pos).unwrap_or_else(|e| panic!("{}", e.one_line()));
    g.play(mv)
        .unwrap_or_else(|e| panic!("move {mv}: {}", e.one_line()));
    let s = g.state();
    let bearing = s.vars.get("bearing_off").copied().unwrap_or(-1);
    (s.pits, s.stores, bearing)
}

#[test]
fn once_every_hole_holds_one_seed_at_most_the_seeds_are_borne_off() {
    let r = rule("  bear_off_after_singletons: true\n", "");
    // Bearing off: S3's three seeds would go on into N1: they leave the board for South's store.
    assert_eq!(
        after_with(&r, &[0, 1, 3, 1, 0, 1], &[("bearing_off", 1)], "3"),
        (vec![0, 1, 0, 1, 0, 1], vec![3, 0], 1)
    );
    // ... S2's seed stays on his row.
    assert_eq!(
        after_with(&r, &[0, 1, 1, 1, 0, 1], &[("bearing_off", 1)], "2"),
        (vec![0, 0, 2, 1, 0, 1], vec![0, 0], 1)
    );
    // Not begun: sown as usual; a move leaving a hole with two does not begin it.
    assert_eq!(
        after_with(&r, &[0, 1, 3, 1, 0, 1], &[], "3"),
        (vec![0, 1, 0, 2, 1, 2], vec![0, 0], 0)
    );
    // A move leaving every hole holding one seed at most begins it, for the moves after.
    assert_eq!(
        after_with(&r, &[0, 1, 1, 0, 0, 1], &[], "3"),
        (vec![0, 1, 0, 1, 0, 1], vec![0, 0], 1)
    );
}
