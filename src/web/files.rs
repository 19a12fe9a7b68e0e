//! The files the playground touches: it reads rule files only inside the rules folder or the user
//! rules folder, and writes edited rules only into the user rules folder (a temporary file, then
//! renamed, so a crash never leaves half a rule).

use std::path::Path;

use crate::web::config::Config;
use crate::web::error::ApiError;

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
