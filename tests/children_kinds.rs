//! The other kinds of children (`pipeline: children:`): a pair with the hole sown before
//! (`pair_with_hole_before`), a pair across the board (`last_in_empty_facing`), children of
//! nobody while a hole holds a round (`nobodys_while_holding_a_round`); the cross capture that
//! goes on while the next hole is empty (`opposite: go_on_while_next_empty`); and children at a
//! round's end. Each played from a position: the position after one move.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::sync::Arc;

use sowlab::{Game, Position, Rule};

/// A rule from its YAML text (loaded from a temporary folder).
fn load(text: &str) -> (tempfile::TempDir, Arc<Rule>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kids.yaml");
    std::fs::write(&path, text).unwrap();
    let r = Rule::load(path.to_str().unwrap(), dir.path())
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    (dir, Arc::new(r))
}

/// The YAML of a 2 x 4 board (3 seeds a hole, stores not sown), the `capture:` block's insides
/// and the `children:` keys, with a majority end.
fn text(capture: &str, children: &str) -> String {
    format!(
        "name: kids\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 4, seeds: 3 }}\n    - {{ store: store S, owner: 1 }}\n    - {{ row: N, owner: 2, holes: 4, seeds: 3 }}\n    - {{ store: store N, owner: 2 }}\nsowing: {{ stores: none }}\npipeline:\n  capture:\n    {capture}\n  children: {{ {children} }}\n  end:\n    - {{ when: majority, then: most_seeds }}\n    - {{ when: no_move, sweep: owners, then: most_seeds }}\n"
    )
}

fn rule(capture: &str, children: &str) -> (tempfile::TempDir, Arc<Rule>) {
    load(&text(capture, children))
}

/// An even capture on the opponent's side (the capture the children replace).
const EVENS: &str = "chain: { counts: [], even: true, side: opponent, max: 1 }";

/// The game from a position (pits in canonical order: S1..S4, N1..N4), then `mv` played.
fn after(
    r: &Arc<Rule>,
    pits: [i64; 8],
    children: [Option<usize>; 8],
    to_move: usize,
    mv: &str,
) -> sowlab::StateJson {
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let pos = Position {
        pits: pits.to_vec(),
        stores: Some(vec![0, 0]),
        children: Some(children.to_vec()),
        to_move: Some(to_move),
        ..Position::default()
    };
    let mut g =
        Game::with_position(r.clone(), opts, &pos).unwrap_or_else(|e| panic!("{}", e.one_line()));
    g.play(mv)
        .unwrap_or_else(|e| panic!("{mv}: {}", e.one_line()));
    g.state()
}

const NONE: [Option<usize>; 8] = [None; 8];

#[test]
fn a_last_hole_and_the_hole_sown_before_it_holding_one_less_and_the_count_are_a_pair() {
    let (_d, r) = rule(
        EVENS,
        "make_when_last_makes: [3], pair_with_hole_before: true",
    );
    // S1's two seeds make 2 in S2 and 3 in S3: both become South's children.
    let s = after(&r, [2, 1, 2, 0, 1, 1, 1, 1], NONE, 1, "1");
    assert_eq!(s.pits, vec![0, 2, 3, 0, 1, 1, 1, 1]);
    let kids = vec![None, Some(1), Some(1), None, None, None, None, None];
    assert_eq!(s.children.unwrap(), kids);
    // Either way round: 3 in S2, 2 in S3.
    let s = after(&r, [2, 2, 1, 0, 1, 1, 1, 1], NONE, 1, "1");
    assert_eq!(s.children.unwrap(), kids);
    // The hole before holding another count: the last hole alone (it makes 3).
    let s = after(&r, [2, 0, 2, 0, 1, 1, 1, 1], NONE, 1, "1");
    let one = vec![None, None, Some(1), None, None, None, None, None];
    assert_eq!(s.children.unwrap(), one);
    // A hole before that is a child already is no pair: the last hole alone.
    let mut s2 = NONE;
    s2[1] = Some(2);
    let s = after(&r, [2, 1, 2, 0, 1, 1, 1, 1], s2, 1, "1");
    assert_eq!(
        s.children.unwrap(),
        vec![None, Some(2), Some(1), None, None, None, None, None]
    );
    // Without the pair, 2 and 3 make only the last hole a child.
    let (_d2, plain) = rule(EVENS, "make_when_last_makes: [3]");
    let s = after(&plain, [2, 1, 2, 0, 1, 1, 1, 1], NONE, 1, "1");
    assert_eq!(s.children.unwrap(), one);
}

