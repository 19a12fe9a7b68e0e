//! The command-line side of the experiments: `sowlab simulate`, `compare`, `sweep` and `diff`
//! (arguments and output; the work is in [`crate::experiment::sim`]).

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use clap::Args;

use crate::cli::{load_game, GameArgs};
use crate::engine::game::{split_moves, Game};
use crate::engine::rules::{Options, Rule};
use crate::error::{Error, Result};
use crate::experiment::sim::{self, SimConfig, DEFAULT_MAX_MOVES};
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
}

impl RunArgs {
    /// The simulation settings.
    pub fn config(&self) -> Result<SimConfig> {
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
            jobs: self.jobs.unwrap_or_else(sim::default_jobs).max(1),
            max_moves: self.max_moves,
            progress: sim::stderr_is_terminal(),
            rotate: self.rotate,
        })
    }
}

/// Arguments of `sowlab simulate`.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Games, agents, seed, threads, output.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Arguments of `sowlab compare`.
#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The two variants and their options.
    #[command(flatten)]
    pub variants: Variants,
    /// Significance level of the tests.
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// Games, agents, seed, threads, output.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Arguments of `sowlab sweep`.
#[derive(Args, Debug)]
pub struct SweepArgs {
    /// A rule name, preset or path.
    pub rule: String,
    /// Set an option at every point (KEY=VALUE, repeatable).
    #[arg(long = "set", short = 's', value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// An option and its values, KEY=V1,V2,... (repeatable: the grid is every combination).
    #[arg(long, value_name = "KEY=V1,V2,...", required = true)]
    pub vary: Vec<String>,
    /// Games, agents, seed, threads, output.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Arguments of `sowlab diff`.
#[derive(Args, Debug)]
pub struct DiffArgs {
    /// The two rule sets and their options.
    #[command(flatten)]
    pub variants: Variants,
    /// The moves to replay under both, e.g. "3 4 1".
    #[arg(long, short = 'm', default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    /// Take the moves (and a custom start position) from a game saved in the REPL instead.
    #[arg(long, value_name = "FILE", conflicts_with = "moves")]
    pub save: Option<std::path::PathBuf>,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

fn print(s: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(s.as_bytes())?;
    out.flush()?;
    Ok(())
}

fn json<T: serde::Serialize>(v: &T) -> String {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_default();
    s.push('\n');
    s
}

/// `sowlab simulate`.
pub fn cmd_simulate(dir: &Path, a: SimulateArgs) -> Result<i32> {
    let g = load_game(dir, &a.game)?;
    let cfg = a.run.config()?;
    let rep = sim::simulate_from(&g.rule, &g.options, &g.start, &cfg)?;
    print(&if a.run.json {
        json(&rep)
    } else if a.run.csv {
        rep.csv()
    } else {
        rep.text()
    })?;
    Ok(0)
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
    pub fn load(&self, dir: &Path) -> Result<[(Rule, Options); 2]> {
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

/// `sowlab compare`.
pub fn cmd_compare(dir: &Path, a: CompareArgs) -> Result<i32> {
    if !(a.alpha > 0.0 && a.alpha < 1.0) {
        return Err(Error::msg("--alpha must be between 0 and 1"));
    }
    let [(ra, oa), (rb, ob)] = a.variants.load(dir)?;
    let cfg = a.run.config()?;
    let rep_a = sim::simulate(&ra, &oa, &cfg).map_err(|e| e.context("A"))?;
    let rep_b = sim::simulate(&rb, &ob, &cfg).map_err(|e| e.context("B"))?;
    let c = sim::compare_reports(rep_a, rep_b, a.alpha);
    print(&if a.run.json {
        json(&c)
    } else if a.run.csv {
        c.csv()
    } else {
        c.text()
    })?;
    Ok(0)
}

/// `sowlab sweep`.
pub fn cmd_sweep(dir: &Path, a: SweepArgs) -> Result<i32> {
    let rule = Rule::load(&a.rule, dir)?;
    let vary = a
        .vary
        .iter()
        .map(|v| sim::parse_vary(v))
        .collect::<Result<Vec<_>>>()?;
    let cfg = a.run.config()?;
    let s = sim::sweep(&rule, &a.set, &vary, &cfg)?;
    print(&if a.run.json {
        json(&s)
    } else if a.run.csv {
        s.csv()
    } else {
        s.text()
    })?;
    Ok(0)
}

/// `sowlab diff`: exit code 0 when the positions never differ, 1 when they do.
pub fn cmd_diff(dir: &Path, a: DiffArgs) -> Result<i32> {
    let [(ra, oa), (rb, ob)] = a.variants.load(dir)?;
    // The moves, and the start position if the saved game had its own.
    let (moves, start) = match &a.save {
        None => (split_moves(&a.moves), None),
        Some(f) => {
            let saved = crate::repl::save::read(f, dir)?;
            (saved.game.moves(), saved.start)
        }
    };
    let new = |r: Rule, o: Options, tag: &str| {
        let r = Arc::new(r);
        match &start {
            Some(p) => Game::with_position(r, o, p),
            None => Game::new(r, o),
        }
        .map_err(|e| e.context(tag))
    };
    let ga = new(ra, oa, "A")?;
    let gb = new(rb, ob, "B")?;
    let d = sim::diff(ga, gb, &moves);
    print(&if a.json { json(&d) } else { d.text() })?;
    Ok(if d.differs() { 1 } else { 0 })
}
