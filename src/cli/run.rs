//! `sowlab run SCRIPT [ARGS]`: runs a check script ([`crate::check`]) and prints how many
//! assertions held; exit 1 on a failed assert or any error, 130 when interrupted.

use std::path::PathBuf;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::check::{run_file, Context};
use crate::engine::rule::library::RulePath;
use crate::engine::script::primitives::INTERRUPTED;
use crate::error::Result;

/// Arguments of `sowlab run`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// The check script (.rhai), then the script's arguments (its `ARGS` array): everything
    /// after SCRIPT goes to the script, options included, so give sowlab's own options
    /// (--timeout, --rules) before SCRIPT.
    #[arg(
        required = true,
        num_args = 1..,
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_names = ["SCRIPT", "ARGS"]
    )]
    pub words: Vec<String>,
    /// Stop the run after this many seconds (wall clock, at least 1).
    #[arg(long, value_name = "SECS", default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub timeout: u64,
}

impl RunArgs {
    /// The script's path.
    pub fn script(&self) -> PathBuf {
        PathBuf::from(self.words.first().cloned().unwrap_or_default())
    }

    /// The script's arguments.
    pub fn args(&self) -> &[String] {
        self.words.get(1..).unwrap_or(&[])
    }
}

/// `sowlab run`: exit code 0 when the script ran to its end, 1 on a failed assert or any error.
pub fn cmd_run(dir: &RulePath, a: RunArgs) -> Result<i32> {
    let c = Context::new(dir, Duration::from_secs(a.timeout.max(1)));
    let start = Instant::now();
    let script = a.script();
    match run_file(&script, a.args(), &c) {
        Ok(()) => {
            eprintln!(
                "{}: ok ({} assertion{} held, {:.2} s)",
                crate::text::escape(&script.display().to_string()),
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
