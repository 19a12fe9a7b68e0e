//! The REPL (`sowlab play`): a debugger for sowing. Play moves, undo and redo them, step through a
//! move seed by seed, look at the events lap by lap, save and load games, edit the rule file and
//! `reload` it to see the first move that now plays differently, and evaluate Rhai expressions on
//! the position.
//!
//! All command handling is the pure function [`handle`]: one line in, text out, the [`Session`]
//! changed only when the command succeeds. [`shell`] is the thin loop around it (rustyline on a
//! terminal, plain line-by-line reading otherwise). Commands live in the table [`COMMANDS`]; a new
//! command (e.g. `ai`, for computer players) is one more entry there.

pub mod save;
pub mod shell;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rhai::{Dynamic, Scope};

use crate::engine::board::{Board, StateJson};
use crate::engine::game::{clip, show_moves, split_moves, Game, Ply, Position};
use crate::engine::rules::{self, board, Rule};
use crate::engine::script::{self, Limits};
use crate::engine::trace::Event;
use crate::error::{Error, Result};
use crate::render::{self, Style};

/// Longest line the REPL accepts.
pub const MAX_LINE: usize = 4096;

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

/// A move being shown seed by seed (`step`, interactive mode).
#[derive(Clone, Debug)]
struct Stepper {
    /// The position as the events replayed so far left it.
    board: Board,
    /// Seeds in hand.
    hand: i64,
    /// The move's events.
    events: Vec<Event>,
    /// Index of the next event to show.
    next: usize,
    /// The move's label.
    label: String,
}

/// The state of a REPL session: where rules are, the game, and how to draw.
pub struct Session {
    /// The rules directory.
    pub dir: PathBuf,
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
        dir: &Path,
        spec: &str,
        sets: &[String],
        start: Option<Position>,
    ) -> Result<Session> {
        let rule = Arc::new(Rule::load(spec, dir)?);
        let options = rule.resolve_options(sets)?;
        let game = match &start {
            Some(p) => Game::with_position(rule, options, p)?,
            None => Game::new(rule, options)?,
        };
        Ok(Session {
            dir: dir.to_path_buf(),
            spec: spec.to_string(),
            game,
            start,
            style: Style::default(),
            interactive: false,
            step: None,
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
            return format!(
                "step {} [{}/{}] (Enter: next, c: to the end, q: stop)> ",
                s.label,
                s.next,
                s.events.len()
            );
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

/// A command of the REPL.
pub struct Command {
    /// Its name.
    pub name: &'static str,
    /// Short forms.
    pub aliases: &'static [&'static str],
    /// Its arguments, as shown in help (`M...`, `FILE`).
    pub args: &'static str,
    /// One line of help.
    pub summary: &'static str,
    /// More help, shown by `help CMD` (may be empty).
    pub help: &'static str,
    /// Runs it: the session, the text after the command word, the output. On error the session
    /// must be unchanged.
    pub run: fn(&mut Session, &str, &mut dyn Write) -> Result<Outcome>,
}

/// The commands, in the order `help` lists them.
pub static COMMANDS: &[Command] = &[
    Command {
        name: "show",
        aliases: &["s", "board"],
        args: "",
        summary: "draw the board and list the legal moves",
        help: "",
        run: cmd_show,
    },
    Command {
        name: "moves",
        aliases: &["m", "legal"],
        args: "",
        summary: "list the legal moves",
        help: "",
        run: cmd_moves,
    },
    Command {
        name: "play",
        aliases: &["p"],
        args: "M...",
        summary: "play one or more moves (a move alone on a line plays it too)",
        help:
            "Moves are hole numbers from the mover's left (`3`), or row and number where a player \
               has two rows (`S3`). `play 3 4 1` plays all three, or none if one is illegal.",
        run: cmd_play,
    },
    Command {
        name: "ai",
        aliases: &[],
        args: "[AGENT]",
        summary: "let the computer play the next move (default agent alphabeta:4)",
        help: "AGENT is random, greedy, alphabeta[:DEPTH] or mcts[:ITERATIONS], as in \
               `sowlab simulate`. The choice is reproducible: the agent's random draws are \
               seeded by the number of moves played. `hint` suggests a move without playing it.",
        run: cmd_ai,
    },
    Command {
        name: "hint",
        aliases: &[],
        args: "[AGENT]",
        summary: "suggest a move (default agent alphabeta:4) without playing it",
        help: "",
        run: cmd_hint,
    },
    Command {
        name: "undo",
        aliases: &["u"],
        args: "[N]",
        summary: "take back the last move (or N moves)",
        help: "",
        run: cmd_undo,
    },
    Command {
        name: "redo",
        aliases: &["r"],
        args: "[N]",
        summary: "replay a move taken back (or N)",
        help: "",
        run: cmd_redo,
    },
    Command {
        name: "history",
        aliases: &["h"],
        args: "",
        summary: "list the moves played (and those you can redo)",
        help: "",
        run: cmd_history,
    },
    Command {
        name: "goto",
        aliases: &["g"],
        args: "N",
        summary: "go to the position after move N of the line (0: the start)",
        help:
            "The line is the moves played followed by the moves taken back: `goto` moves along it \
               like undo and redo.",
        run: cmd_goto,
    },
    Command {
        name: "trace",
        aliases: &["t"],
        args: "[N]",
        summary: "the events of the last move (or move N), lap by lap",
        help: "",
        run: cmd_trace,
    },
    Command {
        name: "step",
        aliases: &["st"],
        args: "[M]",
        summary: "play move M seed by seed (no M: show the last move again)",
        help:
            "Each pick-up, drop, capture and note is shown with the seeds in hand and the board, \
               the pit concerned marked with `*`. On a terminal press Enter for the next step, `c` \
               for the rest, `q` to stop; otherwise every step is printed.",
        run: cmd_step,
    },
    Command {
        name: "new",
        aliases: &["n"],
        args: "[RULE] [KEY=VALUE...]",
        summary: "start a new game (of the same rule and options by default)",
        help: "`new` restarts; `new raja_pasu` starts another game; `new holes=6` or \
               `new tchuka_ruma seeds=6` sets options (others keep their defaults).",
        run: cmd_new,
    },
    Command {
        name: "set",
        aliases: &[],
        args: "KEY=VALUE...",
        summary: "restart with options changed (the others kept)",
        help: "",
        run: cmd_set,
    },
    Command {
        name: "options",
        aliases: &["o", "opts"],
        args: "",
        summary: "the rule's options, their values and what they allow",
        help: "",
        run: cmd_options,
    },
    Command {
        name: "rules",
        aliases: &[],
        args: "[RULE]",
        summary: "list the rules (or describe one)",
        help: "",
        run: cmd_rules,
    },
    Command {
        name: "save",
        aliases: &[],
        args: "FILE",
        summary: "save the game (YAML: rule, options, moves, final position)",
        help: "The file is written to a temporary file next to it and renamed, so a failed save \
               never leaves a broken file.",
        run: cmd_save,
    },
    Command {
        name: "load",
        aliases: &[],
        args: "FILE",
        summary: "load a saved game (every move is replayed and checked)",
        help: "",
        run: cmd_load,
    },
    Command {
        name: "reload",
        aliases: &["rl"],
        args: "",
        summary: "re-read the rule file and replay the moves under the new rules",
        help: "Reports the first move whose result differs or that became illegal (the game keeps \
               the moves before it). If the edited file fails to load, the old game stays.",
        run: cmd_reload,
    },
    Command {
        name: "back",
        aliases: &[],
        args: "",
        summary: "return to the game replaced by the last new, set, load or reload",
        help: "The replaced game is kept with its moves and redo list; `back` twice swaps back.",
        run: cmd_back,
    },
    Command {
        name: "eval",
        aliases: &["e", "="],
        args: "EXPR",
        summary: "evaluate a Rhai expression with the position as `game`",
        help: "In scope: `game` (the board: `game.pits[3]`, `game.count(2)`, `game.to_move`, \
               any rule-script primitive; changes stay in the expression), `moves` (legal moves) \
               and `history` (moves played).",
        run: cmd_eval,
    },
    Command {
        name: "json",
        aliases: &["j"],
        args: "",
        summary: "the state JSON of the position",
        help: "",
        run: cmd_json,
    },
    Command {
        name: "help",
        aliases: &["?"],
        args: "[CMD]",
        summary: "list the commands (or explain one)",
        help: "",
        run: cmd_help,
    },
    Command {
        name: "quit",
        aliases: &["q", "exit"],
        args: "",
        summary: "leave (Ctrl-D too)",
        help: "",
        run: cmd_quit,
    },
];

/// Finds a command by name or alias.
pub fn find_command(word: &str) -> Option<&'static Command> {
    COMMANDS
        .iter()
        .find(|c| c.name == word || c.aliases.contains(&word))
}

/// The command name closest to `word`, if it is close enough to be a likely typo.
pub fn closest_command(word: &str) -> Option<&'static str> {
    let w = word.to_lowercase();
    if let Some(c) = find_command(&w) {
        return Some(c.name);
    }
    COMMANDS
        .iter()
        .filter(|c| c.name.len() > 1)
        .map(|c| (crate::error::edit_distance(&w, c.name), c.name))
        .filter(|&(d, name)| d <= 2 && d < name.len() && d < w.chars().count().max(1))
        .min()
        .map(|(_, n)| n)
        .or_else(|| {
            COMMANDS
                .iter()
                .find(|c| w.len() >= 2 && c.name.starts_with(&w))
                .map(|c| c.name)
        })
}

