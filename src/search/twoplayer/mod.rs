//! Exact values of two-player games: who wins under perfect play, by how many seeds, and a
//! principal variation. [`solve_exact`] reads the rule ([`reading`]), gives a transposition
//! table that grows with the work up to the memory budget ([`tt`]), and runs MTD(f) over the margin ([`mtdf`] on the state
//! of [`search`], moves ordered by [`order`], positions keyed by [`key`]), probing tablebases
//! ([`crate::search::tablebase`]) when given. Shallow searches come first (iterative
//! deepening, [`mtdf::Search::deepen`]): their best moves order the complete search.

pub mod key;
pub mod mtdf;
pub mod order;
pub mod parallel;
pub mod reading;
pub mod search;
pub mod shared;
pub mod tt;

use rhai::Dynamic;
use serde::Serialize;

use crate::search::position::Position;
use crate::search::solve::{OnProgress, SearchLimits, Stats, Stop};
use crate::{Board, Error, Result, Rule, Tablebase};
use reading::{in_play, Reading};
use search::{Frame, Search, MAX_PLIES};

/// The smallest transposition table the search runs with; a smaller memory budget stops it.
pub const MIN_TABLE_BYTES: u64 = 4 << 20;

/// The largest table taken when no budget is given (`--max-memory`, `SOWLAB_SOLVE_MB`).
pub const DEFAULT_TABLE_BYTES: u64 = 1 << 30;

/// The exact value of a two-player position, or bounds on it.
#[derive(Clone, Debug, Serialize)]
pub struct Exact {
    /// The player the value is for (the player to move at the start).
    pub player: usize,
    /// `win`, `draw` or `loss` for `player` under perfect play, when known.
    pub result: Option<&'static str>,
    /// His seeds minus the opponent's at the end of perfect play (stores plus reserves), when
    /// known.
    pub margin: Option<i64>,
    /// A lower bound on the margin (the margin when known). For a rule whose ends do not all go
    /// to the player holding most seeds: on `result * k + margin` (see `k`).
    pub lower: i64,
    /// An upper bound, as `lower`.
    pub upper: i64,
    /// The weight of the result in `lower` and `upper` (0: they bound the margin alone).
    pub k: i64,
    /// A best move, as a label (when known).
    pub best: Option<String>,
    /// A principal variation from the start: moves of both players, extra turns included.
    pub pv: Vec<String>,
    /// Null-window passes of MTD(f).
    pub passes: u64,
    /// Entries in the transposition table.
    pub positions: u64,
    /// Positions searched past their own checks (bounds, tablebase, table), whose moves were
    /// played (`nodes` counts the moves).
    pub expanded: u64,
    /// Positions answered by the tablebases.
    pub tablebase_hits: u64,
    /// Seeds in play the tablebases cover (0: none).
    pub tablebase_seeds: u32,
    /// Search statistics.
    #[serde(flatten)]
    pub stats: Stats,
}

impl Exact {
    /// The verdict in one line: `player 1 wins by 10: 3 6 ...`.
    pub fn line(&self) -> String {
        let p = self.player;
        let pv = if self.pv.is_empty() {
            String::new()
        } else {
            format!(": {}", self.pv.join(" "))
        };
        match (self.result, self.margin) {
            (Some("win"), Some(m)) => format!("player {p} wins by {m}{pv}"),
            (Some("loss"), Some(m)) => format!("player {p} loses by {}{pv}", -m),
            (Some(_), Some(m)) if m != 0 => format!("a draw for player {p}, margin {m}{pv}"),
            (Some(_), _) => format!("a draw{pv}"),
            _ if self.k == 0 => format!(
                "unknown: player {p}'s margin is between {} and {}",
                self.lower, self.upper
            ),
            _ => format!(
                "unknown: player {p}'s result is between {} and {}",
                word(decode(self.lower, self.k).0),
                word(decode(self.upper, self.k).0)
            ),
        }
    }
}

fn word(r: i64) -> &'static str {
    match r.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    }
}

/// `(result, margin)` of a value `result * k + margin` (`k == 0`: the margin alone).
fn decode(v: i64, k: i64) -> (i64, i64) {
    if k == 0 {
        return (v.signum(), v);
    }
    let r = (v + k / 2).div_euclid(k);
    (r, v - r * k)
}

/// The exact value of `start` for the player to move, with a principal variation; bounds when a
/// limit (`limits`: nodes, deadline, memory; Ctrl-C) stops the search first. `tablebase`: probed
/// for every position it covers (it must be built for this rule and options).
pub fn solve_exact<'a>(
    rule: &'a Rule,
    start: &Dynamic,
    limits: &SearchLimits,
    tablebase: Option<&'a Tablebase>,
    progress: OnProgress<'a>,
) -> Result<Exact> {
    solve_exact_threads(rule, start, limits, tablebase, progress, 1)
}

