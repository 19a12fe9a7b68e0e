//! The command table [`COMMANDS`] and the reading of a line: [`parse`] splits it into a command
//! and its arguments (or moves typed alone), with a "did you mean" for typos. `help` and `quit`,
//! which are about the table and the loop rather than the game, live here too.

use std::io::Write;

use super::files::{cmd_load, cmd_reload, cmd_save, cmd_svg};
use super::game_setup::{cmd_back, cmd_new, cmd_options, cmd_rules, cmd_set};
use super::inspect::{cmd_eval, cmd_json, cmd_vars};
use super::play::{
    cmd_ai, cmd_goto, cmd_hint, cmd_history, cmd_moves, cmd_play, cmd_redo, cmd_show, cmd_undo,
};
use super::session::{no_args, Outcome, Session};
use super::stepping::{cmd_step, cmd_trace};
use crate::engine::game::game::clip;
use crate::error::{Error, Result};

/// Longest line the REPL accepts.
pub const MAX_LINE: usize = 4096;

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
        summary: "let the computer play the next move (a solitaire: the solver's)",
        help: "In a solitaire the solver picks the first move of a shortest win, so a winnable \
               game stays winnable, and says `no win from here` when every line loses. \
               Otherwise, or when AGENT is named, an agent plays: random, greedy, \
               alphabeta[:DEPTH] or mcts[:ITERATIONS], as in `sowlab simulate` (default \
               alphabeta:4). The choice is reproducible: the agent's random draws are seeded by \
               the number of moves played. `hint` suggests a move without playing it.",
        run: cmd_ai,
    },
    Command {
        name: "hint",
        aliases: &[],
        args: "[AGENT]",
        summary: "suggest a move without playing it (a solitaire: the solver's)",
        help: "The move `ai` would play, with the reason: in a solitaire, how many moves the \
               shortest win from here takes, or `no win from here`.",
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
        args: "[laps] [M]",
        summary: "play move M seed by seed, or lap by lap (no M: show the last move again)",
        help:
            "Each pick-up, drop, capture and note is shown with the seeds in hand and the board, \
               the pit concerned marked with `*`. On a terminal press Enter for the next seed, \
               `l` for the rest of the lap, `c` for the rest of the move, `q` to stop; any other \
               input asks again. `step laps M` goes a lap at a time (Enter: next lap, `s`: next \
               seed). When stdin is not a terminal every step (or lap) is printed.",
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
        name: "svg",
        aliases: &[],
        args: "[trace] FILE",
        summary: "write the position (or, with `trace`, the last move's laps) as an SVG picture",
        help: "The picture shows counts, seeds as dots, owners, whose turn and the move labels; \
               `svg trace FILE` draws each lap of the last move as numbered arrows, one colour \
               per lap, with captures ringed. Open the file in a browser.",
        run: cmd_svg,
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
        name: "vars",
        aliases: &[],
        args: "",
        summary: "the rule's game variables, those pictures leave out included",
        help: "Pictures show only the variables a player follows (round); a rule's bookkeeping \
               (turn counters, start reserves) is listed here and in the state JSON's `vars`.",
        run: cmd_vars,
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
pub(crate) fn find_command(word: &str) -> Option<&'static Command> {
    COMMANDS
        .iter()
        .find(|c| c.name == word || c.aliases.contains(&word))
}

/// The command name closest to `word`, if it is close enough to be a likely typo.
pub(crate) fn closest_command(word: &str) -> Option<&'static str> {
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
pub(crate) enum Parsed<'a> {
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

/// Whether a word looks like a move label: `3`, `S3`, `n12`, and with a chosen direction `3cw`,
/// `S3ccw`.
pub(crate) fn looks_like_move(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    let word = match lower
        .strip_suffix("ccw")
        .or_else(|| lower.strip_suffix("cw"))
    {
        Some(w) => &word[..w.len()],
        None => word,
    };
    let digits = word.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let letters = word.len() - digits.len();
    !digits.is_empty() && letters <= 2 && digits.chars().all(|c| c.is_ascii_digit())
}

/// Whether a line is short enough and holds no control character (what `parse` checks first).
pub(crate) fn line_ok(line: &str) -> bool {
    line.chars().count() <= MAX_LINE && !line.chars().any(|c| c.is_control() && c != '\t')
}

/// Checks a line and splits it into a command and its arguments. Errors are one line.
pub(crate) fn parse(line: &str) -> Result<Parsed<'_>> {
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
    use crate::repl::tests::{run, session};

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
        // A swapped pair is one edit, so even a two-letter command is recognised.
        let e = parse("ia").unwrap_err().one_line();
        assert!(e.contains("did you mean `ai`"), "{e}");
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
        for w in ["3", "12", "S3", "n6", "SN1", "3cw", "S3ccw", "12CW"] {
            assert!(looks_like_move(w), "{w}");
        }
        for w in ["show", "x", "3a", "", "abc3", "cw", "3cwx"] {
            assert!(!looks_like_move(w), "{w}");
        }
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
}