/// A parsed line: a command and the text after it, or moves.
#[derive(Debug, PartialEq, Eq)]
pub enum Parsed<'a> {
    /// Nothing to do (empty line or `# comment`).
    Empty,
    /// A command with the rest of the line (trimmed).
    Command(&'static Command, &'a str),
    /// Moves typed on their own (`3`, `3 4 1`).
    Moves(&'a str),
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Command({})", self.name)
    }
}

impl PartialEq for Command {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for Command {}

/// Whether a word looks like a move label: `3`, `S3`, `n12`.
pub fn looks_like_move(word: &str) -> bool {
    let digits = word.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let letters = word.len() - digits.len();
    !digits.is_empty() && letters <= 2 && digits.chars().all(|c| c.is_ascii_digit())
}

/// Checks a line and splits it into a command and its arguments. Errors are one line.
pub fn parse(line: &str) -> Result<Parsed<'_>> {
    if line.chars().count() > MAX_LINE {
        return Err(Error::msg(format!(
            "line too long ({} characters, at most {MAX_LINE}); nothing done",
            line.chars().count()
        )));
    }
    if let Some(c) = line.chars().find(|&c| c.is_control() && c != '\t') {
        return Err(Error::msg(format!(
            "the line contains a control character ({}); nothing done",
            c.escape_debug()
        )));
    }
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(Parsed::Empty);
    }
    let (word, rest) = match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    };
    if let Some(c) = find_command(word) {
        return Ok(Parsed::Command(c, rest));
    }
    if looks_like_move(word) {
        return Ok(Parsed::Moves(line));
    }
    Err(Error::msg(match closest_command(word) {
        Some(c) => format!(
            "unknown command `{}`: did you mean `{c}`? (help lists the commands)",
            clip(word)
        ),
        None => format!("unknown command `{}` (help lists the commands)", clip(word)),
    }))
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
            Outcome::Failed
        }
    }
}

fn handle_inner(line: &str, s: &mut Session, out: &mut dyn Write) -> Result<Outcome> {
    if s.step.is_some() {
        match line.trim() {
            "" | "n" | "next" => return step_next(s, out, 1),
            "c" | "continue" => return step_next(s, out, usize::MAX),
            "q" | "stop" => {
                let st = s.step.take().expect("stepping");
                writeln!(
                    out,
                    "stopped stepping move {} ({} of {} steps shown); the move is played",
                    st.label,
                    st.next,
                    st.events.len()
                )?;
                write!(out, "{}", s.show())?;
                return Ok(Outcome::Done);
            }
            _ => {
                // Any other command ends the stepping and runs.
                s.step = None;
            }
        }
    }
    match parse(line)? {
        Parsed::Empty => Ok(Outcome::Done),
        Parsed::Command(c, rest) => (c.run)(s, rest, out),
        Parsed::Moves(m) => cmd_play(s, m, out),
    }
}

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

