//! The complete example of `rules/README.md` ("Tutorial"): the README's code block must be the
//! fixture file, and the fixture must play as the README says.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::path::Path;
use std::sync::Arc;

use sowlab::Rule;
use sowlab::RulePath;
use sowlab::{Game, Position};

const FIXTURE: &str = "tests/fixtures/little_kalah.rhai";
const MARKER: &str = "<!-- file: tests/fixtures/little_kalah.rhai -->";

/// The ```rhai block that follows the marker line in the README.
fn readme_block() -> String {
    let readme = std::fs::read_to_string("rules/README.md").expect("rules/README.md");
    let at = readme
        .find(MARKER)
        .expect("the README marks the tutorial block");
    let rest = &readme[at + MARKER.len()..];
    let start = rest
        .find("```rhai\n")
        .expect("a ```rhai block after the marker")
        + "```rhai\n".len();
    let end = rest[start..].find("\n```").expect("the block is closed") + 1;
    rest[start..start + end].to_string()
}

fn little_kalah() -> Arc<Rule> {
    Arc::new(Rule::load(FIXTURE, RulePath::builtin()).expect("the fixture loads"))
}

#[test]
fn readme_block_is_the_fixture() {
    let fixture = std::fs::read_to_string(FIXTURE).expect("fixture");
    assert_eq!(
        readme_block(),
        fixture,
        "rules/README.md and {FIXTURE} differ: copy one onto the other"
    );
}

#[test]
fn tutorial_game_plays_as_the_readme_says() {
    let r = little_kalah();
    assert_eq!(r.meta.name, "Little Kalah");
    let mut g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    assert_eq!(g.state().pits, vec![3; 6]);
    g.play("1").unwrap();
    // Last seed in South's store: South moves again.
    assert_eq!(g.state().to_move, Some(1));
    assert_eq!(g.state().stores, vec![1, 0]);
    g.play_all(&["2", "1", "3"]).unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![2, 0, 0, 1, 2, 5]);
    assert_eq!(s.stores, vec![7, 1]);
    assert_eq!(s.to_move, Some(2));
    // The capture of N2 (4, even) is in the trace of South's second move.
    let texts: Vec<String> = g.history[1]
        .events
        .iter()
        .map(|e| e.describe(&g.board().layout))
        .collect();
    assert!(
        texts.contains(&"player 1 captures 4 from N2 (even)".to_string()),
        "{texts:?}"
    );
}

#[test]
fn tutorial_game_ends_when_the_mover_has_no_seeds() {
    // S3 (1) into South's store: South moves again but has no seeds: North's 4 go to North.
    let r = little_kalah();
    let opts = r.resolve_options::<&str>(&[]).unwrap();
    let pos = Position {
        pits: vec![0, 0, 1, 1, 3, 0],
        stores: Some(vec![6, 7]),
        to_move: Some(1),
        ..Position::default()
    };
    let mut g = Game::with_position(r, opts, &pos).unwrap();
    g.play("3").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![0; 6]);
    assert_eq!(s.stores, vec![7, 11]);
    assert!(s.over);
    assert_eq!(s.winner, Some(2));
}

#[test]
fn tutorial_options_work() {
    let r = little_kalah();
    let g = Game::new(
        r.clone(),
        r.resolve_options(&["holes=4", "seeds=2"]).unwrap(),
    )
    .unwrap();
    assert_eq!(g.state().pits, vec![2; 8]);
    assert!(r.resolve_options(&["holes=9"]).is_err());
    assert!(Path::new(FIXTURE).is_file());
}

/// Every primitive a rule script can call (registered by the script host, the files of
/// `src/engine/script/`) is documented in the rule guide.
#[test]
fn the_guide_documents_every_primitive() {
    let dir = "src/engine/script";
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect(dir)
        .map(|e| e.expect(dir).path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .collect();
    files.sort();
    let body: String = files
        .iter()
        .map(|p| std::fs::read_to_string(p).expect("a script host file"))
        .collect();
    let guide = std::fs::read_to_string("rules/README.md").expect("rules/README.md");
    let mut missing = Vec::new();
    let mut seen = 0;
    for marker in ["register_fn(", "register_get(", "register_set("] {
        for (i, _) in body.match_indices(marker) {
            let rest = body[i + marker.len()..].trim_start();
            let Some(name) = rest.strip_prefix('"').and_then(|r| r.split('"').next()) else {
                continue;
            };
            seen += 1;
            if ["to_string", "to_debug"].contains(&name) {
                continue;
            }
            if !guide.contains(&format!("`{name}")) && !guide.contains(&format!(".{name}")) {
                missing.push(name.to_string());
            }
        }
    }
    assert!(
        seen > 50,
        "found only {seen} primitives: did the file change shape?"
    );
    assert!(missing.is_empty(), "not in rules/README.md: {missing:?}");
}
