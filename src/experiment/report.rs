//! What a simulation reports: running tallies ([`Tally`]), rates with their intervals ([`Rate`]),
//! per player and per agent results, and the [`SimReport`] with its text, JSON and CSV forms.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::engine::rule::rules::{Options, Rule};
use crate::experiment::config::SimConfig;
use crate::experiment::game::GameResult;
use crate::experiment::record::{Part, Record};
use crate::experiment::stats::{self, round4, Summary, SummaryView, Z95};
use crate::search::agent::Agent;

/// Running totals over games (exact, order-independent). Reports carry it (JSON `tally`), so that
/// the parts of a run add up to the whole run's report exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Games the driver's cap cut.
    pub capped: u64,
    /// Wins per player.
    pub wins: Vec<u64>,
    /// Draws per player (finished games without winner, with two or more players).
    pub draws: Vec<u64>,
    /// Losses per player (finished games someone else won; a solitaire ending without winner).
    pub losses: Vec<u64>,
    /// Material at the end, per player.
    pub material: Vec<Summary>,
    /// Moves per game.
    pub moves: Summary,
    /// Laps per game.
    pub laps: Summary,
    /// The `round` variable at the end, when the rule declares one.
    pub rounds: Summary,
    /// Wins per agent of the list (differs from `wins` only when agents rotate through seats).
    pub agent_wins: Vec<u64>,
    /// Draws per agent of the list.
    pub agent_draws: Vec<u64>,
    /// Losses per agent of the list.
    pub agent_losses: Vec<u64>,
}

impl Tally {
    pub(crate) fn new(players: usize) -> Tally {
        Tally {
            wins: vec![0; players],
            draws: vec![0; players],
            losses: vec![0; players],
            material: vec![Summary::default(); players],
            agent_wins: vec![0; players],
            agent_draws: vec![0; players],
            agent_losses: vec![0; players],
            ..Tally::default()
        }
    }

    /// Folds in one game, in which player `p` was played by agent `(p − 1 + offset) mod n`.
    pub(crate) fn add(&mut self, r: &GameResult, offset: usize) {
        let n = self.wins.len();
        self.games += 1;
        if r.capped {
            self.capped += 1;
        } else {
            for p in 1..=n {
                let a = (p - 1 + offset) % n;
                if r.winner == p {
                    self.wins[p - 1] += 1;
                    self.agent_wins[a] += 1;
                } else if r.winner == 0 && n > 1 {
                    self.draws[p - 1] += 1;
                    self.agent_draws[a] += 1;
                } else {
                    self.losses[p - 1] += 1;
                    self.agent_losses[a] += 1;
                }
            }
        }
        for (s, &m) in self.material.iter_mut().zip(&r.material) {
            s.add(m.max(0) as u64);
        }
        self.moves.add(r.moves);
        self.laps.add(r.laps);
        if let Some(x) = r.round {
            self.rounds.add(x.max(0) as u64);
        }
    }

    /// Adds another tally (from another thread).
    pub fn merge(&mut self, o: &Tally) {
        self.games += o.games;
        self.capped += o.capped;
        for (a, b) in [
            (&mut self.wins, &o.wins),
            (&mut self.draws, &o.draws),
            (&mut self.losses, &o.losses),
            (&mut self.agent_wins, &o.agent_wins),
            (&mut self.agent_draws, &o.agent_draws),
            (&mut self.agent_losses, &o.agent_losses),
        ] {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
        }
        for (x, y) in self.material.iter_mut().zip(&o.material) {
            x.merge(y);
        }
        self.moves.merge(&o.moves);
        self.laps.merge(&o.laps);
        self.rounds.merge(&o.rounds);
    }
}

/// A rate with its 95% Wilson interval.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    /// The count.
    pub count: u64,
    /// count / games.
    pub rate: f64,
    /// Lower end of the 95% Wilson interval.
    pub lo: f64,
    /// Upper end of the 95% Wilson interval.
    pub hi: f64,
}

impl Rate {
    fn new(k: u64, n: u64) -> Rate {
        let (lo, hi) = stats::wilson(k, n, Z95);
        Rate {
            count: k,
            rate: if n == 0 {
                0.0
            } else {
                round4(k as f64 / n as f64)
            },
            lo: round4(lo),
            hi: round4(hi),
        }
    }

