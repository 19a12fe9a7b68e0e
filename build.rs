//! Embeds the shipped rules: every file under `rules/` (rule scripts, presets, and any other rule
//! file format added there), except documentation, becomes a `(relative path, text)` entry of
//! `$OUT_DIR/builtin_rules.rs`, included by `src/engine/rule/library.rs`. The list comes from the
//! directory itself, so a file added to `rules/` is built in without touching any code.
//!
//! Also records the git commit sowlab is built from (`SOWLAB_COMMIT`, "unknown" outside a git
//! checkout) for the run records of reports.

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

/// The commit, and a rebuild when HEAD moves: the HEAD file, the branch it names, packed refs.
fn commit() {
    let commit = git(&["rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=SOWLAB_COMMIT={commit}");
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
    commit();
    let root =
        PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it")).join("rules");
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
