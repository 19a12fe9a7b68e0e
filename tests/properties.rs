//! Properties over many seeded random games of Raja Pasu and Ruma (and their presets): seeds are
//! conserved, every game ends, legal moves are empty exactly when the game is over, each move's
//! event trace replays to the position after it, and the game-specific invariants hold.

mod common;

use sowlab::Event;
use sowlab::{Board, PitKind};

use common::*;

/// Replays a move's events on the position before it and checks it gives the position after it.
fn check_trace_replays(m: &MoveRecord, what: &str) {
    let mut b = m.before.clone();
    let mut hand = 0;
    for e in &m.events {
        e.apply(&mut b, &mut hand);
    }
    assert_eq!(hand, 0, "{what}: seeds left in hand after the trace");
    assert_eq!(
        b.seeds, m.after.seeds,
        "{what}: trace does not replay to the seeds after"
    );
    assert_eq!(
        b.reserves, m.after.reserves,
        "{what}: trace does not replay to the reserves"
    );
    assert_eq!(
        b.closed, m.after.closed,
        "{what}: trace does not replay to the closed holes"
    );
}

/// The drops of a move, with the pit's count right after each drop and whether the next event
/// captures that pit.
fn drops(m: &MoveRecord) -> Vec<(usize, i64, i64, bool)> {
    let mut b: Board = m.before.clone();
    let mut hand = 0;
    let mut out = Vec::new();
    for (i, e) in m.events.iter().enumerate() {
        e.apply(&mut b, &mut hand);
        if let Event::Drop { pit, hand: left } = e {
            let captured_next =
                matches!(m.events.get(i + 1), Some(Event::Capture { pit: q, .. }) if q == pit);
            out.push((*pit, b.seeds[*pit], *left, captured_next));
        }
    }
    out
}

fn raja_pasu_checks(m: &MoveRecord, last_seed_four: bool, what: &str) {
    for (pit, count, left, captured) in drops(m) {
        assert!(
            !m.before.closed[pit],
            "{what}: a seed was sown into a closed hole"
        );
        if count == 4 {
            // readings RP4: a drop that makes exactly 4 is captured at once, the last seed of a lap
            // included only with last_seed_four.
            let expect = left > 0 || last_seed_four;
            assert_eq!(
                captured, expect,
                "{what}: a drop made 4 (hand {left} left), captured {captured}"
            );
        } else {
            assert!(
                !captured,
                "{what}: a drop made {count} and was captured as a count"
            );
        }
    }
    // Closed holes never hold seeds, and at rest no open hole holds exactly 4 with last_seed_four.
    for &p in &m.after.layout.holes {
        if m.after.closed[p] {
            assert_eq!(m.after.seeds[p], 0, "{what}: a closed hole holds seeds");
        }
    }
    if last_seed_four {
        // Every drop that makes 4 is captured and refills put 7, so from a start without fours no
        // open hole ever holds exactly 4 between moves.
        for &p in &m.after.layout.holes {
            assert_ne!(
                m.after.seeds[p], 4,
                "{what}: an open hole holds 4 after the move"
            );
        }
    }
}

fn ruma_checks(m: &MoveRecord, what: &str) {
    let l = &m.before.layout;
    let mover = m.before.to_move;
    for &p in &m.legal {
        assert_eq!(
            l.pits[p].owner, mover,
            "{what}: a legal move from another player's pocket"
        );
    }
    // The last ball never falls into an empty pocket.
    let d = drops(m);
    let &(last, count, _, _) = d.last().expect("a Ruma move drops balls");
    if l.pits[last].kind == PitKind::Hole {
        assert!(count > 1, "{what}: the last ball fell into an empty pocket");
    }
    let max = m.after.layout.options["max_penalties"].as_int().unwrap();
    let c = l.counter_index("penalties").unwrap();
    for pl in 1..=l.players {
        assert!(
            m.after.counter(c, pl) <= max,
            "{what}: more than max_penalties"
        );
    }
    if m.after.over && m.after.winner != 0 {
        let w = m.after.winner;
        let emptied = m.after.seeds_of(w) == 0;
        let last_left = (1..=l.players)
            .filter(|&p| m.after.counter(c, p) < max)
            .collect::<Vec<_>>()
            == vec![w];
        assert!(
            emptied || last_left,
            "{what}: winner {w} neither emptied his pockets nor is last left"
        );
    }
}

/// Plays `games` random games of `name` with `sets` and checks every move.
fn check_games(name: &str, sets: &[&str], games: u64, cap: usize) {
    let rule = load(name);
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let opts = options(&rule, &sets);
    let is_raja = rule.path.ends_with("raja_pasu.rhai");
    let is_ruma = rule.path.ends_with("ruma.rhai");
    let last_seed_four = opts
        .get("last_seed_four")
        .is_some_and(|v| v.to_string() == "true");
    for seed in 0..games {
        let total = rule
            .new_board(&opts)
            .map(|d| sowlab::board(&d).total())
            .unwrap();
        let mut n = 0;
        random_game(&rule, &opts, 1000 + seed, cap, true, |m| {
            n += 1;
            let what = format!("{name} {sets:?} seed {} move {n}", 1000 + seed);
            assert_eq!(m.after.total(), total, "{what}: seeds not conserved");
            assert!(m.legal.contains(&m.pit));
            check_trace_replays(m, &what);
            if is_raja {
                raja_pasu_checks(m, last_seed_four, &what);
            }
            if is_ruma {
                ruma_checks(m, &what);
            }
        });
    }
}

#[test]
fn raja_pasu_match_properties() {
    check_games("raja_pasu", &[], 12, 50_000);
    check_games("raja_pasu", &["first=north", "max_turns=40"], 6, 50_000);
}

#[test]
fn raja_pasu_other_readings_properties() {
    check_games("raja_pasu_last_seed_no_four", &[], 6, 50_000);
    check_games("raja_pasu_round", &[], 40, 5_000);
    check_games("raja_pasu_round", &["last_seed_four=false"], 40, 5_000);
    check_games("raja_pasu", &["max_laps=4"], 6, 50_000);
}

#[test]
fn ruma_two_player_properties() {
    check_games("ruma", &[], 15, 5_000);
    check_games("ruma", &["seeds=2", "last_in_ruma=forbidden"], 15, 5_000);
    check_games("ruma", &["seeds=3", "max_penalties=2"], 15, 5_000);
}

#[test]
fn ruma_three_and_four_player_properties() {
    check_games("ruma_3p", &[], 12, 5_000);
    check_games("ruma_4p", &[], 12, 5_000);
    check_games("ruma_4p_beginners", &[], 20, 5_000);
    check_games(
        "ruma_4p_beginners",
        &["last_in_ruma=forbidden", "max_penalties=4"],
        20,
        5_000,
    );
}
