//! Save files of the REPL (`save FILE` / `load FILE`): YAML with the rule, its options, the start
//! position when it is not the rule's own, the moves and the final position. Loading checks
//! everything and replays the moves, so a file that loads is a game that can be continued.
//!
//! ```yaml
//! sowlab: 1
//! rule: tchuka_ruma
//! options:
//!   holes: 4
//!   seeds: 2
//! moves: ['3', '4']
//! final:
//!   pits: [0, 3, 3, 1]
//!   ...
//! ```

use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::base::yaml;
use crate::engine::board::state::StateJson;
use crate::engine::game::game::{Game, Position};
use crate::engine::rule::library::RulePath;
use crate::engine::rule::rules::{one_line, Options, Rule};
use crate::error::{Error, Result};

/// The version written in the `sowlab:` field of save files.
pub const FORMAT: u32 = 1;

/// Largest save file `load` reads.
pub const MAX_BYTES: u64 = 4 << 20;

/// Most moves a save file may hold.
pub const MAX_MOVES: usize = 100_000;

/// The content of a save file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// Format version ([`FORMAT`]).
    pub sowlab: u32,
    /// The rule: a name on the rules path, a preset, or a path to a rule file (relative to the
    /// save file's folder when it can be).
    pub rule: String,
    /// The rule's content hash when the game was saved: loading warns when the rule changed
    /// since. Absent in older saves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule_hash: Option<String>,
    /// Every option value in force.
    #[serde(default)]
    pub options: Options,
    /// The start position, when the game did not start from the rule's own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Position>,
    /// The moves played, oldest first.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The position after the moves (checked on loading).
    #[serde(rename = "final")]
    pub final_state: StateJson,
}

/// A loaded game: the rule as it was named, the custom start, and the replayed game.
pub struct Loaded {
    /// The rule as the file names it (a name, or a path resolved against the file's directory).
    pub spec: String,
    /// The custom start position, if any.
    pub start: Option<Position>,
    /// The game, with every move replayed.
    pub game: Game,
    /// Set when the rule's content differs from the one the game was saved with (the moves
    /// still replayed and the final position still matched).
    pub warning: Option<String>,
}

/// The save-file content for a game.
pub fn to_save(spec: &str, start: Option<&Position>, game: &Game) -> SaveFile {
    SaveFile {
        sowlab: FORMAT,
        rule: spec.to_string(),
        rule_hash: Some(game.rule.content_hash.clone()),
        options: game.options.clone(),
        start: start.cloned(),
        moves: game.moves(),
        final_state: game.state(),
    }
}

/// Writes `save` to `path` safely: the text goes to a new temporary file with an unpredictable
/// name in the same directory, is flushed to disk, and then renamed over `path` (and the directory
/// flushed), so a failure at any point leaves the old save as it was. A symbolic link is followed
/// (the file it names is replaced, the link stays); a named pipe, a device or a directory is
/// refused, never replaced; an existing file keeps its permissions.
pub fn write(path: &Path, save: &SaveFile) -> Result<()> {
    let text = yaml::to_string(save)
        .map_err(|e| Error::msg(format!("cannot encode the game: {}", one_line(&e))))?;
    crate::engine::base::files::write_replacing(path, text.as_bytes(), "save to")
}

/// Reads and checks a save file, replaying its moves (see [`restore`]).
pub fn read(path: &Path, dir: impl Into<RulePath>) -> Result<Loaded> {
    let ctx = |e: Error| e.context(path.display());
    let bytes = crate::engine::base::files::read_bytes(path, "")?;
    restore(&bytes, dir, path.parent()).map_err(ctx)
}

