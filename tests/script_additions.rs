//! Script primitives the Kalah/Oware work relies on: `get_var` (main renamed `var`, a Rhai keyword,
//! to `get_var`), and the track-following primitives refusing to run in `setup()` instead of panicking.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::sync::Arc;

use sowlab::Game;
use sowlab::Rule;
use sowlab::RulePath;

/// Writes a rule file to a fresh temporary directory and loads it.
fn load(name: &str, text: &str) -> sowlab::Result<Rule> {
    let dir = scratch("kalah");
    let file = dir.join(format!("{name}.rhai"));
    std::fs::write(&file, text).unwrap();
    Rule::load(file.to_str().unwrap(), RulePath::builtin())
}

#[test]
fn get_var_reads_a_game_variable() {
    let r = load(
        "vars",
        r#"
fn setup() { this.add_row("", 1, 3, 1); this.add_store("s", 1); this.declare_var("n", 5); }
fn play(pit) { this.sow(pit); this.set_var("n", this.get_var("n") * 2); }
"#,
    )
    .unwrap();
    let r = Arc::new(r);
    let mut g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    g.play("1").unwrap();
    g.play("2").unwrap();
    assert_eq!(g.state().vars.get("n"), Some(&20));
    // An unknown name is a clear error, and the game is kept.
    let r = Arc::new(
        load(
            "badvar",
            r#"
fn setup() { this.add_row("", 1, 3, 1); this.add_store("s", 1); }
fn play(pit) { this.sow(pit); this.get_var("nope"); }
"#,
        )
        .unwrap(),
    );
    let mut g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    let e = g.play("1").unwrap_err().one_line();
    assert!(e.contains("no variable `nope`"), "{e}");
    assert_eq!(g.history.len(), 0);
}

#[test]
fn var_is_a_keyword_so_get_var_exists() {
    let e = load(
        "kw",
        "fn setup() { this.add_row(\"\", 1, 3, 1); }\nfn play(pit) { this.var(\"x\"); }\n",
    )
    .unwrap_err()
    .one_line();
    assert!(e.contains("reserved keyword"), "{e}");
}

#[test]
fn track_primitives_refuse_to_run_in_setup() {
    for call in [
        "sow(0)",
        "next_pit(0)",
        "prev_pit(0)",
        "landing(0)",
        "lands_empty(0)",
    ] {
        let text = format!(
            "fn setup() {{ this.add_row(\"\", 1, 3, 1); this.add_store(\"s\", 1); this.{call}; }}\nfn play(pit) {{ this.sow(pit); }}\n"
        );
        let name = call.split('(').next().unwrap();
        let r = load(&format!("setup_{name}"), &text).unwrap();
        let e = r
            .new_board(&r.resolve_options::<&str>(&[]).unwrap())
            .unwrap_err()
            .one_line();
        assert!(
            e.contains(&format!("{name} cannot be used in setup()")),
            "{e}"
        );
    }
}
