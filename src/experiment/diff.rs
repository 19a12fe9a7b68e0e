//! `diff`: one move list replayed under two rule files, up to the first move where the positions
//! differ.

use std::fmt::Write as _;

use serde::Serialize;

use crate::engine::game::game::Game;
use crate::error::Error;

/// What a move did under one rule file.
#[derive(Clone, Debug, Serialize)]
pub struct DiffSide {
    /// The rule file.
    pub rule: String,
    /// The move's events in words (empty when the move failed).
    pub events: Vec<String>,
    /// The position after the move (state JSON), when it was legal.
    pub state: Option<crate::engine::board::state::StateJson>,
    /// The picture of that position.
    #[serde(skip)]
    pub picture: String,
    /// The error, when the move was illegal or failed.
    pub error: Option<String>,
}

/// The result of `diff`.
#[derive(Clone, Debug, Serialize)]
pub struct Diff {
    /// Moves that gave the same position under both (from the start).
    pub agreed: usize,
    /// The moves given.
    pub moves: Vec<String>,
    /// The first move (1-based) where the positions differ or one side failed; 0 when the start
    /// positions already differ; `None` when they never differ.
    pub first_difference: Option<usize>,
    /// The differing move's label.
    pub label: Option<String>,
    /// What happened under A.
    pub a: Option<DiffSide>,
    /// What happened under B.
    pub b: Option<DiffSide>,
    /// In the differing move, the index (0-based) of the first event that differs between A and
    /// B (the length of the shorter trace when one is the beginning of the other).
    pub first_event: Option<usize>,
}

/// Events shown before and after the first differing one (without `--full`).
pub const CONTEXT: usize = 2;

/// The first index where two traces differ (the shorter length when one begins the other).
fn first_event(a: &[String], b: &[String]) -> usize {
    a.iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()))
}

fn side(g: &Game, r: std::result::Result<(), Error>) -> DiffSide {
    match r {
        Ok(()) => {
            let ply = g.history.last();
            let b = g.board();
            DiffSide {
                rule: g.rule.name.clone(),
                events: ply
                    .map(|p| p.events.iter().map(|e| e.describe(&b.layout)).collect())
                    .unwrap_or_default(),
                state: Some(b.state_json()),
                picture: crate::render::picture(&b, crate::render::Style::default()),
                error: None,
            }
        }
        Err(e) => DiffSide {
            rule: g.rule.name.clone(),
            events: Vec::new(),
            state: None,
            picture: String::new(),
            error: Some(e.one_line()),
        },
    }
}

/// Replays `moves` under both games (each from its start) and finds the first move after which
/// the positions differ, or which one of them refuses.
pub fn diff(mut ga: Game, mut gb: Game, moves: &[String]) -> Diff {
    ga.tracing = true;
    gb.tracing = true;
    let mut out = Diff {
        agreed: 0,
        moves: moves.to_vec(),
        first_difference: None,
        label: None,
        a: None,
        b: None,
        first_event: None,
    };
    if ga.state() != gb.state() {
        out.first_difference = Some(0);
        out.a = Some(side(&ga, Ok(())));
        out.b = Some(side(&gb, Ok(())));
        return out;
    }
    for (i, m) in moves.iter().enumerate() {
        let ra = ga.play(m).map(|_| ());
        let rb = gb.play(m).map(|_| ());
        let differ = match (&ra, &rb) {
            (Ok(()), Ok(())) => ga.state() != gb.state(),
            (Err(_), Err(_)) => {
                // Both refuse the same move: nothing differs, but the replay cannot go on.
                out.a = Some(side(&ga, ra));
                out.b = Some(side(&gb, rb));
                out.label = Some(m.clone());
                return out;
            }
            _ => true,
        };
        if differ {
            out.first_difference = Some(i + 1);
            out.label = Some(m.clone());
            let (a, b) = (side(&ga, ra), side(&gb, rb));
            if a.error.is_none() && b.error.is_none() {
                out.first_event = Some(first_event(&a.events, &b.events));
            }
            out.a = Some(a);
            out.b = Some(b);
            return out;
        }
        out.agreed = i + 1;
    }
    out
}

