//! `sowlab simulate`: play many games between agents and print the report (text, JSON or CSV).

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use crate::cli::experiment_args::RunArgs;
use crate::cli::{load_game, GameArgs};
use crate::engine::rule::library::RulePath;
use crate::error::Result;
use crate::experiment::{self, GamesFile, JsonLines, Part};

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
    let mut games = None;
    if let Some(f) = &a.games_out {
        let file = GamesFile::create(f)?;
        let first = Part::of(cfg.part, cfg.games)?.start;
        cfg.games_out = Some(Arc::new(JsonLines::new(Box::new(file.clone()), first)));
        games = Some(file);
    }
    crate::cli::leave_on_second_interrupt();
    // A failed run returns here: its games file is dropped, the previous one stays.
    let rep = experiment::simulate_from(&g.rule, &g.options, &g.start, &cfg)?;
    // The report first: a games file or plot that cannot be written loses no figures.
    a.run.emit(&rep)?;
    let mut failed = Vec::new();
    if let Some(file) = games {
        failed.extend(file.commit().err());
    }
    if let Some(path) = &a.run.plot {
        failed
            .extend(crate::cli::write_file(path, &experiment::plots::simulation(&rep).svg()).err());
    }
    if let Some(e) = crate::cli::after_report(failed) {
        return Err(e);
    }
    Ok(if rep.interrupted.is_some() { 130 } else { 0 })
}
