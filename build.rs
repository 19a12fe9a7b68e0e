//! Records the git commit sowlab is built from (`SOWLAB_COMMIT`, "unknown" outside a git checkout)
//! for the run records of reports.

use std::path::PathBuf;
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

fn main() {
    let commit = git(&["rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=SOWLAB_COMMIT={commit}");
    // Rebuild when HEAD moves: the HEAD file, the branch it names, and packed refs.
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
