//! A REPL session: where rules are, the game in progress (and the one the last change replaced),
//! how to draw, a move being stepped; and the helpers the command files share.

use std::io::Write;
use std::sync::Arc;

use crate::engine::game::game::{clip, show_moves, Game, Position};
use crate::engine::rule::library::RulePath;
use crate::engine::rule::rules::{self, board, Rule};
use crate::error::{Error, Result};
use crate::render::{self, Style};
use crate::repl::stepper::Stepper;

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
    pub(super) step: Option<Stepper>,
    /// Whether the last line ended a stepping (then a lone `q` does not quit).
    pub(super) step_ended: bool,
    /// The game that the last `new`, `set`, `load` or `reload` replaced (for `back`).
    pub(super) previous: Option<Saved>,
}

/// A whole game as a session holds it: the rule as named, the custom start, the game.
pub(super) struct Saved {
    pub(super) spec: String,
    pub(super) start: Option<Position>,
    pub(super) game: Game,
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
    pub(super) fn replace(&mut self, spec: String, start: Option<Position>, game: Game) {
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

// Helpers shared by the command files.

/// Fails unless a command that takes no arguments got none.
pub(super) fn no_args(name: &str, rest: &str) -> Result<()> {
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
pub(super) fn make_game(
    rule: Arc<Rule>,
    options: rules::Options,
    start: Option<&Position>,
) -> Result<Game> {
    match start {
        Some(p) => Game::with_position(rule, options, p),
        None => Game::new(rule, options),
    }
}

/// Writes the title and the board of a game just started, loaded or returned to.
pub(super) fn started(s: &Session, out: &mut dyn Write) -> Result<()> {
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
