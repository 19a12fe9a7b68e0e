//! The board: pits (holes and stores) with owners, rows, a sowing track, closed holes, per-player
//! reserves and counters, whose turn it is, and the trace of the move being played.
//!
//! A [`Board`] is two things: an immutable [`Layout`] (shared behind an `Arc`, built once by a rule
//! script's `setup`) and the mutable state of one position (seed counts and the rest). Cloning a
//! board clones only the state, so searches can clone positions cheaply.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::engine::declare::compiled::Compiled;
pub use crate::engine::geometry::layout::{Layout, Pit, PitKind, Row, Shape, NO_PIT};
use crate::engine::trace::event::Event;

/// A position: the shared layout and the state of every pit, reserve, counter and turn.
#[derive(Clone, Debug)]
pub struct Board {
    /// The fixed layout.
    /// The compiled rule the position is on: its geometry (a [`Layout`], through `Deref`) and
    /// its declaration.
    pub layout: Arc<Compiled>,
    /// Seeds in each pit, by pit id.
    pub seeds: Vec<i64>,
    /// Whether each pit is closed (skipped by sowing, not playable).
    pub closed: Vec<bool>,
    /// Each pit's child mark, for a rule that declares children (empty otherwise): 0 for a pit
    /// that is no child, else its owner's number or
    /// [`CHILD_OF_NOBODY`](crate::engine::declare::children::CHILD_OF_NOBODY).
    pub children: Vec<u8>,
    /// Each pit's owner for the round, for a rule whose holes are owned round by round
    /// (`territory`; empty otherwise: a hole is then its row owner's).
    pub owners: Vec<u8>,
    /// Seeds in each player's reserve (index `player - 1`).
    pub reserves: Vec<i64>,
    /// Seeds a rule took out of the game without scoring them (a `sweep: discard`): in neither
    /// pits nor reserves, counted in the total.
    pub discarded: i64,
    /// Per-player counters, `counters[c * players + player - 1]`.
    pub counters: Vec<i64>,
    /// Game variables, by index in `layout.vars`.
    pub vars: Vec<i64>,
    /// Player to move (1-based).
    pub to_move: usize,
    /// Whether the game is over.
    pub over: bool,
    /// The winner (1-based), 0 for none (draw, lost solitaire, or still playing).
    pub winner: usize,
    /// Facts about the last sowing, for the script to decide what happens next.
    pub last: SowEnd,
    /// Events of the move being played, when tracing.
    pub trace: Option<Vec<Event>>,
    /// Whether the layout may still change (true only during `setup`).
    pub in_setup: bool,
    /// Seed balance changes made by primitives that create or destroy seeds, for conservation reports.
    pub ledger: Vec<LedgerEntry>,
    /// The positions seen since the last capture, for a declared `repeated_position` end check
    /// (empty when the rule has none).
    pub seen: Seen,
}

/// The positions seen since the number of seeds in the holes last changed (a capture), as
/// 64-bit hashes, for the `repeated_position` end check. It is part of the position for
/// transposition keys (two boards with different histories may end differently) but not of the
/// state JSON; a game rebuilt by replaying its moves rebuilds it.
///
/// Positions can only repeat between captures, since a capture lowers the seeds in the holes; so
/// the list is cleared whenever that number changes and stays short (the moves since the last
/// capture). Two different positions share a hash with a probability of about n^2 / 2^65 for n
/// positions (below 1e-14 for a thousand moves without a capture).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    /// Hashes of the positions seen, oldest first (the current position included).
    pub hashes: Vec<u64>,
    /// Seeds in the holes when the list was last cleared.
    pub in_holes: i64,
    /// Whether the current position was already in the list when it was recorded.
    pub repeated: bool,
}

/// A primitive call that created or destroyed seeds (legal in `setup`, a bug elsewhere unless balanced).
#[derive(Clone, Debug)]
pub struct LedgerEntry {
    /// Script line (1-based), 0 when unknown.
    pub line: usize,
    /// Script column (1-based), 0 when unknown.
    pub col: usize,
    /// The primitive's name.
    pub what: &'static str,
    /// Seeds created (positive) or destroyed (negative).
    pub delta: i64,
}

/// What the last sowing did: where it ended and why.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SowEnd {
    /// The pit the last seed fell into (`NO_PIT` before any sowing).
    pub pit: usize,
    /// Whether that pit was empty before the last seed fell.
    pub was_empty: bool,
    /// Laps sown (1 for a move without relay).
    pub laps: i64,
    /// Whether sowing stopped because it reached the lap limit.
    pub stopped: bool,
    /// Seeds the sowing captured: by counts (e.g. fours), and beyond an empty pit when configured.
    pub captured: i64,
    /// Whether this move was sown the other way (its hole or count reversed the direction).
    pub reversed: bool,
    /// The hole the move was sown from.
    pub from: usize,
    /// The seeds that hole held (the first lap's).
    pub hand: i64,
    /// Whether a capture across four rows took both of the opponent's holes of a file.
    pub across_both: bool,
    /// Whether a lap that would have relayed stopped because a player's holes were all empty
    /// (`relay_stops_when_side_empty`): the mover's turn is not over.
    pub relay_cut: bool,
}

