//! `sowlab run SCRIPT [ARGS]`: runs a check script ([`crate::check`]) and prints how many
//! assertions held; exit 1 on a failed assert or any error, 130 when interrupted.

use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::check::{run_file, Context};
use crate::engine::library::RulePath;
use crate::engine::script::INTERRUPTED;
use crate::error::Result;

/// Arguments of `sowlab run`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// The check script (.rhai).
    pub script: PathBuf,
    /// Arguments for the script (its `ARGS` array): everything after SCRIPT, options included, so
    /// give sowlab's own options (--timeout) before SCRIPT.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<String>,
    /// Stop the run after this many seconds (wall clock, at least 1).
    #[arg(long, value_name = "SECS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub timeout: u64,
}

/// `sowlab run`: exit code 0 when the script ran to its end, 1 on a failed assert or any error.
pub fn cmd_run(dir: &RulePath, a: RunArgs) -> Result<i32> {
    let c = Context::new(dir, Duration::from_secs(a.timeout.max(1)));
    let start = Instant::now();
    match run_file(&a.script, &a.args, &c) {
        Ok(()) => {
            eprintln!(
                "{}: ok ({} assertion{} held, {:.2} s)",
                crate::render::escape(&a.script.display().to_string()),
                c.passed.load(Ordering::Relaxed),
                if c.passed.load(Ordering::Relaxed) == 1 {
                    ""
                } else {
                    "s"
                },
                start.elapsed().as_secs_f64()
            );
            Ok(0)
        }
        Err(e) => {
            crate::cli::report(&e);
            Ok(if INTERRUPTED.load(Ordering::Relaxed) {
                130
            } else {
                1
            })
        }
    }
}
