//! Children (`pipeline: children:`), the first seed back into the emptied hole
//! (`sowing: first_seed_back`) and sowing past the opponents' children (`sowing: pass_children`),
//! each played from a position: the position after one move.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::sync::Arc;

use sowlab::{Game, Position, Rule};

/// A 2 x 4 board with stores, the given `sowing:` and `children:` keys (YAML flow maps' insides),
/// an even capture on the opponent's side, and a majority end.
fn rule(sowing: &str, children: &str) -> (tempfile::TempDir, Arc<Rule>) {
    let dir = tempfile::tempdir().unwrap();
    let text = format!(
        "name: kids\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 4, seeds: 3 }}\n    - {{ store: store S, owner: 1 }}\n    - {{ row: N, owner: 2, holes: 4, seeds: 3 }}\n    - {{ store: store N, owner: 2 }}\nsowing: {{ stores: none{}{sowing} }}\npipeline:\n  capture:\n    chain: {{ counts: [], even: true, side: opponent, max: 1 }}\n{}  end:\n    - {{ when: majority, then: most_seeds }}\n    - {{ when: no_move, sweep: owners, then: most_seeds }}\n",
        if sowing.is_empty() { "" } else { ", " },
        if children.is_empty() {
            String::new()
        } else {
            format!("  children: {{ {children} }}\n")
        }
    );
    let path = dir.path().join("kids.yaml");
    std::fs::write(&path, text).unwrap();
    let r = Rule::load(path.to_str().unwrap(), dir.path())
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    (dir, Arc::new(r))
}

