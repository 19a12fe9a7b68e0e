//! `sowlab simulate`: play many games between agents and print the report (text, JSON or CSV).

use clap::Args;

use crate::cli::experiment_args::{json, print, RunArgs};
use crate::cli::{load_game, GameArgs};
use crate::engine::library::RulePath;
use crate::error::Result;
use crate::experiment;

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

/// `sowlab simulate`.
pub fn cmd_simulate(dir: &RulePath, a: SimulateArgs) -> Result<i32> {
    let g = load_game(dir, &a.game)?;
    let cfg = a.run.config()?;
    crate::cli::leave_on_second_interrupt();
    let rep = experiment::simulate_from(&g.rule, &g.options, &g.start, &cfg)?;
    if let Some(path) = &a.run.plot {
        crate::cli::write_file(path, &experiment::plots::simulation(&rep).svg())?;
    }
    print(&if a.run.json {
        json(&rep)
    } else if a.run.csv {
        rep.csv()
    } else {
        rep.text()
    })?;
    Ok(if rep.interrupted.is_some() { 130 } else { 0 })
}
