//! Rounds ended by the seeds left or by the seeds one player holds: the end check
//! `holds_more_than` from a position to the position after one move, and MancalaGames'
//! `rounds=END_S_SEEDS` / `END_2S_SEEDS` translated into it and `left_at_most`.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::path::Path;

use sowlab::import::mancalagames::rule_text;
use sowlab::{Rule, RulePath};

mod common;
use common::scratch;

use common::{summary, two_row_game as at, two_row_rule as rule};

const HOLDS: &str = "  end:\n    - { when: holds_more_than, limit: 5, before_turn: true, then: most_seeds }\n    - { when: no_move, sweep: owners, then: most_seeds }\n";

#[test]
fn holding_more_than_the_limit_ends_the_game_with_seeds_still_on_the_board() {
    let r = rule("holds_a", 3, HOLDS);
    // S3 (1) into South's store: 6 > 5, the game ends; the seeds in the holes stay.
    let mut g = at(&r, &[2, 0, 1], &[1, 1, 0], [5, 2]);
    g.play("3").unwrap();
    assert_eq!(
        summary(&g),
        (vec![2, 0, 0, 1, 1, 0], vec![6, 2], None, true, Some(1))
    );
    // Reaching the limit only: play goes on.
    let mut g = at(&r, &[2, 0, 1], &[1, 1, 0], [4, 2]);
    g.play("3").unwrap();
    assert_eq!(
        summary(&g),
        (vec![2, 0, 0, 1, 1, 0], vec![5, 2], Some(2), false, None)
    );
}

#[test]
fn both_holding_the_limit_ends_the_game_level() {
    let r = rule("holds_b", 3, HOLDS);
    // S3 (1) into South's store: 5 and 5, the game ends in a draw.
    let mut g = at(&r, &[2, 0, 1], &[1, 1, 0], [4, 5]);
    g.play("3").unwrap();
    assert_eq!(
        summary(&g),
        (vec![2, 0, 0, 1, 1, 0], vec![5, 5], None, true, None)
    );
}

#[test]
fn a_bad_holds_more_than_is_a_one_line_error_naming_the_word() {
    let dir = scratch("seeds-left-bad");
    let file = dir.join("bad.yaml");
    std::fs::write(
        &file,
        "name: bad\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 2 }\n    - { row: N, owner: 2, holes: 3, seeds: 2 }\npipeline:\n  end:\n    - { when: holds_more, limit: 5, then: most_seeds }\n",
    )
    .unwrap();
    let e = Rule::load(file.to_str().unwrap(), RulePath::builtin())
        .unwrap_err()
        .one_line();
    assert!(
        e.contains("holds_more") && e.contains("holds_more_than") && !e.contains('\n'),
        "{e}"
    );
}

fn file(info: &str, holes: usize, seeds: usize) -> String {
    format!(
        r#"{{"game_class": "Mancala", "game_constants": {{"holes": {holes}, "nbr_start": {seeds}}}, "game_info": {{{info}}}}}"#
    )
}

fn yaml(info: &str, holes: usize, seeds: usize) -> Result<String, String> {
    rule_text(Path::new("seeds_left.txt"), &file(info, holes, seeds))
        .map(|(y, _)| y)
        .map_err(|e| e.one_line())
}

#[test]
fn territory_rounds_ended_by_the_seeds_left_end_at_the_seeds_that_win_the_round() {
    // goal=TERRITORY, goal_param=10, 6 holes of 4: more than 9 holes and a half (39 seeds)
    // ends the round; with the last-seeds take no end for the seeds left.
    let base = r#""capt_on": [4], "goal": 2, "goal_param": 10, "mlaps": 1, "stores": true"#;
    let y = yaml(&format!(r#"{base}, "pickextra": 3, "rounds": 3"#), 6, 4).unwrap();
    assert!(
        y.contains("- { when: holds_more_than, limit: 39, before_turn: true, then: round")
            && !y.contains("left_at_most")
            && !y.contains("few_left"),
        "{y}"
    );
    // Without it, END_2S_SEEDS: at most 8 seeds left end the round, first; the seeds go to
    // the holes' owners. TERR_EX_LOSER: ten whole holes win (40).
    let y = yaml(&format!(r#"{base}, "rounds": 4, "round_fill": 12"#), 6, 4).unwrap();
    let left = y
        .find("- { when: left_at_most, limit: 8, before_turn: true, sweep: owners, then: round")
        .expect(&y);
    let holds = y
        .find("- { when: holds_more_than, limit: 40, before_turn: true, then: round")
        .expect(&y);
    assert!(left < holds && !y.contains("few_left"), "{y}");
}

#[test]
fn tallied_rounds_ended_by_the_seeds_left_sweep_them_by_unclaimed() {
    // RND_SEED_COUNT with END_S_SEEDS, unclaimed=DONT_SCORE: at most 4 seeds left end the
    // round, taken out of the game.
    let y = yaml(
        r#""capt_on": [4], "goal": 5, "goal_param": 100, "rounds": 3, "unclaimed": 1, "stores": true"#,
        6,
        4,
    )
    .unwrap();
    assert!(
        y.contains(
            "- { when: left_at_most, limit: 4, before_turn: true, sweep: discard, then: round"
        ) && !y.contains("holds_more_than"),
        "{y}"
    );
    // A most-seeds game with these rounds is refused, naming the parameter.
    let e = yaml(r#""capt_on": [4], "rounds": 3, "stores": true"#, 6, 4).unwrap_err();
    assert!(e.contains("rounds=END_S_SEEDS"), "{e}");
}
