//! The shape of the source tree, guarded: no import circles between the files of `src/`, every
//! file in a layer, no layer importing a layer above it, and no file over 600 lines.
//!
//! The import graph is read from the source text: every `crate::`, `super::` and `self::` path
//! (in `use` lines and in code, comments and strings left out, `#[cfg(test)]` modules left out)
//! and the relative paths of `use` lines, each resolved to the file of the module it names; a path
//! through a `pub use` re-export (`crate::Rule`, `crate::experiment::simulate`) is followed to
//! the file that defines the item, so a re-export is not an import of the re-exporting file.
//!
//! `SOWLAB_LAYERS_SRC=DIR` checks another tree (e.g. an older checkout's `src`).

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The layers, from the bottom. A file belongs to the layer of the longest prefix that matches
/// its path under `src/`; it may import its own layer and those listed before it. A new folder
/// or top-level file of `src/` needs a line here (the test names it).
const LAYERS: &[(&str, &[&str])] = &[
    ("text and errors", &["text.rs", "error.rs"]),
    ("engine base", &["engine/base/"]),
    // MancalaGames' files read and translated into data-rule text: below the rule layer, which
    // loads a `.txt` rule through it, and using nothing of the engine but its base (the one door
    // every file goes through, `engine::base::files`).
    ("importers", &["import/"]),
    ("geometry", &["engine/geometry/"]),
    ("trace events", &["engine/trace/"]),
    ("declared vocabulary", &["engine/declare/"]),
    ("board state", &["engine/board/"]),
    ("sowing", &["engine/sowing/"]),
    ("native player", &["engine/player/"]),
    ("script host", &["engine/script/"]),
    ("rule", &["engine/rule/"]),
    ("game", &["engine/game/", "engine/mod.rs"]),
    ("search", &["search/"]),
    ("pictures and words", &["render/"]),
    ("experiments", &["experiment/"]),
    ("check scripts", &["check/"]),
    ("command line, REPL, web", &["cli/", "repl/", "web/"]),
    ("crate root", &["lib.rs", "main.rs"]),
];

const MAX_LINES: usize = 600;