impl Diff {
    /// Whether a difference was found.
    pub fn differs(&self) -> bool {
        self.first_difference.is_some()
    }

    /// The diff as text: the first differing event of the differing move with a little
    /// context (`full`: both whole traces).
    pub fn text(&self, full: bool) -> String {
        let mut s = String::new();
        match self.first_difference {
            None => {
                if self.agreed == self.moves.len() {
                    let _ = writeln!(
                        s,
                        "no difference: the positions agree after each of the {} moves",
                        self.moves.len()
                    );
                } else {
                    let _ = writeln!(
                        s,
                        "the positions agree after {} moves; move {} `{}` fails under both, so the replay stops there:",
                        self.agreed,
                        self.agreed + 1,
                        self.label.as_deref().unwrap_or("")
                    );
                    for (tag, x) in [("A", &self.a), ("B", &self.b)] {
                        if let Some(x) = x {
                            let _ = writeln!(
                                s,
                                "  {tag} ({}): {}",
                                x.rule,
                                x.error.as_deref().unwrap_or("")
                            );
                        }
                    }
                }
            }
            Some(0) => {
                let _ = writeln!(s, "the start positions differ");
                self.sides(&mut s, true);
            }
            Some(k) => {
                let agree = match self.agreed {
                    0 => "the start positions agree".to_string(),
                    1 => "the positions agree after 1 move".to_string(),
                    n => format!("the positions agree after {n} moves"),
                };
                let _ = writeln!(
                    s,
                    "{agree}; move {k} `{}` differs",
                    self.label.as_deref().unwrap_or("")
                );
                match (&self.a, &self.b, self.first_event) {
                    (Some(a), Some(b), Some(i)) if !full => {
                        self.first_events(&mut s, a, b, i);
                        self.sides(&mut s, false);
                        let _ = writeln!(s, "(--full shows both whole traces)");
                    }
                    _ => self.sides(&mut s, true),
                }
            }
        }
        s
    }

    /// The events both traces share just before event `i`, then each side's from `i` on, a few
    /// of each.
    fn first_events(&self, s: &mut String, a: &DiffSide, b: &DiffSide, i: usize) {
        let _ = writeln!(
            s,
            "first differing event: {} of {} (A) and of {} (B)",
            i + 1,
            a.events.len(),
            b.events.len()
        );
        let from = i.saturating_sub(CONTEXT);
        if from > 0 {
            let _ = writeln!(s, "  ... {from} earlier events agree");
        }
        for (n, e) in a.events.iter().enumerate().take(i).skip(from) {
            let _ = writeln!(s, "  {:>3}  {e}", n + 1);
        }
        for (tag, x) in [("A", a), ("B", b)] {
            let shown: Vec<&String> = x.events.iter().skip(i).take(CONTEXT + 1).collect();
            if shown.is_empty() {
                let _ = writeln!(s, "{tag}: (the move ends here)");
            }
            for (k, e) in shown.iter().enumerate() {
                let head = if k == 0 {
                    format!("{tag}:")
                } else {
                    "  ".into()
                };
                let _ = writeln!(s, "{head} {:>3}  {e}", i + k + 1);
            }
            let left = x.events.len().saturating_sub(i + CONTEXT + 1);
            if left > 0 {
                let _ = writeln!(s, "     ... {left} more");
            }
        }
    }

    fn sides(&self, s: &mut String, events: bool) {
        for (tag, x) in [("A", &self.a), ("B", &self.b)] {
            let Some(x) = x else { continue };
            let _ = writeln!(s, "{tag}: {}", x.rule);
            if let Some(e) = &x.error {
                let _ = writeln!(s, "  refused: {e}");
                continue;
            }
            if events {
                for e in &x.events {
                    let _ = writeln!(s, "  {e}");
                }
            }
            for line in x.picture.lines() {
                let _ = writeln!(s, "  | {line}");
            }
            if let Some(st) = &x.state {
                let _ = writeln!(s, "  {}", serde_json::to_string(st).unwrap_or_default());
            }
        }
    }
}
