//! A game in progress: a rule, its options, the position, and the history of moves with their
//! traces, with undo and redo. Every change is made on a copy and kept only when it succeeds, so an
//! error never loses the game.

use std::sync::Arc;

use rhai::Dynamic;
use serde::{Deserialize, Serialize};

use crate::engine::board::state::{Board, StateJson};
use crate::engine::rule::rules::{board, board_mut, Options, Rule};
use crate::engine::trace::event::Event;
use crate::error::{Error, Result};

/// One move played: who played it, its label, the position before it, and its events.
#[derive(Clone, Debug)]
pub struct Ply {
    /// The move as written (`3`, `S3`).
    pub label: String,
    /// The hole it was played from.
    pub pit: usize,
    /// The player who made it.
    pub player: usize,
    /// The position before the move.
    pub before: Dynamic,
    /// The position after the move (and everything automatic after it).
    pub after: Dynamic,
    /// The move's events (empty when tracing was off).
    pub events: Vec<Event>,
    /// Estimated bytes of the history up to and including this move (see
    /// [`max_history_mb`](crate::engine::base::limits::max_history_mb)).
    pub mem: usize,
}

/// A game being played.
pub struct Game {
    /// The rules.
    pub rule: Arc<Rule>,
    /// The option values in force.
    pub options: Options,
    /// The start position.
    pub start: Dynamic,
    /// Moves played, oldest first.
    pub history: Vec<Ply>,
    /// Moves undone, most recently undone last (for redo).
    pub undone: Vec<Ply>,
    /// Whether moves record their events.
    pub tracing: bool,
}

/// A position given by its public state (for puzzles, save files and tests).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Seeds per hole in canonical order.
    pub pits: Vec<i64>,
    /// Stores (or reserves, for games without stores) as in the state JSON.
    #[serde(default)]
    pub stores: Option<Vec<i64>>,
    /// Per-player reserves, for games that have both stores and reserves.
    #[serde(default)]
    pub reserves: Option<Vec<i64>>,
    /// 0-based canonical indices of closed holes.
    #[serde(default)]
    pub closed: Vec<usize>,
    /// Per hole, in games with children: the player whose child it is (0: of nobody), `null`
    /// for none.
    #[serde(default)]
    pub children: Option<Vec<Option<usize>>>,
    /// Per hole, in games whose holes are owned round by round: the player who owns it.
    #[serde(default)]
    pub owners: Option<Vec<usize>>,
    /// Per-player penalties.
    #[serde(default)]
    pub penalties: Option<Vec<i64>>,
    /// Player to move.
    #[serde(default)]
    pub to_move: Option<usize>,
    /// Game variables to set.
    #[serde(default)]
    pub vars: std::collections::BTreeMap<String, i64>,
}

