//! The files the playground touches: it reads rule files only inside the rules folder or the user
//! rules folder, and writes edited rules only into the user rules folder (a temporary file, then
//! renamed, so a crash never leaves half a rule).

use std::path::{Path, PathBuf};

use serde_json::json;

use crate::error::Error;
use crate::web::config::Config;
use crate::web::error::ApiError;
use crate::web::session::Session;
use crate::Rule;

/// Whether `path` lies in the rules folder or the user rules folder.
pub(super) fn allowed(cfg: &Config, path: &Path) -> bool {
    let Ok(p) = path.canonicalize() else {
        return false;
    };
    cfg.rules
        .dirs()
        .iter()
        .chain([&cfg.user_dir])
        .filter_map(|d| d.canonicalize().ok())
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

/// Writes an edited rule into the user folder, through the one safe writer of the engine (an
/// unpredictable temporary file, synced, then renamed; never over a pipe or a device).
pub(super) fn write_rule(cfg: &Config, target: &Path, text: &str) -> Result<(), ApiError> {
    let fail =
        |e: std::io::Error| ApiError::new(500, format!("cannot write {}: {e}", target.display()));
    std::fs::create_dir_all(&cfg.user_dir).map_err(fail)?;
    if !allowed(cfg, &cfg.user_dir) || target.parent() != Some(cfg.user_dir.as_path()) {
        return Err(ApiError::new(
            403,
            "edited rules go into the user rules folder only",
        ));
    }
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
    let same =
        |a: &std::path::Path| a == target || a.canonicalize().ok() == target.canonicalize().ok();
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
        if !crate::engine::rule::data_rule::is_data_rule(text) {
            return Err(Error::msg(format!(
                "{}: not a data rule (a data rule has a `board:` and a `pipeline:`)",
                target.display()
            )));
        }
        return Rule::data_from_text(text.to_string(), target);
    }
    Rule::from_source(text, target, cfg.user_dir.clone())
}
