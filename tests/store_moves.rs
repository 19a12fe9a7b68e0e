//! Stores that start with seeds (a store's `seeds`), moves sowing a chosen count of the mover's
//! store (`moves.sow_from_store`, written `store:4`), the end by leaving the opponent no move
//! that counts those moves, and the take opposite made whatever the last hole held that goes
//! back against the sowing (`opposite.last_occupied_too`, `go_on_back`): each from a position
//! to the position after one move; MancalaGames' Azigo (`play_locs=BRD_OWN_STR_CHS`,
//! `start_pattern=AZIGO`, `crosscapt=ANY`) translated into them.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod common;
use common::{scratch, two_row_game as game};

use std::path::Path;
use std::sync::Arc;

use sowlab::import::mancalagames::rule_text;
use sowlab::{Event, Game, Rule, RulePath};

/// Two rows of four holes, each player sowing round his own row and store (stores not sown
/// into), the stores starting with `store_seeds`; `sowing` and `pipeline` added as written.
fn text(store_seeds: i64, sowing: &str, pipeline: &str) -> String {
    format!(
        "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player\n  pits:\n    - {{ row: S, owner: 1, holes: 4, seeds: 1 }}\n    - {{ store: s, owner: 1, seeds: {store_seeds} }}\n    - {{ row: N, owner: 2, holes: 4, seeds: 1 }}\n    - {{ store: n, owner: 2, seeds: {store_seeds} }}\nsowing:\n  stores: none\n{sowing}pipeline:\n{pipeline}"
    )
}

fn load(name: &str, text: &str) -> sowlab::Result<Arc<Rule>> {
    let dir = scratch("store_moves");
    let file = dir.join(format!("{name}.yaml"));
    std::fs::write(&file, text).unwrap();
    let file = dir.keep(file);
    Rule::load(file.to_str().unwrap(), RulePath::builtin()).map(Arc::new)
}

fn rule(name: &str, text: &str) -> Arc<Rule> {
    load(name, text).unwrap()
}

/// The holes and stores after South plays `mv` from the position given.
fn after(
    r: &Arc<Rule>,
    south: &[i64],
    north: &[i64],
    stores: [i64; 2],
    mv: &str,
) -> (Vec<i64>, Vec<i64>) {
    let mut g = game(r, south, north, stores);
    g.play(mv).unwrap();
    let s = g.state();
    (s.pits, s.stores)
}

const FROM_STORE: &str = "  moves: { sow_from_store: true }\n  end: []\n";

#[test]
fn a_store_that_starts_with_seeds_holds_them_and_a_bad_count_is_refused() {
    let r = rule("start", &text(3, "", FROM_STORE));
    let g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![1; 8]);
    assert_eq!(s.stores, vec![3, 3]);
    // A store's count is checked as a hole's is, naming the entry.
    let e = load("bad", &text(-1, "", FROM_STORE))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("board: pits[1]: a store starts with 0 to") && e.contains("not -1"),
        "{e}"
    );
}

#[test]
fn the_stores_counts_are_moves_after_the_holes_written_store_and_the_count() {
    let r = rule("listed", &text(3, "", FROM_STORE));
    let g = game(&r, &[1, 0, 2, 0], &[1, 1, 1, 1], [3, 0]);
    assert_eq!(
        g.legal_labels().unwrap(),
        ["1", "3", "store:1", "store:2", "store:3"]
    );
    // A count the store does not hold is no legal move; nor is a count of none.
    let e = g.check_move("store:4").unwrap_err().to_string();
    assert!(e.contains("illegal move `store:4`"), "{e}");
    assert!(g.parse_move("store:0").is_none());
    // North's store is empty: his holes alone.
    let g = game(&r, &[1, 0, 2, 0], &[1, 0, 0, 1], [3, 0]);
    let mut g2 = g;
    g2.play("1").unwrap();
    assert_eq!(g2.legal_labels().unwrap(), ["1", "4"]);
}

