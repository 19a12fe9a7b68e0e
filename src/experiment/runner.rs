//! Running a simulation: play games between agents ([`play_game`]) and fold them into tallies on
//! several threads ([`simulate`], [`simulate_from`]).
//!
//! Reproducibility: game `i` of a run with seed `s` draws every random choice from
//! `Rng::new(game_seed(s, i))` (see [`crate::engine::rng`]), whatever thread plays it, and the statistics
//! are exact integer sums, so the same seed gives the same report whatever `--jobs` is (except the
//! timing fields `elapsed_secs` and `moves_per_sec`). Memory is flat in the number of games: each
//! game is folded into running tallies and dropped. Progress goes to a [`Progress`] hook that the
//! caller supplies; the runner prints nothing.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rhai::Dynamic;

use crate::engine::rng::{game_seed, Rng};
use crate::engine::rules::{board, board_mut, Options, Rule};
use crate::engine::script::INTERRUPTED;
use crate::error::{Error, Result};
use crate::experiment::games_out::{GameRecord, GameSink};
use crate::experiment::record::{Part, PartSpec};
use crate::experiment::report::{self, SimReport, Tally};
use crate::search::agent::{material, Agent};

/// Receives the progress of a run, so that the caller can show it (the runner prints nothing).
pub trait Progress: Send + Sync {
    /// Called about every 100 ms while the games are played: `done` games of `total`.
    fn update(&self, done: u64, total: u64);
    /// Called once when the run stops, finished or failed.
    fn finish(&self);
    /// Names the run about to start, when there are several (a sweep's grid point, a variant of a
    /// comparison). Nothing by default.
    fn stage(&self, _label: &str) {}
}

/// How to run a simulation.
#[derive(Clone)]
pub struct SimConfig {
    /// Number of games.
    pub games: u64,
    /// One agent per player, or a single agent for every player.
    pub agents: Vec<Agent>,
    /// The run's seed.
    pub seed: u64,
    /// Threads (at least 1); the report does not depend on it.
    pub jobs: usize,
    /// The driver's move cap: a game still running after this many moves is cut (and counted).
    pub max_moves: u64,
    /// Where to report progress while the games are played (none: run silently).
    pub progress: Option<Arc<dyn Progress>>,
    /// Rotate the agents through the seats: in game `i`, player `p` is played by agent
    /// `(p − 1 + i) mod players` of the list (so each agent plays each seat equally often), and
    /// the report adds results per agent.
    pub rotate: bool,
    /// Play only this part of the run (a shard or a range of its `games`); none: all of it.
    pub part: Option<PartSpec>,
    /// Where to send each game played (`simulate --games-out`), in game order; none: nowhere.
    pub games_out: Option<Arc<dyn GameSink>>,
    /// Stop with an error at this instant (a check script's `--timeout`); none: no limit.
    pub deadline: Option<Instant>,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            games: 100,
            agents: vec![Agent::Random],
            seed: 0,
            jobs: 1,
            max_moves: DEFAULT_MAX_MOVES,
            progress: None,
            rotate: false,
            part: None,
            games_out: None,
            deadline: None,
        }
    }
}

impl std::fmt::Debug for SimConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SimConfig")
            .field("games", &self.games)
            .field("agents", &self.agents)
            .field("seed", &self.seed)
            .field("jobs", &self.jobs)
            .field("max_moves", &self.max_moves)
            .field("progress", &self.progress.is_some())
            .field("rotate", &self.rotate)
            .field("part", &self.part)
            .field("games_out", &self.games_out.is_some())
            .finish()
    }
}

/// The driver's default move cap.
pub(crate) const DEFAULT_MAX_MOVES: u64 = 10_000;

/// Most games one run may play.
pub(crate) const MAX_GAMES: u64 = 100_000_000;

/// How one game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameResult {
    /// Whether the rules ended the game.
    pub over: bool,
    /// The winner (1-based), 0 for none.
    pub winner: usize,
    /// Whether the driver's move cap cut the game.
    pub capped: bool,
    /// Moves played.
    pub moves: u64,
    /// Laps sown: the sum over moves of the last sowing's lap count (`this.laps` after the move;
    /// a move that does not sow adds the previous sowing's count again).
    pub laps: u64,
    /// The value of the rule's `round` variable at the end, if it declares one.
    pub round: Option<i64>,
    /// Each player's material at the end: seeds in owned stores plus reserve.
    pub material: Vec<i64>,
    /// The moves played, in the public notation (kept only when asked).
    pub labels: Vec<String>,
}

