//! Board pictures (`render`): one row, two facing rows (with stores, or with reserves, a closed
//! hole and a round counter), and the four-row square with corner rumas and penalties; plain, in
//! colour, and with a marked pit (the REPL's `step`). Small boards come from fixture rule files.

use std::path::Path;

use sowlab::render::{picture, picture_marked, Style};
use sowlab::Board;
use sowlab::{board, Rule};

fn start(rule: &str, sets: &[&str]) -> Board {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let r = Rule::load(rule, &dir).expect("the rule loads");
    let opts = r.resolve_options(sets).expect("options");
    board(&r.new_board(&opts).expect("a start position")).clone()
}

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/{name}.rhai", env!("CARGO_MANIFEST_DIR"))
}

const PLAIN: Style = Style { colour: false };

#[test]
fn row() {
    let mut b = start("tchuka_ruma", &["holes=6"]);
    b.seeds[2] = 0;
    b.seeds[6] = 5;
    insta::assert_snapshot!(picture(&b, PLAIN), @r"
       1   2   3   4   5   6 |ruma
       2   2   0   2   2   2 |   5
    ");
}

#[test]
fn row_marked_and_over() {
    let mut b = start("tchuka_ruma", &[]);
    b.seeds = vec![0, 0, 0, 0, 8];
    b.over = true;
    b.winner = 1;
    insta::assert_snapshot!(picture_marked(&b, PLAIN, Some(4)), @r"
       1   2   3   4 |ruma
       0   0   0   0 |  *8
    game over: won (player 1)
    ");
}

#[test]
fn two_rows_with_stores() {
    let mut b = start(&fixture("two_rows"), &[]);
    // South 1..4 are pits 0..3, North 1..4 are 4..7 (drawn right to left on top), stores 8 and 9.
    b.seeds = vec![1, 2, 3, 4, 5, 6, 7, 8, 10, 20];
    insta::assert_snapshot!(picture(&b, PLAIN));
}

#[test]
fn two_rows_with_reserves_a_closed_hole_and_a_round() {
    let mut b = start(&fixture("two_rows"), &["stores=false"]);
    b.seeds[0] = 0;
    b.closed[0] = true;
    b.seeds[5] = 11;
    b.reserves = vec![7, 12];
    b.vars[0] = 2;
    b.to_move = 2;
    insta::assert_snapshot!(picture(&b, PLAIN));
}

#[test]
fn square_with_rumas_and_penalties() {
    let mut b = start(&fixture("square"), &[]);
    // Pits: S1-3 = 0-2, ruma S = 3, E1-3 = 4-6, ruma E = 7, N1-3 = 8-10, ruma N = 11,
    // W1-3 = 12-14, ruma W = 15.
    for (p, n) in [
        (0, 1),
        (1, 0),
        (2, 3),
        (3, 10),
        (4, 4),
        (7, 11),
        (8, 5),
        (11, 12),
        (12, 6),
        (15, 13),
    ] {
        b.seeds[p] = n;
    }
    b.closed[1] = true;
    b.counters = vec![0, 2, 0, 11];
    b.to_move = 3;
    insta::assert_snapshot!(picture(&b, PLAIN));
}

#[test]
fn square_marked_ruma() {
    let b = start(&fixture("square"), &[]);
    let text = picture_marked(&b, PLAIN, Some(7));
    assert!(text.contains("*[0]"), "{text}");
    assert_eq!(text.matches('*').count(), 1, "{text}");
}

#[test]
fn colour_only_when_asked() {
    let b = start(&fixture("two_rows"), &[]);
    let plain = picture(&b, PLAIN);
    assert!(!plain.contains('\x1b'));
    let colour = picture_marked(&b, Style { colour: true }, Some(1)).replace('\x1b', "\\e");
    insta::assert_snapshot!(colour);
}
