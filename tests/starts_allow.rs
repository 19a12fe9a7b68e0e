//! The declared start layouts (`start:` of a data rule) and the rules on which holes may be
//! played (`moves:` `landing: [opponent_hole, ...]` with `landing_up_to`, `single_seed_to_empty`,
//! `last_resort_count`): each checked on a small position, by the legal moves or the layout.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::sync::Arc;

use sowlab::{Game, Position, Rule};

/// A two-row game of `holes` holes a row and 2 seeds each, stores that only take captures, with
/// `moves` under `moves:` and `start` at the top level.
fn rule(holes: usize, moves: &str, start: &str) -> Result<Arc<Rule>, String> {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "name: t\nplayers: 2\noptions:\n  first: {{ value: 1, values: [1, 2] }}\n  seed: {{ value: 0 }}\nboard:\n  players: 2\n  shape: two_rows\n  to_move: $first\n  pits:\n    - {{ row: S, owner: 1, holes: {holes}, seeds: 2 }}\n    - {{ store: sS, owner: 1 }}\n    - {{ row: N, owner: 2, holes: {holes}, seeds: 2 }}\n    - {{ store: sN, owner: 2 }}\n{start}sowing:\n  stores: none\npipeline:\n  moves:\n{moves}  end:\n    - {{ when: no_move, sweep: owners, then: most_seeds }}\n"
    );
    let f = dir.path().join("t.yaml");
    std::fs::write(&f, text).unwrap();
    Rule::load(f.to_str().unwrap(), dir.path())
        .map(Arc::new)
        .map_err(|e| e.one_line())
}

fn game(r: &Arc<Rule>, sets: &[&str]) -> Result<Game, String> {
    let o = r.resolve_options(sets).map_err(|e| e.one_line())?;
    Game::new(r.clone(), o).map_err(|e| e.one_line())
}

/// The legal moves of South at `pits` (canonical order).
fn legal(r: &Arc<Rule>, pits: &[i64]) -> Vec<String> {
    let o = r.resolve_options::<&str>(&[]).unwrap();
    let pos = Position {
        pits: pits.to_vec(),
        to_move: Some(1),
        ..Default::default()
    };
    Game::with_position(r.clone(), o, &pos)
        .unwrap()
        .legal_labels()
        .unwrap()
}

#[test]
fn a_lap_must_end_on_the_opponents_side_or_in_an_empty_hole() {
    let r = rule(
        4,
        "    landing: [opponent_hole, empty_hole, store]\n    landing_up_to: 4\n",
        "",
    )
    .unwrap();
    // S1, S2 and S3 end in an occupied hole of South's; S4 ends in N1, North's.
    assert_eq!(legal(&r, &[1, 2, 1, 1, 1, 1, 1, 1]), ["4"]);
    // S2 and S3 end in S4, empty.
    assert_eq!(legal(&r, &[1, 2, 1, 0, 1, 1, 1, 1]), ["2", "3"]);
    // A hole holding more than 4 seeds is not tested: S1's 9 seeds end in S2.
    assert_eq!(legal(&r, &[9, 1, 1, 0, 1, 1, 1, 1]), ["1", "3"]);
    let tested = rule(4, "    landing: [opponent_hole, empty_hole]\n", "").unwrap();
    // Tested, S1 is not legal: S2 holds a seed of that lap when the last falls.
    assert_eq!(legal(&tested, &[9, 1, 1, 0, 1, 1, 1, 1]), ["3"]);
}

#[test]
fn a_single_seed_goes_only_into_an_empty_hole() {
    let r = rule(4, "    single_seed_to_empty: true\n", "").unwrap();
    assert_eq!(legal(&r, &[1, 0, 1, 3, 1, 1, 1, 1]), ["1", "4"]);
    assert_eq!(legal(&r, &[1, 1, 0, 1, 1, 1, 1, 1]), ["2"]);
}

#[test]
fn holes_of_a_count_are_played_only_when_every_legal_hole_holds_it() {
    let one = rule(4, "    last_resort_count: 1\n", "").unwrap();
    assert_eq!(legal(&one, &[1, 3, 1, 0, 1, 1, 1, 1]), ["2"]);
    assert_eq!(legal(&one, &[1, 0, 1, 0, 1, 1, 1, 1]), ["1", "3"]);
    let two = rule(4, "    last_resort_count: 2\n", "").unwrap();
    assert_eq!(legal(&two, &[2, 3, 2, 1, 1, 1, 1, 1]), ["2", "4"]);
    assert_eq!(legal(&two, &[2, 0, 2, 0, 1, 1, 1, 1]), ["1", "3"]);
    // With single_seed_to_empty as well: only singles, and only those sown into an empty hole.
    let both = rule(
        4,
        "    last_resort_count: 1\n    single_seed_to_empty: true\n",
        "",
    )
    .unwrap();
    assert_eq!(legal(&both, &[1, 1, 0, 1, 1, 1, 1, 1]), ["2"]);
    assert_eq!(legal(&both, &[1, 1, 0, 2, 1, 1, 1, 1]), ["4"]);
}

