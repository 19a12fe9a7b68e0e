//! The check-script API page (scripts/README.md) names every function a check script can call:
//! each name registered in src/check/ and src/experiment/script_api.rs must appear on it.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[test]
fn the_page_documents_every_check_script_function() {
    let page = std::fs::read_to_string("scripts/README.md").expect("scripts/README.md");
    let mut seen = 0;
    let mut missing = Vec::new();
    for file in [
        "src/check/mod.rs",
        "src/check/api.rs",
        "src/check/context.rs",
        "src/experiment/script_api.rs",
    ] {
        let src = std::fs::read_to_string(file).expect(file);
        for marker in [
            "register_fn(",
            "register_get(",
            "register_set(",
            "register_get_set(",
        ] {
            for (i, _) in src.match_indices(marker) {
                let rest = src[i + marker.len()..].trim_start();
                let Some(name) = rest.strip_prefix('"').and_then(|r| r.split('"').next()) else {
                    continue;
                };
                seen += 1;
                let named = [format!("`{name}("), format!(".{name}"), format!("`{name}`")];
                if !named.iter().any(|n| page.contains(n.as_str())) {
                    missing.push(format!("{name} ({file})"));
                }
            }
        }
    }
    assert!(
        seen > 30,
        "found only {seen} functions: did the files change shape?"
    );
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "not on scripts/README.md: {missing:?}");
}
