//! `children.plain_when_emptied` (Ludii's reading of Um el Banat, `rules/um_el_banat.yaml`): a
//! child that an opponent's take (`last_in_opponents_child_takes`) leaves empty is a plain hole
//! again; without it the child stays its owner's. From a position to the position after one
//! move.

use sowlab::{Game, Position};

mod common;
use common::load;

/// Um el Banat with `emptied_plain` set as given: South's S1 holds one counter, S2 is North's
/// child (marked hole) holding one, S4 one counter; North holds N6's one. South to move.
fn game(emptied_plain: bool) -> Game {
    let r = load("um_el_banat");
    let opts = r
        .resolve_options(&[format!("emptied_plain={emptied_plain}")])
        .unwrap();
    let mut children = vec![None; 12];
    children[1] = Some(2);
    let pos = Position {
        pits: vec![1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1],
        stores: Some(vec![20, 25]),
        children: Some(children),
        to_move: Some(1),
        ..Position::default()
    };
    Game::with_position(r, opts, &pos).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

#[test]
fn a_child_emptied_by_the_opponents_take_is_a_plain_hole_again() {
    // S1's counter makes North's S2 two: South takes both (R4), S2 is empty, and no longer
    // North's; South moves again.
    let mut g = game(true);
    g.play("1").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(s.stores, vec![22, 25]);
    assert_eq!(s.to_move, Some(1));
    assert_eq!(s.children.as_ref().map(|c| c[1]), Some(None));
}

#[test]
fn without_it_the_emptied_child_stays_its_owners() {
    let mut g = game(false);
    g.play("1").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1]);
    assert_eq!(s.stores, vec![22, 25]);
    assert_eq!(s.to_move, Some(1));
    assert_eq!(s.children.as_ref().map(|c| c[1]), Some(Some(2)));
}
