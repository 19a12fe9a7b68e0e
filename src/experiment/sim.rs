//! Experiments with variants: play many games between agents (`simulate`), the same games under
//! two variants (`compare`), a grid of option values (`sweep`), and one move list under two rule
//! files (`diff`). Also the `simulate(rule, #{...})` function for check scripts
//! ([`register_sim_api`]).
//!
//! Reproducibility: game `i` of a run with seed `s` draws every random choice from
//! `Rng::new(game_seed(s, i))` (see [`crate::engine::rng`]), whatever thread plays it, and the statistics
//! are exact integer sums, so the same seed gives the same report whatever `--jobs` is (except the
//! timing fields `elapsed_secs` and `moves_per_sec`). Memory is flat in the number of games: each
//! game is folded into running tallies and dropped.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rhai::{Dynamic, Engine, EvalAltResult, Map};
use serde::Serialize;

use crate::engine::game::Game;
use crate::engine::rng::{game_seed, Rng};
use crate::engine::rules::{board, board_mut, Options, Rule};
use crate::engine::script::INTERRUPTED;
use crate::error::{Error, Result};
use crate::experiment::stats::{self, round4, Summary, SummaryView, Test, Z95};
use crate::search::agent::{material, Agent};

/// How to run a simulation.
#[derive(Clone, Debug)]
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
    /// Show a progress line on stderr.
    pub progress: bool,
    /// Rotate the agents through the seats: in game `i`, player `p` is played by agent
    /// `(p − 1 + i) mod players` of the list (so each agent plays each seat equally often), and
    /// the report adds results per agent.
    pub rotate: bool,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            games: 100,
            agents: vec![Agent::Random],
            seed: 0,
            jobs: 1,
            max_moves: DEFAULT_MAX_MOVES,
            progress: false,
            rotate: false,
        }
    }
}

/// The driver's default move cap.
pub const DEFAULT_MAX_MOVES: u64 = 10_000;

/// Most games one run may play.
pub const MAX_GAMES: u64 = 100_000_000;

/// How one game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
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
}

/// Plays one game from `start` with one agent per player, until the rules end it or `max_moves`
/// moves have been played.
pub fn play_game(
    rule: &Rule,
    start: &Dynamic,
    agents: &[Agent],
    rng: &mut Rng,
    max_moves: u64,
) -> Result<GameResult> {
    let mut d = start.clone();
    board_mut(&mut d).trace = None;
    let layout = board(&d).layout.clone();
    // The pits played, to say how to replay a game that fails.
    let mut played: Vec<usize> = Vec::new();
    let mut laps = 0u64;
    loop {
        if board(&d).over || played.len() as u64 >= max_moves {
            break;
        }
        if INTERRUPTED.load(Ordering::Relaxed) {
            return Err(Error::msg("interrupted"));
        }
        let fail = |e: Error, pit: Option<usize>| {
            let n = played.len() + 1;
            let e = match pit {
                Some(p) => e.context(format!("move {n} ({})", layout.label(p))),
                None => e.context(format!("move {n}")),
            };
            with_replay_hint(e, &layout, &played)
        };
        let legal = rule.legal(&mut d).map_err(|e| fail(e, None))?;
        let player = board(&d).to_move;
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

/// Running totals over games (exact, order-independent).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games the driver's cap cut.
    pub capped: u64,
    /// Wins per player.
    pub wins: Vec<u64>,
    /// Draws per player (finished games without winner, with two or more players).
    pub draws: Vec<u64>,
    /// Losses per player (finished games someone else won; a solitaire ending without winner).
    pub losses: Vec<u64>,
    /// Material at the end, per player.
    pub material: Vec<Summary>,
    /// Moves per game.
    pub moves: Summary,
    /// Laps per game.
    pub laps: Summary,
    /// The `round` variable at the end, when the rule declares one.
    pub rounds: Summary,
    /// Wins per agent of the list (differs from `wins` only when agents rotate through seats).
    pub agent_wins: Vec<u64>,
    /// Draws per agent of the list.
    pub agent_draws: Vec<u64>,
    /// Losses per agent of the list.
    pub agent_losses: Vec<u64>,
}

impl Tally {
    fn new(players: usize) -> Tally {
        Tally {
            wins: vec![0; players],
            draws: vec![0; players],
            losses: vec![0; players],
            material: vec![Summary::default(); players],
            agent_wins: vec![0; players],
            agent_draws: vec![0; players],
            agent_losses: vec![0; players],
            ..Tally::default()
        }
    }

    /// Folds in one game, in which player `p` was played by agent `(p − 1 + offset) mod n`.
    pub fn add(&mut self, r: &GameResult, offset: usize) {
        let n = self.wins.len();
        self.games += 1;
        if r.capped {
            self.capped += 1;
        } else {
            for p in 1..=n {
                let a = (p - 1 + offset) % n;
                if r.winner == p {
                    self.wins[p - 1] += 1;
                    self.agent_wins[a] += 1;
                } else if r.winner == 0 && n > 1 {
                    self.draws[p - 1] += 1;
                    self.agent_draws[a] += 1;
                } else {
                    self.losses[p - 1] += 1;
                    self.agent_losses[a] += 1;
                }
            }
        }
        for (s, &m) in self.material.iter_mut().zip(&r.material) {
            s.add(m.max(0) as u64);
        }
        self.moves.add(r.moves);
        self.laps.add(r.laps);
        if let Some(x) = r.round {
            self.rounds.add(x.max(0) as u64);
        }
    }

    /// Adds another tally (from another thread).
    pub fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        self.capped += o.capped;
        for (a, b) in [
            (&mut self.wins, &o.wins),
            (&mut self.draws, &o.draws),
            (&mut self.losses, &o.losses),
            (&mut self.agent_wins, &o.agent_wins),
            (&mut self.agent_draws, &o.agent_draws),
            (&mut self.agent_losses, &o.agent_losses),
        ] {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        for (x, y) in self.material.iter_mut().zip(&o.material) {
            x.merge(y);
        }
        self.moves.merge(&o.moves);
        self.laps.merge(&o.laps);
        self.rounds.merge(&o.rounds);
    }
}

/// A rate with its 95% Wilson interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    /// The count.
    pub count: u64,
    /// count / games.
    pub rate: f64,
    /// Lower end of the 95% Wilson interval.
    pub lo: f64,
    /// Upper end of the 95% Wilson interval.
    pub hi: f64,
}

