//! What the experiment commands (`simulate`, `compare`, `sweep`, `diff`) share: the run
//! arguments, the two variants and the output helpers (progress: [`crate::cli::progress`]).

use std::io::Write;

use clap::Args;

use crate::engine::rule::library::RulePath;
use crate::engine::rule::rules::{Options, Rule};
use crate::error::{Error, Result};
use crate::experiment::{default_jobs, PartSpec, SimConfig, Tabled, DEFAULT_MAX_MOVES};
use crate::search::agent::{Agent, AGENTS_HELP};

/// How many games, which agents, which seed: shared by simulate, compare and sweep.
#[derive(Args, Debug, Clone)]
pub struct RunArgs {
    /// Number of games.
    #[arg(long, short = 'n', default_value_t = 100)]
    pub games: u64,
    /// Agents, one for all players or one per player, comma-separated: random, greedy,
    /// alphabeta[:DEPTH], mcts[:ITERATIONS].
    #[arg(long, short = 'a', default_value = "random")]
    pub agents: String,
    /// Seed of the run (game i is seeded from the seed and i).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Threads (default: the number of cores); the results do not depend on it.
    #[arg(long, short = 'j')]
    pub jobs: Option<usize>,
    /// Cut a game after this many moves (counted in the report as `capped`).
    #[arg(long, default_value_t = DEFAULT_MAX_MOVES)]
    pub max_moves: u64,
    /// Rotate the agents through the seats (game i: player p is played by agent p+i of the list)
    /// and report results per agent too.
    #[arg(long)]
    pub rotate: bool,
    /// Print JSON.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV.
    #[arg(long)]
    pub csv: bool,
    /// Play only shard K of N of the run (games ⌊(K−1)·G/N⌋ to ⌊K·G/N⌋−1; a sweep's items) and
    /// print that part as JSON, for `sowlab merge`.
    #[arg(long, value_name = "K/N", conflicts_with = "range")]
    pub shard: Option<String>,
    /// Play only games START to END−1 of the run (0-based; a sweep's items) and print that part
    /// as JSON, for `sowlab merge`.
    #[arg(long, value_name = "START..END")]
    pub range: Option<String>,
    /// Also draw the results as an SVG chart into FILE (rates with 95% intervals; simulate adds
    /// the game-length histogram, sweep a heat map over two varied options).
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<std::path::PathBuf>,
}

impl RunArgs {
    /// The simulation settings.
    pub fn config(&self) -> Result<SimConfig> {
        let part = match (&self.shard, &self.range) {
            (Some(s), _) => Some(PartSpec::parse_shard(s)?),
            (None, Some(r)) => Some(PartSpec::parse_range(r)?),
            (None, None) => None,
        };
        let agents = Agent::parse_list(&self.agents)?;
        if agents.is_empty() {
            return Err(Error::msg(format!(
                "--agents: name an agent ({AGENTS_HELP})"
            )));
        }
        Ok(SimConfig {
            games: self.games,
            agents,
            seed: self.seed,
            jobs: match self.jobs {
                Some(0) => return Err(Error::msg("--jobs 0: give at least 1 thread")),
                Some(n) => n,
                None => default_jobs(),
            },
            max_moves: self.max_moves,
            progress: crate::cli::progress::games_progress(),
            rotate: self.rotate,
            part,
            games_out: None,
            deadline: None,
        })
    }

    /// Whether the report is printed as JSON: asked, or a part of a run (merge reads JSON).
    pub fn wants_json(&self) -> bool {
        self.json || (!self.csv && (self.shard.is_some() || self.range.is_some()))
    }

    /// Prints a report as these arguments ask: JSON, CSV or text.
    pub(crate) fn emit<R: Tabled + serde::Serialize>(&self, r: &R) -> Result<()> {
        print(&if self.wants_json() {
            json(r)
        } else if self.csv {
            r.csv()
        } else {
            r.text()
        })
    }
}

/// Two rule sets (A and B) with options for both and for each: shared by `compare` and `diff`.
#[derive(Args, Debug)]
pub struct Variants {
    /// Variant A: a rule name, preset or path.
    pub rule_a: String,
    /// Variant B: a rule name, preset or path.
    pub rule_b: String,
    /// Set an option under both (KEY=VALUE, repeatable).
    #[arg(long = "set", short = 's', value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Set an option under A only.
    #[arg(long = "set-a", value_name = "KEY=VALUE")]
    pub set_a: Vec<String>,
    /// Set an option under B only.
    #[arg(long = "set-b", value_name = "KEY=VALUE")]
    pub set_b: Vec<String>,
}

impl Variants {
    /// Loads both rules with their options; errors say which side (`A: ...`).
    pub fn load(&self, dir: &RulePath) -> Result<[(Rule, Options); 2]> {
        let one = |spec: &str, own: &[String], tag: &str| -> Result<(Rule, Options)> {
            let rule = Rule::load(spec, dir).map_err(|e| e.context(tag))?;
            let sets: Vec<String> = self.set.iter().chain(own).cloned().collect();
            let opts = rule.resolve_options(&sets).map_err(|e| e.context(tag))?;
            Ok((rule, opts))
        };
        Ok([
            one(&self.rule_a, &self.set_a, "A")?,
            one(&self.rule_b, &self.set_b, "B")?,
        ])
    }
}

/// Writes `s` to stdout and flushes it.
pub(crate) fn print(s: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(s.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// `v` as pretty JSON with a final newline.
pub(crate) fn json<T: serde::Serialize>(v: &T) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s
}
