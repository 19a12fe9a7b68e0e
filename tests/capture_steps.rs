//! The sowing and capture steps that translate MancalaGames' capture and sowing rules (issue
//! #22), each shown on a data rule: a position, one move, the position after it.
//!
//! The board: two rows of `holes` holes (South 1..n, North 1..n), a store after each row that
//! sowing passes over (`stores: none`) and captures fill; South moves. Holes face each other as
//! in Kalah: with three holes, S1 faces N3, S2 N2, S3 N1.

use std::path::Path;
use std::sync::Arc;

use sowlab::{Game, Position, Rule};

/// A data rule with `holes` holes a row, the given `sowing:` lines (`stores: none` unless they
/// say) and `capture:` lines (`extra_turn:` and other pipeline keys may follow them).
fn rule(holes: usize, sowing: &str, capture: &str) -> Arc<Rule> {
    let text = format!(
        "name: steps\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: {holes}, seeds: 1 }}\n    - {{ store: store S, owner: 1 }}\n    - {{ row: N, owner: 2, holes: {holes}, seeds: 1 }}\n    - {{ store: store N, owner: 2 }}\nsowing:\n{stores}{sowing}pipeline:\n  capture:\n{capture}  end: []\n",
        stores = if sowing.contains("stores:") { "" } else { "  stores: none\n" }
    );
    Arc::new(
        Rule::data_from_text(text, Path::new("steps.yaml"))
            .unwrap_or_else(|e| panic!("{}", e.one_line())),
    )
}