#[test]
fn a_last_seed_in_an_empty_hole_facing_the_count_makes_both_holes_children() {
    let (_d, r) = rule(
        "opposite: { take_last: true }",
        "make_when_last_makes: [], last_in_empty_facing: 3, side: own",
    );
    // S1's seed falls into the empty S2, which faces N3 (3 seeds): both South's, no capture.
    let s = after(&r, [1, 0, 1, 1, 1, 1, 3, 1], NONE, 1, "1");
    assert_eq!(s.pits, vec![0, 1, 1, 1, 1, 1, 3, 1]);
    assert_eq!(s.stores, vec![0, 0]);
    assert_eq!(
        s.children.unwrap(),
        vec![None, Some(1), None, None, None, None, Some(1), None]
    );
    // Facing 2 seeds: no child; the cross capture takes N3 and the last seed.
    let s = after(&r, [1, 0, 1, 1, 1, 1, 2, 1], NONE, 1, "1");
    assert_eq!(s.children.unwrap(), NONE.to_vec());
    assert_eq!(s.pits, vec![0, 0, 1, 1, 1, 1, 0, 1]);
    assert_eq!(s.stores, vec![3, 0]);
    // side: own: North's last seed in South's empty S2 (facing N3 of 3) makes nothing.
    let s = after(&r, [1, 0, 1, 1, 1, 1, 3, 2], NONE, 2, "4");
    assert_eq!(s.pits, vec![2, 1, 1, 1, 1, 1, 3, 0]);
    assert_eq!(s.children.unwrap(), NONE.to_vec());
}

#[test]
fn a_hole_holding_a_round_is_a_child_of_nobody_while_it_does() {
    let (_d, r) = rule(
        "opposite: { take_last: true }",
        "make_when_last_makes: [], nobodys_while_holding_a_round: true",
    );
    // From S4, a round back into South's row takes 5 seeds (N1..N4, S1): S3's seed makes 5
    // in S4, a child of nobody (0 in the state).
    let s = after(&r, [1, 1, 1, 4, 1, 1, 1, 1], NONE, 1, "3");
    assert_eq!(s.pits, vec![1, 1, 0, 5, 1, 1, 1, 1]);
    assert_eq!(
        s.children.unwrap(),
        vec![None, None, None, Some(0), None, None, None, None]
    );
    // From S1 it takes 8 (S2..S4, N1..N4, S1): 7 is not enough.
    let s = after(&r, [7, 1, 1, 1, 1, 1, 1, 2], NONE, 2, "4");
    assert_eq!(s.pits[0], 8);
    assert_eq!(s.children.unwrap()[0], Some(0));
    // A child of nobody holding fewer is a plain hole again; it is never played from.
    let mut n4 = NONE;
    n4[7] = Some(0);
    let s = after(&r, [1, 1, 1, 1, 1, 1, 1, 5], n4, 2, "3");
    assert_eq!(
        s.children.unwrap(),
        n4.to_vec(),
        "N4 holds 6, still a round"
    );
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let pos = Position {
        pits: vec![1, 1, 1, 1, 1, 1, 1, 5],
        stores: Some(vec![0, 0]),
        children: Some(n4.to_vec()),
        to_move: Some(2),
        ..Position::default()
    };
    let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
    assert!(g.play("4").is_err(), "a child of nobody is played from");
    // Captures take it like any hole: S1's seed in the empty S2 takes N3 (a child of nobody).
    let mut n3 = NONE;
    n3[6] = Some(0);
    let s = after(&r, [1, 0, 1, 1, 1, 1, 6, 1], n3, 1, "1");
    assert_eq!(s.pits, vec![0, 0, 1, 1, 1, 1, 0, 1]);
    assert_eq!(s.stores, vec![7, 0]);
    assert_eq!(s.children.unwrap(), NONE.to_vec());
    // Its seeds count for no one: North, with only nobody's child N4 (12), has no move; South's
    // one seed swept wins 1 to 0, the 12 stay where they are.
    let mut n4 = NONE;
    n4[7] = Some(0);
    let s = after(&r, [1, 0, 0, 0, 0, 0, 0, 12], n4, 1, "1");
    assert!(s.over);
    assert_eq!(s.winner, Some(1));
    assert_eq!(s.pits[7], 12);
    assert_eq!(s.stores, vec![1, 0]);
}

