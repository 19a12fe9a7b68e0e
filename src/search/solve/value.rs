//! The game value of a small two-player position: negamax with alpha-beta and a transposition
//! table, to a depth or to the end.

use std::sync::atomic::Ordering;

use rhai::Dynamic;
use serde::Serialize;

use crate::engine::board::state::Board;
use crate::engine::rule::rules::{board, Rule};
use crate::engine::script::primitives::INTERRUPTED;
use crate::error::{Error, Result};
use crate::search::position::Position;
use crate::search::solve::keys::{Codec, FxBuild, Table};
use crate::search::solve::limits::{Guard, OnProgress, SearchLimits, Stats, Stop};

/// The game-theoretic value of a position for the player to move, as far as a search could tell:
/// bounds `lo..=hi` within -1 (loss), 0 (draw), +1 (win); exact when `lo == hi`.
#[derive(Clone, Debug, Serialize)]
pub struct Value {
    /// The exact value, when known.
    pub value: Option<i8>,
    /// Lower bound.
    pub lo: i8,
    /// Upper bound.
    pub hi: i8,
    /// The player the value is for (the player to move at the start).
    pub player: usize,
    /// A best move found (the one proving the lower bound), as a label.
    pub best: Option<String>,
    /// The depth (in moves) searched last.
    pub depth: u64,
    /// Positions in the transposition table.
    pub positions: u64,
    /// Search statistics.
    #[serde(flatten)]
    pub stats: Stats,
}

pub(super) struct ValueSearch<'a> {
    pub(super) rule: &'a Rule,
    pub(super) codec: Codec,
    /// key -> (lo, hi, depth searched)
    pub(super) tt: Table<(i8, i8, u16)>,
    pub(super) path: std::collections::HashSet<Vec<u8>, FxBuild>,
    pub(super) nodes: u64,
    pub(super) guard: Guard,
    pub(super) progress: OnProgress<'a>,
    pub(super) iteration: u64,
    pub(super) stopped: Option<Stop>,
}

/// The value of an over position for `player`.
pub(super) fn end_value(b: &Board, player: usize) -> i8 {
    match b.winner {
        0 => 0,
        w if w == player => 1,
        _ => -1,
    }
}

impl ValueSearch<'_> {
    /// Bounds on the value for the player to move at `boards[0]` (not over), searching `depth`
    /// moves; `boards[1..]` (at least `depth` boards) are scratch space for the plies below.
    pub(super) fn search<P: Position>(
        &mut self,
        boards: &mut [P],
        depth: u16,
        mut alpha: i8,
        beta: i8,
        root_best: &mut Option<usize>,
    ) -> Result<Option<(i8, i8)>> {
        let mut key = Vec::with_capacity(32);
        let (d, below) = boards
            .split_first_mut()
            .expect("a board for the position searched");
        let mover = {
            let b = d.board();
            self.codec.encode(&b, &mut key);
            b.to_move
        };
        if let Some((lo, hi, dd)) = self.tt.get(&key) {
            if lo == hi || dd >= depth {
                return Ok(Some((lo, hi)));
            }
        }
        if depth == 0 || self.path.contains(&key) {
            return Ok(Some((-1, 1)));
        }
        let mut moves = Vec::new();
        match d.legal_into(self.rule, &mut moves) {
            Ok(()) => {}
            Err(_) if INTERRUPTED.load(Ordering::Relaxed) => {
                self.stopped = Some(Stop::Interrupted);
                return Ok(None);
            }
            Err(e) => return Err(e),
        }
        if moves.is_empty() {
            return Err(Error::msg(format!(
                "{}: a position that is not over has no legal moves (the rule should end the game or pass)",
                self.rule.name
            )));
        }
        self.path.insert(key.clone());
        let (mut lo, mut hi) = (-2i8, -2i8);
        let n = moves.len();
        for (i, pit) in moves.into_iter().enumerate() {
            if let Some(s) = self.guard.check(
                self.nodes,
                self.tt.len() as u64,
                self.iteration,
                &mut self.progress,
            ) {
                self.stopped = Some(s);
                self.path.remove(&key);
                return Ok(None);
            }
            if self.guard.over_memory(self.nodes, || {
                self.tt.bytes() + self.path.len() as u64 * (key.len() as u64 + 32)
            }) {
                self.stopped = Some(Stop::MemoryLimit);
                self.path.remove(&key);
                return Ok(None);
            }
            let child = &mut below[0];
            child.copy_from(d);
            match child.apply(self.rule, pit) {
                Ok(()) => {}
                Err(_) if INTERRUPTED.load(Ordering::Relaxed) => {
                    self.stopped = Some(Stop::Interrupted);
                    self.path.remove(&key);
                    return Ok(None);
                }
                Err(e) => return Err(e),
            }
            self.nodes += 1;
            let (over, same, end) = {
                let cb = child.board();
                (cb.over, cb.to_move == mover, end_value(&cb, mover))
            };
            let (clo, chi) = if over {
                (end, end)
            } else if same {
                match self.search(below, depth - 1, alpha, beta, &mut None)? {
                    Some(v) => v,
                    None => {
                        self.path.remove(&key);
                        return Ok(None);
                    }
                }
            } else {
                match self.search(below, depth - 1, -beta, -alpha, &mut None)? {
                    Some((a, b)) => (-b, -a),
                    None => {
                        self.path.remove(&key);
                        return Ok(None);
                    }
                }
            };
            if clo > lo {
                lo = clo;
                *root_best = Some(pit);
            }
            hi = hi.max(chi);
            alpha = alpha.max(lo);
            if lo >= beta && i + 1 < n {
                hi = 1; // moves left unsearched could be better
                break;
            }
        }
        self.path.remove(&key);
        self.tt.set(&key, (lo, hi, depth));
        Ok(Some((lo, hi)))
    }
}