fn count_arg(name: &str, rest: &str) -> Result<usize> {
    if rest.is_empty() {
        return Ok(1);
    }
    rest.parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            Error::msg(format!(
                "`{name} {}`: give a number of moves, e.g. `{name} 2`",
                clip(rest)
            ))
        })
}

fn cmd_show(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("show", rest)?;
    write!(out, "{}", s.show())?;
    Ok(Outcome::Done)
}

fn cmd_moves(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("moves", rest)?;
    let b = s.game.board();
    if b.over {
        writeln!(out, "no moves: {}", render::status(&b).trim())?;
    } else {
        writeln!(out, "legal: {}", show_moves(&s.game.legal_labels()?))?;
    }
    Ok(Outcome::Done)
}

/// One line about a move: who, how many laps, where it ended, then its captures, passes and notes.
fn summary(p: &Ply) -> String {
    let b = board(&p.after);
    let l = &b.layout;
    let laps = p
        .events
        .iter()
        .filter(|e| matches!(e, Event::LapEnd { .. }))
        .count();
    let last = p.events.iter().rev().find_map(|e| match e {
        Event::LapEnd { pit, .. } => Some(*pit),
        _ => None,
    });
    let mut s = format!("move {}", p.label);
    if l.players > 1 {
        s.push_str(&format!(" (player {})", p.player));
    }
    s.push(':');
    if laps > 0 {
        s.push_str(&format!(" {laps} lap{}", if laps == 1 { "" } else { "s" }));
    }
    if let Some(pit) = last {
        s.push_str(&format!(
            ", last seed in {}",
            crate::engine::trace::pit_name(l, pit)
        ));
    }
    s.push('\n');
    for e in &p.events {
        if matches!(
            e,
            Event::Capture { .. } | Event::Pass { .. } | Event::Note { .. } | Event::Close { .. }
        ) {
            s.push_str(&format!("  {}\n", e.describe(l)));
        }
    }
    s
}

fn cmd_play(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let moves = split_moves(rest);
    if moves.is_empty() {
        return Err(Error::msg(format!(
            "`play` needs a move (legal: {})",
            show_moves(&s.game.legal_labels()?)
        )));
    }
    let (len, undone) = (s.game.history.len(), s.game.undone.clone());
    let mut text = String::new();
    for (i, m) in moves.iter().enumerate() {
        match s.game.play(m) {
            Ok(p) => text.push_str(&summary(p)),
            Err(e) => {
                s.game.history.truncate(len);
                s.game.undone = undone;
                return Err(if moves.len() > 1 {
                    e.context(format!("move {} of {} (none played)", i + 1, moves.len()))
                } else {
                    e
                });
            }
        }
    }
    write!(out, "{text}{}", s.show())?;
    Ok(Outcome::Done)
}

/// The move an agent (default `alphabeta:4`) picks in the current position, as a label.
fn agent_move(s: &Session, rest: &str) -> Result<(String, String)> {
    let spec = match rest.trim() {
        "" => "alphabeta:4",
        a => a,
    };
    let agent = crate::search::agent::Agent::parse(spec)?;
    if s.game.board().over {
        return Err(Error::msg("no legal move: the game is over"));
    }
    if s.game.legal()?.is_empty() {
        return Err(Error::msg(
            "no legal move, yet the game is not over (the rule's moves() lists no move)",
        ));
    }
    let mut rng = crate::engine::rng::Rng::new(s.game.history.len() as u64);
    let pit = agent.choose(&s.game.rule, s.game.current(), &mut rng)?;
    let label = crate::engine::rules::board(s.game.current())
        .layout
        .label(pit);
    Ok((spec.to_string(), label))
}

fn cmd_ai(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let (spec, label) = agent_move(s, rest)?;
    let ply = s.game.play(&label)?;
    write!(out, "{spec} plays {label}\n{}{}", summary(ply), s.show())?;
    Ok(Outcome::Done)
}

fn cmd_hint(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let (spec, label) = agent_move(s, rest)?;
    writeln!(out, "{spec} suggests {label}")?;
    Ok(Outcome::Done)
}

fn cmd_undo(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let n = count_arg("undo", rest)?;
    if n > s.game.history.len() {
        return Err(Error::msg(if s.game.history.is_empty() {
            "nothing to undo: no move played".to_string()
        } else {
            format!("cannot undo {n} moves: {} played", s.game.history.len())
        }));
    }
    let mut undone = Vec::new();
    for _ in 0..n {
        undone.push(
            s.game
                .history
                .last()
                .map(|p| p.label.clone())
                .unwrap_or_default(),
        );
        s.game.undo();
    }
    writeln!(out, "undid {}", undone.join(" "))?;
    write!(out, "{}", s.show())?;
    Ok(Outcome::Done)
}

fn cmd_redo(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let n = count_arg("redo", rest)?;
    if n > s.game.undone.len() {
        return Err(Error::msg(if s.game.undone.is_empty() {
            "nothing to redo".to_string()
        } else {
            format!("cannot redo {n} moves: {} to redo", s.game.undone.len())
        }));
    }
    let mut redone = Vec::new();
    for _ in 0..n {
        s.game.redo();
        redone.push(
            s.game
                .history
                .last()
                .map(|p| p.label.clone())
                .unwrap_or_default(),
        );
    }
    writeln!(out, "redid {}", redone.join(" "))?;
    write!(out, "{}", s.show())?;
    Ok(Outcome::Done)
}

