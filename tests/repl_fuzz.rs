//! Random command lines into the REPL's command handler: it never panics, and a command that fails
//! leaves the game exactly as it was.

use proptest::prelude::*;
use sowlab::repl::{handle, Outcome, Session};
use sowlab::RulePath;

/// Command words (and aliases), garbage words and moves; `save` is left out so the fuzzer writes
/// no files.
const WORDS: &[&str] = &[
    "show",
    "moves",
    "play",
    "p",
    "undo",
    "u",
    "redo",
    "history",
    "goto",
    "trace",
    "step",
    "new",
    "set",
    "options",
    "rules",
    "load",
    "reload",
    "back",
    "eval",
    "=",
    "json",
    "help",
    "ai",
    "hint",
    "1",
    "2",
    "3",
    "4",
    "S3",
    "N1",
    "0",
    "-1",
    "99",
    "holes=3",
    "seeds=7",
    "holes=x",
    "raja_pasu",
    "ruma",
    "tchuka_ruma",
    "kalah",
    "nope",
    "undoo",
    "game.pits[0]",
    "1/0",
    "loop{}",
    "\u{7}",
    "\u{1b}[A",
    "é",
    "",
];

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => proptest::sample::select(WORDS).prop_map(str::to_string),
        1 => "[ -~]{0,12}",
        1 => proptest::collection::vec(any::<char>(), 0..8).prop_map(|v| v.into_iter().collect()),
    ]
}

fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => proptest::collection::vec(word(), 1..4).prop_map(|w| w.join(" ")),
        1 => "[ -~]{1000,3000}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_lines_never_panic_and_failures_change_nothing(
        lines in proptest::collection::vec(line(), 1..12)
    ) {
        let mut s = Session::new(RulePath::builtin(), "tchuka_ruma", &[], None).unwrap();
        for l in &lines {
            let before = (s.spec.clone(), s.game.state(), s.game.moves(), s.game.undone.len());
            let mut out = Vec::new();
            let o = handle(l, &mut s, &mut out);
            let text = String::from_utf8_lossy(&out);
            if o == Outcome::Failed {
                let after = (s.spec.clone(), s.game.state(), s.game.moves(), s.game.undone.len());
                prop_assert_eq!(&before, &after, "line {:?} failed but changed the game", l);
                prop_assert_eq!(text.trim_end().lines().count(), 1, "line {:?}: {}", l, text);
            }
            if o == Outcome::Quit {
                break;
            }
        }
    }
}