    /// `52.3% [49.2, 55.4]`.
    pub fn show(&self) -> String {
        format!(
            "{:.1}% [{:.1}, {:.1}]",
            self.rate * 100.0,
            self.lo * 100.0,
            self.hi * 100.0
        )
    }
}

/// One player's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerReport {
    /// The player (seat), 1-based.
    pub player: usize,
    /// The agent that played it.
    pub agent: String,
    /// Wins.
    pub wins: Rate,
    /// Draws.
    pub draws: Rate,
    /// Losses.
    pub losses: Rate,
    /// Mean material at the end (stores owned plus reserve).
    pub captures: f64,
}

/// One agent's results over all seats (with `rotate`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AgentReport {
    /// Its place in the agent list, 1-based.
    pub index: usize,
    /// The agent.
    pub agent: String,
    /// Wins.
    pub wins: Rate,
    /// Draws.
    pub draws: Rate,
    /// Losses.
    pub losses: Rate,
}

/// The report of a simulation (or of a part of one: see [`Record`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SimReport {
    /// How to reproduce it: format, sowlab's version and commit, the games it covers.
    pub record: Record,
    /// The rule (as named).
    pub rule: String,
    /// The hash of the rule's content (its file, imports and preset).
    pub rule_hash: String,
    /// The options in force.
    pub options: Options,
    /// The start position (state JSON) when it is not the rule's own start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<serde_json::Value>,
    /// One agent per player.
    pub agents: Vec<String>,
    /// The run's seed.
    pub seed: u64,
    /// Games played (in this part of the run; `record.size` is the whole run's).
    pub games: u64,
    /// The driver's move cap.
    pub max_moves: u64,
    /// Per player.
    pub players: Vec<PlayerReport>,
    /// Whether the agents rotated through the seats.
    pub rotate: bool,
    /// Per agent of the list, when they rotated through the seats.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub by_agent: Option<Vec<AgentReport>>,
    /// Games the rules ended.
    pub finished: u64,
    /// Games the driver's cap cut.
    pub capped: u64,
    /// Moves per game.
    pub moves: SummaryView,
    /// Laps per game.
    pub laps: SummaryView,
    /// Rounds per game (the rule's `round` variable at the end), when it declares one.
    pub rounds: Option<SummaryView>,
    /// Moves played in all.
    pub total_moves: u64,
    /// Wall-clock time (not reproducible).
    pub elapsed_secs: f64,
    /// Moves per second (not reproducible).
    pub moves_per_sec: u64,
    /// When Ctrl-C stopped the run: the number of games asked for (the report covers the
    /// `games` that finished). Absent from JSON when the run finished.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<u64>,
    /// The raw tallies, from which every figure above follows (what `merge` adds up).
    pub tally: Tally,
}

/// The report of a run (or part) from its tally.
#[allow(clippy::too_many_arguments)]
pub(crate) fn build(
    rule: &Rule,
    options: &Options,
    position: Option<serde_json::Value>,
    cfg: &SimConfig,
    part: &Part,
    agents: &[Agent],
    t: Tally,
    has_rounds: bool,
    elapsed: f64,
) -> SimReport {
    let players = t.wins.len();
    let mut r = SimReport {
        record: Record::new("simulate", cfg.games, part),
        rule: rule.name.clone(),
        rule_hash: rule.content_hash.clone(),
        options: options.clone(),
        position,
        agents: agents.iter().map(|a| a.to_string()).collect(),
        seed: cfg.seed,
        games: 0,
        max_moves: cfg.max_moves,
        players: Vec::new(),
        rotate: cfg.rotate,
        by_agent: None,
        finished: 0,
        capped: 0,
        moves: SummaryView::default(),
        laps: SummaryView::default(),
        rounds: has_rounds.then(SummaryView::default),
        total_moves: 0,
        elapsed_secs: 0.0,
        moves_per_sec: 0,
        interrupted: None,
        tally: Tally::new(players),
    };
    r.set_tally(t, elapsed);
    r
}