impl Rate {
    fn new(k: u64, n: u64) -> Rate {
        let (lo, hi) = stats::wilson(k, n, Z95);
        Rate {
            count: k,
            rate: if n == 0 {
                0.0
            } else {
                round4(k as f64 / n as f64)
            },
            lo: round4(lo),
            hi: round4(hi),
        }
    }

    /// `52.3% [49.2, 55.4]`.
    pub fn show(&self) -> String {
        format!(
            "{:.1}% [{:.1}, {:.1}]",
            self.rate * 100.0,
            self.lo * 100.0,
            self.hi * 100.0
        )
    }
}

/// One player's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerReport {
    /// The player (seat), 1-based.
    pub player: usize,
    /// The agent that played it.
    pub agent: String,
    /// Wins.
    pub wins: Rate,
    /// Draws.
    pub draws: Rate,
    /// Losses.
    pub losses: Rate,
    /// Mean material at the end (stores owned plus reserve).
    pub captures: f64,
}

/// One agent's results over all seats (with `rotate`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AgentReport {
    /// Its place in the agent list, 1-based.
    pub index: usize,
    /// The agent.
    pub agent: String,
    /// Wins.
    pub wins: Rate,
    /// Draws.
    pub draws: Rate,
    /// Losses.
    pub losses: Rate,
}

