//! Where a pipeline's parse error points: serde names neither the key nor the item of a list
//! that is wrong in a converted Rhai map, so each key (and each item) is tried alone and the
//! message names the first that fails (`pipeline: end[1].when: unknown variant ...`).

/// The keys of a pipeline, in the order of the guide.
pub const KEYS: &[&str] = &[
    "moves",
    "arrange",
    "place_from_hand",
    "capture",
    "children",
    "extra_turn",
    "count_moves",
    "pass",
    "end",
    "rounds",
    "territory",
    "names",
    "notes",
    "stop_in",
];

/// Finds the key an error is about, trying each key (and each item of a list) alone.
/// `parse` is the pipeline's own parse (an error's message, or none); `keys` its keys.
pub(super) fn locate(
    v: &serde_json::Value,
    msg: String,
    keys: &[&str],
    parse: impl Fn(serde_json::Value) -> Option<String>,
) -> String {
    let serde_json::Value::Object(m) = v else {
        return format!("pipeline: {msg}");
    };
    for (k, x) in m {
        if !keys.contains(&k.as_str()) {
            return format!("pipeline: unknown key `{k}` (keys: {})", keys.join(", "));
        }
        let one = serde_json::json!({ k.clone(): x.clone() });
        if let Some(e) = parse(one) {
            if let serde_json::Value::Array(items) = x {
                for (i, it) in items.iter().enumerate() {
                    let one = serde_json::json!({ k.clone(): [it.clone()] });
                    if let Some(e) = parse(one) {
                        let e = words(&e);
                        return format!("pipeline: {k}[{i}]{}: {e}", key_of(it, &e));
                    }
                }
            }
            let e = words(&e);
            return format!("pipeline: {k}{}: {e}", key_of(x, &e));
        }
    }
    format!("pipeline: {}", words(&msg))
}

/// `.key` of the field whose word an "unknown variant" error names (searched in `v`), if found.
fn key_of(v: &serde_json::Value, err: &str) -> String {
    let Some(word) = err
        .strip_prefix("unknown variant `")
        .and_then(|r| r.split('`').next())
    else {
        return String::new();
    };
    fn find(v: &serde_json::Value, word: &str, path: &mut String) -> bool {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    if x.as_str() == Some(word) {
                        path.push_str(&format!(".{k}"));
                        return true;
                    }
                    let len = path.len();
                    path.push_str(&format!(".{k}"));
                    if find(x, word, path) {
                        return true;
                    }
                    path.truncate(len);
                }
                false
            }
            serde_json::Value::Array(a) => a.iter().any(|x| find(x, word, path)),
            _ => false,
        }
    }
    let mut path = String::new();
    if find(v, word, &mut path) {
        path
    } else {
        String::new()
    }
}

/// serde's message without its position suffix (meaningless for a converted Rhai map).
fn words(s: &str) -> String {
    match s.find(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s.to_string(),
    }
}
