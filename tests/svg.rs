//! SVG pictures (`render::svg`): one snapshot per layout (one row, the reversed row of
//! Tchoukaillon, two rows with stores, two rows with reserves and closed holes, the Ruma square with
//! 2 and 4 players) and of traces (a Tchuka Ruma relay, a Raja Pasu relay with a capture, a move
//! shown lap by lap). Each picture is parsed as XML, and the counts it draws (`data-seeds`, the
//! dots, the numbers) are checked against the position it was drawn from.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[cfg(feature = "cli")]
#[path = "common/scratch.rs"]
mod scratch;

use std::path::Path;

use sowlab::render::svg::{board_svg, game_svg, lap_frames, last_move_svg, trace_svg, SvgOptions};
use sowlab::{board, Rule};
use sowlab::{Board, PitKind};
use sowlab::{Game, Position};
use std::sync::Arc;

fn game(rule: &str, sets: &[&str]) -> Game {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let r = Rule::load(rule, &*dir).expect("the rule loads");
    let opts = r.resolve_options(sets).expect("options");
    Game::new(Arc::new(r), opts).expect("a game")
}

fn game_at(rule: &str, sets: &[&str], pos: &str) -> Game {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
    let r = Rule::load(rule, &*dir).expect("the rule loads");
    let opts = r.resolve_options(sets).expect("options");
    let pos: Position = serde_json::from_str(pos).expect("a position");
    Game::with_position(Arc::new(r), opts, &pos).expect("a game")
}

/// Parses `svg` as XML and checks that every pit drawn shows the count of `b`: its `data-seeds`,
/// its dots (up to 12) or its number, and that every hole and store of the layout is drawn once.
fn check_counts(svg: &str, b: &Board) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let mut seen = vec![0; b.layout.pits.len()];
    for g in root.descendants().filter(|n| n.has_attribute("data-pit")) {
        let p: usize = g.attribute("data-pit").unwrap().parse().unwrap();
        seen[p] += 1;
        let k: i64 = g.attribute("data-seeds").unwrap().parse().unwrap();
        assert_eq!(k, b.seeds[p], "pit {} ({})", p, b.layout.pits[p].name);
        let closed = g.attribute("class").unwrap().contains("closed");
        assert_eq!(closed, b.closed[p], "pit {p} closed");
        let dots = g
            .children()
            .filter(|c| c.attribute("fill") == Some("#6b4a2b"))
            .count() as i64;
        let numbers: Vec<&str> = g
            .children()
            .filter(|c| c.tag_name().name() == "text")
            .filter_map(|c| c.text())
            .collect();
        if b.layout.pits[p].kind == PitKind::Hole && !closed {
            if k <= 12 {
                assert_eq!(dots, k, "dots of pit {p}");
            } else {
                assert_eq!(dots, 0, "no dots above 12 in pit {p}");
            }
            assert!(
                numbers.contains(&k.to_string().as_str()),
                "count {k} of pit {p}: {numbers:?}"
            );
        }
        if b.layout.pits[p].kind == PitKind::Store {
            assert!(
                numbers.contains(&k.to_string().as_str()),
                "store {p}: {numbers:?}"
            );
        }
    }
    assert!(
        seen.iter().all(|&c| c == 1),
        "every pit drawn once: {seen:?}"
    );
    for r in root
        .descendants()
        .filter(|n| n.attribute("class") == Some("reserve"))
    {
        let pl: usize = r.attribute("data-player").unwrap().parse().unwrap();
        let k: i64 = r.attribute("data-seeds").unwrap().parse().unwrap();
        assert_eq!(k, b.reserves[pl - 1], "reserve of player {pl}");
    }
}

/// The labels of the holes drawn as legal moves.
fn legal_labels(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("hole legal"))
        .map(|n| n.attribute("data-move").unwrap().to_string())
        .collect()
}

fn status(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("status"))
        .map(|n| n.text().unwrap_or("").to_string())
        .collect()
}

#[test]
fn one_row_with_its_store() {
    let mut g = game("tchuka_ruma", &[]);
    g.play("3").unwrap();
    let svg = game_svg(&g);
    let b = g.board();
    // 2 2 0 2 | 2 after `3`: hole 3 sows into 4 and the ruma
    assert_eq!(b.state_json().pits, vec![2, 2, 0, 3]);
    check_counts(&svg, &b);
    assert_eq!(legal_labels(&svg), vec!["1", "2", "4"]);
    insta::assert_snapshot!(svg);
}

#[test]
fn tchoukaillon_counts_holes_from_the_store() {
    let g = game("tchoukaillon", &["board=0 2 2 4"]);
    let svg = game_svg(&g);
    check_counts(&svg, &g.board());
    // hole 2 (2 seeds) and hole 4 (4 seeds) reach the store exactly
    assert_eq!(legal_labels(&svg), vec!["2", "4"]);
    insta::assert_snapshot!(svg);
}

