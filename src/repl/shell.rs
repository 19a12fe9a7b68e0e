//! The loop around [`handle`]: rustyline on a terminal (prompt, completion, a hint of the legal
//! moves, history kept across sessions), or plain line-by-line reading when stdin is not a
//! terminal (each line echoed as `> line`, no prompt, exit status 1 if any command
//! failed — so a transcript is a test).

use std::borrow::Cow;
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::Ordering;

use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::{Hint, Hinter};
use rustyline::history::DefaultHistory;
use rustyline::{CompletionType, Config, Context, Editor, Helper, Validator};

use super::commands::COMMANDS;
use super::commands::{find_command, looks_like_move};
use super::handle;
use super::session::{title, Outcome, Session};
use crate::engine::rule::rules;
use crate::engine::script::primitives::INTERRUPTED;
use crate::render::Style;

/// Runs the REPL on `session` until `quit`, end of input or Ctrl-D; returns the exit status.
/// `colour`: whether pictures and hints are in colour (the caller's colour policy).
pub fn run(mut session: Session, colour: bool) -> i32 {
    let tty = std::io::stdin().is_terminal();
    session.interactive = tty;
    session.style = Style { colour };
    if tty {
        interactive(session)
    } else {
        batch(
            session,
            std::io::stdin().lock(),
            &mut std::io::stdout().lock(),
        )
    }
}

/// Where the command history is kept: `$XDG_DATA_HOME/sowlab/history` or
/// `~/.local/share/sowlab/history`.
pub fn history_path() -> Option<PathBuf> {
    history_path_from(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))
}

fn history_path_from(
    xdg: Option<std::ffi::OsString>,
    home: Option<std::ffi::OsString>,
) -> Option<PathBuf> {
    let base = match xdg {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => PathBuf::from(home.filter(|h| !h.is_empty())?)
            .join(".local")
            .join("share"),
    };
    Some(base.join("sowlab").join("history"))
}

/// Reads commands from `input` line by line, echoing each as `> line`; returns 1 if any failed.
pub fn batch(mut session: Session, mut input: impl BufRead, out: &mut impl Write) -> i32 {
    let _ = writeln!(out, "{}", title(&session));
    let _ = write!(out, "{}", session.show());
    let mut failed = false;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        // Read at most a few times the longest line accepted, so a huge line cannot fill memory.
        let limit = (super::MAX_LINE * 4 + 2) as u64;
        match std::io::Read::take(&mut input, limit).read_until(b'\n', &mut buf) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => {
                let _ = writeln!(out, "error: cannot read the input: {e}");
                failed = true;
                break;
            }
        }
        if !buf.ends_with(b"\n") && buf.len() as u64 == limit {
            // Skip the rest of the line.
            let mut skipped = 0usize;
            loop {
                let (done, used) = match input.fill_buf() {
                    Ok([]) | Err(_) => (true, 0),
                    Ok(b) => match b.iter().position(|&c| c == b'\n') {
                        Some(i) => (true, i + 1),
                        None => (false, b.len()),
                    },
                };
                input.consume(used);
                skipped += used;
                if done {
                    break;
                }
            }
            let _ = writeln!(out, "> {}", echo(&String::from_utf8_lossy(&buf[..120])));
            let _ = writeln!(
                out,
                "error: line too long (more than {} bytes, at most {} characters); nothing done",
                buf.len() + skipped,
                super::MAX_LINE
            );
            failed = true;
            continue;
        }
        if buf.ends_with(b"\n") {
            buf.pop();
            if buf.ends_with(b"\r") {
                buf.pop();
            }
        }
        let line = match std::str::from_utf8(&buf) {
            Ok(l) => l,
            Err(_) => {
                let _ = writeln!(out, "> {}", String::from_utf8_lossy(&buf));
                let _ = writeln!(out, "error: the line is not UTF-8 text; nothing done");
                failed = true;
                continue;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let _ = writeln!(out, "> {}", echo(line));
        INTERRUPTED.store(false, Ordering::SeqCst);
        let o = handle(line, &mut session, out);
        if INTERRUPTED.swap(false, Ordering::SeqCst) {
            let _ = writeln!(out, "interrupted");
            return 130;
        }
        match o {
            Outcome::Done => {}
            Outcome::Failed => failed = true,
            Outcome::Quit => break,
        }
    }
    let _ = out.flush();
    i32::from(failed)
}