#[test]
fn a_move_from_the_store_sows_the_count_chosen_from_the_pit_after_the_store() {
    let r = rule("sown", &text(0, "", FROM_STORE));
    // Two of South's five: into S1 and S2 (his circuit goes on from his store to his hole 1).
    assert_eq!(
        after(&r, &[1, 0, 2, 0], &[1, 1, 1, 1], [5, 0], "store:2"),
        (vec![2, 1, 2, 0, 1, 1, 1, 1], vec![3, 0])
    );
    // Six: round his row (his store passed over, as the sowing says) and on into S1, S2 again.
    let mut g = game(&r, &[1, 0, 2, 0], &[1, 1, 1, 1], [6, 0]);
    let ply = g.play("store:6").unwrap();
    assert!(
        matches!(ply.events.first(), Some(Event::Pickup { pit: 4, seeds: 6 })),
        "{:?}",
        ply.events
    );
    assert_eq!(g.state().pits, vec![3, 2, 3, 1, 1, 1, 1, 1]);
    assert_eq!(g.state().stores, vec![0, 0]);
    assert_eq!(g.moves(), ["store:6"]);
    // The first seed falls back into a hole a move empties, never into the store.
    let r = rule("back", &text(0, "  first_seed_back: true\n", FROM_STORE));
    assert_eq!(
        after(&r, &[1, 0, 2, 0], &[1, 1, 1, 1], [5, 0], "store:2"),
        (vec![2, 1, 2, 0, 1, 1, 1, 1], vec![3, 0])
    );
    assert_eq!(
        after(&r, &[1, 0, 2, 0], &[1, 1, 1, 1], [5, 0], "3"),
        (vec![1, 0, 1, 1, 1, 1, 1, 1], vec![5, 0])
    );
}

#[test]
fn leaving_the_opponent_no_move_counts_the_seeds_in_his_store() {
    let ends = "  moves: { sow_from_store: true }\n  end:\n    - { when: opponent_no_move, before_turn: true, then: mover_wins }\n    - { when: no_move, then: to_move_loses }\n";
    let r = rule("immobilize", &text(0, "", ends));
    // North's holes are empty, his store holds two: he still has moves.
    let mut g = game(&r, &[0, 0, 0, 1], &[0, 0, 0, 0], [0, 2]);
    g.play("4").unwrap();
    let s = g.state();
    assert!(!s.over, "{s:?}");
    assert_eq!(g.legal_labels().unwrap(), ["store:1", "store:2"]);
    // His store empty too: South has left him no move and wins.
    let mut g = game(&r, &[0, 0, 0, 1], &[0, 0, 0, 0], [2, 0]);
    g.play("4").unwrap();
    let b = g.board();
    assert!(b.over && b.winner == 1, "{:?}", g.state());
}

#[test]
fn the_take_opposite_made_whatever_the_last_hole_held_goes_back_against_the_sowing() {
    let back = "  capture:\n    opposite: { take_last: false, counts: [1, 3], go_on_along_row: true, last_occupied_too: true, go_on_back: true }\n  end: []\n";
    let r = rule("back", &text(0, "", back));
    // North's holes as the pits run: N1 faces S4, N4 faces S1. S2 (1) into S3, which held 2:
    // S3 takes N2 (3), then back against the sowing S2 takes N3 (1) and S1 takes N4 (3);
    // round his row S4 would take N1 (2): it fails the count and the take ends.
    assert_eq!(
        after(&r, &[4, 1, 2, 0], &[2, 3, 1, 3], [0, 0], "2"),
        (vec![4, 0, 3, 0, 2, 0, 0, 0], vec![7, 0])
    );
    // Round the row's end: S1 (1) into S2; S2 takes N3 (1), then S1 takes N4 (3), then S4
    // (his row's last) N1 (1), then S3 N2 (3): every hole of North's.
    assert_eq!(
        after(&r, &[1, 0, 5, 6], &[1, 3, 1, 3], [0, 0], "1"),
        (vec![0, 1, 5, 6, 0, 0, 0, 0], vec![8, 0])
    );
    // Without `last_occupied_too` a last seed in an occupied hole takes nothing.
    let r = rule(
        "empty_only",
        &text(
            0,
            "",
            "  capture:\n    opposite: { take_last: false, counts: [1, 3], go_on_along_row: true, go_on_back: true }\n  end: []\n",
        ),
    );
    assert_eq!(
        after(&r, &[4, 1, 2, 0], &[2, 3, 1, 3], [0, 0], "2"),
        (vec![4, 0, 3, 0, 2, 3, 1, 3], vec![0, 0])
    );
    // The two keys are read with `go_on_along_row` only.
    let e = load(
        "alone",
        &text(
            0,
            "",
            "  capture:\n    opposite: { go_on_back: true }\n  end: []\n",
        ),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("`go_on_back` is read with `go_on_along_row: true` only"),
        "{e}"
    );
}

