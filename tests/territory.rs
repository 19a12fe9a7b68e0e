//! Holes owned round by round (`pipeline: territory:`), each step played from a position: the
//! position after one move. Who may play a hole, who takes a count captured in it during the
//! sowing, and what a round's end gives each player.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::sync::Arc;

use sowlab::{Game, Position, Rule};

/// A 2 x 4 board with stores and `seeds` a hole; captures of 4 during the sowing go to the hole's
/// owner; rounds of owned holes with the given `territory:` keys (a flow map's inside).
fn rule(seeds: i64, territory: &str) -> (tempfile::TempDir, Arc<Rule>) {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "name: terr\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 4, seeds: {seeds} }}\n    - {{ store: store S, owner: 1 }}\n    - {{ row: N, owner: 2, holes: 4, seeds: {seeds} }}\n    - {{ store: store N, owner: 2 }}\nsowing: {{ stores: none, capture_counts: [4], capture_to: row_owner, capture_last: false }}\npipeline:\n  rounds: {{ fill: {seeds}, winner: most_seeds }}\n  territory: {{ hole_seeds: {seeds}, {territory} }}\n  end:\n    - {{ when: no_move, sweep: owners, then: round, starter: loser }}\n"
    );
    let path = dir.path().join("terr.yaml");
    std::fs::write(&path, text).unwrap();
    let r = Rule::load(path.to_str().unwrap(), dir.path())
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    (dir, Arc::new(r))
}

