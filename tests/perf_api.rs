//! The small additive APIs made for speed: `Board::key_into`, the `tracing` getter, and the
//! circuit primitives (`loop_of_rows`, `sow_round`, `holding`, `any_holding`, `counts`).

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::path::PathBuf;

use sowlab::{board, board_mut, Rule};

fn rules_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules")
}

#[test]
fn key_into_writes_the_same_key_and_reuses_the_buffer() {
    let rule = Rule::load("tchuka_ruma", &rules_dir()).expect("loads");
    let opts = rule.resolve_options(&["holes=5"]).expect("options");
    let mut d = rule.new_board(&opts).expect("board");
    let mut buf = vec![9u8; 40];
    board(&d).key_into(&mut buf);
    assert_eq!(buf, board(&d).key());
    rule.apply(&mut d, 2).expect("move");
    board(&d).key_into(&mut buf);
    assert_eq!(buf, board(&d).key());
}

#[test]
fn tracing_getter_says_whether_events_are_recorded() {
    let dir = scratch("perf-api");
    let file = dir.join("t.rhai");
    std::fs::write(
        &file,
        "fn setup() { this.players = 1; this.add_row(\"\", 1, 3, 1); this.add_store(\"s\", 1); }\n\
         fn play(pit) { this.sow(pit); if this.tracing { this.note(\"t\", \"traced\"); } else { this.end(0); } }\n",
    )
    .expect("write");
    let rule = Rule::load(&file.display().to_string(), &*dir).expect("loads");
    let opts = rule.resolve_options::<&str>(&[]).expect("options");
    let start = rule.new_board(&opts).expect("board");

    let mut off = start.clone();
    rule.apply(&mut off, 0).expect("move");
    assert!(
        board(&off).over,
        "tracing off: the script took the else branch"
    );

    let mut on = start.clone();
    board_mut(&mut on).trace = Some(Vec::new());
    rule.apply(&mut on, 0).expect("move");
    let b = board(&on);
    assert!(!b.over);
    assert!(b.trace.as_ref().is_some_and(|t| !t.is_empty()));
    drop(b);
}

#[test]
fn rules_can_still_be_shared_between_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Rule>();
    let rule = std::sync::Arc::new(Rule::load("tchuka_ruma", &rules_dir()).expect("loads"));
    let opts = rule
        .resolve_options(&["holes=6", "seeds=3"])
        .expect("options");
    let start = rule.new_board(&opts).expect("board");
    let key = |d: &rhai::Dynamic| board(d).key();
    // The same moves on two threads at once (each call takes its own pooled Rhai state).
    let handles: Vec<_> = (0..2)
        .map(|_| {
            let (rule, mut d) = (rule.clone(), start.clone());
            std::thread::spawn(move || {
                for _ in 0..200 {
                    let legal = rule.legal(&mut d).expect("legal");
                    let Some(&p) = legal.first() else { break };
                    rule.apply(&mut d, p).expect("move");
                }
                board(&d).key()
            })
        })
        .collect();
    let ends: Vec<Vec<u8>> = handles
        .into_iter()
        .map(|h| h.join().expect("thread"))
        .collect();
    assert_eq!(ends[0], ends[1]);
    let mut d = start.clone();
    for _ in 0..200 {
        let legal = rule.legal(&mut d).expect("legal");
        let Some(&p) = legal.first() else { break };
        rule.apply(&mut d, p).expect("move");
    }
    assert_eq!(key(&d), ends[0]);
}

