//! Tests of the core primitives through small rule scripts: sowing, each relay mode, captures by
//! count, skip rules, closed holes, conservation reports, error positions and bad options.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::path::PathBuf;
use std::sync::Arc;

use sowlab::error::Error;
use sowlab::Event;
use sowlab::{board, Rule};
use sowlab::{Game, Position};

/// A fresh temporary directory for one test.
fn tmpdir() -> scratch::Scratch {
    scratch("core")
}

/// Writes `src` as `name.rhai` in a fresh directory and loads it.
fn load(name: &str, src: &str) -> (Result<Rule, Error>, scratch::ScratchFile) {
    let d = tmpdir();
    let f = d.join(format!("{name}.rhai"));
    std::fs::write(&f, src).unwrap();
    let r = Rule::load(f.to_str().unwrap(), &*d);
    (r, d.keep(f))
}

fn game(src: &str, sets: &[&str]) -> Game {
    let (r, _) = load("t", src);
    let r = Arc::new(r.unwrap_or_else(|e| panic!("{e}")));
    let opts = r.resolve_options(sets).unwrap();
    Game::new(r, opts).unwrap_or_else(|e| panic!("{e}"))
}

fn rules_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules")
}

fn tchuka(sets: &[&str]) -> Game {
    let r = Arc::new(Rule::load("tchuka_ruma", &rules_dir()).unwrap());
    let o = r.resolve_options(sets).unwrap();
    Game::new(r, o).unwrap()
}

fn pits(g: &Game) -> Vec<i64> {
    g.state().pits
}

fn stores(g: &Game) -> Vec<i64> {
    g.state().stores
}

/// A generic one-player row game: the sowing rule comes from the options so each test can pick it.
const ROW: &str = r#"
fn options() {
    #{
        holes: #{ value: 4 },
        seeds: #{ value: 2 },
        relay: #{ value: "none", values: ["none", "last", "next"] },
        stores: #{ value: "all" },
        skip_origin: #{ value: false },
        counts: #{ value: 0 },
        capture_last: #{ value: true },
        store: #{ value: true },
        beyond: #{ value: false },
    }
}
fn setup() {
    this.players = 1;
    this.add_row("", 1, this.opt("holes"), this.opt("seeds"));
    if this.opt("store") { this.add_store("store", 1); }
    let counts = if this.opt("counts") > 0 { [this.opt("counts")] } else { [] };
    this.sowing(#{ relay: this.opt("relay"), stores: this.opt("stores"),
                   skip_origin: this.opt("skip_origin"), capture_counts: counts,
                   capture_last: this.opt("capture_last"), capture_to: "sower",
                   capture_beyond_empty: this.opt("beyond") });
}
fn play(pit) { this.sow(pit); }
"#;

#[test]
fn tchuka_sows_right_into_the_ruma_and_ends_there() {
    let mut g = tchuka(&[]);
    g.play("3").unwrap();
    assert_eq!(pits(&g), vec![2, 2, 0, 3]);
    assert_eq!(stores(&g), vec![1]);
    assert!(!g.state().over);
    assert_eq!(g.legal_labels().unwrap(), vec!["1", "2", "4"]);
}

#[test]
fn tchuka_relays_from_an_occupied_hole_and_loses_in_an_empty_one() {
    let mut g = tchuka(&[]);
    // hole 4 (2 seeds): ruma, hole 1 (occupied: 3) -> relay: holes 2, 3, 4 (4 was emptied) -> lost.
    let ply = g.play("4").unwrap();
    let kinds: Vec<String> = ply.events.iter().map(|e| e.kind().to_string()).collect();
    assert_eq!(
        kinds,
        [
            "pickup", "drop", "drop", "lap_end", "pickup", "drop", "drop", "drop", "lap_end",
            "lost"
        ]
    );
    assert_eq!(pits(&g), vec![0, 3, 3, 1]);
    assert_eq!(stores(&g), vec![1]);
    let s = g.state();
    assert!(s.over);
    assert_eq!(s.winner, None);
    assert_eq!(s.to_move, None);
    assert!(g
        .play("2")
        .unwrap_err()
        .to_string()
        .contains("game is over"));
}

