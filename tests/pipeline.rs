//! The declared move pipeline (`this.pipeline(#{...})`): checked declarations, hooks on declared
//! events only, the escape hatch (`play(pit)` mixing with `this.declared_move`), and passing that
//! cannot loop for ever.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::sync::Arc;

use sowlab::Event;
use sowlab::Game;
use sowlab::Rule;
use sowlab::RulePath;

/// Writes a rule file to a fresh temporary directory and loads it.
fn load(name: &str, text: &str) -> (sowlab::Result<Rule>, scratch::ScratchFile) {
    let dir = scratch("pipeline");
    let file = dir.join(format!("{name}.rhai"));
    std::fs::write(&file, text).unwrap();
    let r = Rule::load(file.to_str().unwrap(), RulePath::builtin());
    (r, dir.keep(file))
}

fn game(r: Rule) -> Game {
    let r = Arc::new(r);
    Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap()
}

const LAYOUT: &str = r#"
    this.players = 2;
    this.shape = "two_rows";
    this.add_row("S", 1, 3, 2);
    this.add_store("s", 1);
    this.add_row("N", 2, 3, 2);
    this.add_store("n", 2);
    this.sowing(#{ stores: "own" });
"#;

#[test]
fn a_wrong_word_is_one_line_with_the_place_the_key_and_the_allowed_words() {
    let text = format!(
        "fn setup() {{{LAYOUT}    this.pipeline(#{{\n        end: [ #{{ when: \"side_empty\", sweep: \"all\", then: \"most_seeds\" }} ],\n    }});\n}}\n"
    );
    let (r, file) = load("badword", &text);
    let e = r.unwrap_err().one_line();
    assert_eq!(
        e,
        format!(
            "{}:9:10: pipeline: end[0].sweep: unknown variant `all`, expected one of `none`, `owners`, `row_owners`, `mover`, `waiting`, `still_holding`, `second_player`, `split`, `discard`, `into_children`",
            file.display()
        )
    );
    let (r, _) = load(
        "badkey",
        &format!("fn setup() {{{LAYOUT}    this.pipeline(#{{ ends: [] }});\n}}\n"),
    );
    let e = r.unwrap_err().one_line();
    assert!(
        e.ends_with("pipeline: unknown key `ends` (keys: moves, arrange, place_from_hand, capture, children, extra_turn, count_moves, pass, end, rounds, territory, names, notes, stop_in)"),
        "{e}"
    );
    // A declaration that cannot work is refused at load too.
    let (r, _) = load(
        "noround",
        &format!(
            "fn setup() {{{LAYOUT}    this.pipeline(#{{ end: [ #{{ when: \"side_empty\", then: \"round\" }} ] }});\n}}\n"
        ),
    );
    let e = r.unwrap_err().one_line();
    assert!(e.contains("`then: round` but no `rounds`"), "{e}");
}

#[test]
fn hooks_run_on_their_events_only() {
    let text = format!(
        "fn setup() {{{LAYOUT}    this.declare_var(\"ended\", 0);\n    this.pipeline(#{{ extra_turn: \"store\", end: [ #{{ when: \"side_empty\", sweep: \"owners\", then: \"most_seeds\" }} ] }});\n}}\nfn on_game_end() {{ this.set_var(\"ended\", this.get_var(\"ended\") + 1); this.note(\"hook\", \"game end\"); }}\n"
    );
    let (r, _) = load("hooks", &text);
    let mut g = game(r.unwrap());
    let mut moves = 0;
    while !g.board().over {
        let legal = g.legal().unwrap();
        let before = g.state().vars["ended"];
        g.play_pit(legal[0]).unwrap();
        moves += 1;
        let ply = g.history.last().unwrap();
        let hooked = ply
            .events
            .iter()
            .any(|e| matches!(e, Event::Note { kind, .. } if kind == "hook"));
        assert_eq!(hooked, g.board().over, "move {moves}");
        assert_eq!(g.state().vars["ended"], before + g.board().over as i64);
        assert!(moves < 100);
    }
    assert_eq!(g.state().vars["ended"], 1);
}

#[test]
fn play_can_mix_its_own_code_with_the_declared_move() {
    let decl = "    this.pipeline(#{ capture: #{ opposite: #{} }, extra_turn: \"store\", end: [ #{ when: \"side_empty\", sweep: \"owners\", then: \"most_seeds\" } ] });\n";
    let (plain, _) = load("plain", &format!("fn setup() {{{LAYOUT}{decl}}}\n"));
    let (mixed, _) = load(
        "mixed",
        &format!(
            "fn setup() {{{LAYOUT}{decl}}}\nfn moves() {{ this.declared_moves() }}\nfn play(pit) {{ this.note(\"mine\", \"before\"); this.declared_move(pit); }}\n"
        ),
    );
    let (mut a, mut b) = (game(plain.unwrap()), game(mixed.unwrap()));
    assert!(b.rule.has_play);
    let mut n = 0;
    while !a.board().over {
        let legal = a.legal().unwrap();
        assert_eq!(legal, b.legal().unwrap());
        let pit = legal[n % legal.len()];
        a.play_pit(pit).unwrap();
        b.play_pit(pit).unwrap();
        let (ea, eb) = (
            &a.history.last().unwrap().events,
            &b.history.last().unwrap().events,
        );
        assert!(matches!(&eb[0], Event::Note { kind, .. } if kind == "mine"));
        assert_eq!(ea[..], eb[1..]);
        assert_eq!(a.state(), b.state());
        n += 1;
    }
    assert!(b.board().over);
}

#[test]
fn passing_without_anyone_going_out_cannot_loop() {
    // Only holes whose last seed lands in a store are legal: soon nobody can move. Passes add to
    // the counter, nobody is ever out, and the `no_move` check ends the game.
    let text = format!(
        "fn setup() {{{LAYOUT}    this.pipeline(#{{ moves: #{{ landing: [\"store\"] }}, pass: #{{ counter: \"passes\" }}, end: [ #{{ when: \"no_move\", sweep: \"owners\", then: \"most_seeds\" }} ] }});\n}}\n"
    );
    let (r, _) = load("passes", &text);
    let mut g = game(r.unwrap());
    for _ in 0..50 {
        if g.board().over {
            break;
        }
        let legal = g.legal().unwrap();
        g.play_pit(legal[0]).unwrap();
    }
    assert!(g.board().over, "{:?}", g.state());
}

#[test]
fn every_shipped_rule_plays_without_a_script_call() {
    for name in [
        "kalah",
        "oware",
        "raja_pasu",
        "ruma",
        "tchoukaillon",
        "tchuka_ruma",
    ] {
        let r = Rule::load(name, RulePath::builtin()).unwrap();
        assert!(!r.has_play, "{name} defines play(pit)");
        let opts = r.resolve_options::<&str>(&[]).unwrap();
        let d = r.new_board(&opts).unwrap();
        assert!(
            sowlab::board(&d).layout.pipeline.is_some(),
            "{name} declares no pipeline"
        );
        assert!(
            !r.ast.iter_functions().any(|f| f.name == "moves"),
            "{name} defines moves()"
        );
    }
}

/// Writes a data rule (YAML) to a fresh temporary directory and loads it.
fn load_yaml(name: &str, text: &str) -> (sowlab::Result<Rule>, scratch::ScratchFile) {
    let dir = scratch("pipeline");
    let file = dir.join(format!("{name}.yaml"));
    std::fs::write(&file, text).unwrap();
    let r = Rule::load(file.to_str().unwrap(), RulePath::builtin());
    (r, dir.keep(file))
}

#[test]
fn a_data_rule_plays_as_its_script() {
    let a = Arc::new(Rule::load("kalah", RulePath::builtin()).unwrap());
    let b = Arc::new(Rule::load("kalah_data", RulePath::builtin()).unwrap());
    assert!(b.ast.iter_functions().next().is_none(), "no script");
    for sets in [&[][..], &["empty_capture=true", "holes=4", "seeds=3"][..]] {
        let oa = a.resolve_options(sets).unwrap();
        let ob = b.resolve_options(sets).unwrap();
        let (mut ga, mut gb) = (
            Game::new(a.clone(), oa).unwrap(),
            Game::new(b.clone(), ob).unwrap(),
        );
        let mut k = 7usize;
        while !ga.board().over {
            let legal = ga.legal().unwrap();
            assert_eq!(legal, gb.legal().unwrap());
            k = k.wrapping_mul(2862933555777941757).wrapping_add(3037000493);
            let pit = legal[(k >> 33) % legal.len()];
            ga.play_pit(pit).unwrap();
            gb.play_pit(pit).unwrap();
            assert_eq!(
                ga.history.last().unwrap().events,
                gb.history.last().unwrap().events
            );
            assert_eq!(ga.state(), gb.state());
        }
        assert!(gb.board().over);
    }
}

#[test]
fn a_data_rule_error_is_one_line_with_file_line_and_column() {
    let kalah = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rules/kalah_data.yaml"
    ))
    .unwrap();
    let (r, file) = load_yaml(
        "bad1",
        &kalah.replace("extra_turn: store", "extra_turn: stores"),
    );
    let e = r.unwrap_err().one_line();
    let line = kalah
        .lines()
        .position(|l| l.contains("extra_turn: store"))
        .unwrap()
        + 1;
    assert_eq!(
        e,
        format!(
            "{}:{line}:15: pipeline.extra_turn: unknown variant `stores`, expected one of `none`, `store`, `capture`, `store_or_capture`, `own_store`, `capture_once`",
            file.display()
        )
    );
    let (r, file) = load_yaml(
        "bad2",
        &kalah.replace("extra_turn: store", "extra_tern: store"),
    );
    let e = r.unwrap_err().one_line();
    assert!(e.starts_with(&format!("{}:{line}:", file.display())), "{e}");
    assert!(
        e.contains("unknown field `extra_tern`, expected one of `moves`"),
        "{e}"
    );
    let (r, file) = load_yaml("bad3", &kalah.replace("holes: $holes", "holes: $hole"));
    let e = r.unwrap_err().one_line();
    assert!(
        e.starts_with(&format!("{}:", file.display())) && e.contains("`$hole` names no option"),
        "{e}"
    );
}

