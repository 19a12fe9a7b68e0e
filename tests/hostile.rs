//! Hostile and broken rule scripts: each must give a clear error (file:line:col where there is a
//! place), never a panic or a hang, and never change the game in progress.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use sowlab::error::Error;
use sowlab::Game;
use sowlab::Rule;

fn tmpdir() -> scratch::Scratch {
    let d = scratch("hostile");
    std::fs::create_dir_all(d.join("rules")).unwrap();
    d
}

fn write(dir: &Path, name: &str, src: &str) -> PathBuf {
    let f = dir.join("rules").join(name);
    std::fs::write(&f, src).unwrap();
    f
}

/// A normal game whose `play` runs `body` after sowing.
fn with_play(body: &str) -> String {
    format!(
        "fn setup() {{ this.add_row(\"\", 1, 4, 2); this.add_store(\"s\", 1); }}\n\
         fn play(pit) {{\n    this.sow(pit);\n    {body}\n}}\n"
    )
}

/// Loads `src` and plays hole 1; returns the error, checking the game did not change.
fn play_err(src: &str) -> String {
    let d = tmpdir();
    let f = write(&d, "bad.rhai", src);
    let r = Arc::new(
        Rule::load(f.to_str().unwrap(), &d.join("rules")).unwrap_or_else(|e| panic!("{e}")),
    );
    let o = r.resolve_options::<&str>(&[]).unwrap();
    let mut g = Game::new(r, o).unwrap_or_else(|e| panic!("{e}"));
    let before = g.state();
    let e = g.play("1").expect_err("the move must fail");
    assert_eq!(g.state(), before, "the game changed");
    assert!(g.history.is_empty());
    e.to_string()
}

fn load_err(src: &str) -> (String, scratch::ScratchFile) {
    let d = tmpdir();
    let f = write(&d, "bad.rhai", src);
    let e: Error = Rule::load(f.to_str().unwrap(), &d.join("rules"))
        .and_then(|r| {
            let o = r.resolve_options::<&str>(&[])?;
            Game::new(Arc::new(r), o).map(|_| ())
        })
        .expect_err("loading must fail");
    (e.to_string(), d.keep(f))
}

