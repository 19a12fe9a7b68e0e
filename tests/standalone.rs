//! The project stands alone and says what it is: `sowlab --version` names the version, the commit
//! and its date (and agrees with `sowlab version --json`); no shipped file points outside the
//! repository (to `../shared` or a `shared/` folder that an installed sowlab does not have).

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::sowlab;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn stdout(args: &[&str]) -> String {
    let out = sowlab(args);
    assert!(
        out.status.success(),
        "sowlab {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// What git says about HEAD here, when this is a git checkout with git installed.
fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(root())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[test]
fn version_names_the_commit_and_its_date_like_cargo() {
    let line = stdout(&["--version"]);
    let line = line.trim_end();
    let rest = line
        .strip_prefix(&format!("sowlab {} (", env!("CARGO_PKG_VERSION")))
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or_else(|| panic!("`{line}` is not `sowlab VERSION (COMMIT DATE)`"));
    let (commit, date) = rest.split_once(' ').expect("commit and date");
    let v: serde_json::Value = serde_json::from_str(&stdout(&["version", "--json"])).expect("JSON");
    assert_eq!(v["name"], "sowlab");
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(v["commit_date"], date);
    assert_eq!(stdout(&["version"]).trim_end(), line);
    let full = v["commit"].as_str().expect("commit");
    // The binary was built from this checkout: the same HEAD, unless a commit was made since the
    // build (then the build is older than HEAD, but still a commit of this repository).
    let top = git(&["rev-parse", "--show-toplevel"]).map(PathBuf::from);
    let checkout = top.is_some_and(|t| t.canonicalize().ok() == root().canonicalize().ok());
    if checkout {
        assert_eq!(full.len(), 40, "{full}");
        assert!(full.starts_with(commit), "{full} vs {commit}");
        assert_eq!(commit.len(), 7);
        let known = git(&["cat-file", "-t", full]);
        assert_eq!(known.as_deref(), Some("commit"), "{full} is a commit here");
        let day = git(&["show", "-s", "--format=%cs", full]).expect("git show");
        assert_eq!(date, day);
    } else {
        assert_eq!((commit, date), ("unknown", "unknown"));
    }
}

/// The shipped files: what the package, the Python package and the repository's reader get.
fn shipped() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.flatten() {
            let p = e.path();
            let name = e.file_name().to_string_lossy().to_string();
            if name.starts_with('.')
                || name == "__pycache__"
                || name == "target"
                || name.ends_with(".so")
            {
                continue;
            }
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.push(p);
            }
        }
    }
    let r = root();
    let mut out = vec![r.join("README.md"), r.join("python/README.md")];
    for d in [
        "rules",
        "scripts",
        "src",
        "docs",
        "python/lib",
        "python/src",
    ] {
        walk(&r.join(d), &mut out);
    }
    out
}

/// `../shared`, or `shared/` starting a path (not inside a word: `unshared/`, `a_shared/`).
fn outside_paths(text: &str) -> Vec<(usize, String)> {
    let mut hits = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let b = line.as_bytes();
        let mut from = 0;
        while let Some(i) = line[from..].find("shared/").map(|i| i + from) {
            let before = if i == 0 { b' ' } else { b[i - 1] };
            if !(before.is_ascii_alphanumeric() || before == b'_' || before == b'-') {
                hits.push((n + 1, line.trim().to_string()));
                break;
            }
            from = i + 1;
        }
    }
    hits
}

#[test]
fn the_outside_path_finder_finds_what_it_must() {
    assert_eq!(outside_paths("see ../shared/RULES.md").len(), 1);
    assert_eq!(outside_paths("text: shared/seeds/ruma.txt)").len(), 1);
    assert_eq!(outside_paths("(shared/RULES.md)").len(), 1);
    assert_eq!(outside_paths("/work/shared/x").len(), 1);
    assert!(outside_paths("the layout is shared by all; un_shared/x; reshared/y").is_empty());
}

#[test]
fn no_shipped_file_cites_a_path_outside_the_project() {
    let files = shipped();
    assert!(
        files.iter().any(|f| f.ends_with("rules/tchuka_ruma.rhai")),
        "the walk finds the rules"
    );
    let mut bad = Vec::new();
    for f in &files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue; // not text
        };
        for (line, what) in outside_paths(&text) {
            let rel = f.strip_prefix(root()).unwrap_or(f);
            bad.push(format!("{}:{line}: {what}", rel.display()));
        }
    }
    assert!(
        bad.is_empty(),
        "shipped files cite paths outside the project (cite the source by name, and \
         docs/readings.md for the agreed reading):\n{}",
        bad.join("\n")
    );
}
