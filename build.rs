//! Embeds the shipped rules: every file under `rules/` (rule scripts, presets, and any other rule
//! file format added there), except documentation, becomes a `(relative path, text)` entry of
//! `$OUT_DIR/builtin_rules.rs`, included by `src/engine/rule/library.rs`. The list comes from the
//! directory itself, so a file added to `rules/` is built in without touching any code.
//!
//! Also records the git commit sowlab is built from (`SOWLAB_COMMIT`) and that commit's date
//! (`SOWLAB_COMMIT_DATE`, YYYY-MM-DD), for the run records of reports and `sowlab --version`. Both
//! are "unknown" when the package is not the top of a git checkout (a `cargo package` tarball, a
//! copy without `.git`): a git repository around it (the target dir of a checkout) is another
//! project's commit. A packaged crate still names its commit when cargo recorded it
//! (`.cargo_vcs_info.json`, from a clean tree); its date is then unknown.

// The build reads the repository's own `rules/` and writes into `$OUT_DIR`: it runs before the
// library exists, so it cannot use the library's file door (clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let s = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!s.is_empty()).then_some(s)
}

/// Asks for a rebuild when `p` changes (only existing files: a missing one would rerun every build).
fn watch(p: PathBuf) {
    if p.exists() {
        println!("cargo:rerun-if-changed={}", p.display());
    }
}

/// Whether the package directory is the top of the git checkout git finds from it.
fn is_checkout_top(manifest: &Path) -> bool {
    let Some(top) = git(&["rev-parse", "--show-toplevel"]) else {
        return false;
    };
    match (Path::new(&top).canonicalize(), manifest.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The commit `cargo package` recorded in `.cargo_vcs_info.json` (`"sha1": "..."`), if any and if
/// the package was made from a clean tree (with `"dirty": true` it is not that commit's code).
fn packaged_commit(manifest: &Path) -> Option<String> {
    let text = std::fs::read_to_string(manifest.join(".cargo_vcs_info.json")).ok()?;
    if text.contains("\"dirty\": true") || text.contains("\"dirty\":true") {
        return None;
    }
    let at = text.find("\"sha1\"")?;
    let rest = &text[at + 6..];
    let start = rest.find('"')? + 1;
    let len = rest[start..].find('"')?;
    let sha = &rest[start..start + len];
    (sha.len() >= 7 && sha.chars().all(|c| c.is_ascii_hexdigit())).then(|| sha.to_string())
}

/// The commit and its date, and a rebuild when HEAD moves: the HEAD file, the branch it names,
/// packed refs.
fn commit(manifest: &Path) {
    let checkout = is_checkout_top(manifest);
    let (commit, date) = if checkout {
        (
            git(&["rev-parse", "HEAD"]),
            git(&["show", "-s", "--format=%cs", "HEAD"]),
        )
    } else {
        (packaged_commit(manifest), None)
    };
    let unknown = || "unknown".to_string();
    let short = commit
        .as_deref()
        .map_or_else(unknown, |c| c.chars().take(7).collect());
    println!("cargo:rustc-env=SOWLAB_COMMIT_SHORT={short}");
    println!(
        "cargo:rustc-env=SOWLAB_COMMIT={}",
        commit.unwrap_or_else(unknown)
    );
    println!(
        "cargo:rustc-env=SOWLAB_COMMIT_DATE={}",
        date.unwrap_or_else(unknown)
    );
    if !checkout {
        println!("cargo:rerun-if-changed=build.rs");
        watch(manifest.join(".cargo_vcs_info.json"));
        return;
    }
    if let Some(dir) = git(&["rev-parse", "--absolute-git-dir"]).map(PathBuf::from) {
        watch(dir.join("HEAD"));
        let common = git(&["rev-parse", "--git-common-dir"])
            .map(PathBuf::from)
            .map(|c| {
                if c.is_absolute() {
                    c
                } else {
                    std::env::current_dir().unwrap_or_default().join(c)
                }
            })
            .unwrap_or(dir);
        if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
            watch(common.join(branch));
        }
        watch(common.join("packed-refs"));
    }
    println!("cargo:rerun-if-changed=build.rs");
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, PathBuf)>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().to_string();
        if name.starts_with('.') {
            continue;
        }
        if p.is_dir() {
            walk(root, &p, out);
        } else if !name.ends_with(".md") {
            let rel = p
                .strip_prefix(root)
                .expect("under rules/")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().to_string())
                .collect::<Vec<_>>()
                .join("/");
            out.push((rel, p));
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    commit(&manifest);
    let root = manifest.join("rules");
    println!("cargo:rerun-if-changed=rules");
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    let mut src = String::from("&[\n");
    for (rel, path) in &files {
        src.push_str(&format!(
            "    ({rel:?}, include_str!({:?})),\n",
            path.display().to_string()
        ));
    }
    src.push_str("]\n");
    let out =
        PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it")).join("builtin_rules.rs");
    std::fs::write(out, src).expect("write builtin_rules.rs");
}