/// Parses save-file bytes, loads the rule, checks the options and start position, replays the
/// moves and checks the final position. `base` is the directory relative rule paths are tried
/// against (the save file's own). Never panics on any input.
pub fn restore(bytes: &[u8], dir: impl Into<RulePath>, base: Option<&Path>) -> Result<Loaded> {
    if bytes.len() as u64 > MAX_BYTES {
        return Err(Error::msg("too big for a save file"));
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|e| Error::msg(format!("not a save file: not UTF-8 text ({e})")))?;
    crate::engine::base::files::check_yaml(text)
        .map_err(|e| Error::msg(format!("not a save file: {e}")))?;
    let save: SaveFile = yaml::from_str(text).map_err(|e| {
        let m = one_line(&e);
        if m.starts_with("missing field `sowlab`") {
            // Hand-written or foreign YAML: say what a save file looks like.
            Error::msg(format!(
                "not a save file: it has no `sowlab: {FORMAT}` line (a file written by `save` starts with it)"
            ))
        } else {
            Error::msg(format!("not a save file: {m}"))
        }
    })?;
    if save.sowlab != FORMAT {
        return Err(Error::msg(format!(
            "save format {} is not known (this sowlab reads format {FORMAT})",
            save.sowlab
        )));
    }
    if save.moves.len() > MAX_MOVES {
        return Err(Error::msg(format!(
            "{} moves is more than a save file may hold ({MAX_MOVES})",
            save.moves.len()
        )));
    }
    let spec = resolve_rule(&save.rule, base);
    let rule = Arc::new(Rule::load(&spec, dir)?);
    let options = rule.check_options(&save.options)?;
    let mut game = match &save.start {
        Some(p) => Game::with_position(rule, options, p)?,
        None => Game::new(rule, options)?,
    };
    let warning = match &save.rule_hash {
        Some(h) if *h != game.rule.content_hash => Some(format!(
            "warning: the rule `{}` changed since this game was saved (its content hash was {h}, is {}); the moves were replayed under the rule as it is now",
            crate::text::escape(&spec),
            game.rule.content_hash
        )),
        _ => None,
    };
    game.play_all(&save.moves)?;
    let got = game.state();
    if got != save.final_state {
        return Err(Error::msg(format!(
            "the moves do not lead to the saved final position (saved {}, replayed {})",
            compact(&save.final_state),
            compact(&got)
        )));
    }
    Ok(Loaded {
        spec,
        start: save.start,
        game,
        warning,
    })
}

/// How a save file names its rule: the rule's name when that name on the rules path finds the
/// same rule (same content), else its path relative to the save file's folder, else as given.
/// So saves move with their folder and do not carry one machine's absolute paths.
pub fn rule_spec_for_save(spec: &str, rule: &Rule, dir: &RulePath, save_path: &Path) -> String {
    if !is_path_spec(spec) {
        return spec.to_string();
    }
    if let Ok(by_name) = Rule::load(&rule.name, dir) {
        if by_name.content_hash == rule.content_hash {
            return rule.name.clone();
        }
    }
    let rule_file = crate::engine::base::files::canonical(Path::new(spec));
    let save_dir = save_path
        .parent()
        .map(|d| {
            if d.as_os_str().is_empty() {
                Path::new(".")
            } else {
                d
            }
        })
        .and_then(|d| crate::engine::base::files::canonical(d).ok());
    match (rule_file, save_dir) {
        (Ok(f), Some(d)) => relative(&d, &f).unwrap_or(f).display().to_string(),
        (Ok(f), None) => f.display().to_string(),
        _ => spec.to_string(),
    }
}

/// `to` relative to the folder `from` (both absolute), e.g. `../rules/mine.rhai`.
fn relative(from: &Path, to: &Path) -> Option<std::path::PathBuf> {
    let (a, b): (Vec<_>, Vec<_>) = (from.components().collect(), to.components().collect());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common == 0 {
        return None;
    }
    let mut out = std::path::PathBuf::new();
    for _ in common..a.len() {
        out.push("..");
    }
    for c in &b[common..] {
        out.push(c.as_os_str());
    }
    Some(out)
}

/// A relative rule path in a save file is tried against the save file's directory first, then
/// as it is (older saves wrote paths relative to where sowlab ran).
fn resolve_rule(rule: &str, base: Option<&Path>) -> String {
    let p = Path::new(rule);
    // The save file's folder first: `save` writes rule paths relative to it.
    if is_path_spec(rule) && p.is_relative() {
        if let Some(b) = base {
            let q = b.join(p);
            if q.is_file() {
                return q.display().to_string();
            }
        }
    }
    rule.to_string()
}

/// Whether a rule spec names a file (as `Rule::load` reads it) rather than a rule by name.
fn is_path_spec(spec: &str) -> bool {
    spec.contains('/') || spec.ends_with(".rhai") || spec.ends_with(".yaml")
}

/// A state on one line (JSON).
pub fn compact(s: &StateJson) -> String {
    serde_json::to_string(s).unwrap_or_default()
}
