//! The fingerprint of what decides a rule's moves and ends: the compiled declared move, the
//! sowing rule, the pits and the track, written out and hashed. Steps a rule leaves unset (a
//! field at `None`, `false`, `0` or empty) are left out of the text first, so a sowlab that
//! learns a new step, unset by default, still reads the tablebases an earlier one built; a
//! change to a step the rule does use changes the fingerprint and the files are refused.

use crate::engine::board::state::Board;

/// The fingerprint of board `b`'s rule: its declared move, its sowing rule, its pits (kind,
/// owner, row) and its track, hashed. Options that change none of them (the seeds at the start)
/// give the same fingerprint.
pub fn moves_fingerprint(b: &Board) -> String {
    use sha2::{Digest, Sha256};
    let l = &*b.layout;
    let pits: Vec<_> = l
        .pits
        .iter()
        .map(|p| (p.kind, p.owner, p.row, p.pos))
        .collect();
    let mut text = format!(
        "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}",
        l.pipeline, l.sow, pits, l.track, l.holes, l.stores
    );
    if !l.circuits.is_empty() {
        text.push_str(&format!("|{:?}", l.circuits));
    }
    let d = Sha256::digest(without_unset_fields(&text).as_bytes());
    d.iter().map(|x| format!("{x:02x}")).collect()
}

/// The values a field left unset prints as.
const UNSET: [&str; 5] = ["None", "false", "0", "[]", "{}"];

/// `text` (Rust's `{:?}` of structs) without its fields whose value is unset: `P { a: None,
/// b: 1, c: [] }` becomes `P { b: 1 }`, at any depth. A field is a name at the start of a
/// struct's braces or after a comma; its value is unset when it is one of [`UNSET`] followed by
/// the next field or the closing brace.
pub(crate) fn without_unset_fields(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if out.ends_with("{ ") || out.ends_with(", ") {
            if let Some(end) = unset_field_end(&text[i..]) {
                let rest = &text[i + end..];
                if let Some(after) = rest.strip_prefix(", ") {
                    i = text.len() - after.len();
                    continue;
                }
                if rest.starts_with(" }") {
                    // (the struct's last field: the comma before it goes, the brace stays)
                    if out.ends_with(", ") {
                        out.truncate(out.len() - 2);
                        out.push(' ');
                    }
                    i += end + 1;
                    continue;
                }
            }
        }
        let c = text[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// Where a field `name: VALUE` at the start of `s` ends, when its value is unset.
fn unset_field_end(s: &str) -> Option<usize> {
    let name = s
        .bytes()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_')
        .count();
    if name == 0 || s.as_bytes()[0].is_ascii_digit() {
        return None;
    }
    let value = s[name..].strip_prefix(": ")?;
    let v = UNSET.iter().find(|v| {
        value.starts_with(**v) && matches!(value.as_bytes().get(v.len()), Some(b',' | b' '))
    })?;
    Some(name + 2 + v.len())
}

#[cfg(test)]
mod tests {
    use super::without_unset_fields as w;

    #[test]
    fn unset_fields_are_left_out_at_any_depth_and_set_ones_kept() {
        assert_eq!(w("P { a: None, b: 1, c: [] }"), "P { b: 1 }");
        assert_eq!(w("P { a: None }"), "P { }");
        assert_eq!(w("P { a: false, b: None }"), "P { }");
        assert_eq!(
            w("P { x: Some(Q { y: 0, z: 2 }), w: {} }"),
            "P { x: Some(Q { z: 2 }) }"
        );
        // (values that merely begin like an unset one are set)
        assert_eq!(
            w("P { a: 0.5, b: 10, c: Nonesuch, d: [0], e: Some(0) }"),
            "P { a: 0.5, b: 10, c: Nonesuch, d: [0], e: Some(0) }"
        );
        assert_eq!(w("(1, 0)|[0, 1]"), "(1, 0)|[0, 1]");
    }

    #[test]
    fn a_new_unset_field_leaves_the_text_as_it_was() {
        let before = "Pipeline { moves: Moves { min_seeds: 2 }, capture: Some(C { n: 3 }) }";
        let after = "Pipeline { moves: Moves { min_seeds: 2, new_step: None }, new: false, capture: Some(C { n: 3, k: [] }) }";
        assert_eq!(w(before), w(after));
    }
}