/// The game value of `start` for the player to move, by iterative deepening up to `max_depth`
/// moves (negamax with alpha-beta over win/draw/loss and a transposition table of bounds).
/// Values are exact only when every line was followed to its end; a line that repeats a position
/// is left unknown. Extra turns (the same player moving again) are handled.
pub fn value<'a>(
    rule: &'a Rule,
    start: &Dynamic,
    max_depth: u16,
    limits: &SearchLimits,
    progress: OnProgress<'a>,
) -> Result<Value> {
    if rule.plays_natively() {
        value_in::<Board>(rule, &board(start), max_depth, limits, progress)
    } else {
        value_in::<Dynamic>(rule, &board(start), max_depth, limits, progress)
    }
}

/// [`value`] on positions of type `P`: one board per ply, reused by every move played there.
pub(super) fn value_in<'a, P: Position>(
    rule: &'a Rule,
    start: &Board,
    max_depth: u16,
    limits: &SearchLimits,
    progress: OnProgress<'a>,
) -> Result<Value> {
    let b0 = start.clone();
    let player = b0.to_move;
    let mut s = ValueSearch {
        rule,
        codec: Codec::new(&b0),
        tt: Table::new(),
        path: Default::default(),
        nodes: 0,
        guard: Guard::new(limits),
        progress,
        iteration: 0,
        stopped: None,
    };
    let mut out = Value {
        value: None,
        lo: -1,
        hi: 1,
        player,
        best: None,
        depth: 0,
        positions: 0,
        stats: Stats::default(),
    };
    let mut stop = None;
    if b0.over {
        let v = end_value(&b0, player);
        (out.lo, out.hi, out.value) = (v, v, Some(v));
    } else {
        for depth in 1..=max_depth.max(1) {
            s.iteration = depth as u64;
            // The start and one board per ply below it, reset for every move.
            let mut boards: Vec<P> = (0..=depth).map(|_| P::from_board(&b0)).collect();
            let mut best = None;
            match s.search(&mut boards, depth, -1, 1, &mut best)? {
                Some((lo, hi)) => {
                    (out.lo, out.hi) = (lo, hi);
                    out.depth = depth as u64;
                    // A best move means something only when it proves more than a loss.
                    out.best = best
                        .filter(|_| lo == hi || lo > -1)
                        .map(|p| b0.layout.label(p));
                    if lo == hi {
                        out.value = Some(lo);
                        break;
                    }
                }
                None => {
                    stop = s.stopped;
                    break;
                }
            }
        }
    }
    out.positions = s.tt.len() as u64;
    out.stats = Stats {
        nodes: s.nodes,
        seconds: s.guard.start.elapsed().as_secs_f64(),
        complete: stop.is_none(),
        stopped: stop,
        table_bytes: s.tt.bytes(),
    };
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// Perft