#[test]
fn capture_all_and_capture_to_owners_take_the_open_holes() {
    let dir = scratch("perf-cap");
    let file = dir.join("c.rhai");
    // Two rows of 3 with 1, 2, 3 seeds; hole S1 is emptied and closed. Move S2 (pit 1): all
    // to player 2 (capture_all); move S3 (pit 2): each row to its owner (capture_to_owners).
    std::fs::write(
        &file,
        "fn setup() { this.players = 2; this.add_row(\"S\", 1, 3, 2); this.add_row(\"N\", 2, 3, 5); \
         this.capture(0, 1, \"x\"); this.close(0); this.declare_counter(\"got\"); }\n\
         fn play(pit) { let n = if pit == 1 { this.capture_all(2, \"all\") } else { this.capture_to_owners(\"own\") }; \
         this.set_counter(\"got\", 1, n); }\n",
    )
    .expect("write");
    let rule = Rule::load(&file.display().to_string(), &*dir).expect("loads");
    let opts = rule.resolve_options::<&str>(&[]).expect("options");
    let start = rule.new_board(&opts).expect("board");
    assert_eq!(board(&start).reserves, vec![2, 0]);

    let mut d = start.clone();
    rule.apply(&mut d, 1).expect("capture_all");
    let b = board(&d);
    assert_eq!(b.reserves, vec![2, 2 + 2 + 15]);
    assert_eq!(b.counter(0, 1), 19);
    assert!(b.seeds.iter().all(|&s| s == 0));
    assert!(b.closed[0], "closed holes stay closed");
    drop(b);

    let mut d = start.clone();
    rule.apply(&mut d, 2).expect("capture_to_owners");
    let b = board(&d);
    assert_eq!(b.reserves, vec![2 + 4, 15]);
    assert_eq!(b.counter(0, 1), 19);
    drop(b);
}

#[test]
fn calls_after_an_error_behave_as_before_it() {
    let dir = scratch("perf-err");
    let file = dir.join("e.rhai");
    std::fs::write(
        &file,
        "fn setup() { this.players = 1; this.add_row(\"\", 1, 3, 2); this.add_store(\"s\", 1); }\n\
         fn deep(n) { if n == 0 { throw \"boom\"; } this.deep(n - 1) }\n\
         fn play(pit) { if pit == 0 { this.deep(3); } this.sow(pit); }\n",
    )
    .expect("write");
    let rule = Rule::load(&file.display().to_string(), &*dir).expect("loads");
    let opts = rule.resolve_options::<&str>(&[]).expect("options");
    let start = rule.new_board(&opts).expect("board");
    let mut first = None;
    for _ in 0..3 {
        let mut d = start.clone();
        let e = rule.apply(&mut d, 0).expect_err("throws").to_string();
        assert!(e.contains("boom"), "{e}");
        assert_eq!(
            first.get_or_insert(e.clone()),
            &e,
            "the same error every time"
        );
        let mut d = start.clone();
        rule.apply(&mut d, 1).expect("plays");
        assert_eq!(board(&d).seeds, vec![2, 0, 3, 1]);
    }
}