impl Position {
    /// Puts this position on `b` (same layout), checking every count.
    pub fn apply_to(&self, b: &mut Board) -> Result<()> {
        let l = b.layout.clone();
        let bad = |m: String| Error::msg(format!("position: {m}"));
        if self.pits.len() != l.holes.len() {
            return Err(bad(format!(
                "`pits` has {} counts, the board has {} holes",
                self.pits.len(),
                l.holes.len()
            )));
        }
        let nonneg = |v: &[i64], what: &str| -> Result<()> {
            match v
                .iter()
                .find(|&&x| !(0..=crate::engine::script::primitives::MAX_SEEDS).contains(&x))
            {
                Some(x) => Err(bad(format!("`{what}` holds {x}, not a count of seeds"))),
                None => Ok(()),
            }
        };
        nonneg(&self.pits, "pits")?;
        for (&p, &n) in l.holes.iter().zip(&self.pits) {
            b.seeds[p] = n;
            b.closed[p] = false;
        }
        for &c in &self.closed {
            let Some(&p) = l.holes.get(c) else {
                return Err(bad(format!("`closed` names hole index {c}, out of range")));
            };
            if b.seeds[p] != 0 {
                return Err(bad(format!("closed hole {c} holds seeds")));
            }
            b.closed[p] = true;
        }
        if let Some(c) = &self.children {
            if b.children.is_empty() {
                return Err(bad("`children` given, but this game has no children".into()));
            }
            if c.len() != l.holes.len() {
                return Err(bad(format!(
                    "`children` has {} entries, the board has {} holes",
                    c.len(),
                    l.holes.len()
                )));
            }
            for (&p, &o) in l.holes.iter().zip(c) {
                b.children[p] = match o {
                    None => 0,
                    Some(0) => crate::engine::declare::children::CHILD_OF_NOBODY,
                    Some(o) if o <= l.players => o as u8,
                    Some(o) => {
                        return Err(bad(format!(
                            "`children` names player {o}, but there are {} players",
                            l.players
                        )))
                    }
                };
            }
        }
        if let Some(o) = &self.owners {
            if b.owners.is_empty() {
                return Err(bad(
                    "`owners` given, but this game's holes are not owned round by round".into(),
                ));
            }
            if o.len() != l.holes.len() {
                return Err(bad(format!(
                    "`owners` has {} entries, the board has {} holes",
                    o.len(),
                    l.holes.len()
                )));
            }
            for (&p, &pl) in l.holes.iter().zip(o) {
                if pl < 1 || pl > l.players {
                    return Err(bad(format!(
                        "`owners` names player {pl}; players are 1 to {}",
                        l.players
                    )));
                }
                b.owners[p] = pl as u8;
            }
        }
        let (stores, reserves) = if l.stores.is_empty() {
            (None, self.stores.as_ref().or(self.reserves.as_ref()))
        } else {
            (self.stores.as_ref(), self.reserves.as_ref())
        };
        if let Some(s) = stores {
            nonneg(s, "stores")?;
            if s.len() != l.stores.len() {
                return Err(bad(format!(
                    "`stores` has {} counts, the board has {} stores",
                    s.len(),
                    l.stores.len()
                )));
            }
            for (&p, &n) in l.stores.iter().zip(s) {
                b.seeds[p] = n;
            }
        }
        if let Some(r) = reserves {
            nonneg(r, "reserves")?;
            if r.len() != l.players {
                return Err(bad(format!(
                    "{} reserves given for {} players",
                    r.len(),
                    l.players
                )));
            }
            b.reserves = r.clone();
        }
        if let Some(p) = &self.penalties {
            if let Some(c) = l.counter_index("penalties") {
                if p.len() != l.players {
                    return Err(bad(format!(
                        "{} penalties given for {} players",
                        p.len(),
                        l.players
                    )));
                }
                let max = crate::engine::base::limits::MAX_VALUE;
                if let Some(x) = p.iter().find(|x| !(-max..=max).contains(*x)) {
                    return Err(bad(format!("`penalties` holds {x}, out of range")));
                }
                for (i, &v) in p.iter().enumerate() {
                    b.counters[c * l.players + i] = v;
                }
            } else if p.iter().any(|&x| x != 0) {
                return Err(bad("this game has no penalties".into()));
            }
        }
        if let Some(t) = self.to_move {
            if t < 1 || t > l.players {
                return Err(bad(format!(
                    "to_move {t}: players go from 1 to {}",
                    l.players
                )));
            }
            b.to_move = t;
        }
        for (k, v) in &self.vars {
            let i = l
                .var_index(k)
                .ok_or_else(|| bad(format!("the game has no variable `{k}`")))?;
            let max = crate::engine::base::limits::MAX_VALUE;
            if !(-max..=max).contains(v) {
                return Err(bad(format!("variable `{k}` holds {v}, out of range")));
            }
            b.vars[i] = *v;
        }
        b.over = false;
        b.winner = 0;
        // A given position starts its own history of positions (repetitions count from it).
        crate::engine::player::repetition::restart_repetition(b);
        Ok(())
    }
}

impl Game {
    /// Starts a game of `rule` with the given options.
    pub fn new(rule: Arc<Rule>, options: Options) -> Result<Game> {
        let start = rule.new_board(&options)?;
        Ok(Game {
            rule,
            options,
            start,
            history: Vec::new(),
            undone: Vec::new(),
            tracing: true,
        })
    }

    /// Starts a game from a given position instead of the rule's start.
    pub fn with_position(rule: Arc<Rule>, options: Options, pos: &Position) -> Result<Game> {
        let mut g = Game::new(rule, options)?;
        let mut b = board(&g.start).clone();
        pos.apply_to(&mut b)?;
        g.start = Dynamic::from(b);
        Ok(g)
    }

    /// The current position.
    pub fn current(&self) -> &Dynamic {
        self.history.last().map_or(&self.start, |p| &p.after)
    }

    /// The current board.
    pub fn board(&self) -> Board {
        board(self.current()).clone()
    }

    /// The state JSON of the current position.
    pub fn state(&self) -> StateJson {
        board(self.current()).state_json()
    }

    /// Legal moves as pit ids.
    pub fn legal(&self) -> Result<Vec<usize>> {
        let mut d = self.current().clone();
        self.rule.legal(&mut d)
    }

    /// Legal moves as labels.
    pub fn legal_labels(&self) -> Result<Vec<String>> {
        let b = board(self.current());
        Ok(self
            .legal()?
            .into_iter()
            .map(|p| b.layout.label(p))
            .collect())
    }

    /// The hole a label names for the player to move, if it names one.
    pub fn parse_move(&self, label: &str) -> Option<usize> {
        let b = board(self.current());
        b.layout.parse_label(b.to_move, label)
    }

    /// Plays a move given by its label. On error nothing changes.
    pub fn play(&mut self, label: &str) -> Result<&Ply> {
        let pit = self.check_move(label)?;
        self.play_pit(pit)
    }

