//! The REPL (`sowlab play`): a debugger for sowing. Play moves, undo and redo them, step through a
//! move seed by seed, look at the events lap by lap, save and load games, edit the rule file and
//! `reload` it to see the first move that now plays differently, and evaluate Rhai expressions on
//! the position.
//!
//! All command handling is the pure function [`handle`]: one line in, text out, the [`Session`]
//! changed only when the command succeeds. [`shell`] is the thin loop around it (rustyline on a
//! terminal, plain line-by-line reading otherwise). Commands live in the table [`COMMANDS`]; a new
//! command (e.g. `ai`, for computer players) is one more entry there.
//!
//! The files: this one holds the [`Session`] and the dispatch, plus the few helpers the command
//! files share; `commands.rs` the table and the line parser (and `help`, `quit`); then one file
//! per group of commands: `play.rs` (show, moves, play, ai, hint, undo, redo, history, goto),
//! `stepping.rs` (trace, step), `game_setup.rs` (new, set, back, options, rules), `files.rs`
//! (save, load, reload) and `inspect.rs` (eval, json). [`save`] is the saved-game format and
//! [`shell`] the terminal loop.

mod commands;
mod files;
mod game_setup;
mod inspect;
mod play;
pub mod save;
pub mod session;
pub mod shell;
mod stepper;
mod stepping;

pub use commands::{Command, COMMANDS, MAX_LINE};
pub use session::{Outcome, Session};

use std::io::Write;

use crate::error::Result;
use commands::Parsed;

/// Handles one line: runs the command, writes its output (errors as one `error: ...` line) and
/// says what the shell should do next. On error the session is left exactly as it was.
pub fn handle(line: &str, session: &mut Session, out: &mut impl Write) -> Outcome {
    let out: &mut dyn Write = out;
    let r = handle_inner(line, session, out);
    let _ = out.flush();
    match r {
        Ok(o) => o,
        Err(e) => {
            let _ = writeln!(out, "error: {}", e.one_line());
            // As on the command line: the script line and a caret under the column.
            if let Some(x) = e.excerpt() {
                let _ = writeln!(out, "{x}");
            }
            Outcome::Failed
        }
    }
}

