//! `sweep`: a simulation at every combination of some option values.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::engine::rule::rules::{board, Rule};
use crate::error::{Error, Result};
use crate::experiment::record::{Part, PartSpec, Record};
use crate::experiment::report::{csv_line, table, SimReport};
use crate::experiment::runner::{seat_agents, simulate, SimConfig};

/// Parses `KEY=V1,V2,...`; a value `A..B` stands for the integers A to B.
pub fn parse_vary(s: &str) -> Result<(String, Vec<String>)> {
    let Some((k, vs)) = s.split_once('=') else {
        return Err(Error::msg(format!(
            "bad --vary `{}`: write KEY=V1,V2,..., e.g. --vary seeds=2,3,4",
            crate::engine::game::game::clip(s)
        )));
    };
    let mut values: Vec<String> = Vec::new();
    for v in vs.split(',').map(str::trim).filter(|v| !v.is_empty()) {
        match range(v) {
            Some(Ok(r)) => values.extend(r.map(|n| n.to_string())),
            Some(Err(why)) => {
                return Err(Error::msg(format!(
                    "bad --vary `{}`: {why}",
                    crate::engine::game::game::clip(s)
                )))
            }
            None => values.push(v.to_string()),
        }
    }
    if k.trim().is_empty() || values.is_empty() {
        return Err(Error::msg(format!(
            "bad --vary `{}`: write KEY=V1,V2,..., e.g. --vary seeds=2,3,4",
            crate::engine::game::game::clip(s)
        )));
    }
    Ok((k.trim().to_string(), values))
}

/// The most values one range of `--vary` gives.
const MAX_RANGE: i64 = 10_000;

/// `A..B` (integers, both included) as its values; `None` when `v` is not a range.
fn range(v: &str) -> Option<std::result::Result<std::ops::RangeInclusive<i64>, String>> {
    let (a, b) = v.split_once("..")?;
    let (Ok(a), Ok(b)) = (a.trim().parse::<i64>(), b.trim().parse::<i64>()) else {
        return Some(Err(format!(
            "`{v}` is not a range of integers: write A..B, e.g. 1..8"
        )));
    };
    if a > b {
        return Some(Err(format!(
            "the range `{v}` is empty: write A..B with A <= B"
        )));
    }
    if b.saturating_sub(a) >= MAX_RANGE {
        return Some(Err(format!(
            "the range `{v}` has more than {MAX_RANGE} values"
        )));
    }
    Some(Ok(a..=b))
}

/// The grid of a sweep: every combination, the first key varying slowest.
pub fn grid(vary: &[(String, Vec<String>)]) -> Vec<Vec<(String, String)>> {
    let mut out: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for (k, vs) in vary {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                vs.iter().map(move |v| {
                    let mut p = prefix.clone();
                    p.push((k.clone(), v.clone()));
                    p
                })
            })
            .collect();
    }
    out
}

/// One point of a sweep.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SweepPoint {
    /// The varied options at this point (as given).
    pub vary: BTreeMap<String, String>,
    /// The simulation there.
    pub report: SimReport,
}

/// A sweep's results (or a part of them: the record's `start..end` counts items, point `p` game
/// `i` being item `p × games + i`; every point is listed, with the games of the part).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Sweep {
    /// How to reproduce it.
    pub record: Record,
    /// The rule (as named).
    pub rule: String,
    /// The hash of the rule's content.
    pub rule_hash: String,
    /// The options set at every point (`KEY=VALUE`, as given).
    pub sets: Vec<String>,
    /// The varied options and their values, as given.
    pub vary: Vec<(String, Vec<String>)>,
    /// The varied keys, in the order given.
    pub keys: Vec<String>,
    /// The agents as given (one for all players, or one per player).
    pub agents: Vec<String>,
    /// The run's seed (every point plays the same game seeds).
    pub seed: u64,
    /// Games per point in the whole run.
    pub games: u64,
    /// The driver's move cap.
    pub max_moves: u64,
    /// Whether the agents rotate through the seats.
    pub rotate: bool,
    /// The points, first key slowest.
    pub points: Vec<SweepPoint>,
    /// When Ctrl-C stopped the sweep: the number of grid points (the last point listed is partial,
    /// the ones after it were not run). Absent from JSON when the sweep finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<usize>,
}