/// The report of a simulation.
#[derive(Clone, Debug, Serialize)]
pub struct SimReport {
    /// The rule (as named).
    pub rule: String,
    /// The options in force.
    pub options: Options,
    /// One agent per player.
    pub agents: Vec<String>,
    /// The run's seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// The driver's move cap.
    pub max_moves: u64,
    /// Per player.
    pub players: Vec<PlayerReport>,
    /// Whether the agents rotated through the seats.
    pub rotate: bool,
    /// Per agent of the list, when they rotated through the seats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_agent: Option<Vec<AgentReport>>,
    /// Games the rules ended.
    pub finished: u64,
    /// Games the driver's cap cut.
    pub capped: u64,
    /// Moves per game.
    pub moves: SummaryView,
    /// Laps per game.
    pub laps: SummaryView,
    /// Rounds per game (the rule's `round` variable at the end), when it declares one.
    pub rounds: Option<SummaryView>,
    /// Moves played in all.
    pub total_moves: u64,
    /// Wall-clock time (not reproducible).
    pub elapsed_secs: f64,
    /// Moves per second (not reproducible).
    pub moves_per_sec: u64,
    /// The raw tallies (for tests between reports).
    #[serde(skip)]
    pub tally: Tally,
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

/// Runs a simulation of `rule` with `options` from its start position.
pub fn simulate(rule: &Rule, options: &Options, cfg: &SimConfig) -> Result<SimReport> {
    let start = rule.new_board(options)?;
    simulate_from(rule, options, &start, cfg)
}

/// Runs a simulation from a given start position.
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
    let players = board(start).players();
    let agents = seat_agents(&cfg.agents, players)?;
    let has_rounds = board(start).layout.var_index("round").is_some();
    let jobs = cfg.jobs.clamp(1, 256).min(cfg.games as usize);
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let finished = AtomicBool::new(false);
    let first_error: Mutex<Option<(u64, Error)>> = Mutex::new(None);
    let t0 = Instant::now();
    let mut total = Tally::new(players);
    std::thread::scope(|s| {
        let progress = cfg.progress.then(|| {
            let (done, finished) = (&done, &finished);
            s.spawn(move || progress_line(done, finished, cfg.games))
        });
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                let (next, done, stop, first_error, agents) =
                    (&next, &done, &stop, &first_error, &agents);
                s.spawn(move || {
                    let mut t = Tally::new(players);
                    loop {
                        if stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= cfg.games {
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
                        match play_game(rule, start, &seated, &mut rng, cfg.max_moves) {
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
    if let Some((i, e)) = first_error.into_inner().unwrap_or_else(|p| p.into_inner()) {
        if INTERRUPTED.load(Ordering::Relaxed) {
            return Err(Error::msg(format!(
                "interrupted after {} of {} games",
                total.games, cfg.games
            )));
        }
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
    let elapsed = t0.elapsed().as_secs_f64();
    Ok(report(
        rule, options, cfg, &agents, total, has_rounds, elapsed,
    ))
}

fn progress_line(done: &AtomicU64, finished: &AtomicBool, games: u64) {
    let mut shown = false;
    while !finished.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        let d = done.load(Ordering::Relaxed);
        eprint!(
            "\r{d}/{games} games ({:.0}%)",
            100.0 * d as f64 / games as f64
        );
        shown = true;
    }
    if shown {
        eprint!("\r{}\r", " ".repeat(40));
    }
}

fn report(
    rule: &Rule,
    options: &Options,
    cfg: &SimConfig,
    agents: &[Agent],
    t: Tally,
    has_rounds: bool,
    elapsed: f64,
) -> SimReport {
    let n = t.games;
    let players = (0..t.wins.len())
        .map(|i| PlayerReport {
            player: i + 1,
            agent: if cfg.rotate {
                "rotating".to_string()
            } else {
                agents[i].to_string()
            },
            wins: Rate::new(t.wins[i], n),
            draws: Rate::new(t.draws[i], n),
            losses: Rate::new(t.losses[i], n),
            captures: round4(t.material[i].mean()),
        })
        .collect();
    let by_agent = cfg.rotate.then(|| {
        (0..t.wins.len())
            .map(|i| AgentReport {
                index: i + 1,
                agent: agents[i].to_string(),
                wins: Rate::new(t.agent_wins[i], n),
                draws: Rate::new(t.agent_draws[i], n),
                losses: Rate::new(t.agent_losses[i], n),
            })
            .collect()
    });
    let total_moves = t.moves.sum as u64;
    SimReport {
        rule: rule.name.clone(),
        options: options.clone(),
        agents: agents.iter().map(|a| a.to_string()).collect(),
        seed: cfg.seed,
        games: n,
        max_moves: cfg.max_moves,
        players,
        rotate: cfg.rotate,
        by_agent,
        finished: n - t.capped,
        capped: t.capped,
        moves: t.moves.view(),
        laps: t.laps.view(),
        rounds: has_rounds.then(|| t.rounds.view()),
        total_moves,
        elapsed_secs: round4(elapsed),
        moves_per_sec: if elapsed > 0.0 {
            (total_moves as f64 / elapsed).round() as u64
        } else {
            0
        },
        tally: t,
    }
}

fn show_options(o: &Options) -> String {
    o.iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn show_summary(s: &SummaryView) -> String {
    format!("mean {:.2}, median {}, max {}", s.mean, s.median, s.max)
}

impl SimReport {
    /// The report as text.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} ({}): {} games, seed {}",
            self.rule,
            if self.options.is_empty() {
                "no options".to_string()
            } else {
                show_options(&self.options)
            },
            self.games,
            self.seed
        );
        // A solitaire has no draws.
        let draws = self.players.len() > 1;
        let mut head = vec!["player".to_string(), "agent".into(), "wins".into()];
        if draws {
            head.push("draws".into());
        }
        head.extend(["losses".to_string(), "captures".into()]);
        let mut rows = vec![head];
        for p in &self.players {
            let mut row = vec![
                p.player.to_string(),
                p.agent.clone(),
                format!("{} {}", p.wins.count, p.wins.show()),
            ];
            if draws {
                row.push(format!("{} {}", p.draws.count, p.draws.show()));
            }
            row.push(format!("{} {}", p.losses.count, p.losses.show()));
            row.push(format!("{:.2}", p.captures));
            rows.push(row);
        }
        s.push_str(&table(&rows));
        if let Some(by) = &self.by_agent {
            let _ = writeln!(s, "agents rotated through the seats:");
            let mut rows = vec![vec![
                "agent".to_string(),
                "".into(),
                "wins".into(),
                "draws".into(),
                "losses".into(),
            ]];
            for a in by {
                rows.push(vec![
                    a.index.to_string(),
                    a.agent.clone(),
                    format!("{} {}", a.wins.count, a.wins.show()),
                    format!("{} {}", a.draws.count, a.draws.show()),
                    format!("{} {}", a.losses.count, a.losses.show()),
                ]);
            }
            s.push_str(&table(&rows));
        }
        let _ = writeln!(s, "moves per game: {}", show_summary(&self.moves));
        let _ = writeln!(s, "laps per game: {}", show_summary(&self.laps));
        if let Some(r) = &self.rounds {
            let _ = writeln!(s, "rounds per game: {}", show_summary(r));
        }
        let _ = writeln!(
            s,
            "cut by --max-moves {}: {} of {} games",
            self.max_moves, self.capped, self.games
        );
        let _ = writeln!(
            s,
            "{} moves in {:.2} s ({} moves/s)",
            self.total_moves, self.elapsed_secs, self.moves_per_sec
        );
        s
    }

    /// The CSV header (see [`SimReport::csv_rows`]).
    pub fn csv_header() -> Vec<&'static str> {
        vec![
            "rule",
            "options",
            "seed",
            "games",
            "player",
            "agent",
            "wins",
            "win_rate",
            "win_lo",
            "win_hi",
            "draws",
            "draw_rate",
            "draw_lo",
            "draw_hi",
            "losses",
            "loss_rate",
            "loss_lo",
            "loss_hi",
            "captures_mean",
            "moves_mean",
            "moves_median",
            "moves_max",
            "laps_mean",
            "laps_median",
            "laps_max",
            "rounds_mean",
            "rounds_median",
            "rounds_max",
            "capped",
            "moves_per_sec",
        ]
    }

    /// One CSV row per player (game-wide columns repeated).
    pub fn csv_rows(&self) -> Vec<Vec<String>> {
        let r = |x: &Option<SummaryView>, f: fn(&SummaryView) -> String| {
            x.as_ref().map(f).unwrap_or_default()
        };
        self.players
            .iter()
            .map(|p| {
                vec![
                    self.rule.clone(),
                    show_options(&self.options),
                    self.seed.to_string(),
                    self.games.to_string(),
                    p.player.to_string(),
                    p.agent.clone(),
                    p.wins.count.to_string(),
                    p.wins.rate.to_string(),
                    p.wins.lo.to_string(),
                    p.wins.hi.to_string(),
                    p.draws.count.to_string(),
                    p.draws.rate.to_string(),
                    p.draws.lo.to_string(),
                    p.draws.hi.to_string(),
                    p.losses.count.to_string(),
                    p.losses.rate.to_string(),
                    p.losses.lo.to_string(),
                    p.losses.hi.to_string(),
                    p.captures.to_string(),
                    self.moves.mean.to_string(),
                    self.moves.median.to_string(),
                    self.moves.max.to_string(),
                    self.laps.mean.to_string(),
                    self.laps.median.to_string(),
                    self.laps.max.to_string(),
                    r(&self.rounds, |s| s.mean.to_string()),
                    r(&self.rounds, |s| s.median.to_string()),
                    r(&self.rounds, |s| s.max.to_string()),
                    self.capped.to_string(),
                    self.moves_per_sec.to_string(),
                ]
            })
            .collect()
    }

    /// The report as CSV (header and one row per player).
    pub fn csv(&self) -> String {
        let mut s = csv_line(&Self::csv_header());
        for row in self.csv_rows() {
            s.push_str(&csv_line(&row));
        }
        s
    }
}

/// One CSV line (fields with commas, quotes or newlines quoted).
pub fn csv_line<S: AsRef<str>>(fields: &[S]) -> String {
    let mut s = fields
        .iter()
        .map(|f| {
            let f = f.as_ref();
            if f.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", f.replace('"', "\"\""))
            } else {
                f.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(",");
    s.push('\n');
    s
}

/// Left-aligned text table with two spaces between columns.
pub fn table(rows: &[Vec<String>]) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut w = vec![0; cols];
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            w[i] = w[i].max(c.chars().count());
        }
    }
    let mut s = String::new();
    for r in rows {
        let mut line = String::new();
        for (i, c) in r.iter().enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            line.push_str(c);
            if i + 1 < r.len() {
                line.push_str(&" ".repeat(w[i] - c.chars().count()));
            }
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}

// ---------------------------------------------------------------------------------------------
// compare

/// One line of a comparison: a figure under A and B, the difference and a test.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompareRow {
    /// What is compared (`P1 wins`, `moves`).
    pub what: String,
    /// The figure under A (a rate or a mean).
    pub a: f64,
    /// The figure under B.
    pub b: f64,
    /// b − a.
    pub diff: f64,
    /// `z` (two-proportion z-test) or `welch` (Welch's t-test).
    pub test: String,
    /// The statistic (of B − A, so its sign is the difference's) and its two-sided p-value.
    pub result: Test,
    /// p < alpha.
    pub significant: bool,
}

/// Two simulations on the same seeds and agents, side by side.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// Under A.
    pub a: SimReport,
    /// Under B.
    pub b: SimReport,
    /// The significance level.
    pub alpha: f64,
    /// The figures compared.
    pub rows: Vec<CompareRow>,
}

/// Compares two reports (rates by two-proportion z-tests, means by Welch's t-tests).
pub fn compare_reports(a: SimReport, b: SimReport, alpha: f64) -> Comparison {
    let mut rows = Vec::new();
    let (ta, tb) = (&a.tally, &b.tally);
    let rate = |what: String, ka: u64, kb: u64| {
        let t = stats::two_proportion(kb, tb.games, ka, ta.games);
        let (ra, rb) = (ka as f64 / ta.games as f64, kb as f64 / tb.games as f64);
        CompareRow {
            what,
            a: round4(ra),
            b: round4(rb),
            diff: round4(rb - ra),
            test: "z".into(),
            significant: t.p < alpha,
            result: round_test(t),
        }
    };
    let mean = |what: String, sa: &Summary, sb: &Summary| {
        let t = stats::welch(sb, sa);
        CompareRow {
            what,
            a: round4(sa.mean()),
            b: round4(sb.mean()),
            diff: round4(sb.mean() - sa.mean()),
            test: "welch".into(),
            significant: t.p < alpha,
            result: round_test(t),
        }
    };
    let n = ta.wins.len().min(tb.wins.len());
    for p in 0..n {
        rows.push(rate(format!("P{} wins", p + 1), ta.wins[p], tb.wins[p]));
        if ta.wins.len() > 1 || tb.wins.len() > 1 {
            rows.push(rate(format!("P{} draws", p + 1), ta.draws[p], tb.draws[p]));
        }
        rows.push(mean(
            format!("P{} captures", p + 1),
            &ta.material[p],
            &tb.material[p],
        ));
    }
    rows.push(mean("moves".into(), &ta.moves, &tb.moves));
    rows.push(mean("laps".into(), &ta.laps, &tb.laps));
    if a.rounds.is_some() && b.rounds.is_some() {
        rows.push(mean("rounds".into(), &ta.rounds, &tb.rounds));
    }
    rows.push(rate("capped".into(), ta.capped, tb.capped));
    Comparison { a, b, alpha, rows }
}

fn round_test(t: Test) -> Test {
    Test {
        stat: if t.stat.is_finite() {
            round4(t.stat)
        } else {
            t.stat
        },
        p: if t.p < 1e-4 && t.p > 0.0 {
            // keep small p-values readable but not rounded to 0
            (t.p * 1e12).round() / 1e12
        } else {
            round4(t.p)
        },
    }
}

impl Comparison {
    /// The comparison as text.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let name = |r: &SimReport| {
            if r.options.is_empty() {
                r.rule.clone()
            } else {
                format!("{} ({})", r.rule, show_options(&r.options))
            }
        };
        let _ = writeln!(s, "A: {}", name(&self.a));
        let _ = writeln!(s, "B: {}", name(&self.b));
        let _ = writeln!(
            s,
            "{} games each, seed {}, agents {}; significant: p < {}",
            self.a.games,
            self.a.seed,
            self.a.agents.join(","),
            self.alpha
        );
        let mut rows = vec![vec![
            "".to_string(),
            "A".into(),
            "B".into(),
            "B - A".into(),
            "test".into(),
            "p".into(),
            "significant".into(),
        ]];
        for r in &self.rows {
            let is_rate = r.test == "z";
            let f = |x: f64| {
                if is_rate {
                    format!("{:.1}%", x * 100.0)
                } else {
                    format!("{x:.2}")
                }
            };
            let d = if is_rate {
                format!("{:+.1} pts", r.diff * 100.0)
            } else {
                format!("{:+.2}", r.diff)
            };
            rows.push(vec![
                r.what.clone(),
                f(r.a),
                f(r.b),
                d,
                format!("{} = {:.2}", if is_rate { "z" } else { "t" }, r.result.stat),
                format_p(r.result.p),
                if r.significant { "yes" } else { "no" }.into(),
            ]);
        }
        s.push_str(&table(&rows));
        let _ = writeln!(
            s,
            "{:.2} s + {:.2} s",
            self.a.elapsed_secs, self.b.elapsed_secs
        );
        s
    }

    /// The comparison as CSV: one row per figure.
    pub fn csv(&self) -> String {
        let mut s = csv_line(&["what", "a", "b", "diff", "test", "stat", "p", "significant"]);
        for r in &self.rows {
            s.push_str(&csv_line(&[
                r.what.clone(),
                r.a.to_string(),
                r.b.to_string(),
                r.diff.to_string(),
                r.test.clone(),
                r.result.stat.to_string(),
                r.result.p.to_string(),
                r.significant.to_string(),
            ]));
        }
        s
    }
}

fn format_p(p: f64) -> String {
    if p < 0.0001 {
        "<0.0001".into()
    } else {
        format!("{p:.4}")
    }
}

// ---------------------------------------------------------------------------------------------
// sweep

/// Parses `KEY=V1,V2,...`.
pub fn parse_vary(s: &str) -> Result<(String, Vec<String>)> {
    let Some((k, vs)) = s.split_once('=') else {
        return Err(Error::msg(format!(
            "bad --vary `{}`: write KEY=V1,V2,..., e.g. --vary seeds=2,3,4",
            crate::engine::game::clip(s)
        )));
    };
    let values: Vec<String> = vs
        .split(',')
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
        .collect();
    if k.trim().is_empty() || values.is_empty() {
        return Err(Error::msg(format!(
            "bad --vary `{}`: write KEY=V1,V2,..., e.g. --vary seeds=2,3,4",
            crate::engine::game::clip(s)
        )));
    }
    Ok((k.trim().to_string(), values))
}

/// The grid of a sweep: every combination, the first key varying slowest.
pub fn grid(vary: &[(String, Vec<String>)]) -> Vec<Vec<(String, String)>> {
    let mut out: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for (k, vs) in vary {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                vs.iter().map(move |v| {
                    let mut p = prefix.clone();
                    p.push((k.clone(), v.clone()));
                    p
                })
            })
            .collect();
    }
    out
}

