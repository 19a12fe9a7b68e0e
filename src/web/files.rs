//! The files the playground touches: it reads rule files only inside the rules folder or the user
//! rules folder, and writes edited rules only into the user rules folder (a temporary file, then
//! renamed, so a crash never leaves half a rule).

use std::path::Path;

use super::api::{ApiError, Config};

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
    std::fs::read_to_string(path)
        .map_err(|e| ApiError::new(422, format!("{}: {e}", path.display())))
}

/// Writes an edited rule into the user folder (a temporary file, then renamed).
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
    let tmp = target.with_extension("rhai.tmp");
    std::fs::write(&tmp, text).map_err(fail)?;
    std::fs::rename(&tmp, target).map_err(fail)
}