fn cmd_history(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("history", rest)?;
    let multi = s.game.board().players() > 1;
    let line = |i: usize, p: &Ply| {
        let who = if multi {
            format!(" (player {})", p.player)
        } else {
            String::new()
        };
        // Passes are automatic: they are part of the move they followed.
        let passes: Vec<String> = p
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Pass { player } => Some(format!("player {player} passes")),
                _ => None,
            })
            .collect();
        let then = if passes.is_empty() {
            String::new()
        } else {
            format!(", then {}", passes.join(", "))
        };
        format!("{:>4}. {}{who}{then}\n", i + 1, p.label)
    };
    let mut text = String::from("   0. start\n");
    for (i, p) in s.game.history.iter().enumerate() {
        text.push_str(&line(i, p));
    }
    if !s.game.undone.is_empty() {
        text.push_str("      -- taken back (redo / goto):\n");
        let n = s.game.history.len();
        for (i, p) in s.game.undone.iter().rev().enumerate() {
            text.push_str(&line(n + i, p));
        }
    }
    write!(out, "{text}")?;
    Ok(Outcome::Done)
}

fn cmd_goto(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let total = s.game.history.len() + s.game.undone.len();
    if rest.is_empty() {
        return Err(Error::msg(format!(
            "`goto` needs a move number, from 0 (the start) to {total}"
        )));
    }
    let n: usize = rest.parse().map_err(|_| {
        Error::msg(format!(
            "`goto {}`: give a move number from 0 to {total}",
            clip(rest)
        ))
    })?;
    if n > total {
        return Err(Error::msg(format!(
            "no move {n}: the line has {total} move{}",
            if total == 1 { "" } else { "s" }
        )));
    }
    while s.game.history.len() > n {
        s.game.undo();
    }
    while s.game.history.len() < n {
        s.game.redo();
    }
    writeln!(out, "at move {n} of {total}")?;
    write!(out, "{}", s.show())?;
    Ok(Outcome::Done)
}

/// Which move a `trace`/`step` without a move means: N (1-based) or the last.
fn pick_ply<'a>(s: &'a Session, rest: &str, name: &str) -> Result<&'a Ply> {
    let h = &s.game.history;
    if rest.is_empty() {
        return h
            .last()
            .ok_or_else(|| Error::msg(format!("no move played yet: nothing to {name}")));
    }
    let n: usize = rest.parse().map_err(|_| {
        Error::msg(format!(
            "`{name} {}`: give a move number from 1 to {}",
            clip(rest),
            h.len()
        ))
    })?;
    if n == 0 || n > h.len() {
        return Err(Error::msg(format!(
            "no move {n}: {} move{} played",
            h.len(),
            if h.len() == 1 { "" } else { "s" }
        )));
    }
    Ok(&h[n - 1])
}

/// The events of a move, one line per lap (drops run together as `sow A B C`).
pub fn trace_text(p: &Ply) -> String {
    let b = board(&p.after);
    let l = &b.layout;
    let n = |pit: usize| crate::engine::trace::pit_name(l, pit);
    let mut out = format!("move {}", p.label);
    if l.players > 1 {
        out.push_str(&format!(" (player {})", p.player));
    }
    out.push_str(&format!(": {} events\n", p.events.len()));
    let mut lap = 1;
    let mut parts: Vec<String> = Vec::new();
    let mut drops: Vec<String> = Vec::new();
    let flush = |parts: &mut Vec<String>, drops: &mut Vec<String>| {
        if !drops.is_empty() {
            parts.push(format!("sow {}", drops.join(" ")));
            drops.clear();
        }
    };
    for e in &p.events {
        match e {
            Event::Drop { pit, .. } => drops.push(n(*pit)),
            Event::LapEnd { pit, lap: k } => {
                flush(&mut parts, &mut drops);
                parts.push(format!("ends in {}", n(*pit)));
                out.push_str(&format!("  lap {k}: {}\n", parts.join("; ")));
                parts.clear();
                lap = k + 1;
            }
            other => {
                flush(&mut parts, &mut drops);
                parts.push(other.describe(l));
            }
        }
    }
    flush(&mut parts, &mut drops);
    if !parts.is_empty() {
        let head = if lap == 1 && !p.events.iter().any(|e| matches!(e, Event::LapEnd { .. })) {
            "  ".to_string()
        } else {
            "  then: ".to_string()
        };
        out.push_str(&format!("{head}{}\n", parts.join("; ")));
    }
    if p.events.is_empty() {
        out.push_str("  (no events recorded)\n");
    }
    out
}

fn cmd_trace(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let p = pick_ply(s, rest, "trace")?;
    write!(out, "{}", trace_text(p))?;
    Ok(Outcome::Done)
}

fn cmd_step(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let ply = if rest.is_empty() {
        pick_ply(s, "", "step")?.clone()
    } else {
        let moves = split_moves(rest);
        if moves.len() != 1 {
            return Err(Error::msg("`step` takes one move"));
        }
        s.game.play(&moves[0])?.clone()
    };
    let mut b = board(&ply.before).clone();
    b.trace = None;
    let st = Stepper {
        board: b,
        hand: 0,
        events: ply.events.clone(),
        next: 0,
        label: ply.label.clone(),
    };
    writeln!(
        out,
        "move {}: {} steps{}",
        ply.label,
        st.events.len(),
        if s.interactive {
            " (Enter: next, c: to the end, q: stop)"
        } else {
            ""
        }
    )?;
    write!(out, "{}", render::picture(&st.board, s.style))?;
    s.step = Some(st);
    if s.interactive {
        step_next(s, out, 1)
    } else {
        step_next(s, out, usize::MAX)
    }
}

