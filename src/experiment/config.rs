//! How to run a simulation: the games, agents, seed, threads, move cap, the part of the run to
//! play, where each game goes, and the progress hook the caller supplies.

use std::sync::Arc;
use std::time::Instant;

use crate::experiment::games_out::GameSink;
use crate::experiment::record::PartSpec;
use crate::search::agent::Agent;

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
