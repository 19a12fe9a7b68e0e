//! `diff`: one move list replayed under two rule files, up to the first move where the positions
//! differ.

use std::fmt::Write as _;

use serde::Serialize;

use crate::engine::game::Game;
use crate::error::Error;

/// What a move did under one rule file.
#[derive(Clone, Debug, Serialize)]
pub struct DiffSide {
    /// The rule file.
    pub rule: String,
    /// The move's events in words (empty when the move failed).
    pub events: Vec<String>,
    /// The position after the move (state JSON), when it was legal.
    pub state: Option<crate::engine::board::StateJson>,
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
            out.a = Some(side(&ga, ra));
            out.b = Some(side(&gb, rb));
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

    /// The diff as text.
    pub fn text(&self) -> String {
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
                self.sides(&mut s);
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
                self.sides(&mut s);
            }
        }
        s
    }

    fn sides(&self, s: &mut String) {
        for (tag, x) in [("A", &self.a), ("B", &self.b)] {
            let Some(x) = x else { continue };
            let _ = writeln!(s, "{tag}: {}", x.rule);
            if let Some(e) = &x.error {
                let _ = writeln!(s, "  refused: {e}");
                continue;
            }
            for e in &x.events {
                let _ = writeln!(s, "  {e}");
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
