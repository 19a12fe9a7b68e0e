//! `sowlab diff`: one move list replayed under two rule files, up to the first move where they differ.

use std::sync::Arc;

use clap::Args;

use crate::cli::experiment_args::{json, print, Variants};
use crate::engine::game::game::{split_moves, Game};
use crate::engine::rule::library::RulePath;
use crate::engine::rule::rules::{Options, Rule};
use crate::error::Result;
use crate::experiment;

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
    /// Show both whole traces of the differing move (default: its first differing event with a
    /// little context).
    #[arg(long)]
    pub full: bool,
    /// Print JSON (both whole traces, and `first_event`).
    #[arg(long)]
    pub json: bool,
}

/// `sowlab diff`: exit code 0 when the positions never differ, 1 when they do.
pub fn cmd_diff(dir: &RulePath, a: DiffArgs) -> Result<i32> {
    let [(ra, oa), (rb, ob)] = a.variants.load(dir)?;
    // The moves, and the start position if the saved game had its own.
    let (moves, start) = match &a.save {
        None => (split_moves(&a.moves), None),
        Some(f) => {
            let saved = crate::repl::save::read(f, dir)?;
            if let Some(w) = &saved.warning {
                eprintln!("sowlab: {w}");
            }
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
    let d = experiment::diff(ga, gb, &moves);
    print(&if a.json { json(&d) } else { d.text(a.full) })?;
    Ok(if d.differs() { 1 } else { 0 })
}