/// [`solve_exact`] on `threads` threads (see [`parallel`]): the same value; the counts (nodes,
/// passes) and, among moves of equal value, the line may differ from one run to the next.
/// Scripted rules run on one thread.
pub fn solve_exact_threads<'a>(
    rule: &'a Rule,
    start: &Dynamic,
    limits: &SearchLimits,
    tablebase: Option<&'a Tablebase>,
    progress: OnProgress<'a>,
    threads: usize,
) -> Result<Exact> {
    let b0 = crate::board_of(start).clone();
    if rule.plays_natively() {
        solve_in::<Board>(rule, &b0, limits, tablebase, progress, threads)
    } else {
        solve_in::<Dynamic>(rule, &b0, limits, tablebase, progress, 1)
    }
}

fn solve_in<'a, P: Position>(
    rule: &'a Rule,
    b0: &Board,
    limits: &SearchLimits,
    tablebase: Option<&'a Tablebase>,
    progress: OnProgress<'a>,
    threads: usize,
) -> Result<Exact> {
    if b0.players() != 2 {
        return Err(Error::msg(format!(
            "{}: the exact search is for two players (this game has {})",
            rule.name,
            b0.players()
        )));
    }
    let total = b0.total();
    if !(0..=10_000).contains(&total) {
        return Err(Error::msg(format!(
            "{}: {total} seeds: the exact search handles at most 10000",
            rule.name
        )));
    }
    let reading = Reading::of(rule, b0);
    if let Some(t) = tablebase {
        t.check_applies(rule, b0)?;
    }
    let budget = if limits.max_bytes > 0 {
        limits.max_bytes
    } else {
        crate::Budget::default_mib()
            .bytes()
            .min(DEFAULT_TABLE_BYTES)
    };
    let tb_bytes = tablebase.map_or(0, |t| t.bytes());
    let table_bytes = budget.saturating_sub(tb_bytes);
    let player = b0.to_move;
    let mut out = Exact {
        player,
        result: None,
        margin: None,
        lower: 0,
        upper: 0,
        k: 0,
        best: None,
        pv: Vec::new(),
        passes: 0,
        positions: 0,
        expanded: 0,
        tablebase_hits: 0,
        tablebase_seeds: tablebase.map_or(0, |t| t.seeds()),
        stats: Stats::default(),
    };
    let parallel = threads > 1 && table_bytes >= MIN_TABLE_BYTES;
    let shared_table = parallel.then(|| shared::SharedTable::with_bytes(table_bytes));
    let busy = shared::Busy::default();
    let tt = match &shared_table {
        Some(t) => shared::Tables::Shared(t),
        None => shared::Tables::Own(tt::Table::growing(table_bytes.max(1 << 10))),
    };
    // The search borrows the tables of this call: the progress report is lent for as long.
    let mut progress = progress;
    let lent: OnProgress<'_> = match progress.as_mut() {
        Some(p) => Some(&mut **p),
        None => None,
    };
    let mut s = Search::new(rule, reading, tt, tablebase, total, limits, lent);
    if parallel {
        s.busy = Some(&busy);
    }
    out.k = s.k as i64;
    s.etc_min = in_play(b0) * 3 / 4;
    if b0.over {
        let v = s.final_abs(b0, player) as i64;
        set_known(&mut out, v);
        out.stats = stats(&s, None);
        return Ok(out);
    }
    let base = s.base(b0, player) as i64;
    let (lo0, hi0) = s.range(b0, in_play(b0));
    if table_bytes < MIN_TABLE_BYTES {
        (out.lower, out.upper) = (lo0 as i64 + base, hi0 as i64 + base);
        out.stats = stats(&s, Some(Stop::MemoryLimit));
        return Ok(out);
    }
    let mut frames: Vec<Frame<P>> = (0..MAX_PLIES).map(|_| Frame::default()).collect();
    let mut root = P::from_board(b0);
    let mut helpers = shared_table.as_ref().map(|t| parallel::Helpers {
        count: threads - 1,
        table: t,
        busy: &busy,
        limits: SearchLimits {
            max_nodes: 0,
            max_positions: 0,
            ..limits.clone()
        },
        root: b0.clone(),
        nodes: 0,
        tb_hits: 0,
        expanded: 0,
    });
    let (guess, known) = match deepening()? {
        Some(plan) => s.deepen(&mut root, &mut frames, lo0, hi0, plan)?,
        None => (0, None),
    };
    let (lo, hi) = match (&mut helpers, known) {
        (_, Some(v)) if s.stopped.is_none() => (v, v),
        (Some(h), _) => s.mtdf_parallel(&mut root, &mut frames, lo0, hi0, guess, h)?,
        (None, _) => s.mtdf(&mut root, &mut frames, lo0, hi0, guess)?,
    };
    // The line is read by this thread alone.
    s.busy = None;
    if let Some(h) = &helpers {
        s.nodes += h.nodes;
        s.tb_hits += h.tb_hits;
        s.expanded += h.expanded;
    }
    if s.endless {
        return Err(Error::msg(format!(
            "{}: a position repeats along a line and the rule does not end it (endless play): the exact search needs a rule that ends such games (a move limit, or a repetition end)",
            rule.name
        )));
    }
    (out.lower, out.upper) = (lo as i64 + base, hi as i64 + base);
    let stop = s.stopped;
    if lo == hi && stop.is_none() {
        set_known(&mut out, lo as i64 + base);
        // A limit met while the line is read cuts the line short; the value stays known.
        // A position a captures tablebase answers: its line is read from the tablebase (the
        // search, whose keys hold the positions since the last capture, would search it again).
        out.pv = match tablebase
            .filter(|t| t.captures.is_some() && t.probe_noting(rule, b0).is_some())
        {
            Some(t) => crate::search::tablebase::captures::line(
                rule,
                t,
                b0,
                crate::search::tablebase::captures::MAX_LINE,
            )?,
            None => principal_variation(&mut s, &mut root, &mut frames, lo)?,
        };
        out.best = out.pv.first().cloned();
    }
    // A value of the tablebase found wrong was not used (the search went on without it): the
    // answer is refused all the same, naming it.
    if let Some(e) = tablebase.and_then(|t| t.failure()) {
        return Err(e);
    }
    out.passes = s.pass;
    out.positions = s.tt.used();
    out.tablebase_hits = s.tb_hits;
    out.expanded = s.expanded;
    out.stats = stats(&s, stop);
    Ok(out)
}

