//! Embeds the shipped rules: every file under `rules/` (rule scripts, presets, and any other rule
//! file format added there), except documentation, becomes a `(relative path, text)` entry of
//! `$OUT_DIR/builtin_rules.rs`, included by `src/engine/library.rs`. The list comes from the
//! directory itself, so a file added to `rules/` is built in without touching any code.

use std::path::{Path, PathBuf};

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