/// The game from a position (pits S1..S4, N1..N4; owners the same way; South to move).
fn game(r: &Arc<Rule>, pits: [i64; 8], stores: [i64; 2], owners: [usize; 8]) -> Game {
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let pos = Position {
        pits: pits.to_vec(),
        stores: Some(stores.to_vec()),
        owners: Some(owners.to_vec()),
        to_move: Some(1),
        ..Position::default()
    };
    Game::with_position(r.clone(), opts, &pos).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

const ROWS: [usize; 8] = [1, 1, 1, 1, 2, 2, 2, 2];

#[test]
fn a_player_plays_only_from_the_holes_he_owns_in_either_row() {
    let (_d, r) = rule(2, "least_seeds: 3");
    // South owns N1 this round, North the rest of his row.
    let mut g = game(
        &r,
        [1, 1, 1, 1, 1, 1, 1, 1],
        [4, 4],
        [1, 1, 1, 1, 1, 2, 2, 2],
    );
    assert_eq!(g.legal_labels().unwrap(), ["S1", "S2", "S3", "S4", "N1"]);
    // South sows N1 (a hole of North's row) into N2; his own row's hole numbers are read too.
    g.play("N1").unwrap_or_else(|e| panic!("{}", e.one_line()));
    let s = g.state();
    assert_eq!(s.pits, vec![1, 1, 1, 1, 0, 2, 1, 1]);
    assert_eq!(s.to_move, Some(2));
    assert_eq!(s.owners, Some(vec![1, 1, 1, 1, 1, 2, 2, 2]));
    assert_eq!(g.legal_labels().unwrap(), ["N2", "N3", "N4"]);
    let e = g.play("N1").unwrap_err().one_line();
    assert!(e.contains("legal moves are N2 N3 N4"), "{e}");
    // "3" from South names his own row's hole.
    let mut h = game(&r, [1, 1, 1, 1, 1, 1, 1, 1], [4, 4], ROWS);
    h.play("3").unwrap();
    assert_eq!(h.state().pits, vec![1, 1, 0, 2, 1, 1, 1, 1]);
}

#[test]
fn a_count_made_while_sowing_goes_to_the_holes_owner_this_round() {
    let (_d, r) = rule(2, "least_seeds: 3");
    // S4's two seeds: N1 makes 4 (not the last seed) and is taken by its owner, N2 the last.
    let owned = game(
        &r,
        [1, 1, 1, 2, 3, 1, 1, 1],
        [0, 4],
        [1, 1, 1, 1, 1, 2, 2, 2],
    );
    let rows = game(&r, [1, 1, 1, 2, 3, 1, 1, 1], [0, 4], ROWS);
    for (mut g, stores) in [(owned, [4, 4]), (rows, [0, 8])] {
        g.play("4").unwrap();
        let s = g.state();
        assert_eq!(s.pits, vec![1, 1, 1, 0, 0, 2, 1, 1]);
        assert_eq!(s.stores, stores.to_vec());
    }
}

#[test]
fn the_rounds_winner_owns_a_hole_for_each_measure_of_seeds_he_holds() {
    // 32 seeds, 4 a hole. South's last seed goes to S2; North cannot move: the round ends, S2's
    // seed goes to its owner: South 23, North 9.
    for (territory, owners, pits, stores) in [
        // 5 holes and 3 seeds: the sixth, filled more than half, is South's too
        ("least_seeds: 4", [1, 1, 1, 1, 1, 1, 2, 2], [4; 8], [0, 0]),
        // the hole filled in part is the loser's
        (
            "least_seeds: 4, part_hole: loser",
            [1, 1, 1, 1, 1, 2, 2, 2],
            [4; 8],
            [0, 0],
        ),
        // ... and the stores keep what fills no whole hole, out of the loser's first hole
        (
            "least_seeds: 4, part_hole: loser, part_kept: true",
            [1, 1, 1, 1, 1, 2, 2, 2],
            [4, 4, 4, 4, 4, 0, 4, 4],
            [3, 1],
        ),
    ] {
        let (_d, r) = rule(4, territory);
        let mut g = game(&r, [1, 0, 0, 0, 0, 0, 0, 0], [22, 9], ROWS);
        g.play("1").unwrap();
        let s = g.state();
        assert_eq!(s.owners, Some(owners.to_vec()), "{territory}");
        assert_eq!(s.pits, pits.to_vec(), "{territory}");
        assert_eq!(s.stores, stores.to_vec(), "{territory}");
        // the loser starts the next round
        assert_eq!((s.to_move, s.over), (Some(2), false), "{territory}");
        assert_eq!(
            s.pits.iter().sum::<i64>() + s.stores.iter().sum::<i64>(),
            32
        );
    }
}

#[test]
fn a_hole_filled_exactly_half_goes_by_a_coin_toss_drawn_from_the_seed() {
    // South's last seed goes to S2, North cannot move: South holds 22 (five holes and a half),
    // North 10. The sixth hole is South's or North's by the toss; a seed gives one toss.
    let five = [1, 1, 1, 1, 1, 2, 2, 2];
    let six = [1, 1, 1, 1, 1, 1, 2, 2];
    let mut seen = Vec::new();
    for seed in 0..16 {
        let owners_after = || {
            let (_d, r) = rule(
                4,
                &format!("least_seeds: 4, part_hole: toss, toss_seed: {seed}"),
            );
            let mut g = game(&r, [1, 0, 0, 0, 0, 0, 0, 0], [21, 10], ROWS);
            g.play("1").unwrap();
            let s = g.state();
            assert_eq!(s.pits, vec![4; 8]);
            assert_eq!(s.stores, vec![0, 0]);
            s.owners.unwrap()
        };
        let o = owners_after();
        assert!(o == five || o == six, "seed {seed}: {o:?}");
        assert_eq!(o, owners_after(), "seed {seed}: the same toss again");
        seen.push(o == six);
    }
    assert!(seen.contains(&true) && seen.contains(&false), "{seen:?}");
    // Filled more than half (23): South's, whatever the seed.
    let (_d, r) = rule(4, "least_seeds: 4, part_hole: toss, toss_seed: 3");
    let mut g = game(&r, [1, 0, 0, 0, 0, 0, 0, 0], [22, 9], ROWS);
    g.play("1").unwrap();
    assert_eq!(g.state().owners, Some(six.to_vec()));
}

#[test]
fn a_rounds_layout_starts_each_round_turned_for_the_player_asked() {
    // South's last seed goes to S2, North cannot move: South holds 10, North 6 (five holes and
    // three of 2 seeds); North, the loser, starts the next round, laid out from the layout.
    for (turn, pits) in [
        // the layout is the player's who does not start (South): as written
        ("non_starter", [1, 3, 0, 4, 2, 2, 2, 2]),
        // the starter's (North): turned round
        ("starter", [2, 2, 2, 2, 1, 3, 0, 4]),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let text = format!(
            "name: terr\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 4, seeds: 2 }}\n    - {{ store: store S, owner: 1 }}\n    - {{ row: N, owner: 2, holes: 4, seeds: 2 }}\n    - {{ store: store N, owner: 2 }}\nsowing: {{ stores: none }}\npipeline:\n  rounds: {{ fill: 2, winner: most_seeds, layout: [1, 3, 0, 4, 2, 2, 2, 2], turn_layout: {turn} }}\n  territory: {{ hole_seeds: 2, least_seeds: 4 }}\n  end:\n    - {{ when: no_move, sweep: owners, then: round, starter: loser }}\n"
        );
        let path = dir.path().join("terr.yaml");
        std::fs::write(&path, text).unwrap();
        let r = Arc::new(
            Rule::load(path.to_str().unwrap(), dir.path())
                .unwrap_or_else(|e| panic!("{}", e.one_line())),
        );
        let mut g = game(&r, [1, 0, 0, 0, 0, 0, 0, 0], [9, 6], ROWS);
        g.play("1").unwrap();
        let s = g.state();
        assert_eq!(s.pits, pits.to_vec(), "{turn}");
        assert_eq!(s.stores, vec![0, 0], "{turn}");
        assert_eq!(s.owners, Some(vec![1, 1, 1, 1, 1, 2, 2, 2]), "{turn}");
        assert_eq!(s.to_move, Some(2), "{turn}");
    }
}

#[test]
fn a_player_holding_fewer_than_least_seeds_ends_the_match() {
    let (_d, r) = rule(4, "least_seeds: 4");
    // South 29, North 3 after the sweep: North cannot go on; South, the round's winner, wins.
    let mut g = game(&r, [1, 0, 0, 0, 0, 0, 0, 0], [28, 3], ROWS);
    g.play("1").unwrap();
    let s = g.state();
    assert_eq!((s.over, s.winner), (true, Some(1)));
    assert_eq!(s.pits, vec![0; 8]);
    assert_eq!(s.stores, vec![29, 3]);
    assert_eq!(s.owners, Some(ROWS.to_vec()));
}

#[test]
fn a_bad_territory_is_one_error_line_naming_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let base = "name: terr\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 4, seeds: 2 }\n    - { store: store S, owner: 1 }\n    - { row: N, owner: 2, holes: 4, seeds: 2 }\n    - { store: store N, owner: 2 }\npipeline:\n";
    for (rest, want) in [
        (
            "  rounds: { fill: 2, winner: most_seeds }\n  territory: { hole_seeds: 2, least_seeds: 3, part_hole: sometimes }\n  end:\n    - { when: no_move, sweep: owners, then: round }\n",
            ["territory", "part_hole", "over_half", "toss"],
        ),
        (
            "  territory: { hole_seeds: 2, least_seeds: 3 }\n  end:\n    - { when: no_move, sweep: owners, then: most_seeds }\n",
            ["territory", "need `rounds`", "rounds", "rounds"],
        ),
        (
            "  rounds: { fill: 2, winner: most_seeds }\n  territory: { hole_seeds: 0, least_seeds: 3 }\n  end:\n    - { when: no_move, sweep: owners, then: round }\n",
            ["territory", "hole_seeds", "at least 1", "at least 1"],
        ),
    ] {
        let path = dir.path().join("terr.yaml");
        std::fs::write(&path, format!("{base}{rest}")).unwrap();
        let e = Rule::load(path.to_str().unwrap(), dir.path())
            .map(|_| ())
            .unwrap_err()
            .one_line();
        assert_eq!(e.lines().count(), 1, "{e}");
        for w in want {
            assert!(e.contains(w), "{w}: {e}");
        }
    }
}