#[test]
fn a_start_layout_is_given_per_hole_and_turned_round_for_the_second_player() {
    let r = rule(
        3,
        "",
        "start:\n  pits: [0, 1, 2, 3, 4, 5]\n  turn_round: true\n",
    )
    .unwrap();
    assert_eq!(game(&r, &[]).unwrap().state().pits, [0, 1, 2, 3, 4, 5]);
    assert_eq!(
        game(&r, &["first=2"]).unwrap().state().pits,
        [3, 4, 5, 0, 1, 2]
    );
    let plain = rule(3, "", "start:\n  pits: [0, 1, 2, 3, 4, 5]\n").unwrap();
    assert_eq!(
        game(&plain, &["first=2"]).unwrap().state().pits,
        [0, 1, 2, 3, 4, 5]
    );
    // A layout that does not name every hole is refused when the rule loads.
    let e = rule(3, "", "start:\n  pits: [1, 2]\n").err().unwrap();
    assert!(
        e.contains("start: pits has 2 counts, the board has 6 holes"),
        "{e}"
    );
    let e = rule(3, "", "start:\n  pit: [1, 2]\n").err().unwrap();
    assert!(e.contains("unknown field `pit`"), "{e}");
    // (`layout` names one of `layouts`, not counts)
    let e = rule(3, "", "start:\n  layout: [1, 2]\n").err().unwrap();
    assert!(
        e.contains("start.layout: invalid type: sequence, expected a string"),
        "{e}"
    );
}

#[test]
fn a_random_start_is_drawn_from_its_seed() {
    let r = rule(
        5,
        "",
        "start:\n  random: { seeds: 40, at_least: 2, seed: $seed }\n",
    )
    .unwrap();
    let layout = |s: &str| game(&r, &[s]).unwrap().state().pits;
    let a = layout("seed=1");
    assert_eq!(a, layout("seed=1"), "one seed, one layout");
    assert_ne!(a, layout("seed=2"));
    for s in 0..50 {
        let v = layout(&format!("seed={s}"));
        assert_eq!(v.iter().sum::<i64>(), 40, "{v:?}");
        assert!(v.iter().all(|&x| x >= 2), "{v:?}");
    }
}

#[test]
fn the_first_turns_capture_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("nc.yaml");
    std::fs::write(
        &f,
        "name: nc\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 2 }\n    - { store: sS, owner: 1 }\n    - { row: N, owner: 2, holes: 3, seeds: 2 }\n    - { store: sN, owner: 2 }\nsowing:\n  stores: none\npipeline:\n  capture:\n    opposite: {}\n    no_capture_turns: 1\n  end:\n    - { when: no_move, sweep: owners, then: most_seeds }\n",
    )
    .unwrap();
    let r = Arc::new(Rule::load(f.to_str().unwrap(), dir.path()).unwrap());
    let at = |turns: i64| {
        let pos = Position {
            pits: vec![1, 0, 0, 1, 2, 2],
            to_move: Some(1),
            vars: [("turns".to_string(), turns)].into_iter().collect(),
            ..Default::default()
        };
        Game::with_position(r.clone(), r.resolve_options::<&str>(&[]).unwrap(), &pos).unwrap()
    };
    // S1's seed falls into S2, empty, facing N2's two seeds: no capture in the first turn...
    let mut first = at(0);
    first.play("1").unwrap();
    assert_eq!(first.state().pits, [0, 1, 0, 1, 2, 2]);
    assert_eq!(first.state().stores, [0, 0]);
    // ... and the capture from the second on.
    let mut second = at(1);
    second.play("1").unwrap();
    assert_eq!(second.state().pits, [0, 0, 0, 1, 0, 2]);
    assert_eq!(second.state().stores, [3, 0]);
    // Each turn counts: after South's and North's, `turns` is 2.
    first.play("1").unwrap();
    let b = first.board();
    assert_eq!(b.vars[b.layout.var_index("turns").unwrap()], 2);
}
