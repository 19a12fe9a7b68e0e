//! The solver on small cases whose answers were worked out by hand (derivations in comments).

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use sowlab::search::solve::{self, SearchLimits, Stop};
use sowlab::Game;
use sowlab::Rule;

fn rules_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules")
}

fn game_in(dir: &Path, name: &str, sets: &[&str]) -> Game {
    let rule = Arc::new(Rule::load(name, dir).expect("rule loads"));
    let opts = rule.resolve_options(sets).expect("options");
    Game::new(rule, opts).expect("game starts")
}

fn game(name: &str, sets: &[&str]) -> Game {
    game_in(&rules_dir(), name, sets)
}

fn explore(g: &Game) -> solve::Solution {
    solve::explore(&g.rule, g.current(), &SearchLimits::default(), None).expect("search runs")
}

/// Replays a solution with the rules and checks it wins.
fn wins(name: &str, sets: &[&str], line: &[String]) -> bool {
    let mut g = game(name, sets);
    g.play_all(line).expect("the solution's moves are legal");
    let b = g.board();
    b.over && b.winner == 1
}

#[test]
fn tchuka_standard_2_2_2_2() {
    // By hand (holes 1-4 then the ruma R; "x -> y" = last seed falls in x):
    // 3: take 2: 4(3) R(1), ends in R                       -> 2 2 0 3 | 1
    // 4: take 3: R(2) 1(3) 2(3), 2 was occupied: relay 3:
    //    3(1) 4(1) R(3), ends in R                          -> 3 0 1 1 | 3
    // 3: take 1: 4(2) relay 2: R(4) 1(4) relay 4: 2(1) 3(1) 4(1) R(5) -> 0 1 1 1 | 5
    // 4: R(6)                                               -> 0 1 1 0 | 6
    // 2: 3(2) relay 2: 4(1) R(7)                            -> 0 0 0 1 | 7
    // 4: R(8): won in 6 moves. No shorter line exists (the solver's BFS says so; the table
    // script cross-checks it with a BFS of its own).
    let g = game("tchuka_ruma", &[]);
    let r = explore(&g);
    assert_eq!(r.solvable, Some(true));
    assert!(r.stats.complete);
    assert_eq!(r.solution.len(), 6);
    assert!(wins("tchuka_ruma", &[], &r.solution));
}

#[test]
fn tchuka_one_hole() {
    // One hole and the ruma; the emptied hole is not skipped.
    // 2 seeds: R(1) 1(1): the last seed falls in the hole emptied at the pick-up: lost at once.
    //   Positions: the start only (lost ends never count); one lost end; not solvable.
    let g = game("tchuka_ruma", &["holes=1", "seeds=2"]);
    let r = explore(&g);
    assert_eq!((r.solvable, r.positions, r.lost_ends), (Some(false), 1, 1));
    assert!(r.solution.is_empty());
    // 3 seeds: R(1) 1(1) R(2): ends in R -> 1 | 2; then 1: R(3): won.
    //   Positions: [3], [1], [0] won = 3; solution "1 1"; no lost end.
    let g = game("tchuka_ruma", &["holes=1", "seeds=3"]);
    let r = explore(&g);
    assert_eq!(
        (r.solvable, r.positions, r.lost_ends, r.won_positions),
        (Some(true), 3, 0, 1)
    );
    assert_eq!(r.solution, vec!["1", "1"]);
}

#[test]
fn tchuka_two_holes() {
    // 1-1: move 1: 2(2) relay 2: R(1) 1(1), hole 1 was emptied: lost.
    //      move 2: R(1) -> 1 0 | 1; then only 1: 2(1), empty: lost.
    //      Positions: 1 1 and 1 0 = 2; lost ends 2; not solvable.
    let g = game("tchuka_ruma", &["holes=2", "seeds=1"]);
    let r = explore(&g);
    assert_eq!((r.solvable, r.positions, r.lost_ends), (Some(false), 2, 2));
    // 4-4: move 2: R(1) 1(5) 2(1) R(2): ends in R -> 5 1 | 2, not won; so no 1-move win
    //      unless move 1 wins: 2(5) R(1) 1(1) 2(6) relay 6: R(2) 1(2) 2(1) R(3) 1(3) 2(2)
    //      relay 2: R(4) 1(4) relay 4: 2(1) R(5) 1(1) 2(2) relay 2: R(6) 1(2) relay 2: 2(1) R(7)
    //      -> 0 1 | 7, not won. Then 2: R(8): won. So the shortest solution is "1 2".
    let g = game("tchuka_ruma", &["holes=2", "seeds=4"]);
    let r = explore(&g);
    assert_eq!(r.solvable, Some(true));
    assert_eq!(r.solution, vec!["1", "2"]);
}

