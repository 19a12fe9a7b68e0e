//! The set opening played as the board is set up (`start.opening`): its steps (a lap sown from a
//! hole, seeds taken into another hole, a hole's seeds removed) give the start position, the
//! player to move unchanged; a wrong step is one line naming it and why.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::sync::Arc;

use sowlab::{Game, Rule};

/// A four-row game (two rows of 3 a player, each sown round his own rows) of `seeds` a hole,
/// with `opening` (the lines of the list) under `start.opening`.
fn rule(seeds: i64, opening: &str) -> Result<Arc<Rule>, String> {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - {{ row: SO, owner: 1, holes: 3, seeds: {seeds} }}\n    - {{ row: SI, owner: 1, holes: 3, seeds: {seeds} }}\n    - {{ row: NI, owner: 2, holes: 3, seeds: {seeds} }}\n    - {{ row: NO, owner: 2, holes: 3, seeds: {seeds} }}\nstart:\n  opening:\n{opening}sowing:\n  relay: last\npipeline:\n  end:\n    - {{ when: to_move_empty, then: to_move_loses }}\n"
    );
    let f = dir.path().join("t.yaml");
    std::fs::write(&f, text).unwrap();
    Rule::load(f.to_str().unwrap(), dir.path())
        .map(Arc::new)
        .map_err(|e| e.one_line())
}

fn start(r: &Arc<Rule>) -> Result<Game, String> {
    let o = r.resolve_options::<&str>(&[]).unwrap();
    Game::new(r.clone(), o).map_err(|e| e.one_line())
}

#[test]
fn the_steps_are_played_in_order_and_the_start_is_the_position_after_them() {
    // Canonical order SO1..3, SI1..3, NI1..3, NO1..3; South's circuit SO1, SO2, SO3, SI3, SI2,
    // SI1. SO3 (2) sows SI3, SI2 (3 each); SI2's 3 sow SI1, SO1, SO2 (3, 3, 3); SO2's 3 go into
    // NO3; SI1's are removed; North sows NO1 (2): NO2, NO3.
    let r = rule(
        2,
        "    - { sow: SO3 }\n    - { sow: SI2 }\n    - { take: SO2, to: NO3 }\n    - { remove: SI1 }\n    - { sow: NO1 }\n",
    )
    .unwrap();
    let g = start(&r).unwrap();
    let s = g.state();
    assert_eq!(
        s.pits,
        [3, 0, 0, 0, 0, 3, 2, 2, 2, 0, 3, 6],
        "SO, SI, NI, NO from each owner's left"
    );
    assert_eq!(s.to_move, Some(1));
    // The 3 removed counters are out of the game: 21 of 24 left.
    assert_eq!(s.pits.iter().sum::<i64>(), 21);
    // The opening is no move: the first move is South's first free one, and undoing nothing.
    assert!(g.legal_labels().unwrap().contains(&"SO1".to_string()));
}

#[test]
fn a_count_takes_only_that_many_seeds() {
    let r = rule(2, "    - { take: SI3, to: SO1, count: 1 }\n").unwrap();
    assert_eq!(
        start(&r).unwrap().state().pits,
        [3, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2]
    );
}

#[test]
fn seeds_taken_are_sown_from_a_hole_itself_and_a_relay_goes_on_to_an_empty_hole() {
    // NI1 and NO1 (2 + 2) sown beginning in SO3 itself: SO3, SI3, SI2, SI1 (3 each).
    let r = rule(2, "    - { take: [NI1, NO1], sow_from: SO3 }\n").unwrap();
    assert_eq!(
        start(&r).unwrap().state().pits,
        [2, 2, 3, 3, 3, 3, 0, 2, 2, 0, 2, 2]
    );
    // With relay: SI1's 3 (it was occupied) sow on into SO1, SO2, SO3 (3, 3, 4); SO3's 4 into
    // SI3, SI2, SI1, SO1 (4, 4, 1, 4); SO1's 4 into SO2, SO3, SI3, SI2 (4, 1, 5, 5); SI2's 5 into
    // SI1, SO1, SO2, SO3, SI3 (2, 1, 5, 2, 6); SI3's 6 into SI2, SI1, SO1, SO2, SO3, SI3 (1, 3,
    // 2, 6, 3, 1): SI3 was empty, the relay ends.
    let r = rule(
        2,
        "    - { take: [NI1, NO1], sow_from: SO3, relay: true }\n",
    )
    .unwrap();
    let g = start(&r).unwrap();
    let pits = g.state().pits;
    assert_eq!(&pits[..6], &[2, 6, 3, 3, 1, 1]);
    assert_eq!(pits.iter().sum::<i64>(), 24);
}

