//! `sowlab sweep`: a simulation at every combination of some option values, as one table.

use clap::Args;

use crate::cli::experiment_args::RunArgs;
use crate::engine::rule::library::RulePath;
use crate::engine::rule::rules::Rule;
use crate::error::Result;
use crate::experiment;

/// Arguments of `sowlab sweep`.
#[derive(Args, Debug)]
pub struct SweepArgs {
    /// A rule name, preset or path.
    pub rule: String,
    /// Set an option at every point (KEY=VALUE, repeatable).
    #[arg(long = "set", short = 's', value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// An option and its values, KEY=V1,V2,... or KEY=A..B (integers A to B; repeatable: the
    /// grid is every combination).
    #[arg(long, value_name = "KEY=V1,V2,...", required = true)]
    pub vary: Vec<String>,
    /// Games, agents, seed, threads, output.
    #[command(flatten)]
    pub run: RunArgs,
}

/// `sowlab sweep`.
pub fn cmd_sweep(dir: &RulePath, a: SweepArgs) -> Result<i32> {
    let rule = Rule::load(&a.rule, dir)?;
    let vary = a
        .vary
        .iter()
        .map(|v| experiment::parse_vary(v))
        .collect::<Result<Vec<_>>>()?;
    let cfg = a.run.config()?;
    crate::cli::leave_on_second_interrupt();
    let s = experiment::sweep(&rule, &a.set, &vary, &cfg)?;
    // The report first: a plot that cannot be written loses no figures.
    a.run.emit(&s)?;
    if let Some(path) = &a.run.plot {
        let failed = crate::cli::write_file(path, &experiment::plots::sweep(&s).svg()).err();
        if let Some(e) = crate::cli::after_report(failed.into_iter().collect()) {
            return Err(e);
        }
    }
    Ok(if s.interrupted.is_some() { 130 } else { 0 })
}