/// One point of a sweep.
#[derive(Clone, Debug, Serialize)]
pub struct SweepPoint {
    /// The varied options at this point (as given).
    pub vary: BTreeMap<String, String>,
    /// The simulation there.
    pub report: SimReport,
}

/// A sweep's results.
#[derive(Clone, Debug, Serialize)]
pub struct Sweep {
    /// The varied keys, in the order given.
    pub keys: Vec<String>,
    /// The agents as given (one for all players, or one per player).
    pub agents: Vec<String>,
    /// The points, first key slowest.
    pub points: Vec<SweepPoint>,
}

/// Runs `simulate` at every point of the grid (all options are checked before any game is played).
pub fn sweep(
    rule: &Rule,
    sets: &[String],
    vary: &[(String, Vec<String>)],
    cfg: &SimConfig,
) -> Result<Sweep> {
    let mut seen = Vec::new();
    for (k, _) in vary {
        if seen.contains(k) {
            return Err(Error::msg(format!("--vary {k} is given twice")));
        }
        rule.option(k)?;
        seen.push(k.clone());
    }
    let points = grid(vary);
    let mut resolved = Vec::new();
    for p in &points {
        let mut all: Vec<String> = sets.to_vec();
        all.extend(p.iter().map(|(k, v)| format!("{k}={v}")));
        let opts = rule.resolve_options(&all)?;
        // Check each point's players against the agents before playing any game.
        let start = rule.new_board(&opts)?;
        seat_agents(&cfg.agents, board(&start).players()).map_err(|e| e.context(all.join(" ")))?;
        resolved.push(opts);
    }
    let mut out = Vec::new();
    for (p, opts) in points.into_iter().zip(resolved) {
        let report = simulate(rule, &opts, cfg).map_err(|e| {
            e.context(
                p.iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>()
                    .join(" "),
            )
        })?;
        out.push(SweepPoint {
            vary: p.into_iter().collect(),
            report,
        });
    }
    Ok(Sweep {
        keys: seen,
        agents: cfg.agents.iter().map(|a| a.to_string()).collect(),
        points: out,
    })
}