/// Plays one game from `start` with one agent per player, until the rules end it or `max_moves`
/// moves have been played.
pub(crate) fn play_game(
    rule: &Rule,
    start: &Dynamic,
    agents: &[Agent],
    rng: &mut Rng,
    max_moves: u64,
    keep_moves: bool,
    deadline: Option<Instant>,
) -> Result<GameResult> {
    let mut d = start.clone();
    board_mut(&mut d).trace = None;
    let layout = board(&d).layout.clone();
    // The pits played, to say how to replay a game that fails.
    let mut played: Vec<usize> = Vec::new();
    // The legal moves, in one buffer for the whole game.
    let mut legal: Vec<usize> = Vec::new();
    let mut laps = 0u64;
    loop {
        // One look at the board for both (listing the legal moves does not change whose turn
        // it is: `Rule::legal` refuses a `moves()` that changes the board).
        let (over, player) = {
            let b = board(&d);
            (b.over, b.to_move)
        };
        if over || played.len() as u64 >= max_moves {
            break;
        }
        if INTERRUPTED.load(Ordering::Relaxed) {
            return Err(Error::msg("interrupted"));
        }
        if played.len().is_multiple_of(16) && deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Error::msg("time limit exceeded (--timeout)"));
        }
        let fail = |e: Error, pit: Option<usize>| {
            let n = played.len() + 1;
            let e = match pit {
                Some(p) => e.context(format!("move {n} ({})", layout.label(p))),
                None => e.context(format!("move {n}")),
            };
            with_replay_hint(e, &layout, &played)
        };
        rule.legal_into(&mut d, &mut legal)
            .map_err(|e| fail(e, None))?;
        let agent = agents.get(player - 1).copied().unwrap_or(Agent::Random);
        let pit = agent
            .choose_from(rule, &d, &legal, rng)
            .map_err(|e| fail(e, None))?;
        rule.apply(&mut d, pit).map_err(|e| fail(e, Some(pit)))?;
        played.push(pit);
        laps += board(&d).last.laps.max(0) as u64;
    }
    let moves = played.len() as u64;
    let b = board(&d);
    let round = b.layout.var_index("round").map(|i| b.vars[i]);
    Ok(GameResult {
        over: b.over,
        winner: if b.over { b.winner } else { 0 },
        capped: !b.over,
        moves,
        laps,
        round,
        material: (1..=b.players()).map(|p| material(&b, p)).collect(),
        labels: if keep_moves {
            played.iter().map(|&p| layout.label(p)).collect()
        } else {
            Vec::new()
        },
    })
}

/// Most moves listed in an error's replay hint.
const HINT_MOVES: usize = 300;

/// Appends the moves played before a failure, so the game can be replayed (`sowlab replay`).
fn with_replay_hint(e: Error, layout: &crate::engine::board::Layout, played: &[usize]) -> Error {
    let hint = if played.is_empty() {
        " [at the start position]".to_string()
    } else if played.len() <= HINT_MOVES {
        let labels: Vec<String> = played.iter().map(|&p| layout.label(p)).collect();
        format!(
            " [replay the moves before it: --moves \"{}\"]",
            labels.join(" ")
        )
    } else {
        format!(" [after {} moves]", played.len())
    };
    e.map_message(|m| format!("{m}{hint}"))
}

/// Expands an agent list to one agent per player: one agent plays every seat.
pub fn seat_agents(agents: &[Agent], players: usize) -> Result<Vec<Agent>> {
    match agents.len() {
        0 => Ok(vec![Agent::Random; players]),
        1 => Ok(vec![agents[0]; players]),
        n if n == players => Ok(agents.to_vec()),
        n => Err(Error::msg(format!(
            "{n} agents given for {players} player{}: give one agent for all, or one per player",
            if players == 1 { "" } else { "s" }
        ))),
    }
}

/// A copy of `start` with a layout of its own, for one worker thread. A declared move clones
/// and drops its board's `Arc<Layout>`; with one `Arc` shared by every worker, the cores fight
/// over its counter's cache line (measured: `--jobs 2` ran at 1.3x of `--jobs 1`, two processes
/// at 2x).
fn own_start(start: &Dynamic) -> Dynamic {
    let mut d = start.clone();
    {
        let mut b = board_mut(&mut d);
        b.layout = Arc::new((*b.layout).clone());
    }
    d
}

/// Runs a simulation of `rule` with `options` from its start position.
pub fn simulate(rule: &Rule, options: &Options, cfg: &SimConfig) -> Result<SimReport> {
    let start = rule.new_board(options)?;
    simulate_from(rule, options, &start, cfg)
}

