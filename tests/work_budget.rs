//! What a move costs, in units of work (script operations, seeds sown: `sowlab::work_done`), the
//! same on every machine: the relay games whose long moves once met the wall clock in a debug
//! build stay far inside a rule call's budget, and their cost is watched here.

use std::sync::Arc;

use sowlab::{work_done, Game, Rule, RULE_OPERATIONS};

fn rules_dir() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules")
}

/// Plays `games` games of `name` with options `sets`, each move drawn by a fixed generator from
/// the legal ones (at most 300 moves a game): the most work one move took (its `moves()` and
/// `play()`), the mean, and the moves played.
fn costs(name: &str, sets: &[&str], games: u64) -> (u64, u64, u64) {
    let rule = Arc::new(Rule::load(name, &rules_dir()).unwrap());
    let opts = rule.resolve_options(sets).unwrap();
    let (mut most, mut total, mut n) = (0u64, 0u64, 0u64);
    for seed in 0..games {
        let mut g = Game::new(rule.clone(), opts.clone()).unwrap();
        let mut x = seed.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for _ in 0..300 {
            let labels = g.legal_labels().unwrap();
            if g.state().over || labels.is_empty() {
                break;
            }
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = labels[((x >> 33) as usize) % labels.len()].clone();
            let w = work_done();
            g.play(&m).unwrap();
            let d = work_done() - w;
            most = most.max(d);
            total += d;
            n += 1;
        }
    }
    (most, total / n.max(1), n)
}

/// Ludii's readings (tests/ludii.rs), whose relays may run up to 100 000 laps.
const LEYLA: &[&str] = &[
    "direction=clockwise",
    "take_last=false",
    "first_move=rightmost",
    "end=either_blocked",
    "max_turns=0",
    "max_laps=100000",
];
const LOBUDOK: &[&str] = &[
    "capture_sowing=ends_turn",
    "opening=each_move",
    "max_turns=0",
    "max_laps=100000",
];

#[test]
fn relay_games_moves_cost_a_small_part_of_a_calls_budget() {
    for (name, sets, most_at, mean_at) in [
        // Lobudok recomputed its circuit and its legal holes at every lap and every call: 18 038
        // units at most and 4 197 on average before it computed them once a move.
        ("lobudok", LOBUDOK, 10_000, 2_500),
        ("lobudok", &[][..], 7_000, 2_500),
        ("layli_goobalay", LEYLA, 2_000, 1_000),
        ("layli_goobalay", &[][..], 3_000, 1_000),
    ] {
        let (most, mean, moves) = costs(name, sets, 4);
        assert!(moves > 100, "{name} {sets:?}: {moves} moves");
        assert!(
            most <= most_at && mean <= mean_at,
            "{name} {sets:?}: a move costs up to {most} units of work, {mean} on average \
             (expected at most {most_at} and {mean_at})"
        );
        assert!(most * 100 < RULE_OPERATIONS, "{name}: {most}");
    }
}
