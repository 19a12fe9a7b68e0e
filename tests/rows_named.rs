//! `this.rows_named = true`: a script whose players also move from holes of another's row has
//! its move labels name the row (`S3`, `N5`), so that each label names one hole for the mover.

mod common;

use common::*;

#[test]
fn a_script_naming_its_rows_labels_moves_with_the_row() {
    // Awagagae: holes won in the opponent's row are moved from in later rounds.
    let r = load("awagagae");
    let g = fresh_game(&r);
    assert_eq!(
        g.legal_labels().unwrap(),
        ["S1", "S2", "S3", "S4", "S5", "S6"]
    );
    // North's moves name his row too; seed 9 of Ludii's games: South's S2 relays on four
    // laps, North's N3 relays from S3 and N5, whose last counter makes four in S2: his hole.
    let mut g = g;
    play(&mut g, "S2 N3");
    let s = g.state();
    assert_eq!(s.pits, [8, 4, 0, 2, 7, 2, 7, 7, 1, 2, 0, 8], "{s:?}");
    assert_eq!(s.to_move, Some(1));
    assert_eq!(var(&g, "captured_2"), Some(1 << 1), "S2 (pit 1) is North's");
    // A rule whose players move only from their own rows keeps the plain numbers.
    let k = load("kalah");
    let g = fresh_game(&k);
    assert_eq!(g.legal_labels().unwrap(), ["1", "2", "3", "4", "5", "6"]);
}