/// Runs a simulation from a given start position. When Ctrl-C ([`INTERRUPTED`]) stops it, the
/// games in progress are dropped and the report covers the games that finished, with
/// [`SimReport::interrupted`] set.
pub fn simulate_from(
    rule: &Rule,
    options: &Options,
    start: &Dynamic,
    cfg: &SimConfig,
) -> Result<SimReport> {
    if cfg.games == 0 || cfg.games > MAX_GAMES {
        return Err(Error::msg(format!(
            "the number of games must be from 1 to {MAX_GAMES}, not {}",
            cfg.games
        )));
    }
    if cfg.max_moves == 0 {
        return Err(Error::msg("--max-moves must be at least 1"));
    }
    let part = Part::of(cfg.part, cfg.games)?;
    let players = board(start).players();
    let agents = seat_agents(&cfg.agents, players)?;
    let has_rounds = board(start).layout.var_index("round").is_some();
    // The record names a start that is not the rule's own, so parts from other starts never merge.
    let own = rule.new_board(options)?;
    let position = (board(&own).state_json() != board(start).state_json())
        .then(|| serde_json::to_value(board(start).state_json()).unwrap_or_default());
    let jobs = cfg.jobs.clamp(1, 256).min(part.len().max(1) as usize);
    let keep_moves = cfg.games_out.is_some();
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let first_error: Mutex<Option<(u64, Error)>> = Mutex::new(None);
    let t0 = Instant::now();
    let mut total = Tally::new(players);
    std::thread::scope(|s| {
        let progress = cfg.progress.as_deref().map(|p| {
            let (done, finished) = (&done, &finished);
            s.spawn(move || tick(p, done, finished, part.len()))
        });
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                let (next, done, stop, first_error, agents) =
                    (&next, &done, &stop, &first_error, &agents);
                s.spawn(move || {
                    let start = &own_start(start);
                    let mut t = Tally::new(players);
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let i = part.start + next.fetch_add(1, Ordering::Relaxed);
                        if i >= part.end {
                            break;
                        }
                        let mut rng = Rng::new(game_seed(cfg.seed, i));
                        let offset = if cfg.rotate {
                            (i % players as u64) as usize
                        } else {
                            0
                        };
                        let seated: Vec<Agent> = (0..players)
                            .map(|p| agents[(p + offset) % players])
                            .collect();
                        let played = play_game(
                            rule,
                            start,
                            &seated,
                            &mut rng,
                            cfg.max_moves,
                            keep_moves,
                            cfg.deadline,
                        )
                        .and_then(|r| {
                            if let Some(sink) = &cfg.games_out {
                                sink.game(GameRecord::new(i, game_seed(cfg.seed, i), &seated, &r))?;
                            }
                            Ok(r)
                        });
                        match played {
                            Ok(r) => t.add(&r, offset),
                            Err(e) => {
                                stop.store(true, Ordering::Relaxed);
                                let mut fe = first_error.lock().unwrap_or_else(|p| p.into_inner());
                                if fe.as_ref().is_none_or(|(j, _)| i < *j) {
                                    *fe = Some((i, e));
                                }
                            }
                        }
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    t
                })
            })
            .collect();
        for w in workers {
            match w.join() {
                Ok(t) => total.merge(&t),
                Err(_) => {
                    let mut fe = first_error.lock().unwrap_or_else(|p| p.into_inner());
                    if fe.is_none() {
                        *fe = Some((u64::MAX, Error::msg("a simulation thread panicked")));
                    }
                }
            }
        }
        finished.store(true, Ordering::Relaxed);
        if let Some(p) = progress {
            let _ = p.join();
        }
    });
    let elapsed = t0.elapsed().as_secs_f64();
    let first_error = first_error.into_inner().unwrap_or_else(|p| p.into_inner());
    // Ctrl-C: the games in progress stopped with an error; the report covers those that finished.
    if INTERRUPTED.load(Ordering::Relaxed) && (first_error.is_some() || total.games < part.len()) {
        if let Some(sink) = &cfg.games_out {
            let _ = sink.finish();
        }
        let mut r = report::build(
            rule, options, position, cfg, &part, &agents, total, has_rounds, elapsed,
        );
        r.interrupted = Some(part.len());
        return Ok(r);
    }
    if let Some((i, e)) = first_error {
        if i == u64::MAX {
            return Err(e);
        }
        return Err(e.context(format!(
            "game {} of {} (seed {}, game seed {})",
            i + 1,
            cfg.games,
            cfg.seed,
            game_seed(cfg.seed, i)
        )));
    }
    if let Some(sink) = &cfg.games_out {
        sink.finish()?;
    }
    Ok(report::build(
        rule, options, position, cfg, &part, &agents, total, has_rounds, elapsed,
    ))
}

/// Tells `progress` how many games are done when the run starts and then every 100 ms, until
/// the run is finished.
fn tick(progress: &dyn Progress, done: &AtomicU64, finished: &AtomicBool, games: u64) {
    while !finished.load(Ordering::Relaxed) {
        progress.update(done.load(Ordering::Relaxed), games);
        std::thread::sleep(Duration::from_millis(100));
    }
    progress.update(done.load(Ordering::Relaxed), games);
    progress.finish();
}

/// Threads to use by default: the machine's parallelism.
pub(crate) fn default_jobs() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}