impl Sweep {
    /// The sweep as a text table: one line per point.
    pub fn text(&self) -> String {
        let maxp = self
            .points
            .iter()
            .map(|p| p.report.players.len())
            .max()
            .unwrap_or(0);
        let mut head: Vec<String> = self.keys.clone();
        for p in 1..=maxp {
            head.push(format!("P{p} wins [95% CI]"));
        }
        if maxp > 1 {
            head.push("draws".into());
        }
        head.extend(["moves mean/med/max".to_string(), "capped".into()]);
        let mut rows = vec![head];
        for pt in &self.points {
            let r = &pt.report;
            let mut row: Vec<String> = self.keys.iter().map(|k| pt.vary[k].clone()).collect();
            for p in 0..maxp {
                row.push(r.players.get(p).map(|x| x.wins.show()).unwrap_or_default());
            }
            if maxp > 1 {
                row.push(
                    r.players
                        .first()
                        .map(|x| format!("{:.1}%", x.draws.rate * 100.0))
                        .unwrap_or_default(),
                );
            }
            row.push(format!(
                "{:.1}/{}/{}",
                r.moves.mean, r.moves.median, r.moves.max
            ));
            row.push(r.capped.to_string());
            rows.push(row);
        }
        let mut s = String::new();
        if let Some(first) = self.points.first() {
            let r = &first.report;
            let _ = writeln!(
                s,
                "{}: {} games per point, seed {}, agents {}",
                r.rule,
                r.games,
                r.seed,
                self.agents.join(",")
            );
        }
        s.push_str(&table(&rows));
        let secs: f64 = self.points.iter().map(|p| p.report.elapsed_secs).sum();
        let moves: u64 = self.points.iter().map(|p| p.report.total_moves).sum();
        let _ = writeln!(s, "{moves} moves in {secs:.2} s");
        s
    }