#[test]
fn an_endless_loop_hits_the_operation_limit() {
    // The operation count stops it, the same on every machine (never the wall clock's backstop).
    let e = play_err(&with_play("let x = 0; loop { x += 1; }"));
    // Rhai knows no line when it stops a function from the outside: the function is named.
    assert!(e.contains("bad.rhai: move 1: in play(): "), "{e}");
    assert!(e.contains("too many operations"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
}

#[test]
fn an_empty_endless_loop_names_the_function() {
    let e = play_err(&with_play("loop { }"));
    assert!(e.contains("bad.rhai: move 1: in play(): "), "{e}");
}

#[test]
fn deep_recursion_is_a_stack_overflow_error() {
    let src = format!("{}fn down(n) {{ down(n + 1) }}\n", with_play("down(0);"));
    let e = play_err(&src);
    assert!(e.contains("call stack overflow"), "{e}");
    assert!(e.contains("bad.rhai:"), "{e}");
}

#[test]
fn huge_arrays_and_strings_are_refused() {
    // (One call that grows the array past the limit: a loop of pushes, each checked by Rhai in
    // time proportional to the array, would be slow in a debug build.)
    let e = play_err(&with_play("let a = []; a.pad(20000, 0);"));
    assert!(e.contains("Size of array"), "{e}");
    // Rhai does not check map sizes on indexed assignment: the operation limit stops it.
    let e = play_err(&with_play(
        "let m = #{}; for i in 0..10000000 { m[`k${i}`] = i; }",
    ));
    assert!(e.contains("too many operations"), "{e}");
    let e = play_err(&with_play("let s = \"x\"; for i in 0..40 { s += s; }"));
    assert!(e.contains("Length of string"), "{e}");
}

#[test]
fn eval_is_disabled() {
    let (e, f) = load_err(&with_play("eval(\"1\");"));
    assert!(e.starts_with(&format!("{}:4:5:", f.display())), "{e}");
}

#[test]
fn imports_reach_only_the_rules_directory() {
    let d = tmpdir();
    std::fs::write(d.join("secret.rhai"), "export const X = 1;").unwrap();
    write(&d, "helper.rhai", "fn twice(x) { x * 2 }\n");
    for bad in ["../secret", "/etc/passwd", "rules/../secret", ""] {
        let src = format!("import \"{bad}\" as h;\n{}", with_play(""));
        let f = write(&d, "bad.rhai", &src);
        let r = Rule::load(f.to_str().unwrap(), &d.join("rules")).unwrap();
        let o = r.resolve_options::<&str>(&[]).unwrap();
        let e = Game::new(Arc::new(r), o)
            .err()
            .expect("import must fail")
            .to_string();
        assert!(e.contains("bad.rhai:1:"), "{bad}: {e}");
        assert!(e.contains("cannot import"), "{bad}: {e}");
    }
    // a helper next to the rule file is fine
    let src = "import \"helper\" as h;\nfn setup() { this.add_row(\"\", 1, 2, h::twice(2)); }\nfn play(p) { this.sow(p); }\n";
    let f = write(&d, "good.rhai", src);
    let r = Arc::new(Rule::load(f.to_str().unwrap(), &d.join("rules")).unwrap());
    let g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    assert_eq!(g.state().pits, vec![4, 4]);
}

#[test]
fn scripts_cannot_touch_files() {
    for call in [
        "open_file(\"/etc/passwd\")",
        "read_file(\"x\")",
        "system(\"ls\")",
    ] {
        let e = play_err(&with_play(&format!("{call};")));
        assert!(e.contains("Function not found"), "{call}: {e}");
    }
}

#[test]
fn a_move_that_destroys_seeds_names_the_line() {
    let e = play_err(&with_play("this.take(2);"));
    assert!(
        e.contains("bad.rhai:4:10: move 1: seed conservation broken: 8 seeds before the move, 5 after (take destroyed 3 seeds)"),
        "{e}"
    );
}

#[test]
fn moves_that_are_not_holes_are_refused() {
    for ret in ["[99]", "[\"x\"]", "4", "[4]"] {
        let src = format!("{}fn moves() {{ {ret} }}\n", with_play(""));
        let e = play_err(&src);
        assert!(e.contains("moves()"), "{ret}: {e}");
    }
}

#[test]
fn setup_cannot_make_negative_counts() {
    let (e, f) = load_err("fn setup() { this.add_row(\"\", 1, 2, -3); }\nfn play(p) {}\n");
    assert_eq!(
        e,
        format!(
            "{}:1:19: pit 0 would hold -3 seeds (counts cannot be negative)",
            f.display()
        )
    );
}

#[test]
fn missing_functions_are_named() {
    let (e, _) = load_err("fn setup() { this.add_row(\"\", 1, 2, 3); }\n");
    assert!(e.contains("missing function `play(pit)`"), "{e}");
}

#[test]
fn syntax_errors_have_a_position_and_an_excerpt() {
    let (_, f) = load_err("fn setup() {\n  let x = ;\n}\nfn play(p) {}\n");
    let d = f.parent().unwrap();
    let e = Rule::load(f.to_str().unwrap(), d).unwrap_err();
    assert!(
        e.to_string().starts_with(&format!("{}:2:11:", f.display())),
        "{e}"
    );
    let x = e.excerpt().unwrap();
    assert_eq!(x, " 2 |   let x = ;\n   |           ^");
}

#[test]
fn replacing_this_is_refused() {
    let e = play_err(&with_play("this = 5;"));
    assert!(e.contains("replaced `this`"), "{e}");
}

#[test]
fn runtime_errors_in_helpers_point_into_the_helper() {
    let src = format!(
        "{}fn helper() {{\n    let x = 1 / 0;\n}}\n",
        with_play("this.helper();")
    );
    let e = play_err(&src);
    assert!(e.contains("bad.rhai:7:"), "{e}");
    assert!(e.contains("Division by zero"), "{e}");
}

#[test]
fn a_layout_cannot_change_during_play() {
    let e = play_err(&with_play("this.add_row(\"x\", 1, 2, 0);"));
    assert!(
        e.contains("the layout can only be changed in setup()"),
        "{e}"
    );
}

#[test]
fn bad_pits_and_players_are_errors_not_panics() {
    for body in [
        "this.count(99);",
        "this.count(-1);",
        "this.capture(0, 7, \"x\");",
        "this.to_move = 0;",
        "this.fill(0, 1, 5);",
        "this.move_seeds(0, 1, 100);",
        "this.counter(\"nope\", 1);",
        "this.get_var(\"nope\");",
        "this.close(1);",
        "this.opt(\"nope\");",
        "this.sowing(#{ relay: 3 });",
    ] {
        let e = play_err(&with_play(body));
        assert!(e.contains("bad.rhai:4:"), "{body}: {e}");
    }
}

#[test]
fn meta_players_must_agree_with_the_board() {
    let (e, f) = load_err(
        "fn meta() { #{ name: \"x\", players: 2 } }\nfn setup() { this.add_row(\"\", 1, 2, 3); }\nfn play(p) {}\n",
    );
    assert_eq!(
        e,
        format!(
            "{}: setup(): the board has 1 player, but meta() says players: 2",
            f.display()
        )
    );
    // a range, and a label that is not a number, are fine
    for players in ["\"1-4\"", "\"one\""] {
        let d = tmpdir();
        let src = format!(
            "fn meta() {{ #{{ players: {players} }} }}\nfn setup() {{ this.add_row(\"\", 1, 2, 3); }}\nfn play(p) {{}}\n"
        );
        let f = write(&d, "ok.rhai", &src);
        let r = Rule::load(f.to_str().unwrap(), &d.join("rules")).unwrap();
        let o = r.resolve_options::<&str>(&[]).unwrap();
        assert!(Game::new(Arc::new(r), o).is_ok(), "{players}");
    }
}