impl Board {
    /// A board with an empty layout, ready for `setup` to build.
    pub fn new_for_setup() -> Board {
        Board {
            layout: Arc::new(Compiled::empty()),
            seeds: Vec::new(),
            closed: Vec::new(),
            children: Vec::new(),
            owners: Vec::new(),
            reserves: vec![0],
            discarded: 0,
            counters: Vec::new(),
            vars: Vec::new(),
            to_move: 1,
            over: false,
            winner: 0,
            last: SowEnd {
                pit: NO_PIT,
                ..SowEnd::default()
            },
            trace: None,
            in_setup: true,
            ledger: Vec::new(),
            seen: Seen::default(),
        }
    }

    /// Makes this board the position `src` (same layout), reusing this board's allocations: a
    /// search resets one scratch board per move instead of cloning one. The trace is dropped.
    pub fn copy_from(&mut self, src: &Board) {
        if !Arc::ptr_eq(&self.layout, &src.layout) {
            self.layout = src.layout.clone();
        }
        copy_vec(&mut self.seeds, &src.seeds);
        copy_vec(&mut self.closed, &src.closed);
        copy_vec(&mut self.children, &src.children);
        copy_vec(&mut self.owners, &src.owners);
        copy_vec(&mut self.reserves, &src.reserves);
        self.discarded = src.discarded;
        copy_vec(&mut self.counters, &src.counters);
        copy_vec(&mut self.vars, &src.vars);
        self.to_move = src.to_move;
        self.over = src.over;
        self.winner = src.winner;
        self.last = src.last;
        self.trace = None;
        self.in_setup = src.in_setup;
        self.ledger.clear();
        // Field by field (a new field of `Seen` must be added here: the pattern says so).
        let Seen {
            hashes,
            in_holes,
            repeated,
        } = &src.seen;
        copy_vec(&mut self.seen.hashes, hashes);
        self.seen.in_holes = *in_holes;
        self.seen.repeated = *repeated;
    }

    /// Total seeds in play and held: pits plus reserves (saturating: see [`Board::total_wide`]).
    pub fn total(&self) -> i64 {
        // Each count within ±2^47 and fewer than 2^15 of them: no partial sum overflows, so the
        // plain adds (which vectorise) are exact; otherwise (hostile counts) the wide sum.
        const HALF: u64 = 1 << 47;
        let (mut sum, mut range) = (0i64, 0u64);
        for &s in &self.seeds {
            sum = sum.wrapping_add(s);
            range |= (s as u64).wrapping_add(HALF);
        }
        for &s in &self.reserves {
            sum = sum.wrapping_add(s);
            range |= (s as u64).wrapping_add(HALF);
        }
        if range >> 48 == 0 && self.seeds.len() + self.reserves.len() < 1 << 15 {
            if let Some(t) = sum.checked_add(self.discarded) {
                return t;
            }
        }
        self.total_wide().clamp(i64::MIN as i128, i64::MAX as i128) as i64
    }

    /// Total seeds in play and held, summed without overflow (for the conservation check, which
    /// wrapping must not fool).
    pub fn total_wide(&self) -> i128 {
        self.seeds
            .iter()
            .chain(&self.reserves)
            .map(|&s| s as i128)
            .sum::<i128>()
            + self.discarded as i128
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.layout.players
    }

    /// How the game ended, in words (`lost`, `draw`, `won (player 1)`, `player 2 wins`), or
    /// `None` while it goes on.
    pub fn outcome(&self) -> Option<String> {
        if !self.over {
            return None;
        }
        let solitaire = self.layout.players == 1;
        Some(match self.winner {
            0 if solitaire => "lost".to_string(),
            0 => "draw".to_string(),
            w if solitaire => format!("won (player {w})"),
            w => format!("player {w} wins"),
        })
    }

    /// Records an event when tracing. A trace holds at most
    /// [`max_trace`](crate::engine::base::limits::max_trace) events: past that one more is kept (a
    /// `trace_full` note) and the rest dropped, and the game refuses the move (see
    /// [`Board::trace_overflowed`]).
    #[inline]
    pub fn emit(&mut self, e: impl FnOnce() -> Event) {
        emit_into(&mut self.trace, e);
    }

