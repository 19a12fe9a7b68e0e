//! Captures by count judged once a lap is sown (`sowing.capture_counts_after_lap`): the holes
//! from the lap's start hole on, as many as its seeds less whole rounds of the board, its last
//! hole left out; and the sweeps of the seeds left to the player whose holes still hold seeds
//! (`still_holding`) or to the second player (`second_player`).

use std::path::Path;
use std::sync::Arc;

use sowlab::{Game, Position, Rule};

/// A 2 x 6 rule without stores: one lap a move, fours taken by the hole's owner (after the lap
/// when `after_lap`), the game ending when a player's holes are empty with `sweep`.
fn rule(after_lap: bool, sweep: &str) -> Arc<Rule> {
    let text = format!(
        "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 6, seeds: 4 }}\n    - {{ row: N, owner: 2, holes: 6, seeds: 4 }}\nsowing:\n  stores: none\n  capture_counts: [4]\n  capture_last: false\n  capture_counts_after_lap: {after_lap}\npipeline:\n  end:\n    - {{ when: side_empty, sweep: {sweep}, then: most_seeds }}\n"
    );
    Arc::new(Rule::data_from_text(text, Path::new("t.yaml")).unwrap())
}

fn game(r: &Arc<Rule>, pits: &[i64], to_move: usize) -> Game {
    let pos = Position {
        pits: pits.to_vec(),
        stores: Some(vec![0, 0]),
        to_move: Some(to_move),
        ..Position::default()
    };
    Game::with_position(r.clone(), r.resolve_options::<&str>(&[]).unwrap(), &pos).unwrap()
}

#[test]
fn a_short_lap_takes_the_fours_it_made_after_it_each_by_the_holes_owner() {
    // S1 (3) into S2 (3), S3 (3), S4: S2 and S3 make four, S4, the last, one
    let pits = [3, 3, 3, 0, 1, 0, 1, 0, 0, 0, 0, 0];
    for after in [false, true] {
        let mut g = game(&rule(after, "owners"), &pits, 1);
        g.play("1").unwrap();
        let s = g.state();
        assert_eq!(
            s.pits,
            [0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 0, 0],
            "after_lap {after}"
        );
        assert_eq!(s.stores, [8, 0], "after_lap {after}");
    }
}

#[test]
fn a_lap_of_thirteen_on_twelve_holes_judges_its_start_hole_alone() {
    // S1 (13) round the board into S1 and S2: N3 (3) makes four on the way; S2 (2) gets two
    // seeds, the lap's last (left to the pipeline: nothing here)
    let pits = [13, 2, 0, 0, 0, 0, 0, 0, 3, 0, 0, 1];
    let mut g = game(&rule(true, "owners"), &pits, 1);
    g.play("1").unwrap();
    let s = g.state();
    assert_eq!(s.pits, [1, 4, 1, 1, 1, 1, 1, 1, 4, 1, 1, 2]);
    assert_eq!(s.stores, [0, 0]);
    // taken the moment the drop makes it, N3's four is North's, S2's first drop makes 3, then 4
    // with the last seed, not captured (capture_last: false)
    let mut g = game(&rule(false, "owners"), &pits, 1);
    g.play("1").unwrap();
    let s = g.state();
    assert_eq!(s.pits, [1, 4, 1, 1, 1, 1, 1, 1, 0, 1, 1, 2]);
    assert_eq!(s.stores, [0, 4]);
}

#[test]
fn the_seeds_left_go_to_the_player_whose_holes_still_hold_seeds_or_to_the_second_player() {
    // North's N6 (1) sows into S1, emptying his row: the end; South's holes hold 4
    let pits = [1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1];
    let mut g = game(&rule(false, "still_holding"), &pits, 2);
    g.play("6").unwrap();
    let s = g.state();
    assert_eq!(
        (s.pits, s.stores, s.winner),
        (vec![0; 12], vec![4, 0], Some(1))
    );
    let mut g = game(&rule(false, "second_player"), &pits, 2);
    g.play("6").unwrap();
    let s = g.state();
    assert_eq!(
        (s.pits, s.stores, s.winner),
        (vec![0; 12], vec![0, 4], Some(2))
    );
}

#[test]
fn the_sowing_in_words_says_when_the_counts_are_judged() {
    let words = |after: bool| {
        let r = rule(after, "owners");
        let d = r
            .new_board(&r.resolve_options::<&str>(&[]).unwrap())
            .unwrap();
        let b = sowlab::board(&d);
        b.layout.sow.describe()
    };
    assert!(words(true).contains("a drop making 4 is captured by the row's owner (not by the last seed), judged once each lap is sown"));
    assert!(!words(false).contains("judged once"));
}