/// Runs `simulate` at every point of the grid (all options are checked before any game is played).
pub fn sweep(
    rule: &Rule,
    sets: &[String],
    vary: &[(String, Vec<String>)],
    cfg: &SimConfig,
) -> Result<Sweep> {
    let mut seen = Vec::new();
    for (k, _) in vary {
        if seen.contains(k) {
            return Err(Error::msg(format!("--vary {k} is given twice")));
        }
        rule.option(k)?;
        seen.push(k.clone());
    }
    // The grid's size is known before it is built: refuse one too big to build or to run.
    let max = crate::engine::base::limits::max_sweep();
    let size = vary
        .iter()
        .try_fold(1u64, |n, (_, vs)| n.checked_mul(vs.len() as u64))
        .filter(|&n| n <= max);
    if size.is_none() {
        let each: Vec<String> = vary.iter().map(|(_, vs)| vs.len().to_string()).collect();
        return Err(Error::msg(format!(
            "the sweep has {} points, more than {max} (SOWLAB_MAX_SWEEP)",
            each.join(" x ")
        )));
    }
    let points = grid(vary);
    let mut resolved = Vec::new();
    for p in &points {
        let mut all: Vec<String> = sets.to_vec();
        all.extend(p.iter().map(|(k, v)| format!("{k}={v}")));
        let opts = rule.resolve_options(&all)?;
        // Check each point's players against the agents before playing any game.
        let start = rule.new_board(&opts)?;
        seat_agents(&cfg.agents, board(&start).players()).map_err(|e| e.context(all.join(" ")))?;
        resolved.push(opts);
    }
    let size = (points.len() as u64)
        .checked_mul(cfg.games)
        .ok_or_else(|| Error::msg("the sweep has too many games"))?;
    let part = Part::of(cfg.part, size)?;
    let mut out = Vec::new();
    let mut interrupted = None;
    let count = points.len();
    for (j, (p, opts)) in points.into_iter().zip(resolved).enumerate() {
        let label = p
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ");
        if let Some(pr) = &cfg.progress {
            pr.stage(&format!("point {}/{count}: {label}", j + 1));
        }
        // This point's games within the part of the items.
        let first = j as u64 * cfg.games;
        let lo = part.start.clamp(first, first + cfg.games) - first;
        let hi = part.end.clamp(first, first + cfg.games) - first;
        let cfg = SimConfig {
            part: Some(PartSpec::Range(lo, hi.max(lo))),
            ..cfg.clone()
        };
        let report = simulate(rule, &opts, &cfg).map_err(|e| e.context(&label))?;
        let stopped = report.interrupted.is_some();
        out.push(SweepPoint {
            vary: p.into_iter().collect(),
            report,
        });
        if stopped {
            interrupted = Some(count);
            break;
        }
    }
    Ok(Sweep {
        record: Record::new("sweep", size, &part),
        rule: rule.name.clone(),
        rule_hash: rule.content_hash.clone(),
        sets: sets.to_vec(),
        vary: vary.to_vec(),
        keys: seen,
        agents: cfg.agents.iter().map(|a| a.to_string()).collect(),
        seed: cfg.seed,
        games: cfg.games,
        max_moves: cfg.max_moves,
        rotate: cfg.rotate,
        points: out,
        interrupted,
    })
}

impl Sweep {
    /// The sweep as a text table: one line per point.
    pub fn text(&self) -> String {
        let maxp = self
            .points
            .iter()
            .map(|p| p.report.players.len())
            .max()
            .unwrap_or(0);
        let mut head: Vec<String> = self.keys.clone();
        for p in 1..=maxp {
            head.push(format!("P{p} wins [95% CI]"));
        }
        if maxp > 1 {
            head.push("draws".into());
        }
        head.extend(["moves mean/med/max".to_string(), "capped".into()]);
        let mut rows = vec![head];
        for pt in &self.points {
            let r = &pt.report;
            let mut row: Vec<String> = self.keys.iter().map(|k| pt.vary[k].clone()).collect();
            for p in 0..maxp {
                row.push(r.players.get(p).map(|x| x.wins.show()).unwrap_or_default());
            }
            if maxp > 1 {
                row.push(
                    r.players
                        .first()
                        .map(|x| format!("{:.1}%", x.draws.rate * 100.0))
                        .unwrap_or_default(),
                );
            }
            row.push(format!(
                "{:.1}/{}/{}",
                r.moves.mean, r.moves.median, r.moves.max
            ));
            row.push(r.capped.to_string());
            rows.push(row);
        }
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{}: {} games per point, seed {}, agents {}{}",
            self.rule,
            self.games,
            self.seed,
            self.agents.join(","),
            if self.record.whole() {
                String::new()
            } else {
                format!(
                    " (items {}..{} of {})",
                    self.record.start, self.record.end, self.record.size
                )
            }
        );
        s.push_str(&table(&rows));
        if let (Some(count), Some(last)) = (self.interrupted, self.points.last()) {
            let _ = writeln!(
                s,
                "INTERRUPTED by Ctrl-C at point {} of {count}: its row covers {} of {} games; \
                 the points after it were not run",
                self.points.len(),
                last.report.games,
                last.report.interrupted.unwrap_or(last.report.games)
            );
        }
        let secs: f64 = self.points.iter().map(|p| p.report.elapsed_secs).sum();
        let moves: u64 = self.points.iter().map(|p| p.report.total_moves).sum();
        let _ = writeln!(s, "{moves} moves in {secs:.2} s");
        s
    }

    /// The sweep as CSV: the varied keys, then the simulate columns, one row per point and player.
    pub fn csv(&self) -> String {
        let mut head: Vec<&str> = self.keys.iter().map(String::as_str).collect();
        head.extend(SimReport::csv_header());
        let mut s = csv_line(&head);
        for pt in &self.points {
            for row in pt.report.csv_rows() {
                let mut full: Vec<String> = self.keys.iter().map(|k| pt.vary[k].clone()).collect();
                full.extend(row);
                s.push_str(&csv_line(&full));
            }
        }
        s
    }
}