    /// Whether the move being traced recorded more events than a trace may hold.
    pub fn trace_overflowed(&self) -> bool {
        self.trace
            .as_ref()
            .is_some_and(|t| t.len() as u64 > crate::engine::base::limits::max_trace())
    }

    /// Value of per-player counter `c` for `player`.
    pub fn counter(&self, c: usize, player: usize) -> i64 {
        self.counters[c * self.layout.players + player - 1]
    }

    /// Whether `p` is an open hole owned by `player` holding seeds.
    pub fn playable_by(&self, p: usize, player: usize) -> bool {
        let pit = &self.layout.pits[p];
        pit.kind == PitKind::Hole
            && self.hole_owner(p) == player
            && !self.closed[p]
            && self.seeds[p] > 0
    }

    /// The owner of pit `p` now: its row's owner, or where holes are owned round by round
    /// (`territory`) the hole's owner this round.
    #[inline]
    pub fn hole_owner(&self, p: usize) -> usize {
        if self.owners.is_empty() {
            self.layout.pits[p].owner
        } else {
            self.owners[p] as usize
        }
    }

    /// The default legal moves: the mover's open holes that hold seeds, in canonical order.
    pub fn default_moves(&self) -> Vec<i64> {
        let pl = self.to_move;
        self.layout
            .holes
            .iter()
            .copied()
            .filter(|&p| self.playable_by(p, pl))
            .map(|p| p as i64)
            .collect()
    }

    /// Seeds a player holds in open holes.
    pub fn seeds_of(&self, player: usize) -> i64 {
        self.layout
            .holes
            .iter()
            .filter(|&&p| self.hole_owner(p) == player && !self.closed[p])
            .map(|&p| self.seeds[p])
            .sum()
    }

    /// Whether pit `p` is a child (of anybody).
    #[inline]
    pub fn is_child(&self, p: usize) -> bool {
        !self.children.is_empty() && self.children[p] != 0
    }

    /// Whether captures leave pit `p` alone as a child: any child, but a child of nobody where
    /// the rule lets captures take those (`nobodys_while_holding_a_round`).
    #[inline]
    pub fn shielded(&self, p: usize) -> bool {
        match self.children.get(p).copied().unwrap_or(0) {
            0 => false,
            crate::engine::declare::children::CHILD_OF_NOBODY => !self
                .layout
                .pipeline
                .as_ref()
                .and_then(|d| d.children.as_ref())
                .is_some_and(|c| c.nobodys_while_holding_a_round),
            _ => true,
        }
    }

    /// The player whose child pit `p` is (`Some(0)` for a child of nobody), `None` for no child.
    pub fn child_owner(&self, p: usize) -> Option<usize> {
        match self.children.get(p).copied().unwrap_or(0) {
            0 => None,
            crate::engine::declare::children::CHILD_OF_NOBODY => Some(0),
            c => Some(c as usize),
        }
    }

    /// The state as the public JSON (docs/readings.md, Conventions).
    pub fn state_json(&self) -> StateJson {
        let l = &self.layout;
        let stores = if l.stores.is_empty() {
            self.reserves.clone()
        } else {
            l.stores.iter().map(|&s| self.seeds[s]).collect()
        };
        let penalties = match l.counter_index("penalties") {
            Some(c) => (1..=l.players).map(|p| self.counter(c, p)).collect(),
            None => Vec::new(),
        };
        StateJson {
            pits: l
                .holes
                .iter()
                .map(|&p| if self.closed[p] { 0 } else { self.seeds[p] })
                .collect(),
            closed: l
                .holes
                .iter()
                .enumerate()
                .filter(|(_, &p)| self.closed[p])
                .map(|(i, _)| i)
                .collect(),
            children: if self.children.is_empty() {
                None
            } else {
                Some(l.holes.iter().map(|&p| self.child_owner(p)).collect())
            },
            owners: if self.owners.is_empty() {
                None
            } else {
                Some(l.holes.iter().map(|&p| self.owners[p] as usize).collect())
            },
            stores,
            reserves: if l.stores.is_empty() || self.reserves.iter().all(|&r| r == 0) {
                None
            } else {
                Some(self.reserves.clone())
            },
            penalties,
            to_move: if self.over { None } else { Some(self.to_move) },
            over: self.over,
            winner: if self.winner == 0 {
                None
            } else {
                Some(self.winner)
            },
            vars: l
                .vars
                .iter()
                .cloned()
                .zip(self.vars.iter().copied())
                .collect(),
        }
    }

    /// A compact key of everything that makes a position distinct (for transposition tables).
    pub fn key(&self) -> Vec<u8> {
        let mut k = Vec::with_capacity(self.seeds.len() + 8);
        self.key_into(&mut k);
        k
    }

