//! The files the playground touches: it reads rule files only inside the rules folder or the user
//! rules folder, and writes edited rules only into the user rules folder (a temporary file, then
//! renamed, so a crash never leaves half a rule).

use std::path::{Path, PathBuf};

use serde_json::json;

use crate::engine::base::files::{canonical, create_dir_all, is_link};
use crate::error::Error;
use crate::web::config::Config;
use crate::web::error::ApiError;
use crate::web::session::Session;
use crate::Rule;

/// Whether `path` lies in the rules folder or the user rules folder.
pub(super) fn allowed(cfg: &Config, path: &Path) -> bool {
    let Ok(p) = canonical(path) else {
        return false;
    };
    cfg.rules
        .dirs()
        .iter()
        .chain([&cfg.user_dir])
        .filter_map(|d| canonical(d).ok())
        .any(|d| p.starts_with(d))
}

pub(super) fn read_allowed(cfg: &Config, path: &Path) -> Result<String, ApiError> {
    if !allowed(cfg, path) {
        return Err(ApiError::new(
            403,
            format!(
                "{} is outside the rules folder and the user rules folder",
                path.display()
            ),
        ));
    }
    crate::engine::base::files::read_text(path, "rule file")
        .map_err(|e| ApiError::new(422, e.one_line()))
}

/// Whether an edited rule may be written as `target`: a file directly in the user folder and, when
/// it is a symbolic link, one whose file is in the user folder too. Links are judged as for
/// reading ([`allowed`]: where they lead), so reads and writes agree: a link out of the folders
/// is neither read nor written through, and a link into the rules folder is read but not
/// written (edits go into the user folder only).
pub(super) fn check_rule_target(cfg: &Config, target: &Path) -> Result<(), ApiError> {
    let refused = || ApiError::new(403, "edited rules go into the user rules folder only");
    if target.parent() != Some(cfg.user_dir.as_path()) {
        return Err(refused());
    }
    if is_link(target) {
        let inside = match (canonical(target), canonical(&cfg.user_dir)) {
            (Ok(t), Ok(d)) => t.starts_with(d),
            _ => false,
        };
        if !inside {
            return Err(ApiError::new(
                403,
                format!(
                    "not saved: {} is a symbolic link to a file outside the user rules folder; \
                     nothing was written",
                    target.display()
                ),
            ));
        }
    }
    Ok(())
}

/// Writes an edited rule into the user folder (see [`check_rule_target`]), through the one safe
/// writer of the engine (an unpredictable temporary file, synced, then renamed; never over a pipe
/// or a device).
pub(super) fn write_rule(cfg: &Config, target: &Path, text: &str) -> Result<(), ApiError> {
    check_rule_target(cfg, target)?;
    let fail =
        |e: std::io::Error| ApiError::new(500, format!("cannot write {}: {e}", target.display()));
    create_dir_all(&cfg.user_dir).map_err(fail)?;
    crate::engine::base::files::write_replacing(target, text.as_bytes(), "write")
        .map_err(|e| ApiError::new(500, e.one_line()))
}

/// Where the page's Save writes the session's edited rule: the user folder, under the shown
/// file's name with its kind's extension (a data rule stays `.yaml`, a script `.rhai`). A file
/// of that name that is not the one shown (nor one this session saved) is not replaced unless
/// `overwrite` says so: the error says so, with `"exists": true`, so that the page can ask.
pub(super) fn save_target(cfg: &Config, s: &Session, overwrite: bool) -> Result<PathBuf, ApiError> {
    let shown = &s.game.rule.path;
    let stem = shown
        .file_stem()
        .map(|x| x.to_string_lossy().to_string())
        .filter(|x| !x.is_empty())
        .unwrap_or_else(|| "rule".into());
    let ext = match shown.extension().and_then(|e| e.to_str()) {
        Some("yaml" | "yml") => "yaml",
        _ => "rhai",
    };
    let target = cfg.user_dir.join(format!("{stem}.{ext}"));
    let same = |a: &std::path::Path| a == target || canonical(a).ok() == canonical(&target).ok();
    if target.exists() && !overwrite && !same(shown) && !s.saved.iter().any(|p| same(p)) {
        let mut e = ApiError::new(
            409,
            format!(
                "not saved: {} already exists in the user rules folder and is not the file shown \
                 ({}); saving would replace it (save again with \"overwrite\": true to replace it)",
                target.display(),
                shown.display()
            ),
        );
        e.body["exists"] = json!(true);
        e.body["path"] = json!(target.display().to_string());
        return Err(e);
    }
    Ok(target)
}

/// The rule an edited text would be once saved as `target`: a data rule (YAML) or a script
/// whose imports resolve in the user folder.
pub(super) fn rule_from_text(
    text: &str,
    target: &std::path::Path,
    cfg: &Config,
) -> crate::Result<Rule> {
    if target.extension().is_some_and(|e| e == "yaml") {
        crate::engine::base::files::check_yaml(text)
            .map_err(|e| Error::msg(format!("{}: {e}", target.display())))?;
        if !crate::engine::rule::data::is_data_rule(text) {
            return Err(Error::msg(format!(
                "{}: not a data rule (a data rule has a `board:` and a `pipeline:`)",
                target.display()
            )));
        }
        return Rule::data_from_text(text.to_string(), target);
    }
    Rule::from_source(text, target, cfg.user_dir.clone())
}
