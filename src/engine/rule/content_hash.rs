//! The content hash of a rule: SHA-256 over its source text, the text of every module it imports
//! (recursively, each once) and the text of the preset it was loaded through. A run record carries
//! it, so a report says exactly which rules produced it and parts of different rules never merge.

use std::collections::BTreeSet;

use sha2::{Digest, Sha256};

use crate::engine::base::source::Source;

/// Most import levels followed (deeper imports are hashed by name only).
const MAX_DEPTH: usize = 16;

/// The hash of a rule's source text and of the modules it imports from `imports` (a folder or
/// the built-in rules), as `sha256:` and 64 hex digits.
pub fn rule_hash(text: &str, imports: Option<&Source>) -> String {
    let mut h = Sha256::new();
    h.update(b"rule\0");
    h.update(text.as_bytes());
    let mut seen = BTreeSet::new();
    if let Some(src) = imports {
        hash_imports(&mut h, text, src, &mut seen, 0);
    }
    hex(h)
}

/// The hash of a data rule (a YAML rule file: no script, no imports).
pub fn data_hash(text: &str) -> String {
    let mut h = Sha256::new();
    h.update(b"data\0");
    h.update(text.as_bytes());
    hex(h)
}

/// The hash of a preset: the hash of its rule and the preset file's text.
pub fn preset_hash(rule_hash: &str, preset_text: &str) -> String {
    let mut h = Sha256::new();
    h.update(rule_hash.as_bytes());
    h.update(b"\0preset\0");
    h.update(preset_text.as_bytes());
    hex(h)
}

fn hash_imports(
    h: &mut Sha256,
    text: &str,
    src: &Source,
    seen: &mut BTreeSet<String>,
    depth: usize,
) {
    for name in imports(text) {
        if !seen.insert(name.clone()) {
            continue;
        }
        h.update(b"\0import\0");
        h.update(name.as_bytes());
        h.update(b"\0");
        // Only names the sandbox resolves (see script::RulesResolver) are read.
        let ok = name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if !ok || depth >= MAX_DEPTH {
            continue;
        }
        if let Some(t) = src.read(&format!("{name}.rhai")) {
            h.update(t.as_bytes());
            hash_imports(h, &t, src, seen, depth + 1);
        }
    }
}

/// The module names of the `import "name"` statements of a script (a textual scan: comments and
/// strings that look like imports are included too, which only makes the hash cover more).
fn imports(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("import") {
        let before_ok = rest[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '_'));
        rest = &rest[i + "import".len()..];
        let after = rest.trim_start();
        if before_ok && after.len() < rest.len() && after.starts_with('"') {
            if let Some(end) = after[1..].find('"') {
                out.push(after[1..1 + end].to_string());
            }
        }
    }
    out
}

fn hex(h: Sha256) -> String {
    let d = h.finalize();
    let mut s = String::with_capacity(7 + 64);
    s.push_str("sha256:");
    for b in d {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imports_are_found_and_change_the_hash() {
        assert_eq!(
            imports("import \"a\" as a;\nlet x = 1; import   \"b_2\" as b; reimport \"c\""),
            ["a", "b_2"]
        );
        // (removed with its files when `tmp` is dropped)
        let tmp = tempfile::Builder::new()
            .prefix("sowlab-hash-")
            .tempdir()
            .expect("temp dir");
        let d = tmp.path().to_path_buf();
        crate::engine::base::files::create_dir_all(&d).unwrap();
        crate::engine::base::files::write_fixture(d.join("m.rhai"), "fn f() { 1 }").unwrap();
        let src = "import \"m\" as m;\nfn setup() {}";
        let dir = d.clone();
        let src_dir = Source::Dir(d.clone());
        let d = &src_dir;
        let one = rule_hash(src, Some(d));
        assert!(one.starts_with("sha256:") && one.len() == 71, "{one}");
        assert_eq!(
            one,
            rule_hash(src, Some(d)),
            "the same content, the same hash"
        );
        crate::engine::base::files::write_fixture(dir.join("m.rhai"), "fn f() { 2 }").unwrap();
        assert_ne!(
            one,
            rule_hash(src, Some(d)),
            "an imported module is part of the rule"
        );
        assert_ne!(
            rule_hash("fn setup() {}", None),
            rule_hash("fn setup() { }", None)
        );
        assert_ne!(preset_hash(&one, "a: 1"), preset_hash(&one, "a: 2"));
    }
}