/// Shows up to `n` more steps of the move being stepped; at the end, the position after the move.
fn step_next(s: &mut Session, out: &mut dyn Write, n: usize) -> Result<Outcome> {
    let Some(st) = s.step.as_mut() else {
        return Ok(Outcome::Done);
    };
    let mut shown = 0;
    while shown < n && st.next < st.events.len() {
        let e = &st.events[st.next];
        e.apply(&mut st.board, &mut st.hand);
        let pit = match e {
            Event::Pickup { pit, .. }
            | Event::Drop { pit, .. }
            | Event::LapEnd { pit, .. }
            | Event::Capture { pit, .. }
            | Event::Fill { pit, .. }
            | Event::Adjust { pit, .. }
            | Event::Close { pit, .. } => Some(*pit),
            Event::Move { to, .. } => Some(*to),
            _ => None,
        };
        st.next += 1;
        writeln!(
            out,
            "[{}/{}] {}  (hand {})",
            st.next,
            st.events.len(),
            e.describe(&st.board.layout),
            st.hand
        )?;
        // Drops are the bulk of a move: draw the board after each, and after seed movements.
        if !matches!(
            e,
            Event::LapEnd { .. } | Event::Note { .. } | Event::Pass { .. }
        ) {
            write!(
                out,
                "{}",
                render::picture_marked(&st.board, s.style, pit)
                    .lines()
                    .take_while(|l| !l.is_empty())
                    .take(layout_lines(&st.board))
                    .map(|l| format!("{l}\n"))
                    .collect::<String>()
            )?;
        }
        // Seeds leaving or entering the board: show the reserves and counters too.
        if matches!(
            e,
            Event::Capture { .. } | Event::Fill { .. } | Event::Reserve { .. }
        ) {
            for l in render::status(&st.board).lines() {
                if !l.starts_with("player ") && !l.starts_with("game over") {
                    writeln!(out, "{l}")?;
                }
            }
        }
        shown += 1;
    }
    if st.next >= st.events.len() {
        s.step = None;
        writeln!(out, "after the move:")?;
        write!(out, "{}", s.show())?;
    }
    Ok(Outcome::Done)
}

/// Lines of a board picture without the status lines.
fn layout_lines(b: &Board) -> usize {
    let pic = render::picture(b, Style::default());
    pic.lines().count() - render::status(b).lines().count()
}

/// Builds a game of `rule` with `options` from `start` (or the rule's own start).
fn make_game(rule: Arc<Rule>, options: rules::Options, start: Option<&Position>) -> Result<Game> {
    match start {
        Some(p) => Game::with_position(rule, options, p),
        None => Game::new(rule, options),
    }
}

fn started(s: &Session, out: &mut dyn Write) -> Result<()> {
    writeln!(out, "{}", title(s))?;
    write!(out, "{}", s.show())?;
    Ok(())
}

/// `Tchuka Ruma (tchuka_ruma): holes=4 seeds=2`.
pub fn title(s: &Session) -> String {
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

fn cmd_new(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let (spec, sets): (Option<&str>, Vec<String>) = match words.split_first() {
        Some((w, more)) if !w.contains('=') => {
            (Some(w), more.iter().map(|x| x.to_string()).collect())
        }
        _ => (None, words.iter().map(|x| x.to_string()).collect()),
    };
    if let Some(bad) = sets.iter().find(|w| !w.contains('=')) {
        return Err(Error::msg(format!(
            "`new`: `{}` is not KEY=VALUE (write e.g. `new tchuka_ruma holes=6`)",
            clip(bad)
        )));
    }
    let (rule, spec, start) = match spec {
        Some(sp) => (Arc::new(Rule::load(sp, &s.dir)?), sp.to_string(), None),
        None if sets.is_empty() => (s.game.rule.clone(), s.spec.clone(), s.start.clone()),
        None => (s.game.rule.clone(), s.spec.clone(), None),
    };
    let options = if spec == s.spec && sets.is_empty() {
        s.game.options.clone()
    } else {
        rule.resolve_options(&sets)?
    };
    let game = make_game(rule, options, start.as_ref())?;
    s.replace(spec, start, game);
    started(s, out)?;
    Ok(Outcome::Done)
}

fn cmd_set(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.is_empty() {
        return Err(Error::msg(
            "`set` needs KEY=VALUE (see `options` for the keys)",
        ));
    }
    let mut options = s.game.options.clone();
    for w in &words {
        let Some((k, v)) = w.split_once('=') else {
            return Err(Error::msg(format!(
                "`set {}`: write KEY=VALUE, e.g. `set holes=6`",
                clip(w)
            )));
        };
        let spec = s.game.rule.option(k.trim())?;
        options.insert(spec.name.clone(), spec.parse(v)?);
    }
    let game = make_game(s.game.rule.clone(), options, None)?;
    let had_start = s.start.is_some();
    s.replace(s.spec.clone(), None, game);
    if had_start {
        writeln!(
            out,
            "(the custom start position is dropped: the rule's own start is used)"
        )?;
    }
    started(s, out)?;
    Ok(Outcome::Done)
}

fn cmd_options(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("options", rest)?;
    let r = &s.game.rule;
    if r.options.is_empty() {
        writeln!(out, "{} has no options", r.name)?;
    }
    for o in &r.options {
        let v = s
            .game
            .options
            .get(&o.name)
            .map(|v| v.to_string())
            .unwrap_or_default();
        writeln!(
            out,
            "{}={}  [{}; default {}]{}{}",
            o.name,
            v,
            o.allowed(),
            o.default,
            if o.help.is_empty() { "" } else { "  " },
            o.help
        )?;
    }
    Ok(Outcome::Done)
}

fn cmd_rules(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    if !rest.is_empty() {
        let r = Rule::load(rest, &s.dir)?;
        write!(out, "{}", crate::render::describe::describe(&r, true))?;
        return Ok(Outcome::Done);
    }
    let names = rules::names(&s.dir);
    if names.is_empty() {
        return Err(Error::msg(format!("no rule files in {}", s.dir.display())));
    }
    for n in names {
        match Rule::load(&n, &s.dir) {
            // The same words as `sowlab rules`; a preset names its rule.
            Ok(r) => match &r.preset {
                Some((_, p)) => writeln!(out, "{n}  (preset of {})", p.rule)?,
                None => writeln!(
                    out,
                    "{n}  ({}, {} player{})",
                    r.meta.name,
                    r.meta.players,
                    if r.meta.players == "1" { "" } else { "s" }
                )?,
            },
            Err(e) => writeln!(out, "{n}  (does not load: {})", e.one_line())?,
        }
    }
    Ok(Outcome::Done)
}

fn file_arg<'a>(name: &str, rest: &'a str) -> Result<&'a str> {
    if rest.is_empty() {
        return Err(Error::msg(format!("`{name}` needs a file name")));
    }
    Ok(rest)
}

