//! More capture steps that translate MancalaGames' capture rules (issue #22): the holes holding a
//! single seed, a matching pair, the holes facing single seeds before the sowing, the seeds
//! opposite pulled into the last hole, a chain that takes the holes opposite too, a grand slam
//! that moves again, one extra move in a row. Each is shown on a data rule: a position, one
//! move, the position after it.
//!
//! The board (as in `capture_steps.rs`): two rows of `holes` holes (South 1..n, North 1..n), a
//! store after each row that sowing passes over and captures fill; South moves. With three
//! holes, S1 faces N3, S2 N2, S3 N1.

use std::path::Path;
use std::sync::Arc;

use sowlab::{Game, Position, Rule};

fn text(holes: usize, sowing: &str, capture: &str) -> String {
    format!(
        "name: steps\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: {holes}, seeds: 1 }}\n    - {{ store: store S, owner: 1 }}\n    - {{ row: N, owner: 2, holes: {holes}, seeds: 1 }}\n    - {{ store: store N, owner: 2 }}\nsowing:\n  stores: none\n{sowing}pipeline:\n  capture:\n{capture}  end: []\n"
    )
}

fn rule(holes: usize, sowing: &str, capture: &str) -> Arc<Rule> {
    Arc::new(
        Rule::data_from_text(text(holes, sowing, capture), Path::new("steps.yaml"))
            .unwrap_or_else(|e| panic!("{}", e.one_line())),
    )
}

fn error(holes: usize, sowing: &str, capture: &str) -> String {
    match Rule::data_from_text(text(holes, sowing, capture), Path::new("steps.yaml")) {
        Ok(_) => panic!("the rule is accepted: {capture}"),
        Err(e) => e.one_line(),
    }
}

