//! `sowlab --version` and `sowlab version [--json]`: the version, the git commit it was built
//! from and that commit's date, like `cargo -V` (`sowlab 0.1.0 (b7e715b 2026-11-30)`). A build
//! without a git checkout says `unknown` for what it does not know (see build.rs).

use clap::Args;

use crate::error::Result;
use crate::experiment::record::{COMMIT, VERSION};

/// The date of the commit (YYYY-MM-DD), or `unknown`.
pub const COMMIT_DATE: &str = env!("SOWLAB_COMMIT_DATE");

/// What `--version` prints after `sowlab `: `0.1.0 (b7e715b 2026-11-30)`.
pub const LONG_VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("SOWLAB_COMMIT_SHORT"),
    " ",
    env!("SOWLAB_COMMIT_DATE"),
    ")"
);

/// The options of `sowlab version`.
#[derive(Args, Debug)]
pub struct VersionArgs {
    /// Print JSON for tools: {"name", "version", "commit", "commit_date"}.
    #[arg(long)]
    pub json: bool,
}

/// Runs `sowlab version`.
pub fn cmd_version(a: VersionArgs) -> Result<i32> {
    if a.json {
        let v = serde_json::json!({
            "name": "sowlab",
            "version": VERSION,
            "commit": COMMIT,
            "commit_date": COMMIT_DATE,
        });
        println!("{v:#}");
    } else {
        println!("sowlab {LONG_VERSION}");
    }
    Ok(0)
}