#[test]
fn tchoukaillon_by_hand() {
    // 0 1 3 (hole 1 first): only hole 3 holds its number. 3 -> 1 2 0 | 1. Then 1 -> 0 2 0 | 2
    // (or 2 -> 2 0 0 | 2: lost, 2 != 1). 2 -> 1 0 0 | 3, 1 -> won.
    // Positions: 013, 120, 020, 100, 000 = 5; lost ends: 200 = 1; solution 3 1 2 1.
    let g = game("tchoukaillon", &["board=0 1 3"]);
    let r = explore(&g);
    assert_eq!((r.solvable, r.positions, r.lost_ends), (Some(true), 5, 1));
    assert_eq!(r.solution, vec!["3", "1", "2", "1"]);
    // 1 2 3: 1 -> 023, 2 -> 203, 3 -> 230 (lost: 2 != 1, 3 != 2).
    // 023: 2 -> 103, 3 -> 130.   203: 3 -> 310 (lost).
    // 103: 1 -> 003, 3 -> 210 (lost).   130: 1 -> 030 (lost).
    // 003: 3 -> 110.   110: 1 -> 010 (lost).
    // Positions: 123 023 203 103 130 003 110 = 7; lost ends 230 310 210 030 010 = 5; no win.
    let g = game("tchoukaillon", &["board=1 2 3"]);
    let r = explore(&g);
    assert_eq!((r.solvable, r.positions, r.lost_ends), (Some(false), 7, 5));
    // All seeds already in the store: won at the start, 1 position, empty solution.
    let g = game("tchoukaillon", &["board=0 0"]);
    let r = explore(&g);
    assert_eq!((r.solvable, r.positions), (Some(true), 1));
    assert!(r.solution.is_empty());
    // Lost at the start (1 seed in hole 2): 0 positions (docs/readings.md, Conventions: a lost start counts 0).
    let g = game("tchoukaillon", &["board=0 1"]);
    let r = explore(&g);
    assert_eq!((r.solvable, r.positions, r.lost_ends), (Some(false), 0, 1));
}

#[test]
fn tchoukaillon_rejects_garbage_boards() {
    let rule = Rule::load("tchoukaillon", &rules_dir()).unwrap();
    for bad in ["x", "", "1 -2", "1;2", "1 2 three"] {
        let opts = rule.resolve_options(&[format!("board={bad}")]).unwrap();
        let e = rule.new_board(&opts).expect_err(bad).one_line();
        assert!(e.contains("option board"), "{bad}: {e}");
    }
}

#[test]
fn perft_tchuka_by_hand() {
    // From 2 2 2 2: every hole can be played (depth 1: 4). Move 1: 2(3) 3(3) relay 3: 4(3) R(1)
    // 1(1): hole 1 was emptied: lost. Move 2: 3(3) 4(3) relay: R(1) 1(3) 2(1): lost. Move 4:
    // R(1) 1(3) relay: 2(3) 3(3) 4(1): lost. Move 3 -> 2 2 0 3 | 1, with 3 moves. Depth 2: 3.
    let g = game("tchuka_ruma", &[]);
    let r = solve::perft(&g.rule, g.current(), 2, &SearchLimits::default(), None).unwrap();
    assert_eq!(r.counts, vec![1, 4, 3]);
    assert!(r.stats.complete);
}

#[test]
fn node_limit_stops_with_partial_stats() {
    let g = game("tchuka_ruma", &["seeds=6"]);
    let limits = SearchLimits {
        max_nodes: 50,
        ..SearchLimits::default()
    };
    let r = solve::explore(&g.rule, g.current(), &limits, None).unwrap();
    assert_eq!(r.stats.stopped, Some(Stop::NodeLimit));
    assert!(!r.stats.complete);
    assert_eq!(r.stats.nodes, 50);
    assert_eq!(r.solvable, None);
    assert!(r.positions > 1);
    let limits = SearchLimits {
        max_positions: 20,
        ..SearchLimits::default()
    };
    let r = solve::explore(&g.rule, g.current(), &limits, None).unwrap();
    assert_eq!(r.stats.stopped, Some(Stop::PositionLimit));
    assert_eq!(r.positions, 20);
}

#[test]
fn first_solution_stops_early_with_the_same_length() {
    let g = game("tchuka_ruma", &["seeds=6"]);
    let full = explore(&g);
    let limits = SearchLimits {
        first_solution: true,
        ..SearchLimits::default()
    };
    let first = solve::explore(&g.rule, g.current(), &limits, None).unwrap();
    assert_eq!(first.stats.stopped, Some(Stop::FirstSolution));
    assert_eq!(first.solvable, Some(true));
    assert_eq!(first.solution.len(), full.solution.len());
    assert!(first.positions < full.positions);
    assert!(wins("tchuka_ruma", &["seeds=6"], &first.solution));
}