#[test]
fn two_rows_with_stores() {
    let mut g = game("kalah", &[]);
    g.play("3").unwrap();
    let svg = game_svg(&g);
    check_counts(&svg, &g.board());
    insta::assert_snapshot!(svg);
}

#[test]
fn two_rows_with_reserves_and_closed_holes() {
    // a second round of Raja Pasu: South filled 4 holes (from the right), North all 7
    let g = game_at(
        "raja_pasu",
        &[],
        r#"{"pits":[0,0,0,7,7,7,7, 7,7,7,7,7,7,7],"closed":[0,1,2],
            "stores":[5,30],"to_move":2,"vars":{"round":2}}"#,
    );
    let svg = game_svg(&g);
    let b = g.board();
    check_counts(&svg, &b);
    assert_eq!(b.reserves, vec![5, 30]);
    assert_eq!(legal_labels(&svg).len(), 7);
    assert!(status(&svg).iter().any(|s| s == "player 2 to move"));
    insta::assert_snapshot!(svg);
}

#[test]
fn the_ruma_square_for_two_and_four_players() {
    let mut g = game("ruma", &[]);
    g.play("S3").unwrap();
    let svg = game_svg(&g);
    check_counts(&svg, &g.board());
    insta::assert_snapshot!("ruma_2p", svg);
    let mut g = game("ruma", &["players=4"]);
    g.play("6").unwrap();
    let svg = game_svg(&g);
    check_counts(&svg, &g.board());
    // East (player 2) moves from their one row: labels without the row
    assert_eq!(legal_labels(&svg).len(), 6);
    insta::assert_snapshot!("ruma_4p", svg);
}

#[test]
fn many_seeds_are_a_number_and_a_won_game_says_so() {
    let mut g = game("tchuka_ruma", &[]);
    g.play_all(&["3", "4", "3", "4", "2", "4"]).unwrap();
    let b = g.board();
    assert!(b.over && b.winner == 1);
    let svg = game_svg(&g);
    check_counts(&svg, &b);
    assert!(legal_labels(&svg).is_empty());
    assert_eq!(status(&svg).last().unwrap(), "game over: won (player 1)");
    let g = game("tchuka_ruma", &["seeds=20"]);
    check_counts(&game_svg(&g), &g.board());
}

#[test]
fn a_tchuka_ruma_relay_lap_by_lap() {
    // From the start, `3` leaves 2 2 0 3 | 1; then `4` sows its 3 seeds into the ruma, 1 and 2;
    // hole 2 held 2, so lap 2 relays its 3 seeds into 3, 4 and the ruma: 3 0 1 1 | 3.
    let mut g = game("tchuka_ruma", &[]);
    g.play("3").unwrap();
    g.play("4").unwrap();
    assert_eq!(g.state().pits, vec![3, 0, 1, 1]);
    assert_eq!(g.state().stores, vec![3]);
    let p = g.history.last().unwrap();
    let before = board(&p.before).clone();
    let frames = lap_frames(&p.events);
    let svg = trace_svg(
        before.clone(),
        None,
        &p.events,
        None,
        &SvgOptions::default(),
    );
    // without the position after the move, the counts are replayed from the events
    check_counts(&svg, &g.board());
    let svg = last_move_svg(&g);
    check_counts(&svg, &g.board());
    insta::assert_snapshot!(svg);
    // each frame shows the counts after its laps; the last is the position after the move
    for (k, &frame) in frames.iter().enumerate() {
        let mut b = before.clone();
        let mut hand = 0;
        for e in &p.events[..frame] {
            e.apply(&mut b, &mut hand);
        }
        let svg = trace_svg(
            before.clone(),
            None,
            &p.events,
            Some(k),
            &SvgOptions::default(),
        );
        check_counts(&svg, &b);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let laps = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("lap"))
            .count();
        assert_eq!(laps, k, "laps drawn in frame {k}");
    }
    assert_eq!(g.board().seeds, board(&p.after).seeds);
}

#[test]
fn a_raja_pasu_relay_with_captures() {
    let mut g = game("raja_pasu", &[]);
    g.play("7").unwrap();
    let svg = last_move_svg(&g);
    check_counts(&svg, &g.board());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let laps = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("lap"))
        .count();
    let p = g.history.last().unwrap();
    let lap_ends = p.events.iter().filter(|e| e.kind() == "lap_end").count();
    assert_eq!(laps, lap_ends);
    let captures = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("capture"))
        .count();
    let captured = p.events.iter().filter(|e| e.kind() == "capture").count();
    assert!(captured > 0, "the move captures");
    assert_eq!(captures, captured);
    insta::assert_snapshot!(svg);
}

#[test]
fn text_from_scripts_is_escaped() {
    let g = game("tchuka_ruma", &[]);
    let mut b = g.board();
    let mut l = (*b.layout).clone();
    l.pits[4].name = "<ruma & \"co\">".into();
    b.layout = Arc::new(l);
    let svg = board_svg(
        &b,
        &SvgOptions {
            legal: vec![],
            title: Some("a < b".into()),
        },
    );
    check_counts(&svg, &b);
    assert!(svg.contains("&lt;ruma &amp; &quot;co&quot;&gt;"));
}

