//! Where rule text comes from: a folder on disk or the rules built into the binary (every file of
//! the source tree's `rules/`, listed by `build.rs`). The rules path that orders these sources is
//! [`crate::engine::rule::library`]; this is the bottom part that a script's `import` and an
//! error's excerpt also need.

use std::fmt;
use std::path::{Path, PathBuf};

/// The shipped rule files: `(path relative to rules/, text)`, sorted by path.
pub const BUILTIN: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/builtin_rules.rs"));

/// One place rules come from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// A folder on disk.
    Dir(PathBuf),
    /// The rules built into the binary.
    BuiltIn,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Dir(d) => write!(f, "{}", d.display()),
            Source::BuiltIn => write!(f, "built-in"),
        }
    }
}

impl Source {
    /// The text of file `rel` (`kalah.rhai`, `presets/x.yaml`) in this source, if it has it.
    pub fn read(&self, rel: &str) -> Option<String> {
        match self {
            Source::Dir(d) => {
                let p = d.join(rel);
                if p.is_file() {
                    // capped, regular files only (see engine::base::files)
                    crate::engine::base::files::read_text(&p, "").ok()
                } else {
                    None
                }
            }
            Source::BuiltIn => BUILTIN
                .iter()
                .find(|(r, _)| *r == rel)
                .map(|(_, t)| t.to_string()),
        }
    }

    /// Whether this source holds file `rel`.
    pub fn has(&self, rel: &str) -> bool {
        match self {
            Source::Dir(d) => d.join(rel).is_file(),
            Source::BuiltIn => BUILTIN.iter().any(|(r, _)| *r == rel),
        }
    }

    /// The path that names file `rel` of this source in messages (`<built-in>/kalah.rhai` for a
    /// built-in file).
    pub fn path_of(&self, rel: &str) -> PathBuf {
        match self {
            Source::Dir(d) => d.join(rel),
            Source::BuiltIn => PathBuf::from(format!("<built-in>/{rel}")),
        }
    }

    /// The files of this source directly in folder `sub` (`""` or `presets`) ending in `.ext`:
    /// `(name without the extension, relative path)`, sorted.
    pub fn files(&self, sub: &str, ext: &str) -> Vec<(String, String)> {
        let suffix = format!(".{ext}");
        let prefix = if sub.is_empty() {
            String::new()
        } else {
            format!("{sub}/")
        };
        let mut v: Vec<(String, String)> = match self {
            // (regular files only: pipes, devices and dangling links are left out)
            Source::Dir(d) => crate::engine::base::files::list_dir(&d.join(sub))
                .map(|v| {
                    v.into_iter()
                        .filter(|e| !e.is_dir)
                        .map(|e| e.name)
                        .collect::<Vec<String>>()
                })
                .unwrap_or_default(),
            Source::BuiltIn => BUILTIN
                .iter()
                .filter_map(|(r, _)| r.strip_prefix(prefix.as_str()))
                .filter(|r| !r.contains('/'))
                .map(str::to_string)
                .collect(),
        }
        .into_iter()
        .filter_map(|f| {
            let stem = f.strip_suffix(&suffix)?.to_string();
            Some((stem, format!("{prefix}{f}")))
        })
        .filter(|(stem, _)| valid_name(stem))
        .collect();
        v.sort();
        v
    }
}

/// Whether `name` can name a rule: letters, digits, `_` and `-`.
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

impl crate::error::Error {
    /// The source line and a caret under the column, when the file can be read (a built-in
    /// rule's file from the binary). Here rather than in `error.rs`, which reads no files.
    pub fn excerpt(&self) -> Option<String> {
        let crate::error::Error::Script {
            file, line, col, ..
        } = self
        else {
            return None;
        };
        if *line == 0 {
            return None;
        }
        // A built-in rule's file is in the binary, not on disk.
        let text = match file.strip_prefix("<built-in>/") {
            Some(rel) => Source::BuiltIn.read(rel)?,
            None => crate::engine::base::files::read_text(Path::new(file), "script").ok()?,
        };
        let src = crate::text::escape(text.lines().nth(line - 1)?);
        let num = line.to_string();
        let pad = " ".repeat(num.len());
        let caret = " ".repeat(col.saturating_sub(1));
        Some(format!(" {num} | {src}\n {pad} | {caret}^"))
    }
}