/// Every shipped rule plays the same random games three ways: untraced (the sowing table of the
/// layout, `Layout::sow_next`), traced, and untraced on a copy of the layout without the table
/// (the walk along the track): the positions after every move and the legal moves agree.
#[test]
fn the_sowing_table_and_the_trace_change_no_move() {
    use sowlab::{board, board_mut};
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut below = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    for (name, sets) in [
        ("kalah", vec![]),
        ("oware", vec![]),
        ("oware", vec!["seeds=9"]),
        ("raja_pasu", vec![]),
        ("raja_pasu", vec!["last_seed_four=false"]),
        ("ruma", vec!["players=4"]),
        ("ruma", vec![]),
        ("tchoukaillon", vec![]),
        ("tchuka_ruma", vec!["holes=8", "seeds=8"]),
    ] {
        let r = Rule::load(name, RulePath::builtin()).unwrap();
        let opts = r.resolve_options(&sets).unwrap();
        let start = r.new_board(&opts).unwrap();
        assert!(
            !board(&start).layout.sow_next.is_empty(),
            "{name}: no sowing table"
        );
        for game in 0..20 {
            let mut plain = start.clone();
            let mut traced = start.clone();
            let mut walked = start.clone();
            std::sync::Arc::make_mut(&mut board_mut(&mut walked).layout)
                .sow_next
                .clear();
            for m in 0..3000 {
                let what = format!("{name} {sets:?} game {game} move {m}");
                let legal = r.legal(&mut plain).unwrap();
                assert_eq!(legal, r.legal(&mut walked).unwrap(), "{what}");
                if legal.is_empty() {
                    break;
                }
                let pit = legal[below(legal.len())];
                board_mut(&mut traced).trace = Some(Vec::new());
                let a = r.apply(&mut plain, pit).map_err(|e| e.to_string());
                let b = r.apply(&mut traced, pit).map_err(|e| e.to_string());
                let c = r.apply(&mut walked, pit).map_err(|e| e.to_string());
                assert_eq!(a, b, "{what}");
                assert_eq!(a, c, "{what}");
                if a.is_err() {
                    break;
                }
                let s = board(&plain).state_json();
                assert_eq!(s, board(&traced).state_json(), "{what}");
                assert_eq!(s, board(&walked).state_json(), "{what}");
                assert_eq!(board(&plain).last, board(&traced).last, "{what}");
                assert_eq!(board(&plain).last, board(&walked).last, "{what}");
            }
        }
    }
}
