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
pub mod shell;
mod stepping;

pub use commands::{Command, COMMANDS, MAX_LINE};

use std::io::Write;
use std::sync::Arc;

use crate::engine::game::game::{clip, show_moves, Game, Position};
use crate::engine::rule::library::RulePath;
use crate::engine::rule::rules::{self, board, Rule};
use crate::error::{Error, Result};
use crate::render::{self, Style};
use commands::Parsed;
use stepping::Stepper;

/// What the shell should do after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The command succeeded (or there was nothing to do).
    Done,
    /// The command failed; the session is unchanged.
    Failed,
    /// Leave the REPL.
    Quit,
}

/// The state of a REPL session: where rules are, the game, and how to draw.
pub struct Session {
    /// Where rules are looked for by name.
    pub dir: RulePath,
    /// The rule as the user named it (a name or a path): what `reload` and `save` use.
    pub spec: String,
    /// The game in progress.
    pub game: Game,
    /// The start position when it is not the rule's own (from `load` or `--position`).
    pub start: Option<Position>,
    /// Colours or plain text.
    pub style: Style,
    /// Whether a person is typing (then `step` waits for Enter between seeds).
    pub interactive: bool,
    step: Option<Stepper>,
    /// Whether the last line ended a stepping (then a lone `q` does not quit).
    step_ended: bool,
    /// The game that the last `new`, `set`, `load` or `reload` replaced (for `back`).
    previous: Option<Saved>,
}

/// A whole game as a session holds it: the rule as named, the custom start, the game.
struct Saved {
    spec: String,
    start: Option<Position>,
    game: Game,
}

impl Session {
    /// Starts a session on `spec` (rule name, preset or path) with `KEY=VALUE` option settings.
    pub fn new(
        dir: impl Into<RulePath>,
        spec: &str,
        sets: &[String],
        start: Option<Position>,
    ) -> Result<Session> {
        let dir: RulePath = dir.into();
        let rule = Arc::new(Rule::load(spec, &dir)?);
        let options = rule.resolve_options(sets)?;
        let game = match &start {
            Some(p) => Game::with_position(rule, options, p)?,
            None => Game::new(rule, options)?,
        };
        Ok(Session {
            dir,
            spec: spec.to_string(),
            game,
            start,
            style: Style::default(),
            interactive: false,
            step: None,
            step_ended: false,
            previous: None,
        })
    }

    /// Replaces the game, keeping the old one for `back`.
    fn replace(&mut self, spec: String, start: Option<Position>, game: Game) {
        let old = Saved {
            spec: std::mem::replace(&mut self.spec, spec),
            start: std::mem::replace(&mut self.start, start),
            game: std::mem::replace(&mut self.game, game),
        };
        self.previous = Some(old);
    }

    /// Whether a `step` is waiting for Enter.
    pub fn stepping(&self) -> bool {
        self.step.is_some()
    }

    /// The prompt: rule name, moves played, and the player to move in games of several players.
    pub fn prompt(&self) -> String {
        if let Some(s) = &self.step {
            return s.prompt();
        }
        let b = board(self.game.current());
        let n = self.game.history.len();
        if b.players() > 1 && !b.over {
            format!("{} {n} P{}> ", self.game.rule.name, b.to_move)
        } else {
            format!("{} {n}> ", self.game.rule.name)
        }
    }

    /// The board picture of the current position, with the legal moves.
    pub fn show(&self) -> String {
        let b = self.game.board();
        let mut s = render::picture(&b, self.style);
        if !b.over {
            match self.game.legal_labels() {
                Ok(l) if l.is_empty() => s.push_str(
                    "legal: none, yet the game is not over (the rule's moves() lists no move)\n",
                ),
                Ok(l) => s.push_str(&format!("legal: {}\n", show_moves(&l))),
                Err(e) => s.push_str(&format!("legal: cannot list ({})\n", e.one_line())),
            }
        }
        s
    }
}

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
    match commands::parse(line)? {
        Parsed::Empty => Ok(Outcome::Done),
        Parsed::Command(c, rest) => (c.run)(s, rest, out),
        Parsed::Moves(m) => play::cmd_play(s, m, out),
    }
}

// Helpers shared by the command files.

/// Fails unless a command that takes no arguments got none.
fn no_args(name: &str, rest: &str) -> Result<()> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(Error::msg(format!(
            "`{name}` takes no arguments (got `{}`)",
            clip(rest)
        )))
    }
}

/// Builds a game of `rule` with `options` from `start` (or the rule's own start).
fn make_game(rule: Arc<Rule>, options: rules::Options, start: Option<&Position>) -> Result<Game> {
    match start {
        Some(p) => Game::with_position(rule, options, p),
        None => Game::new(rule, options),
    }
}

/// Writes the title and the board of a game just started, loaded or returned to.
fn started(s: &Session, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "{}", title(s))?;
    write!(out, "{}", s.show())?;
    Ok(())
}

/// `Tchuka Ruma (tchuka_ruma): holes=4 seeds=2`.
pub(crate) fn title(s: &Session) -> String {
    let r = &s.game.rule;
    let opts: Vec<String> = s
        .game
        .options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    format!(
        "{} ({}){}{}{}",
        r.meta.name,
        r.name,
        if opts.is_empty() { "" } else { ": " },
        opts.join(" "),
        if s.start.is_some() {
            " (custom start)"
        } else {
            ""
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::replay::state_diff;

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
        let dir = std::env::temp_dir().join(format!("sowlab-excerpt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let f = dir.join("broken.rhai");
        std::fs::write(
            &f,
            "fn setup() { this.players = 1; this.add_row(\"\", 1, 2, 1); }\n\
             fn play(pit) {\n    this.sow(pit);\n    let x = 1 + \"a\" * 2;\n}\n",
        )
        .expect("write");
        let mut s = Session::new(RulePath::builtin(), f.to_str().expect("utf-8"), &[], None)
            .expect("loads");
        let (o, text) = run(&mut s, "1");
        let _ = std::fs::remove_dir_all(&dir);
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