fn src_dir() -> PathBuf {
    match std::env::var_os("SOWLAB_LAYERS_SRC") {
        Some(d) => PathBuf::from(d),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
    }
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("read src/") {
        let p = e.expect("a directory entry").path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file: `engine/board/state.rs` -> `engine::board::state`, `x/mod.rs` -> `x`.
fn module_of(rel: &str) -> Vec<String> {
    let mut parts: Vec<String> = rel.split('/').map(str::to_string).collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

/// The source with comments, strings and character literals blanked (newlines kept).
fn blank(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let keep = |c: u8| if c == b'\n' { b'\n' } else { b' ' };
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                out.push(b' ');
                i += 1;
            }
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                    depth += 1;
                    out.extend([b' ', b' ']);
                    i += 2;
                } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                    depth -= 1;
                    out.extend([b' ', b' ']);
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(keep(b[i]));
                    i += 1;
                }
            }
        } else if c == b'r'
            && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&b'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let close: Vec<u8> = std::iter::once(b'"')
                .chain(std::iter::repeat_n(b'#', hashes))
                .collect();
            j += 1;
            while j < b.len() && !b[j..].starts_with(&close) {
                j += 1;
            }
            let end = (j + close.len()).min(b.len());
            out.extend(b[i..end].iter().map(|&c| keep(c)));
            i = end;
        } else if c == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(b.len());
            out.extend(b[i..end].iter().map(|&c| keep(c)));
            i = end;
        } else if c == b'\'' {
            // A character literal ('x', '\n', '\u{..}'), not a lifetime ('a).
            let lit_end = if b.get(i + 1) == Some(&b'\\') {
                (i + 2..b.len().min(i + 12)).find(|&j| b[j] == b'\'')
            } else if b.get(i + 2) == Some(&b'\'') {
                Some(i + 2)
            } else {
                // A multi-byte UTF-8 character.
                let ch = src[i + 1..].chars().next();
                ch.and_then(|ch| {
                    let j = i + 1 + ch.len_utf8();
                    (b.get(j) == Some(&b'\'')).then_some(j)
                })
            };
            match lit_end {
                Some(e) => {
                    out.extend(b[i..=e].iter().map(|&c| keep(c)));
                    i = e + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The text without its `#[cfg(test)]` modules.
fn without_test_modules(s: &str) -> String {
    let mut out = s.to_string();
    while let Some(at) = out.find("#[cfg(test)]") {
        let rest = &out[at + "#[cfg(test)]".len()..];
        let trimmed = rest.trim_start();
        let is_mod = trimmed.starts_with("mod ") || trimmed.starts_with("pub mod ");
        let open = rest.find(['{', ';']);
        let end = match (is_mod, open) {
            (true, Some(o)) if rest.as_bytes()[o] == b'{' => {
                let mut depth = 0;
                let mut end = rest.len();
                for (k, ch) in rest[o..].char_indices() {
                    match ch {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = o + k + 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                at + "#[cfg(test)]".len() + end
            }
            // `#[cfg(test)]` on something else: drop just the attribute.
            _ => at + "#[cfg(test)]".len(),
        };
        out.replace_range(at..end, "");
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// A tiny tokenizer: identifiers, `::` and single punctuation characters.
fn tokens(s: &str) -> Vec<String> {
    let mut t = Vec::new();
    let mut chars = s.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        if is_ident(c) {
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = chars.peek() {
                if !is_ident(d) {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
            }
            t.push(s[i..end].to_string());
        } else if c == ':' && chars.peek().map(|&(_, d)| d) == Some(':') {
            chars.next();
            t.push("::".into());
        } else {
            t.push(c.to_string());
        }
    }
    t
}

/// Expands a use tree starting at `t[*i]` into full paths (`a::{b, c::d}` -> `a::b`, `a::c::d`);
/// `as` renames are returned as the path's last element's alias.
fn use_tree(t: &[String], i: &mut usize, prefix: &[String], out: &mut Vec<(Vec<String>, String)>) {
    let mut path = prefix.to_vec();
    loop {
        match t.get(*i).map(String::as_str) {
            Some("{") => {
                *i += 1;
                loop {
                    if t.get(*i).map(String::as_str) == Some("}") {
                        *i += 1;
                        break;
                    }
                    use_tree(t, i, &path, out);
                    match t.get(*i).map(String::as_str) {
                        Some(",") => *i += 1,
                        Some("}") => {
                            *i += 1;
                            break;
                        }
                        _ => return,
                    }
                }
                return;
            }
            Some("*") => {
                *i += 1;
                path.push("*".into());
                out.push((path, "*".into()));
                return;
            }
            Some(w) if w.chars().all(is_ident) => {
                path.push(w.to_string());
                *i += 1;
                if t.get(*i).map(String::as_str) == Some("::") {
                    *i += 1;
                    continue;
                }
                let mut alias = path.last().cloned().unwrap_or_default();
                if t.get(*i).map(String::as_str) == Some("as") {
                    alias = t.get(*i + 1).cloned().unwrap_or_default();
                    *i += 2;
                }
                if alias == "self" {
                    path.pop();
                    alias = path.last().cloned().unwrap_or_default();
                } else if path.last().map(String::as_str) == Some("self") {
                    path.pop();
                }
                out.push((path, alias));
                return;
            }
            _ => return,
        }
    }
}

struct File {
    rel: String,
    module: Vec<String>,
    /// Paths named in the file, as written (the first element may be crate, super, self or a
    /// name relative to the module), with whether they came from a `use` line.
    paths: Vec<(Vec<String>, bool)>,
    /// `pub use` re-exports: the name and the path it stands for.
    reexports: BTreeMap<String, Vec<String>>,
    lines: usize,
}

fn read_file(src: &Path, p: &Path) -> File {
    let rel = p
        .strip_prefix(src)
        .expect("under src")
        .to_string_lossy()
        .replace('\\', "/");
    let text = std::fs::read_to_string(p).expect("a source file");
    let code = without_test_modules(&blank(&text));
    let t = tokens(&code);
    let mut paths = Vec::new();
    let mut reexports = BTreeMap::new();
    let mut i = 0;
    while i < t.len() {
        if t[i] == "use" {
            let public = i > 0 && (t[i - 1] == "pub" || t[i - 1] == ")");
            let mut j = i + 1;
            if t.get(j).map(String::as_str) == Some("::") {
                j += 1;
            }
            let mut out = Vec::new();
            use_tree(&t, &mut j, &[], &mut out);
            for (path, alias) in out {
                if public && alias != "*" {
                    reexports.insert(alias, path.clone());
                }
                paths.push((path, true));
            }
            i = j;
        } else if matches!(t[i].as_str(), "crate" | "super" | "self")
            && t.get(i + 1).map(String::as_str) == Some("::")
            && (i == 0 || t[i - 1] != "::")
        {
            let mut path = vec![t[i].clone()];
            let mut j = i + 1;
            while t.get(j).map(String::as_str) == Some("::")
                && t.get(j + 1).is_some_and(|w| w.chars().all(is_ident))
            {
                path.push(t[j + 1].clone());
                j += 2;
            }
            paths.push((path, false));
            i = j;
        } else {
            i += 1;
        }
    }
    File {
        module: module_of(&rel),
        rel,
        paths,
        reexports,
        lines: text.lines().count(),
    }
}

struct Tree {
    files: Vec<File>,
    by_module: BTreeMap<Vec<String>, usize>,
}

impl Tree {
    /// The absolute module path of a path written in `f`, or None for another crate's.
    fn absolute(&self, f: &File, path: &[String], from_use: bool) -> Option<Vec<String>> {
        let first = path.first()?;
        let mut base: Vec<String> = match first.as_str() {
            "crate" => Vec::new(),
            "self" => f.module.clone(),
            "super" => {
                let mut m = f.module.clone();
                let mut k = 0;
                while path.get(k).map(String::as_str) == Some("super") {
                    m.pop();
                    k += 1;
                }
                return Some(m.into_iter().chain(path[k..].iter().cloned()).collect());
            }
            name if from_use => {
                // A path relative to the module (`use commands::X` in a mod.rs) names a child.
                let mut child = f.module.clone();
                child.push(name.to_string());
                if !self.by_module.contains_key(&child) {
                    return None;
                }
                return Some(f.module.iter().chain(path).cloned().collect());
            }
            _ => return None,
        };
        base.extend(path[1..].iter().cloned());
        Some(base)
    }

    /// The file that defines what `path` (absolute) names, following `pub use` re-exports.
    fn resolve(&self, mut path: Vec<String>) -> Option<usize> {
        for _ in 0..16 {
            let mut k = path.len();
            let file = loop {
                if let Some(&f) = self.by_module.get(&path[..k]) {
                    break f;
                }
                if k == 0 {
                    return None;
                }
                k -= 1;
            };
            let f = &self.files[file];
            let next = path.get(k);
            match next.and_then(|n| f.reexports.get(n)) {
                Some(target) => {
                    let Some(abs) = self.absolute(f, target, true) else {
                        return Some(file); // a re-export of another crate's item
                    };
                    if abs == path[..=k] {
                        return Some(file);
                    }
                    path = abs
                        .into_iter()
                        .chain(path[k + 1..].iter().cloned())
                        .collect();
                }
                None => return Some(file),
            }
        }
        None
    }
}

fn load() -> Tree {
    load_from(&src_dir())
}

fn load_from(src: &Path) -> Tree {
    let mut paths = Vec::new();
    rust_files(src, &mut paths);
    paths.sort();
    let files: Vec<File> = paths.iter().map(|p| read_file(src, p)).collect();
    let by_module = files
        .iter()
        .enumerate()
        .filter(|(_, f)| f.rel != "main.rs")
        .map(|(i, f)| (f.module.clone(), i))
        .collect();
    Tree { files, by_module }
}

/// Import edges between files: `edges[a]` = the files `a` imports, each with one path as written.
fn edges(tree: &Tree) -> Vec<BTreeMap<usize, String>> {
    let mut out = vec![BTreeMap::new(); tree.files.len()];
    for (a, f) in tree.files.iter().enumerate() {
        if f.rel == "main.rs" {
            continue; // the binary is its own crate
        }
        for (path, from_use) in &f.paths {
            let Some(abs) = tree.absolute(f, path, *from_use) else {
                continue;
            };
            if let Some(b) = tree.resolve(abs) {
                if b != a {
                    out[a].entry(b).or_insert_with(|| path.join("::"));
                }
            }
        }
    }
    out
}

/// Strongly connected components (Tarjan), each a sorted list of files.
fn components(n: usize, edges: &[BTreeMap<usize, String>]) -> Vec<Vec<usize>> {
    struct S<'a> {
        edges: &'a [BTreeMap<usize, String>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut S, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on[v] = true;
        let targets: Vec<usize> = s.edges[v].keys().copied().collect();
        for w in targets {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on[w] => s.low[v] = s.low[v].min(iw),
                _ => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut c = Vec::new();
            loop {
                let w = s.stack.pop().expect("on the stack");
                s.on[w] = false;
                c.push(w);
                if w == v {
                    break;
                }
            }
            c.sort();
            s.out.push(c);
        }
    }
    let mut s = S {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.out
}

fn layer_of(rel: &str) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (i, (_, prefixes)) in LAYERS.iter().enumerate() {
        for p in *prefixes {
            let hit = if p.ends_with('/') {
                rel.starts_with(p)
            } else {
                rel == *p
            };
            if hit && best.is_none_or(|(len, _)| p.len() > len) {
                best = Some((p.len(), i));
            }
        }
    }
    best.map(|(_, i)| i)
}

#[test]
fn no_import_circles_between_files() {
    let tree = load();
    let e = edges(&tree);
    let mut bad = Vec::new();
    for c in components(tree.files.len(), &e) {
        if c.len() > 1 {
            let names: BTreeSet<usize> = c.iter().copied().collect();
            let mut lines = Vec::new();
            for &a in &c {
                for (b, via) in &e[a] {
                    if names.contains(b) {
                        lines.push(format!(
                            "    {} -> {} ({via})",
                            tree.files[a].rel, tree.files[*b].rel
                        ));
                    }
                }
            }
            bad.push(format!(
                "{} files import each other in a circle:\n{}",
                c.len(),
                lines.join("\n")
            ));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_file_is_in_a_layer_and_imports_only_its_own_and_lower_layers() {
    let tree = load();
    let e = edges(&tree);
    let mut bad = Vec::new();
    for (a, f) in tree.files.iter().enumerate() {
        let Some(la) = layer_of(&f.rel) else {
            bad.push(format!(
                "src/{} is in no layer: add its folder to LAYERS in tests/layers.rs",
                f.rel
            ));
            continue;
        };
        for (&b, via) in &e[a] {
            let rb = &tree.files[b].rel;
            if let Some(lb) = layer_of(rb) {
                if lb > la {
                    bad.push(format!(
                        "src/{} ({}) imports src/{rb} ({}), a layer above it ({via})",
                        f.rel, LAYERS[la].0, LAYERS[lb].0
                    ));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn every_layer_folder_says_what_it_is() {
    let tree = load();
    let mut bad = Vec::new();
    for f in &tree.files {
        if f.rel.starts_with("engine/") && f.rel.ends_with("/mod.rs") {
            let text = std::fs::read_to_string(src_dir().join(&f.rel)).expect("mod.rs");
            if !text.trim_start().starts_with("//!") {
                bad.push(format!("src/{} has no module doc (//!)", f.rel));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn no_file_is_over_600_lines() {
    let tree = load();
    let long: Vec<String> = tree
        .files
        .iter()
        .filter(|f| f.lines > MAX_LINES)
        .map(|f| format!("src/{}: {} lines", f.rel, f.lines))
        .collect();
    assert!(
        long.is_empty(),
        "files over {MAX_LINES} lines (split them by idea):\n{}",
        long.join("\n")
    );
}

/// The checker itself: a circle and an upward import in a made-up tree are found.
#[test]
fn the_checker_finds_a_circle_and_an_upward_import() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let write = |rel: &str, text: &str| {
        let p = dir.path().join(rel);
        std::fs::create_dir_all(p.parent().expect("a parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    };
    write(
        "lib.rs",
        "pub mod engine;\npub use engine::board::state::Board;\n",
    );
    write(
        "engine/mod.rs",
        "//! e\npub mod board;\npub mod geometry;\n",
    );
    write("engine/board/mod.rs", "//! b\npub mod state;\n");
    write(
        "engine/board/state.rs",
        "use crate::engine::geometry::layout::Layout;\n// use crate::nothing;\nfn f() { let s = \"crate::engine::x\"; }\n",
    );
    write("engine/geometry/mod.rs", "//! g\npub mod layout;\n");
    write(
        "engine/geometry/layout.rs",
        "pub struct Layout;\nfn g() -> crate::Board { todo!() }\n#[cfg(test)]\nmod tests { use crate::engine::board::state::Board; }\n",
    );
    let tree = load_from(dir.path());
    let e = edges(&tree);
    let idx = |rel: &str| {
        tree.files
            .iter()
            .position(|f| f.rel == rel)
            .expect("a file")
    };
    let (state, layout) = (
        idx("engine/board/state.rs"),
        idx("engine/geometry/layout.rs"),
    );
    // `crate::Board` is followed through lib.rs's re-export to the file that defines it.
    assert!(e[layout].contains_key(&state), "{:?}", e[layout]);
    assert!(e[state].contains_key(&layout));
    assert_eq!(e[state].len(), 1, "comments and strings are not imports");
    let circles: Vec<_> = components(tree.files.len(), &e)
        .into_iter()
        .filter(|c| c.len() > 1)
        .collect();
    assert_eq!(circles, vec![vec![state, layout]]);
    assert!(layer_of("engine/geometry/layout.rs") < layer_of("engine/board/state.rs"));
}
