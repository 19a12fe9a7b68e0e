//! The core's fast paths give exactly what the general ones give. A move that records no trace
//! is sown by a tighter loop than a traced one, and a search plays a rule whose moves are all
//! native on plain boards (`Rule::apply_board`) instead of script values: both must end every
//! move of every shipped rule in the same position, and searches must count the same lines.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::path::PathBuf;

use rhai::Dynamic;
use sowlab::search::solve::{self, SearchLimits};
use sowlab::Board;
use sowlab::Rng;
use sowlab::{board, board_mut, Rule};

fn rules_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules")
}

/// Every shipped rule, with options that make short games and longer ones.
const CASES: &[(&str, &[&str])] = &[
    ("kalah", &[]),
    ("kalah_data", &[]),
    ("oware", &[]),
    ("oware", &["sweep_at_win=owners", "repetition=true"]),
    ("raja_pasu", &[]),
    ("ruma", &[]),
    ("ruma", &["players=4"]),
    ("ruma", &["players=3"]),
    ("tchuka_ruma", &["holes=8", "seeds=8"]),
    ("tchuka_ruma", &["holes=5", "seeds=3"]),
    ("tchoukaillon", &[]),
];

fn start(rule: &Rule, sets: &[&str]) -> Dynamic {
    let opts = rule.resolve_options(sets).expect("options");
    rule.new_board(&opts).expect("the start")
}

/// Everything a move can change: the key (seeds, closed holes, reserves, counters, variables,
/// turn, end) and the facts about the last sowing.
fn state(b: &Board) -> (Vec<u8>, sowlab::SowEnd) {
    (b.key(), b.last)
}

/// The move from `pit` played traced (the general sowing loop) and untraced, and on a plain
/// board when the rule allows: the same outcome every way. Returns the untraced position.
fn play_every_way(rule: &Rule, d: &Dynamic, pit: usize, what: &str) -> Option<Dynamic> {
    let mut traced = d.clone();
    board_mut(&mut traced).trace = Some(Vec::new());
    let t = rule.apply(&mut traced, pit);
    let mut quiet = d.clone();
    board_mut(&mut quiet).trace = None;
    let q = rule.apply(&mut quiet, pit);
    assert_eq!(t.is_ok(), q.is_ok(), "{what}: {t:?} / {q:?}");
    if let (Err(a), Err(b)) = (&t, &q) {
        assert_eq!(a.to_string(), b.to_string(), "{what}");
        return None;
    }
    assert_eq!(state(&board(&traced)), state(&board(&quiet)), "{what}");
    if rule.plays_natively() {
        let mut plain = board(d).clone();
        plain.trace = None;
        rule.apply_board(&mut plain, pit)
            .expect("plays on a plain board");
        assert_eq!(state(&plain), state(&board(&quiet)), "{what} (plain board)");
    }
    Some(quiet)
}

#[test]
fn untraced_and_plain_board_moves_equal_traced_ones() {
    let mut positions = 0;
    for &(name, sets) in CASES {
        let rule = Rule::load(name, &rules_dir()).expect("rule loads");
        let d0 = start(&rule, sets);
        for game in 0..12u64 {
            let mut rng = Rng::new(game);
            let mut d = d0.clone();
            for ply in 0..400 {
                let moves = rule.legal(&mut d).expect("legal moves");
                if moves.is_empty() {
                    break;
                }
                if rule.plays_natively() {
                    let mut plain = Vec::new();
                    rule.legal_board(&board(&d), &mut plain)
                        .expect("legal moves");
                    assert_eq!(plain, moves, "{name} {sets:?}: legal moves, plain board");
                }
                // Every move of the position, then go on with a random one.
                let mut next = None;
                let pick = rng.index(moves.len());
                for (i, &pit) in moves.iter().enumerate() {
                    let what = format!("{name} {sets:?} game {game} ply {ply} move {pit}");
                    let after = play_every_way(&rule, &d, pit, &what);
                    positions += 1;
                    if i == pick {
                        next = after;
                    }
                }
                match next {
                    Some(n) => d = n,
                    None => break,
                }
            }
        }
    }
    assert!(positions > 10_000, "only {positions} moves compared");
}