/// A line as echoed: control characters made visible, very long lines shortened.
fn echo(line: &str) -> String {
    let n = line.chars().count();
    let mut s: String = line
        .chars()
        .take(120)
        .flat_map(|c| {
            if c.is_control() {
                c.escape_debug().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect();
    if n > 120 {
        s.push_str(&format!("… ({n} characters)"));
    }
    s
}

fn interactive(mut session: Session) -> i32 {
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .auto_add_history(false)
        .max_history_size(5000)
        .map(|c| c.build())
        .unwrap_or_default();
    let mut rl: Editor<ReplHelper, DefaultHistory> = match Editor::with_config(config) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("sowlab: cannot start the line editor ({e}); reading plain lines");
            return batch(
                session,
                std::io::stdin().lock(),
                &mut std::io::stdout().lock(),
            );
        }
    };
    rl.set_helper(Some(ReplHelper::new(&session)));
    let hist = history_path();
    // (the line editor opens the history itself: only a regular file within the cap is handed
    // to it, as the file door would read it; a pipe there would block, a huge file fill memory)
    let hist = hist.filter(|p| crate::engine::base::files::absent_or_small_regular(p));
    if let Some(p) = &hist {
        let _ = rl.load_history(p);
    }
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{}", title(&session));
    let _ = write!(out, "{}", session.show());
    let _ = writeln!(
        out,
        "type help for the commands, Tab to complete, quit or Ctrl-D to leave"
    );
    loop {
        INTERRUPTED.store(false, Ordering::SeqCst);
        let prompt = session.prompt();
        match rl.readline(&prompt) {
            Ok(text) => {
                // A pasted block arrives as one text with newlines: run its lines one by one, as
                // if typed, and stop at the first that fails.
                let lines = pasted_lines(&text);
                let mut quit = false;
                for (i, line) in lines.iter().enumerate() {
                    if i > 0 {
                        let _ = writeln!(out, "{}{line}", session.prompt());
                    }
                    if !line.trim().is_empty() && !session.stepping() {
                        let _ = rl.add_history_entry(*line);
                    }
                    let o = handle(line, &mut session, &mut out);
                    // A command that was interrupted says so in its error; one that finished
                    // anyway gets a note.
                    let interrupted = INTERRUPTED.swap(false, Ordering::SeqCst);
                    if interrupted && o != Outcome::Failed {
                        let _ = writeln!(out, "(interrupted)");
                    }
                    if o == Outcome::Quit {
                        quit = true;
                        break;
                    }
                    let left = lines.len() - i - 1;
                    if (o == Outcome::Failed || interrupted) && left > 0 {
                        let _ = writeln!(
                            out,
                            "({left} pasted line{} not run)",
                            if left == 1 { "" } else { "s" }
                        );
                        break;
                    }
                }
                if quit {
                    break;
                }
                if let Some(h) = rl.helper_mut() {
                    h.refresh(&session);
                }
            }
            Err(ReadlineError::Interrupted) => {
                if session.stepping() {
                    handle("q", &mut session, &mut out);
                } else {
                    let _ = writeln!(out, "(Ctrl-C: type quit or press Ctrl-D to leave)");
                }
            }
            Err(ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("sowlab: {e}");
                break;
            }
        }
    }
    if let Some(p) = &hist {
        // Failing to keep the history is not an error.
        if let Some(d) = p.parent() {
            let _ = crate::engine::base::files::create_dir_all(d);
        }
        if crate::engine::base::files::absent_or_small_regular(p) {
            let _ = rl.append_history(p);
        }
    }
    0
}

/// The commands of what the line editor returned: one line as typed, or the non-blank lines of
/// a pasted block (which arrives with its newlines).
pub fn pasted_lines(text: &str) -> Vec<&str> {
    if !text.contains(['\n', '\r']) {
        return vec![text];
    }
    text.split(['\n', '\r'])
        .filter(|l| !l.trim().is_empty())
        .collect()
}

/// Completion and hints: command names, rule names, option keys, legal moves, file names.
#[derive(Helper, Validator)]
pub struct ReplHelper {
    rules: Vec<String>,
    options: Vec<String>,
    moves: Vec<String>,
    colour: bool,
    files: FilenameCompleter,
}

impl ReplHelper {
    /// A helper for the session's game.
    pub fn new(s: &Session) -> ReplHelper {
        let mut h = ReplHelper {
            rules: rules::names(&s.dir),
            options: Vec::new(),
            moves: Vec::new(),
            colour: s.style.colour,
            files: FilenameCompleter::new(),
        };
        h.refresh(s);
        h
    }

    /// Refreshes the option keys and legal moves after a command.
    pub fn refresh(&mut self, s: &Session) {
        self.options = s
            .game
            .rule
            .options
            .iter()
            .map(|o| format!("{}=", o.name))
            .collect();
        // While a move is being stepped, Enter means "next step": no move hint then.
        self.moves = if s.stepping() {
            Vec::new()
        } else {
            s.game.legal_labels().unwrap_or_default()
        };
    }

    /// The candidates for the word at the cursor, given the words before it.
    pub fn candidates(&self, before: &[&str], word: &str) -> Vec<String> {
        let mut c: Vec<String> = match before.first().copied() {
            None => COMMANDS
                .iter()
                .map(|c| c.name.to_string())
                .chain(self.moves.iter().cloned())
                .collect(),
            Some(cmd) => match find_command(cmd).map(|c| c.name) {
                Some("play") => self.moves.clone(),
                Some("step") if before.len() == 1 => self.moves.clone(),
                Some("set") => self.options.clone(),
                Some("new") if before.len() == 1 => {
                    self.rules.iter().chain(&self.options).cloned().collect()
                }
                Some("new") => self.options.clone(),
                Some("rules") if before.len() == 1 => self.rules.clone(),
                Some("help") if before.len() == 1 => {
                    COMMANDS.iter().map(|c| c.name.to_string()).collect()
                }
                None if looks_like_move(cmd) => self.moves.clone(),
                _ => Vec::new(),
            },
        };
        c.retain(|x| x.starts_with(word));
        c
    }
}

impl Completer for ReplHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let head = &line[..pos];
        let start = head.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let before: Vec<&str> = head[..start].split_whitespace().collect();
        if let Some(c) = before.first().and_then(|w| find_command(w)) {
            if matches!(c.name, "save" | "load") {
                return self.files.complete(line, pos, ctx);
            }
        }
        let pairs = self
            .candidates(&before, &head[start..])
            .into_iter()
            .map(|c| Pair {
                display: c.clone(),
                replacement: if c.ends_with('=') { c } else { format!("{c} ") },
            })
            .collect();
        Ok((start, pairs))
    }
}

