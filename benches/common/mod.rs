//! Shared code of the benchmarks: a small deterministic PRNG, random playouts and an exhaustive
//! Tchuka Ruma search through the scripted rules, and the checks that compare them with the
//! native baseline (`native.rs`). Used by the bench targets and by `tests/baseline.rs`.
#![allow(dead_code)]

pub mod native;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use rhai::Dynamic;
use sowlab::Board;
use sowlab::{board, board_mut, Rule};

/// SplitMix64: small, fast, deterministic; the same stream natively and for the scripted rules.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0); the tiny modulo bias does not matter for a benchmark.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// The rules directory: `$SOWLAB_BENCH_RULES` if set (to bench rule files of another branch),
/// else this source tree's `rules/`.
pub fn rules_dir() -> PathBuf {
    match std::env::var_os("SOWLAB_BENCH_RULES") {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules"),
    }
}

/// Loads a rule of the source tree's `rules/` directory, or `None` when its file is not there
/// (the Raja Pasu and Ruma scripts come from another branch).
pub fn load(name: &str) -> Option<Rule> {
    let dir = rules_dir();
    if !dir.join(format!("{name}.rhai")).is_file() {
        return None;
    }
    Some(Rule::load(name, &dir).unwrap_or_else(|e| panic!("{name}: {}", e.one_line())))
}

/// The Raja Pasu rule: the file named by `$SOWLAB_BENCH_RAJA_PASU` if set, else
/// `rules/raja_pasu.rhai`.
pub fn raja_pasu() -> Rule {
    if let Some(p) = std::env::var_os("SOWLAB_BENCH_RAJA_PASU") {
        return load_path(Path::new(&p));
    }
    load("raja_pasu").expect("rules/raja_pasu.rhai")
}

/// Loads a rule file by path.
pub fn load_path(path: &Path) -> Rule {
    Rule::load(&path.display().to_string(), &rules_dir())
        .unwrap_or_else(|e| panic!("{}: {}", path.display(), e.one_line()))
}

/// The start position of `rule` with options `sets` (`key=value`).
pub fn start(rule: &Rule, sets: &[&str]) -> Dynamic {
    let opts = rule
        .resolve_options(sets)
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    rule.new_board(&opts)
        .unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// The end of one random playout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayoutEnd {
    /// Moves played.
    pub moves: u64,
    /// Seeds per pit at the end, by pit id.
    pub seeds: Vec<i64>,
    /// Reserves at the end.
    pub reserves: Vec<i64>,
    /// Closed flags at the end.
    pub closed: Vec<bool>,
    /// Winner (0 for none).
    pub winner: usize,
    /// Whether the game ended (false: stopped at the move cap).
    pub over: bool,
}

/// Most moves one playout may make (a safety net; reported when hit).
pub const MOVE_CAP: u64 = 1_000_000;

/// One random playout through the scripted rules (`Rule::legal_into` / `Rule::apply`, tracing
/// off), from `start`, choosing uniformly among the legal moves with `rng`. The legal moves go to
/// one buffer for the whole playout, as `sowlab simulate`'s runner does (and the native baseline's
/// array).
pub fn scripted_playout(rule: &Rule, start: &Dynamic, rng: &mut Rng) -> PlayoutEnd {
    let mut d = start.clone();
    let mut moves = 0;
    let mut legal = Vec::new();
    while moves < MOVE_CAP {
        rule.legal_into(&mut d, &mut legal)
            .unwrap_or_else(|e| panic!("legal: {}", e.one_line()));
        if legal.is_empty() {
            break;
        }
        let pit = legal[rng.below(legal.len())];
        rule.apply(&mut d, pit)
            .unwrap_or_else(|e| panic!("move {moves}: {}", e.one_line()));
        moves += 1;
    }
    let b = board(&d);
    PlayoutEnd {
        moves,
        seeds: b.seeds.clone(),
        reserves: b.reserves.clone(),
        closed: b.closed.clone(),
        winner: b.winner,
        over: b.over,
    }
}

