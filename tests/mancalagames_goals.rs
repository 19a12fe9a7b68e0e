//! MancalaGames' goals and end conditions whose configs still wait on other parameters
//! (DEPRIVE, IMMOBILIZE, CLEARED_OPP, SEEDS_LIMIT, the round fills that are a player's choice):
//! each translated from a small game file of our own, its declared ends checked, and games
//! played to their end by the translated rule, the outcome checked against the goal.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::path::Path;
use std::sync::Arc;

use sowlab::import::mancalagames::rule_text;
use sowlab::{Game, Rule};

fn file(info: &str, holes: usize, seeds: usize) -> String {
    format!(
        r#"{{"game_class": "Mancala", "game_constants": {{"holes": {holes}, "nbr_start": {seeds}}}, "game_info": {{{info}}}}}"#
    )
}

fn yaml(info: &str, holes: usize, seeds: usize) -> Result<String, String> {
    rule_text(Path::new("goal.txt"), &file(info, holes, seeds))
        .map(|(y, _)| y)
        .map_err(|e| e.one_line())
}

/// Loads the game file through the rule loader (as `sowlab play x.txt` does).
fn load(name: &str, info: &str, holes: usize, seeds: usize) -> Arc<Rule> {
    let dir = scratch("mg-goals");
    let f = dir.join(format!("{name}.txt"));
    std::fs::write(&f, file(info, holes, seeds)).unwrap();
    Arc::new(Rule::load(f.to_str().unwrap(), &*dir).unwrap())
}

/// Plays game `k` of a rule by a fixed cycle of choices until it ends (at most 2000 moves);
/// the final game.
fn play_out(r: &Arc<Rule>, k: usize) -> Game {
    let mut g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    for i in 0..2000 {
        if g.state().over {
            break;
        }
        let labels = g.legal_labels().unwrap();
        assert!(!labels.is_empty(), "no move but not over: {:?}", g.state());
        let mv = labels[(i * 7 + k * 3) % labels.len()].clone();
        g.play(&mv).unwrap();
    }
    g
}

#[test]
fn deprive_is_won_by_taking_every_seed_of_the_opponent() {
    let info = r#""crosscapt": 1, "goal": 1"#;
    let y = yaml(info, 5, 2).unwrap();
    assert!(
        y.contains("- { when: opponent_empty, before_turn: true, then: mover_wins }")
            && y.contains("- { when: mover_empty, before_turn: true, then: mover_loses }")
            && y.contains("- { when: no_move, then: to_move_loses }")
            && !y.contains("majority")
            && !y.contains("sweep"),
        "{y}"
    );
    let r = load("deprive", info, 5, 2);
    let mut ended = 0;
    for k in 0..6 {
        let g = play_out(&r, k);
        let s = g.state();
        if !s.over {
            continue;
        }
        ended += 1;
        // The loser is left without seeds in his holes, or the winner kept some (the loser
        // cannot move).
        let w = s.winner.expect("a deprive game has a winner");
        let loser = 3 - w;
        let loser_seeds: i64 = if loser == 1 {
            s.pits[..5].iter().sum()
        } else {
            s.pits[5..].iter().sum()
        };
        let winner_seeds: i64 = if w == 1 {
            s.pits[..5].iter().sum()
        } else {
            s.pits[5..].iter().sum()
        };
        assert!(
            loser_seeds == 0 || winner_seeds > 0,
            "the winner kept seeds or the loser has none: {s:?}"
        );
    }
    assert!(ended > 0, "no game ended");
}