#[test]
fn circuit_primitives_sow_round_a_loop_and_find_holes() {
    let dir = scratch("perf-circ");
    let file = dir.join("c.rhai");
    // Two rows of 3 (S: pits 0-2 with 1, 2, 3 seeds; N: pits 3-5 empty); the loop S1 S2 S3 N3 N2
    // N1. Move 0: take S2 and S3 (5 seeds) and sow them against the loop from index 4 (N2): N3,
    // S3, S2, S1, N1; vars: the last index and what the reading primitives say. Move 4: all six
    // seeds round a loop of four pits, round it more than once. Moves 1 to 3: bad arguments.
    std::fs::write(
        &file,
        "fn setup() { this.players = 1; this.add_row(\"S\", 1, 3, 0); this.add_row(\"N\", 1, 3, 0); \
         this.set_count(0, 1); this.set_count(1, 2); this.set_count(2, 3); \
         this.declare_var(\"last\", -9); this.declare_var(\"held\", -9); this.declare_var(\"any\", -9); \
         this.declare_var(\"c4\", -9); }\n\
         fn moves() { [0, 1, 2, 3, 4, 5, 6] }\n\
         fn play(pit) { let c = this.loop_of_rows(0, 1); \
         if c != [0, 1, 2, 5, 4, 3] { throw `loop ${c}`; } \
         if pit == 0 { let n = this.take(1) + this.take(2); \
           this.set_var(\"last\", this.sow_round(c, 4, -1, n)); \
           let h = this.holding(c, 2); if h != [0] { throw `holding ${h}`; } \
           this.set_var(\"held\", h.len()); \
           this.set_var(\"any\", if this.any_holding([1, 2, 3], 2) { 1 } else { 0 }); \
           this.set_var(\"c4\", this.counts(c)[4]); } \
         if pit == 1 { this.sow_round(c, 0, 2, 1); } \
         if pit == 2 { this.sow_round(c, 6, 1, 1); } \
         if pit == 3 { this.sow_round([0, 99], 0, 1, 1); } \
         if pit == 4 { let n = this.take(0) + this.take(1) + this.take(2); \
           this.set_var(\"last\", this.sow_round([3, 4, 5, 0], 3, 1, n)); } \
         if pit >= 5 { let r = this.relay_round([0, 1, 2], 0, 1, this.take(0), if pit == 5 { [] } else { [1] }, 10); \
           this.set_var(\"last\", r[0] * 100 + r[1] * 10 + r[2]); } }\n",
    )
    .expect("write");
    let rule = Rule::load(&file.display().to_string(), &*dir).expect("loads");
    let opts = rule.resolve_options::<&str>(&[]).expect("options");
    let start = rule.new_board(&opts).expect("board");

    let mut d = start.clone();
    rule.apply(&mut d, 0).expect("sows");
    let b = board(&d);
    assert_eq!(b.seeds, vec![2, 1, 1, 1, 0, 1]);
    // The last seed fell in N1: index 5 of the loop; nothing holds 2 or more but S1 (pit 0).
    assert_eq!(b.vars, vec![5, 1, 0, 0]);
    drop(b);

    // A sowing longer than the loop goes round again (6 seeds over N1 N2 N3 S1 from after S1:
    // N1 N2 N3 S1 N1 N2, the last at index 1); its trace has one event a seed (after the three
    // takes').
    let mut d = start.clone();
    board_mut(&mut d).trace = Some(Vec::new());
    rule.apply(&mut d, 4).expect("sows round again");
    let b = board(&d);
    assert_eq!(b.seeds, vec![1, 0, 0, 2, 2, 1]);
    assert_eq!(b.vars[0], 1);
    let adjusts: Vec<String> = b
        .trace
        .iter()
        .flatten()
        .map(|e| format!("{e:?}"))
        .filter(|e| e.contains("Adjust"))
        .collect();
    assert_eq!(adjusts.len(), 3 + 6, "{adjusts:?}");
    assert!(
        adjusts[3..].iter().all(|e| e.contains("delta: 1")),
        "{adjusts:?}"
    );
    drop(b);

    // Relay round S1 S2 S3: S1's seed ends in S2 (3), lifted and sown on: S3, S1, S2, which
    // was empty: 2 laps, the last from index 1. With S2 a stop, the first lap ends there.
    for (m, seeds, last) in [
        (5, vec![1, 1, 4, 0, 0, 0], 112),
        (6, vec![0, 3, 3, 0, 0, 0], 101),
    ] {
        let mut d = start.clone();
        rule.apply(&mut d, m).expect("relays");
        assert_eq!(board(&d).seeds, seeds, "move {m}");
        assert_eq!(board(&d).vars[0], last, "move {m}");
    }

    for (m, says) in [
        (1, "sow_round: the direction is 1 or -1, not 2"),
        (2, "sow_round: index 6 is not in the circuit (0 to 5)"),
        (3, "no pit 99"),
    ] {
        let mut d = start.clone();
        let e = rule.apply(&mut d, m).expect_err("bad argument").to_string();
        assert!(e.contains(says), "move {m}: {e}");
    }
}