/// A two-player subtraction game as a rule file: a pile of `pile` seeds; the mover takes 1 (his
/// hole 1) or 2 (his hole 2) seeds into his store; who takes the last seed wins. Variants: with
/// `again`, taking 2 gives the mover another turn; with `draw`, taking the last seed is a draw.
const TAKE_AWAY: &str = r#"
fn options() { #{ pile: #{ value: 4, min: 0, max: 30 }, again: #{ value: false }, draw: #{ value: false } } }
fn setup() {
    this.players = 2;
    this.add_row("S", 1, 2, 0);
    this.add_row("N", 2, 2, 0);
    this.add_store("pile", 0);
    this.add_store("south", 1);
    this.add_store("north", 2);
    this.set_count(4, this.opt("pile"));
}
fn moves() {
    let out = [];
    let mine = this.holes_of(this.to_move);
    if this.count(4) >= 1 { out.push(mine[0]); }
    if this.count(4) >= 2 { out.push(mine[1]); }
    out
}
fn play(pit) {
    let me = this.to_move;
    this.move_seeds(4, this.store_of(me), this.pos(pit));
    if this.count(4) == 0 {
        this.end(if this.opt("draw") { 0 } else { me });
    } else if !(this.opt("again") && this.pos(pit) == 2) {
        this.to_move = this.next_player();
    }
}
"#;

fn take_away(pile: i64) -> Game {
    take_away_with(&[format!("pile={pile}")])
}

fn take_away_with(sets: &[String]) -> Game {
    // One directory per call: tests run in parallel, and a file rewritten while another test
    // reads it would be seen truncated.
    let dir = scratch("solve-test");
    let file = dir.join("take_away.rhai");
    std::fs::write(&file, TAKE_AWAY).unwrap();
    let rule = Arc::new(Rule::load(file.to_str().unwrap(), &*dir).unwrap());
    let opts = rule.resolve_options(sets).unwrap();
    Game::new(rule, opts).unwrap()
}

#[test]
fn two_player_values_by_hand() {
    // Take 1 or 2, the last seed wins. Pile 1 or 2: take it all: win. Pile 3: both moves leave
    // 1 or 2 to the opponent, who wins: loss. Pile 4: take 1, leaving 3: win. Pile 5: take 2:
    // win. Pile 6: leaves 5 or 4, both wins for the opponent: loss. So: loss iff pile % 3 == 0.
    for pile in 1..=9 {
        let g = take_away(pile);
        let v = solve::value(&g.rule, g.current(), 20, &SearchLimits::default(), None).unwrap();
        let expect = if pile % 3 == 0 { -1 } else { 1 };
        assert_eq!(v.value, Some(expect), "pile {pile}");
        assert_eq!(v.player, 1);
        if expect == 1 {
            // The winning move leaves a multiple of 3.
            let best: i64 = v.best.as_deref().unwrap().parse().unwrap();
            assert_eq!((pile - best) % 3, 0, "pile {pile}");
        }
    }
    // Depth 1 from a pile of 4 cannot reach an end: the value stays unknown (bounds -1..1).
    let g = take_away(4);
    let v = solve::value(&g.rule, g.current(), 1, &SearchLimits::default(), None).unwrap();
    assert_eq!((v.value, v.lo, v.hi), (None, -1, 1));
    // Perft from 4: depth 1: 2 moves; depth 2: from 3 two moves, from 2 two moves: 4;
    // depth 3: 3-1=2 -> 2, 3-2=1 -> 1, 2-1=1 -> 1, 2-2=0 -> over: 4.
    let p = solve::perft(&g.rule, g.current(), 3, &SearchLimits::default(), None).unwrap();
    assert_eq!(p.counts, vec![1, 2, 4, 4]);
}

#[test]
fn extra_turns_and_draws_by_hand() {
    // With `again` (taking 2 moves again) the player to move wins every pile: take 2 while more
    // than 2 are left, then take the rest (1 or 2), all in his own turn. Pile 3 is a loss
    // without `again` (above) and a win with it: take 2 (again), then 1.
    for pile in 1..=7 {
        let g = take_away_with(&[format!("pile={pile}"), "again=true".into()]);
        let v = solve::value(&g.rule, g.current(), 20, &SearchLimits::default(), None).unwrap();
        assert_eq!(v.value, Some(1), "again, pile {pile}");
    }
    // With `draw` every game ends level: the value of every pile is a draw.
    for pile in 1..=6 {
        let g = take_away_with(&[format!("pile={pile}"), "draw=true".into()]);
        let v = solve::value(&g.rule, g.current(), 20, &SearchLimits::default(), None).unwrap();
        assert_eq!(v.value, Some(0), "draw, pile {pile}");
    }
}

#[test]
fn the_exact_search_on_a_scripted_rule_values_the_result_first() {
    // The same piles as above through `solve_exact`: a script decides the ends (no declared
    // most-seeds end), so the value is the result first, then the margin (seeds taken).
    for pile in 1..=9 {
        let g = take_away(pile);
        let r = sowlab::solve_exact(&g.rule, g.current(), &SearchLimits::default(), None, None)
            .unwrap();
        let expect = if pile % 3 == 0 { "loss" } else { "win" };
        assert_eq!(r.result, Some(expect), "pile {pile}: {}", r.line());
        assert!(r.stats.complete && r.k > 0, "pile {pile}");
        // The principal variation ends the game, won by the side the result says.
        let mut g2 = take_away(pile);
        g2.play_all(&r.pv).unwrap();
        let s = g2.state();
        assert!(s.over, "pile {pile}: {:?}", r.pv);
        assert_eq!(
            s.winner == Some(1),
            expect == "win",
            "pile {pile}: {:?}",
            r.pv
        );
    }
    for pile in 1..=6 {
        let g = take_away_with(&[format!("pile={pile}"), "draw=true".into()]);
        let r = sowlab::solve_exact(&g.rule, g.current(), &SearchLimits::default(), None, None)
            .unwrap();
        assert_eq!(r.result, Some("draw"), "draw, pile {pile}");
        let g = take_away_with(&[format!("pile={pile}"), "again=true".into()]);
        let r = sowlab::solve_exact(&g.rule, g.current(), &SearchLimits::default(), None, None)
            .unwrap();
        assert_eq!(r.result, Some("win"), "again, pile {pile}");
        // Taking everything himself, with extra turns: the whole pile, the best margin.
        assert_eq!(r.margin, Some(pile), "again, pile {pile}: {}", r.line());
    }
}

#[test]
fn codec_round_trips() {
    let mut g = game("tchuka_ruma", &["holes=6", "seeds=30"]);
    g.play("3").unwrap();
    let b = g.board();
    let c = solve::Codec::new(&b);
    let mut k = Vec::new();
    c.encode(&b, &mut k);
    let (d, used) = c.decode(&k);
    assert_eq!(used, k.len());
    assert_eq!(d.key(), b.key());
}

#[test]
fn seed_counts_are_capped_by_the_engine_not_by_round_numbers() {
    // Tchuka Ruma's two-hole starts are studied far past 50 seeds (OEIS A007780): the option
    // stops only at the engine's limit of seeds in one pit.
    let rule = Rule::load("tchuka_ruma", &rules_dir()).unwrap();
    let max = rule.option("seeds").unwrap().max.unwrap();
    assert_eq!(max, sowlab::MAX_SEEDS);
    for name in ["kalah", "oware", "kalah_data"] {
        let r = Rule::load(name, &rules_dir()).unwrap();
        assert_eq!(r.option("seeds").unwrap().max, Some(max), "{name}");
    }
    assert!(rule.resolve_options(&["seeds=1000001"]).is_err());
    // A 2-hole start with 60 seeds a hole is solved (or not) like any other.
    let opts = rule.resolve_options(&["holes=2", "seeds=60"]).unwrap();
    let g = sowlab::Game::new(std::sync::Arc::new(rule), opts).unwrap();
    let s = sowlab::solve(&g.rule, g.current(), &SearchLimits::default(), None).unwrap();
    assert!(s.stats.complete && s.solvable.is_some());
}

/// The layered search (Tchuka Ruma's moves all lower the seeds in the holes) still stops on the
/// limits it takes, a memory budget and a deadline, with the figures it has so far.
#[test]
fn layered_search_stops_on_memory_and_time_with_partial_figures() {
    let g = game("tchuka_ruma", &["holes=8", "seeds=6"]);
    let limits = SearchLimits {
        max_bytes: 4096,
        ..SearchLimits::default()
    };
    let r = solve::explore(&g.rule, g.current(), &limits, None).unwrap();
    assert!(r.layered);
    assert_eq!(r.stats.stopped, Some(Stop::MemoryLimit));
    assert!(!r.stats.complete);
    assert_eq!(r.solvable, None);
    assert!(r.positions >= 1 && r.stats.nodes > 0);
    let limits = SearchLimits {
        deadline: Some(std::time::Instant::now()),
        ..SearchLimits::default()
    };
    let r = solve::explore(&g.rule, g.current(), &limits, None).unwrap();
    assert!(r.layered);
    assert_eq!(r.stats.stopped, Some(Stop::Deadline));
    assert_eq!(r.solvable, None);
    assert_eq!(
        (r.positions, r.stats.nodes),
        (1, 0),
        "the start, no move played"
    );
}
