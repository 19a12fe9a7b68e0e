//! How `solve` and `perft` report a search: the statistics line, the exit status, the JSON
//! line with the rule and options, and why an answer is out of reach.

use serde::Serialize;

use crate::error::{Error, Result};
use crate::search::solve::{Stats, Stop};

/// The exit status of a search whose answer is not known (stopped by a limit, or out of reach
/// within the depth); 130 is Ctrl-C, 1 an error.
pub const EXIT_INCOMPLETE: i32 = 3;

/// The search's statistics in one line (nodes, time, rate, table; why it stopped early).
pub fn stats_line(s: &Stats) -> String {
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
pub fn exit_code(s: &Stats, known: bool) -> i32 {
    match s.stopped {
        Some(Stop::Interrupted) => 130,
        _ if !known => EXIT_INCOMPLETE,
        Some(Stop::FirstSolution) | None => 0,
        Some(_) => EXIT_INCOMPLETE,
    }
}

/// Prints a search result as one line of JSON, with the rule and its options added.
pub fn print_json(
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

/// Why the answer is not known, and what to try.
pub fn out_of_reach(s: &Stats, secs: u64) -> String {
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
