//! `sowlab solve` and `sowlab perft`: the searches of [`crate::search::solve`] with a progress
//! spinner on a terminal, text or JSON output, and exit 130 when Ctrl-C stopped them.

use crate::cli::args::{load_game, GameArgs};
use crate::cli::progress::SearchSpinner;
use crate::cli::search_report::{exit_code, out_of_reach, print_json, stats_line};
use crate::engine::rule::library::RulePath;
use crate::engine::rule::rules::board;
use crate::error::{Error, Result};
use crate::search::solve::{explore, perft, value, Progress, SearchLimits};

/// Arguments of `sowlab solve`.
#[derive(clap::Args, Debug, Clone)]
pub struct SolveArgs {
    /// The game: rule, options and start position.
    #[command(flatten)]
    pub game: GameArgs,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
    /// Stop after storing this many positions (partial result; 0: no limit).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub max_positions: u64,
    /// Stop after playing this many moves (partial result; 0: no limit).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub max_nodes: u64,
    /// Solitaires: stop at the first (shortest) solution instead of counting every position.
    #[arg(long)]
    pub first: bool,
    /// Stop when the position tables take this many MiB (partial result; default: 2048, or
    /// $SOWLAB_SOLVE_MB).
    #[arg(long, value_name = "MB", value_parser = clap::value_parser!(u64).range(1..=1 << 40))]
    pub max_memory: Option<u64>,
    /// Two-player games: instead of the exact value, win/draw/loss as far as this many moves
    /// deep (at least 1; no margin).
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u16).range(1..))]
    pub depth: Option<u16>,
    /// Two-player games: probe the tablebases in DIR (built by `sowlab tablebase build` for the
    /// same rule and options).
    #[arg(long, value_name = "DIR")]
    pub tablebase: Option<std::path::PathBuf>,
    /// Two-player games: search on this many threads sharing one table (the same value; the
    /// node counts vary from run to run). Scripted rules, and rules whose positions may come
    /// back along a line, use one.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
    pub threads: u32,
    /// Stop after this many seconds with a partial result (0: no limit). Default: 30 for
    /// two-player games, none for solitaires.
    #[arg(long, value_name = "SECS")]
    pub time: Option<u64>,
    /// Solve at every combination of some option values, one after the other: KEY=V1,V2,...
    /// or KEY=A..B (repeatable; the first key varies slowest). One result per combination, as
    /// without --vary (with --json, one JSON line each).
    #[arg(long, value_name = "KEY=V1,V2,...")]
    pub vary: Vec<String>,
}

/// The default time budget of a two-player `solve`, in seconds.
pub const TWO_PLAYER_TIME: u64 = 30;

pub use crate::cli::search_report::EXIT_INCOMPLETE;

/// Arguments of `sowlab perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The game: rule, options and start position.
    #[command(flatten)]
    pub game: GameArgs,
    /// Count move sequences up to this many moves (at least 1).
    #[arg(long, short = 'd', value_name = "D", value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1000))]
    pub depth: usize,
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
    /// Stop after playing this many moves (partial result; 0: no limit).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub max_nodes: u64,
}