/// The result of an exhaustive Tchuka Ruma search of one start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SolveCount {
    /// Distinct positions (docs/readings.md, Conventions: states where the player chooses, never a lost one).
    pub positions: u64,
    /// Moves tried (each legal move of each position).
    pub moves: u64,
    /// Whether a won position is reachable.
    pub solvable: bool,
}

/// Exhaustive search of every position reachable from `start` through the scripted rules: a
/// depth-first walk with a visited set keyed by `Board::key()`. Moves are played on one scratch
/// board whose state is reset from the parent (no allocation per move). A move that fails (e.g.
/// endless sowing) counts as tried and leads nowhere.
pub fn scripted_solve(rule: &Rule, start: &Dynamic) -> SolveCount {
    let mut out = SolveCount::default();
    if board(start).over && board(start).winner == 0 {
        return out;
    }
    let mut seen = Seen::default();
    let mut stack: Vec<Board> = Vec::new();
    let b0 = board(start).clone();
    seen.insert(&b0.key());
    stack.push(b0);
    let mut scratch = start.clone();
    let mut legal = Vec::new();
    let mut key = Vec::new();
    while let Some(parent) = stack.pop() {
        out.positions += 1;
        if parent.over {
            out.solvable |= parent.winner != 0;
            continue;
        }
        reset(&mut scratch, &parent);
        legal.clear();
        legal.extend(rule.legal(&mut scratch).expect("legal"));
        for &pit in &legal {
            out.moves += 1;
            reset(&mut scratch, &parent);
            if rule.apply(&mut scratch, pit).is_err() {
                continue;
            }
            let b = board(&scratch);
            if b.over && b.winner == 0 {
                continue;
            }
            b.key_into(&mut key);
            if seen.insert(&key) {
                stack.push(b.clone());
            }
        }
    }
    out
}

/// A visited set of position keys: keys of up to 15 bytes are kept inline as a `u128` (16 bytes
/// a position plus the table's overhead), longer ones boxed.
#[derive(Default)]
pub struct Seen {
    small: HashSet<u128>,
    big: HashSet<Box<[u8]>>,
}

impl Seen {
    /// Adds a key; true when it was not there.
    pub fn insert(&mut self, key: &[u8]) -> bool {
        if key.len() < 16 {
            let mut b = [0u8; 16];
            b[..key.len()].copy_from_slice(key);
            b[15] = key.len() as u8;
            self.small.insert(u128::from_le_bytes(b))
        } else if self.big.contains(key) {
            false
        } else {
            self.big.insert(key.into())
        }
    }
}

/// Copies the state of `from` into the board inside `d` (same layout), without allocating.
fn reset(d: &mut Dynamic, from: &Board) {
    let mut b = board_mut(d);
    b.seeds.copy_from_slice(&from.seeds);
    b.closed.copy_from_slice(&from.closed);
    b.reserves.copy_from_slice(&from.reserves);
    b.counters.copy_from_slice(&from.counters);
    b.vars.copy_from_slice(&from.vars);
    b.to_move = from.to_move;
    b.over = from.over;
    b.winner = from.winner;
    b.last = from.last;
}

/// Raja Pasu random full matches: scripted and native give the same final state for each seed.
/// Returns the moves played by the scripted rules over all seeds.
pub fn check_raja_pasu(rule: &Rule, seeds: impl IntoIterator<Item = u64>) -> u64 {
    let start = start(rule, &[]);
    let mut total = 0;
    for s in seeds {
        let a = scripted_playout(rule, &start, &mut Rng::new(s));
        let n = native::raja_pasu_playout(&native::RajaPasuOptions::default(), &mut Rng::new(s));
        let b = PlayoutEnd {
            moves: n.moves,
            seeds: n.seeds.iter().map(|&x| x as i64).collect(),
            reserves: n.reserves.iter().map(|&x| x as i64).collect(),
            closed: n.closed.to_vec(),
            winner: n.winner,
            over: n.over,
        };
        assert_eq!(
            a, b,
            "Raja Pasu playout with seed {s}: scripted (left) and native (right) differ"
        );
        total += a.moves;
    }
    total
}

