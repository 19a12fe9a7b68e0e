//! `sowlab compare`: two variants simulated on the same seeds and agents, with the differences and their tests.

use clap::Args;

use crate::cli::experiment_args::{RunArgs, Variants};
use crate::engine::rule::library::RulePath;
use crate::error::{Error, Result};
use crate::experiment;

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

/// `sowlab compare`.
pub fn cmd_compare(dir: &RulePath, a: CompareArgs) -> Result<i32> {
    if !(a.alpha > 0.0 && a.alpha < 1.0) {
        return Err(Error::msg("--alpha must be between 0 and 1"));
    }
    let [(ra, oa), (rb, ob)] = a.variants.load(dir)?;
    let cfg = a.run.config()?;
    crate::cli::leave_on_second_interrupt();
    let stage = |s: &str| {
        if let Some(p) = &cfg.progress {
            p.stage(s);
        }
    };
    stage(&format!("A: {}", ra.name));
    let rep_a = experiment::simulate(&ra, &oa, &cfg).map_err(|e| e.context("A"))?;
    // Ctrl-C before B played a game: nothing to compare, so A's report alone.
    let alone = |rep: experiment::SimReport, why: &str| -> Result<i32> {
        eprintln!("sowlab: compare: interrupted {why}; the report of A alone follows");
        a.run.emit(&rep)?;
        Ok(130)
    };
    if rep_a.interrupted.is_some() {
        return alone(rep_a, "while A was played: B was not");
    }
    stage(&format!("B: {}", rb.name));
    let rep_b = experiment::simulate(&rb, &ob, &cfg).map_err(|e| e.context("B"))?;
    if rep_b.interrupted.is_some() && rep_b.games == 0 {
        return alone(rep_a, "before B finished a game");
    }
    let interrupted = rep_b.interrupted.is_some();
    let c = experiment::compare_reports(rep_a, rep_b, a.alpha);
    // The report first: a plot that cannot be written loses no figures.
    a.run.emit(&c)?;
    if let Some(path) = &a.run.plot {
        let failed = crate::cli::write_file(path, &experiment::plots::comparison(&c).svg()).err();
        if let Some(e) = crate::cli::after_report(failed.into_iter().collect()) {
            return Err(e);
        }
    }
    Ok(if interrupted { 130 } else { 0 })
}
