//! Errors with a clear first line: what went wrong and where (`file:line:col` for scripts).

use std::fmt;
use std::path::Path;

use rhai::{EvalAltResult, ParseError};

/// Any error sowlab reports to a user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// An error in a script, at a known place.
    Script {
        /// The script file.
        file: String,
        /// 1-based line (0 when unknown).
        line: usize,
        /// 1-based column (0 when unknown).
        col: usize,
        /// What went wrong.
        message: String,
    },
    /// Anything else: a bad input, option, move, file.
    Msg(String),
}

/// Shorthand for results with an [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// A plain error message.
    pub fn msg(s: impl Into<String>) -> Error {
        Error::Msg(s.into())
    }

    /// The error on one line (no source excerpt). Control and escape characters (from file names,
    /// script messages, file contents) are shown escaped: the line can neither drive a terminal
    /// nor break into several lines.
    pub fn one_line(&self) -> String {
        crate::text::escape(&self.raw_line()).into_owned()
    }

    fn raw_line(&self) -> String {
        match self {
            Error::Script {
                file,
                line,
                col,
                message,
            } => {
                if *line == 0 {
                    format!("{file}: {message}")
                } else {
                    format!("{file}:{line}:{col}: {message}")
                }
            }
            Error::Msg(m) => m.clone(),
        }
    }

    /// Adds context in front of the message.
    pub fn context(self, what: impl fmt::Display) -> Error {
        self.map_message(|m| format!("{what}: {m}"))
    }

    /// Rewrites the message, keeping the place.
    pub fn map_message(self, f: impl FnOnce(String) -> String) -> Error {
        match self {
            Error::Msg(m) => Error::Msg(f(m)),
            Error::Script {
                file,
                line,
                col,
                message,
            } => Error::Script {
                file,
                line,
                col,
                message: f(message),
            },
        }
    }

    /// Converts a parse error in `file`.
    pub fn from_parse(file: &Path, e: &ParseError) -> Error {
        let pos = e.position();
        let message = e.err_type().to_string();
        Error::Script {
            file: file.display().to_string(),
            line: pos.line().unwrap_or(0),
            col: pos.position().unwrap_or(0),
            message,
        }
    }

    /// Converts a runtime error raised while running `file` (or a module it imported), using the
    /// innermost error's place and message.
    pub fn from_eval(file: &Path, e: &EvalAltResult) -> Error {
        let mut source = file.display().to_string();
        let mut cur = e;
        let mut outer_pos = e.position();
        loop {
            match cur {
                EvalAltResult::ErrorInFunctionCall(_, src, inner, pos) => {
                    if !src.is_empty() {
                        source = src.clone();
                    }
                    if !pos.is_none() {
                        outer_pos = *pos;
                    }
                    cur = inner;
                }
                EvalAltResult::ErrorInModule(path, inner, pos) => {
                    if !path.is_empty() {
                        source = path.clone();
                    }
                    if !pos.is_none() {
                        outer_pos = *pos;
                    }
                    cur = inner;
                }
                _ => break,
            }
        }
        let mut pos = cur.position();
        if pos.is_none() {
            pos = outer_pos;
        }
        let message = match cur {
            EvalAltResult::ErrorTerminated(token, _) => token.to_string(),
            EvalAltResult::ErrorRuntime(v, _) => v.to_string(),
            EvalAltResult::ErrorTooManyOperations(_) => {
                "too many operations (an endless loop?)".to_string()
            }
            EvalAltResult::ErrorStackOverflow(_) => {
                "call stack overflow (endless recursion?)".into()
            }
            other => strip_position(&other.to_string()),
        };
        Error::Script {
            file: source,
            line: pos.line().unwrap_or(0),
            col: pos.position().unwrap_or(0),
            message,
        }
    }
}

/// Removes a trailing ` (line L, position C)` that Rhai appends to messages.
fn strip_position(s: &str) -> String {
    match s.rfind(" (line ") {
        Some(i) if s.ends_with(')') => s[..i].to_string(),
        _ => s.to_string(),
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.one_line())
    }
}

impl std::error::Error for Error {}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Msg(e.to_string())
    }
}

/// Edit distance between two words, counting a swapped pair of neighbouring letters as one edit
/// (optimal string alignment, from `strsim`): `shwo` is one edit from `show`, as a typist sees it.
pub fn edit_distance(a: &str, b: &str) -> usize {
    strsim::osa_distance(a, b)
}

/// The candidate `word` is the start of (the shortest such, for a word of three letters or
/// more: someone typing the start of a name), else the one closest to it when that is close
/// enough to be a likely typo (two letters wrong, or a third of a long name).
pub fn closest<'a>(word: &str, candidates: &'a [String]) -> Option<&'a str> {
    let w = word.to_lowercase();
    let start_of = |min: usize| {
        candidates
            .iter()
            .filter(|c| w.chars().count() >= min && c.len() > w.len() && c.starts_with(&w))
            .min_by_key(|c| c.len())
            .map(String::as_str)
    };
    if let Some(c) = start_of(3) {
        return Some(c);
    }
    let near = candidates
        .iter()
        .map(|c| (edit_distance(&w, c), c.as_str()))
        .filter(|&(d, c)| d > 0 && d < w.chars().count() && d <= (c.chars().count() / 3).max(2))
        .min();
    if let Some((_, c)) = near {
        return Some(c);
    }
    start_of(2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swapped_pair_is_one_edit() {
        assert_eq!(edit_distance("shwo", "show"), 1);
        assert_eq!(edit_distance("ia", "ai"), 1);
        assert_eq!(edit_distance("kalah", "kalah"), 0);
        assert_eq!(edit_distance("kalah", "oware"), 5);
        assert_eq!(edit_distance("", "abc"), 3);
        // Letters, not bytes.
        assert_eq!(edit_distance("répl", "rpél"), 1);
    }

    #[test]
    fn closest_forgives_two_swaps_in_a_rule_name() {
        let names: Vec<String> = ["kalah", "oware", "tchuka_ruma", "raja_pasu"]
            .map(String::from)
            .to_vec();
        // Two swaps: two edits (plain Levenshtein counts three and four, too far).
        assert_eq!(closest("oawer", &names), Some("oware"));
        assert_eq!(closest("tchuak_rmua", &names), Some("tchuka_ruma"));
        assert_eq!(closest("KALHA", &names), Some("kalah"));
        assert_eq!(closest("tchuka", &names), Some("tchuka_ruma"));
        assert_eq!(closest("zzzzz", &names), None);
    }

    #[test]
    fn the_start_of_a_name_beats_a_two_letter_typo_of_another() {
        // `tchuka` is two edits from `tshuba`, and the start of `tchuka_ruma`.
        let names: Vec<String> = ["tshuba", "tchuka_ruma"].map(String::from).to_vec();
        assert_eq!(closest("tchuka", &names), Some("tchuka_ruma"));
        assert_eq!(closest("tshubs", &names), Some("tshuba"));
    }
}
