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

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::board::StateJson;
use crate::engine::game::{Game, Position};
use crate::engine::library::RulePath;
use crate::engine::rules::{one_line, Options, Rule};
use crate::engine::yaml;
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
    /// The rule: a name of the rules directory, a preset, or a path to a rule file.
    pub rule: String,
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
}

/// The save-file content for a game.
pub fn to_save(spec: &str, start: Option<&Position>, game: &Game) -> SaveFile {
    SaveFile {
        sowlab: FORMAT,
        rule: spec.to_string(),
        options: game.options.clone(),
        start: start.cloned(),
        moves: game.moves(),
        final_state: game.state(),
    }
}

/// Writes `save` to `path` atomically: a temporary file in the same directory, then a rename,
/// so an interrupted save never leaves a half-written file in place of a good one.
pub fn write(path: &Path, save: &SaveFile) -> Result<()> {
    let text = yaml::to_string(save)
        .map_err(|e| Error::msg(format!("cannot encode the game: {}", one_line(&e))))?;
    let fail = |e: std::io::Error| Error::msg(format!("cannot save to {}: {e}", path.display()));
    let name = path.file_name().ok_or_else(|| {
        Error::msg(format!(
            "cannot save to {}: not a file name",
            path.display()
        ))
    })?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if path.is_dir() {
        return Err(Error::msg(format!(
            "cannot save to {}: it is a directory",
            path.display()
        )));
    }
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(e));
    }
    Ok(())
}

/// Reads and checks a save file, replaying its moves (see [`restore`]).
pub fn read(path: &Path, dir: impl Into<RulePath>) -> Result<Loaded> {
    let ctx = |e: Error| e.context(path.display());
    let meta = std::fs::metadata(path)
        .map_err(|e| Error::msg(format!("cannot read {}: {e}", path.display())))?;
    if meta.is_dir() {
        return Err(Error::msg(format!(
            "cannot read {}: it is a directory",
            path.display()
        )));
    }
    if meta.len() > MAX_BYTES {
        return Err(Error::msg(format!(
            "{}: {} bytes is too big for a save file (at most {MAX_BYTES})",
            path.display(),
            meta.len()
        )));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| Error::msg(format!("cannot read {}: {e}", path.display())))?;
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
    })
}

/// A relative rule path in a save file is tried against the save file's directory.
fn resolve_rule(rule: &str, base: Option<&Path>) -> String {
    let is_path = rule.contains('/') || rule.ends_with(".rhai") || rule.ends_with(".yaml");
    let p = Path::new(rule);
    if is_path && p.is_relative() && !p.is_file() {
        if let Some(b) = base {
            let q = b.join(p);
            if q.is_file() {
                return q.display().to_string();
            }
        }
    }
    rule.to_string()
}

/// A state on one line (JSON).
pub fn compact(s: &StateJson) -> String {
    serde_json::to_string(s).unwrap_or_default()
}