impl SimReport {
    /// Sets the tally and the wall-clock time, and recomputes every figure from them (the header -
    /// record, rule, options, agents, seed, cap, rotation - stays). A merged run is built this way
    /// from the sum of its parts' tallies, as the run itself was from its own.
    pub fn set_tally(&mut self, t: Tally, elapsed: f64) {
        let n = t.games;
        self.players = (0..t.wins.len())
            .map(|i| PlayerReport {
                player: i + 1,
                agent: if self.rotate {
                    "rotating".to_string()
                } else {
                    self.agents.get(i).cloned().unwrap_or_default()
                },
                wins: Rate::new(t.wins[i], n),
                draws: Rate::new(t.draws[i], n),
                losses: Rate::new(t.losses[i], n),
                captures: round4(t.material[i].mean()),
            })
            .collect();
        self.by_agent = self.rotate.then(|| {
            (0..t.wins.len())
                .map(|i| AgentReport {
                    index: i + 1,
                    agent: self.agents.get(i).cloned().unwrap_or_default(),
                    wins: Rate::new(t.agent_wins[i], n),
                    draws: Rate::new(t.agent_draws[i], n),
                    losses: Rate::new(t.agent_losses[i], n),
                })
                .collect()
        });
        let total_moves = t.moves.sum as u64;
        self.games = n;
        self.finished = n - t.capped;
        self.capped = t.capped;
        self.moves = t.moves.view();
        self.laps = t.laps.view();
        if self.rounds.is_some() {
            self.rounds = Some(t.rounds.view());
        }
        self.total_moves = total_moves;
        self.elapsed_secs = round4(elapsed);
        self.moves_per_sec = if elapsed > 0.0 {
            (total_moves as f64 / elapsed).round() as u64
        } else {
            0
        };
        self.tally = t;
    }
}