#[test]
fn the_last_seeds_go_to_who_started_the_round() {
    let dir = tempfile::tempdir().unwrap();
    let text = "name: last\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  to_move: 2\n  pits:\n    - { row: S, owner: 1, holes: 4, seeds: 2 }\n    - { store: store S, owner: 1 }\n    - { row: N, owner: 2, holes: 4, seeds: 2 }\n    - { store: store N, owner: 2 }\nsowing: { stores: none }\npipeline:\n  capture:\n    last_seeds: { at_most: 4, to: round_starter }\n  end:\n    - { when: no_move, sweep: owners, then: most_seeds }\n";
    let path = dir.path().join("last.yaml");
    std::fs::write(&path, text).unwrap();
    let r = Arc::new(
        Rule::load(path.to_str().unwrap(), dir.path())
            .unwrap_or_else(|e| panic!("{}", e.one_line())),
    );
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    // North started; South moves S1 into S2: 4 seeds are left, North takes them.
    let pos = Position {
        pits: vec![1, 0, 0, 0, 0, 1, 1, 1],
        stores: Some(vec![6, 6]),
        to_move: Some(1),
        vars: [("round_starter".to_string(), 2)].into_iter().collect(),
        ..Position::default()
    };
    let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
    assert_eq!(g.state().vars.get("round_starter"), Some(&2));
    g.play("1").unwrap_or_else(|e| panic!("{}", e.one_line()));
    let s = g.state();
    assert_eq!(s.pits, vec![0; 8]);
    assert_eq!(s.stores, vec![6, 10]);
}

