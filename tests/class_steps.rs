//! The steps that translate MancalaGames' game classes ZigZag, Diffusion and DiffusionV2
//! (issue #22), each shown on a data rule: a position, one move, the position after it; and
//! their bad values, each one line naming the key.
//!
//! The board: two rows of `holes` holes (South 1..n, North 1..n from North's left), a store
//! after each row that sowing passes over (`stores: none`); pits in the state JSON in that
//! order. Holes face each other as in Kalah: with four holes, S1 faces N4, S2 N3.

use std::path::Path;
use std::sync::Arc;

use sowlab::{Game, Position, Rule};

/// The text of a data rule with `holes` holes a row, the `board:` keys `board` (after
/// `shape`), the `sowing:` lines `sowing` and the `moves:` lines `moves`.
fn text(holes: usize, board: &str, sowing: &str, moves: &str) -> String {
    format!(
        "name: steps\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n{board}  pits:\n    - {{ row: S, owner: 1, holes: {holes}, seeds: 1 }}\n    - {{ store: store S, owner: 1 }}\n    - {{ row: N, owner: 2, holes: {holes}, seeds: 1 }}\n    - {{ store: store N, owner: 2 }}\nsowing:\n  stores: none\n{sowing}pipeline:\n  moves:\n{moves}  end:\n    - {{ when: mover_empty, then: mover_wins }}\n"
    )
}

fn rule(holes: usize, board: &str, sowing: &str, moves: &str) -> Arc<Rule> {
    Arc::new(
        Rule::data_from_text(text(holes, board, sowing, moves), Path::new("steps.yaml"))
            .unwrap_or_else(|e| panic!("{}", e.one_line())),
    )
}

/// The one-line error of loading such a rule.
fn error(holes: usize, board: &str, sowing: &str, moves: &str) -> String {
    match Rule::data_from_text(text(holes, board, sowing, moves), Path::new("steps.yaml")) {
        Ok(r) => {
            let opts = r.resolve_options(&[] as &[&str]).unwrap();
            match Game::new(Arc::new(r), opts) {
                Ok(_) => panic!("the rule loads and starts"),
                Err(e) => e.one_line(),
            }
        }
        Err(e) => e.one_line(),
    }
}