    /// The hole a label names, if it is a legal move now; otherwise why not.
    pub fn check_move(&self, label: &str) -> Result<usize> {
        {
            let b = board(self.current());
            if b.over {
                return Err(Error::msg(format!(
                    "the game is over ({})",
                    b.outcome().unwrap_or_default()
                )));
            }
        }
        let legal = self.legal()?;
        let (labels, who) = {
            let b = board(self.current());
            let labels = legal.iter().map(|&p| b.layout.label(p)).collect::<Vec<_>>();
            // In a game of several players, say whose moves these are.
            let who = if b.players() > 1 {
                format!("player {} to move; ", b.to_move)
            } else {
                String::new()
            };
            (labels, who)
        };
        match self.parse_move(label) {
            Some(p) if legal.contains(&p) => Ok(p),
            Some(_) => Err(Error::msg(format!(
                "illegal move `{label}`: {who}legal moves are {}",
                show_moves(&labels)
            ))),
            None => Err(Error::msg(format!(
                "`{}` is not a move: name a hole, e.g. {} ({who}legal moves: {})",
                clip(label),
                labels.first().map(String::as_str).unwrap_or("1"),
                show_moves(&labels)
            ))),
        }
    }

    /// Plays the move from hole `pit` (assumed legal). On error nothing changes; the error says
    /// which move (`move 4: ...`).
    pub fn play_pit(&mut self, pit: usize) -> Result<&Ply> {
        let label = board(self.current()).layout.label(pit);
        self.apply_pit(pit)
            .map_err(|e| e.context(format!("move {label}")))
    }

    /// Plays the move from hole `pit` (assumed legal). On error nothing changes.
    fn apply_pit(&mut self, pit: usize) -> Result<&Ply> {
        let before = self.current().clone();
        let mut d = before.clone();
        let (player, label) = {
            let mut b = board_mut(&mut d);
            b.trace = if self.tracing { Some(Vec::new()) } else { None };
            (b.to_move, b.layout.label(pit))
        };
        let max_moves = crate::engine::base::limits::max_history();
        if self.history.len() as u64 >= max_moves {
            return Err(Error::msg(format!(
                "the game already holds {} moves, the most a game keeps (SOWLAB_MAX_HISTORY); save it and start a new game from its position",
                self.history.len()
            )));
        }
        self.rule.apply(&mut d, pit)?;
        let (events, mem) = {
            let mut b = board_mut(&mut d);
            if b.trace_overflowed() {
                return Err(Error::msg(format!(
                    "the move's trace has more than {} events (SOWLAB_MAX_TRACE; or turn tracing off)",
                    crate::engine::base::limits::max_trace()
                )));
            }
            let events = b.trace.take().unwrap_or_default();
            // Two positions and the events; the layout is shared.
            let board = (b.seeds.len() * 9
                + (b.reserves.len() + b.counters.len() + b.vars.len() + b.seen.hashes.len()) * 8)
                + std::mem::size_of::<Board>();
            let mem = 2 * board
                + events.len() * std::mem::size_of::<Event>()
                + std::mem::size_of::<Ply>()
                + self.history.last().map_or(0, |p| p.mem);
            (events, mem)
        };
        let max_mb = crate::engine::base::limits::max_history_mb();
        if mem as u64 > max_mb.saturating_mul(1 << 20) {
            return Err(Error::msg(format!(
                "the game's history would hold more than {max_mb} MiB (SOWLAB_MAX_HISTORY_MB); save it and start a new game from its position"
            )));
        }
        self.undone.clear();
        self.history.push(Ply {
            label,
            pit,
            player,
            before,
            after: d,
            events,
            mem,
        });
        Ok(self.history.last().expect("just pushed"))
    }

    /// Plays a list of moves; on an illegal one, stops and says which (1-based index), keeping the
    /// moves before it.
    pub fn play_all<S: AsRef<str>>(&mut self, moves: &[S]) -> Result<()> {
        for (i, m) in moves.iter().enumerate() {
            let at = format!("move {} of {}", i + 1, moves.len());
            let pit = self.check_move(m.as_ref()).map_err(|e| e.context(&at))?;
            self.apply_pit(pit)
                .map_err(|e| e.context(format!("{at} (`{}`)", m.as_ref())))?;
        }
        Ok(())
    }

    /// Takes back the last move. False when there is none.
    pub fn undo(&mut self) -> bool {
        match self.history.pop() {
            Some(p) => {
                self.undone.push(p);
                true
            }
            None => false,
        }
    }

    /// Replays the last undone move. False when there is none.
    pub fn redo(&mut self) -> bool {
        match self.undone.pop() {
            Some(p) => {
                self.history.push(p);
                true
            }
            None => false,
        }
    }

    /// The labels of the moves played.
    pub fn moves(&self) -> Vec<String> {
        self.history.iter().map(|p| p.label.clone()).collect()
    }
}

/// Moves as a space-separated list, or `none`.
pub fn show_moves(labels: &[String]) -> String {
    if labels.is_empty() {
        "none".into()
    } else {
        labels.join(" ")
    }
}

/// Shortens user input for an error message and makes control characters visible.
pub fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).flat_map(|c| c.escape_debug()).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// Splits a move list: `"3 4 1"`, `"3,4,1"`.
pub fn split_moves(s: &str) -> Vec<String> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}
