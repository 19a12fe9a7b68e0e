//! `compare`: two simulations on the same seeds and agents, their figures side by side with a
//! test of each difference.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::experiment::record::Record;
use crate::experiment::report::{csv_line, show_options, table, SimReport};
use crate::experiment::stats::{self, round4, Summary, Test};

/// One line of a comparison: a figure under A and B, the difference and a test.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompareRow {
    /// What is compared (`P1 wins`, `moves`).
    pub what: String,
    /// The figure under A (a rate or a mean).
    pub a: f64,
    /// The figure under B.
    pub b: f64,
    /// b − a.
    pub diff: f64,
    /// `z` (two-proportion z-test) or `welch` (Welch's t-test).
    pub test: String,
    /// The statistic (of B − A, so its sign is the difference's) and its two-sided p-value.
    pub result: Test,
    /// p < alpha.
    pub significant: bool,
}

/// Two simulations on the same seeds and agents, side by side.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// How to reproduce it (the games it covers are those of `a` and `b`).
    pub record: Record,
    /// Under A.
    pub a: SimReport,
    /// Under B.
    pub b: SimReport,
    /// The significance level.
    pub alpha: f64,
    /// The figures compared.
    pub rows: Vec<CompareRow>,
}

/// Compares two reports (rates by two-proportion z-tests, means by Welch's t-tests).
pub fn compare_reports(a: SimReport, b: SimReport, alpha: f64) -> Comparison {
    let mut rows = Vec::new();
    let (ta, tb) = (&a.tally, &b.tally);
    let rate = |what: String, ka: u64, kb: u64| {
        let t = stats::two_proportion(kb, tb.games, ka, ta.games);
        let (ra, rb) = (ka as f64 / ta.games as f64, kb as f64 / tb.games as f64);
        CompareRow {
            what,
            a: round4(ra),
            b: round4(rb),
            diff: round4(rb - ra),
            test: "z".into(),
            significant: t.p < alpha,
            result: round_test(t),
        }
    };
    let mean = |what: String, sa: &Summary, sb: &Summary| {
        let t = stats::welch(sb, sa);
        CompareRow {
            what,
            a: round4(sa.mean()),
            b: round4(sb.mean()),
            diff: round4(sb.mean() - sa.mean()),
            test: "welch".into(),
            significant: t.p < alpha,
            result: round_test(t),
        }
    };
    let n = ta.wins.len().min(tb.wins.len());
    // A drawn game is a draw for every player: one row, unless the counts differ by player.
    let same = |d: &[u64]| d.windows(2).all(|w| w[0] == w[1]);
    let one_draw_row = same(&ta.draws[..n]) && same(&tb.draws[..n]);
    for p in 0..n {
        rows.push(rate(format!("P{} wins", p + 1), ta.wins[p], tb.wins[p]));
        if (ta.wins.len() > 1 || tb.wins.len() > 1) && !one_draw_row {
            rows.push(rate(format!("P{} draws", p + 1), ta.draws[p], tb.draws[p]));
        }
        rows.push(mean(
            if n == 1 {
                // A solitaire captures nothing: the seeds it got into the store.
                "seeds stored".to_string()
            } else {
                format!("P{} captures", p + 1)
            },
            &ta.material[p],
            &tb.material[p],
        ));
    }
    if n > 1 && one_draw_row {
        rows.push(rate("draws".into(), ta.draws[0], tb.draws[0]));
    }
    rows.push(mean("moves".into(), &ta.moves, &tb.moves));
    rows.push(mean("laps".into(), &ta.laps, &tb.laps));
    if a.rounds.is_some() && b.rounds.is_some() {
        rows.push(mean("rounds".into(), &ta.rounds, &tb.rounds));
    }
    rows.push(rate("capped".into(), ta.capped, tb.capped));
    let record = Record {
        command: "compare".into(),
        ..a.record.clone()
    };
    Comparison {
        record,
        a,
        b,
        alpha,
        rows,
    }
}

