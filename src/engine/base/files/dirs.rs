//! Folders and paths through the door: creating folders (never through, or over, something that
//! is not a folder), a path's real place (links resolved) and whether it is a link. The policies
//! that confine files to a folder (the playground's rules folders) ask here, so reading, writing
//! and judging links agree.

use std::io::{Error as IoError, ErrorKind};
use std::path::{Path, PathBuf};

/// Creates folder `dir` and the folders above it that are missing. A path that exists and is not
/// a folder (after links: a file, a pipe, a device, a dangling link) is refused, saying what it
/// is, and nothing is created under it.
#[allow(clippy::disallowed_methods)] // the door itself
pub fn create_dir_all(dir: &Path) -> std::io::Result<()> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => return Ok(()),
        Ok(m) => {
            let what = if m.is_file() {
                "a file"
            } else {
                "not a folder (a device, a pipe or a socket)"
            };
            return Err(IoError::new(
                ErrorKind::AlreadyExists,
                format!("it exists and is {what}"),
            ));
        }
        Err(e) if e.kind() == ErrorKind::NotFound => {
            if is_link(dir) {
                return Err(IoError::new(
                    ErrorKind::AlreadyExists,
                    "it is a symbolic link that leads nowhere",
                ));
            }
        }
        Err(e) => return Err(e),
    }
    std::fs::create_dir_all(dir)?;
    // (checked again: something else may have been put there meanwhile)
    if !std::fs::metadata(dir)?.is_dir() {
        return Err(IoError::new(ErrorKind::AlreadyExists, "not a folder"));
    }
    Ok(())
}

/// The real path of `path`: absolute, every link resolved (an error when it does not exist).
#[allow(clippy::disallowed_methods)] // the door itself
pub fn canonical(path: &Path) -> std::io::Result<PathBuf> {
    std::fs::canonicalize(path)
}

/// Whether `path` itself is a symbolic link (not followed).
#[allow(clippy::disallowed_methods)] // the door itself
pub fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}
