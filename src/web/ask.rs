//! Asking the machine: an agent's hint or move, and solving a solitaire from the position.

use std::time::Instant;

use serde_json::json;

use crate::engine::base::rng::Rng;
use crate::engine::rule::rules::board;
use crate::search::advice::{solitaire_advice, Advice, ADVICE_TIME, NO_WIN};
use crate::search::agent::Agent;
use crate::search::solve::{explore, SearchLimits};
use crate::web::api::{Playground, Req};
use crate::web::error::{bad, ApiError, Reply};

impl Playground {
    /// `hint` and `ai`: the move of the named agent; with none named, in a solitaire the
    /// solver's (the first move of a shortest win, or "no win from here": never a step from a
    /// winnable position into a lost one, as in the REPL), else `alphabeta:4`.
    pub(super) fn agent(&self, route: &str, req: &Req) -> Reply {
        let named = req
            .agent
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(str::to_string);
        let spec = named.clone().unwrap_or_else(|| "alphabeta:4".into());
        let agent = Agent::parse(&spec).map_err(bad)?;
        check_agent_cost(agent)?;
        self.with_copy(req, |cfg, mut s| {
            if s.game.board().over {
                return Err(ApiError::new(422, "no legal move: the game is over"));
            }
            if s.game.legal().map_err(bad)?.is_empty() {
                return Err(ApiError::new(
                    422,
                    "no legal move (the rule's moves() lists none)",
                ));
            }
            let (mut who, mut why, mut chosen) = (spec.clone(), String::new(), None);
            if named.is_none() && s.game.board().players() == 1 {
                let time = cfg.solve_time.min(ADVICE_TIME);
                match solitaire_advice(&s.game.rule, s.game.current(), time).map_err(bad)? {
                    Advice::Win {
                        label, moves_left, ..
                    } => {
                        who = "the solver".into();
                        why = format!(
                            ": {moves_left} move{} to win",
                            if moves_left == 1 { "" } else { "s" }
                        );
                        chosen = Some(label);
                    }
                    Advice::NoWin => {
                        let msg = format!("{NO_WIN}: every line loses (undo to an earlier move)");
                        return Ok((json!({ "message": msg, "no_win": true }), s));
                    }
                    // Over, or not known in time: the agent's guess, said as such.
                    Advice::Won => {}
                    Advice::Unknown(stop) => {
                        why = format!(
                            " (the solver could not tell whether a win is left: {}; a guess)",
                            stop.describe()
                        )
                    }
                }
            }
            let label = match chosen {
                Some(l) => l,
                None => {
                    let mut rng = Rng::new(s.game.history.len() as u64);
                    let pit = agent
                        .choose(&s.game.rule, s.game.current(), &mut rng)
                        .map_err(bad)?;
                    board(s.game.current()).layout.label(pit)
                }
            };
            if route == "hint" {
                let msg = format!("{who} suggests {label}{why}");
                return Ok((json!({ "message": msg, "hint": label }), s));
            }
            if s.game.history.len() >= cfg.max_moves {
                return Err(ApiError::new(
                    422,
                    "the session holds the most moves it may",
                ));
            }
            s.game.play(&label).map_err(bad)?;
            Ok((
                json!({ "message": format!("{who} plays {label}{why}"), "hint": label }),
                s,
            ))
        })
    }

    pub(super) fn solve(&self, req: &Req) -> Reply {
        self.with_copy(req, |cfg, s| {
            if s.game.board().players() != 1 {
                return Err(ApiError::new(
                    422,
                    "\"solve from here\" is for solitaires; use hint for games of two or more",
                ));
            }
            let limits = SearchLimits {
                max_positions: 5_000_000,
                // (A quarter of the default budget: several tabs may solve at once.)
                max_bytes: 512 << 20,
                deadline: Some(Instant::now() + cfg.solve_time),
                first_solution: true,
                ..SearchLimits::default()
            };
            let sol = explore(&s.game.rule, s.game.current(), &limits, None).map_err(bad)?;
            let msg = match sol.solvable {
                Some(true) if sol.solution.is_empty() => "already won".to_string(),
                Some(true) => format!("winnable: {}", sol.solution.join(" ")),
                Some(false) => {
                    format!("lost from here: no line wins ({} positions)", sol.positions)
                }
                None => "unknown: the search stopped at its limit".to_string(),
            };
            let v = json!({ "message": msg, "solvable": sol.solvable,
                            "solution": sol.solution, "positions": sol.positions });
            Ok((v, s))
        })
    }
}

/// Agents the playground runs on request are kept cheap: a page must not tie up the server.
/// The parsed agent is checked, so every spelling of one (`AlphaBeta:9`, `ab:09`, ` mcts `) is
/// held to the same cap.
fn check_agent_cost(agent: Agent) -> Result<(), ApiError> {
    let ok = match agent {
        Agent::AlphaBeta { depth } => depth <= 6,
        Agent::Mcts { iterations } => iterations <= 20_000,
        Agent::Random | Agent::Greedy => true,
    };
    if ok {
        Ok(())
    } else {
        Err(ApiError::new(
            422,
            format!("agent `{agent}` is too costly for the playground (alphabeta up to depth 6, mcts up to 20000)"),
        ))
    }
}
