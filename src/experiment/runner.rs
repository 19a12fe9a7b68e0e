//! Running a simulation: play games between agents ([`play_game`]) and fold them into tallies on
//! several threads ([`simulate`], [`simulate_from`]).
//!
//! Reproducibility: game `i` of a run with seed `s` draws every random choice from
//! `Rng::new(game_seed(s, i))` (see [`crate::engine::base::rng`]), whatever thread plays it, and the statistics
//! are exact integer sums, so the same seed gives the same report whatever `--jobs` is (except the
//! timing fields `elapsed_secs` and `moves_per_sec`). Memory is flat in the number of games: each
//! game is folded into running tallies and dropped. Progress goes to a [`Progress`] hook that the
//! caller supplies; the runner prints nothing.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rhai::Dynamic;

use crate::engine::base::rng::{game_seed, Rng};
use crate::engine::rule::rules::{board, board_mut, Options, Rule};
use crate::engine::script::primitives::INTERRUPTED;
use crate::error::{Error, Result};
use crate::experiment::games_out::GameRecord;
use crate::experiment::record::Part;
use crate::experiment::report::{self, SimReport, Tally};
use crate::search::agent::Agent;

use crate::experiment::config::MAX_GAMES;
pub use crate::experiment::config::{Progress, SimConfig};
use crate::experiment::game::play_game;

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