/// Plays `mv` by South from holes `south`, `north` (stores empty); the holes and stores after.
fn after(r: &Arc<Rule>, south: &[i64], north: &[i64], mv: &str) -> (Vec<i64>, Vec<i64>) {
    let pos = Position {
        pits: [south, north].concat(),
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
    (s.pits, s.stores)
}

#[test]
fn a_lap_goes_on_only_when_it_ends_on_the_side_asked() {
    let only_opp = rule(
        3,
        "  relay: last\n  relay_only_on: { side: opponent }\n",
        "",
    );
    // S1 (one seed) ends in S2, occupied, but on South's own side: no relay.
    assert_eq!(
        after(&only_opp, &[1, 1, 0], &[1, 0, 0], "1"),
        (vec![0, 2, 0, 1, 0, 0], vec![0, 0])
    );
    // The same move relays without the condition: S2's two seeds to S3 and N1, N1's two on.
    let any = rule(3, "  relay: last\n", "");
    assert_eq!(
        after(&any, &[1, 1, 0], &[1, 0, 0], "1"),
        (vec![0, 0, 1, 0, 1, 1], vec![0, 0])
    );
    // S3 ends in N1 (occupied, the opponent's): it relays from there.
    assert_eq!(
        after(&only_opp, &[0, 0, 1], &[1, 0, 0], "3"),
        (vec![0, 0, 0, 0, 1, 1], vec![0, 0])
    );
}

#[test]
fn a_lap_goes_on_only_when_its_last_hole_holds_the_count_asked() {
    let on_three = rule(3, "  relay: last\n  relay_only_on: { counts: [3] }\n", "");
    // S2 reaches 3: relay to S3, N1, N2.
    assert_eq!(
        after(&on_three, &[1, 2, 0], &[0, 0, 0], "1"),
        (vec![0, 0, 1, 1, 1, 0], vec![0, 0])
    );
    // S2 reaches 2: no relay.
    assert_eq!(
        after(&on_three, &[1, 1, 0], &[0, 0, 0], "1"),
        (vec![0, 2, 0, 0, 0, 0], vec![0, 0])
    );
    let at_least = rule(3, "  relay: last\n  relay_only_on: { at_least: 2 }\n", "");
    assert_eq!(
        after(&at_least, &[1, 1, 0], &[1, 0, 0], "1"),
        (vec![0, 0, 1, 0, 1, 1], vec![0, 0])
    );
}

#[test]
fn the_sower_keeps_one_seed_of_each_lap() {
    let keep = rule(3, "  relay: last\n  before_lap: keep_one_seed\n", "");
    // S1's three: one to the store, S2, S3 (occupied: relay with two): one to the store, N1.
    assert_eq!(
        after(&keep, &[3, 0, 1], &[0, 0, 0], "1"),
        (vec![0, 1, 0, 1, 0, 0], vec![2, 0])
    );
}

#[test]
fn a_single_seed_first_takes_the_hole_opposite_its_start() {
    let single = rule(3, "  before_lap: single_takes_opposite\n", "");
    // S1 faces N3: its four seeds go to South's store, then the seed is sown into S2.
    assert_eq!(
        after(&single, &[1, 0, 0], &[0, 0, 4], "1"),
        (vec![0, 1, 0, 0, 0, 0], vec![4, 0])
    );
    // Two seeds: nothing taken.
    assert_eq!(
        after(&single, &[2, 0, 0], &[0, 0, 4], "1"),
        (vec![0, 1, 1, 0, 0, 4], vec![0, 0])
    );
}

#[test]
fn captures_during_sowing_are_made_only_on_the_side_asked() {
    let own = "  capture_counts: [2]\n  capture_to: sower\n  capture_last: false\n";
    let own_only = rule(3, &format!("{own}  capture_side: own\n"), "");
    // S1's four: S2 makes 2 (South's: taken), S3, N1 makes 2 (North's: stays), N2.
    assert_eq!(
        after(&own_only, &[4, 1, 0], &[1, 0, 0], "1"),
        (vec![0, 0, 1, 2, 1, 0], vec![2, 0])
    );
    let any = rule(3, own, "");
    assert_eq!(
        after(&any, &[4, 1, 0], &[1, 0, 0], "1"),
        (vec![0, 0, 1, 0, 1, 0], vec![4, 0])
    );
}

#[test]
fn the_hole_opposite_is_taken_only_when_its_count_passes() {
    let r = rule(3, "", "    opposite: { at_most: 3 }\n");
    // S1 to the empty S2, facing N2: four seeds there is too many.
    assert_eq!(
        after(&r, &[1, 0, 0], &[0, 4, 0], "1"),
        (vec![0, 1, 0, 0, 4, 0], vec![0, 0])
    );
    // Three: taken, with the last seed.
    assert_eq!(
        after(&r, &[1, 0, 0], &[0, 3, 0], "1"),
        (vec![0, 0, 0, 0, 0, 0], vec![4, 0])
    );
}

#[test]
fn after_taking_the_hole_opposite_the_sowing_goes_on() {
    let on = rule(
        4,
        "  relay: last\n",
        "    opposite: { take_last: false, sow_on: true }\n",
    );
    // Four holes: S2 faces N3, S3 N2, S4 N1. S1 to the empty S2: N3's 2 taken, S2's seed sown on
    // to the empty S3: N2's 5 taken, on to the empty S4: N1 is empty, the move ends.
    assert_eq!(
        after(&on, &[1, 0, 0, 0], &[0, 5, 2, 0], "1"),
        (vec![0, 0, 0, 1, 0, 0, 0, 0], vec![7, 0])
    );
    let once = rule(4, "  relay: last\n", "    opposite: { take_last: false }\n");
    assert_eq!(
        after(&once, &[1, 0, 0, 0], &[0, 5, 2, 0], "1"),
        (vec![0, 1, 0, 0, 0, 5, 0, 0], vec![2, 0])
    );
}

#[test]
fn a_move_of_one_seed_captures_nothing_when_asked() {
    let chain = "    chain: { counts: [2], max: 1 }\n";
    let not_single = rule(3, "", &format!("{chain}    not_by_single_seed: true\n"));
    // (N3's five keep these captures from taking all North's seeds.)
    // S3's one seed makes 2 in N1: no capture.
    assert_eq!(
        after(&not_single, &[0, 0, 1], &[1, 0, 5], "3"),
        (vec![0, 0, 0, 2, 0, 5], vec![0, 0])
    );
    // S2's two seeds (S3, N1): N1's 2 taken.
    assert_eq!(
        after(&not_single, &[0, 2, 0], &[1, 0, 5], "2"),
        (vec![0, 0, 1, 0, 0, 5], vec![2, 0])
    );
    let plain = rule(3, "", chain);
    assert_eq!(
        after(&plain, &[0, 0, 1], &[1, 0, 5], "3"),
        (vec![0, 0, 0, 0, 0, 5], vec![2, 0])
    );
}

#[test]
fn a_chain_starting_on_the_opponents_row_goes_on_into_the_movers() {
    let r = rule(
        3,
        "",
        "    chain: { counts: [2], side: any, first_on: opponent, max: 0 }\n",
    );
    // S2's two: S3 makes 2, N1 makes 2 (the last, North's): N1 taken, then S3 behind it.
    assert_eq!(
        after(&r, &[0, 2, 1], &[1, 0, 5], "2"),
        (vec![0, 0, 0, 0, 0, 5], vec![4, 0])
    );
    // S2's one seed makes 2 in S3, South's own: the chain does not start.
    assert_eq!(
        after(&r, &[0, 1, 1], &[1, 0, 5], "2"),
        (vec![0, 0, 2, 1, 0, 5], vec![0, 0])
    );
}

#[test]
fn bad_words_are_one_line_errors_naming_the_key() {
    let text = "name: steps\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 1 }\n    - { row: N, owner: 2, holes: 3, seeds: 1 }\nsowing:\n  before_lap: take_two\npipeline:\n  end: []\n";
    let e = Rule::data_from_text(text.into(), Path::new("steps.yaml"))
        .err()
        .unwrap()
        .one_line();
    assert!(e.contains("before_lap") || e.contains("take_two"), "{e}");
    assert!(e.contains("keep_one_seed"), "{e}");
}

#[test]
fn a_lap_ending_in_an_empty_hole_facing_seeds_does_not_relay_when_asked() {
    let stops = rule(3, "  relay: next\n  relay_stops_facing_seeds: own\n", "");
    // S1 to the empty S2, facing N2 (3 seeds): the lap ends, though S3 holds seeds.
    assert_eq!(
        after(&stops, &[1, 0, 2], &[0, 3, 0], "1"),
        (vec![0, 1, 2, 0, 3, 0], vec![0, 0])
    );
    // Without: relay from S3 (N1, N2); N3 is empty, the move ends.
    let goes = rule(3, "  relay: next\n", "");
    assert_eq!(
        after(&goes, &[1, 0, 2], &[0, 3, 0], "1"),
        (vec![0, 1, 0, 1, 4, 0], vec![0, 0])
    );
    // Facing an empty hole: it relays.
    assert_eq!(
        after(&stops, &[1, 0, 2], &[0, 0, 0], "1"),
        (vec![0, 1, 0, 1, 1, 0], vec![0, 0])
    );
}

#[test]
fn a_grand_slam_read_leave_first_leaves_the_opponents_first_occupied_hole() {
    let chain = |slam: &str| {
        rule(
            3,
            "",
            &format!("    chain: {{ counts: [2, 3], max: 0, grand_slam: {slam} }}\n"),
        )
    };
    // S3's two: N1 makes 2, N2 makes 3 (the last): the chain would take all North's seeds.
    assert_eq!(
        after(&chain("leave_first"), &[0, 0, 2], &[1, 2, 0], "3"),
        (vec![0, 0, 0, 2, 0, 0], vec![3, 0])
    );
    assert_eq!(
        after(&chain("all"), &[0, 0, 2], &[1, 2, 0], "3"),
        (vec![0, 0, 0, 0, 0, 0], vec![5, 0])
    );
    // Only one hole of North's holds seeds: it is taken.
    assert_eq!(
        after(&chain("leave_first"), &[0, 0, 1], &[1, 0, 0], "3"),
        (vec![0, 0, 0, 0, 0, 0], vec![2, 0])
    );
}

#[test]
fn the_hole_after_the_last_is_taken_when_the_last_seed_falls_on_the_side_asked() {
    let next = rule(
        3,
        "",
        "    next_hole: { last_in: opponent, and_last: true }\n",
    );
    // S3's one seed to N1 (North's): N2 after it is taken, then N1 itself.
    assert_eq!(
        after(&next, &[0, 0, 1], &[0, 3, 5], "3"),
        (vec![0, 0, 0, 0, 0, 5], vec![4, 0])
    );
    // S1's one seed to S2 (South's own): nothing.
    assert_eq!(
        after(&next, &[1, 0, 2], &[0, 3, 5], "1"),
        (vec![0, 1, 2, 0, 3, 5], vec![0, 0])
    );
    let only_next = rule(3, "", "    next_hole: { last_in: opponent }\n");
    assert_eq!(
        after(&only_next, &[0, 0, 1], &[0, 3, 5], "3"),
        (vec![0, 0, 0, 1, 0, 5], vec![3, 0])
    );
}

#[test]
fn a_last_seed_on_the_opponents_row_takes_his_holes_holding_the_counts() {
    let r = rule(
        3,
        "",
        "    counted_holes: { counts: [2, 4], or_last_own_hole: true }\n",
    );
    // S3's one seed to N1 (now 2): North's holes holding 2 or 4 (N1, N3) are taken.
    assert_eq!(
        after(&r, &[0, 0, 1], &[1, 3, 4], "3"),
        (vec![0, 0, 0, 0, 3, 0], vec![6, 0])
    );
    // S2's one seed to S3, South's last hole: the same take.
    assert_eq!(
        after(&r, &[0, 1, 0], &[2, 3, 4], "2"),
        (vec![0, 0, 1, 0, 3, 0], vec![6, 0])
    );
    // S1's one seed to S2: nothing.
    assert_eq!(
        after(&r, &[1, 0, 0], &[2, 3, 4], "1"),
        (vec![0, 1, 0, 2, 3, 4], vec![0, 0])
    );
}

#[test]
fn a_last_seed_in_an_empty_hole_gives_the_store_to_the_opponent() {
    let r = rule(3, "", "    store_to_opponent: { last_in: opponent }\n");
    let pos = Position {
        pits: vec![0, 0, 1, 0, 3, 5],
        stores: Some(vec![7, 0]),
        to_move: Some(1),
        ..Position::default()
    };
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
    // S3's one seed to the empty N1: South's 7 go to North.
    g.play("3").unwrap();
    assert_eq!(g.state().stores, vec![0, 7]);
    assert_eq!(g.state().pits, vec![0, 0, 0, 1, 3, 5]);
}

#[test]
fn a_last_seed_in_the_opponents_store_takes_it_and_only_the_own_store_moves_again() {
    let r = rule(
        3,
        "  stores: all\n",
        "    opponent_store: true\n  extra_turn: own_store\n",
    );
    let pos = Position {
        pits: vec![0, 0, 5, 0, 0, 0],
        stores: Some(vec![0, 6]),
        to_move: Some(1),
        ..Position::default()
    };
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
    // S3's five: store S, N1, N2, N3, store N (the last): North's 6 and the seed go to South.
    g.play("3").unwrap();
    let s = g.state();
    assert_eq!(
        (s.pits.clone(), s.stores.clone()),
        (vec![0, 0, 0, 1, 1, 1], vec![8, 0])
    );
    assert_eq!(
        s.to_move,
        Some(2),
        "a last seed in the opponent's store passes the turn"
    );
    // North's N3 (one seed) into his own store: he moves again.
    g.play("3").unwrap();
    assert_eq!(g.state().to_move, Some(2));
}

#[test]
fn a_chain_may_also_take_the_movers_own_holes_named() {
    // S1 (2) sows S2 and S3: S3, South's rightmost hole, now holds 2. A chain of 2s on the
    // opponent's side alone leaves it; naming hole 3 lets it take it (and only it: S2 holds 3).
    let plain = rule(
        3,
        "",
        "    chain: { counts: [2], side: opponent, grand_slam: all }\n",
    );
    assert_eq!(
        after(&plain, &[2, 2, 1], &[1, 1, 1], "1"),
        (vec![0, 3, 2, 1, 1, 1], vec![0, 0])
    );
    let also = rule(
        3,
        "",
        "    chain: { counts: [2], side: opponent, also_own_holes: [3], grand_slam: all }\n",
    );
    assert_eq!(
        after(&also, &[2, 2, 1], &[1, 1, 1], "1"),
        (vec![0, 3, 0, 1, 1, 1], vec![2, 0])
    );
    // A hole the board does not have is refused at load, naming the key.
    let text = "name: steps\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 1 }\n    - { row: N, owner: 2, holes: 3, seeds: 1 }\npipeline:\n  capture:\n    chain: { counts: [2], also_own_holes: [4] }\n";
    let err = match Rule::data_from_text(text.to_string(), Path::new("steps.yaml")) {
        Ok(_) => panic!("hole 4 of 3 accepted"),
        Err(e) => e.one_line(),
    };
    assert!(
        err.contains("also_own_holes") && err.contains("no hole 4"),
        "{err}"
    );
}

#[test]
fn a_chain_may_also_take_the_holes_beside_the_last_in_its_row() {
    // S1 (3) sows S2, S3 and S4: S4 now holds 3, and S3 beside it 2, S5 3; S2 (3) is not
    // beside S4. With `and_row_neighbours` S3, S4 and S5 are taken; without it S4 alone.
    let chain = "    chain: { counts: [2, 3], side: any, max: 1, grand_slam: all";
    let alone = rule(5, "", &format!("{chain} }}\n"));
    assert_eq!(
        after(&alone, &[3, 2, 1, 2, 3], &[1, 1, 1, 1, 1], "1"),
        (vec![0, 3, 2, 0, 3, 1, 1, 1, 1, 1], vec![3, 0])
    );
    let beside = rule(5, "", &format!("{chain}, and_row_neighbours: true }}\n"));
    assert_eq!(
        after(&beside, &[3, 2, 1, 2, 3], &[1, 1, 1, 1, 1], "1"),
        (vec![0, 3, 0, 0, 0, 1, 1, 1, 1, 1], vec![8, 0])
    );
    // At the row's end only the one hole beside it: S3 (2) sows S4 and S5 (3, with S4 at 3).
    assert_eq!(
        after(&beside, &[1, 1, 2, 2, 2], &[1, 1, 1, 1, 1], "3"),
        (vec![1, 1, 0, 0, 0, 1, 1, 1, 1, 1], vec![6, 0])
    );
}

#[test]
fn a_players_first_captures_must_be_of_the_counts_named_in_order() {
    // Odd counts are captured, but a player's first capture must be of 3, his second of 1.
    let r = rule(
        3,
        "",
        "    chain: { counts: [1, 3, 5], side: any, max: 1, first_counts: [3, 1], grand_slam: all }\n",
    );
    // S1 (1) makes S2 hold 1: odd, but not the 3 his first capture must be.
    assert_eq!(
        after(&r, &[1, 0, 0], &[1, 1, 1], "1"),
        (vec![0, 1, 0, 1, 1, 1], vec![0, 0])
    );
    // S1 (1) makes S2 hold 3: his first capture.
    assert_eq!(
        after(&r, &[1, 2, 0], &[1, 1, 1], "1"),
        (vec![0, 0, 0, 1, 1, 1], vec![3, 0])
    );
    // Played on: South's first capture made (3), North's move, then South's second capture
    // must be of one counter: S2 (1) into S3, empty, makes 1: taken; a 3 would not be.
    let pos = Position {
        pits: vec![1, 2, 0, 0, 2, 0],
        stores: Some(vec![0, 0]),
        to_move: Some(1),
        ..Position::default()
    };
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
    g.play("1").unwrap(); // S2 makes 3: taken (first capture)
    g.play("2").unwrap(); // North's N2 (2) sows N3 and S1: S1 holds 1, North's first needs 3
    assert_eq!(g.state().pits, vec![1, 0, 0, 0, 0, 1]);
    g.play("1").unwrap(); // S1 (1) into S2, empty: makes 1, South's second capture
    let s = g.state();
    assert_eq!((s.pits, s.stores), (vec![0, 0, 0, 0, 0, 1], vec![4, 0]));
}

#[test]
fn a_chain_may_give_the_seeds_to_the_owner_of_each_hole_taken() {
    // S3 (2) sows N1 and N2: N2 now holds 4. Taken by South, or by North, its owner.
    let chain = "    chain: { counts: [4], side: any, max: 1, grand_slam: all";
    let mover = rule(3, "", &format!("{chain} }}\n"));
    assert_eq!(
        after(&mover, &[1, 1, 2], &[1, 3, 1], "3"),
        (vec![1, 1, 0, 2, 0, 1], vec![4, 0])
    );
    let owner = rule(3, "", &format!("{chain}, to_hole_owner: true }}\n"));
    assert_eq!(
        after(&owner, &[1, 1, 2], &[1, 3, 1], "3"),
        (vec![1, 1, 0, 2, 0, 1], vec![0, 4])
    );
}