    /// Writes [`Board::key`] into `k` (cleared first), so a search can reuse one buffer and
    /// allocate only for the keys it keeps.
    pub fn key_into(&self, k: &mut Vec<u8>) {
        k.clear();
        for &s in &self.seeds {
            push_varint(k, s);
        }
        for (i, &c) in self.closed.iter().enumerate() {
            if c {
                push_varint(k, -(i as i64) - 1);
            }
        }
        for (i, &c) in self.children.iter().enumerate() {
            if c != 0 {
                push_varint(k, -(1i64 << 40) - i as i64);
                k.push(c);
            }
        }
        k.extend_from_slice(&self.owners);
        for &r in self.reserves.iter().chain(&self.counters).chain(&self.vars) {
            push_varint(k, r);
        }
        k.push(self.to_move as u8);
        k.push(self.over as u8);
        k.push(self.winner as u8);
        // The positions since the last capture (only rules that check repetitions keep them).
        for &h in &self.seen.hashes {
            k.extend_from_slice(&h.to_le_bytes());
        }
    }

    /// A 64-bit hash of the position as the `repeated_position` check compares it: every pit's
    /// seeds, the closed holes, the reserves and the player to move (not the counters or game
    /// variables, which count moves and would make every position new).
    pub fn position_hash(&self) -> u64 {
        #[inline]
        fn mix(h: u64, v: u64) -> u64 {
            // splitmix64's finaliser over the running hash and the value.
            let mut z = (h ^ v).wrapping_add(0x9e37_79b9_7f4a_7c15);
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
        let mut h = mix(0, self.to_move as u64);
        for &s in &self.seeds {
            h = mix(h, s as u64);
        }
        for &r in &self.reserves {
            h = mix(h, r as u64);
        }
        for (i, &c) in self.closed.iter().enumerate() {
            if c {
                h = mix(h, !(i as u64));
            }
        }
        for (i, &c) in self.children.iter().enumerate() {
            if c != 0 {
                h = mix(h, ((i as u64) << 8) | c as u64);
            }
        }
        for (i, &o) in self.owners.iter().enumerate() {
            h = mix(h, ((i as u64) << 16) | o as u64);
        }
        h
    }
}

/// [`Board::emit`] on a board's `trace` field alone, for code that holds the board's other fields
/// borrowed at the same time (the sowing loop).
#[inline]
pub fn emit_into(trace: &mut Option<Vec<Event>>, e: impl FnOnce() -> Event) {
    if let Some(t) = trace {
        let cap = crate::engine::base::limits::max_trace() as usize;
        if t.len() < cap {
            t.push(e());
        } else if t.len() == cap {
            t.push(Event::Note {
                kind: "trace_full".into(),
                text: format!("the trace is cut at {cap} events"),
            });
        }
    }
}

/// `dst = src` in place: the vectors of two boards of one layout have the same lengths, so this
/// is a plain copy of the elements.
#[inline]
fn copy_vec<T: Copy>(dst: &mut Vec<T>, src: &[T]) {
    if src.is_empty() {
        dst.clear();
    } else if dst.len() == src.len() {
        dst.copy_from_slice(src);
    } else {
        dst.clear();
        dst.extend_from_slice(src);
    }
}

fn push_varint(k: &mut Vec<u8>, v: i64) {
    // zig-zag then LEB128
    let mut u = ((v << 1) ^ (v >> 63)) as u64;
    loop {
        let b = (u & 0x7f) as u8;
        u >>= 7;
        if u == 0 {
            k.push(b);
            break;
        }
        k.push(b | 0x80);
    }
}

/// The public state JSON (see `docs/readings.md`, Conventions). Extra fields may follow the required ones.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StateJson {
    /// Seeds per hole in canonical order (a closed hole shows 0).
    pub pits: Vec<i64>,
    /// 0-based canonical indices of closed holes.
    pub closed: Vec<usize>,
    /// Per hole, in games with children: the player whose child it is (0: a child of nobody),
    /// `null` for a hole that is no child. Absent in games without children.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub children: Option<Vec<Option<usize>>>,
    /// Per hole, in games whose holes are owned round by round: the player who owns it this
    /// round. Absent in other games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owners: Option<Vec<usize>>,
    /// Store contents, or per-player reserves for games without stores.
    pub stores: Vec<i64>,
    /// Per-player reserves, for games that have both stores and seeds in reserves (absent otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserves: Option<Vec<i64>>,
    /// Per-player penalties (`[]` where the game has none).
    pub penalties: Vec<i64>,
    /// Player to move, `null` when over.
    pub to_move: Option<usize>,
    /// Whether the game is over.
    pub over: bool,
    /// The winner, `null` while playing, on a draw, or when a solitaire is lost.
    pub winner: Option<usize>,
    /// Game variables declared by the rule script (e.g. `round`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub vars: BTreeMap<String, i64>,
}
