//! The steps of `capture.from_end_hole` (rules/README.md), each from a position to the position
//! after one move, on a board of four rows of 4 (South's loop clockwise: SI1, SI2, SI3, SI4, SO4,
//! SO3, SO2, SO1; SI1 faces NI4): a seed entered from the hand that captures, the captured seeds
//! sown from the end hole the capture's hole gives or the mover chooses, a board move's capture
//! with its single direction taken and the relay capturing again from the direction's end, the
//! taxed marked hole, stop or go on at the marked hole, `capture_at_most`, the end check
//! `to_move_inner_empty`, `start.layouts`, and the errors.

// Tests write their rule files directly; sowlab itself goes through its file door.
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::sync::Arc;

use sowlab::{Game, Rule, RulePath};

/// The rule: SI1 captures from the left end, SI4 from the right, SI3 marked (rank from 3 seeds,
/// taxed 2), captures from at most 6 seeds; one start layout, `at`, with the hands given.
fn rule_text(pits: &[i64], hands: [i64; 2], extra: &str) -> String {
    let pits: Vec<String> = pits.iter().map(|x| x.to_string()).collect();
    format!(
        "name: t\nplayers: 2\noptions:\n  start: {{ value: at, values: [at, other] }}\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - {{ row: SO, owner: 1, holes: 4, seeds: 0 }}\n    - {{ row: SI, owner: 1, holes: 4, seeds: 0 }}\n    - {{ row: NI, owner: 2, holes: 4, seeds: 0 }}\n    - {{ row: NO, owner: 2, holes: 4, seeds: 0 }}\nstart:\n  layout: $start\n  layouts:\n    at: {{ pits: [{}], reserves: [{}, {}] }}\n    other: {{ pits: [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2] }}\nsowing: {{ relay: last, max_laps: 50, at_max_laps: stop }}\npipeline:\n  capture:\n    from_end_hole: {{ left: [1], right: [4], capture_at_most: 6, marked: {{ inner: 3, min: 3, taxed: 2 }} }}\n{extra}  end:\n    - {{ when: to_move_inner_empty, then: to_move_loses }}\n    - {{ when: no_move, then: to_move_loses }}\n",
        pits.join(", "),
        hands[0],
        hands[1]
    )
}

/// Loads `text` as a rule file; the rule or the one-line error.
fn load(name: &str, text: &str) -> Result<Arc<Rule>, String> {
    let dir = scratch("end-hole");
    let file = dir.join(format!("{name}.yaml"));
    std::fs::write(&file, text).unwrap();
    Rule::load(file.to_str().unwrap(), RulePath::builtin())
        .map(Arc::new)
        .map_err(|e| e.one_line())
}

/// A game from `set` (labels and counts; the other holes empty) with the hands given.
fn game(name: &str, set: &[(&str, i64)], hands: [i64; 2], sets: &[&str]) -> Game {
    let r = load(name, &rule_text(&pits(set), hands, "")).unwrap();
    let o = r.resolve_options(sets).unwrap();
    Game::new(r, o).unwrap()
}

/// The 16 counts in canonical order (SO1..SO4, SI1..SI4, NI1..NI4, NO1..NO4) from labels.
fn pits(set: &[(&str, i64)]) -> Vec<i64> {
    let rows = ["SO", "SI", "NI", "NO"];
    let mut v = vec![0; 16];
    for &(label, n) in set {
        let r = rows.iter().position(|r| label.starts_with(r)).unwrap();
        let h: usize = label[2..].parse().unwrap();
        v[r * 4 + h - 1] = n;
    }
    v
}

fn legal(g: &Game) -> Vec<String> {
    let mut v = g.legal_labels().unwrap();
    v.sort();
    v
}

fn var(g: &Game, name: &str) -> i64 {
    g.state().vars[name]
}

#[test]
fn a_seed_from_the_hand_captures_and_the_seeds_are_sown_from_the_holes_end() {
    // SI1 (1) faces NI4 (3): entering a seed captures (compulsory: SI1 is the only legal hole),
    // and SI1 is in `left`: the 3 seeds go from the left end clockwise, SI1, SI2, SI3.
    let mut g = game(
        "hand_left",
        &[("SI1", 1), ("SI2", 0), ("NI4", 3), ("NI1", 1)],
        [5, 5],
        &[],
    );
    assert_eq!(legal(&g), ["SI1"]);
    g.play("SI1").unwrap();
    let s = g.state();
    assert_eq!(
        s.pits,
        pits(&[("SI1", 3), ("SI2", 1), ("SI3", 1), ("NI1", 1)])
    );
    assert_eq!(s.stores, [4, 5], "a seed left South's hand");
    assert_eq!(s.to_move, Some(2));
}