    /// The sweep as CSV: the varied keys, then the simulate columns, one row per point and player.
    pub fn csv(&self) -> String {
        let mut head: Vec<&str> = self.keys.iter().map(String::as_str).collect();
        head.extend(SimReport::csv_header());
        let mut s = csv_line(&head);
        for pt in &self.points {
            for row in pt.report.csv_rows() {
                let mut full: Vec<String> = self.keys.iter().map(|k| pt.vary[k].clone()).collect();
                full.extend(row);
                s.push_str(&csv_line(&full));
            }
        }
        s
    }
}

// ---------------------------------------------------------------------------------------------
// diff

/// What a move did under one rule file.
#[derive(Clone, Debug, Serialize)]
pub struct DiffSide {
    /// The rule file.
    pub rule: String,
    /// The move's events in words (empty when the move failed).
    pub events: Vec<String>,
    /// The position after the move (state JSON), when it was legal.
    pub state: Option<crate::engine::board::StateJson>,
    /// The picture of that position.
    #[serde(skip)]
    pub picture: String,
    /// The error, when the move was illegal or failed.
    pub error: Option<String>,
}

/// The result of `diff`.
#[derive(Clone, Debug, Serialize)]
pub struct Diff {
    /// Moves that gave the same position under both (from the start).
    pub agreed: usize,
    /// The moves given.
    pub moves: Vec<String>,
    /// The first move (1-based) where the positions differ or one side failed; 0 when the start
    /// positions already differ; `None` when they never differ.
    pub first_difference: Option<usize>,
    /// The differing move's label.
    pub label: Option<String>,
    /// What happened under A.
    pub a: Option<DiffSide>,
    /// What happened under B.
    pub b: Option<DiffSide>,
}

