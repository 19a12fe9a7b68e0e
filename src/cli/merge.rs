//! `sowlab merge`: join the parts of a run (`--shard K/N` or `--range A..B` reports of
//! `simulate`, `compare` or `sweep`) into the whole run's report.

use std::path::PathBuf;

use clap::Args;

use crate::cli::experiment_args::{json, print};
use crate::engine::rule::library::RulePath;
use crate::error::{Error, Result};
use crate::experiment;

/// Arguments of `sowlab merge`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The parts: JSON reports of one run's shards or ranges.
    #[arg(required = true, value_name = "PART")]
    pub parts: Vec<PathBuf>,
    /// Accept parts that cover one unbroken range of the run, not all of it, and print that part
    /// as JSON (it merges again with the others).
    #[arg(long)]
    pub partial: bool,
    /// Print JSON.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print CSV.
    #[arg(long)]
    pub csv: bool,
}

/// `sowlab merge`.
pub fn cmd_merge(_dir: &RulePath, a: MergeArgs) -> Result<i32> {
    let mut parts = Vec::new();
    for f in &a.parts {
        let name = f.display().to_string();
        // Regular files only, read through the capped reader: a device cannot fill memory,
        // a named pipe cannot hang the merge.
        let text = crate::engine::base::files::read_text(f, "")?;
        let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
            Error::msg(format!(
                "{name}: not a JSON report ({e}); run each part with --json"
            ))
        })?;
        parts.push((name, v));
    }
    let m = experiment::merge(&parts, !a.partial)?;
    print(&if a.json || (a.partial && !a.csv) {
        json(&m.json())
    } else if a.csv {
        m.csv()
    } else {
        m.text()
    })?;
    Ok(0)
}