#[test]
fn the_end_hole_of_a_hand_moves_first_capture_in_the_middle_is_the_movers_choice() {
    // SI2 (1) faces NI3 (2): SI2 is in neither list, so the mover chooses the end; `right`
    // sows the 2 seeds from SI4 anticlockwise: SI4, SI3.
    let mut g = game(
        "hand_choice",
        &[("SI2", 1), ("NI3", 2), ("NI1", 1)],
        [5, 5],
        &[],
    );
    g.play("SI2").unwrap();
    assert_eq!(legal(&g), ["left", "right"]);
    assert_eq!(g.state().to_move, Some(1), "the same player decides");
    assert_eq!(
        g.state().pits,
        pits(&[("SI2", 2), ("NI3", 2), ("NI1", 1)]),
        "the captured seeds wait in their hole"
    );
    g.play("right").unwrap();
    assert_eq!(
        g.state().pits,
        pits(&[("SI2", 2), ("SI3", 1), ("SI4", 1), ("NI1", 1)])
    );
    assert_eq!(g.state().to_move, Some(2));
}

#[test]
fn a_board_move_capturing_one_way_only_is_sown_so_and_its_relay_captures_from_the_directions_end() {
    // Hands empty. SO1 (2) clockwise ends in SI2 (1) facing NI3 (4): the only capture (SI2's
    // single seed is no move), sown clockwise without asking (anticlockwise it ends in SO3,
    // empty). SI2 then holds 2 and captures NI3's 4, sown clockwise from the left end (the
    // move's direction): SI1, SI2, SI3, SI4; the last falls into SI4, empty: the turn ends.
    let mut g = game(
        "board_capture",
        &[("SO1", 2), ("SI2", 1), ("NI3", 4), ("NI1", 2)],
        [0, 0],
        &[],
    );
    assert_eq!(legal(&g), ["SO1"]);
    g.play("SO1").unwrap();
    assert_eq!(
        g.state().pits,
        pits(&[("SI1", 2), ("SI2", 3), ("SI3", 1), ("SI4", 1), ("NI1", 2)])
    );
    assert_eq!(g.state().to_move, Some(2));
}

#[test]
fn the_ranked_marked_hole_alone_in_the_inner_row_is_taxed_two_seeds_and_keeps_its_rank() {
    // A hand move capturing nothing: SI3 (4, ranked from 3) is the only occupied inner hole, so
    // it is played; after the seed entered (5) only 2 are lifted, sown clockwise: SI4, SO4.
    let mut g = game("taxed", &[("SI3", 4), ("NI1", 1)], [3, 3], &[]);
    assert_eq!(legal(&g), ["SI3"]);
    g.play("SI3").unwrap();
    assert_eq!(legal(&g), ["ccw", "cw"]);
    g.play("cw").unwrap();
    assert_eq!(
        g.state().pits,
        pits(&[("SI3", 3), ("SI4", 1), ("SO4", 1), ("NI1", 1)])
    );
    assert_eq!(var(&g, "marked_rank_1"), 1);
    // Beside another occupied inner hole it is not played.
    let g = game(
        "taxed_not_alone",
        &[("SI3", 4), ("SI4", 1), ("NI1", 1)],
        [3, 3],
        &[],
    );
    assert_eq!(legal(&g), ["SI4"]);
}

/// South's capture from SI1 (NI4's 3 sown SI1, SI2, SI3) ends in his ranked marked hole SI3.
fn at_the_marked_hole() -> Game {
    let mut g = game(
        "stop_go",
        &[("SI1", 1), ("SI3", 4), ("NI4", 3), ("NI1", 1)],
        [2, 2],
        &[],
    );
    g.play("SI1").unwrap();
    assert_eq!(legal(&g), ["go", "stop"]);
    g
}

#[test]
fn a_capturing_hand_lap_ending_in_the_ranked_marked_hole_stops_or_goes_on() {
    let mut g = at_the_marked_hole();
    g.play("stop").unwrap();
    assert_eq!(
        g.state().pits,
        pits(&[("SI1", 3), ("SI2", 1), ("SI3", 5), ("NI1", 1)])
    );
    assert_eq!(g.state().to_move, Some(2));
    assert_eq!(var(&g, "marked_rank_1"), 1);
    // Going on: SI3's 5 sown on clockwise (SI4, SO4, SO3, SO2, SO1), the rank lost.
    let mut g = at_the_marked_hole();
    g.play("go").unwrap();
    assert_eq!(
        g.state().pits,
        pits(&[
            ("SI1", 3),
            ("SI2", 1),
            ("SI4", 1),
            ("SO4", 1),
            ("SO3", 1),
            ("SO2", 1),
            ("SO1", 1),
            ("NI1", 1)
        ])
    );
    assert_eq!(var(&g, "marked_rank_1"), 0);
    assert_eq!(g.state().to_move, Some(2));
}

