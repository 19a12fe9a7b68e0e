//! Holes owned by filling (`territory` with `rounds.fill_by_moves`): at a round's end every hole
//! is nobody's, the players fill holes in turn, one a move, and own those they fill; the holes
//! nobody fills are sown into but played by nobody. With the round's end on an empty row
//! (`row_empty`, whoever owns its holes), its sweep to the rows' owners (`row_owners`) and the
//! first filler the player after the mover (`starter: after_mover`).

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use sowlab::Game;

mod common;

use common::{play_steps, rounds_error, summary, two_row_game as at, two_row_rule as rule, var};

/// Rounds of 2 seeds a hole (three holes a row, twelve seeds) whose holes are owned by filling,
/// ended when a row is empty.
fn pipeline(extra: &str) -> String {
    format!("  rounds: {{ fill: 2, winner: most_seeds, fill_by_moves: true, close_unfilled: false{extra} }}\n  territory: {{ hole_seeds: 2, least_seeds: 2 }}\n  pass: {{ counter: passes }}\n  end:\n    - {{ when: row_empty, sweep: row_owners, then: round, starter: after_mover }}\n")
}

/// S3 (1) into South's store empties South's row: the round ends, North's three seeds go to him
/// (South 7, North 5), and North, the player after the mover, fills first.
fn round_ended(extra: &str, name: &str) -> Game {
    let r = rule(name, 3, &pipeline(extra));
    let mut g = at(&r, &[0, 0, 1], &[2, 0, 1], [6, 2]);
    g.play("S3").unwrap();
    g
}

fn owners(g: &Game) -> Vec<usize> {
    g.state().owners.expect("holes owned round by round")
}

#[test]
fn the_players_fill_nobodys_holes_round_the_board_in_turn_and_own_them() {
    let mut g = round_ended("", "filled_a");
    assert_eq!(summary(&g), (vec![0; 6], vec![7, 5], Some(2), false, None));
    assert_eq!(owners(&g), [0; 6], "every hole nobody's");
    // (3 fills of South's and 2 of North's)
    assert_eq!(var(&g, "fills_left"), Some(5));
    assert_eq!(g.legal_labels().unwrap(), ["N1"]);
    assert!(
        g.play("N2").is_err(),
        "only the next empty hole from his first"
    );
    // N1, S1, N2, S2; North (1 seed) passed over: S3; South (1 seed) cannot fill N3.
    let steps: [(&str, [i64; 6], [i64; 2], usize); 5] = [
        ("N1", [0, 0, 0, 2, 0, 0], [7, 3], 1),
        ("S1", [2, 0, 0, 2, 0, 0], [5, 3], 2),
        ("N2", [2, 0, 0, 2, 2, 0], [5, 1], 1),
        ("S2", [2, 2, 0, 2, 2, 0], [3, 1], 1),
        // South's last fill: the player after him, North, starts the round.
        ("S3", [2, 2, 2, 2, 2, 0], [1, 1], 2),
    ];
    play_steps(&mut g, &steps);
    assert_eq!(var(&g, "fills_left"), Some(0));
    assert_eq!(owners(&g), [1, 1, 1, 2, 2, 0]);
    assert!(g.state().closed.is_empty(), "N3 stays open");
    // The round: North plays the holes he filled; N3, nobody's, is sown into, never played.
    assert_eq!(g.legal_labels().unwrap(), ["N1", "N2"]);
    g.play("N2").unwrap();
    assert_eq!(g.state().pits, [2, 2, 2, 2, 0, 1]);
    g.play("S1").unwrap();
    assert!(!g.legal_labels().unwrap().contains(&"N3".to_string()));
}

#[test]
fn with_choose_filled_each_a_player_fills_any_hole_of_his_row_then_any_on_the_board() {
    let r = rule("filled_b", 3, &pipeline(", choose_filled: each"));
    // S3 (1) into South's store: South 10, North 2 (his row's one seed).
    let mut g = at(&r, &[0, 0, 1], &[1, 0, 0], [9, 1]);
    g.play("S3").unwrap();
    assert_eq!(var(&g, "fills_left"), Some(6));
    assert_eq!(g.legal_labels().unwrap(), ["N1", "N2", "N3"]);
    g.play("N2").unwrap();
    // North has no more: South fills on, his own row first, any hole of it.
    assert_eq!(g.legal_labels().unwrap(), ["S1", "S2", "S3"]);
    for mv in ["S3", "S1", "S2"] {
        g.play(mv).unwrap();
        assert_eq!(g.state().to_move, Some(1), "after {mv}");
    }
    // His row full: any empty hole on the board.
    assert_eq!(g.legal_labels().unwrap(), ["N1", "N3"]);
    g.play("N3").unwrap();
    g.play("N1").unwrap();
    assert_eq!(owners(&g), [1, 1, 1, 1, 2, 1]);
    assert_eq!(g.state().stores, [0, 0]);
    assert_eq!(var(&g, "fills_left"), Some(0));
    // (the player after the last filler starts: North, with his one hole)
    assert_eq!(g.state().to_move, Some(2));
    assert_eq!(g.legal_labels().unwrap(), ["N2"]);
}