fn cmd_save(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let path = Path::new(file_arg("save", rest)?);
    // A rule named by a relative path is saved as an absolute one, so the file loads from anywhere.
    let spec = if is_path_spec(&s.spec) {
        std::fs::canonicalize(&s.spec)
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| s.spec.clone())
    } else {
        s.spec.clone()
    };
    let data = save::to_save(&spec, s.start.as_ref(), &s.game);
    save::write(path, &data)?;
    writeln!(
        out,
        "saved {} move{} to {}",
        data.moves.len(),
        if data.moves.len() == 1 { "" } else { "s" },
        path.display()
    )?;
    Ok(Outcome::Done)
}

/// Whether a rule spec names a file (as `Rule::load` reads it) rather than a rule of the directory.
fn is_path_spec(spec: &str) -> bool {
    spec.contains('/') || spec.ends_with(".rhai") || spec.ends_with(".yaml")
}

fn cmd_load(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let path = Path::new(file_arg("load", rest)?);
    let loaded = save::read(path, &s.dir)?;
    let n = loaded.game.history.len();
    s.replace(loaded.spec, loaded.start, loaded.game);
    writeln!(
        out,
        "loaded {}: {n} move{} replayed, final position checked",
        path.display(),
        if n == 1 { "" } else { "s" }
    )?;
    started(s, out)?;
    Ok(Outcome::Done)
}

fn cmd_reload(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("reload", rest)?;
    let keep = |e: Error| {
        Error::msg(format!(
            "reload failed, the game is unchanged: {}",
            e.one_line()
        ))
    };
    let rule = Arc::new(Rule::load(&s.spec, &s.dir).map_err(keep)?);
    let options = rule.check_options(&s.game.options).map_err(keep)?;
    let mut g = make_game(rule, options, s.start.as_ref()).map_err(keep)?;
    let mut report = Vec::new();
    let old_start = board(&s.game.start).state_json();
    if g.state() != old_start {
        report.push(format!(
            "the start position differs: {}",
            state_diff(&old_start, &g.state())
        ));
    }
    let total = s.game.history.len();
    let mut first_diff = None;
    for (i, old) in s.game.history.iter().enumerate() {
        let now_over = g.board();
        if now_over.over {
            report.push(format!(
                "move {} ({}) is no longer played: the game now ends after move {i} ({}); kept the {i} move{} before it",
                i + 1,
                old.label,
                render::status(&now_over).trim().trim_start_matches("game over: "),
                if i == 1 { "" } else { "s" }
            ));
            break;
        }
        match g.play(&old.label) {
            Err(e) => {
                report.push(format!(
                    "move {} ({}) is now illegal: {}; kept the {i} move{} before it",
                    i + 1,
                    old.label,
                    e.one_line(),
                    if i == 1 { "" } else { "s" }
                ));
                break;
            }
            Ok(p) => {
                let (was, now): (StateJson, StateJson) =
                    (board(&old.after).state_json(), board(&p.after).state_json());
                if first_diff.is_none() && was != now {
                    first_diff = Some(i);
                    report.push(format!(
                        "move {} ({}) now plays differently: {}",
                        i + 1,
                        old.label,
                        state_diff(&was, &now)
                    ));
                }
            }
        }
    }
    let path = s.game.rule.path.display().to_string();
    s.replace(s.spec.clone(), s.start.clone(), g);
    let replayed = s.game.history.len();
    if report.is_empty() {
        writeln!(
            out,
            "reloaded {path}: {}",
            match total {
                0 => "no move to replay".to_string(),
                1 => "the 1 move replays identically".to_string(),
                n => format!("the {n} moves replay identically"),
            }
        )?;
    } else {
        writeln!(
            out,
            "reloaded {path}: {replayed} of {total} move{} replayed",
            if total == 1 { "" } else { "s" }
        )?;
        for r in report {
            writeln!(out, "  {r}")?;
        }
        writeln!(
            out,
            "  (`back` returns to the game as it was before the reload)"
        )?;
    }
    write!(out, "{}", s.show())?;
    Ok(Outcome::Done)
}

