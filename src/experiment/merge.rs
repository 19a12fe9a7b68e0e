//! `merge`: joins the parts of a run (the JSON reports of `--shard K/N` or `--range A..B` runs of
//! `simulate`, `compare` or `sweep`) into the report the whole run gives. Tallies are exact sums and
//! carry whole histograms, so the merged report is the whole run's, figure for figure; only the
//! timings differ (the merged one adds up the parts' times). Parts of different runs, overlapping
//! parts and missing games are refused, naming the parts. Each part's tallies are checked against
//! its own declared range (as many games as the range holds, each counted once per player, sums
//! that fit): a damaged or edited part is refused, never merged into a wrong report.

use serde::Deserialize;
use serde_json::Value;

use crate::error::{Error, Result};
use crate::experiment::compare::{compare_reports, Comparison};
use crate::experiment::record::{Record, FORMAT};
use crate::experiment::report::{SimReport, Tally};
use crate::experiment::sweep::Sweep;

/// A merged report.
#[derive(Clone, Debug)]
pub enum Merged {
    /// Of `simulate`.
    Simulate(Box<SimReport>),
    /// Of `compare`.
    Compare(Box<Comparison>),
    /// Of `sweep`.
    Sweep(Box<Sweep>),
}

impl Merged {
    /// As text, like the command prints it.
    pub fn text(&self) -> String {
        match self {
            Merged::Simulate(r) => r.text(),
            Merged::Compare(c) => c.text(),
            Merged::Sweep(s) => s.text(),
        }
    }

    /// As CSV, like the command prints it.
    pub fn csv(&self) -> String {
        match self {
            Merged::Simulate(r) => r.csv(),
            Merged::Compare(c) => c.csv(),
            Merged::Sweep(s) => s.csv(),
        }
    }

    /// As a JSON value, like the command's `--json`.
    pub fn json(&self) -> Value {
        match self {
            Merged::Simulate(r) => serde_json::to_value(r),
            Merged::Compare(c) => serde_json::to_value(c),
            Merged::Sweep(s) => serde_json::to_value(s),
        }
        .unwrap_or(Value::Null)
    }

    /// The run record.
    pub fn record(&self) -> &Record {
        match self {
            Merged::Simulate(r) => &r.record,
            Merged::Compare(c) => &c.record,
            Merged::Sweep(s) => &s.record,
        }
    }
}

/// What must be equal in every part of one run, by command (JSON pointers).
fn identity(command: &str) -> Vec<String> {
    let mut keys: Vec<String> = [
        "/record/command",
        "/record/sowlab",
        "/record/commit",
        "/record/size",
    ]
    .map(String::from)
    .to_vec();
    let sim = [
        "/rule",
        "/rule_hash",
        "/options",
        "/position",
        "/agents",
        "/seed",
        "/max_moves",
        "/rotate",
    ];
    match command {
        "compare" => {
            keys.push("/alpha".into());
            for side in ["/a", "/b"] {
                keys.extend(sim.iter().map(|k| format!("{side}{k}")));
            }
        }
        "sweep" => keys.extend(
            [
                "/rule",
                "/rule_hash",
                "/sets",
                "/vary",
                "/agents",
                "/seed",
                "/games",
                "/max_moves",
                "/rotate",
            ]
            .map(String::from),
        ),
        _ => keys.extend(sim.map(String::from)),
    }
    keys
}

fn show(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => "none".into(),
        Some(v) => {
            // JSON text has no control characters; long values are cut.
            let t = v.to_string();
            if t.chars().count() > 60 {
                format!("{}…", t.chars().take(60).collect::<String>())
            } else {
                t
            }
        }
    }
}

