//! `sowlab solve` and `sowlab perft`: the searches of [`crate::search::solve`] with a progress
//! spinner on a terminal, text or JSON output, and exit 130 when Ctrl-C stopped them.

use serde::Serialize;

use crate::cli::args::{load_game, GameArgs};
use crate::cli::progress::SearchSpinner;
use crate::engine::rule::library::RulePath;
use crate::engine::rule::rules::board;
use crate::error::{Error, Result};
use crate::search::solve::{explore, perft, value, Progress, SearchLimits, Stats, Stop};

/// Arguments of `sowlab solve`.
#[derive(clap::Args, Debug)]
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
    /// Two-player games: search at most this many moves deep (at least 1).
    #[arg(long, value_name = "D", default_value_t = 16, value_parser = clap::value_parser!(u16).range(1..))]
    pub depth: u16,
    /// Stop after this many seconds with a partial result (0: no limit). Default: 30 for
    /// two-player games, none for solitaires.
    #[arg(long, value_name = "SECS")]
    pub time: Option<u64>,
}

/// The default time budget of a two-player `solve`, in seconds.
pub const TWO_PLAYER_TIME: u64 = 30;

/// The exit status of a search whose answer is not known (stopped by a limit, or out of reach
/// within the depth); 130 is Ctrl-C, 1 an error.
pub const EXIT_INCOMPLETE: i32 = 3;

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

fn stats_line(s: &Stats) -> String {
    let kib = s.table_bytes as f64 / 1024.0;
    format!(
        "search: {} nodes in {:.3} s ({:.0} nodes/s), table ~{:.0} KiB{}",
        s.nodes,
        s.seconds,
        s.nodes_per_second(),
        kib,
        match s.stopped {
            Some(st) => format!(", INCOMPLETE: {}", st.describe()),
            None => String::new(),
        }
    )
}

/// 130 after Ctrl-C, [`EXIT_INCOMPLETE`] when the answer is not known, else 0.
fn exit_code(s: &Stats, known: bool) -> i32 {
    match s.stopped {
        Some(Stop::Interrupted) => 130,
        _ if !known => EXIT_INCOMPLETE,
        Some(Stop::FirstSolution) | None => 0,
        Some(_) => EXIT_INCOMPLETE,
    }
}

/// Prints a search result as one line of JSON, with the rule and its options added.
fn print_json(
    out: &mut impl std::io::Write,
    r: &impl Serialize,
    g: &crate::engine::game::game::Game,
) -> Result<()> {
    let mut v = serde_json::to_value(r).map_err(|e| Error::msg(e.to_string()))?;
    v["rule"] = g.rule.name.clone().into();
    v["options"] = serde_json::to_value(&g.options).unwrap_or_default();
    let _ = writeln!(out, "{}", serde_json::to_string(&v).unwrap_or_default());
    Ok(())
}

/// `sowlab solve`: solves a solitaire, or gives the value of a two-player position.
pub fn cmd_solve(dir: &RulePath, a: SolveArgs) -> Result<i32> {
    use std::io::Write;
    let g = load_game(dir, &a.game)?;
    let players = board(g.current()).players();
    let secs = a
        .time
        .unwrap_or(if players == 1 { 0 } else { TWO_PLAYER_TIME });
    let limits = SearchLimits {
        max_nodes: a.max_nodes,
        max_positions: a.max_positions,
        max_bytes: a.max_memory.map_or(0, |m| m << 20),
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
    let r = value(&g.rule, g.current(), a.depth, &limits, Some(&mut cb));
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

/// Why the answer is not known, and what to try.
fn out_of_reach(s: &Stats, secs: u64) -> String {
    let why = match s.stopped {
        Some(Stop::Deadline) => format!("the time budget ran out ({secs} s; --time SECS, 0: none)"),
        Some(Stop::Interrupted) => "interrupted".to_string(),
        Some(Stop::NodeLimit) => "the node limit was reached (--max-nodes)".to_string(),
        Some(Stop::PositionLimit) => "the position limit was reached (--max-positions)".to_string(),
        Some(st) => st.describe().to_string(),
        None => "the game goes on past the depth searched (--depth D, --time SECS)".to_string(),
    };
    format!("the answer is out of reach: {why}; exit status {EXIT_INCOMPLETE}")
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