/// `replay --svg`, the REPL's `svg` and check scripts' `g.svg()` write the same pictures.
#[cfg(feature = "cli")]
mod wired {
    use super::scratch::scratch;
    use std::process::{Command, Stdio};

    fn sowlab(args: &[&str], stdin: &str) -> (i32, String, String) {
        use std::io::Write;
        let mut c = Command::new(env!("CARGO_BIN_EXE_sowlab"))
            .args(args)
            .env(
                "SOWLAB_RULES",
                concat!(env!("CARGO_MANIFEST_DIR"), "/rules"),
            )
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        c.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
        let o = c.wait_with_output().unwrap();
        (
            o.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&o.stdout).into(),
            String::from_utf8_lossy(&o.stderr).into(),
        )
    }

    #[test]
    fn replay_writes_the_position_or_the_last_move() {
        let dir = scratch("svg");
        let (pos, last) = (dir.join("pos.svg"), dir.join("last.svg"));
        let (code, _, err) = sowlab(
            &[
                "replay",
                "tchuka_ruma",
                "--moves",
                "3 4",
                "--svg",
                pos.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        let mut g = super::game("tchuka_ruma", &[]);
        g.play_all(&["3", "4"]).unwrap();
        assert_eq!(std::fs::read_to_string(&pos).unwrap(), super::game_svg(&g));
        let (code, _, err) = sowlab(
            &[
                "replay",
                "tchuka_ruma",
                "--moves",
                "3 4",
                "--trace",
                "--svg",
                last.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            std::fs::read_to_string(&last).unwrap(),
            super::last_move_svg(&g)
        );
        let (code, _, err) = sowlab(
            &["replay", "tchuka_ruma", "--svg", "/nonexistent/dir/x.svg"],
            "",
        );
        assert_eq!(code, 1);
        assert!(err.contains("cannot write /nonexistent/dir/x.svg"), "{err}");
    }

    #[test]
    fn the_repl_and_check_scripts_draw_too() {
        let dir = scratch("svg");
        let (pos, last) = (dir.join("repl.svg"), dir.join("repl-last.svg"));
        let script = format!(
            "svg trace {}\n3\nsvg {}\nsvg trace {}\nsvg\n",
            last.display(),
            pos.display(),
            last.display()
        );
        let (code, out, _) = sowlab(&["play"], &script);
        assert_eq!(code, 1, "two commands fail: {out}");
        assert!(
            out.contains("`svg trace` draws the last move: no move played yet"),
            "{out}"
        );
        assert!(out.contains("`svg` needs a file name"), "{out}");
        let mut g = super::game("tchuka_ruma", &[]);
        g.play("3").unwrap();
        assert_eq!(std::fs::read_to_string(&pos).unwrap(), super::game_svg(&g));
        assert_eq!(
            std::fs::read_to_string(&last).unwrap(),
            super::last_move_svg(&g)
        );
        let check = dir.join("check.rhai");
        std::fs::write(
            &check,
            "let g = game(\"tchuka_ruma\");\ng.play(\"3\");\n\
             assert(g.svg().starts_with(\"<svg\"), \"svg\");\n\
             assert(g.svg().contains(\"data-move=\\\"4\\\" data-seeds=\\\"3\\\"\"), \"counts\");\n\
             assert(g.svg_trace().contains(\"class=\\\"lap\\\"\"), \"laps\");\n",
        )
        .unwrap();
        let (code, out, err) = sowlab(&["run", check.to_str().unwrap()], "");
        assert_eq!(code, 0, "{out}{err}");
    }

    #[test]
    fn simulate_compare_and_sweep_write_plots() {
        let dir = scratch("svg");
        for (name, args) in [
            (
                "sim",
                vec!["simulate", "kalah", "--set", "holes=3", "--games", "12"],
            ),
            (
                "cmp",
                vec![
                    "compare", "kalah", "kalah", "--set-b", "seeds=2", "--games", "8",
                ],
            ),
            (
                "swp",
                vec!["sweep", "kalah", "--vary", "holes=3,4", "--games", "6"],
            ),
        ] {
            let f = dir.join(format!("{name}.svg"));
            let mut args = args.clone();
            args.extend(["--plot", f.to_str().unwrap()]);
            let (code, out, err) = sowlab(&args, "");
            assert_eq!(code, 0, "{name}: {out}{err}");
            let text = std::fs::read_to_string(&f).unwrap();
            let doc = roxmltree::Document::parse(&text).unwrap();
            assert!(
                doc.descendants()
                    .any(|n| n.attribute("class") == Some("bar")),
                "{name}"
            );
            assert!(!out.is_empty(), "{name}: the report is still printed");
        }
    }
}