/// The iterative deepening the search runs before the complete one: `SOWLAB_DEEPEN` =
/// `FIRST,STEP,LAST` plies or `off` (for measuring), else [`mtdf::DEEPENING`].
fn deepening() -> Result<Option<mtdf::Deepening>> {
    let Ok(v) = std::env::var("SOWLAB_DEEPEN") else {
        return Ok(Some(mtdf::DEEPENING));
    };
    if v.trim() == "off" {
        return Ok(None);
    }
    let n: Vec<u32> = v.split(',').map_while(|x| x.trim().parse().ok()).collect();
    match n[..] {
        [first, step, last] if step > 0 => Ok(Some(mtdf::Deepening { first, step, last })),
        _ => Err(Error::msg(format!(
            "SOWLAB_DEEPEN={v:?}: expected FIRST,STEP,LAST plies of iterative deepening (STEP at least 1, e.g. 2,2,10) or off"
        ))),
    }
}

fn set_known(out: &mut Exact, v: i64) {
    let (r, m) = decode(v, out.k);
    out.result = Some(word(r));
    out.margin = Some(m);
    (out.lower, out.upper) = (v, v);
}

fn stats(s: &Search, stop: Option<Stop>) -> Stats {
    Stats {
        nodes: s.nodes,
        seconds: s.start.elapsed().as_secs_f64(),
        complete: stop.is_none(),
        stopped: stop,
        table_bytes: s.tt.bytes(),
    }
}

/// A line of best moves from `root` (of value `v`), to the end of the game or until a limit
/// stops the searches that pick each move.
fn principal_variation<P: Position>(
    s: &mut Search,
    root: &mut P,
    frames: &mut [Frame<P>],
    v: i32,
) -> Result<Vec<String>> {
    let mut line = Vec::new();
    let mut node = P::from_board(&root.board());
    let mut need = v;
    let (f0, rest) = frames.split_first_mut().expect("frames");
    while line.len() < MAX_PLIES && !node.board().over {
        let mover = node.board().to_move;
        let tt_move =
            s.tt.get(&key::key_of(s.spec, &node.board()))
                .map_or(tt::NO_MOVE, |e| e.best);
        if order::expand(s, &mut node, f0, mover, tt_move, i32::MAX)?.is_none() {
            break;
        }
        let mut next = None;
        for j in 0..f0.order.len() {
            let i = f0.order[j];
            let info = f0.info[i];
            match s.proves(&mut f0.kids[i], info, rest, need)? {
                Some(true) => {
                    next = Some((i, info));
                    break;
                }
                Some(false) => {}
                None => return Ok(line),
            }
        }
        let Some((i, info)) = next else {
            break;
        };
        line.push(node.board().layout.label(f0.moves[i]));
        need = if info.over {
            0
        } else if info.sign == 1 {
            need - info.off
        } else {
            info.off - need
        };
        let kid = std::mem::replace(&mut f0.kids[i], P::from_board(&node.board()));
        node = kid;
    }
    Ok(line)
}
