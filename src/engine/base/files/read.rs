//! The reading half of the door: files are opened without blocking and checked as opened (a
//! regular file, or refused), read at most up to the cap while reading, and folders are listed
//! with their special entries (pipes, devices, sockets, dangling links) left out.

use std::fs::File;
use std::io::{Error as IoError, ErrorKind, Read};
use std::path::{Path, PathBuf};

use crate::engine::base::limits;
use crate::error::{Error, Result};
use crate::text::escape;

/// Why a path that is not a regular file is refused (the wording the errors keep).
pub(super) fn not_regular(m: &std::fs::Metadata) -> &'static str {
    if m.is_dir() {
        "it is a directory"
    } else {
        "not a regular file (a device, a pipe or a socket)"
    }
}

/// Opens `path` for reading if it is a regular file (after symbolic links). The file is opened
/// with `O_NONBLOCK` (opening a named pipe returns at once instead of waiting for a writer) and
/// `O_NOCTTY`, and what was opened is checked with `fstat`: a directory, pipe, device or socket
/// is refused before a byte is read, even one swapped in after a look at the path. A missing
/// file is an error of kind [`ErrorKind::NotFound`].
#[allow(clippy::disallowed_methods)] // the door itself
pub fn open_regular(path: &Path) -> std::io::Result<File> {
    // A look first, so that a device is not even opened (opening some has effects).
    let m = std::fs::metadata(path)?;
    if !m.is_file() {
        return Err(IoError::other(not_regular(&m)));
    }
    let mut o = std::fs::OpenOptions::new();
    o.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let f = o.open(path)?;
    let m = f.metadata()?;
    if !m.is_file() {
        return Err(IoError::other(not_regular(&m)));
    }
    Ok(f)
}

/// Reads at most the file cap ([`limits::max_file_mb`]) of `path`, which must be a regular file
/// (see [`open_regular`]). A file whose size is over the cap is refused before reading; the cap
/// also bounds the reading itself (a file that grows, or says size 0, stops at the cap). `what`
/// names the kind of file in errors (`rule file`, `position file`, ...; may be empty).
pub fn read_bytes(path: &Path, what: &str) -> Result<Vec<u8>> {
    let shown = || escape(&path.display().to_string()).into_owned();
    let sep = if what.is_empty() { "" } else { " " };
    let fail = |m: String| Error::msg(format!("cannot read {what}{sep}{}: {m}", shown()));
    let too_big = || {
        Error::msg(format!(
            "{} is larger than {} MiB, the most sowlab reads as one file (SOWLAB_MAX_FILE_MB)",
            shown(),
            limits::max_file_mb()
        ))
    };
    let cap = limits::max_file_mb() * (1 << 20);
    let f = open_regular(path).map_err(|e| fail(e.to_string()))?;
    let len = f.metadata().map_err(|e| fail(e.to_string()))?.len();
    if len > cap {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(len as usize);
    f.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(e.to_string()))?;
    if bytes.len() as u64 > cap {
        return Err(too_big());
    }
    Ok(bytes)
}

/// [`read_bytes`] as UTF-8 text.
pub fn read_text(path: &Path, what: &str) -> Result<String> {
    let bytes = read_bytes(path, what)?;
    String::from_utf8(bytes).map_err(|_| {
        Error::msg(format!(
            "cannot read {what}{}{}: not UTF-8 text",
            if what.is_empty() { "" } else { " " },
            escape(&path.display().to_string())
        ))
    })
}

/// Whether `path` is nothing yet, or a regular file (after links) within the file cap: what may
/// be handed to a library that opens files itself (the line editor's history), which would
/// block on a pipe or read a huge file whole.
#[allow(clippy::disallowed_methods)] // the door itself
pub fn absent_or_small_regular(path: &Path) -> bool {
    match std::fs::metadata(path) {
        Ok(m) => m.is_file() && m.len() <= limits::max_file_mb() * (1 << 20),
        Err(e) => {
            e.kind() == ErrorKind::NotFound
                && std::fs::symlink_metadata(path).is_err_and(|e| e.kind() == ErrorKind::NotFound)
        }
    }
}

/// An entry of a folder listed by [`list_dir`].
#[derive(Clone, Debug)]
pub struct Entry {
    /// Its name in the folder.
    pub name: String,
    /// The folder joined with the name.
    pub path: PathBuf,
    /// A folder (after links); otherwise a regular file (or, from [`list_dir_all`], a special
    /// entry).
    pub is_dir: bool,
    /// What the entry is when it is neither a regular file nor a folder (after links): "a named
    /// pipe", "a device", "a socket", "a symbolic link that leads nowhere" (only from
    /// [`list_dir_all`]).
    pub special: Option<&'static str>,
}

/// The regular files and folders in folder `dir` (after symbolic links), sorted by name. Entries
/// that are neither (a pipe, a device, a socket, a dangling or looping link) are left out, so
/// nothing listed blocks or floods whoever reads it next; names that are not UTF-8 are left out
/// too (no rule or game file has one). An error when `dir` is not a readable folder.
pub fn list_dir(dir: &Path) -> std::io::Result<Vec<Entry>> {
    let mut v = list_dir_all(dir)?;
    v.retain(|e| e.special.is_none());
    Ok(v)
}

/// Every entry of folder `dir` whose name is UTF-8, sorted by name: the regular files and
/// folders of [`list_dir`], and the special entries it leaves out marked with what they are
/// ([`Entry::special`]), for a caller that tells the user about them instead of skipping them
/// silently (they are never opened here).
#[allow(clippy::disallowed_methods)] // the door itself
pub fn list_dir_all(dir: &Path) -> std::io::Result<Vec<Entry>> {
    let m = std::fs::metadata(dir)?;
    if !m.is_dir() {
        return Err(IoError::new(ErrorKind::NotADirectory, "not a folder"));
    }
    let mut v: Vec<Entry> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let path = e.path();
            let (is_dir, special) = match std::fs::metadata(&path) {
                Ok(m) if m.is_file() || m.is_dir() => (m.is_dir(), None),
                Ok(m) => (false, Some(special_kind(&m))),
                Err(_) => (false, Some("a symbolic link that leads nowhere")),
            };
            Some(Entry {
                name,
                path,
                is_dir,
                special,
            })
        })
        .collect();
    v.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(v)
}

/// What a path that is neither a regular file nor a folder is, in words.
fn special_kind(m: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = m.file_type();
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    let _ = m;
    "not a regular file"
}
