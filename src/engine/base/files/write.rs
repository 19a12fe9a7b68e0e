//! The writing half of the door: every file sowlab writes is written whole into a new temporary
//! file beside its target, flushed to disk, and renamed over the target only when complete (then
//! the folder is flushed). A special file (a pipe, a device, a socket, a directory) is refused as
//! a target, checked when writing starts and again right before the rename; it is never opened
//! nor replaced.

use std::path::{Path, PathBuf};

use super::read::not_regular;
use crate::error::{Error, Result};

/// Writes `bytes` to `path` safely (see [`SafeFile`]): a failure at any point leaves the old file
/// as it was. `verb` starts the error (`save to`, `write`).
pub fn write_replacing(path: &Path, bytes: &[u8], verb: &str) -> Result<()> {
    use std::io::Write;
    let mut f = SafeFile::create(path, verb)?;
    f.write_all(bytes).map_err(|e| f.fail(&e))?;
    f.commit()
}

/// A file being written, as a whole or in pieces (the games of a run as they finish): the pieces
/// go to a temporary file, and only [`SafeFile::commit`] puts it in place. Dropped without a
/// commit (the run failed), it is removed and the old file stays as it was.
///
/// The policy:
/// - the temporary file is created in the target's folder with an unpredictable name
///   (`.sowlab-XXXXXX.tmp`, random), `O_CREAT|O_EXCL` (so a link planted at its name is never
///   followed: the creation fails instead);
/// - a target that is a symbolic link is followed: the file it names is replaced and the link
///   stays (a link to nothing is refused). Callers that confine writes to a folder (the
///   playground's user rules folder) check where the link leads, as they do for reads;
/// - a target that is not a regular file is refused, never opened (writing to a pipe would block)
///   nor replaced (a device replaced by a file would break the machine): at the start, and
///   again (`lstat`) right before the rename;
/// - an existing file keeps its permissions; a new one gets the usual ones (the umask applies).
pub struct SafeFile {
    tmp: tempfile::NamedTempFile,
    target: PathBuf,
    dir: PathBuf,
    shown: String,
    verb: String,
}

impl SafeFile {
    /// Starts writing `path` (see [`SafeFile`] for what is refused; `verb` starts errors).
    #[allow(clippy::disallowed_methods)] // the door itself
    pub fn create(path: &Path, verb: &str) -> Result<SafeFile> {
        let shown = crate::text::escape(&path.display().to_string()).into_owned();
        let fail = |e: &dyn std::fmt::Display| Error::msg(format!("cannot {verb} {shown}: {e}"));
        if path.file_name().is_none() {
            return Err(fail(&"not a file name"));
        }
        let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
        let target = if is_link {
            std::fs::canonicalize(path)
                .map_err(|_| fail(&"it is a symbolic link to a file that does not exist"))?
        } else {
            path.to_path_buf()
        };
        let old = match std::fs::metadata(&target) {
            Ok(m) if m.is_dir() => return Err(fail(&not_regular(&m))),
            Ok(m) if !m.is_file() => {
                return Err(fail(&format!("{}; nothing was written", not_regular(&m))))
            }
            Ok(m) => Some(m.permissions()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(fail(&e)),
        };
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let mut b = tempfile::Builder::new();
        // (tempfile opens with O_CREAT|O_EXCL and a random name, retrying on a clash)
        b.prefix(".sowlab-").suffix(".tmp");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // A new save is readable as any new file is (the umask applies), not private.
            b.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let tmp = b
            .tempfile_in(&dir)
            .and_then(|t| {
                if let Some(p) = old {
                    t.as_file().set_permissions(p)?;
                }
                Ok(t)
            })
            .map_err(|e| fail(&bare(&e)))?;
        Ok(SafeFile {
            tmp,
            target,
            dir,
            shown,
            verb: verb.to_string(),
        })
    }

    /// An error writing this file, as a one-line message naming it.
    pub fn fail(&self, e: &std::io::Error) -> Error {
        Error::msg(format!("cannot {} {}: {}", self.verb, self.shown, bare(e)))
    }

    /// Flushes the file to disk and renames it over the target (then flushes the directory),
    /// unless the target has become something else than a regular file (or nothing) meanwhile.
    #[allow(clippy::disallowed_methods)] // the door itself
    pub fn commit(self) -> Result<()> {
        let fail = |e: &dyn std::fmt::Display| {
            Error::msg(format!("cannot {} {}: {}", self.verb, self.shown, e))
        };
        self.tmp.as_file().sync_all().map_err(|e| fail(&bare(&e)))?;
        match std::fs::symlink_metadata(&self.target) {
            Ok(m) if m.file_type().is_symlink() => {
                return Err(fail(
                    &"it became a symbolic link while written; nothing was written",
                ))
            }
            Ok(m) if !m.is_file() => {
                return Err(fail(&format!("{}; nothing was written", not_regular(&m))))
            }
            _ => {}
        }
        // On error the temporary file is removed; the old file is untouched.
        self.tmp
            .persist(&self.target)
            .map_err(|e| fail(&bare(&e.error)))?;
        if let Ok(d) = std::fs::File::open(&self.dir) {
            let _ = d.sync_all();
        }
        Ok(())
    }
}

impl std::io::Write for SafeFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.tmp.as_file_mut().write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.tmp.as_file_mut().flush()
    }
}

/// An I/O error without the temporary file's name, which means nothing to the user.
fn bare(e: &std::io::Error) -> String {
    let m = e.to_string();
    m.split(" at path ").next().unwrap_or(&m).to_string()
}

/// Writes a fixture of a unit test (through [`write_replacing`]).
#[cfg(test)]
pub fn write_fixture(path: impl AsRef<Path>, bytes: impl AsRef<[u8]>) -> Result<()> {
    write_replacing(path.as_ref(), bytes.as_ref(), "write")
}
