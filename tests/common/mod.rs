//! Shared helpers for the game tests: loading rules, a small deterministic PRNG, and playing
//! seeded random games to the end.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]
#![allow(dead_code)]

pub mod scratch;
pub mod watch;

#[allow(unused_imports)]
pub use scratch::{scratch, Scratch};

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rhai::Dynamic;
use sowlab::Board;
use sowlab::Event;
use sowlab::{board, board_mut, Options, Rule};
use sowlab::{Game, Position};

/// The repository's rules directory.
pub fn rules_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("rules")
}

/// Runs the `sowlab` binary on the repository's rules directory.
pub fn sowlab(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_sowlab"))
        .arg("--rules")
        .arg(rules_dir())
        .args(args)
        .env_remove("SOWLAB_RULES")
        .env("XDG_DATA_HOME", tests_dir().join("no-user-data"))
        .output()
        .unwrap()
}

/// The tests directory.
pub fn tests_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests")
}

/// Loads a rule or preset by name from the repository's rules directory.
pub fn load(name: &str) -> Arc<Rule> {
    Arc::new(Rule::load(name, &rules_dir()).unwrap_or_else(|e| panic!("{name}: {}", e.one_line())))
}

/// Resolves options (`key=value` each) for a rule, panicking with the error on a bad one.
pub fn options(rule: &Rule, sets: &[String]) -> Options {
    rule.resolve_options(sets)
        .unwrap_or_else(|e| panic!("{}: {}", rule.name, e.one_line()))
}