fn round_test(t: Test) -> Test {
    Test {
        stat: if t.stat.is_finite() {
            round4(t.stat)
        } else {
            t.stat
        },
        p: if t.p < 1e-4 && t.p > 0.0 {
            // keep small p-values readable but not rounded to 0
            (t.p * 1e12).round() / 1e12
        } else {
            round4(t.p)
        },
    }
}

impl Comparison {
    /// The comparison as text.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let name = |r: &SimReport| {
            if r.options.is_empty() {
                r.rule.clone()
            } else {
                format!("{} ({})", r.rule, show_options(&r.options))
            }
        };
        let _ = writeln!(s, "A: {}", name(&self.a));
        let _ = writeln!(s, "B: {}", name(&self.b));
        if self.a.games == self.b.games {
            let _ = writeln!(
                s,
                "{} games each, seed {}, agents {}; significant: p < {}",
                self.a.games,
                self.a.seed,
                self.a.agents.join(","),
                self.alpha
            );
        } else {
            let _ = writeln!(
                s,
                "A {} games, B {} games, seed {}, agents {}; significant: p < {}",
                self.a.games,
                self.b.games,
                self.a.seed,
                self.a.agents.join(","),
                self.alpha
            );
        }
        for (tag, r) in [("A", &self.a), ("B", &self.b)] {
            if let Some(asked) = r.interrupted {
                let _ = writeln!(
                    s,
                    "INTERRUPTED by Ctrl-C: {tag} covers the {} of {asked} games that finished",
                    r.games
                );
            }
        }
        let mut rows = vec![vec![
            "".to_string(),
            "A".into(),
            "B".into(),
            "B - A".into(),
            "test".into(),
            "p".into(),
            "significant".into(),
        ]];
        for r in &self.rows {
            let is_rate = r.test == "z";
            let f = |x: f64| {
                if is_rate {
                    format!("{:.1}%", x * 100.0)
                } else {
                    format!("{x:.2}")
                }
            };
            let d = if is_rate {
                format!("{:+.1} pts", r.diff * 100.0)
            } else {
                format!("{:+.2}", r.diff)
            };
            rows.push(vec![
                r.what.clone(),
                f(r.a),
                f(r.b),
                d,
                format!("{} = {:.2}", if is_rate { "z" } else { "t" }, r.result.stat),
                format_p(r.result.p),
                if r.significant { "yes" } else { "no" }.into(),
            ]);
        }
        s.push_str(&table(&rows));
        let _ = writeln!(
            s,
            "time: {:.2} s (A) + {:.2} s (B)",
            self.a.elapsed_secs, self.b.elapsed_secs
        );
        s
    }

    /// The comparison as CSV: one row per figure, then the run record (repeated on every row).
    pub fn csv(&self) -> String {
        let mut s = csv_line(
            &[
                "what",
                "a",
                "b",
                "diff",
                "test",
                "stat",
                "p",
                "significant",
                "rule_a",
                "rule_hash_a",
                "options_a",
                "rule_b",
                "rule_hash_b",
                "options_b",
                "agents",
                "seed",
                "games",
                "max_moves",
                "rotate",
            ]
            .into_iter()
            .chain(Record::CSV_COLUMNS)
            .collect::<Vec<_>>(),
        );
        let (a, b, rec) = (&self.a, &self.b, &self.record);
        for r in &self.rows {
            s.push_str(&csv_line(
                &[
                    r.what.clone(),
                    r.a.to_string(),
                    r.b.to_string(),
                    r.diff.to_string(),
                    r.test.clone(),
                    r.result.stat.to_string(),
                    r.result.p.to_string(),
                    r.significant.to_string(),
                    a.rule.clone(),
                    a.rule_hash.clone(),
                    show_options(&a.options),
                    b.rule.clone(),
                    b.rule_hash.clone(),
                    show_options(&b.options),
                    a.agents.join(" "),
                    a.seed.to_string(),
                    a.games.to_string(),
                    a.max_moves.to_string(),
                    a.rotate.to_string(),
                ]
                .into_iter()
                .chain(rec.csv_fields())
                .collect::<Vec<_>>(),
            ));
        }
        s
    }
}

fn format_p(p: f64) -> String {
    if p < 0.0001 {
        "<0.0001".into()
    } else {
        format!("{p:.4}")
    }
}