/// Move counts by the plain recursion the searches used before they reused boards: a clone of
/// the position per move, traced (the general sowing loop).
fn reference_perft(rule: &Rule, d: &Dynamic, depth: usize, counts: &mut [u64], ply: usize) {
    counts[ply] += 1;
    if ply == depth {
        return;
    }
    let mut d = d.clone();
    for pit in rule.legal(&mut d).expect("legal moves") {
        let mut child = d.clone();
        board_mut(&mut child).trace = Some(Vec::new());
        rule.apply(&mut child, pit).expect("the move plays");
        reference_perft(rule, &child, depth, counts, ply + 1);
    }
}

#[test]
fn perft_counts_are_those_of_a_clone_per_move() {
    for &(name, sets, depth) in &[
        ("kalah", &[][..], 5),
        ("oware", &[][..], 5),
        ("oware", &["sweep_at_win=owners", "repetition=true"][..], 5),
        ("raja_pasu", &[][..], 4),
        ("ruma", &["players=4"][..], 4),
        ("tchuka_ruma", &["holes=4", "seeds=2"][..], 6),
        ("tchoukaillon", &[][..], 6),
        ("kalah_data", &[][..], 4),
    ] {
        let rule = Rule::load(name, &rules_dir()).expect("rule loads");
        let d = start(&rule, sets);
        let mut want = vec![0u64; depth + 1];
        reference_perft(&rule, &d, depth, &mut want, 0);
        let got = solve::perft(&rule, &d, depth, &SearchLimits::default(), None).expect("perft");
        assert_eq!(got.counts, want, "{name} {sets:?}");
        assert!(want[depth] > 0, "{name}: lines to depth {depth}: {want:?}");
    }
}

/// A native move's limits start lazily (`script::start_move`) but limit the move as a call's do,
/// inside an enclosing call too, and the enclosing limits come back afterwards. Work budgets
/// decide every outcome here (the same on every machine); the wall clock is tested as the backstop
/// it is, on work that never ends by itself.
#[test]
fn a_native_moves_lazy_limits_work_like_a_calls() {
    use sowlab::{charge, check_now, start_call, start_move, work_done};
    use std::time::Duration;
    let long = Duration::from_secs(3600);
    let units = |n: u64| -> Result<(), String> {
        for _ in 0..n {
            charge(1)?;
        }
        Ok(())
    };
    // No limits: nothing stops the work, and the count says how much was done.
    let w = work_done();
    units(10_000).expect("no limit");
    assert_eq!(work_done() - w, 10_000);
    {
        // The move's budget is exact: its 5000 units pass, the next one does not.
        let _m = start_move(long, Some(5_000));
        units(5_000).expect("within the budget");
        let e = units(1).expect_err("the move's budget stops it");
        assert!(e.contains("work limit exceeded"), "{e}");
        assert!(e.contains("more than 5000 units"), "{e}");
    }
    // The move ended: no limit again.
    units(100_000).expect("the move's limits are gone");
    check_now().expect("no limit");
    // Inside an enclosing call the move's own budget stops it, and the enclosing budget (not yet
    // spent: the move's work counts in it) comes back.
    {
        let _run = start_call(long, Some(20_000), true);
        {
            let _m = start_move(long, Some(5_000));
            units(5_000).expect("within the budget");
            assert!(units(1).is_err());
        }
        units(10_000).expect("the run's budget is not spent");
        let e = units(10_000).expect_err("the run's budget stops it");
        assert!(e.contains("more than 20000 units"), "{e}");
        // A move inside keeps the earlier end, the run's.
        let _m = start_move(long, Some(1_000_000));
        assert!(units(1).is_err());
    }
    // A move that makes no check leaves nothing behind.
    {
        let _m = start_move(long, Some(1_024));
    }
    units(100_000).expect("no limit left over");
    // The wall clock is the backstop: work without a budget that would never end is stopped.
    {
        let _m = start_move(Duration::from_millis(20), None);
        let e = loop {
            if let Err(e) = charge(64) {
                break e;
            }
        };
        assert!(e.contains("time limit exceeded"), "{e}");
    }
    units(100_000).expect("no limit left over");
}

