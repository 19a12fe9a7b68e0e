//! Fuzz targets (proptest, a bounded number of cases so that they run in seconds in a debug
//! build): the data-rule loader and the MancalaGames game-file reader, fed mutated copies of the
//! real rule files and game files, never panic and never hang; whatever they accept loads a board
//! and plays a couple of moves, or says why not in one line.

// Tests read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use sowlab::{Game, Rule};

fn files(dir: &Path, ext: &str) -> Vec<(PathBuf, String)> {
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .map(|p| {
            let t = std::fs::read_to_string(&p).unwrap();
            (p, t)
        })
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no .{ext} file in {}", dir.display());
    v
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Words a mutation inserts: keys of the vocabulary, numbers at and past the limits, YAML and
/// JSON punctuation.
const WORDS: &[&str] = &[
    "-1",
    "0",
    "1",
    "7",
    "64",
    "65",
    "1000000",
    "99999999999999999999",
    "-9223372036854775808",
    "1e308",
    "NaN",
    "null",
    "true",
    "[]",
    "{}",
    "[1, 2, 99]",
    "{ S: [9] }",
    ":",
    "- ",
    "\n",
    "  ",
    "\"",
    "'",
    "#",
    "&a",
    "*a",
    "!!binary",
    "holes",
    "seeds",
    "reverse_holes",
    "choose_direction",
    "own_holes",
    "start_holes",
    "opening",
    "capture",
    "chain",
    "counts",
    "relay",
    "rounds",
    "end",
    "when",
    "then",
    "limit",
    "pits",
    "row",
    "owner",
    "store",
    "track",
    "circuits",
    "$holes",
    "nbr_holes",
    "nbr_start",
    "sow_direct",
    "mlaps",
    "capt_on",
    "rounds",
    "game_info",
    "\u{0}",
    "\u{feff}",
    "é",
];

/// One edit of a text: delete a span, insert a word, replace a span by a word, or duplicate a
/// span (positions taken modulo the text's length, on char boundaries).
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, usize),
    Replace(usize, usize, usize),
    Duplicate(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1..40usize).prop_map(|(a, n)| Edit::Delete(a, n)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, w)| Edit::Insert(a, w)),
        (any::<usize>(), 1..12usize, any::<usize>()).prop_map(|(a, n, w)| Edit::Replace(a, n, w)),
        (any::<usize>(), 1..200usize).prop_map(|(a, n)| Edit::Duplicate(a, n)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut t: Vec<char> = text.chars().collect();
    for e in edits {
        let len = t.len().max(1);
        match *e {
            Edit::Delete(a, n) => {
                let a = a % len;
                let b = (a + n).min(t.len());
                t.drain(a.min(b)..b);
            }
            Edit::Insert(a, w) => {
                let a = a % (t.len() + 1);
                let word: Vec<char> = WORDS[w % WORDS.len()].chars().collect();
                t.splice(a..a, word);
            }
            Edit::Replace(a, n, w) => {
                let a = a % len;
                let b = (a + n).min(t.len());
                let word: Vec<char> = WORDS[w % WORDS.len()].chars().collect();
                t.splice(a.min(b)..b, word);
            }
            Edit::Duplicate(a, n) => {
                let a = a % len;
                let b = (a + n).min(t.len());
                let span: Vec<char> = t[a.min(b)..b].to_vec();
                t.splice(b..b, span);
            }
        }
    }
    t.into_iter().collect()
}

/// Loads `rule` with its default options and plays its first legal move twice at most: any
/// error is one line; what matters is that nothing panics or hangs.
fn exercise(rule: Rule) {
    let rule = std::sync::Arc::new(rule);
    let Ok(opts) = rule.resolve_options::<&str>(&[]) else {
        return;
    };
    let Ok(mut g) = Game::new(rule, opts) else {
        return;
    };
    for _ in 0..2 {
        let Ok(moves) = g.legal_labels() else { return };
        let Some(m) = moves.first().cloned() else {
            return;
        };
        if let Err(e) = g.play(&m) {
            assert!(!e.one_line().contains('\n'));
            return;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 160, max_shrink_iters: 200, ..ProptestConfig::default() })]

    #[test]
    fn mutated_data_rules_never_panic(pick in any::<usize>(), edits in proptest::collection::vec(edit(), 1..6)) {
        let rules = files(&root().join("rules"), "yaml");
        let (path, text) = &rules[pick % rules.len()];
        let text = apply(text, &edits);
        match Rule::data_from_text(text, path) {
            Ok(r) => exercise(r),
            Err(e) => prop_assert!(!e.one_line().is_empty()),
        }
    }

    #[test]
    fn mutated_mancalagames_files_never_panic(pick in any::<usize>(), edits in proptest::collection::vec(edit(), 1..6)) {
        let games = files(&root().join("tests/fixtures/mancalagames"), "txt");
        let (path, text) = &games[pick % games.len()];
        let text = apply(text, &edits);
        match sowlab::import::mancalagames::rule_text(path, &text) {
            Ok((yaml, _)) => {
                if let Ok(r) = Rule::data_from_text(yaml, &path.with_extension("yaml")) {
                    exercise(r);
                }
            }
            Err(e) => prop_assert!(!e.one_line().contains('\n'), "{}", e.one_line()),
        }
    }
}