/// The options in force, as `k=v k=v` (sorted).
pub fn show_options(o: &Options) -> String {
    o.iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A game of `name` with options `sets` (`key=value` each) from a position: the pits in
/// canonical order, the stores (or reserves) and the player to move.
pub fn game_at(name: &str, sets: &[&str], pits: &[i64], stores: &[i64], to_move: usize) -> Game {
    game_at_vars(name, sets, pits, stores, to_move, &[])
}

/// [`game_at`] with game variables set (`vars`: name and value each), e.g. an opening or a
/// placing already over.
pub fn game_at_vars(
    name: &str,
    sets: &[&str],
    pits: &[i64],
    stores: &[i64],
    to_move: usize,
    vars: &[(&str, i64)],
) -> Game {
    let r = load(name);
    let opts = r
        .resolve_options(sets)
        .unwrap_or_else(|e| panic!("{}", e.one_line()));
    let pos = Position {
        pits: pits.to_vec(),
        stores: Some(stores.to_vec()),
        to_move: Some(to_move),
        vars: vars.iter().map(|&(k, v)| (k.to_string(), v)).collect(),
        ..Position::default()
    };
    Game::with_position(r, opts, &pos).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// A game of `r` with its default options, from its start.
pub fn fresh_game(r: &Arc<Rule>) -> Game {
    let opts = r.resolve_options::<&str>(&[]).expect("default options");
    Game::new(Arc::clone(r), opts).unwrap_or_else(|e| panic!("{}", e.one_line()))
}

/// The pits of `g` in canonical order (the state JSON's `pits`).
pub fn pits(g: &Game) -> Vec<i64> {
    g.state().pits
}

/// A Kalah game from the start: `holes` holes a row, `seeds` seeds a hole, the capture from an
/// empty hole whatever the hole opposite holds (`empty_capture`) or not. The small cells of the
/// exact search and tablebase tests.
pub fn kalah(holes: usize, seeds: usize, empty_capture: bool) -> Game {
    let rule = Arc::new(Rule::load("kalah", &rules_dir()).unwrap());
    let opts = rule
        .resolve_options(&[
            format!("holes={holes}"),
            format!("seeds={seeds}"),
            format!("empty_capture={empty_capture}"),
        ])
        .unwrap();
    Game::new(rule, opts).unwrap()
}

/// Plays `moves` (labels, separated by spaces), panicking with the error if one fails.
pub fn play(g: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        if let Err(e) = g.play(m) {
            panic!("move {m}: {}", e.one_line());
        }
    }
}

/// SplitMix64: a tiny deterministic PRNG, so seeded games are the same on every machine.
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// What one move did, for property checks.
pub struct MoveRecord {
    /// The position before the move.
    pub before: Board,
    /// The position after it (and after everything automatic).
    pub after: Board,
    /// The hole played.
    pub pit: usize,
    /// The legal moves before it.
    pub legal: Vec<usize>,
    /// Its events (empty unless traced).
    pub events: Vec<Event>,
}

/// The end of a random game.
#[derive(Debug)]
pub struct Played {
    /// The final position.
    pub last: Board,
    /// Moves played.
    pub moves: usize,
    /// Laps sown over the whole game.
    pub laps: i64,
    /// Most laps in one move.
    pub max_laps: i64,
    /// The moves, as labels.
    pub labels: Vec<String>,
}

/// Plays a seeded random game of `rule` with `opts` until it is over or `cap` moves were played
/// (then it panics: every game must end). `each` sees every move (trace on when `trace`).
pub fn random_game(
    rule: &Rule,
    opts: &Options,
    seed: u64,
    cap: usize,
    trace: bool,
    mut each: impl FnMut(&MoveRecord),
) -> Played {
    let mut rng = Rng::new(seed);
    let mut d: Dynamic = rule
        .new_board(opts)
        .unwrap_or_else(|e| panic!("{}: setup: {}", rule.name, e.one_line()));
    let mut played = Played {
        last: board(&d).clone(),
        moves: 0,
        laps: 0,
        max_laps: 0,
        labels: Vec::new(),
    };
    loop {
        let legal = rule
            .legal(&mut d)
            .unwrap_or_else(|e| panic!("{} seed {seed}: moves(): {}", rule.name, e.one_line()));
        let over = board(&d).over;
        if over {
            assert!(
                legal.is_empty(),
                "{} seed {seed}: legal moves after the end",
                rule.name
            );
            break;
        }
        assert!(
            !legal.is_empty(),
            "{} seed {seed}: no legal move but the game is not over, after {:?}",
            rule.name,
            played.labels
        );
        assert!(
            played.moves < cap,
            "{} seed {seed}: still playing after {cap} moves",
            rule.name
        );
        let pit = legal[rng.below(legal.len())];
        let before = board(&d).clone();
        played.labels.push(before.layout.label(pit));
        board_mut(&mut d).trace = if trace { Some(Vec::new()) } else { None };
        rule.apply(&mut d, pit).unwrap_or_else(|e| {
            panic!(
                "{} seed {seed}: move {} after {:?}: {}",
                rule.name,
                before.layout.label(pit),
                played.labels,
                e.one_line()
            )
        });
        let events = board_mut(&mut d).trace.take().unwrap_or_default();
        let after = board(&d).clone();
        played.moves += 1;
        played.laps += after.last.laps;
        played.max_laps = played.max_laps.max(after.last.laps);
        each(&MoveRecord {
            before,
            after,
            pit,
            legal,
            events,
        });
    }
    played.last = board(&d).clone();
    played
}

/// Reads a data file of the tests: lines without `#` comments, blank lines dropped.
pub fn data_lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// A two-row data rule of `holes` holes a side (2 seeds each) with stores sown into by their
/// owners, its `pipeline:` body given (read from text: no file is written).
pub fn two_row_rule(name: &str, holes: usize, pipeline: &str) -> Arc<Rule> {
    let text = format!(
        "name: {name}\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: {holes}, seeds: 2 }}\n    - {{ store: s, owner: 1 }}\n    - {{ row: N, owner: 2, holes: {holes}, seeds: 2 }}\n    - {{ store: n, owner: 2 }}\nsowing:\n  stores: own\npipeline:\n{pipeline}"
    );
    Arc::new(Rule::data_from_text(text, Path::new(&format!("{name}.yaml"))).unwrap())
}

/// A game of a two-row rule from the holes of each row, the stores, South to move.
pub fn two_row_game(r: &Arc<Rule>, south: &[i64], north: &[i64], stores: [i64; 2]) -> Game {
    let pos = Position {
        pits: south.iter().chain(north).copied().collect(),
        stores: Some(stores.to_vec()),
        to_move: Some(1),
        ..Position::default()
    };
    Game::with_position(r.clone(), r.resolve_options::<&str>(&[]).unwrap(), &pos).unwrap()
}

/// (pits, stores, to move, over, winner)
pub type Summary = (Vec<i64>, Vec<i64>, Option<usize>, bool, Option<usize>);

/// A game's state as a [`Summary`].
pub fn summary(g: &Game) -> Summary {
    let s = g.state();
    (s.pits, s.stores, s.to_move, s.over, s.winner)
}

/// The canonical index of a hole label of a 4 x 8 board (Bao, Omweso): SO1..SO8, SI1..SI8, NI1..NI8, NO1..NO8.
pub fn four_row_index(label: &str) -> usize {
    let (row, n) = label.split_at(2);
    let n: usize = n.parse().unwrap();
    let base = match row {
        "SO" => 0,
        "SI" => 8,
        "NI" => 16,
        "NO" => 24,
        _ => panic!("no row {row}"),
    };
    base + n - 1
}

/// The 32 counts of a 4 x 8 board with the named holes set (the rest empty).
pub fn four_row_pits(set: &[(&str, i64)]) -> Vec<i64> {
    let mut v = vec![0; 32];
    for &(l, n) in set {
        v[four_row_index(l)] = n;
    }
    v
}

/// A game variable's value now (`None` where the rule declares none of that name).
pub fn var(g: &Game, name: &str) -> Option<i64> {
    g.state().vars.get(name).copied()
}

/// The one-line error of a 2 x 3 data rule (two seeds a hole) whose rounds of two seeds a hole,
/// won by the most seeds held, get `extra` (`, key: value` pairs), ending on no move; panics
/// if the rule loads and starts.
pub fn rounds_error(extra: &str) -> String {
    let text = format!(
        "name: bad\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 3, seeds: 2 }}\n    - {{ row: N, owner: 2, holes: 3, seeds: 2 }}\npipeline:\n  rounds: {{ fill: 2, winner: most_seeds{extra} }}\n  end:\n    - {{ when: no_move, then: round }}\n"
    );
    Rule::data_from_text(text, Path::new("bad.yaml"))
        .and_then(|r| {
            let o = r.resolve_options::<&str>(&[])?;
            r.new_board(&o).map(|_| ())
        })
        .expect_err(extra)
        .one_line()
}

/// A tablebase layer file's parts: its first line (with its newline), its header and its body.
pub fn read_layer_file(path: &Path) -> (Vec<u8>, sowlab::search::tablebase::file::Header, Vec<u8>) {
    let bytes = std::fs::read(path).unwrap();
    let first = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let second = first + bytes[first..].iter().position(|&b| b == b'\n').unwrap() + 1;
    let header = serde_json::from_slice(&bytes[first..second - 1]).unwrap();
    (bytes[..first].to_vec(), header, bytes[second..].to_vec())
}

/// Writes a layer file from [`read_layer_file`]'s parts, the header's checksum made the body's.
pub fn write_layer_file(
    path: &Path,
    first: &[u8],
    mut header: sowlab::search::tablebase::file::Header,
    body: &[u8],
) {
    header.sha256 = sowlab::search::tablebase::file::checksum(body);
    let mut out = first.to_vec();
    out.extend(serde_json::to_string(&header).unwrap().bytes());
    out.push(b'\n');
    out.extend(body);
    std::fs::write(path, out).unwrap();
}

/// Plays each step's move and checks the position after it (holes, stores, the player to move;
/// not over, no winner).
pub fn play_steps(g: &mut Game, steps: &[(&str, [i64; 6], [i64; 2], usize)]) {
    for &(mv, pits, stores, next) in steps {
        g.play(mv).unwrap();
        assert_eq!(
            summary(g),
            (pits.to_vec(), stores.to_vec(), Some(next), false, None),
            "after {mv}"
        );
    }
}
