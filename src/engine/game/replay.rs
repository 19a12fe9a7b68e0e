//! Replaying a game under a reloaded (edited) rule: the same moves from the same start, reporting
//! the first move that now plays differently, a move that became illegal, or a game that now ends
//! sooner. The REPL's `reload` and the web playground's "save and reload" both use it.

use std::sync::Arc;

use crate::engine::board::state::StateJson;
use crate::engine::game::game::{Game, Position};
use crate::engine::rule::rules::{board, Rule};
use crate::error::Result;

/// A game replayed under another rule.
pub struct Replay {
    /// The new game: the moves that could be replayed.
    pub game: Game,
    /// What differs, in words, first difference first (empty when everything replays the same).
    pub report: Vec<String>,
    /// The index (0-based) of the first move whose position now differs, if any.
    pub first_diff: Option<usize>,
    /// Moves of the old game.
    pub total: usize,
}

impl Replay {
    /// The report as the REPL prints it: one headline, then one indented line per difference.
    pub fn lines(&self, path: &str) -> Vec<String> {
        let replayed = self.game.history.len();
        if self.report.is_empty() {
            return vec![format!(
                "reloaded {path}: {}",
                match self.total {
                    0 => "no move to replay".to_string(),
                    1 => "the 1 move replays identically".to_string(),
                    n => format!("the {n} moves replay identically"),
                }
            )];
        }
        let mut out = vec![format!(
            "reloaded {path}: {replayed} of {} move{} replayed",
            self.total,
            if self.total == 1 { "" } else { "s" }
        )];
        out.extend(self.report.iter().map(|r| format!("  {r}")));
        out
    }
}

/// Starts a game of `rule` with `options`, from `start` when given.
pub fn new_game(
    rule: Arc<Rule>,
    options: crate::engine::rule::rules::Options,
    start: Option<&Position>,
) -> Result<Game> {
    match start {
        Some(p) => Game::with_position(rule, options, p),
        None => Game::new(rule, options),
    }
}

/// Replays the moves of `old` under `rule` (with the old options, checked against the new rule),
/// from `start` (the custom start of `old`, if it has one). Fails only when the new rule cannot
/// start a game; a move that became illegal or a game that now ends sooner stops the replay and is
/// reported.
pub fn replay_under(old: &Game, rule: Arc<Rule>, start: Option<&Position>) -> Result<Replay> {
    let options = rule.check_options(&old.options)?;
    let mut g = new_game(rule, options, start)?;
    let mut report = Vec::new();
    let old_start = board(&old.start).state_json();
    if g.state() != old_start {
        report.push(format!(
            "the start position differs: {}",
            state_diff(&old_start, &g.state())
        ));
    }
    let mut first_diff = None;
    for (i, ply) in old.history.iter().enumerate() {
        let now_over = g.board();
        if now_over.over {
            report.push(format!(
                "move {} ({}) is no longer played: the game now ends after move {i} ({}); kept the {i} move{} before it",
                i + 1,
                ply.label,
                now_over.outcome().unwrap_or_default(),
                if i == 1 { "" } else { "s" }
            ));
            break;
        }
        match g.play(&ply.label) {
            Err(e) => {
                report.push(format!(
                    "move {} ({}) is now illegal: {}; kept the {i} move{} before it",
                    i + 1,
                    ply.label,
                    e.one_line(),
                    if i == 1 { "" } else { "s" }
                ));
                break;
            }
            Ok(p) => {
                let (was, now): (StateJson, StateJson) =
                    (board(&ply.after).state_json(), board(&p.after).state_json());
                if first_diff.is_none() && was != now {
                    first_diff = Some(i);
                    report.push(format!(
                        "move {} ({}) now plays differently: {}",
                        i + 1,
                        ply.label,
                        state_diff(&was, &now)
                    ));
                }
            }
        }
    }
    Ok(Replay {
        game: g,
        report,
        first_diff,
        total: old.history.len(),
    })
}

/// The fields of two states that differ: `pits [3,0,1,1] -> [3,3,0,0], over false -> true`.
pub fn state_diff(was: &StateJson, now: &StateJson) -> String {
    let (a, b) = (serde_json::to_value(was), serde_json::to_value(now));
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) = (a, b) else {
        return format!("was {was:?}, now {now:?}");
    };
    let null = serde_json::Value::Null;
    let mut keys: Vec<&String> = a.keys().collect();
    keys.extend(b.keys().filter(|k| !a.contains_key(*k)));
    keys.into_iter()
        .filter_map(|k| {
            let (x, y) = (a.get(k).unwrap_or(&null), b.get(k).unwrap_or(&null));
            (x != y).then(|| format!("{k} {x} -> {y}"))
        })
        .collect::<Vec<_>>()
        .join(", ")
}