/// A hint shown after the cursor on an empty line: the legal moves. Never inserted.
pub struct MovesHint(String);

impl Hint for MovesHint {
    fn display(&self) -> &str {
        &self.0
    }

    fn completion(&self) -> Option<&str> {
        None
    }
}

impl Hinter for ReplHelper {
    type Hint = MovesHint;

    fn hint(&self, line: &str, _pos: usize, _ctx: &Context<'_>) -> Option<MovesHint> {
        if line.is_empty() && !self.moves.is_empty() {
            Some(MovesHint(format!("  moves: {}", self.moves.join(" "))))
        } else {
            None
        }
    }
}

impl Highlighter for ReplHelper {
    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.colour {
            Cow::Owned(format!("\x1b[2m{hint}\x1b[0m"))
        } else {
            Cow::Borrowed(hint)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pasted_block_is_split_into_its_lines() {
        // Typed lines, even empty ones (Enter while stepping), are kept as they are.
        assert_eq!(pasted_lines("3 4"), ["3 4"]);
        assert_eq!(pasted_lines(""), [""]);
        // A paste (bracketed paste keeps the newlines) runs line by line; blank lines are skipped.
        assert_eq!(pasted_lines("3\n4\r\n\n  \ntrace\n"), ["3", "4", "trace"]);
        assert!(pasted_lines("\n\n").is_empty());
    }

    #[test]
    fn completes_commands_moves_rules_and_options() {
        let s = Session::new(crate::RulePath::builtin(), "tchuka_ruma", &[], None).expect("loads");
        let h = ReplHelper::new(&s);
        assert_eq!(h.candidates(&[], "he"), ["help"]);
        assert_eq!(h.candidates(&[], "re"), ["redo", "reload"]);
        assert_eq!(h.candidates(&[], "3"), ["3"]);
        assert_eq!(h.candidates(&["play"], ""), ["1", "2", "3", "4"]);
        assert_eq!(h.candidates(&["set"], "h"), ["holes="]);
        assert_eq!(
            h.candidates(&["new"], "raja"),
            [
                "raja_pasu",
                "raja_pasu_last_seed_no_four",
                "raja_pasu_round"
            ]
        );
        assert_eq!(
            h.candidates(&["rules"], "tchuka_ruma"),
            ["tchuka_ruma", "tchuka_ruma_6"]
        );
        assert_eq!(h.candidates(&["new", "tchuka_ruma"], "s"), ["seeds="]);
        assert_eq!(h.candidates(&["help"], "st"), ["step"]);
        assert!(h.candidates(&["json"], "").is_empty());
    }

    #[test]
    fn batch_echoes_and_fails_when_a_command_fails() {
        let s = Session::new(crate::RulePath::builtin(), "tchuka_ruma", &[], None).expect("loads");
        let mut out = Vec::new();
        let code = batch(s, &b"4\r\n\nbogus\n\xff\njson\n"[..], &mut out);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(code, 1, "{text}");
        assert!(
            text.contains("> 4\nmove 4: 2 laps, last seed in 4\n"),
            "{text}"
        );
        assert!(
            text.contains("> bogus\nerror: unknown command `bogus`"),
            "{text}"
        );
        assert!(text.contains("error: the line is not UTF-8 text"), "{text}");
        let s = Session::new(crate::RulePath::builtin(), "tchuka_ruma", &[], None).expect("loads");
        let mut out = Vec::new();
        assert_eq!(batch(s, &b"4\nquit\nbogus\n"[..], &mut out), 0);
        // A huge line is skipped without being read whole; the next line still runs.
        let s = Session::new(crate::RulePath::builtin(), "tchuka_ruma", &[], None).expect("loads");
        let mut input = vec![b'3'; 1 << 20];
        input.extend_from_slice(b"\njson\n");
        let mut out = Vec::new();
        assert_eq!(batch(s, &input[..], &mut out), 1);
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("error: line too long (more than 1048577 bytes"),
            "{text}"
        );
        assert!(text.contains("> json\n{\"pits\":[2,2,2,2]"), "{text}");
    }

    #[test]
    fn history_lives_in_the_data_directory() {
        let p = |x: Option<&str>, h: Option<&str>| {
            history_path_from(x.map(Into::into), h.map(Into::into))
        };
        assert_eq!(
            p(Some("/d"), Some("/h")),
            Some(PathBuf::from("/d/sowlab/history"))
        );
        assert_eq!(
            p(Some(""), Some("/h")),
            Some(PathBuf::from("/h/.local/share/sowlab/history"))
        );
        assert_eq!(
            p(None, Some("/h")),
            Some(PathBuf::from("/h/.local/share/sowlab/history"))
        );
        assert_eq!(p(None, None), None);
    }
}
