//! A scratch directory for one test, removed when the test drops it, so that test runs leave
//! nothing behind in the system's temporary directory.

// (Test binaries include this file on their own as well as through `common`: not every one uses
// every method.)
#![allow(dead_code)]

use std::ffi::OsStr;
use std::ops::Deref;
use std::path::{Path, PathBuf};

/// A fresh directory under the system's temporary directory (`sowlab-PREFIX-XXXXXX`), removed
/// with its contents when dropped. It reads as a [`Path`].
pub struct Scratch(tempfile::TempDir);

/// A new [`Scratch`] directory named after `prefix`.
pub fn scratch(prefix: &str) -> Scratch {
    Scratch(
        tempfile::Builder::new()
            .prefix(&format!("sowlab-{prefix}-"))
            .tempdir()
            .expect("a scratch directory in the system's temporary directory"),
    )
}

impl Scratch {
    /// The directory as an owned path (for APIs that keep one).
    pub fn to_owned_path(&self) -> PathBuf {
        self.0.path().to_path_buf()
    }
}

impl Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<OsStr> for Scratch {
    fn as_ref(&self) -> &OsStr {
        self.0.path().as_os_str()
    }
}

/// A file in a [`Scratch`] directory, which it keeps (the directory is removed when the file is
/// dropped). It reads as the file's [`Path`].
pub struct ScratchFile {
    path: PathBuf,
    _dir: Scratch,
}

impl Scratch {
    /// `path` (a file in this directory), keeping the directory as long as it.
    pub fn keep(self, path: PathBuf) -> ScratchFile {
        ScratchFile { path, _dir: self }
    }
}

impl Deref for ScratchFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for ScratchFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<OsStr> for ScratchFile {
    fn as_ref(&self) -> &OsStr {
        self.path.as_os_str()
    }
}
