//! Hostile rule scripts against the limits of issue 12, through the library: imports that loop,
//! native work past the clock, counts past i64, boards past the pit cap, moves() that lies. Each
//! must end in a clear error (never a crash, a hang or a wrong answer) and keep the game.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::path::{Path, PathBuf};
use std::sync::{mpsc, Arc};
use std::time::Duration;

use sowlab::search::solve::{explore, SearchLimits};
use sowlab::Rule;
use sowlab::{Game, Position};
use sowlab::{Pit, PitKind, Row};

fn tmpdir() -> scratch::Scratch {
    let d = scratch("limits");
    std::fs::create_dir_all(d.join("rules")).unwrap();
    d
}

fn write(dir: &Path, name: &str, src: &str) -> PathBuf {
    let f = dir.join("rules").join(name);
    std::fs::write(&f, src).unwrap();
    f
}

/// Runs `f` in a thread and fails the test if it has not finished within `secs` (a hang is a
/// failure, not a stuck test run).
fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(Duration::from_secs(secs)) {
        Ok(v) => v,
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("still running after {secs} s"),
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("the work panicked (see above)"),
    }
}

/// Loads `src` as `bad.rhai` and starts a game: the error, if any.
fn start(src: &str) -> Result<Game, String> {
    let d = tmpdir();
    let f = write(&d, "bad.rhai", src);
    let r = Rule::load(f.to_str().unwrap(), &d.join("rules")).map_err(|e| e.to_string())?;
    let o = r.resolve_options::<&str>(&[]).map_err(|e| e.to_string())?;
    Game::new(Arc::new(r), o).map_err(|e| e.to_string())
}

/// Plays `mv` in a game of `src`, which must fail, leaving the game as it was; the error.
fn play_err(src: &str, mv: &str) -> String {
    let mut g = start(src).unwrap_or_else(|e| panic!("{e}"));
    let before = g.state();
    let e = g.play(mv).expect_err("the move must fail").to_string();
    assert_eq!(g.state(), before, "the game changed");
    assert!(g.history.is_empty());
    e
}

const PLAY: &str = "fn play(p) { this.sow(p); }\n";

// ---- 1. imports that loop ----