fn side(g: &Game, r: std::result::Result<(), Error>) -> DiffSide {
    match r {
        Ok(()) => {
            let ply = g.history.last();
            let b = g.board();
            DiffSide {
                rule: g.rule.name.clone(),
                events: ply
                    .map(|p| p.events.iter().map(|e| e.describe(&b.layout)).collect())
                    .unwrap_or_default(),
                state: Some(b.state_json()),
                picture: crate::render::picture(&b, crate::render::Style::default()),
                error: None,
            }
        }
        Err(e) => DiffSide {
            rule: g.rule.name.clone(),
            events: Vec::new(),
            state: None,
            picture: String::new(),
            error: Some(e.one_line()),
        },
    }
}

/// Replays `moves` under both games (each from its start) and finds the first move after which
/// the positions differ, or which one of them refuses.
pub fn diff(mut ga: Game, mut gb: Game, moves: &[String]) -> Diff {
    ga.tracing = true;
    gb.tracing = true;
    let mut out = Diff {
        agreed: 0,
        moves: moves.to_vec(),
        first_difference: None,
        label: None,
        a: None,
        b: None,
    };
    if ga.state() != gb.state() {
        out.first_difference = Some(0);
        out.a = Some(side(&ga, Ok(())));
        out.b = Some(side(&gb, Ok(())));
        return out;
    }
    for (i, m) in moves.iter().enumerate() {
        let ra = ga.play(m).map(|_| ());
        let rb = gb.play(m).map(|_| ());
        let differ = match (&ra, &rb) {
            (Ok(()), Ok(())) => ga.state() != gb.state(),
            (Err(_), Err(_)) => {
                // Both refuse the same move: nothing differs, but the replay cannot go on.
                out.a = Some(side(&ga, ra));
                out.b = Some(side(&gb, rb));
                out.label = Some(m.clone());
                return out;
            }
            _ => true,
        };
        if differ {
            out.first_difference = Some(i + 1);
            out.label = Some(m.clone());
            out.a = Some(side(&ga, ra));
            out.b = Some(side(&gb, rb));
            return out;
        }
        out.agreed = i + 1;
    }
    out
}

impl Diff {
    /// Whether a difference was found.
    pub fn differs(&self) -> bool {
        self.first_difference.is_some()
    }

    /// The diff as text.
    pub fn text(&self) -> String {
        let mut s = String::new();
        match self.first_difference {
            None => {
                if self.agreed == self.moves.len() {
                    let _ = writeln!(
                        s,
                        "no difference: the positions agree after each of the {} moves",
                        self.moves.len()
                    );
                } else {
                    let _ = writeln!(
                        s,
                        "the positions agree after {} moves; move {} `{}` fails under both, so the replay stops there:",
                        self.agreed,
                        self.agreed + 1,
                        self.label.as_deref().unwrap_or("")
                    );
                    for (tag, x) in [("A", &self.a), ("B", &self.b)] {
                        if let Some(x) = x {
                            let _ = writeln!(
                                s,
                                "  {tag} ({}): {}",
                                x.rule,
                                x.error.as_deref().unwrap_or("")
                            );
                        }
                    }
                }
            }
            Some(0) => {
                let _ = writeln!(s, "the start positions differ");
                self.sides(&mut s);
            }
            Some(k) => {
                let agree = match self.agreed {
                    0 => "the start positions agree".to_string(),
                    1 => "the positions agree after 1 move".to_string(),
                    n => format!("the positions agree after {n} moves"),
                };
                let _ = writeln!(
                    s,
                    "{agree}; move {k} `{}` differs",
                    self.label.as_deref().unwrap_or("")
                );
                self.sides(&mut s);
            }
        }
        s
    }