/// Counts of a solitaire's positions by the plainest search: breadth-first over clones of the
/// position, a set of `Board::key()`s, every move traced (the general sowing loop).
fn reference_explore(rule: &Rule, start: &Dynamic) -> (u64, u64, u64, u64) {
    use std::collections::{HashSet, VecDeque};
    let (mut positions, mut won, mut lost, mut nodes) = (0u64, 0u64, 0u64, 0u64);
    let mut seen = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(board(start).key());
    positions += 1;
    queue.push_back(start.clone());
    while let Some(mut d) = queue.pop_front() {
        for pit in rule.legal(&mut d).expect("legal moves") {
            let mut child = d.clone();
            board_mut(&mut child).trace = Some(Vec::new());
            rule.apply(&mut child, pit).expect("the move plays");
            nodes += 1;
            let b = board(&child);
            if b.over && b.winner == 0 {
                lost += 1;
                continue;
            }
            if seen.insert(b.key()) {
                positions += 1;
                if b.over {
                    won += 1;
                } else {
                    drop(b);
                    queue.push_back(child);
                }
            }
        }
    }
    (positions, won, lost, nodes)
}

/// The solver keeps short keys packed in two words and longer ones as bytes: cells whose keys
/// are short, too long (many holes) or hold numbers of more than 7 bits (a full ruma) count the
/// same positions, wins, lost ends and moves as the plainest search.
#[test]
fn explore_counts_equal_a_plain_search_whatever_the_key_length() {
    for (name, sets) in [
        ("tchuka_ruma", &["holes=4", "seeds=2"][..]),
        ("tchuka_ruma", &["holes=6", "seeds=3"][..]),
        ("tchuka_ruma", &["holes=13", "seeds=1"][..]),
        ("tchuka_ruma", &["holes=2", "seeds=70"][..]),
        ("tchuka_ruma", &["holes=3", "seeds=45"][..]),
        ("tchoukaillon", &[][..]),
    ] {
        let rule = Rule::load(name, &rules_dir()).expect("rule loads");
        let d = start(&rule, sets);
        let (positions, won, lost, nodes) = reference_explore(&rule, &d);
        let got = solve::explore(&rule, &d, &SearchLimits::default(), None).expect("explores");
        assert_eq!(
            (
                got.positions,
                got.won_positions,
                got.lost_ends,
                got.stats.nodes
            ),
            (positions, won, lost, nodes),
            "{name} {sets:?}"
        );
        assert!(got.stats.complete && positions > 1, "{name} {sets:?}");
    }
}

/// `explore` of `d` by the breadth-first search: a node limit no search reaches keeps it off the
/// layered path, which takes no limit that counts.
fn explore_breadth_first(rule: &Rule, d: &Dynamic) -> solve::Solution {
    let limits = SearchLimits {
        max_nodes: u64::MAX,
        ..SearchLimits::default()
    };
    let r = solve::explore(rule, d, &limits, None).expect("explores");
    assert!(!r.layered && r.stats.complete);
    r
}

/// Everything `explore` reports but the time and the table's bytes.
fn figures(r: &solve::Solution) -> impl PartialEq + std::fmt::Debug {
    (
        r.solvable,
        r.solution.clone(),
        r.solution_pits.clone(),
        r.positions,
        r.won_positions,
        r.lost_ends,
        r.depth,
        r.stats.nodes,
        r.stats.complete,
        r.stats.stopped,
    )
}

