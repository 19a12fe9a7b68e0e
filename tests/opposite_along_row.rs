//! The take opposite a last seed in an empty hole that goes on along the row whatever the next
//! holes hold (`opposite.go_on_along_row`) and its grand slam (`grand_slam: leave_first`), each
//! from a position to the position after one move; MancalaGames' `crosscapt=ONE_ANY` translated
//! into it.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::path::Path;
use std::sync::Arc;

use sowlab::import::mancalagames::rule_text;
use sowlab::{Game, Position, Rule, RulePath};

fn rule_file(name: &str, opposite: &str) -> scratch::ScratchFile {
    let dir = scratch("along");
    let file = dir.join(format!("{name}.yaml"));
    let text = format!(
        "name: {name}\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 3, seeds: 2 }}\n    - {{ store: s, owner: 1 }}\n    - {{ row: N, owner: 2, holes: 3, seeds: 2 }}\n    - {{ store: n, owner: 2 }}\nsowing:\n  stores: none\npipeline:\n  capture:\n    opposite: {opposite}\n"
    );
    std::fs::write(&file, text).unwrap();
    dir.keep(file)
}

fn rule(name: &str, opposite: &str) -> Arc<Rule> {
    let f = rule_file(name, opposite);
    Arc::new(Rule::load(f.to_str().unwrap(), RulePath::builtin()).unwrap())
}

/// South to move; `north` listed as the pits run (its first hole faces South's last).
fn after(r: &Arc<Rule>, south: &[i64], north: &[i64], mv: &str) -> (Vec<i64>, Vec<i64>) {
    let pos = Position {
        pits: south.iter().chain(north).copied().collect(),
        stores: Some(vec![0, 0]),
        to_move: Some(1),
        ..Position::default()
    };
    let mut g =
        Game::with_position(r.clone(), r.resolve_options::<&str>(&[]).unwrap(), &pos).unwrap();
    g.play(mv).unwrap();
    let s = g.state();
    (s.pits, s.stores)
}

const ALONG: &str = "{ take_last: false, at_most: 2, go_on_along_row: true }";

#[test]
fn the_take_goes_on_past_an_occupied_hole_while_the_holes_opposite_pass_the_test() {
    let r = rule("along", ALONG);
    // S1 (1) into S2, empty: S2 takes N2 (1); S3 holds 4 but the take goes on: N1 (2) too; N3
    // (3) faces S1, behind: it stays.
    assert_eq!(
        after(&r, &[1, 0, 4], &[2, 1, 3], "1"),
        (vec![0, 1, 4, 0, 0, 3], vec![3, 0])
    );
    // N1 holding 3 fails `at_most: 2`: only N2 is taken.
    assert_eq!(
        after(&r, &[1, 0, 4], &[3, 1, 3], "1"),
        (vec![0, 1, 4, 3, 0, 3], vec![1, 0])
    );
    // The empty-holes reading stops at S3 (4 seeds).
    let r = rule(
        "while_empty",
        "{ take_last: false, at_most: 2, go_on_while_next_empty: true }",
    );
    assert_eq!(
        after(&r, &[1, 0, 4], &[2, 1, 3], "1"),
        (vec![0, 1, 4, 2, 0, 3], vec![1, 0])
    );
}

#[test]
fn a_grand_slam_read_leave_first_leaves_the_opponent_his_first_occupied_hole() {
    // The takes would empty North's row (N1 2, N2 1, N3 0): he keeps N1, his first hole
    // holding seeds, and the mover takes the rest.
    let r = rule(
        "slam_leave",
        "{ take_last: false, at_most: 2, go_on_along_row: true, grand_slam: leave_first }",
    );
    assert_eq!(
        after(&r, &[1, 0, 4], &[2, 1, 0], "1"),
        (vec![0, 1, 4, 2, 0, 0], vec![1, 0])
    );
    // Read `all` (the default): every take is made.
    let r = rule("slam_all", ALONG);
    assert_eq!(
        after(&r, &[1, 0, 4], &[2, 1, 0], "1"),
        (vec![0, 1, 4, 0, 0, 0], vec![3, 0])
    );
    // A single occupied hole of his is taken.
    let r = rule(
        "slam_one",
        "{ take_last: false, go_on_along_row: true, grand_slam: leave_first }",
    );
    assert_eq!(
        after(&r, &[1, 0, 4], &[0, 1, 0], "1"),
        (vec![0, 1, 4, 0, 0, 0], vec![1, 0])
    );
}

#[test]
fn a_grand_slam_word_without_the_takes_along_the_row_is_a_one_line_error() {
    let f = rule_file("bad", "{ grand_slam: leave_first }");
    let e = Rule::load(f.to_str().unwrap(), RulePath::builtin())
        .unwrap_err()
        .one_line();
    assert!(
        e.contains("grand_slam") && e.contains("go_on_along_row") && !e.contains('\n'),
        "{e}"
    );
}

#[test]
fn one_then_any_cross_captures_translate_into_the_takes_along_the_row() {
    let file = |info: &str| {
        format!(
            r#"{{"game_class": "Mancala", "game_constants": {{"holes": 6, "nbr_start": 3}}, "game_info": {{{info}}}}}"#
        )
    };
    let yaml = |info: &str| {
        rule_text(Path::new("one_any.txt"), &file(info))
            .map(|(y, _)| y)
            .map_err(|e| e.one_line())
    };
    let y = yaml(r#""crosscapt": 3, "capt_max": 2, "capt_side": 1, "multicapt": -1, "capt_dir": 1, "grandslam": 5, "stores": true"#).unwrap();
    assert!(
        y.contains("opposite: { when_opposite_empty: false, take_last: false, at_most: 2, go_on_along_row: true, grand_slam: leave_first }"),
        "{y}"
    );
    // A single capture: ONE_ZEROS's take.
    let y = yaml(r#""crosscapt": 3, "stores": true"#).unwrap();
    assert!(
        y.contains("opposite: { when_opposite_empty: false, take_last: false, last_in: any }"),
        "{y}"
    );
    // A grand slam rule it has no reading for is refused, naming it.
    let e =
        yaml(r#""crosscapt": 3, "multicapt": -1, "capt_dir": 1, "grandslam": 2, "stores": true"#)
            .unwrap_err();
    assert!(e.contains("grandslam=NO_CAPT"), "{e}");
}