/// Merges the parts (each named, for messages: a file name) of one run. With `whole`, the parts
/// must cover the run; without, they must cover one unbroken range of it, and the result is the
/// part for that range (which merges again with the others).
pub fn merge(parts: &[(String, Value)], whole: bool) -> Result<Merged> {
    let Some((name0, first)) = parts.first() else {
        return Err(Error::msg(
            "merge: give the parts of a run (their JSON reports)",
        ));
    };
    let mut records = Vec::new();
    for (name, v) in parts {
        let rec = v
            .get("record")
            .ok_or_else(|| {
                Error::msg(format!(
                    "{name}: not a sowlab JSON report with a run record (run the part with --json)"
                ))
            })
            .and_then(|r| {
                if r.get("format").and_then(Value::as_u64) != Some(FORMAT as u64) {
                    return Err(Error::msg(format!(
                        "{name}: report format {}; this sowlab merges format {FORMAT}",
                        show(r.get("format"))
                    )));
                }
                Record::deserialize(r)
                    .map_err(|e| Error::msg(format!("{name}: bad run record: {e}")))
            })?;
        if !matches!(rec.command.as_str(), "simulate" | "compare" | "sweep") {
            return Err(Error::msg(format!(
                "{name}: a `{}` report cannot be merged (simulate, compare or sweep)",
                rec.command
            )));
        }
        records.push(rec);
    }
    for (name, v) in parts {
        for key in ["/interrupted", "/a/interrupted", "/b/interrupted"] {
            if v.pointer(key).is_some_and(|x| !x.is_null()) {
                return Err(Error::msg(format!(
                    "{name} was interrupted (Ctrl-C) before all its games finished: run that part again"
                )));
            }
        }
    }
    let command = records[0].command.clone();
    for key in identity(&command) {
        let want = first.pointer(&key);
        for (name, v) in &parts[1..] {
            let got = v.pointer(&key);
            if got != want {
                return Err(Error::msg(format!(
                    "{name} is not a part of the same run as {name0}: {} is {} there, {} in {name0}",
                    key.trim_start_matches('/').replace('/', "."),
                    show(got),
                    show(want)
                )));
            }
        }
    }
    let (start, end) = coverage(parts, &records, whole)?;
    let mut rec = Record {
        start,
        end,
        shard: None,
        ..records[0].clone()
    };
    rec.command = command.clone();
    let parse_err = |name: &str, e: serde_json::Error| Error::msg(format!("{name}: {e}"));
    Ok(match command.as_str() {
        "simulate" => {
            let mut reps = Vec::new();
            for ((name, v), r) in parts.iter().zip(&records) {
                let rep = SimReport::deserialize(v).map_err(|e| parse_err(name, e))?;
                check_tally(name, "", &rep.tally, r.end - r.start, &rep)?;
                reps.push(rep);
            }
            Merged::Simulate(Box::new(add_up(reps, rec)?))
        }
        "compare" => {
            #[derive(Deserialize)]
            struct Part {
                alpha: f64,
                a: SimReport,
                b: SimReport,
            }
            let (mut a, mut b, mut alpha) = (Vec::new(), Vec::new(), 0.05);
            for ((name, v), r) in parts.iter().zip(&records) {
                let p = Part::deserialize(v).map_err(|e| parse_err(name, e))?;
                check_tally(name, "A: ", &p.a.tally, r.end - r.start, &p.a)?;
                check_tally(name, "B: ", &p.b.tally, r.end - r.start, &p.b)?;
                alpha = p.alpha;
                a.push(p.a);
                b.push(p.b);
            }
            let sub = Record {
                command: "simulate".into(),
                ..rec.clone()
            };
            Merged::Compare(Box::new(compare_reports(
                add_up(a, sub.clone())?,
                add_up(b, sub)?,
                alpha,
            )))
        }
        _ => {
            let mut sweeps = Vec::new();
            for (name, v) in parts {
                sweeps.push(Sweep::deserialize(v).map_err(|e| parse_err(name, e))?);
            }
            let mut out = sweeps[0].clone();
            let points = out.points.len();
            if sweeps.iter().any(|s| s.points.len() != points) {
                return Err(Error::msg(
                    "the parts list different numbers of sweep points",
                ));
            }
            let games = out.games;
            for (((name, _), s), r) in parts.iter().zip(&sweeps).zip(&records) {
                for (j, pt) in s.points.iter().enumerate() {
                    // The part's items of point j: its range within j·G .. (j+1)·G.
                    let first = j as u64 * games;
                    let lo = r.start.clamp(first, first + games);
                    let hi = r.end.clamp(first, first + games);
                    let what = format!("point {}: ", j + 1);
                    check_tally(name, &what, &pt.report.tally, hi - lo, &pt.report)?;
                }
            }
            for (j, pt) in out.points.iter_mut().enumerate() {
                let reps: Vec<SimReport> =
                    sweeps.iter().map(|s| s.points[j].report.clone()).collect();
                // The point's games within the merged items.
                let first = j as u64 * games;
                let lo = start.clamp(first, first + games) - first;
                let hi = end.clamp(first, first + games) - first;
                let sub = Record {
                    command: "simulate".into(),
                    size: games,
                    start: lo,
                    end: hi.max(lo),
                    shard: None,
                    ..rec.clone()
                };
                pt.report = add_up(reps, sub)?;
            }
            out.record = rec;
            Merged::Sweep(Box::new(out))
        }
    })
}

/// The sum of reports of one run (checked to be parts of it), with the given record.
fn add_up(reps: Vec<SimReport>, record: Record) -> Result<SimReport> {
    let mut it = reps.into_iter();
    let mut out = it.next().expect("at least one part");
    let mut t: Tally = out.tally.clone();
    let mut secs = out.elapsed_secs;
    for r in it {
        let o = &r.tally;
        let fits = t.games.checked_add(o.games).is_some()
            && t.moves.fits_all(&o.moves)
            && t.laps.fits_all(&o.laps)
            && t.rounds.fits_all(&o.rounds)
            && t.material
                .iter()
                .zip(&o.material)
                .all(|(a, b)| a.fits_all(b));
        if !fits {
            return Err(Error::msg(
                "the parts' tallies overflow when added up (a part is damaged or was edited)",
            ));
        }
        t.merge(o);
        secs += r.elapsed_secs.max(0.0);
    }
    out.record = record;
    out.set_tally(t, secs);
    Ok(out)
}