#[test]
fn a_wrong_step_is_one_line_naming_it() {
    let cases = [
        (
            "    - { sow: SX1 }\n",
            "start: opening[0].sow: `SX1` is no hole of the board",
        ),
        (
            "    - { sow: SO1, remove: SO2 }\n",
            "start: opening[0]: write exactly one of sow, take (with to, sow_from or by), remove",
        ),
        (
            "    - { to: SO1 }\n",
            "start: opening[0]: write exactly one of sow, take (with to, sow_from or by), remove",
        ),
        (
            "    - { remove: SO1, count: 1 }\n",
            "start: opening[0]: to, count, sow_from and by go with take",
        ),
        (
            "    - { take: SO1 }\n",
            "start: opening[0].take: write either to (the hole the seeds go into), sow_from",
        ),
        (
            "    - { take: SO1, to: SO2, count: 3 }\n",
            "start: opening[0].take: SO1 holds 2 then, it cannot give 3",
        ),
        (
            "    - { take: SO1, to: SO2, count: 0 }\n",
            "start: opening[0].take: SO1 holds 2 then, it cannot give 0",
        ),
        (
            "    - { remove: SO1 }\n    - { sow: SO1 }\n",
            "start: opening[1].sow: SO1 is empty then",
        ),
        (
            "    - { remove: SO1, relay: true }\n",
            "start: opening[0]: relay goes with sow or sow_from",
        ),
        (
            "    - { take: [SO1, SO2], to: SI1, count: 1 }\n",
            "start: opening[0].count: goes with a take of one hole",
        ),
        (
            "    - { take: SO1, to: SI1, sow_from: SI2 }\n",
            "start: opening[0].take: write either to",
        ),
        (
            "    - { take: [SO1, SX2], sow_from: SI2 }\n",
            "start: opening[0].take: `SX2` is no hole of the board",
        ),
        (
            "    - { remove: SO1 }\n    - { take: SO1, sow_from: SI2 }\n",
            "start: opening[1].take: SO1 hold nothing then",
        ),
        ("    - { sow: SO1, again: true }\n", "unknown field `again`"),
    ];
    for (opening, want) in cases {
        let err = match rule(2, opening) {
            Err(e) => e,
            Ok(r) => start(&r).err().unwrap_or_default(),
        };
        assert!(err.contains(want), "{opening}: {err}");
        assert!(!err.contains('\n'), "{opening}: {err}");
    }
}

#[test]
fn seeds_taken_by_a_player_are_his_capture_and_the_player_after_the_opener_moves_first() {
    // NI1's 2 are South's capture (his reserve); the opening is South's turn: North moves first.
    let r = rule(2, "    - { take: NI1, by: 1 }\n  opened_by: 1\n").unwrap();
    let s = start(&r).unwrap().state();
    assert_eq!(s.pits, [2, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 2]);
    assert_eq!(s.stores, [2, 0]);
    assert_eq!(s.to_move, Some(2));
    // without opened_by the player to move is unchanged
    let r = rule(2, "    - { take: NI1, by: 2 }\n").unwrap();
    let s = start(&r).unwrap().state();
    assert_eq!((s.stores, s.to_move), (vec![0, 2], Some(1)));
    for (opening, says) in [
        (
            "    - { take: NI1, by: 3 }\n",
            "start: opening[0].by: 3 is no player (1 to 2)",
        ),
        (
            "    - { take: NI1, by: 1, to: SO1 }\n",
            "start: opening[0].by: the seeds taken go to the player",
        ),
        (
            "    - { sow: SO1, by: 1 }\n",
            "start: opening[0]: to, count, sow_from and by go with take",
        ),
        (
            "    - { sow: SO1 }\n  opened_by: 3\n",
            "start: opened_by: 3 is no player (1 to 2)",
        ),
    ] {
        let err = rule(2, opening)
            .and_then(|r| start(&r).map(|_| ()))
            .unwrap_err();
        assert!(err.contains(says), "{opening}: {err}");
        assert!(!err.contains('\n'));
    }
}

/// The four-row board of [`rule`] with two named openings under `start.openings` and
/// `start.opening: NAME`.
fn named(name: &str) -> Result<Arc<Rule>, String> {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - {{ row: SO, owner: 1, holes: 3, seeds: 2 }}\n    - {{ row: SI, owner: 1, holes: 3, seeds: 2 }}\n    - {{ row: NI, owner: 2, holes: 3, seeds: 2 }}\n    - {{ row: NO, owner: 2, holes: 3, seeds: 2 }}\nstart:\n  opening: {name}\n  openings:\n    outer: [{{ sow: SO2 }}]\n    inner:\n      - {{ sow: SI2 }}\n      - {{ take: NI2, to: SI3 }}\nsowing:\n  relay: last\npipeline:\n  end:\n    - {{ when: to_move_empty, then: to_move_loses }}\n"
    );
    let f = dir.path().join("t.yaml");
    std::fs::write(&f, text).unwrap();
    Rule::load(f.to_str().unwrap(), dir.path())
        .map(Arc::new)
        .map_err(|e| e.one_line())
}

#[test]
fn opening_names_one_of_the_named_openings_and_plays_only_that_one() {
    // outer: SO2 (2) sows SO3, SI3.
    let g = start(&named("outer").unwrap()).unwrap();
    assert_eq!(g.state().pits, [2, 0, 3, 2, 2, 3, 2, 2, 2, 2, 2, 2]);
    // inner: SI2 (2) sows SI1, SO1; NI2's 2 go into SI3.
    let g = start(&named("inner").unwrap()).unwrap();
    assert_eq!(g.state().pits, [3, 2, 2, 3, 0, 4, 2, 0, 2, 2, 2, 2]);
    // A name that is none of them is one line naming it and the openings there are.
    let err = match named("middle") {
        Err(e) => e,
        Ok(r) => start(&r).err().unwrap_or_default(),
    };
    assert!(
        err.contains("start: opening `middle` names none of `openings` (inner, outer)"),
        "{err}"
    );
    assert!(!err.contains('\n'), "{err}");
}