/// A game of `r` at holes `south`, `north`: stores empty, South to move.
fn game(r: &Arc<Rule>, south: &[i64], north: &[i64]) -> Game {
    let pos = Position {
        pits: [south, north].concat(),
        stores: Some(vec![0, 0]),
        to_move: Some(1),
        ..Position::default()
    };
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    Game::with_position(r.clone(), opts, &pos).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// Plays `moves` from holes `south`, `north` (see [`game`]); the holes, stores and player to
/// move after.
fn after(
    r: &Arc<Rule>,
    south: &[i64],
    north: &[i64],
    moves: &[&str],
) -> (Vec<i64>, Vec<i64>, usize) {
    let mut g = game(r, south, north);
    for mv in moves {
        g.play(mv)
            .unwrap_or_else(|e| panic!("move {mv}: {}", e.one_line()));
    }
    let s = g.state();
    (s.pits, s.stores, s.to_move.unwrap_or(0))
}

#[test]
fn every_hole_holding_a_single_seed_is_taken_on_the_side_asked() {
    let any = rule(3, "", "    single_seed_holes: { side: any }\n");
    // S1's two seeds make S2 and S3 singles; N1 holds one: all three are taken.
    assert_eq!(
        after(&any, &[2, 0, 0], &[1, 0, 3], &["1"]),
        (vec![0, 0, 0, 0, 0, 3], vec![3, 0], 2)
    );
    let opp = rule(3, "", "    single_seed_holes: { side: opponent }\n");
    assert_eq!(
        after(&opp, &[2, 0, 0], &[1, 0, 3], &["1"]),
        (vec![0, 1, 1, 0, 0, 3], vec![1, 0], 2)
    );
}

#[test]
fn the_last_hole_and_the_hole_opposite_are_taken_when_they_match() {
    let r = rule(3, "", "    matching_opposite: true\n");
    // S1 into S2 (now 2), facing N2 (2): both taken.
    assert_eq!(
        after(&r, &[1, 1, 0], &[0, 2, 0], &["1"]),
        (vec![0, 0, 0, 0, 0, 0], vec![4, 0], 2)
    );
    // N2 holds 3: nothing.
    assert_eq!(
        after(&r, &[1, 1, 0], &[0, 3, 0], &["1"]),
        (vec![0, 2, 0, 0, 3, 0], vec![0, 0], 2)
    );
}

#[test]
fn a_matching_take_goes_on_while_the_next_holes_match_the_holes_opposite() {
    // S1's two seeds end in S3 (2, facing N3: 2). With the sowing S4 (3) faces N2 (3) and S5
    // (4) faces N1 (4); against it S2 (1) faces N4 (1), then S1 is empty.
    let (south, north) = ([2, 0, 1, 3, 4], [4, 3, 2, 1, 0]);
    let both = |max: i64| {
        rule(
            5,
            "",
            &format!(
                "    matching_opposite: true\n    matching_run: {{ direction: both, max: {max} }}\n"
            ),
        )
    };
    // At most two holes each way, the last counted: S3, S4, then S2 (S5 is a third).
    assert_eq!(
        after(&both(2), &south, &north, &["1"]),
        (vec![0, 0, 0, 0, 4, 4, 0, 0, 0, 0], vec![12, 0], 2)
    );
    // No limit: S5 too.
    assert_eq!(
        after(&both(0), &south, &north, &["1"]),
        (vec![0; 10], vec![20, 0], 2)
    );
    let back = rule(
        5,
        "",
        "    matching_opposite: true\n    matching_run: { direction: back }\n",
    );
    assert_eq!(
        after(&back, &south, &north, &["1"]),
        (vec![0, 0, 0, 3, 4, 4, 3, 0, 0, 0], vec![6, 0], 2)
    );
    // The last hole not matching: nothing, whatever the holes beside it hold.
    assert_eq!(
        after(&both(0), &[2, 0, 1, 3, 4], &[4, 3, 5, 1, 0], &["1"]),
        (vec![0, 1, 2, 3, 4, 4, 3, 5, 1, 0], vec![0, 0], 2)
    );
}

#[test]
fn a_two_way_run_cut_by_its_limit_takes_the_hole_past_it_when_asked() {
    // S1's two seeds end in S3 (2, facing N5: 2); with the sowing S4, S5 match (the limit: three
    // holes), S6 (6) would too; against it S2 (6) does not match N6 (1).
    let (south, north) = ([2, 5, 1, 3, 4, 6, 0], [0, 6, 4, 3, 2, 1, 0]);
    let run = |back_fails: &str| {
        rule(
            7,
            "",
            &format!("    matching_opposite: true\n    matching_run: {{ direction: both, max: 3, back_fails: {back_fails} }}\n"),
        )
    };
    assert_eq!(
        after(&run("stop"), &south, &north, &["1"]),
        (
            vec![0, 6, 0, 0, 0, 6, 0, 0, 6, 0, 0, 0, 1, 0],
            vec![18, 0],
            2
        )
    );
    assert_eq!(
        after(&run("beyond_limit"), &south, &north, &["1"]),
        (
            vec![0, 6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
            vec![30, 0],
            2
        )
    );
    // S2 matching (N6 holding 6): the run goes back, nothing past the limit.
    assert_eq!(
        after(&run("beyond_limit"), &south, &[0, 6, 4, 3, 2, 6, 0], &["1"]),
        (
            vec![0, 0, 0, 0, 0, 6, 0, 0, 6, 0, 0, 0, 0, 0],
            vec![30, 0],
            2
        )
    );
}

#[test]
fn the_first_move_takes_one_and_gives_one_in_turn_and_captures_opposite() {
    let r = rule(
        3,
        "",
        "    matching_opposite: true\n  moves:\n    first_move_takes_and_gives: true\n",
    );
    // S1 keeps its two; S2 -1, S3 +1, N1 -1, N2 +1, N3 -1; N3, facing S1, gains one: 2 and 2,
    // the pair is taken. North's first move is then sown.
    assert_eq!(
        after(&r, &[2, 2, 2], &[2, 2, 2], &["1"]),
        (vec![0, 1, 3, 1, 3, 0], vec![4, 0], 2)
    );
    assert_eq!(
        after(&r, &[2, 2, 2], &[2, 2, 2], &["1", "1"]),
        (vec![0, 1, 3, 0, 4, 0], vec![4, 0], 1)
    );
    // Without it, S1 is sown.
    let plain = rule(3, "", "    matching_opposite: true\n");
    assert_eq!(
        after(&plain, &[2, 2, 2], &[2, 2, 2], &["1"]),
        (vec![0, 3, 3, 2, 2, 2], vec![0, 0], 2)
    );
}

#[test]
fn a_lap_ending_in_a_matching_pair_does_not_relay_when_asked() {
    let stops = rule(
        3,
        "  relay: last\n  relay_stops_matching: true\n",
        "    matching_opposite: true\n",
    );
    // The lap ends in S2 (2), facing N2 (2): no relay; the pair is taken.
    assert_eq!(
        after(&stops, &[1, 1, 0], &[0, 2, 0], &["1"]),
        (vec![0, 0, 0, 0, 0, 0], vec![4, 0], 2)
    );
    // Without: S2's two relay to S3 and N1, which ends the move; N1 (1) faces S3 (1): taken.
    let goes = rule(3, "  relay: last\n", "    matching_opposite: true\n");
    assert_eq!(
        after(&goes, &[1, 1, 0], &[0, 2, 0], &["1"]),
        (vec![0, 0, 0, 0, 2, 0], vec![2, 0], 2)
    );
}

#[test]
fn before_the_sowing_the_holes_facing_single_seeds_are_taken() {
    let r = rule(3, "", "    opposite_of_singles_first: true\n");
    // S1 and S3 hold one seed each: N3 (3) and N1 (2) are taken, then S1's seed is sown.
    assert_eq!(
        after(&r, &[1, 0, 1], &[2, 0, 3], &["1"]),
        (vec![0, 1, 1, 0, 0, 0], vec![5, 0], 2)
    );
    // S1 holds two: only N1, facing S3, is taken.
    assert_eq!(
        after(&r, &[2, 0, 1], &[2, 0, 3], &["1"]),
        (vec![0, 1, 2, 0, 0, 3], vec![2, 0], 2)
    );
}

#[test]
fn the_seeds_opposite_are_pulled_into_the_last_hole() {
    let r = rule(
        3,
        "",
        "    opposite: { take_last: false, pull_into_last: true }\n",
    );
    // S1 into the empty S2, facing N2 (4): the four join S2; no store gains.
    assert_eq!(
        after(&r, &[1, 0, 0], &[0, 4, 0], &["1"]),
        (vec![0, 5, 0, 0, 0, 0], vec![0, 0], 2)
    );
    let e = error(3, "", "    opposite: { pull_into_last: true }\n");
    assert!(
        e.contains("pull_into_last") && e.contains("take_last"),
        "{e}"
    );
}

#[test]
fn a_chain_takes_the_hole_opposite_each_hole_it_takes() {
    let chain = |more: &str| {
        rule(
            3,
            "",
            &format!("    chain: {{ counts: [2], side: any, max: 0, grand_slam: all{more} }}\n"),
        )
    };
    // S3's two: N1 and N2 make 2. N2 and S2 (opposite, 5) are taken, then N1 (S3 is empty).
    assert_eq!(
        after(
            &chain(", and_opposite: true"),
            &[4, 5, 2],
            &[1, 1, 0],
            &["3"]
        ),
        (vec![4, 0, 0, 0, 0, 0], vec![9, 0], 2)
    );
    assert_eq!(
        after(&chain(""), &[4, 5, 2], &[1, 1, 0], &["3"]),
        (vec![4, 5, 0, 0, 0, 0], vec![4, 0], 2)
    );
    // S1's three make S2 2, S3 2, N1 2: N1 is taken with S3 opposite it; the chain then meets
    // the emptied S3 and stops (S2 stays).
    assert_eq!(
        after(
            &chain(", and_opposite: true"),
            &[3, 1, 1],
            &[1, 0, 0],
            &["1"]
        ),
        (vec![0, 2, 0, 0, 0, 0], vec![4, 0], 2)
    );
    let e = error(
        3,
        "",
        "    chain: { counts: [2], grand_slam: nothing, and_opposite: true }\n",
    );
    assert!(
        e.contains("and_opposite") && e.contains("grand_slam: all"),
        "{e}"
    );
}

#[test]
fn a_grand_slam_read_all_move_again_takes_them_all_and_moves_again() {
    let r = rule(
        3,
        "",
        "    chain: { counts: [2, 3], max: 0, grand_slam: all_move_again }\n",
    );
    // S3's two: N1 2, N2 3, all North's seeds: taken, and South moves again.
    assert_eq!(
        after(&r, &[1, 0, 2], &[1, 2, 0], &["3"]),
        (vec![1, 0, 0, 0, 0, 0], vec![5, 0], 1)
    );
    // N3 holds a seed: an ordinary capture, the turn passes.
    assert_eq!(
        after(&r, &[1, 0, 2], &[1, 2, 1], &["3"]),
        (vec![1, 0, 0, 0, 0, 1], vec![5, 0], 2)
    );
}

#[test]
fn a_capture_moves_again_only_after_a_move_that_did_not() {
    // Four holes: S2 faces N3, S4 N1.
    let once = rule(4, "", "    opposite: {}\n  extra_turn: capture_once\n");
    // S1 into the empty S2 takes N3 and moves again; S3 into the empty S4 takes N1, but the
    // move before earned the extra move: the turn passes.
    assert_eq!(
        after(&once, &[1, 0, 1, 0], &[2, 1, 2, 1], &["1"]),
        (vec![0, 0, 1, 0, 2, 1, 0, 1], vec![3, 0], 1)
    );
    assert_eq!(
        after(&once, &[1, 0, 1, 0], &[2, 1, 2, 1], &["1", "3"]),
        (vec![0, 0, 0, 0, 0, 1, 0, 1], vec![6, 0], 2)
    );
    let always = rule(4, "", "    opposite: {}\n  extra_turn: capture\n");
    assert_eq!(
        after(&always, &[1, 0, 1, 0], &[2, 1, 2, 1], &["1", "3"]).2,
        1
    );
}

#[test]
fn bad_words_of_these_steps_are_one_line_errors_naming_the_key() {
    let e = error(3, "", "    opposite: {}\n  extra_turn: capture_twice\n");
    assert!(
        e.contains("extra_turn") && e.contains("capture_once"),
        "{e}"
    );
    let e = error(3, "", "    single_seed_holes: { side: both }\n");
    assert!(
        e.contains("single_seed_holes") && e.contains("opponent"),
        "{e}"
    );
    let e = error(3, "", "    matching_opposite: 2\n");
    assert!(e.contains("matching_opposite"), "{e}");
    let e = error(3, "  relay_stops_matching: sometimes\n", "");
    assert!(e.contains("relay_stops_matching"), "{e}");
    assert!(!e.contains('\n'));
}

/// The legal moves of South at `south`, `north`.
fn legal(r: &Arc<Rule>, south: &[i64], north: &[i64]) -> Vec<String> {
    game(r, south, north).legal_labels().unwrap()
}

#[test]
fn a_hole_with_a_choice_of_direction_is_played_both_ways_when_either_feeds_if_asked() {
    let feed = |either: bool| {
        rule(
            3,
            "  choose_direction: [1, 3]\n",
            &format!(
                "    not_by_single_seed: false\n  moves:\n    must_feed: true\n    feed_either_direction: {either}\n"
            ),
        )
    };
    // North is empty. S1's seed feeds him sown clockwise (into N3), S3's anticlockwise (N1).
    assert_eq!(legal(&feed(false), &[1, 0, 1], &[0, 0, 0]), ["1cw", "3ccw"]);
    let mut both = legal(&feed(true), &[1, 0, 1], &[0, 0, 0]);
    both.sort();
    assert_eq!(both, ["1ccw", "1cw", "3ccw", "3cw"]);
    // S2 feeds in neither direction: it stays out (and North holding seeds, all are legal).
    let r = rule(
        3,
        "  choose_direction: [1, 2, 3]\n",
        "    not_by_single_seed: false\n  moves:\n    must_feed: true\n    feed_either_direction: true\n",
    );
    let mut v = legal(&r, &[1, 1, 0], &[0, 0, 0]);
    v.sort();
    assert_eq!(v, ["1ccw", "1cw"]);
}

#[test]
fn every_hole_holding_one_of_the_counts_is_taken_when_counts_are_given() {
    let r = rule(
        3,
        "",
        "    single_seed_holes: { side: any, counts: [2, 4] }\n",
    );
    // S1's two seeds make S2 2 and S3 4; N2 holds 4, N3 1: S2, S3 and N2 are taken.
    assert_eq!(
        after(&r, &[2, 1, 3], &[0, 4, 1], &["1"]),
        (vec![0, 0, 0, 0, 0, 1], vec![10, 0], 2)
    );
}

#[test]
fn a_single_seed_stays_in_its_hole_when_asked_and_the_captures_are_still_made() {
    let stays = rule(
        3,
        "  first_seed_back: true\n  single_seed_stays: true\n",
        "    single_seed_holes: { side: any, counts: [2] }\n",
    );
    // S1's single seed stays: the board is unchanged, and S2 (2) is taken.
    assert_eq!(
        after(&stays, &[1, 2, 0], &[0, 0, 3], &["1"]),
        (vec![1, 0, 0, 0, 0, 3], vec![2, 0], 2)
    );
    // Without: it moves on into S2, which holds 3: nothing is taken.
    let moves_on = rule(
        3,
        "  first_seed_back: true\n",
        "    single_seed_holes: { side: any, counts: [2] }\n",
    );
    assert_eq!(
        after(&moves_on, &[1, 2, 0], &[0, 0, 3], &["1"]),
        (vec![0, 3, 0, 0, 0, 3], vec![0, 0], 2)
    );
}

#[test]
fn a_chain_stops_at_the_hole_the_move_was_sown_from_when_asked() {
    // S1's seven seeds go round: S2 1, S3 1, N1 1, N2 1, N3 1, S1 1, S2 2. The chain of 1s and
    // 2s back from S2 would take every hole; it stops at S1, the start, when asked.
    let chain = "counts: [1, 2], side: any, grand_slam: all";
    let stops = rule(
        3,
        "",
        &format!("    chain: {{ {chain}, stops_at_start: true }}\n"),
    );
    assert_eq!(
        after(&stops, &[7, 0, 0], &[0, 0, 0], &["1"]),
        (vec![1, 0, 1, 1, 1, 1], vec![2, 0], 2)
    );
    let goes = rule(3, "", &format!("    chain: {{ {chain} }}\n"));
    assert_eq!(
        after(&goes, &[7, 0, 0], &[0, 0, 0], &["1"]),
        (vec![0, 0, 0, 0, 0, 0], vec![7, 0], 2)
    );
}

#[test]
fn a_chain_taking_the_holes_opposite_judges_its_line_as_sown_when_asked() {
    // S3's four seeds make N1, N2, N3 and S1 2 each; S1 is taken with N3 opposite it. The hole
    // before S1 is N3, just emptied: the chain stops there, unless it judges N3 by its count
    // after the sowing (2), then goes on through N2 and N1 (their opposites S2, S3 are empty).
    let chain = "counts: [2], side: any, and_opposite: true, grand_slam: all";
    let judged_after = rule(3, "", &format!("    chain: {{ {chain} }}\n"));
    assert_eq!(
        after(&judged_after, &[1, 0, 4], &[1, 1, 1], &["3"]),
        (vec![0, 0, 0, 2, 2, 0], vec![4, 0], 2)
    );
    let as_sown = rule(3, "", &format!("    chain: {{ {chain}, as_sown: true }}\n"));
    assert_eq!(
        after(&as_sown, &[1, 0, 4], &[1, 1, 1], &["3"]),
        (vec![0, 0, 0, 0, 0, 0], vec![8, 0], 2)
    );
}

#[test]
fn the_hole_opposite_goes_to_the_last_holes_owner_when_asked() {
    let r = rule(
        3,
        "",
        "    opposite: { last_in: any, take_last: false, to_last_hole_owner: true }\n",
    );
    // S3's two seeds end in N2, empty: North takes S2 opposite it (3), the last seed stays.
    assert_eq!(
        after(&r, &[1, 3, 2], &[1, 0, 1], &["3"]),
        (vec![1, 0, 0, 2, 1, 1], vec![0, 3], 2)
    );
    // In an empty hole of South's own, South takes the hole opposite.
    assert_eq!(
        after(&r, &[1, 0, 2], &[1, 4, 1], &["1"]),
        (vec![0, 1, 2, 1, 0, 1], vec![4, 0], 2)
    );
}
