//! The playground's long calls: `hint` and `ai` (an agent's move, or the solver's in a
//! solitaire), `solve` (from the current position) and `reload` (a rule edited in the page, saved
//! once it loads, the moves replayed under it). Each works on a copy of its session without any
//! lock ([`Playground::with_copy`]), in one of a few slots, bounded in time and stopped when its
//! client goes away (see [`Playground::handle_until`]).

use std::sync::Arc;
use std::time::Instant;

use serde_json::json;

use super::api::{bad, ApiError, Playground, Reply, Req};
use super::files::{read_allowed, rule_from_text, save_target, write_rule};
use crate::engine::replay::replay_under;
use crate::engine::rng::Rng;
use crate::engine::rules::board;
use crate::error::Error;
use crate::search::advice::{solitaire_advice, Advice, ADVICE_TIME, NO_WIN};
use crate::search::solve::{explore, SearchLimits};
use crate::{Agent, Rule};

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

    /// Reloads the session's rule (after writing `source` into the user folder, when given) and
    /// replays the moves under it, reporting the first move that now plays differently.
    pub(super) fn reload(&self, req: &Req) -> Reply {
        let source = req.source.clone();
        let overwrite = req.overwrite.unwrap_or(false);
        self.with_copy(req, |cfg, mut s| {
            let keep = |e: Error| {
                let mut err = bad(e);
                if err.status == 422 {
                    err.body["error"] = json!(format!(
                        "reload failed, the game is unchanged: {}",
                        err.body["error"].as_str().unwrap_or("")
                    ));
                }
                err
            };
            let (spec, path, rule) = match &source {
                // The edited text is loaded and replayed first, and written only when it works:
                // a broken edit never lands in the user folder (where it would shadow the rule).
                Some(text) => {
                    let target = save_target(cfg, &s, overwrite)?;
                    let rule = rule_from_text(text, &target, cfg).map_err(keep)?;
                    (target.display().to_string(), target, rule)
                }
                None => {
                    let path = s.game.rule.path.clone();
                    let rule = if s.spec.contains('/') {
                        read_allowed(cfg, &path)?;
                        Rule::load(&path.display().to_string(), &cfg.rules)
                    } else {
                        Rule::load(&s.spec, &cfg.rules)
                    }
                    .map_err(keep)?;
                    (s.spec.clone(), path, rule)
                }
            };
            let r = replay_under(&s.game, Arc::new(rule), None).map_err(keep)?;
            if let Some(text) = &source {
                write_rule(cfg, &path, text)?;
                if !s.saved.contains(&path) {
                    s.saved.push(path.clone());
                }
            }
            let lines = r.lines(&path.display().to_string());
            let first = r.first_diff.map(|i| i + 1);
            let old = std::mem::replace(&mut s.game, r.game);
            let old_spec = std::mem::replace(&mut s.spec, spec);
            s.previous = Some((old_spec, old));
            let v = json!({ "message": lines[0], "reload": { "lines": lines, "report": r.report,
                            "first_diff": first, "path": path.display().to_string() } });
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