#[test]
fn a_board_move_of_more_seeds_than_capture_at_most_captures_nothing() {
    // SI1's 7 anticlockwise would end in SI2 (1) facing NI3 (1), but 7 > 6: a move capturing
    // nothing, either way. Anticlockwise: SO1..SO4, SI4, SI3, SI2 (2: relay), then SI1, SO1
    // (2: relay), SO2, SO3 (2: relay), SO4, SI4 (2: relay), SI3, SI2 (1: the end), NI3 kept.
    let mut g = game(
        "at_most",
        &[("SI1", 7), ("SI2", 1), ("NI3", 1), ("NI1", 1)],
        [0, 0],
        &[],
    );
    assert_eq!(legal(&g), ["SI1"]);
    g.play("SI1").unwrap();
    assert_eq!(legal(&g), ["ccw", "cw"]);
    g.play("ccw").unwrap();
    assert_eq!(
        g.state().pits,
        pits(&[
            ("SI1", 1),
            ("SI2", 1),
            ("SI3", 2),
            ("SO4", 2),
            ("SO2", 2),
            ("NI3", 1),
            ("NI1", 1)
        ])
    );
}

#[test]
fn a_player_whose_inner_row_is_emptied_has_lost() {
    // As the first test, North's only inner seeds (NI4) captured: he has seeds in his outer
    // row and his hand, but his inner row is empty (to_move_inner_empty).
    let mut g = game(
        "inner_empty",
        &[("SI1", 1), ("NI4", 3), ("NO1", 2)],
        [5, 5],
        &[],
    );
    g.play("SI1").unwrap();
    let s = g.state();
    assert!(s.over);
    assert_eq!(s.winner, Some(1));
}

#[test]
fn a_start_layout_is_picked_by_name_from_an_option() {
    let g = game("layouts", &[("SI1", 1)], [5, 5], &["start=other"]);
    assert_eq!(g.state().pits, vec![2; 16]);
    assert_eq!(g.state().stores, [0, 0]);
    let r = load(
        "layout_unknown",
        &rule_text(&pits(&[]), [0, 0], "").replace("layout: $start", "layout: third"),
    )
    .and_then(|r| {
        let o = r.resolve_options::<&str>(&[]).map_err(|e| e.one_line())?;
        Game::new(r, o).map(|_| ()).map_err(|e| e.one_line())
    });
    let e = r.unwrap_err();
    assert!(
        e.contains("start: layout `third` is none of layouts (at, other)"),
        "{e}"
    );
}

#[test]
fn from_end_hole_refuses_what_it_cannot_play_in_one_line_naming_the_key() {
    let text = rule_text(&pits(&[("SI1", 1)]), [0, 0], "");
    let cases = [
        (
            "with_across",
            text.replace(
                "  capture:\n",
                "  capture:\n    across: { last: occupied, needs: both, then: sow_on }\n",
            ),
            "pipeline: capture: from_end_hole plays its own turns: not with capture.across",
        ),
        (
            "both_ends",
            text.replace("right: [4]", "right: [1]"),
            "pipeline: capture: from_end_hole: inner hole 1 is in both `left` and `right`",
        ),
        (
            "no_hole",
            text.replace("inner: 3", "inner: 9"),
            "pipeline: capture: from_end_hole: marked: inner: no hole 9 (holes are numbered 1 to 4",
        ),
        (
            "bad_word",
            text.replace("capture_at_most", "capture_most"),
            "unknown field `capture_most`, expected one of `left`, `right`, `capture_at_most`, `marked`",
        ),
        (
            "one_loop",
            text.replace("  circuits: per_player_loops\n", ""),
            "pipeline: capture: from_end_hole needs each player to sow round his own two rows",
        ),
    ];
    for (name, text, want) in cases {
        let e = load(name, &text)
            .and_then(|r| {
                let o = r.resolve_options::<&str>(&[]).map_err(|e| e.one_line())?;
                Game::new(r, o).map(|_| ()).map_err(|e| e.one_line())
            })
            .unwrap_err();
        assert!(e.contains(want) && !e.contains('\n'), "{name}: {e}");
    }
}