#[test]
fn holes_owned_by_filling_need_a_hole_of_fill_seeds() {
    let text = |hole_seeds: i64| {
        format!(
            "name: bad\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 3, seeds: 2 }}\n    - {{ row: N, owner: 2, holes: 3, seeds: 2 }}\npipeline:\n  rounds: {{ fill: 2, winner: most_seeds, fill_by_moves: true }}\n  territory: {{ hole_seeds: {hole_seeds}, least_seeds: 2 }}\n  end:\n    - {{ when: row_empty, then: round }}\n"
        )
    };
    let err = sowlab::Rule::data_from_text(text(3), std::path::Path::new("bad.yaml"))
        .and_then(|r| {
            let o = r.resolve_options::<&str>(&[])?;
            r.new_board(&o).map(|_| ())
        })
        .expect_err("hole_seeds 3, fill 2")
        .one_line();
    assert!(
        err.contains("`hole_seeds` equal to `rounds.fill` (2)"),
        "{err}"
    );
    assert!(!err.contains('\n'));
    // (without territory, `choose_filled: loser` and `fill_by_moves` stay apart)
    assert!(rounds_error(", fill_by_moves: true, choose_filled: loser")
        .contains("write `choose_filled: each` or `nobody`"));
}

#[test]
fn with_fill_clockwise_and_fill_part_min_the_fills_go_clockwise_from_the_last_hole_and_a_few_seeds_fill_one_more(
) {
    // Three seeds a hole; the last few seeds fill one more hole when they are at least two.
    let pipeline = "  rounds: { fill: 3, winner: most_seeds, fill_by_moves: true, close_unfilled: false, fill_clockwise: true, fill_part: true, fill_part_min: 2 }\n  territory: { hole_seeds: 3, least_seeds: 2 }\n  pass: { counter: passes }\n  end:\n    - { when: row_empty, sweep: row_owners, then: round, starter: after_mover }\n";
    let r = rule("filled_cw", 3, pipeline);
    let mut g = at(&r, &[0, 0, 1], &[2, 0, 1], [6, 2]);
    g.play("S3").unwrap();
    // South 7 (two holes, one left over: too few for a third), North 5 (a hole and two more).
    assert_eq!(var(&g, "fills_left"), Some(4));
    // North's first fill is his last hole, N3, not N1.
    assert_eq!(g.legal_labels().unwrap(), ["N3"]);
    let steps: [(&str, [i64; 6], [i64; 2], usize); 4] = [
        ("N3", [0, 0, 0, 0, 0, 3], [7, 2], 1),
        ("S3", [0, 0, 3, 0, 0, 3], [4, 2], 2),
        // North's last two seeds: at least fill_part_min, so one more hole
        ("N2", [0, 0, 3, 0, 2, 3], [4, 0], 1),
        // South's last seed stays in his store: the player after him, North, starts the round
        ("S2", [0, 3, 3, 0, 2, 3], [1, 0], 2),
    ];
    play_steps(&mut g, &steps);
    assert_eq!(var(&g, "fills_left"), Some(0));
    assert_eq!(owners(&g), [0, 1, 1, 0, 2, 2]);
    // (fill_part_min is 1 to fill, with fill_part; fill_clockwise needs territory)
    assert!(rounds_error(", fill_part: true, fill_part_min: 3")
        .contains("`fill_part_min` must be 1 to `fill` (2), not 3"));
    assert!(rounds_error(", fill_part_min: 2").contains("`fill_part_min` needs `fill_part: true`"));
    assert!(rounds_error(", fill_clockwise: true")
        .contains("`fill_clockwise` needs `territory` and `fill_by_moves`"));
}