    fn sides(&self, s: &mut String) {
        for (tag, x) in [("A", &self.a), ("B", &self.b)] {
            let Some(x) = x else { continue };
            let _ = writeln!(s, "{tag}: {}", x.rule);
            if let Some(e) = &x.error {
                let _ = writeln!(s, "  refused: {e}");
                continue;
            }
            for e in &x.events {
                let _ = writeln!(s, "  {e}");
            }
            for line in x.picture.lines() {
                let _ = writeln!(s, "  | {line}");
            }
            if let Some(st) = &x.state {
                let _ = writeln!(s, "  {}", serde_json::to_string(st).unwrap_or_default());
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// check-script API

fn json_to_dynamic(v: &serde_json::Value) -> Dynamic {
    use serde_json::Value;
    match v {
        Value::Null => Dynamic::UNIT,
        Value::Bool(b) => Dynamic::from(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => Dynamic::from(i),
            None => Dynamic::from(n.as_f64().unwrap_or(0.0)),
        },
        Value::String(s) => Dynamic::from(s.clone()),
        Value::Array(a) => Dynamic::from_array(a.iter().map(json_to_dynamic).collect()),
        Value::Object(o) => {
            let m: Map = o
                .iter()
                .map(|(k, v)| (k.as_str().into(), json_to_dynamic(v)))
                .collect();
            Dynamic::from_map(m)
        }
    }
}

/// A report as a Rhai map (the JSON report's fields).
pub fn report_to_dynamic(r: &SimReport) -> Dynamic {
    json_to_dynamic(&serde_json::to_value(r).unwrap_or_default())
}

fn dyn_text(v: &Dynamic) -> String {
    if v.is_string() {
        v.clone().into_string().unwrap_or_default()
    } else {
        v.to_string()
    }
}

/// Reads `#{games:, agents:, seed:, options:, max_moves:, jobs:, rotate:}` into a config and
/// `--set` strings.
pub fn config_from_map(m: &Map) -> Result<(SimConfig, Vec<String>)> {
    let mut cfg = SimConfig {
        jobs: default_jobs(),
        ..SimConfig::default()
    };
    let mut sets = Vec::new();
    let int = |k: &str, v: &Dynamic| -> Result<i64> {
        v.as_int()
            .map_err(|_| Error::msg(format!("simulate: `{k}` takes an integer")))
    };
    for (k, v) in m {
        match k.as_str() {
            "games" => {
                let n = int(k, v)?;
                if n < 1 {
                    return Err(Error::msg("simulate: `games` must be at least 1"));
                }
                cfg.games = n as u64;
            }
            "seed" => cfg.seed = int(k, v)? as u64,
            "max_moves" => {
                let n = int(k, v)?;
                if n < 1 {
                    return Err(Error::msg("simulate: `max_moves` must be at least 1"));
                }
                cfg.max_moves = n as u64;
            }
            "jobs" => cfg.jobs = int(k, v)?.clamp(1, 256) as usize,
            "rotate" => {
                cfg.rotate = v
                    .as_bool()
                    .map_err(|_| Error::msg("simulate: `rotate` takes true or false"))?
            }
            "agents" => {
                cfg.agents = if let Some(a) = v.clone().try_cast::<rhai::Array>() {
                    a.iter()
                        .map(|x| Agent::parse(&dyn_text(x)))
                        .collect::<Result<_>>()?
                } else {
                    Agent::parse_list(&dyn_text(v))?
                };
            }
            "options" => {
                let Some(o) = v.clone().try_cast::<Map>() else {
                    return Err(Error::msg(
                        "simulate: `options` takes a map, e.g. #{ seeds: 3 }",
                    ));
                };
                for (ok, ov) in o {
                    sets.push(format!("{ok}={}", dyn_text(&ov)));
                }
            }
            other => {
                return Err(Error::msg(format!(
                    "simulate: unknown key `{other}` (keys: games, agents, seed, options, max_moves, jobs, rotate)"
                )))
            }
        }
    }
    Ok((cfg, sets))
}

/// Threads to use by default: the machine's parallelism.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

/// Registers `simulate(rule, #{games:, agents:, seed:, options:, max_moves:, jobs:, rotate:})` in a Rhai
/// engine (for check scripts). `rule` is a name in `rules_dir` or a path; `agents` is an array of
/// specs or one comma-separated string; `options` a map of option values. It returns the JSON
/// report as a map: `games`, `players` (each with `wins`/`draws`/`losses` maps holding `count`,
/// `rate`, `lo`, `hi`, and `captures`), `moves`/`laps`/`rounds` (`mean`, `median`, `max`, `sd`),
/// `capped`, `finished`, .... Loaded rules are cached per engine.
pub fn register_sim_api(engine: &mut Engine, rules_dir: PathBuf) {
    let cache: Arc<Mutex<BTreeMap<String, Arc<Rule>>>> = Arc::new(Mutex::new(BTreeMap::new()));
    engine.register_fn(
        "simulate",
        move |rule: &str, cfg: Map| -> std::result::Result<Dynamic, Box<EvalAltResult>> {
            let run = || -> Result<Dynamic> {
                let r = {
                    let mut c = cache.lock().unwrap_or_else(|p| p.into_inner());
                    match c.get(rule) {
                        Some(r) => r.clone(),
                        None => {
                            let r = Arc::new(Rule::load(rule, &rules_dir)?);
                            c.insert(rule.to_string(), r.clone());
                            r
                        }
                    }
                };
                let (cfg, sets) = config_from_map(&cfg)?;
                let opts = r.resolve_options(&sets)?;
                let rep = simulate(&r, &opts, &cfg)?;
                Ok(report_to_dynamic(&rep))
            };
            run().map_err(|e| e.one_line().into())
        },
    );
    engine.register_fn(
        "simulate",
        |_rule: &str| -> std::result::Result<Dynamic, Box<EvalAltResult>> {
            Err("simulate(rule, #{ games: 100, agents: [\"random\"], seed: 1, options: #{} }) takes a map of settings".into())
        },
    );
}

/// Whether stderr is a terminal (progress lines are shown only then).
pub fn stderr_is_terminal() -> bool {
    std::io::stderr().is_terminal()
}