#[test]
fn a_cross_capture_goes_on_while_the_next_hole_is_empty() {
    let (_d, r) = rule(
        "opposite: { take_last: true, go_on_while_next_empty: true }",
        "make_when_last_makes: [9]",
    );
    // S1's seed in the empty S2 takes N3 and itself, then S3 is empty: N2 too; S4 holds seeds.
    let s = after(&r, [1, 0, 0, 1, 2, 3, 4, 1], NONE, 1, "1");
    assert_eq!(s.pits, vec![0, 0, 0, 1, 2, 0, 0, 1]);
    assert_eq!(s.stores, vec![8, 0]);
    // It stops at a hole opposite that is empty.
    let s = after(&r, [1, 0, 0, 0, 2, 0, 4, 1], NONE, 1, "1");
    assert_eq!(s.pits, vec![0, 0, 0, 0, 2, 0, 0, 1]);
    assert_eq!(s.stores, vec![5, 0]);
    // Without it, only the hole opposite the last.
    let (_d2, one) = rule("opposite: { take_last: true }", "make_when_last_makes: [9]");
    let s = after(&one, [1, 0, 0, 1, 2, 3, 4, 1], NONE, 1, "1");
    assert_eq!(s.pits, vec![0, 0, 0, 1, 2, 3, 0, 1]);
}

#[test]
fn at_a_rounds_end_a_childs_seeds_go_to_its_owner_and_it_is_a_hole_again() {
    // 2 x 2 holes of 2 (no stores); a round ends when the player to move has no move.
    let (_d, r) = load(
        "name: kids\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 2, seeds: 2 }\n    - { row: N, owner: 2, holes: 2, seeds: 2 }\npipeline:\n  children: { make_when_last_makes: [5] }\n  end:\n    - { when: no_move, sweep: owners, then: round, starter: to_move }\n  rounds: { fill: 2, winner: most_seeds }\n",
    );
    // N1 is South's child with 4; South sows S2's seed into it (5). North has no move: the
    // round ends.
    let round = |north: i64| {
        let opts = r.resolve_options(&[] as &[&str]).unwrap();
        let pos = Position {
            pits: vec![0, 1, 4, 0],
            reserves: Some(vec![0, north]),
            children: Some(vec![None, None, Some(1), None]),
            to_move: Some(1),
            ..Position::default()
        };
        let mut g = Game::with_position(r.clone(), opts, &pos)
            .unwrap_or_else(|e| panic!("{}", e.one_line()));
        g.play("2").unwrap();
        g.state()
    };
    // North holding 4 can fill his holes: the child's 5 went to South, who fills his two
    // holes and keeps 1; North fills his with his 4; no child is left.
    let s = round(4);
    assert!(!s.over, "{s:?}");
    assert_eq!(s.pits, vec![2, 2, 2, 2]);
    assert_eq!(s.stores, vec![1, 0]);
    assert_eq!(s.children.unwrap(), vec![None; 4]);
    assert_eq!(s.to_move, Some(2));
    // North holding nothing cannot fill a hole (the child's seeds in his row are South's):
    // the match ends, won by South, the board as the round left it.
    let s = round(0);
    assert!(s.over, "{s:?}");
    assert_eq!(s.winner, Some(1));
    assert_eq!(s.pits, vec![0, 0, 5, 0]);
    assert_eq!(s.children.unwrap(), vec![None, None, Some(1), None]);
}

#[test]
fn bad_values_of_the_new_keys_are_one_line_errors() {
    let bad = |capture: &str, children: &str, want: &str| {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kids.yaml");
        std::fs::write(&path, text(capture, children)).unwrap();
        let e = Rule::load(path.to_str().unwrap(), dir.path())
            .map(|_| ())
            .expect_err(children);
        let line = e.one_line();
        assert!(!line.contains('\n'), "{line}");
        assert!(line.contains(want), "{children}: {line}");
    };
    bad(
        EVENS,
        "make_when_last_makes: [], last_in_empty_facing: -1",
        "last_in_empty_facing",
    );
    bad(
        EVENS,
        "make_when_last_makes: [2, 3], pair_with_hole_before: true",
        "pair_with_hole_before needs exactly one count",
    );
    bad(
        EVENS,
        "make_when_last_makes: [3], pair_with_hole_before: yes please",
        "pair_with_hole_before",
    );
    bad(
        "opposite: { go_on_while_next_empty: 3 }",
        "make_when_last_makes: [3]",
        "go_on_while_next_empty",
    );
    bad(
        EVENS,
        "make_when_last_makes: [], nobodys_while_holding_a_round: 1",
        "nobodys_while_holding_a_round",
    );
}
