//! Reading files safely: only regular files, at most [`limits::max_file_mb`] read (a device, a pipe
//! or `/dev/zero` stops at the cap instead of filling memory), and YAML checked before parsing
//! (no anchors or aliases, bounded nesting), so no file can expand into gigabytes or minutes.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::engine::base::limits;
use crate::error::{Error, Result};
use crate::text::escape;

/// Reads at most the file cap of `path`, which must be a regular file (after symlinks). `what`
/// names the kind of file in errors (`rule file`, `position file`, ...; may be empty).
pub fn read_bytes(path: &Path, what: &str) -> Result<Vec<u8>> {
    let shown = || escape(&path.display().to_string()).into_owned();
    let sep = if what.is_empty() { "" } else { " " };
    let fail = |m: String| Error::msg(format!("cannot read {what}{sep}{}: {m}", shown()));
    // Refuse what is not a regular file before opening it: opening a named pipe would block.
    let meta = std::fs::metadata(path).map_err(|e| fail(e.to_string()))?;
    if !meta.is_file() {
        return Err(fail(
            if meta.is_dir() {
                "it is a directory"
            } else {
                "not a regular file (a device, a pipe or a socket)"
            }
            .into(),
        ));
    }
    let cap = limits::max_file_mb() * (1 << 20);
    let f = std::fs::File::open(path).map_err(|e| fail(e.to_string()))?;
    // The file may have been swapped since: check what was opened.
    if !f.metadata().map(|m| m.is_file()).unwrap_or(false) {
        return Err(fail("not a regular file".into()));
    }
    let mut bytes = Vec::new();
    f.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| fail(e.to_string()))?;
    if bytes.len() as u64 > cap {
        return Err(Error::msg(format!(
            "{} is larger than {} MiB, the most sowlab reads as one file (SOWLAB_MAX_FILE_MB)",
            shown(),
            limits::max_file_mb()
        )));
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

/// Writes `bytes` to `path` safely: into a new temporary file with an unpredictable name in the
/// same directory, flushed to disk, then renamed over `path` (and the directory flushed), so a
/// failure at any point leaves the old file as it was. A symbolic link is followed (the file it
/// names is replaced, the link stays); a named pipe, a device or a directory is refused, never
/// replaced (nor opened: writing to a pipe would block); an existing file keeps its permissions.
/// `verb` starts the error (`save to`, `write`).
pub fn write_replacing(path: &Path, bytes: &[u8], verb: &str) -> Result<()> {
    use std::io::Write;
    let mut f = SafeFile::create(path, verb)?;
    f.write_all(bytes).map_err(|e| f.fail(&e))?;
    f.commit()
}

/// A file written as [`write_replacing`] writes one, but in pieces (the games of a run as they
/// finish): the pieces go to the temporary file, and only [`SafeFile::commit`] puts it in place.
/// Dropped without a commit (the run failed), it is removed and the old file stays as it was.
pub struct SafeFile {
    tmp: tempfile::NamedTempFile,
    target: PathBuf,
    dir: PathBuf,
    shown: String,
    verb: String,
}

impl SafeFile {
    /// Starts writing `path` (see [`write_replacing`] for what is refused; `verb` starts errors).
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
            Ok(m) if m.is_dir() => return Err(fail(&"it is a directory")),
            Ok(m) if !m.is_file() => {
                return Err(fail(
                    &"not a regular file (a device, a pipe or a socket); nothing was written",
                ))
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

    /// Flushes the file to disk and renames it over the target (then flushes the directory).
    pub fn commit(self) -> Result<()> {
        let fail = |e: &std::io::Error| {
            Error::msg(format!("cannot {} {}: {}", self.verb, self.shown, bare(e)))
        };
        self.tmp.as_file().sync_all().map_err(|e| fail(&e))?;
        // On error the temporary file is removed; the old file is untouched.
        self.tmp.persist(&self.target).map_err(|e| fail(&e.error))?;
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

/// Deepest nesting of YAML collections accepted.
pub const MAX_YAML_DEPTH: usize = 64;

/// Checks YAML text before parsing: no anchors or aliases (`&a`, `*a`: nothing sowlab reads uses
/// them, and they can expand a small file into gigabytes), and collections nested at most
/// [`MAX_YAML_DEPTH`] deep (the parser is slow on deep nesting). Quoted strings and comments are
/// skipped. The error says what and on which line.
pub fn check_yaml(text: &str) -> std::result::Result<(), String> {
    let mut indents: Vec<usize> = Vec::new();
    // Open flow collections (`[`, `{`), which may go on over several lines.
    let mut flow = 0usize;
    for (n, line) in text.lines().enumerate() {
        let at = |m: &str| Err(format!("line {}: {m}", n + 1));
        let indent = line.len() - line.trim_start_matches(' ').len();
        let body = &line[indent..];
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        if flow == 0 {
            while indents.last().is_some_and(|&i| i >= indent) {
                indents.pop();
            }
            indents.push(indent);
        }
        let mut depth = indents.len();
        let mut quote: Option<char> = None;
        let mut prev = ' ';
        let mut chars = body.chars().peekable();
        while let Some(c) = chars.next() {
            match quote {
                Some(q) => {
                    if c == q {
                        quote = None;
                    }
                }
                None => {
                    let token_start = matches!(prev, ' ' | '[' | '{' | ',' | '-' | ':' | '?');
                    match c {
                        '#' if prev == ' ' => break,
                        '\'' | '"' if token_start => quote = Some(c),
                        '&' | '*' if token_start => {
                            return at(
                                "anchors and aliases (`&name`, `*name`) are not accepted; write the values out",
                            )
                        }
                        '[' | '{' => flow += 1,
                        ']' | '}' => flow = flow.saturating_sub(1),
                        // a block sequence entry: `- ` (not a negative number)
                        '-' if flow == 0
                            && (prev == ' ' || prev == '-')
                            && chars.peek().is_none_or(|&n| n == ' ') =>
                        {
                            depth += 1
                        }
                        _ => {}
                    }
                }
            }
            if depth + flow > MAX_YAML_DEPTH {
                return at(&format!(
                    "nested more than {MAX_YAML_DEPTH} deep (sowlab's files are flat)"
                ));
            }
            prev = c;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::check_yaml;

    #[test]
    fn ordinary_files_pass() {
        for ok in [
            "sowlab: 1\nrule: kalah\noptions:\n  holes: 6\nmoves: ['3', '4']\nfinal:\n  pits: [0, 3]\n",
            "rule: x\ndescription: \"a & b * c\" # and a comment with *x\n",
            "pits: [1, 2, 3]\nstores: [0]\nto_move: 1\n",
            "a: 2*3\nb: x&y\n- - 1\n",
            "pits: [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]\n",
        ] {
            assert_eq!(check_yaml(ok), Ok(()), "{ok}");
        }
    }

    #[test]
    fn anchors_aliases_and_deep_nesting_are_refused() {
        let e = check_yaml("a: &a [1, 2]\nb: *a\n").unwrap_err();
        assert!(e.starts_with("line 1: anchors"), "{e}");
        assert!(check_yaml("b: [*a]\n").is_err());
        let deep = format!("pits: {}{}", "[".repeat(100), "]".repeat(100));
        assert!(check_yaml(&deep)
            .unwrap_err()
            .contains("nested more than 64"));
        let dashes = format!("pits:\n{}1\n", "- ".repeat(100));
        let lines: String = (0..100).map(|_| "[\n").collect();
        assert!(check_yaml(&format!("pits: {lines}")).is_err());
        assert!(check_yaml(&dashes).is_err());
        let indented: String = (0..100)
            .map(|i| format!("{}k{i}:\n", " ".repeat(i)))
            .collect();
        assert!(check_yaml(&indented).is_err());
    }
}