fn options_text(o: &crate::engine::rule::rules::Options) -> String {
    o.iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `sowlab solve`: solves a solitaire, or gives the value of a two-player position; with
/// `--vary`, at every point of a grid of option values.
pub fn cmd_solve(dir: &RulePath, a: SolveArgs) -> Result<i32> {
    if a.vary.is_empty() {
        return solve_one(dir, &a);
    }
    let vary = a
        .vary
        .iter()
        .map(|v| crate::experiment::parse_vary(v))
        .collect::<Result<Vec<_>>>()?;
    // The worst exit status of the points: an unknown answer (3) over a known one (0).
    let mut status = 0;
    for point in crate::experiment::grid(&vary) {
        let mut one = a.clone();
        one.vary.clear();
        one.game
            .set
            .extend(point.iter().map(|(k, v)| format!("{k}={v}")));
        let code = solve_one(dir, &one)?;
        if code == 130 {
            // Ctrl-C: the point it stopped is printed; the others are not run.
            return Ok(130);
        }
        status = status.max(code);
    }
    Ok(status)
}

/// One `sowlab solve` (no `--vary`).
fn solve_one(dir: &RulePath, a: &SolveArgs) -> Result<i32> {
    use std::io::Write;
    let g = load_game(dir, &a.game)?;
    let players = board(g.current()).players();
    let secs = a
        .time
        .unwrap_or(if players == 1 { 0 } else { TWO_PLAYER_TIME });
    let limits = SearchLimits {
        max_nodes: a.max_nodes,
        max_positions: a.max_positions,
        max_bytes: a.max_memory.map_or(0, |m| crate::Budget::mib(m).bytes()),
        deadline: (secs > 0)
            .then(|| std::time::Instant::now() + std::time::Duration::from_secs(secs)),
        first_solution: a.first,
    };
    crate::cli::leave_on_second_interrupt();
    let line = SearchSpinner::stderr();
    let mut cb = |p: &Progress| line.show(p);
    let title = format!("{} ({})", g.rule.name, options_text(&g.options));
    let mut out = std::io::stdout().lock();
    if players == 1 {
        let r = explore(&g.rule, g.current(), &limits, Some(&mut cb));
        line.clear();
        let r = r?;
        if a.json {
            print_json(&mut out, &r, &g)?;
        } else {
            let verdict = match r.solvable {
                Some(true) => "solvable",
                Some(false) => "not solvable",
                None => "unknown (the search stopped first)",
            };
            let _ = writeln!(out, "{title}: {verdict}");
            if r.solvable == Some(true) {
                let _ = writeln!(
                    out,
                    "shortest solution ({} move{}): {}",
                    r.solution.len(),
                    if r.solution.len() == 1 { "" } else { "s" },
                    if r.solution.is_empty() {
                        "(already won)".to_string()
                    } else {
                        r.solution.join(" ")
                    }
                );
            }
            let _ = writeln!(
                out,
                "positions: {}{} ({} won, {} lost ends met, depth {})",
                r.positions,
                if r.stats.complete { "" } else { " so far" },
                r.won_positions,
                r.lost_ends,
                r.depth
            );
            let _ = writeln!(out, "{}", stats_line(&r.stats));
            if r.solvable.is_none() {
                let _ = writeln!(out, "{}", out_of_reach(&r.stats, secs));
            }
        }
        return Ok(exit_code(&r.stats, r.solvable.is_some()));
    }
    if players != 2 {
        return Err(Error::msg(format!(
            "solve: {} has {players} players; solve handles solitaires and two-player games (try perft)",
            g.rule.name
        )));
    }
    let Some(depth) = a.depth else {
        return crate::cli::exact::cmd_exact(
            &g,
            a.json,
            a.tablebase.as_deref(),
            &limits,
            a.threads as usize,
            secs,
            &title,
            &line,
        );
    };
    let r = value(&g.rule, g.current(), depth, &limits, Some(&mut cb));
    line.clear();
    let r = r?;
    if a.json {
        print_json(&mut out, &r, &g)?;
    } else {
        let word = |v: i8| match v {
            1 => "win",
            0 => "draw",
            _ => "loss",
        };
        let verdict = match r.value {
            Some(v) => format!("{} for player {} (to move)", word(v), r.player),
            None => format!(
                "unknown within {} move{}: between {} and {} for player {} (to move)",
                r.depth,
                if r.depth == 1 { "" } else { "s" },
                word(r.lo),
                word(r.hi),
                r.player
            ),
        };
        let _ = writeln!(out, "{title}: {verdict}");
        if let Some(b) = &r.best {
            let _ = writeln!(out, "best move: {b}");
        }
        let _ = writeln!(out, "positions: {} (depth {})", r.positions, r.depth);
        let _ = writeln!(out, "{}", stats_line(&r.stats));
        if r.value.is_none() {
            let _ = writeln!(out, "{}", out_of_reach(&r.stats, secs));
        }
    }
    Ok(exit_code(&r.stats, r.value.is_some()))
}

/// `sowlab perft`: counts move sequences by depth.
pub fn cmd_perft(dir: &RulePath, a: PerftArgs) -> Result<i32> {
    use std::io::Write;
    let g = load_game(dir, &a.game)?;
    let limits = SearchLimits {
        max_nodes: a.max_nodes,
        ..SearchLimits::default()
    };
    crate::cli::leave_on_second_interrupt();
    let line = SearchSpinner::stderr();
    let mut cb = |p: &Progress| line.show(p);
    let r = perft(&g.rule, g.current(), a.depth, &limits, Some(&mut cb));
    line.clear();
    let r = r?;
    let mut out = std::io::stdout().lock();
    if a.json {
        let _ = writeln!(out, "{}", serde_json::to_string(&r).unwrap_or_default());
    } else {
        for (d, c) in r.counts.iter().enumerate().skip(1) {
            let _ = writeln!(out, "depth {d}: {c}");
        }
        let _ = writeln!(out, "{}", stats_line(&r.stats));
    }
    Ok(exit_code(&r.stats, true))
}