/// Tchuka Ruma random playouts natively and scripted agree for each seed; returns scripted moves.
pub fn check_tchuka_playouts(
    rule: &Rule,
    holes: usize,
    seeds: i64,
    rngs: impl IntoIterator<Item = u64>,
) -> u64 {
    let h = format!("holes={holes}");
    let s = format!("seeds={seeds}");
    let start = start(rule, &[&h, &s]);
    let mut total = 0;
    for r in rngs {
        let a = scripted_playout(rule, &start, &mut Rng::new(r));
        let n = native::tchuka_playout(holes, seeds as u8, &mut Rng::new(r));
        assert_eq!(
            (a.moves, a.seeds.clone(), a.winner, a.over),
            (n.moves, n.seeds[..=holes].iter().map(|&x| x as i64).collect(), n.winner, n.over),
            "Tchuka Ruma {holes}x{seeds} playout with seed {r}: scripted (left) and native (right) differ"
        );
        total += a.moves;
    }
    total
}

/// The Tchuka Ruma table `holes` × `seeds` solved through the scripted rules, checked against the
/// native solver cell by cell. Returns the scripted counts.
pub fn check_tchuka_table(
    rule: &Rule,
    holes: std::ops::RangeInclusive<usize>,
    seeds: std::ops::RangeInclusive<u8>,
) -> Vec<((usize, u8), SolveCount)> {
    let mut out = Vec::new();
    for h in holes {
        for s in seeds.clone() {
            let hs = format!("holes={h}");
            let ss = format!("seeds={s}");
            let a = scripted_solve(rule, &start(rule, &[&hs, &ss]));
            let n = native::tchuka_solve(h, s);
            assert_eq!(
                a, n,
                "Tchuka Ruma {h} holes x {s} seeds: scripted (left) and native (right) differ"
            );
            out.push(((h, s), a));
        }
    }
    out
}

/// Every cell of the Tchuka Ruma table explored by the product's solver (`solve::explore`),
/// checked against the native solver (positions, solvability, moves tried). Returns the solver's
/// positions and moves over all cells, and its largest reported table size in bytes per position.
pub fn check_solve_table(rule: &Rule, starts: &[((usize, u8), Dynamic)]) -> (u64, u64, f64) {
    let (mut positions, mut moves, mut bytes_per) = (0, 0, 0f64);
    for ((h, s), d) in starts {
        let a = sowlab::solve(rule, d, &sowlab::SearchLimits::default(), None)
            .unwrap_or_else(|e| panic!("solve {h}x{s}: {}", e.one_line()));
        let n = native::tchuka_solve(*h, *s);
        assert_eq!(
            (a.positions, a.solvable, a.stats.nodes),
            (n.positions, Some(n.solvable), n.moves),
            "Tchuka Ruma {h} holes x {s} seeds: solve::explore (left) and native (right) differ"
        );
        positions += a.positions;
        moves += a.stats.nodes;
        if a.positions > 100_000 {
            bytes_per = f64::max(bytes_per, a.stats.table_bytes as f64 / a.positions as f64);
        }
    }
    (positions, moves, bytes_per)
}

/// The starts of the Tchuka Ruma table, holes 1-8 x seeds 1-8.
pub fn tchuka_starts(rule: &Rule) -> Vec<((usize, u8), Dynamic)> {
    let mut out = Vec::new();
    for h in 1..=8 {
        for s in 1..=8u8 {
            let hs = format!("holes={h}");
            let ss = format!("seeds={s}");
            out.push(((h, s), start(rule, &[&hs, &ss])));
        }
    }
    out
}
