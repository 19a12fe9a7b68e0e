//! `sowlab replay RULE --moves ...`: plays moves from the start and prints the final position (a
//! picture, the state JSON, or every event of every move).

use std::io::Write;

use clap::Args;

use crate::cli::args::{load_game, GameArgs};
use crate::cli::report;
use crate::engine::game::game::split_moves;
use crate::engine::rule::library::RulePath;
use crate::engine::rule::rules;
use crate::error::Result;
use crate::render::{self, Style};

/// Arguments of `sowlab replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The game: rule, options and start position.
    #[command(flatten)]
    pub game: GameArgs,
    /// The moves, e.g. "3 4 1" (hole numbers from the mover's left; S3/N6 where rows are named).
    #[arg(long, short = 'm', default_value = "", allow_hyphen_values = true)]
    pub moves: String,
    /// Print the state JSON instead of a picture.
    #[arg(long)]
    pub json: bool,
    /// Print every move's events (with --json: as a JSON array per move; with --svg: draw the
    /// last move's laps).
    #[arg(long)]
    pub trace: bool,
    /// Also write the final position as an SVG picture to FILE (with --trace: the last move).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
}

/// `sowlab replay`: plays the moves and prints the result.
pub fn cmd_replay(dir: &RulePath, a: ReplayArgs) -> Result<i32> {
    let mut g = load_game(dir, &a.game)?;
    g.tracing = a.trace;
    let moves = split_moves(&a.moves);
    let result = g.play_all(&moves);
    let mut out = std::io::stdout().lock();
    if let Err(e) = result {
        report(&e);
        return Ok(1);
    }
    if let Some(path) = &a.svg {
        let svg = if a.trace {
            crate::render::svg::last_move_svg(&g)
        } else {
            crate::render::svg::game_svg(&g)
        };
        crate::cli::write_file(path, &svg)?;
    }
    if a.json {
        if a.trace {
            let traces: Vec<serde_json::Value> = g
                .history
                .iter()
                .map(|p| {
                    let b = rules::board(&p.after);
                    serde_json::json!({
                        "move": p.label,
                        "player": p.player,
                        "events": p.events.iter().map(|e| e.view(&b.layout)).collect::<Vec<_>>(),
                    })
                })
                .collect();
            let v = serde_json::json!({ "trace": traces, "state": g.state() });
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&v).unwrap_or_default()
            );
        } else {
            let _ = writeln!(
                out,
                "{}",
                serde_json::to_string(&g.state()).unwrap_or_default()
            );
        }
        return Ok(0);
    }
    if a.trace {
        for p in &g.history {
            let b = rules::board(&p.after);
            let _ = writeln!(out, "move {} (player {}):", p.label, p.player);
            for e in &p.events {
                let _ = writeln!(out, "  {}", e.describe(&b.layout));
            }
        }
    }
    let _ = write!(
        out,
        "{}",
        render::picture(
            &g.board(),
            Style {
                colour: crate::cli::colour::stdout(),
            },
        )
    );
    Ok(0)
}