/// Options as `key=value key=value`.
pub(crate) fn show_options(o: &Options) -> String {
    o.iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn show_summary(s: &SummaryView) -> String {
    format!("mean {:.2}, median {}, max {}", s.mean, s.median, s.max)
}

impl SimReport {
    /// The report as text.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{} ({}): {} games, seed {}{}",
            self.rule,
            if self.options.is_empty() {
                "no options".to_string()
            } else {
                show_options(&self.options)
            },
            self.games,
            self.seed,
            if self.record.whole() {
                String::new()
            } else {
                format!(
                    " (games {}..{} of {})",
                    self.record.start, self.record.end, self.record.size
                )
            }
        );
        if let Some(asked) = self.interrupted {
            let _ = writeln!(
                s,
                "INTERRUPTED by Ctrl-C: the figures cover the {} of {asked} games that finished",
                self.games
            );
        }
        // A solitaire has no draws.
        let draws = self.players.len() > 1;
        let mut head = vec!["player".to_string(), "agent".into(), "wins".into()];
        if draws {
            head.push("draws".into());
        }
        // A solitaire captures nothing: its figure is the seeds it got into the store.
        let material = if draws { "captures" } else { "seeds stored" };
        head.extend(["losses".to_string(), material.into()]);
        let mut rows = vec![head];
        for p in &self.players {
            let mut row = vec![
                p.player.to_string(),
                p.agent.clone(),
                format!("{} {}", p.wins.count, p.wins.show()),
            ];
            if draws {
                row.push(format!("{} {}", p.draws.count, p.draws.show()));
            }
            row.push(format!("{} {}", p.losses.count, p.losses.show()));
            row.push(format!("{:.2}", p.captures));
            rows.push(row);
        }
        s.push_str(&table(&rows));
        if let Some(by) = &self.by_agent {
            let _ = writeln!(s, "agents rotated through the seats:");
            let mut rows = vec![vec![
                "agent".to_string(),
                "".into(),
                "wins".into(),
                "draws".into(),
                "losses".into(),
            ]];
            for a in by {
                rows.push(vec![
                    a.index.to_string(),
                    a.agent.clone(),
                    format!("{} {}", a.wins.count, a.wins.show()),
                    format!("{} {}", a.draws.count, a.draws.show()),
                    format!("{} {}", a.losses.count, a.losses.show()),
                ]);
            }
            s.push_str(&table(&rows));
        }
        let _ = writeln!(s, "moves per game: {}", show_summary(&self.moves));
        let _ = writeln!(s, "laps per game: {}", show_summary(&self.laps));
        if let Some(r) = &self.rounds {
            let _ = writeln!(s, "rounds per game: {}", show_summary(r));
        }
        let _ = writeln!(
            s,
            "cut by --max-moves {}: {} of {} games",
            self.max_moves, self.capped, self.games
        );
        let _ = writeln!(
            s,
            "{} moves in {:.2} s ({} moves/s)",
            self.total_moves, self.elapsed_secs, self.moves_per_sec
        );
        s
    }

    /// The CSV header (see [`SimReport::csv_rows`]): the figures, then the run record.
    pub fn csv_header() -> Vec<&'static str> {
        vec![
            "rule",
            "options",
            "seed",
            "games",
            "player",
            "agent",
            "wins",
            "win_rate",
            "win_lo",
            "win_hi",
            "draws",
            "draw_rate",
            "draw_lo",
            "draw_hi",
            "losses",
            "loss_rate",
            "loss_lo",
            "loss_hi",
            "captures_mean",
            "moves_mean",
            "moves_median",
            "moves_max",
            "laps_mean",
            "laps_median",
            "laps_max",
            "rounds_mean",
            "rounds_median",
            "rounds_max",
            "capped",
            "moves_per_sec",
            "rule_hash",
            "agents",
            "max_moves",
            "rotate",
        ]
        .into_iter()
        .chain(Record::CSV_COLUMNS)
        .collect()
    }

    /// One CSV row per player (game-wide columns repeated).
    pub fn csv_rows(&self) -> Vec<Vec<String>> {
        let r = |x: &Option<SummaryView>, f: fn(&SummaryView) -> String| {
            x.as_ref().map(f).unwrap_or_default()
        };
        self.players
            .iter()
            .map(|p| {
                vec![
                    self.rule.clone(),
                    show_options(&self.options),
                    self.seed.to_string(),
                    self.games.to_string(),
                    p.player.to_string(),
                    p.agent.clone(),
                    p.wins.count.to_string(),
                    p.wins.rate.to_string(),
                    p.wins.lo.to_string(),
                    p.wins.hi.to_string(),
                    p.draws.count.to_string(),
                    p.draws.rate.to_string(),
                    p.draws.lo.to_string(),
                    p.draws.hi.to_string(),
                    p.losses.count.to_string(),
                    p.losses.rate.to_string(),
                    p.losses.lo.to_string(),
                    p.losses.hi.to_string(),
                    p.captures.to_string(),
                    self.moves.mean.to_string(),
                    self.moves.median.to_string(),
                    self.moves.max.to_string(),
                    self.laps.mean.to_string(),
                    self.laps.median.to_string(),
                    self.laps.max.to_string(),
                    r(&self.rounds, |s| s.mean.to_string()),
                    r(&self.rounds, |s| s.median.to_string()),
                    r(&self.rounds, |s| s.max.to_string()),
                    self.capped.to_string(),
                    self.moves_per_sec.to_string(),
                    self.rule_hash.clone(),
                    self.agents.join(" "),
                    self.max_moves.to_string(),
                    self.rotate.to_string(),
                ]
                .into_iter()
                .chain(self.record.csv_fields())
                .collect::<Vec<_>>()
            })
            .collect()
    }

    /// The report as CSV (header and one row per player).
    pub fn csv(&self) -> String {
        let mut s = csv_line(&Self::csv_header());
        for row in self.csv_rows() {
            s.push_str(&csv_line(&row));
        }
        s
    }
}

/// One CSV line (fields with commas, quotes or newlines quoted).
pub(crate) fn csv_line<S: AsRef<str>>(fields: &[S]) -> String {
    let mut s = fields
        .iter()
        .map(|f| {
            let f = f.as_ref();
            if f.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", f.replace('"', "\"\""))
            } else {
                f.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(",");
    s.push('\n');
    s
}

/// Left-aligned text table with two spaces between columns.
pub(crate) fn table(rows: &[Vec<String>]) -> String {
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    let mut w = vec![0; cols];
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            w[i] = w[i].max(c.chars().count());
        }
    }
    let mut s = String::new();
    for r in rows {
        let mut line = String::new();
        for (i, c) in r.iter().enumerate() {
            if i > 0 {
                line.push_str("  ");
            }
            line.push_str(c);
            if i + 1 < r.len() {
                line.push_str(&" ".repeat(w[i] - c.chars().count()));
            }
        }
        s.push_str(line.trim_end());
        s.push('\n');
    }
    s
}