fn handle_inner(line: &str, s: &mut Session, out: &mut dyn Write) -> Result<Outcome> {
    if s.step.is_some() {
        let r = stepping::stepping_input(line, s, out);
        s.step_ended = s.step.is_none();
        return r;
    }
    // A `q` typed right after a stepping ended is meant for the stepping, not the REPL.
    if std::mem::take(&mut s.step_ended) && line.trim() == "q" {
        writeln!(
            out,
            "the stepping is over: `q` again (or `quit`) leaves the REPL"
        )?;
        return Ok(Outcome::Done);
    }
    let parsed = match commands::parse(line) {
        // A rule's named move (`stop`, `left`) typed first is a move (a command's name is not
        // one: `parse` finds those).
        Err(_)
            if commands::line_ok(line)
                && line
                    .split_whitespace()
                    .next()
                    .is_some_and(|w| s.game.parse_move(w).is_some()) =>
        {
            Parsed::Moves(line.trim())
        }
        r => r?,
    };
    match parsed {
        Parsed::Empty => Ok(Outcome::Done),
        Parsed::Command(c, rest) => (c.run)(s, rest, out),
        Parsed::Moves(m) => play::cmd_play(s, m, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::replay::state_diff;
    use crate::engine::rule::library::RulePath;

    /// A fresh session of `tchuka_ruma` (the unit tests of every command file use it).
    pub(super) fn session() -> Session {
        Session::new(RulePath::builtin(), "tchuka_ruma", &[], None).expect("tchuka_ruma loads")
    }

    /// Handles `line`: what the shell should do and the text written.
    pub(super) fn run(s: &mut Session, line: &str) -> (Outcome, String) {
        let mut out = Vec::new();
        let o = handle(line, s, &mut out);
        (o, String::from_utf8(out).expect("utf-8"))
    }

    #[test]
    fn script_errors_show_the_source_line_and_a_caret() {
        // (removed with its files when `tmp` is dropped)
        let tmp = tempfile::Builder::new()
            .prefix("sowlab-excerpt-")
            .tempdir()
            .expect("temp dir");
        let dir = tmp.path().to_path_buf();
        crate::engine::base::files::create_dir_all(&dir).expect("temp dir");
        let f = dir.join("broken.rhai");
        crate::engine::base::files::write_fixture(
            &f,
            "fn setup() { this.players = 1; this.add_row(\"\", 1, 2, 1); }\n\
             fn play(pit) {\n    this.sow(pit);\n    let x = 1 + \"a\" * 2;\n}\n",
        )
        .expect("write");
        let mut s = Session::new(RulePath::builtin(), f.to_str().expect("utf-8"), &[], None)
            .expect("loads");
        let (o, text) = run(&mut s, "1");
        assert_eq!(o, Outcome::Failed);
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[0].starts_with(&format!("error: {}:4:", f.display())),
            "{text}"
        );
        assert_eq!(lines[1], " 4 |     let x = 1 + \"a\" * 2;", "{text}");
        assert!(
            lines[2].starts_with("   | ") && lines[2].ends_with('^'),
            "{text}"
        );
        assert_eq!(lines.len(), 3, "{text}");
    }

    #[test]
    fn named_moves_are_typed_like_holes() {
        let mut s = Session::new(RulePath::builtin(), "bao_la_kiswahili", &[], None)
            .expect("bao_la_kiswahili loads");
        let (o, _) = run(&mut s, "SI6");
        assert_eq!(o, Outcome::Done);
        let (_, text) = run(&mut s, "legal");
        assert!(text.contains("cw ccw"), "{text}");
        // The search orders named moves beside holes (it once read them as pits).
        let (o, text) = run(&mut s, "hint");
        assert_eq!(o, Outcome::Done, "{text}");
        assert!(text.contains("cw") || text.contains("ccw"), "{text}");
        // A named move alone on a line, or first of several.
        let (o, text) = run(&mut s, "ccw NI6 left");
        assert_eq!(o, Outcome::Done, "{text}");
        assert_eq!(s.game.moves(), ["SI6", "ccw", "NI6", "left"]);
        // Not a move now: the game's own error; not a move at all: an unknown command.
        let (o, text) = run(&mut s, "stop");
        assert_eq!(o, Outcome::Failed);
        assert!(text.contains("illegal move `stop`"), "{text}");
        let (o, text) = run(&mut s, "sideways");
        assert_eq!(o, Outcome::Failed);
        assert!(text.contains("unknown command `sideways`"), "{text}");
    }

    #[test]
    fn errors_leave_the_session_unchanged() {
        let mut s = session();
        run(&mut s, "4");
        let before = (s.game.state(), s.game.moves(), s.spec.clone());
        for bad in [
            "9",
            "play 1 9",
            "undo 5",
            "redo",
            "goto 7",
            "set holes=99",
            "set nope=1",
            "new nope",
            "load /nonexistent/file.yaml",
            "eval game.nope()",
            "eval (",
            "trace 4",
            "bogus",
            "json x",
        ] {
            let (o, text) = run(&mut s, bad);
            assert_eq!(o, Outcome::Failed, "{bad}: {text}");
            assert_eq!(text.lines().count(), 1, "{bad}: {text}");
            assert!(text.starts_with("error: "), "{bad}: {text}");
            assert_eq!(
                (s.game.state(), s.game.moves(), s.spec.clone()),
                before,
                "{bad}"
            );
        }
    }

    #[test]
    fn prompt_and_state_diff() {
        let mut s = session();
        assert_eq!(s.prompt(), "tchuka_ruma 0> ");
        let before = s.game.state();
        run(&mut s, "3");
        assert_eq!(s.prompt(), "tchuka_ruma 1> ");
        assert_eq!(
            state_diff(&before, &s.game.state()),
            "pits [2,2,2,2] -> [2,2,0,3], stores [0] -> [1]"
        );
        s.interactive = true;
        run(&mut s, "step 4");
        assert!(s.prompt().starts_with("step 4 [1/10]"), "{}", s.prompt());
        run(&mut s, "q");
        assert!(!s.stepping());
    }
}