#[test]
fn immobilize_is_won_by_leaving_the_opponent_no_move() {
    let info = r#""goal": 10, "mlaps": 1"#;
    let y = yaml(info, 6, 2).unwrap();
    assert!(
        y.contains("- { when: opponent_no_move, before_turn: true, then: mover_wins }")
            && !y.contains("most_seeds"),
        "{y}"
    );
    // With mustpass (not translated for these goals) the file is refused, naming it.
    let e = yaml(r#""goal": 10, "mustpass": true"#, 6, 2).unwrap_err();
    assert!(e.contains("mustpass"), "{e}");
}

#[test]
fn cleared_opp_and_seeds_limit_end_the_game_by_unclaimed() {
    let y = yaml(
        r#""crosscapt": 1, "end_cond": 2, "stores": true, "unclaimed": 0"#,
        6,
        4,
    )
    .unwrap();
    assert!(
        y.contains(
            "- { when: opponent_empty, before_turn: true, sweep: owners, then: most_seeds }"
        ),
        "{y}"
    );
    let y = yaml(
        r#""capt_on": [2, 3], "end_cond": 3, "end_param": 2, "stores": true"#,
        6,
        4,
    )
    .unwrap();
    assert!(
        y.contains("- { when: left_at_most, limit: 2, before_turn: true, sweep: owners, then: most_seeds }"),
        "{y}"
    );
    // Games with it end, each with the seeds left at most 2 or another end.
    let r = load(
        "seeds_limit",
        r#""capt_on": [2, 3], "end_cond": 3, "end_param": 2, "stores": true"#,
        6,
        4,
    );
    for k in 0..4 {
        let g = play_out(&r, k);
        let s = g.state();
        assert!(s.over, "{s:?}");
        assert_eq!(
            s.pits.iter().sum::<i64>() + s.stores.iter().sum::<i64>(),
            48
        );
    }
}

#[test]
fn a_round_fill_that_is_a_players_choice_is_refused_with_that_reason() {
    // (UCHOOSE, 6, and LOSER_ONLY, 10, are the round's loser's choice of the holes filled: a
    // move of his, see tests/rounds_chosen_fill.rs; UMOVE, 7, his arrangement of his row,
    // below; UCHOWN, 8, the territory winner's, tests/territory.rs, refused here, without
    // goal=TERRITORY)
    let e = yaml(r#""rounds": 2, "round_fill": 8, "stores": true"#, 6, 4).unwrap_err();
    assert!(
        e.contains("round_fill") && e.contains("a player's choice between rounds"),
        "{e}"
    );
}

#[test]
fn umove_is_the_losers_spread_then_his_copied_arrangement() {
    // (round_fill=UMOVE, 7: the loser's seeds spread over both rows, then his arrangement of
    // his row, as moves of his, copied by the winner's row)
    let y = yaml(r#""rounds": 2, "round_fill": 7, "stores": true"#, 6, 4).unwrap();
    assert!(
        y.contains("refill: spread_loser, spread_count: $spread_count")
            && y.contains(
                "arrange: { max_moves: 100, by: round_loser, copied: true, with_store: true, keep: 1 }"
            )
            && y.contains("- { when: others_cannot_fill, limit: 1, then: round"),
        "{y}"
    );
    // (with min_move 2 his arrangement may end only with a hole of two seeds, as MancalaGames'
    // UI lets it; the spread and the match's end read moves.min_seeds)
    let y = yaml(
        r#""rounds": 2, "round_fill": 7, "stores": true, "min_move": 2"#,
        6,
        4,
    )
    .unwrap();
    assert!(
        y.contains("min_seeds: 2")
            && y.contains(
                "arrange: { max_moves: 100, by: round_loser, copied: true, with_store: true, keep: 1, pass_needs_seeds: 2 }"
            ),
        "{y}"
    );
}

#[test]
fn a_tallied_goal_translates_with_rounds_only() {
    let y = yaml(
        r#""goal": 7, "goal_param": 100, "rounds": 2, "stores": true, "capt_on": [2, 4, 6], "multicapt": -1"#,
        6,
        6,
    )
    .unwrap();
    assert!(
        y.contains("rounds: { fill: $seeds, winner: most_seeds, tally: points, tally_to: 100 }")
            && !y.contains("others_cannot_fill"),
        "{y}"
    );
    let e = yaml(r#""goal": 5, "goal_param": 100, "stores": true"#, 6, 4).unwrap_err();
    assert!(e.contains("needs rounds"), "{e}");
}

/// Replays every recorded game of `NAME.jsonl` (MancalaGames' engine, recorded outside this
/// repository from our own game file `NAME.txt`) position for position; the positions compared.
fn replay_all(name: &str) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mancalagames_more");
    let rule =
        Arc::new(Rule::load(dir.join(format!("{name}.txt")).to_str().unwrap(), &*dir).unwrap());
    let text = std::fs::read_to_string(dir.join(format!("{name}.jsonl"))).unwrap();
    let mut game: Option<Game> = None;
    let mut compared = 0;
    for (n, line) in text.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v.get("game").is_some() {
            game =
                Some(Game::new(rule.clone(), rule.resolve_options::<&str>(&[]).unwrap()).unwrap());
            continue;
        }
        assert!(v.get("error").is_none(), "line {n}: the oracle failed");
        let g = game.as_mut().unwrap();
        if let Some(m) = v.get("m").and_then(|m| m.as_str()) {
            g.play(m)
                .unwrap_or_else(|e| panic!("line {}: move {m}: {}", n + 1, e.one_line()));
        }
        let s = g.state();
        let want = (
            serde_json::from_value::<Vec<i64>>(v["p"].clone()).unwrap(),
            serde_json::from_value::<Vec<i64>>(v["s"].clone()).unwrap(),
            v["t"].as_u64().map(|t| t as usize),
            v.get("over").and_then(|o| o.as_bool()).unwrap_or(false),
            v.get("w").and_then(|w| w.as_u64()).map(|w| w as usize),
            serde_json::from_value::<Vec<usize>>(v["closed"].clone()).unwrap(),
        );
        let got = (s.pits, s.stores, s.to_move, s.over, s.winner, s.closed);
        assert_eq!(got, want, "line {}", n + 1);
        compared += 1;
    }
    compared
}

#[test]
fn half_seeds_rounds_equal_mancalagames() {
    // Erherhe with round_fill=LEFT_FILL for its UCHOOSE (the loser's choice of holes) and without
    // mustshare (MancalaGames judges a feed after the move's captures, sowlab's must_feed after
    // the sowing): a round ends when a player holds more than half the seeds.
    let y = yaml(
        r#""blocks": true, "capt_on": [1, 3], "capt_side": 1, "goal_param": 2, "multicapt": -1, "round_fill": 1, "round_starter": 1, "rounds": 1, "skip_start": true, "stores": true"#,
        6,
        4,
    )
    .unwrap();
    assert!(
        y.contains("- { when: majority, then: round, starter: loser }"),
        "{y}"
    );
    assert_eq!(replay_all("half_seeds_left"), 730);
}
