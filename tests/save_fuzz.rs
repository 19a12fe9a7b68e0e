//! The save-file loader (`load FILE` in the REPL) on hostile input: random bytes, every truncation
//! of a good file, single-byte mutations, and hand-made bad files. It must never panic and must
//! answer every bad input with a one-line error.

use std::path::PathBuf;

use proptest::prelude::*;
use sowlab::repl::save::{restore, to_save};
use sowlab::Game;

fn rules_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules")
}

/// A good save file: Tchuka Ruma after two moves.
fn good() -> String {
    let dir = rules_dir();
    let rule = std::sync::Arc::new(sowlab::Rule::load("tchuka_ruma", &dir).unwrap());
    let opts = rule.resolve_options(&["holes=5"]).unwrap();
    let mut g = Game::new(rule, opts).unwrap();
    g.play_all(&["4", "1"]).unwrap();
    sowlab::yaml::to_string(&to_save("tchuka_ruma", None, &g)).unwrap()
}

fn check(bytes: &[u8]) -> Result<(), String> {
    match restore(bytes, &rules_dir(), None) {
        Ok(_) => Ok(()),
        Err(e) => {
            let line = e.one_line();
            if line.contains('\n') || line.is_empty() {
                panic!("not a one-line error: {line:?}");
            }
            Err(line)
        }
    }
}

#[test]
fn the_good_file_loads_and_every_truncation_is_handled() {
    let text = good();
    let full = restore(text.as_bytes(), &rules_dir(), None).expect("the good file loads");
    let mut loaded = Vec::new();
    for cut in 0..text.len() {
        let part = &text.as_bytes()[..cut];
        let _ = check(part);
        if let Ok(l) = restore(part, &rules_dir(), None) {
            // A cut may still load only when it means the same game: the file ends with
            // `winner: null`, and a missing or empty `winner` is null too.
            assert_eq!(l.game.state(), full.game.state(), "cut at {cut}");
            assert_eq!(l.game.moves(), full.game.moves(), "cut at {cut}");
            loaded.push(cut);
        }
    }
    let winner_line = text
        .rfind("\n  winner: null")
        .expect("the file ends with winner");
    assert!(loaded.iter().all(|&c| c >= winner_line), "{loaded:?}");
    assert!(!loaded.is_empty());
}

#[test]
fn hand_made_bad_files_fail_with_one_line() {
    let g = good();
    let bad = [
        "".to_string(),
        "sowlab: 2\n".to_string(),
        g.replace("sowlab: 1", "sowlab: 99"),
        g.replace("rule: tchuka_ruma", "rule: ../../etc/passwd"),
        g.replace("rule: tchuka_ruma", "rule: nope"),
        g.replace("holes: 5", "holes: 500"),
        g.replace("holes: 5", "holes: -1"),
        g.replace("holes: 5", "holes: many"),
        g.replace("seeds: 2", "seeds: 2\n  extra: 1"),
        g.replace("- '4'", "- '44'"),
        g.replace("- '4'", "- \"\\e[2J\""),
        g.replace("to_move: 1", "to_move: 7"),
        g.replace("sowlab: 1", "sowlab: 1\nstart: {pits: [1, 2]}"),
        g.replace("sowlab: 1", "sowlab: 1\nstart: {pits: [-1, 2, 2, 2, 2]}"),
        g.replace("sowlab: 1", "sowlab: 1\nstart: {pits: [9223372036854775807, 2, 2, 2, 2]}"),
        g.replace("sowlab: 1", "sowlab: 1\nstart: {pits: [2, 2, 2, 2, 2], to_move: 0}"),
        g.replace("sowlab: 1", "sowlab: 1\nstart: {pits: [0, 2, 2, 2, 2], closed: [99]}"),
        g.replace("sowlab: 1", "sowlab: 1\nmystery: true"),
        "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[".to_string(),
        "a: &a [*a, *a]\n".to_string(),
        "sowlab: 1\nrule: tchuka_ruma\nmoves: !!binary aGVsbG8=\n".to_string(),
    ];
    for b in &bad {
        assert!(check(b.as_bytes()).is_err(), "should fail:\n{b}");
    }
    let e = check(g.replace("- '4'", "- '44'").as_bytes()).unwrap_err();
    assert!(e.contains("44"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = check(&bytes);
    }

    #[test]
    fn yaml_like_text_never_panics(text in "[a-z_:\\- \\[\\]{}0-9',\n]{0,300}") {
        let _ = check(text.as_bytes());
    }

    #[test]
    fn one_byte_changed_never_panics(pos in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let mut bytes = good().into_bytes();
        let i = pos.index(bytes.len());
        bytes[i] = byte;
        let _ = check(&bytes);
    }
}