/// Tchuka Ruma's moves that do not lose all end in the ruma, so `explore` searches it layer by
/// layer by the seeds left in the holes: every cell of the table a debug build can afford gives
/// exactly the breadth-first search's figures (the same shortest solution too: the least by the
/// order of the moves, which the breadth-first search finds first), and the plainest search's
/// counts.
#[test]
fn layered_explore_equals_the_breadth_first_search() {
    let rule = Rule::load("tchuka_ruma", &rules_dir()).expect("rule loads");
    let mut solvable = 0;
    for holes in 1..=8 {
        for seeds in 1..=8 {
            if holes * seeds > 32 {
                continue;
            }
            let sets = [format!("holes={holes}"), format!("seeds={seeds}")];
            let sets: Vec<&str> = sets.iter().map(String::as_str).collect();
            let d = start(&rule, &sets);
            let layered = solve::explore(&rule, &d, &SearchLimits::default(), None).expect("runs");
            assert!(layered.layered, "{sets:?}: searched layer by layer");
            assert!(layered.packed, "{sets:?}: its moves played on packed seeds");
            let plain = explore_breadth_first(&rule, &d);
            assert_eq!(figures(&layered), figures(&plain), "{sets:?}");
            let (positions, won, lost, nodes) = reference_explore(&rule, &d);
            assert_eq!(
                (layered.positions, layered.won_positions, layered.lost_ends),
                (positions, won, lost),
                "{sets:?}"
            );
            assert_eq!(layered.stats.nodes, nodes, "{sets:?}");
            solvable += usize::from(layered.solvable == Some(true));
        }
    }
    assert!(
        solvable >= 3,
        "some cells have a solution to compare ({solvable})"
    );
}

/// A Tchuka Ruma whose laps skip the hole they started from is still searched layer by layer
/// (its moves that do not lose end in the ruma), but its sowing is not the one packed positions
/// play: it is searched on boards, by the rule's own declared move, with the breadth-first
/// search's figures.
#[test]
fn a_layered_solitaire_of_another_sowing_is_searched_on_boards() {
    let text = std::fs::read_to_string(rules_dir().join("tchuka_ruma.rhai")).expect("reads");
    assert!(text.contains("skip_origin: false"));
    let text = text.replace("skip_origin: false", "skip_origin: true");
    let dir = scratch("skipping");
    std::fs::write(dir.join("tchuka_skipping.rhai"), text).expect("writes");
    let rule = Rule::load("tchuka_skipping", &*dir).expect("rule loads");
    std::fs::remove_dir_all(&dir).ok();
    for sets in [&["holes=3", "seeds=3"][..], &["holes=4", "seeds=4"][..]] {
        let d = start(&rule, sets);
        let got = solve::explore(&rule, &d, &SearchLimits::default(), None).expect("explores");
        assert!(got.layered && !got.packed, "{sets:?}: layered, on boards");
        let plain = explore_breadth_first(&rule, &d);
        assert_eq!(figures(&got), figures(&plain), "{sets:?}");
        assert!(got.positions > 10, "{sets:?}: a search with some positions");
    }
}

/// A solitaire in which a move may leave every seed in the holes (Tchuka Ruma without its lost
/// end: a lap ending in an empty hole just ends the move) cannot be layered: `explore` notices
/// on the first such move and gives the breadth-first search's figures.
#[test]
fn a_solitaire_whose_moves_keep_seeds_in_play_falls_back_to_breadth_first() {
    let text = std::fs::read_to_string(rules_dir().join("tchuka_ruma.rhai")).expect("reads");
    let lost = text
        .find("            #{\n                when: \"last_in\"")
        .expect("lost end");
    let lost_end = lost + text[lost..].find("            },\n").expect("its end") + 15;
    let text = format!("{}{}", &text[..lost], &text[lost_end..]);
    assert!(!text.contains("last_in"));
    let dir = scratch("fallback");
    std::fs::write(dir.join("tchuka_relaxed.rhai"), text).expect("writes");
    let rule = Rule::load("tchuka_relaxed", &*dir).expect("rule loads");
    std::fs::remove_dir_all(&dir).ok();
    for sets in [&["holes=3", "seeds=2"][..], &["holes=4", "seeds=3"][..]] {
        let d = start(&rule, sets);
        let got = solve::explore(&rule, &d, &SearchLimits::default(), None).expect("explores");
        assert!(!got.layered, "{sets:?}: not layered");
        let plain = explore_breadth_first(&rule, &d);
        assert_eq!(figures(&got), figures(&plain), "{sets:?}");
        let (positions, won, lost, nodes) = reference_explore(&rule, &d);
        assert_eq!(
            (
                got.positions,
                got.won_positions,
                got.lost_ends,
                got.stats.nodes
            ),
            (positions, won, lost, nodes),
            "{sets:?}"
        );
        // Its moves that do not lose may keep every seed in the holes: no lost ends here.
        assert_eq!(got.lost_ends, 0, "{sets:?}");
    }
}