/// A game from holes `south`, `north` (stores `stores`), `to_move` to move.
fn game(r: &Arc<Rule>, south: &[i64], north: &[i64], stores: [i64; 2], to_move: usize) -> Game {
    let pos = Position {
        pits: [south, north].concat(),
        stores: Some(stores.to_vec()),
        to_move: Some(to_move),
        ..Position::default()
    };
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    Game::with_position(r.clone(), opts, &pos).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// Plays `mv` from that position; the holes and stores after.
fn after(g: &mut Game, mv: &str) -> (Vec<i64>, Vec<i64>) {
    g.play(mv)
        .unwrap_or_else(|e| panic!("move {mv}: {}", e.one_line()));
    let s = g.state();
    (s.pits, s.stores)
}

const ZIGZAG: &str = "  circuits: zigzag\n";

#[test]
fn a_zigzag_track_crosses_to_the_other_row_at_every_step() {
    // Four holes a row: the track is S1 N3 S3 N1, S4 N2 S2 N4. S1's three seeds go to N3, S3,
    // N1.
    let r = rule(4, ZIGZAG, "", "");
    let mut g = game(&r, &[3, 0, 0, 0], &[0, 0, 0, 0], [0, 0], 1);
    assert_eq!(
        after(&mut g, "1"),
        (vec![0, 0, 1, 0, 1, 0, 1, 0], vec![0, 0])
    );
    // North's N2 (one seed) goes on to S2.
    let mut g = game(&r, &[0, 0, 0, 0], &[0, 1, 0, 0], [0, 0], 2);
    assert_eq!(
        after(&mut g, "2"),
        (vec![0, 1, 0, 0, 0, 0, 0, 0], vec![0, 0])
    );
}

#[test]
fn holes_of_a_row_named_by_reverse_holes_by_row_are_sown_the_other_way() {
    // S1 sown backwards on the zigzag: to N4 (before it on the track), then S2; North's hole 1
    // is not reversed by South's list.
    let r = rule(
        4,
        ZIGZAG,
        "  reverse_holes_by_row: { S: [1], N: [2] }\n",
        "",
    );
    let mut g = game(&r, &[2, 0, 0, 0], &[1, 1, 0, 0], [0, 0], 1);
    assert_eq!(
        after(&mut g, "1"),
        (vec![0, 1, 0, 0, 1, 1, 0, 1], vec![0, 0])
    );
    // North: N1 forward (to S4), N2 backwards (to S4 as well: before it on the track).
    assert_eq!(
        after(&mut g, "1"),
        (vec![0, 1, 0, 1, 0, 1, 0, 1], vec![0, 0])
    );
    let mut g = game(&r, &[0, 0, 0, 0], &[0, 1, 0, 0], [0, 0], 2);
    assert_eq!(
        after(&mut g, "2"),
        (vec![0, 0, 0, 1, 0, 0, 0, 0], vec![0, 0])
    );
}

#[test]
fn a_single_seed_sown_across_the_middle_may_not_go_straight_back() {
    // S3 (reversed) sows its single seed back along the track into N3, which (forward) would
    // sow it straight back into S3: North may not play N3 while it holds that seed.
    let moves = "    no_single_return_across_middle: true\n";
    let r = rule(4, ZIGZAG, "  reverse_holes_by_row: { S: [3] }\n", moves);
    let mut g = game(&r, &[1, 0, 1, 0], &[1, 0, 0, 0], [0, 0], 1);
    assert_eq!(
        after(&mut g, "3"),
        (vec![1, 0, 0, 0, 1, 0, 1, 0], vec![0, 0])
    );
    assert_eq!(g.legal_labels().unwrap(), ["1"]);
    // Without the rule N3 is a move.
    let r = rule(4, ZIGZAG, "  reverse_holes_by_row: { S: [3] }\n", "");
    let mut g = game(&r, &[1, 0, 1, 0], &[1, 0, 0, 0], [0, 0], 1);
    after(&mut g, "3");
    assert_eq!(g.legal_labels().unwrap(), ["1", "3"]);
}

const DIFFUSE: &str = "    diffuse: { full: 3, out_to: store S }\n    any_row: true\n";

#[test]
fn a_diffusing_move_gives_one_seed_to_each_neighbour_anticlockwise() {
    // Three holes a row: S2's neighbours anticlockwise are S3, N1 (across S3), N2 (across S2),
    // N3 (across S1), S1. N2 holds three (full): its seed leaves the board, into store S.
    let r = rule(3, "", "", DIFFUSE);
    let mut g = game(&r, &[0, 5, 0], &[0, 3, 0], [0, 0], 1);
    assert_eq!(after(&mut g, "S2"), (vec![1, 0, 1, 1, 3, 1], vec![1, 0]));
    // From a corner (S3): S3 has no next hole and nothing across it; N1 (across S3), then
    // N2 (four seeds: S2 gets none). Two seeds leave the board first.
    let mut g = game(&r, &[0, 0, 4], &[0, 0, 0], [0, 0], 2);
    assert_eq!(after(&mut g, "S3"), (vec![0, 0, 0, 1, 1, 0], vec![2, 0]));
}

#[test]
fn with_owners_by_halves_a_player_clears_his_end_of_the_board() {
    // Four holes a row: South owns S3 S4 and N1 N2. South empties them (N2's seed to N3):
    // the mover wins, though seeds are left in his row's S1.
    let r = rule(4, "  owners: halves\n", "", "    any_row: true\n");
    let mut g = game(&r, &[1, 0, 0, 0], &[0, 1, 0, 0], [0, 0], 1);
    g.play("N2").unwrap();
    let s = g.state();
    assert_eq!(s.pits, [1, 0, 0, 0, 0, 0, 1, 0]);
    assert!(s.over);
    assert_eq!(s.winner, Some(1));
}

#[test]
fn bad_values_of_the_class_words_are_one_line_errors_naming_the_key() {
    for (holes, board, sowing, moves, want) in [
        (4, "  circuits: spiral\n", "", "", "zigzag"),
        (4, "  owners: diagonal\n", "", "", "halves"),
        (
            3,
            "  owners: halves\n",
            "",
            "",
            "owners: halves needs two rows of the same even length",
        ),
        (
            4,
            "",
            "  reverse_holes_by_row: { W: [1] }\n",
            "",
            "reverse_holes_by_row: no row W (the rows are S, N)",
        ),
        (
            4,
            "",
            "  reverse_holes_by_row: { S: [5] }\n",
            "",
            "reverse_holes_by_row: row S: no hole 5 (holes are numbered 1 to 4, from their owner's left)",
        ),
        (
            4,
            "",
            "",
            "    diffuse: { full: 5, out_to: store X }\n",
            "diffuse: out_to: no store \"store X\" (the stores are store S, store N)",
        ),
        (
            4,
            "",
            "",
            "    diffuse: { full: -1 }\n",
            "diffuse: full is a number of seeds",
        ),
    ] {
        let e = error(holes, board, sowing, moves);
        assert!(e.contains(want), "{e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
}