#[test]
fn a_lap_wraps_from_the_store_to_hole_one_without_skipping_the_origin() {
    // 4 holes + store = 5 pits; hole 2 with 6 seeds: 3 4 S 1 2 3: the origin (2) is sown into.
    let mut g = game(ROW, &["seeds=0"]);
    let mut b = g.board();
    b.seeds[1] = 6;
    g.start = rhai::Dynamic::from(b);
    g.play("2").unwrap();
    assert_eq!(pits(&g), vec![1, 1, 2, 1]);
    assert_eq!(stores(&g), vec![1]);
}

#[test]
fn skip_origin_passes_over_the_emptied_hole() {
    let mut g = game(ROW, &["seeds=0", "skip_origin=true"]);
    let mut b = g.board();
    b.seeds[1] = 6;
    g.start = rhai::Dynamic::from(b);
    g.play("2").unwrap();
    // 3 4 S 1 (skip 2) 3 4
    assert_eq!(pits(&g), vec![1, 0, 2, 2]);
    assert_eq!(stores(&g), vec![1]);
}

#[test]
fn stores_none_skips_the_store() {
    let mut g = game(ROW, &["stores=none"]);
    g.play("4").unwrap();
    // hole 4 (2): skip store -> 1, 2
    assert_eq!(pits(&g), vec![3, 3, 2, 0]);
    assert_eq!(stores(&g), vec![0]);
}

#[test]
fn bad_store_rule_is_a_clear_error_in_setup() {
    let (r, _) = load("t", ROW);
    let r = Arc::new(r.unwrap());
    let o = r.resolve_options(&["stores=some"]).unwrap();
    let e = Game::new(r, o).err().unwrap().to_string();
    assert!(e.contains("stores `some`: use all, own or none"), "{e}");
    assert!(e.contains("t.rhai:"), "{e}");
}

#[test]
fn relay_next_takes_the_following_hole_and_stops_before_an_empty_one() {
    // holes 1..4 = 2 2 2 2, no store. Play 1: drops 2,3 (last in 3); next is 4 (2): relay from 4:
    // drops 1, 2 (hand from 4 = 2); next is 3 (3): relay: 4, 1, 2; next 3 is empty -> stop.
    let mut g = game(ROW, &["store=false", "relay=next"]);
    let ply = g.play("1").unwrap();
    let laps = ply
        .events
        .iter()
        .filter(|e| matches!(e, Event::LapEnd { .. }))
        .count();
    assert_eq!(laps, 3);
    assert_eq!(pits(&g), vec![2, 5, 0, 1]);
    let b = board(g.current());
    assert_eq!(b.last.laps, 3);
    assert_eq!(b.last.pit, 1);
}

#[test]
fn capture_beyond_empty_takes_the_pit_after_the_empty_one() {
    // The relay of the test above ends in hole 2 with hole 3 empty: hole 4 (1) goes to the sower.
    let mut g = game(ROW, &["store=false", "relay=next", "beyond=true"]);
    let last = g.play("1").unwrap().events.last().cloned();
    assert_eq!(pits(&g), vec![2, 5, 0, 0]);
    assert_eq!(stores(&g), vec![1]);
    assert!(matches!(
        last,
        Some(Event::Capture { pit: 3, seeds: 1, player: 1, ref why }) if why == "beyond empty"
    ));
    assert_eq!(board(g.current()).last.captured, 1);
}

#[test]
fn count_captures_happen_mid_lap_and_optionally_on_the_last_seed() {
    // holes 3 3 3 3, no store, capture 4s to the sower. Play 1: 2->4 captured, 3->4 captured,
    // 4->4 (last seed) captured only with capture_last.
    let mut g = game(ROW, &["store=false", "seeds=3", "counts=4"]);
    g.play("1").unwrap();
    assert_eq!(pits(&g), vec![0, 0, 0, 0]);
    assert_eq!(stores(&g), vec![12]);
    let mut g = game(
        ROW,
        &["store=false", "seeds=3", "counts=4", "capture_last=false"],
    );
    g.play("1").unwrap();
    assert_eq!(pits(&g), vec![0, 0, 0, 4]);
    assert_eq!(stores(&g), vec![8]);
}