/// The game from a position (pits in canonical order: S1..S4, N1..N4), then `mv` played.
fn after(
    r: &Arc<Rule>,
    pits: [i64; 8],
    stores: [i64; 2],
    children: Option<[Option<usize>; 8]>,
    to_move: usize,
    mv: &str,
) -> sowlab::StateJson {
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let pos = Position {
        pits: pits.to_vec(),
        stores: Some(stores.to_vec()),
        children: children.map(|c| c.to_vec()),
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
fn the_first_seed_falls_back_into_the_emptied_hole() {
    let (_d, r) = rule("first_seed_back: true", "");
    // S2 holds 3: one stays, S3 and S4 get one each.
    let s = after(&r, [1, 3, 1, 1, 1, 1, 1, 1], [0, 0], None, 1, "2");
    assert_eq!(s.pits, vec![1, 1, 2, 2, 1, 1, 1, 1]);
    // A single seed moves on to the next hole (N1's 3 is odd: no capture).
    let s = after(&r, [1, 1, 1, 1, 2, 1, 1, 1], [0, 0], None, 1, "4");
    assert_eq!(s.pits, vec![1, 1, 1, 0, 3, 1, 1, 1]);
    // Without it the hole is emptied: S3, S4, N1 get one each (N1's 2 is captured).
    let (_d2, plain) = rule("", "");
    let s = after(&plain, [1, 3, 1, 1, 1, 1, 1, 1], [0, 0], None, 1, "2");
    assert_eq!(s.pits, vec![1, 0, 2, 2, 0, 1, 1, 1]);
    assert_eq!(s.stores, vec![2, 0]);
}

#[test]
fn a_last_seed_making_the_count_makes_a_child_instead_of_a_capture() {
    let (_d, r) = rule("", "make_when_last_makes: [2], side: opponent");
    // S4's seed makes 2 in N1: N1 becomes South's child, nothing is captured.
    let s = after(&r, [1, 1, 1, 1, 1, 1, 1, 1], [0, 0], None, 1, "4");
    assert_eq!(s.pits, vec![1, 1, 1, 0, 2, 1, 1, 1]);
    assert_eq!(s.stores, vec![0, 0]);
    let c = s.children.expect("a game with children shows them");
    assert_eq!(c, vec![None, None, None, None, Some(1), None, None, None]);
    // On South's own side it is no child (side: opponent): S3's seed makes 2 in S4.
    let s = after(&r, [1, 1, 1, 1, 1, 1, 1, 1], [0, 0], None, 1, "3");
    assert_eq!(s.children.unwrap(), NONE.to_vec());
    assert_eq!(s.pits, vec![1, 1, 0, 2, 1, 1, 1, 1]);
    // North's N4 makes 2 in S1, South's: North's child.
    let s = after(&r, [1, 1, 1, 1, 1, 1, 1, 1], [0, 0], None, 2, "4");
    assert_eq!(s.children.unwrap()[0], Some(2));
    assert_eq!(s.stores, vec![0, 0]);
}

#[test]
fn a_child_is_not_played_captured_or_made_twice_and_its_seeds_count_for_its_owner() {
    let (_d, r) = rule(
        "",
        "make_when_last_makes: [2], side: opponent, one_each: true",
    );
    let n1 = [None, None, None, None, Some(1), None, None, None];
    let kid = Some(n1);
    // North cannot play N1, South's child.
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let pos = Position {
        pits: vec![1, 1, 1, 1, 5, 1, 1, 1],
        stores: Some(vec![0, 0]),
        children: kid.map(|c| c.to_vec()),
        to_move: Some(2),
        ..Position::default()
    };
    let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
    assert!(g.play("1").is_err(), "a child is played from");
    assert!(g.play("2").is_ok());
    // A seed sown into a child stays there; an even count in it is not captured.
    let s = after(&r, [1, 1, 1, 1, 1, 1, 1, 1], [0, 0], kid, 1, "4");
    assert_eq!(s.pits, vec![1, 1, 1, 0, 2, 1, 1, 1]);
    assert_eq!(s.stores, vec![0, 0]);
    // One each: a second one is not made (N2's 2 is captured instead).
    let s = after(&r, [1, 1, 1, 2, 1, 1, 1, 1], [0, 0], kid, 1, "4");
    assert_eq!(s.children.unwrap(), n1.to_vec());
    assert_eq!(s.pits, vec![1, 1, 1, 0, 2, 0, 1, 1]);
    assert_eq!(s.stores, vec![2, 0]);
    // The child's seeds count for South: 7 of the 14 seeds are not more than half; the 8th,
    // sown into it, makes South win at once.
    let s = after(&r, [1, 1, 1, 1, 7, 1, 1, 1], [0, 0], kid, 1, "4");
    assert_eq!(s.pits, vec![1, 1, 1, 0, 8, 1, 1, 1]);
    assert!(s.over, "{s:?}");
    assert_eq!(s.winner, Some(1));
}

#[test]
fn where_children_may_be_made() {
    // Only N2 and N3 on the opponent's row.
    let (_d, r) = rule(
        "",
        "make_when_last_makes: [2], side: opponent, opponent_holes: [2, 3]",
    );
    let s = after(&r, [1, 1, 1, 1, 1, 1, 1, 1], [0, 0], None, 1, "4");
    assert_eq!(s.children.unwrap(), NONE.to_vec(), "N1 is not allowed");
    let s = after(&r, [1, 1, 1, 2, 1, 1, 1, 1], [0, 0], None, 1, "4");
    assert_eq!(s.children.unwrap()[5], Some(1), "N2 is");
    // Not facing a child: N1 faces S4.
    let (_d, r) = rule("", "make_when_last_makes: [2], not_facing_a_child: true");
    let s4 = Some([None, None, None, Some(2), None, None, None, None]);
    let s = after(&r, [1, 1, 1, 1, 1, 1, 1, 1], [0, 0], None, 1, "4");
    assert_eq!(s.children.unwrap()[4], Some(1));
    let s = after(&r, [1, 1, 2, 1, 1, 1, 1, 1], [0, 0], s4, 1, "3");
    assert_eq!(s.children.unwrap()[4], None, "S4 is a child, N1 faces it");
    // Not numbered as a child on the other row: N1 and S1.
    let (_d, r) = rule(
        "",
        "make_when_last_makes: [2], not_same_number_as_a_child: true",
    );
    let s1 = Some([Some(2), None, None, None, None, None, None, None]);
    let s = after(&r, [1, 1, 1, 1, 1, 1, 1, 1], [0, 0], s1, 1, "4");
    assert_eq!(
        s.children.unwrap()[4],
        None,
        "S1 is a child, N1 has its number"
    );
    let s = after(&r, [1, 1, 1, 2, 1, 1, 1, 1], [0, 0], s1, 1, "4");
    assert_eq!(s.children.unwrap()[5], Some(1), "N2 is free");
}

#[test]
fn sowing_passes_the_opponents_children() {
    let n2 = Some([None, None, None, None, None, Some(2), None, None]);
    // S4 with 3 seeds: N1, (N2 is North's child: passed), N3, N4.
    let (_d, r) = rule("pass_children: opponents", "make_when_last_makes: [9]");
    let s = after(&r, [1, 1, 1, 3, 1, 1, 1, 2], [0, 0], n2, 1, "4");
    assert_eq!(s.pits, vec![1, 1, 1, 0, 2, 1, 2, 3]);
    // But the last seed: S4 with 2 seeds: N1, then the last into N2.
    let (_d, r) = rule(
        "pass_children: opponents_but_last",
        "make_when_last_makes: [9]",
    );
    let s = after(&r, [1, 1, 1, 2, 0, 1, 1, 1], [0, 0], n2, 1, "4");
    assert_eq!(s.pits, vec![1, 1, 1, 0, 1, 2, 1, 1]);
    // A sower's own children get seeds: North sowing N1 (2 seeds) into N2 and N3.
    let (_d, r) = rule("pass_children: opponents", "make_when_last_makes: [9]");
    let s = after(&r, [1, 1, 1, 1, 2, 1, 1, 1], [0, 0], n2, 2, "1");
    assert_eq!(s.pits, vec![1, 1, 1, 1, 0, 2, 2, 1]);
}

#[test]
fn a_game_without_children_shows_no_children_array() {
    let (_d, r) = rule("", "");
    let s = after(&r, [1, 1, 1, 1, 1, 1, 1, 1], [0, 0], None, 1, "1");
    assert!(s.children.is_none());
    let json = serde_json::to_string(&s).unwrap();
    assert!(!json.contains("children"), "{json}");
    // With children: an array as long as the pits, null or the owner's number.
    let (_d, r) = rule("", "make_when_last_makes: [2], side: opponent");
    let s = after(&r, [1, 1, 1, 1, 1, 1, 1, 1], [0, 0], None, 1, "4");
    let json = serde_json::to_string(&s).unwrap();
    assert!(
        json.contains(r#""children":[null,null,null,null,1,null,null,null]"#),
        "{json}"
    );
    // Children given to a game without them are refused in one line.
    let (_d, r) = rule("", "");
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let pos = Position {
        pits: vec![1; 8],
        children: Some(vec![None; 8]),
        ..Position::default()
    };
    let e = Game::with_position(r, opts, &pos).err().unwrap().one_line();
    assert!(
        e.contains("`children` given, but this game has no children"),
        "{e}"
    );
}

#[test]
fn bad_children_keys_are_one_line_errors_naming_the_key() {
    let dir = tempfile::tempdir().unwrap();
    for (children, want) in [
        ("make_when_last_makes: [3], side: sideways", "sideways"),
        (
            "make_when_last_makes: [3], own_holes: [7]",
            "own_holes: no hole 7 (holes are numbered 1 to",
        ),
        (
            "make_when_last_makes: []",
            "make_when_last_makes needs at least one count",
        ),
        ("make_on: [3]", "make_on"),
        (
            "make_when_last_makes: [3], end_gains: board",
            "end_gains: board needs captures_into_child: true",
        ),
        (
            "make_when_last_makes: [3], captures_into_child: true, end_gains: holes",
            "holes",
        ),
    ] {
        let text = format!(
            "name: kids\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 4, seeds: 3 }}\n    - {{ row: N, owner: 2, holes: 4, seeds: 3 }}\npipeline:\n  children: {{ {children} }}\n  end:\n    - {{ when: no_move, then: most_seeds }}\n"
        );
        let path = dir.path().join("kids.yaml");
        std::fs::write(&path, text).unwrap();
        let e = Rule::load(path.to_str().unwrap(), dir.path())
            .err()
            .unwrap_or_else(|| panic!("{children}: loaded"))
            .one_line();
        assert!(e.contains(want), "{children}: {e}");
        assert!(!e.contains('\n'));
    }
}

#[test]
fn the_board_picture_marks_children_and_names_their_owners() {
    let (_d, r) = rule("", "make_when_last_makes: [2], side: opponent");
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let pos = Position {
        pits: vec![1, 1, 1, 1, 1, 1, 1, 1],
        stores: Some(vec![0, 0]),
        to_move: Some(1),
        ..Position::default()
    };
    let mut g = Game::with_position(r, opts, &pos).unwrap();
    let before = sowlab::render::picture(&g.board(), Default::default());
    assert!(!before.contains("children"), "{before}");
    g.play("4").unwrap();
    let pic = sowlab::render::picture(&g.board(), Default::default());
    assert!(pic.contains("2'"), "{pic}");
    assert!(pic.contains("children' N1 (player 1)"), "{pic}");
}

#[test]
fn a_last_seed_in_an_opponents_child_takes_seeds_from_it() {
    let (_d, r) = rule(
        "",
        "make_when_last_makes: [9], last_in_opponents_child_takes: 2",
    );
    let n1 = Some([None, None, None, None, Some(2), None, None, None]);
    // S4's seed makes 6 in N1, North's child: South takes 2 of them, and no even capture.
    let s = after(&r, [1, 1, 1, 1, 5, 1, 1, 1], [0, 0], n1, 1, "4");
    assert_eq!(s.pits, vec![1, 1, 1, 0, 4, 1, 1, 1]);
    assert_eq!(s.stores, vec![2, 0]);
    // A child holding one after the seed gives that one.
    let s = after(&r, [1, 1, 1, 1, 0, 1, 1, 1], [0, 0], n1, 1, "4");
    assert_eq!(s.pits, vec![1, 1, 1, 0, 0, 1, 1, 1]);
    assert_eq!(s.stores, vec![1, 0]);
    // His own child gives him nothing: North's N4 sows S1 to S4 and its last seed into N1.
    let s = after(&r, [1, 1, 1, 1, 1, 1, 1, 5], [0, 0], n1, 2, "4");
    assert_eq!(s.pits, vec![2, 2, 2, 2, 2, 1, 1, 0]);
    assert_eq!(s.stores, vec![0, 0]);
}

#[test]
fn start_children_and_captures_into_a_child() {
    // No stores: a board of reserves. Each player's hole 4 is his child from the start; an
    // even capture goes into the capturer's child.
    let dir = tempfile::tempdir().unwrap();
    let text = "name: kids\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 4, seeds: 3 }\n    - { row: N, owner: 2, holes: 4, seeds: 3 }\npipeline:\n  capture:\n    chain: { counts: [], even: true, side: opponent, max: 1 }\n  children: { make_when_last_makes: [], start_holes: [4], captures_into_child: true }\n  end:\n    - { when: no_move, sweep: owners, then: most_seeds }\n";
    let path = dir.path().join("kids.yaml");
    std::fs::write(&path, text).unwrap();
    let r = Arc::new(Rule::load(path.to_str().unwrap(), dir.path()).unwrap());
    let opts = r.resolve_options(&[] as &[&str]).unwrap();
    let g = Game::new(r.clone(), opts.clone()).unwrap();
    let kids = vec![None, None, None, Some(1), None, None, None, Some(2)];
    assert_eq!(g.state().children.unwrap(), kids);
    // S2's 3 seeds: S3, S4 (his child), N1 making 2: captured into S4.
    let pos = Position {
        pits: vec![1, 3, 1, 0, 1, 1, 1, 0],
        to_move: Some(1),
        ..Position::default()
    };
    let mut g = Game::with_position(r.clone(), opts.clone(), &pos).unwrap();
    g.play("2").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![1, 0, 2, 3, 0, 1, 1, 0]);
    assert_eq!(s.stores, vec![0, 0]);
    // At the end the seeds swept go into the children: North cannot move (his only seeds in
    // his child): South's S1 goes into S4.
    let pos = Position {
        pits: vec![2, 0, 1, 0, 0, 0, 0, 5],
        to_move: Some(1),
        ..Position::default()
    };
    let mut g = Game::with_position(r, opts, &pos).unwrap();
    g.play("3").unwrap();
    let s = g.state();
    assert!(s.over, "{s:?}");
    assert_eq!(s.pits, vec![0, 0, 0, 3, 0, 0, 0, 5]);
    assert_eq!(s.stores, vec![0, 0]);
    assert_eq!(s.winner, Some(2));
}
