//! How saves name their rule (issue 13, item 8): by name when the rules path has the same rule,
//! else by a path relative to the save file's folder; with the rule's content hash, so loading
//! warns when the rule changed since.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::path::Path;
use std::sync::Arc;

use sowlab::repl::save::{read, rule_spec_for_save, to_save, write};
use sowlab::RulePath;
use sowlab::{Game, Rule};

fn folder(name: &str) -> scratch::Scratch {
    scratch(&format!("save-rules-{name}"))
}

fn tchuka_source() -> String {
    std::fs::read_to_string("rules/tchuka_ruma.rhai").unwrap()
}

/// Plays `moves` under the rule file `spec` and saves the game to `save`; returns the save's text.
fn play_and_save(spec: &str, path: &RulePath, save: &Path, moves: &[&str]) -> String {
    let rule = Arc::new(Rule::load(spec, path).unwrap());
    let mut g = Game::new(rule.clone(), rule.resolve_options::<&str>(&[]).unwrap()).unwrap();
    g.play_all(moves).unwrap();
    let named = rule_spec_for_save(spec, &rule, path, save);
    write(save, &to_save(&named, None, &g)).unwrap();
    std::fs::read_to_string(save).unwrap()
}

#[test]
fn a_rule_file_is_saved_relative_to_the_save_and_loads_from_anywhere() {
    let d = folder("relative");
    std::fs::create_dir_all(d.join("games")).unwrap();
    let mine = d.join("mine.rhai");
    std::fs::write(&mine, tchuka_source().replace("max: 64", "max: 63")).unwrap();
    let path = RulePath::builtin();
    let save = d.join("games").join("g.yaml");
    let text = play_and_save(mine.to_str().unwrap(), &path, &save, &["3", "4"]);
    assert!(text.contains("rule: ../mine.rhai"), "{text}");
    assert!(
        !text.contains(d.to_str().unwrap()),
        "no absolute path: {text}"
    );
    assert!(text.contains("rule_hash: "), "{text}");
    // The folder moves: the save still finds its rule.
    let moved = folder("relative-moved");
    std::fs::create_dir_all(moved.join("games")).unwrap();
    std::fs::rename(&mine, moved.join("mine.rhai")).unwrap();
    std::fs::rename(&save, moved.join("games").join("g.yaml")).unwrap();
    let loaded = read(&moved.join("games").join("g.yaml"), &path).unwrap();
    assert_eq!(loaded.game.moves(), ["3", "4"]);
    assert!(loaded.warning.is_none());
}

#[test]
fn a_path_to_a_rule_of_the_rules_path_is_saved_by_name() {
    let d = folder("byname");
    let path = RulePath::builtin();
    let save = d.join("g.yaml");
    let text = play_and_save("rules/tchuka_ruma.rhai", &path, &save, &["3"]);
    assert!(text.contains("rule: tchuka_ruma\n"), "{text}");
}

#[test]
fn loading_warns_when_the_rule_changed_since_the_save() {
    let d = folder("changed");
    let mine = d.join("mine.rhai");
    std::fs::write(&mine, tchuka_source().replace("max: 64", "max: 63")).unwrap();
    let path = RulePath::builtin();
    let save = d.join("g.yaml");
    play_and_save(mine.to_str().unwrap(), &path, &save, &["3", "4"]);
    assert!(read(&save, &path).unwrap().warning.is_none());
    // A change that keeps the moves playable: the game loads, with a warning.
    std::fs::write(&mine, tchuka_source().replace("max: 64", "max: 62")).unwrap();
    let loaded = read(&save, &path).unwrap();
    let w = loaded.warning.expect("a warning");
    assert!(w.contains("changed since this game was saved"), "{w}");
    assert!(!w.contains('\n'), "one line: {w}");
    // An older save without a hash loads without one.
    let text = std::fs::read_to_string(&save).unwrap();
    let old: String = text
        .lines()
        .filter(|l| !l.starts_with("rule_hash:"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&save, old).unwrap();
    assert!(read(&save, &path).unwrap().warning.is_none());
}