#[test]
fn a_store_to_sow_from_must_be_on_the_track_and_the_direction_fixed() {
    let no_stores = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 4, seeds: 1 }\n    - { row: N, owner: 2, holes: 4, seeds: 1 }\npipeline:\n  moves: { sow_from_store: true }\n  end: []\n";
    let e = load("nostore", no_stores).unwrap_err().to_string();
    assert!(e.contains("sow_from_store: player 1 has no store"), "{e}");
    let e = load("even", &text(0, "  reverse_when_even: true\n", FROM_STORE))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("sow_from_store is not declared with a sowing whose direction"),
        "{e}"
    );
}

#[test]
fn azigo_reads_as_stores_starting_with_seeds_moves_from_them_and_takes_going_back() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mancalagames/azigo.txt");
    let (yaml, _) = rule_text(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
    for key in [
        "{ store: store S, owner: 1, seeds: 10 }",
        "pits: [5, 5, 5, 5, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 5, 5, 5, 1,",
        "sow_from_store: true",
        "last_occupied_too: true, go_on_back: true",
        "when: opponent_no_move",
    ] {
        assert!(yaml.contains(key), "{key}:\n{yaml}");
    }
    let r = rule("azigo", &yaml);
    let g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    let labels = g.legal_labels().unwrap();
    assert_eq!(labels.len(), 5 + 10, "{labels:?}");
    assert_eq!(labels.last().map(String::as_str), Some("store:10"));
    // A store's moves are refused where MancalaGames passes or feeds without them.
    let mut text = std::fs::read_to_string(&path).unwrap();
    text = text.replace(
        "\"move_one\": true,",
        "\"move_one\": true,\n  \"mustpass\": true,",
    );
    let e = rule_text(&path, &text).unwrap_err().to_string();
    assert!(
        e.contains("play_locs=BRD_OWN_STR_CHS: not translated with mustpass yet"),
        "{e}"
    );
}

#[test]
fn the_exact_search_knows_that_seeds_sown_from_a_store_come_back_into_play() {
    use sowlab::search::twoplayer::reading::Reading;
    let ends = "  moves: { sow_from_store: true }\n  end:\n    - { when: no_move, sweep: owners, then: most_seeds }\n";
    let r = rule("margin", &text(2, "", ends));
    let g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    let k = Reading::of(&r, &g.board());
    assert!(!k.monotone && !k.store_free);
    let why = k.no_tablebase.unwrap_or_default();
    assert!(
        why.contains(
            "the mover may sow seeds from his store, which brings them back onto the board"
        ),
        "{why}"
    );
    // The same rule without moves from the store: its stored seeds stay out of play.
    let r = rule(
        "kept",
        &text(
            2,
            "",
            "  end:\n    - { when: no_move, sweep: owners, then: most_seeds }\n",
        ),
    );
    let g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    let k = Reading::of(&r, &g.board());
    assert!(
        k.monotone && k.no_tablebase.is_none(),
        "{:?}",
        k.no_tablebase
    );
}