/// The fields of two states that differ: `pits [3,0,1,1] -> [3,3,0,0], over false -> true`.
pub fn state_diff(was: &StateJson, now: &StateJson) -> String {
    let (a, b) = (serde_json::to_value(was), serde_json::to_value(now));
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) = (a, b) else {
        return format!("was {}, now {}", save::compact(was), save::compact(now));
    };
    let null = serde_json::Value::Null;
    let mut keys: Vec<&String> = a.keys().collect();
    keys.extend(b.keys().filter(|k| !a.contains_key(*k)));
    keys.into_iter()
        .filter_map(|k| {
            let (x, y) = (a.get(k).unwrap_or(&null), b.get(k).unwrap_or(&null));
            (x != y).then(|| format!("{k} {x} -> {y}"))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn cmd_back(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("back", rest)?;
    let Some(prev) = s.previous.take() else {
        return Err(Error::msg(
            "no previous game: `back` undoes a new, set, load or reload",
        ));
    };
    s.replace(prev.spec, prev.start, prev.game);
    writeln!(
        out,
        "back to the previous game ({} move{}; `back` again returns)",
        s.game.history.len(),
        if s.game.history.len() == 1 { "" } else { "s" }
    )?;
    started(s, out)?;
    Ok(Outcome::Done)
}

fn cmd_eval(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    if rest.is_empty() {
        return Err(Error::msg(
            "`eval` needs an expression, e.g. `eval game.pits[0]`",
        ));
    }
    let engine = script::engine(&Limits::rules(), None);
    let mut scope = Scope::new();
    scope.push("game", s.game.current().clone());
    let moves: rhai::Array = s
        .game
        .legal_labels()
        .unwrap_or_default()
        .into_iter()
        .map(Dynamic::from)
        .collect();
    scope.push("moves", moves);
    let history: rhai::Array = s.game.moves().into_iter().map(Dynamic::from).collect();
    scope.push("history", history);
    let v = engine
        .eval_with_scope::<Dynamic>(&mut scope, rest)
        .map_err(|e| Error::from_eval(Path::new("eval"), &e))?;
    script::INTERRUPTED.store(false, std::sync::atomic::Ordering::SeqCst);
    writeln!(out, "{}", script::show(&v))?;
    Ok(Outcome::Done)
}

fn cmd_json(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("json", rest)?;
    writeln!(out, "{}", save::compact(&s.game.state()))?;
    Ok(Outcome::Done)
}

fn cmd_help(_s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    if rest.is_empty() {
        writeln!(
            out,
            "commands (a move alone on a line plays it; # starts a comment):"
        )?;
        for c in COMMANDS {
            let names = if c.aliases.is_empty() {
                c.name.to_string()
            } else {
                format!("{} ({})", c.name, c.aliases.join(", "))
            };
            let usage = format!("{names} {}", c.args);
            writeln!(out, "  {usage:<32} {}", c.summary)?;
        }
        writeln!(out, "help CMD explains one command.")?;
        return Ok(Outcome::Done);
    }
    let c = find_command(rest).ok_or_else(|| {
        Error::msg(match closest_command(rest) {
            Some(c) => format!("no command `{}`: did you mean `{c}`?", clip(rest)),
            None => format!("no command `{}` (help lists the commands)", clip(rest)),
        })
    })?;
    writeln!(out, "{} {}", c.name, c.args)?;
    writeln!(out, "  {}", c.summary)?;
    if !c.help.is_empty() {
        writeln!(out, "  {}", c.help)?;
    }
    if !c.aliases.is_empty() {
        writeln!(out, "  short: {}", c.aliases.join(", "))?;
    }
    Ok(Outcome::Done)
}

fn cmd_quit(_s: &mut Session, rest: &str, _out: &mut dyn Write) -> Result<Outcome> {
    no_args("quit", rest)?;
    Ok(Outcome::Quit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        Session::new(&rules::rules_dir(None), "tchuka_ruma", &[], None).expect("tchuka_ruma loads")
    }

    fn run(s: &mut Session, line: &str) -> (Outcome, String) {
        let mut out = Vec::new();
        let o = handle(line, s, &mut out);
        (o, String::from_utf8(out).expect("utf-8"))
    }

    #[test]
    fn rules_lists_rules_and_presets_as_the_command_line_does() {
        let mut s = session();
        let (o, text) = run(&mut s, "rules");
        assert_eq!(o, Outcome::Done);
        assert!(text.contains("kalah  (Kalah, 2 players)\n"), "{text}");
        assert!(
            text.contains("tchuka_ruma  (Tchuka Ruma, 1 player)\n"),
            "{text}"
        );
        // A preset fixes options (ruma_3p: 3 players), so it names its rule, not the rule's range.
        assert!(text.contains("ruma_3p  (preset of ruma)\n"), "{text}");
    }

    #[test]
    fn a_rule_stuck_without_moves_is_not_called_over() {
        let dir = std::env::temp_dir().join(format!("sowlab-stuck-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let f = dir.join("stuck.rhai");
        std::fs::write(
            &f,
            "fn setup() { this.players = 1; this.add_row(\"\", 1, 2, 1); }\n\
             fn play(pit) { this.sow(pit); }\nfn moves() { [] }\n",
        )
        .expect("write");
        let mut s = Session::new(&dir, f.to_str().expect("utf-8"), &[], None).expect("loads");
        let stuck = "no legal move, yet the game is not over (the rule's moves() lists no move)";
        for cmd in ["ai", "hint"] {
            let (o, text) = run(&mut s, cmd);
            assert_eq!(o, Outcome::Failed);
            assert_eq!(text, format!("error: {stuck}\n"));
        }
        let (_, text) = run(&mut s, "show");
        assert!(
            text.ends_with(
                "legal: none, yet the game is not over (the rule's moves() lists no move)\n"
            ),
            "{text}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn goto_without_a_number_says_what_it_needs() {
        let mut s = session();
        run(&mut s, "3 4");
        let (o, text) = run(&mut s, "goto");
        assert_eq!(o, Outcome::Failed);
        assert_eq!(
            text,
            "error: `goto` needs a move number, from 0 (the start) to 2\n"
        );
        assert_eq!(s.game.history.len(), 2);
    }

    #[test]
    fn reload_of_an_unchanged_file_counts_its_moves_in_good_english() {
        let mut s = session();
        let (_, text) = run(&mut s, "reload");
        assert!(text.contains(": no move to replay\n"), "{text}");
        run(&mut s, "3");
        let (_, text) = run(&mut s, "reload");
        assert!(
            text.contains(": the 1 move replays identically\n"),
            "{text}"
        );
        run(&mut s, "4");
        let (_, text) = run(&mut s, "reload");
        assert!(
            text.contains(": the 2 moves replay identically\n"),
            "{text}"
        );
    }

    #[test]
    fn ai_plays_and_hint_only_suggests() {
        let mut s = session();
        let (o, text) = run(&mut s, "hint greedy");
        assert_eq!(o, Outcome::Done);
        assert!(text.starts_with("greedy suggests "), "{text}");
        assert!(s.game.history.is_empty());
        let (o, text) = run(&mut s, "ai nonsense");
        assert_eq!(o, Outcome::Failed);
        assert!(text.contains("unknown agent `nonsense`"), "{text}");
        assert!(s.game.history.is_empty());
        // Looking 8 moves ahead finds the 6-move win of 2-2-2-2 from every position on the way.
        for _ in 0..6 {
            assert_eq!(run(&mut s, "ai alphabeta:8").0, Outcome::Done);
        }
        let st = s.game.state();
        assert!(st.over && st.winner == Some(1), "{st:?}");
        let (o, text) = run(&mut s, "ai");
        assert_eq!(o, Outcome::Failed);
        assert!(text.contains("the game is over"), "{text}");
    }

    #[test]
    fn parses_commands_aliases_and_moves() {
        let cmd = |l: &str| match parse(l) {
            Ok(Parsed::Command(c, rest)) => (c.name, rest.to_string()),
            other => panic!("{l}: {other:?}"),
        };
        assert_eq!(cmd("show"), ("show", String::new()));
        assert_eq!(cmd("  s  "), ("show", String::new()));
        assert_eq!(cmd("p 3 4"), ("play", "3 4".into()));
        assert_eq!(
            cmd("eval game.pits[0] + 1"),
            ("eval", "game.pits[0] + 1".into())
        );
        assert_eq!(cmd("= 1+1"), ("eval", "1+1".into()));
        assert_eq!(cmd("exit"), ("quit", String::new()));
        assert_eq!(parse("3").unwrap(), Parsed::Moves("3"));
        assert_eq!(parse("S3 N2").unwrap(), Parsed::Moves("S3 N2"));
        assert_eq!(parse("").unwrap(), Parsed::Empty);
        assert_eq!(parse("  # a comment").unwrap(), Parsed::Empty);
    }

    #[test]
    fn rejects_bad_lines_with_one_line() {
        let e = parse("shwo").unwrap_err().one_line();
        assert!(e.contains("did you mean `show`"), "{e}");
        let e = parse("hsitory").unwrap_err().one_line();
        assert!(e.contains("did you mean `history`"), "{e}");
        let e = parse("xyzzy").unwrap_err().one_line();
        assert!(!e.contains("did you mean"), "{e}");
        let e = parse("show\u{1b}[2J").unwrap_err().one_line();
        assert!(e.contains("control character (\\u{1b})"), "{e}");
        let e = parse(&"3 ".repeat(3000)).unwrap_err().one_line();
        assert!(e.contains("line too long"), "{e}");
        assert!(!e.contains('\n'));
    }

    #[test]
    fn move_words() {
        for w in ["3", "12", "S3", "n6", "SN1"] {
            assert!(looks_like_move(w), "{w}");
        }
        for w in ["show", "x", "3a", "", "abc3"] {
            assert!(!looks_like_move(w), "{w}");
        }
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
    fn play_many_is_all_or_nothing_and_undo_redo_goto_move_along_the_line() {
        let mut s = session();
        assert_eq!(run(&mut s, "play 4 9").0, Outcome::Failed);
        assert!(s.game.history.is_empty());
        assert_eq!(run(&mut s, "play 3 4").0, Outcome::Done);
        assert_eq!(s.game.moves(), ["3", "4"]);
        assert_eq!(run(&mut s, "undo 2").0, Outcome::Done);
        assert_eq!(s.game.undone.len(), 2);
        assert_eq!(run(&mut s, "goto 1").0, Outcome::Done);
        assert_eq!(s.game.moves(), ["3"]);
        assert_eq!(run(&mut s, "goto 2").0, Outcome::Done);
        assert_eq!(s.game.moves(), ["3", "4"]);
        assert_eq!(run(&mut s, "goto 0").0, Outcome::Done);
        assert!(s.game.history.is_empty());
    }

    #[test]
    fn eval_sees_the_game_and_cannot_change_it() {
        let mut s = session();
        let (o, t) = run(&mut s, "eval game.pits[3]");
        assert_eq!((o, t.as_str()), (Outcome::Done, "2\n"));
        let (_, t) = run(&mut s, "eval game.count(4)");
        assert_eq!(t, "0\n");
        let (_, t) = run(&mut s, "eval game.sow(3); game.count(4)");
        assert_eq!(t, "1\n");
        let (_, t) = run(&mut s, "eval moves");
        assert_eq!(t, "[\"1\", \"2\", \"3\", \"4\"]\n");
        assert_eq!(s.game.state().pits, [2, 2, 2, 2]);
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

    #[test]
    fn help_explains_every_command() {
        let mut s = session();
        for c in COMMANDS {
            let (o, t) = run(&mut s, &format!("help {}", c.name));
            assert_eq!(o, Outcome::Done);
            assert!(t.starts_with(c.name) && t.contains(c.summary), "{t}");
            for a in c.aliases {
                assert_eq!(find_command(a).map(|x| x.name), Some(c.name));
            }
        }
        let (_, t) = run(&mut s, "help");
        assert_eq!(t.lines().count(), COMMANDS.len() + 2);
    }

    #[test]
    fn back_returns_to_the_replaced_game() {
        let mut s = session();
        assert_eq!(run(&mut s, "back").0, Outcome::Failed);
        run(&mut s, "3 4");
        run(&mut s, "undo");
        run(&mut s, "set holes=6");
        assert_eq!(s.game.state().pits.len(), 6);
        assert_eq!(run(&mut s, "back").0, Outcome::Done);
        assert_eq!(s.game.moves(), ["3"]);
        assert_eq!(s.game.undone.len(), 1, "the redo list comes back too");
        assert_eq!(run(&mut s, "back").0, Outcome::Done);
        assert_eq!(s.game.state().pits.len(), 6);
    }

    #[test]
    fn eval_is_sandboxed() {
        let mut s = session();
        for bad in ["while true {}", "import \"tchuka_ruma\"; 1", "eval(\"1\")"] {
            let (o, t) = run(&mut s, &format!("eval {bad}"));
            assert_eq!(o, Outcome::Failed, "{bad}: {t}");
            assert_eq!(t.lines().count(), 1, "{t}");
        }
    }

    #[test]
    fn stepping_interactively_waits_for_enter() {
        let mut s = session();
        s.interactive = true;
        let (_, t) = run(&mut s, "step 3");
        assert!(s.stepping());
        assert!(t.contains("[1/4] pick up 2 from 3  (hand 2)"), "{t}");
        let (_, t) = run(&mut s, "");
        assert!(t.contains("[2/4] drop in 4 (1 left)  (hand 1)"), "{t}");
        let (_, t) = run(&mut s, "c");
        assert!(t.contains("[4/4] lap 1 ends in ruma"), "{t}");
        assert!(!s.stepping());
        assert_eq!(s.game.moves(), ["3"]);
    }

    #[test]
    fn stepping_ends_where_the_move_ends() {
        // Replaying the recorded events on the position before the move gives the position
        // after it, for every move of a game.
        let mut s = session();
        for m in ["4", "1", "3"] {
            run(&mut s, m);
        }
        for p in &s.game.history {
            let mut b = board(&p.before).clone();
            let mut hand = 0;
            for e in &p.events {
                e.apply(&mut b, &mut hand);
            }
            assert_eq!(hand, 0);
            assert_eq!(b.seeds, board(&p.after).seeds, "move {}", p.label);
        }
    }
}
