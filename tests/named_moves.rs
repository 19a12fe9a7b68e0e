//! Named moves: a rule script declares decisions of a turn that are no hole
//! (`this.declare_move("stop")`), lists them in `moves()` by `this.move_id(name)` and plays them
//! in `play(pit)`; the core labels and parses them like holes, and refuses bad declarations with
//! one clear line.

// Tests write their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::sync::Arc;

use sowlab::{Game, Rule, RulePath};

/// Writes a rule file to a fresh temporary directory and loads it.
fn load(name: &str, text: &str) -> sowlab::Result<Rule> {
    let dir = scratch("named");
    let file = dir.join(format!("{name}.rhai"));
    std::fs::write(&file, text).unwrap();
    Rule::load(file.to_str().unwrap(), RulePath::builtin())
}

fn start(name: &str, text: &str) -> sowlab::Result<Game> {
    let r = Arc::new(load(name, text)?);
    let o = r.resolve_options::<&str>(&[]).unwrap();
    Game::new(r, o)
}

/// A toy: pick a hole, then say `again` (sow it once more next turn) or `done`.
const TOY: &str = r#"
fn setup() {
    this.add_row("", 1, 3, 2); this.add_store("s", 1);
    this.declare_move("done"); this.declare_move("again");
    this.declare_var("pending", 0);
}
fn moves() {
    if this.get_var("pending") == 1 { [this.move_id("done"), this.move_id("again")] }
    else { this.default_moves() }
}
fn play(pit) {
    if this.get_var("pending") == 1 {
        this.set_var("pending", 0);
        if pit == this.move_id("done") && this.seeds_of(1) == 0 { this.end(1); }
        return;
    }
    this.sow(pit);
    this.set_var("pending", 1);
}
"#;

#[test]
fn named_moves_are_listed_labelled_parsed_and_played() {
    let mut g = start("toy", TOY).unwrap();
    assert_eq!(g.legal_labels().unwrap(), ["1", "2", "3"]);
    g.play("1").unwrap();
    // The second decision of the turn: the named moves, by their names.
    assert_eq!(g.legal_labels().unwrap(), ["done", "again"]);
    let ids = g.legal().unwrap();
    let pits = g.board().layout.pits.len();
    assert_eq!(ids, [3 * pits, 3 * pits + 1]);
    // Case-insensitive, like hole labels.
    assert_eq!(g.parse_move("AGAIN"), Some(3 * pits + 1));
    // A hole is not a move now: the error lists the named moves.
    let e = g.play("2").unwrap_err().one_line();
    assert!(
        e.contains("illegal move `2`") && e.contains("done again"),
        "{e}"
    );
    let e = g.play("nope").unwrap_err().one_line();
    assert!(e.contains("`nope` is not a move"), "{e}");
    g.play("again").unwrap();
    assert_eq!(g.moves(), ["1", "again"]);
    assert_eq!(g.state().vars.get("pending"), Some(&0));
    assert_eq!(g.legal_labels().unwrap(), ["2", "3"]);
}

#[test]
fn bad_named_moves_are_one_line_errors() {
    let bad = |name: &str, decl: &str| {
        let text = TOY.replace(r#"this.declare_move("again");"#, decl);
        match start(name, &text) {
            Ok(_) => panic!("{name}: accepted"),
            Err(e) => e.one_line(),
        }
    };
    let e = bad("digit", r#"this.declare_move("a1");"#);
    assert!(e.contains("declare_move: `a1` is not a move name"), "{e}");
    // A count after a colon is a name (`drop:3`); other digits, or a colon without a word or a
    // count, are not.
    for name in ["a1", "drop:", ":3", "drop:3x", "dr0p:3", "drop:-3"] {
        let decl = format!(r#"this.declare_move("{name}");"#);
        let e = bad("count", &decl);
        assert!(e.contains(&format!("`{name}` is not a move name")), "{e}");
    }
    let text = TOY.replace(
        r#"this.declare_move("again");"#,
        r#"this.declare_move("drop:12");"#,
    );
    let g = start("count", &text).unwrap();
    let pits = g.board().layout.pits.len();
    assert_eq!(g.parse_move("DROP:12"), Some(3 * pits + 1));
    assert_eq!(g.board().layout.label(3 * pits + 1), "drop:12");
    let e = bad("twice", r#"this.declare_move("DONE");"#);
    assert!(e.contains("`DONE` is declared twice"), "{e}");
    let e = bad("empty", r#"this.declare_move("");"#);
    assert!(e.contains("is not a move name"), "{e}");
    // Only in setup().
    let text = TOY.replace(
        r#"this.set_var("pending", 1);"#,
        r#"this.declare_move("late");"#,
    );
    let mut g = start("late", &text).unwrap();
    let e = g.play("1").unwrap_err().one_line();
    assert!(e.contains("only be changed in setup()"), "{e}");
    assert!(g.moves().is_empty(), "the failed move is not kept");
    // An unknown name in move_id.
    let text = TOY.replace(r#"this.move_id("again")"#, r#"this.move_id("agin")"#);
    let mut g = start("unknown", &text).unwrap();
    g.play("1").unwrap();
    let e = g.legal().unwrap_err().one_line();
    assert!(e.contains("move_id: no named move `agin`"), "{e}");
    // Named moves need the script's own moves() and play(pit).
    let text = TOY.replace("fn moves()", "fn not_moves()");
    let e = start("nomoves", &text).err().expect("refused").one_line();
    assert!(
        e.contains("named moves (done, again) need the script's moves()"),
        "{e}"
    );
}