/// Checks a part's tally against its own declared range of `games` games: that many games, each
/// counted once per player (a win, a draw or a loss, unless the cap cut it) and once per agent,
/// at most one winner a game, one sample a game in every summary. `what` names the side or
/// point (`A: `, `point 2: `); `rep` gives the players.
fn check_tally(name: &str, what: &str, t: &Tally, games: u64, rep: &SimReport) -> Result<()> {
    let bad = |m: String| -> Result<()> {
        Err(Error::msg(format!(
            "{name}: {what}its tallies disagree with its range: {m} (the part is damaged or \
             was edited: run it again)"
        )))
    };
    if t.games != games {
        return bad(format!(
            "they count {} games, its range holds {games}",
            t.games
        ));
    }
    if t.capped > games {
        return bad(format!("{} capped games of {games}", t.capped));
    }
    let players = rep.players.len().max(1);
    let vecs = [
        &t.wins,
        &t.draws,
        &t.losses,
        &t.agent_wins,
        &t.agent_draws,
        &t.agent_losses,
    ];
    if vecs.iter().any(|v| v.len() != players) || t.material.len() != players {
        return bad(format!("they are not counted for its {players} players"));
    }
    let finished = games - t.capped;
    for p in 0..players {
        for (w, d, l, who) in [
            (t.wins[p], t.draws[p], t.losses[p], "player"),
            (
                t.agent_wins[p],
                t.agent_draws[p],
                t.agent_losses[p],
                "agent",
            ),
        ] {
            let sum = w.checked_add(d).and_then(|x| x.checked_add(l));
            if sum != Some(finished) {
                return bad(format!(
                    "{who} {}: {w} wins, {d} draws and {l} losses in {finished} finished games",
                    p + 1
                ));
            }
        }
    }
    let winners = t.wins.iter().try_fold(0u64, |a, &w| a.checked_add(w));
    if winners.is_none_or(|w| w > finished) {
        return bad(format!("more wins than the {finished} finished games"));
    }
    let per_game = [("moves", &t.moves), ("laps", &t.laps)]
        .into_iter()
        .chain(t.material.iter().map(|m| ("material", m)));
    for (key, s) in per_game {
        if s.n != games {
            return bad(format!("{} samples of {key} for {games} games", s.n));
        }
    }
    if rep.max_moves > 0 && t.moves.max > rep.max_moves {
        return bad(format!(
            "a game of {} moves, past the run's cap of {}",
            t.moves.max, rep.max_moves
        ));
    }
    if t.rounds.n != 0 && t.rounds.n != games {
        return bad(format!(
            "{} samples of rounds for {games} games",
            t.rounds.n
        ));
    }
    Ok(())
}

/// Checks that the parts' ranges tile `0..size` (or, without `whole`, one unbroken range), and
/// returns the range covered.
fn coverage(parts: &[(String, Value)], records: &[Record], whole: bool) -> Result<(u64, u64)> {
    let size = records[0].size;
    let unit = if records[0].command == "sweep" {
        "items"
    } else {
        "games"
    };
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by_key(|&i| (records[i].start, records[i].end));
    for &i in &order {
        let r = &records[i];
        if r.start > r.end || r.end > r.size {
            return Err(Error::msg(format!(
                "{}: bad range {}..{} of {} {unit}",
                parts[i].0, r.start, r.end, r.size
            )));
        }
    }
    let first = &records[order[0]];
    if whole && first.start > 0 {
        return Err(Error::msg(format!(
            "{unit} 0..{} of the run are missing (no part covers them)",
            first.start
        )));
    }
    let mut end = first.start;
    let mut prev: Option<usize> = None;
    for &i in &order {
        let r = &records[i];
        if r.start < end
            || prev.is_some_and(|p| records[p].start == r.start && records[p].end == r.end)
        {
            let p = prev.unwrap_or(i);
            return Err(Error::msg(format!(
                "{} and {} overlap: {unit} {}..{} and {}..{}",
                parts[p].0, parts[i].0, records[p].start, records[p].end, r.start, r.end
            )));
        }
        if r.start > end {
            return Err(Error::msg(format!(
                "{unit} {}..{} of the run are missing (between {} and {})",
                end,
                r.start,
                prev.map_or("the start".to_string(), |p| parts[p].0.clone()),
                parts[i].0
            )));
        }
        end = r.end;
        prev = Some(i);
    }
    if whole && end < size {
        return Err(Error::msg(format!(
            "{unit} {end}..{size} of the run are missing (no part covers them)"
        )));
    }
    Ok((first.start, end))
}