#[test]
fn a_rule_that_imports_itself_is_one_line_error() {
    let e = within(60, || {
        start(&format!(
            "import \"bad\" as me;\nfn setup() {{ this.add_row(\"\", 1, 4, 2); }}\n{PLAY}"
        ))
        .err()
        .expect("must fail")
    });
    assert!(e.contains("import cycle"), "{e}");
    assert!(e.contains("bad.rhai:1:"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
}

#[test]
fn a_cycle_of_imports_is_one_line_error() {
    let e = within(60, || {
        let d = tmpdir();
        write(&d, "a.rhai", "import \"b\" as b;\nfn one() { 1 }\n");
        write(&d, "b.rhai", "import \"a\" as a;\nfn two() { 2 }\n");
        let f = write(
            &d,
            "game.rhai",
            &format!("import \"a\" as a;\nfn setup() {{ this.add_row(\"\", 1, 4, 2); }}\n{PLAY}"),
        );
        let r = Rule::load(f.to_str().unwrap(), &d.join("rules")).unwrap();
        let o = r.resolve_options::<&str>(&[]).unwrap();
        Game::new(Arc::new(r), o)
            .err()
            .expect("must fail")
            .to_string()
    });
    assert!(e.contains("import cycle"), "{e}");
    assert!(e.contains("a.rhai imports") && e.contains("b.rhai"), "{e}");
    // a chain without a cycle still loads
    let d = tmpdir();
    write(
        &d,
        "a.rhai",
        "import \"b\" as b;\nfn one() { b::two() - 1 }\n",
    );
    write(&d, "b.rhai", "fn two() { 2 }\n");
    let f = write(
        &d,
        "game.rhai",
        "import \"a\" as a;\nfn setup() { this.add_row(\"\", 1, 4, a::one()); }\nfn play(p) { this.sow(p); }\n",
    );
    let r = Arc::new(Rule::load(f.to_str().unwrap(), &d.join("rules")).unwrap());
    let g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    assert_eq!(g.state().pits, vec![1, 1, 1, 1]);
}

// ---- 2. native work is bounded by the call's work budget ----

#[test]
fn many_long_sowings_in_one_play_hit_the_work_limit() {
    // 64 holes of a million seeds: each sow drops a million seeds, in one script operation.
    let src = "fn setup() { this.add_row(\"\", 1, 64, 1000000); this.add_store(\"s\", 1); }\n\
               fn play(p) { for i in 0..3000 { let h = i % 64; if this.count(h) > 0 { this.sow(h); } } }\n";
    let e = within(60, move || play_err(src, "1"));
    // The budget counts the work (the same on every machine), not the time it takes.
    assert!(
        e.contains("work limit exceeded: the call did more than 100000000 units of work"),
        "{e}"
    );
    assert!(e.contains("bad.rhai:2:"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
}

#[test]
fn a_declared_move_is_held_to_the_work_limit() {
    // Thousands of closed pits on the track: each seed steps over all of them, natively, with no
    // script running (the rule declares its move).
    let src = "fn setup() {\n  this.add_row(\"\", 1, 2, 0);\n  for i in 0..4000 { let s = this.add_store(\"\", 0); this.close(s); }\n  this.add_store(\"s\", 1);\n  this.set_count(0, 1000000);\n  this.pipeline(#{});\n}\n";
    let e = within(60, move || {
        let mut g = start(src).unwrap_or_else(|e| panic!("{e}"));
        let before = g.state();
        let e = g.play("1").expect_err("the move must fail").to_string();
        assert_eq!(g.state(), before);
        e
    });
    assert!(
        e.contains("move from 1: work limit exceeded: the call did more than 100000000 units"),
        "{e}"
    );
    assert_eq!(e.lines().count(), 1, "{e}");
}

#[test]
fn capture_counts_are_bounded() {
    let counts: Vec<String> = (0..200).map(|i| i.to_string()).collect();
    let e = start(&format!(
        "fn setup() {{ this.add_row(\"\", 1, 4, 2); this.sowing(#{{ capture_counts: [{}] }}); }}\n{PLAY}",
        counts.join(",")
    ))
    .err()
    .expect("must fail");
    assert!(
        e.contains("capture_counts has 200 counts (at most 64)"),
        "{e}"
    );
}

// ---- 3. no silent overflow ----

fn with_play(body: &str) -> String {
    format!(
        "fn setup() {{ this.add_row(\"\", 1, 4, 2); this.add_store(\"s\", 1); this.declare_counter(\"c\"); this.declare_var(\"v\", 0); }}\n\
         fn play(pit) {{\n    this.sow(pit);\n    {body}\n}}\n"
    )
}

#[test]
fn counts_past_i64_are_errors_naming_the_primitive_and_line() {
    for (body, want) in [
        (
            "this.add(1, 9223372036854775807);",
            "add: adding 9223372036854775807 seeds overflows",
        ),
        (
            "this.move_seeds(1, 2, -9223372036854775807);",
            "move_seeds: moving",
        ),
        (
            "this.set_reserve(1, 9223372036854775807);",
            "set_reserve: the reserve of player 1 would hold",
        ),
        (
            "this.set_counter(\"c\", 1, 9223372036854775807);",
            "set_counter: 9223372036854775807 is out of range",
        ),
        (
            "this.set_var(\"v\", -9223372036854775807);",
            "set_var: -9223372036854775807 is out of range",
        ),
    ] {
        let e = play_err(&with_play(body), "1");
        assert!(e.contains("bad.rhai:4:"), "{body}: {e}");
        assert!(e.contains(want), "{body}: {e}");
    }
}

#[test]
fn reserves_cannot_wrap_the_seed_total() {
    // Two reserves whose sum passes i64::MAX: refused before the total could wrap.
    let src = "fn setup() { this.players = 2; this.add_row(\"\", 1, 2, 1); this.add_row(\"\", 2, 2, 1); }\n\
               fn play(p) { this.sow(p); this.set_reserve(1, 4611686018427387904); this.set_reserve(2, 4611686018427387904); }\n";
    let e = play_err(src, "1");
    assert!(e.contains("set_reserve"), "{e}");
}

#[test]
fn positions_cannot_hold_values_past_the_core_range() {
    let g = start(&with_play("")).unwrap();
    let mut pos = Position {
        pits: vec![1, 1, 1, 1],
        ..Position::default()
    };
    pos.vars.insert("v".into(), i64::MAX);
    let e = Game::with_position(g.rule.clone(), g.options.clone(), &pos)
        .err()
        .expect("must fail")
        .to_string();
    assert!(
        e.contains("variable `v` holds 9223372036854775807, out of range"),
        "{e}"
    );
}

// ---- 4. memory: the board ----

// ---- 8. right answers at the edges ----

#[test]
fn solutions_name_pits_past_16_bits() {
    // The rule's own board is one small row; the start searched is the same layout grown (in
    // Rust, as a script would take seconds) to 1025 rows of 64 holes, one seed in the last row,
    // whose pit ids pass 65 535.
    let g = start("fn setup() { this.add_row(\"aaa\", 1, 64, 0); this.set_count(0, 1); }\nfn play(p) { this.sow(p); this.end(1); }\n").unwrap();
    let mut b = g.board();
    {
        let l = Arc::make_mut(&mut b.layout);
        let az: Vec<char> = ('a'..='z').collect();
        for r in 1..1025usize {
            let name: String = [az[r / 676], az[(r / 26) % 26], az[r % 26]]
                .iter()
                .collect();
            let mut pits = Vec::new();
            for i in 0..64 {
                let id = l.pits.len();
                l.pits.push(Pit {
                    kind: PitKind::Hole,
                    owner: 1,
                    row: Some(r),
                    pos: i + 1,
                    name: String::new(),
                });
                l.holes.push(id);
                pits.push(id);
            }
            l.rows.push(Row {
                name,
                owner: 1,
                pits,
            });
        }
        l.track = (0..l.pits.len()).collect();
        l.link_track();
        l.name_pits();
    }
    let n = b.layout.pits.len();
    b.seeds = vec![0; n];
    b.closed = vec![false; n];
    let last = 1024 * 64;
    b.seeds[last] = 1;
    let label = b.layout.label(last);
    assert_eq!(label, "bnk1");
    let r = within(120, move || {
        let start = rhai::Dynamic::from(b);
        explore(&g.rule, &start, &SearchLimits::default(), None).unwrap()
    });
    assert_eq!(r.solution, vec![label]);
    assert_eq!(r.solution_pits, vec![last]);
}

#[test]
fn row_names_that_labels_cannot_read_back_are_refused() {
    for (rows, want) in [
        (
            "this.add_row(\"A1\", 1, 3, 1); this.add_row(\"B\", 1, 3, 1);",
            "cannot hold digits",
        ),
        (
            "this.add_row(\"S\", 1, 3, 1); this.add_row(\"s\", 1, 3, 1);",
            "same name",
        ),
        (
            "this.add_row(\"\", 1, 3, 1); this.add_row(\"N\", 1, 3, 1);",
            "must name each row",
        ),
        (
            "this.add_row(\"\\u001b[2J\", 1, 3, 1);",
            "control characters",
        ),
    ] {
        let e = start(&format!("fn setup() {{ {rows} }}\n{PLAY}"))
            .err()
            .unwrap_or_else(|| panic!("{rows}: must fail"));
        assert!(e.contains(want), "{rows}: {e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }
}

#[test]
fn moves_listing_a_hole_its_label_cannot_name_is_an_error() {
    // Two players with one unnamed row each: "1" names the mover's own hole 1, so listing the
    // opponent's hole would play another hole than the one listed.
    let src = "fn setup() { this.players = 2; this.add_row(\"\", 1, 3, 1); this.add_row(\"\", 2, 3, 1); }\n\
               fn play(p) { this.sow(p); }\nfn moves() { [3] }\n";
    let g = start(src).unwrap();
    let e = g.legal().expect_err("must fail").to_string();
    assert!(e.contains("moves() returned hole"), "{e}");
    assert!(e.contains("does not name it for player 1"), "{e}");
}

#[test]
fn moves_that_write_the_board_or_repeat_a_hole_are_errors() {
    let g = start(&format!(
        "{}fn moves() {{ this.set_var(\"v\", 1); [0] }}\n",
        with_play("")
    ))
    .unwrap();
    let e = g.legal().expect_err("must fail").to_string();
    assert!(e.contains("moves() changed the board"), "{e}");
    let g = start(&format!("{}fn moves() {{ [0, 1, 0] }}\n", with_play(""))).unwrap();
    let e = g.legal().expect_err("must fail").to_string();
    assert!(e.contains("moves() returned hole 1 twice"), "{e}");
    // a search fails the same way instead of searching a board that changes under it
    let g = start(&format!(
        "{}fn moves() {{ this.sow(0); this.default_moves() }}\n",
        with_play("")
    ))
    .unwrap();
    let e = explore(&g.rule, g.current(), &SearchLimits::default(), None)
        .expect_err("must fail")
        .to_string();
    assert!(e.contains("moves() changed the board"), "{e}");
}
