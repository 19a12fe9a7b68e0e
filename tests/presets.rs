//! Presets (`rules/presets/*.yaml`): every shipped preset loads with the options it names, and a
//! preset with an unknown key, an unknown option, a bad value or a missing rule is a clear
//! one-line error.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod common;
use common::scratch;

use std::path::PathBuf;

use sowlab::RuleKind as Kind;
use sowlab::RulePath;
use sowlab::{Preset, Rule};

use common::*;

#[test]
fn shipped_presets_load_with_their_options() {
    let mut seen = 0;
    for found in RulePath::new([rules_dir()]).entries() {
        if found.kind != Kind::Preset {
            continue;
        }
        seen += 1;
        let name = found.name.clone();
        let text = found.text().unwrap();
        let preset: Preset = sowlab::yaml::from_str(&text).unwrap();
        let rule = load(&name);
        assert!(
            !preset.description.is_empty(),
            "{name}: a preset says what it is"
        );
        let opts = rule.resolve_options::<&str>(&[]).unwrap();
        for (k, v) in &preset.options {
            let want = match v {
                sowlab::yaml::Value::String(s) => s.clone(),
                sowlab::yaml::Value::Number(n) => n.to_string(),
                sowlab::yaml::Value::Bool(b) => b.to_string(),
                _ => panic!("{name}: option {k} is not a scalar"),
            };
            assert_eq!(opts[k].to_string(), want, "{name}: option {k}");
        }
        let board = rule.new_board(&opts).unwrap();
        assert!(!sowlab::board(&board).over, "{name}: the start is not over");
    }
    assert!(seen >= 3, "the presets directory has the required presets");
    for required in ["tchuka_ruma_6", "raja_pasu_round", "ruma_4p_beginners"] {
        load(required);
    }
}

/// A scratch rules directory holding one preset file; the preset's rule is found in the real
/// rules directory.
fn preset_error(name: &str, text: &str) -> String {
    let dir = scratch("presets");
    std::fs::create_dir_all(dir.join("presets")).unwrap();
    let file: PathBuf = dir.join("presets").join(format!("{name}.yaml"));
    std::fs::write(&file, text).unwrap();
    let e = Rule::load_preset(&file, &rules_dir())
        .unwrap_err()
        .one_line();
    std::fs::remove_dir_all(&dir).unwrap();
    e.replace(&file.display().to_string(), "FILE")
}

#[test]
fn bad_presets_are_clear_errors() {
    let e = preset_error("unknown_key", "rule: ruma\nplayer: 3\n");
    assert!(e.starts_with("FILE: unknown field `player`"), "{e}");
    let e = preset_error("unknown_option", "rule: ruma\noptions:\n  player: 3\n");
    assert_eq!(
        e,
        "FILE: unknown option `player` for ruma (options: last_in_ruma, max_penalties, players, seeds)"
    );
    let e = preset_error("bad_int", "rule: ruma\noptions:\n  seeds: 5\n");
    assert_eq!(
        e,
        "FILE: option `seeds`: `5` is not allowed (use an integer from 2 to 4)"
    );
    let e = preset_error(
        "bad_word",
        "rule: ruma\noptions:\n  last_in_ruma: sometimes\n",
    );
    assert_eq!(
        e,
        "FILE: option `last_in_ruma`: `sometimes` is not allowed (use allowed | forbidden)"
    );
    let e = preset_error("bad_bool", "rule: raja_pasu\noptions:\n  rounds: maybe\n");
    assert_eq!(
        e,
        "FILE: option `rounds`: `maybe` is not allowed (use true or false)"
    );
    let e = preset_error("bad_first", "rule: raja_pasu\noptions:\n  first: 3\n");
    assert_eq!(
        e,
        "FILE: option `first`: `3` is not allowed (use south | north)"
    );
    let e = preset_error(
        "list_value",
        "rule: raja_pasu\noptions:\n  max_turns: [1, 2]\n",
    );
    assert_eq!(
        e,
        "FILE: option `max_turns` takes an integer from 1 to 1000000"
    );
    // (a rule name sowlab does not ship; Mangala is now in the catalogue)
    let e = preset_error("no_rule", "rule: no_such_game\n");
    // It says where it looked, never an empty folder name (a preset in the current folder).
    assert!(
        e.starts_with("FILE: the preset names rule `no_such_game`, which is neither beside it (/"),
        "{e}"
    );
    assert!(e.ends_with(", built-in)"), "{e}");
    let cwd = scratch("presets-cwd");
    std::fs::write(cwd.join("here.yaml"), "rule: no_such_game\n").unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_sowlab"))
        .args(["rules", "here.yaml"])
        .current_dir(&cwd)
        .env_remove("SOWLAB_RULES")
        .env("XDG_DATA_HOME", cwd.join("no-user-data"))
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&cwd);
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "sowlab: here.yaml: the preset names rule `no_such_game`, which is neither beside it (.) nor on the rules path (built-in)\n"
    );
    let e = preset_error("missing_rule", "options:\n  seeds: 2\n");
    assert!(e.starts_with("FILE: missing field `rule`"), "{e}");
}