#[test]
fn the_rounds_winner_chooses_the_holes_of_the_losers_row_he_owns_one_a_move() {
    let (_d, r) = rule(4, "least_seeds: 4, choose_owned: winner");
    // As above: South wins the round with 23 seeds, six holes, two of them in North's row,
    // which he chooses; meanwhile North's row is all North's and South is to move.
    let mut g = game(&r, [1, 0, 0, 0, 0, 0, 0, 0], [22, 9], ROWS);
    g.play("1").unwrap();
    let s = g.state();
    assert_eq!(s.owners, Some(ROWS.to_vec()));
    assert_eq!(s.pits, vec![4; 8]);
    assert_eq!((s.to_move, s.over), (Some(1), false));
    assert_eq!(s.vars.get("own_choices"), Some(&2));
    assert!(sowlab::render::status(&g.board()).contains(
        "player 1 to move: chooses the holes of his opponent's row he owns for the round (2 more)"
    ));
    assert_eq!(g.legal_labels().unwrap(), ["N1", "N2", "N3", "N4"]);
    // N3: his for the round; he chooses again.
    g.play("N3").unwrap();
    let s = g.state();
    assert_eq!(s.owners, Some(vec![1, 1, 1, 1, 2, 2, 1, 2]));
    assert_eq!((s.to_move, s.vars.get("own_choices")), (Some(1), Some(&1)));
    assert_eq!(g.legal_labels().unwrap(), ["N1", "N2", "N4"]);
    assert!(g.play("S1").is_err(), "his own hole is no choice");
    // N1, the last: the round's starter, the loser North, moves from the holes left him.
    g.play("N1").unwrap();
    let s = g.state();
    assert_eq!(s.owners, Some(vec![1, 1, 1, 1, 1, 2, 1, 2]));
    assert_eq!(s.pits, vec![4; 8]);
    assert_eq!((s.to_move, s.vars.get("own_choices")), (Some(2), Some(&0)));
    assert_eq!(g.legal_labels().unwrap(), ["N2", "N4"]);
}

#[test]
fn round_fill_uchown_is_the_winners_choice_of_the_holes_he_owns() {
    let file = r#"{"game_class": "Mancala", "game_constants": {"holes": 6, "nbr_start": 4}, "game_info": {"goal": 2, "goal_param": 10, "rounds": 2, "round_fill": 8, "stores": true}}"#;
    let (y, _) =
        sowlab::import::mancalagames::rule_text(std::path::Path::new("own.txt"), file).unwrap();
    assert!(
        y.contains("territory: { hole_seeds: $seeds, part_hole: over_half, part_kept: false, least_seeds: 11, choose_owned: winner }"),
        "{y}"
    );
}
