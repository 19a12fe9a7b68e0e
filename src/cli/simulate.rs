//! `sowlab simulate`: play many games between agents and print the report (text, JSON or CSV).

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use crate::cli::experiment_args::RunArgs;
use crate::cli::{load_game, GameArgs};
use crate::engine::rule::library::RulePath;
use crate::error::{Error, Result};
use crate::experiment::{self, JsonLines, Part};

/// Arguments of `sowlab simulate`.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// The game.
    #[command(flatten)]
    pub game: GameArgs,
    /// Games, agents, seed, threads, output.
    #[command(flatten)]
    pub run: RunArgs,
    /// Write every game to FILE as JSON lines (index, seed, agents, moves, winner, length,
    /// captures), in game order.
    #[arg(long, value_name = "FILE.jsonl")]
    pub games_out: Option<PathBuf>,
}

/// `sowlab simulate`.
pub fn cmd_simulate(dir: &RulePath, a: SimulateArgs) -> Result<i32> {
    let g = load_game(dir, &a.game)?;
    let mut cfg = a.run.config()?;
    if let Some(f) = &a.games_out {
        let file = std::fs::File::create(f)
            .map_err(|e| Error::msg(format!("--games-out {}: {e}", f.display())))?;
        let first = Part::of(cfg.part, cfg.games)?.start;
        cfg.games_out = Some(Arc::new(JsonLines::new(
            Box::new(std::io::BufWriter::new(file)),
            first,
        )));
    }
    crate::cli::leave_on_second_interrupt();
    let rep = experiment::simulate_from(&g.rule, &g.options, &g.start, &cfg)?;
    if let Some(path) = &a.run.plot {
        crate::cli::write_file(path, &experiment::plots::simulation(&rep).svg())?;
    }
    a.run.emit(&rep)?;
    Ok(if rep.interrupted.is_some() { 130 } else { 0 })
}