/// Two rows, captures of fours to the row owner, closed holes from an option.
const TWO: &str = r#"
fn options() { #{ to: #{ value: "row_owner" }, close: #{ value: -1 } } }
fn setup() {
    this.players = 2;
    this.shape = "two_rows";
    this.add_row("S", 1, 3, 3);
    this.add_row("N", 2, 3, 3);
    this.sowing(#{ capture_counts: [4], capture_to: this.opt("to") });
    if this.opt("close") >= 0 { let p = this.opt("close"); this.set_count(p, 0); this.close(p); }
}
fn play(pit) { this.sow(pit); this.to_move = this.next_player(); }
"#;

#[test]
fn fours_go_to_the_row_owner_or_to_the_sower() {
    // South plays S3 (3 seeds): N1, N2, N3 each reach 4.
    let mut g = game(TWO, &[]);
    g.play("3").unwrap();
    assert_eq!(pits(&g), vec![3, 3, 0, 0, 0, 0]);
    assert_eq!(stores(&g), vec![0, 12]);
    let mut g = game(TWO, &["to=sower"]);
    g.play("3").unwrap();
    assert_eq!(stores(&g), vec![12, 0]);
}

#[test]
fn closed_holes_are_skipped_and_not_playable() {
    // Close N2 (pit 4): S3 sows N1 (4: captured by North), N3 (4), S1 (4: captured by South).
    let mut g = game(TWO, &["close=4"]);
    assert_eq!(g.state().closed, vec![4]);
    g.play("3").unwrap();
    assert_eq!(pits(&g), vec![0, 3, 0, 0, 0, 0]);
    assert_eq!(stores(&g), vec![4, 8]);
    // the total is 15 + the 3 seeds of the closed hole removed in setup
    assert_eq!(board(g.current()).total(), 15);
}

#[test]
fn labels_name_rows_when_a_player_has_two() {
    let src = r#"
fn setup() {
    this.players = 2;
    this.add_row("S", 1, 2, 1); this.add_row("E", 2, 2, 1);
    this.add_row("N", 1, 2, 1); this.add_row("W", 2, 2, 1);
}
fn play(pit) { this.sow(pit); this.to_move = this.next_player(); }
"#;
    let mut g = game(src, &[]);
    assert_eq!(g.legal_labels().unwrap(), vec!["S1", "S2", "N1", "N2"]);
    assert!(g.play("3").unwrap_err().to_string().contains("not a move"));
    assert!(g
        .play("E1")
        .unwrap_err()
        .to_string()
        .contains("illegal move `E1`"));
    g.play("n2").unwrap();
    assert_eq!(g.history[0].label, "N2");
}

#[test]
fn an_illegal_move_names_the_legal_ones_and_changes_nothing() {
    let mut g = tchuka(&[]);
    g.play("3").unwrap();
    let before = g.state();
    let e = g.play("3").unwrap_err().to_string();
    assert_eq!(e, "illegal move `3`: legal moves are 1 2 4");
    let e = g.play("x\u{7}").unwrap_err().to_string();
    assert!(e.starts_with("`x\\u{7}` is not a move"), "{e}");
    assert_eq!(g.state(), before);
    assert_eq!(g.history.len(), 1);
}

#[test]
fn undo_and_redo_walk_the_history() {
    let mut g = tchuka(&[]);
    g.play_all(&["3", "4"]).unwrap();
    let after = g.state();
    assert!(g.undo());
    assert_eq!(pits(&g), vec![2, 2, 0, 3]);
    assert!(g.redo());
    assert_eq!(g.state(), after);
    assert!(!g.redo());
    assert!(g.undo() && g.undo() && !g.undo());
    assert_eq!(pits(&g), vec![2, 2, 2, 2]);
}

#[test]
fn conservation_failures_name_the_script_line() {
    let src = "fn setup() { this.add_row(\"\", 1, 3, 2); this.add_store(\"s\", 1); }\n\
               fn play(pit) {\n    this.sow(pit);\n    this.add(0, 1);\n}\n";
    let mut g = game(src, &[]);
    let e = g.play("1").unwrap_err();
    let s = e.to_string();
    assert!(s.ends_with("t.rhai:4:10: move 1: seed conservation broken: 6 seeds before the move, 7 after (add created 1 seed)"), "{s}");
    assert_eq!(g.history.len(), 0);
    assert_eq!(pits(&g), vec![2, 2, 2]);
}

#[test]
fn balanced_low_level_changes_are_fine() {
    // take + add of the same seeds is a hand-written move: no conservation error.
    let src = "fn setup() { this.add_row(\"\", 1, 3, 2); }\n\
               fn play(pit) { let n = this.take(pit); this.add(this.next_pit(pit), n); }\n";
    let mut g = game(src, &[]);
    g.play("1").unwrap();
    assert_eq!(pits(&g), vec![0, 4, 2]);
}

#[test]
fn a_relay_that_never_ends_is_an_endless_sowing_error() {
    // One hole on the track: with relay `next` it keeps picking itself up.
    let src = "fn setup() { this.add_row(\"\", 1, 1, 1); this.sowing(#{ relay: \"next\", max_laps: 500 }); }\n\
               fn play(pit) {\n  this.sow(pit);\n}\n";
    let mut g = game(src, &[]);
    let e = g.play("1").unwrap_err().to_string();
    assert!(
        e.contains(":3:8: move 1: endless sowing: the move from 1 still relays after 500 laps"),
        "{e}"
    );
    assert_eq!(pits(&g), vec![1]);
}

#[test]
fn a_lap_limit_can_stop_the_move_instead() {
    let src = "fn setup() { this.add_row(\"\", 1, 1, 1); this.sowing(#{ relay: \"next\", max_laps: 7, at_max_laps: \"stop\" }); }\n\
               fn play(pit) { this.sow(pit); if this.stopped { this.note(\"stop\", `${this.laps}`); this.end(0); } }\n";
    let mut g = game(src, &[]);
    let ply = g.play("1").unwrap();
    assert!(ply.events.contains(&Event::Note {
        kind: "stop".into(),
        text: "7".into()
    }));
    assert!(g.state().over);
}

#[test]
fn landing_predicts_the_last_pit_and_whether_it_is_empty() {
    let src = "fn setup() { this.add_row(\"\", 1, 3, 0); this.add_store(\"s\", 1); this.set_count(0, 5); this.set_count(2, 1); }\n\
               fn play(pit) { this.sow(pit); }\n\
               fn moves() { [this.landing(0), this.lands_empty(0), this.landing(2), this.lands_empty(2)] }\n";
    // from hole 1 (5 seeds): 2 3 s 1 2: last in hole 2, which got a seed earlier in the lap.
    // from hole 3 (1 seed): the store, empty.
    let (r, _) = load("t", src);
    let r = r.unwrap();
    let mut d = r
        .new_board(&r.resolve_options::<&str>(&[]).unwrap())
        .unwrap();
    let out = r.call(&mut d, "moves", ()).unwrap();
    assert_eq!(out.to_string(), "[1, false, 3, true]");
}

#[test]
fn options_are_checked_with_clear_messages() {
    let r = Rule::load("tchuka_ruma", &rules_dir()).unwrap();
    let e = |sets: &[&str]| r.resolve_options(sets).unwrap_err().to_string();
    assert_eq!(
        e(&["hole=3"]),
        "unknown option `hole` for tchuka_ruma (options: holes, seeds)"
    );
    assert_eq!(
        e(&["holes=x"]),
        "option `holes`: `x` is not allowed (use an integer from 1 to 64)"
    );
    assert_eq!(
        e(&["holes=99"]),
        "option `holes`: `99` is not allowed (use an integer from 1 to 64)"
    );
    assert_eq!(
        e(&["holes"]),
        "bad option `holes`: write KEY=VALUE, e.g. --set holes=6"
    );
    let (r, _) = load("t", ROW);
    let r = r.unwrap();
    assert_eq!(
        r.resolve_options(&["relay=sideways"])
            .unwrap_err()
            .to_string(),
        "option `relay`: `sideways` is not allowed (use none | last | next)"
    );
    assert_eq!(
        r.resolve_options(&["store=maybe"]).unwrap_err().to_string(),
        "option `store`: `maybe` is not allowed (use true or false)"
    );
}

#[test]
fn option_declarations_are_checked() {
    let (r, f) = load(
        "t",
        "fn options() { #{ a: #{ value: 5, min: 1, max: 3 } } }\nfn setup() {}\nfn play(p) {}\n",
    );
    assert_eq!(
        r.unwrap_err().to_string(),
        format!(
            "{}: options(): option `a`: its default is not one of its allowed values",
            f.display()
        )
    );
}

#[test]
fn a_position_can_be_set_and_is_checked() {
    let r = Arc::new(Rule::load("tchuka_ruma", &rules_dir()).unwrap());
    let o = r.resolve_options::<&str>(&[]).unwrap();
    let pos = Position {
        pits: vec![0, 0, 0, 1],
        stores: Some(vec![7]),
        ..Position::default()
    };
    let mut g = Game::with_position(r.clone(), o.clone(), &pos).unwrap();
    g.play("4").unwrap();
    assert_eq!(g.state().winner, Some(1));
    let bad = Position {
        pits: vec![0, 0, 1],
        ..Position::default()
    };
    let e = Game::with_position(r.clone(), o.clone(), &bad)
        .err()
        .unwrap();
    assert_eq!(
        e.to_string(),
        "position: `pits` has 3 counts, the board has 4 holes"
    );
    let neg = Position {
        pits: vec![0, -1, 1, 0],
        ..Position::default()
    };
    let e = Game::with_position(r, o, &neg).err().unwrap();
    assert_eq!(
        e.to_string(),
        "position: `pits` holds -1, not a count of seeds"
    );
}

#[test]
fn state_json_has_the_public_fields() {
    let g = tchuka(&["holes=5", "seeds=3"]);
    let v = serde_json::to_value(g.state()).unwrap();
    assert_eq!(
        v,
        serde_json::json!({
            "pits": [3, 3, 3, 3, 3], "closed": [], "stores": [0], "penalties": [],
            "to_move": 1, "over": false, "winner": null
        })
    );
}

#[test]
fn a_failing_move_in_a_list_is_named_once_with_its_index_and_label() {
    // The second move breaks conservation: the error names it once, as `move 2 of 2 (`2`)`.
    let src = "fn setup() { this.add_row(\"\", 1, 3, 2); this.add_store(\"s\", 1); }\n\
               fn play(pit) {\n    this.sow(pit);\n    if this.count(3) > 1 { this.add(0, 1); }\n}\n";
    let mut g = game(src, &[]);
    let e = g.play_all(&["3", "2"]).unwrap_err().to_string();
    assert!(
        e.ends_with(":4:33: move 2 of 2 (`2`): seed conservation broken: 6 seeds before the move, 7 after (add created 1 seed)"),
        "{e}"
    );
    assert_eq!(g.history.len(), 1);
}

#[test]
fn a_mistyped_rule_name_gets_a_suggestion() {
    let e = |name: &str| Rule::load(name, &rules_dir()).unwrap_err().to_string();
    assert!(e("raja_pasuu")
        .starts_with("unknown rule `raja_pasuu`; did you mean `raja_pasu`? (rules: "));
    assert!(e("kalha").contains("did you mean `kalah`?"));
    assert!(e("tchuka").contains("did you mean `tchuka_ruma`?"));
    // (a name far from every rule's: `xyz` is now two letters from `tuz`)
    assert!(
        e("xyzzyx").starts_with("unknown rule `xyzzyx` (rules: "),
        "{}",
        e("xyzzyx")
    );
}

#[test]
fn holes_landing_filters_moves_by_where_their_last_seed_falls() {
    // holes 1 0 2 1 | store: hole 1 ends in hole 2 (empty); holes 3 (2 seeds) and 4 in the store.
    let src = "fn options() { #{ empty: #{ value: false }, occupied: #{ value: true }, store: #{ value: true } } }\n\
               fn setup() { this.add_row(\"\", 1, 4, 0); this.add_store(\"s\", 1); }\n\
               fn play(pit) { this.sow(pit); }\n\
               fn moves() { this.holes_landing(1, this.opt(\"empty\"), this.opt(\"occupied\"), this.opt(\"store\")) }\n";
    let (r, _) = load("t", src);
    let r = Arc::new(r.unwrap());
    let legal = |sets: &[&str], pits: Vec<i64>| {
        let o = r.resolve_options(sets).unwrap();
        let pos = Position {
            pits,
            stores: Some(vec![0]),
            ..Position::default()
        };
        Game::with_position(r.clone(), o, &pos)
            .unwrap()
            .legal_labels()
            .unwrap()
    };
    assert_eq!(legal(&[], vec![1, 0, 2, 1]), vec!["3", "4"]);
    assert_eq!(
        legal(&["empty=true"], vec![1, 0, 2, 1]),
        vec!["1", "3", "4"]
    );
    assert_eq!(
        legal(&["store=false"], vec![1, 0, 2, 1]),
        Vec::<String>::new()
    );
    // hole 1 ends in hole 2, which holds a seed: an occupied hole.
    assert_eq!(legal(&["store=false"], vec![1, 1, 0, 0]), vec!["1"]);
    // 5 seeds from hole 2: 3 4 s 1 2 — the last falls into hole 2 itself, emptied at the start.
    assert_eq!(
        legal(&["store=false", "empty=true"], vec![0, 5, 0, 0]),
        vec!["2"]
    );
    assert_eq!(
        legal(&["store=false"], vec![0, 5, 0, 0]),
        Vec::<String>::new()
    );
}
