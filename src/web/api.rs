//! The playground's JSON API, without any HTTP: [`Playground::handle`] takes a route and a request
//! body and returns a status and a JSON body. Each browser tab starts its own session (`new`) and
//! names it in every later request. Every game operation goes through the library the REPL uses
//! (`Game::play`, `undo`, `redo`, agents, the solver, `replay_under` for reloads); a request that
//! fails changes nothing and gets `{"ok": false, "error": "..."}` (with `line`, `col` and `file`
//! for script errors).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::files::{read_allowed, write_rule};
use super::view::view;
use crate::engine::game::Game;
use crate::engine::library::{RulePath, Source};
use crate::engine::replay::{new_game, replay_under};
use crate::engine::rng::Rng;
use crate::engine::rules::{self, board, Rule};
use crate::error::Error;
use crate::render::svg::{lap_frames, trace_svg, SvgOptions};
use crate::search::advice::{solitaire_advice, Advice, ADVICE_TIME, NO_WIN};
use crate::search::agent::Agent;
use crate::search::solve::{explore, SearchLimits};

/// Limits and folders of a playground.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where rule files and presets are looked for by name (folders, then the built-in rules).
    pub rules: RulePath,
    /// Where edited rule files are written (and may be read back from).
    pub user_dir: PathBuf,
    /// The most sessions kept; the least recently used is dropped beyond it.
    pub max_sessions: usize,
    /// The largest request body accepted, in bytes.
    pub max_body: usize,
    /// The most moves a session may hold.
    pub max_moves: usize,
    /// The longest a "solve from here" may search.
    pub solve_time: Duration,
}

impl Config {
    /// The defaults for a rules path (or one rules folder) and a user rules folder.
    pub fn new(rules: impl Into<RulePath>, user_dir: PathBuf) -> Config {
        Config {
            rules: rules.into(),
            user_dir,
            max_sessions: 64,
            max_body: 256 * 1024,
            max_moves: 5000,
            solve_time: Duration::from_secs(10),
        }
    }
}

/// The user rules folder of the rules path ([`crate::engine::library::user_dir`]:
/// `$XDG_DATA_HOME/sowlab/rules`, or `~/.local/share/sowlab/rules`).
pub fn default_user_dir() -> PathBuf {
    crate::engine::library::user_dir().unwrap_or_else(|| PathBuf::from("sowlab-rules"))
}

/// A failed request: HTTP status and the JSON error body.
#[derive(Debug)]
pub struct ApiError {
    /// HTTP status (400, 404, 405, 413, 422).
    pub status: u16,
    /// `{"ok": false, "error": ...}`.
    pub body: Value,
}

impl ApiError {
    /// An error with a message.
    pub fn new(status: u16, msg: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: json!({ "ok": false, "error": msg.into() }),
        }
    }

    /// An error from the library, with the place for script errors.
    fn from_error(status: u16, e: &Error) -> ApiError {
        let mut body = json!({ "ok": false, "error": e.one_line() });
        if let Error::Script {
            file, line, col, ..
        } = e
        {
            body["file"] = json!(file);
            body["line"] = json!(line);
            body["col"] = json!(col);
            if let Some(x) = e.excerpt() {
                body["excerpt"] = json!(x);
            }
        }
        ApiError { status, body }
    }
}

type Reply = Result<Value, ApiError>;

fn bad(e: Error) -> ApiError {
    ApiError::from_error(422, &e)
}

/// One tab's game.
pub(super) struct Session {
    /// The rule as the page named it (a name in the rules directory), or the edited file's path.
    pub(super) spec: String,
    /// The game.
    pub(super) game: Game,
    /// The game the last reload replaced (for `back`).
    pub(super) previous: Option<(String, Game)>,
    /// When it was last used (a counter), for dropping the least recently used.
    used: u64,
}

/// All sessions of a playground.
pub struct Playground {
    cfg: Config,
    sessions: HashMap<String, Session>,
    clock: u64,
    rng: Rng,
}

/// The request body fields the routes use (unknown fields are refused).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Req {
    session: Option<String>,
    rule: Option<String>,
    #[serde(default)]
    options: Map<String, Value>,
    #[serde(rename = "move")]
    mv: Option<String>,
    n: Option<usize>,
    lap: Option<usize>,
    agent: Option<String>,
    source: Option<String>,
}

impl Playground {
    /// A playground with no sessions.
    pub fn new(cfg: Config) -> Playground {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
            ^ (std::process::id() as u64) << 32;
        Playground {
            cfg,
            sessions: HashMap::new(),
            clock: 0,
            rng: Rng::new(seed),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// The number of sessions.
    pub fn sessions(&self) -> usize {
        self.sessions.len()
    }

    /// Answers `route` (`rules`, `new`, `play`, ...) with the JSON `body`: a status and a JSON
    /// value. Never panics on bad input; a failure leaves every session as it was.
    pub fn handle(&mut self, route: &str, body: &[u8]) -> (u16, Value) {
        match self.route(route, body) {
            Ok(mut v) => {
                v["ok"] = json!(true);
                (200, v)
            }
            Err(e) => (e.status, e.body),
        }
    }

    fn route(&mut self, route: &str, body: &[u8]) -> Reply {
        let req: Req = if body.iter().all(|b| b.is_ascii_whitespace()) {
            Req::default()
        } else {
            serde_json::from_slice(body)
                .map_err(|e| ApiError::new(400, format!("bad JSON in the request: {e}")))?
        };
        match route {
            "rules" => Ok(self.rules()),
            "new" => self.new_session(&req),
            "state" => self.with(&req, |_, s| Ok((json!({}), s))),
            "play" => self.play(&req),
            "undo" | "redo" => self.undo_redo(route, &req),
            "goto" => self.goto(&req),
            "hint" | "ai" => self.agent(route, &req),
            "solve" => self.solve(&req),
            "frame" => self.frame(&req),
            "source" => self.source(&req),
            "reload" => self.reload(&req),
            "back" => self.back(&req),
            _ => Err(ApiError::new(404, format!("no such API call `{route}`"))),
        }
    }

    /// The rule files and presets with their descriptions and options.
    fn rules(&self) -> Value {
        let dir = &self.cfg.rules;
        let list: Vec<Value> = rules::names(dir)
            .into_iter()
            .filter_map(|name| {
                let r = Rule::load(&name, dir).ok()?;
                let options: Vec<Value> = r
                    .options
                    .iter()
                    .map(|o| {
                        let default = r.preset_options.get(&o.name).unwrap_or(&o.default);
                        json!({
                            "name": o.name, "default": default, "help": o.help,
                            "allowed": o.allowed(), "values": o.values,
                        })
                    })
                    .collect();
                Some(json!({
                    "name": name,
                    "title": r.meta.name,
                    "players": r.meta.players,
                    "description": r.meta.description,
                    "family": r.meta.family,
                    "region": r.meta.region,
                    "preset": r.preset.is_some(),
                    "options": options,
                }))
            })
            .collect();
        json!({ "rules": list })
    }

    fn new_session(&mut self, req: &Req) -> Reply {
        let name = req
            .rule
            .as_deref()
            .ok_or_else(|| ApiError::new(400, "`new` needs a `rule` (a rule or preset name)"))?;
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            return Err(ApiError::new(
                400,
                format!(
                    "`{}` is not a rule name: the playground loads rules of its rules folder by name",
                    crate::engine::game::clip(name)
                ),
            ));
        }
        let rule = Arc::new(Rule::load(name, &self.cfg.rules).map_err(bad)?);
        let sets: Vec<String> = req
            .options
            .iter()
            .map(|(k, v)| match v {
                Value::String(s) => format!("{k}={s}"),
                v => format!("{k}={v}"),
            })
            .collect();
        let options = rule.resolve_options(&sets).map_err(bad)?;
        let game = new_game(rule, options, None).map_err(bad)?;
        if self.sessions.len() >= self.cfg.max_sessions {
            let oldest = self
                .sessions
                .iter()
                .min_by_key(|(_, s)| s.used)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                self.sessions.remove(&k);
            }
        }
        let id = format!("{:016x}{:016x}", self.rng.next_u64(), self.rng.next_u64());
        self.clock += 1;
        self.sessions.insert(
            id.clone(),
            Session {
                spec: name.to_string(),
                game,
                previous: None,
                used: self.clock,
            },
        );
        let s = &self.sessions[&id];
        Ok(view(&id, s, format!("new game of {}", s.game.rule.name)))
    }

    /// Runs `f` on a copy of the named session; keeps the copy only when `f` succeeds.
    fn with(
        &mut self,
        req: &Req,
        f: impl FnOnce(&Config, Session) -> Result<(Value, Session), ApiError>,
    ) -> Reply {
        let id = req
            .session
            .as_deref()
            .ok_or_else(|| ApiError::new(400, "the request names no `session`"))?;
        let Some(s) = self.sessions.get(id) else {
            return Err(ApiError::new(
                404,
                format!(
                    "unknown session `{}` (it may have expired: start a new game)",
                    crate::engine::game::clip(id)
                ),
            ));
        };
        let copy = Session {
            spec: s.spec.clone(),
            game: clone_game(&s.game),
            previous: None,
            used: s.used,
        };
        let (extra, mut done) = f(&self.cfg, copy)?;
        self.clock += 1;
        done.used = self.clock;
        let old = self.sessions.get_mut(id).expect("checked above");
        // the previous game is kept by the session, not copied
        if done.previous.is_none() {
            done.previous = old.previous.take();
        }
        *old = done;
        let message = extra["message"].as_str().unwrap_or("").to_string();
        let mut v = view(id, old, message);
        if let Value::Object(m) = extra {
            for (k, x) in m.into_iter().filter(|(k, _)| k != "message") {
                v[k] = x;
            }
        }
        Ok(v)
    }

    fn play(&mut self, req: &Req) -> Reply {
        let mv = req.mv.clone().ok_or_else(|| {
            ApiError::new(400, "`play` needs a `move` (a hole label, e.g. \"3\")")
        })?;
        self.with(req, |cfg, mut s| {
            if s.game.history.len() >= cfg.max_moves {
                return Err(ApiError::new(
                    422,
                    format!("the session holds {} moves, the most it may", cfg.max_moves),
                ));
            }
            let ply = s.game.play(&mv).map_err(bad)?;
            let msg = format!("played {}", ply.label);
            Ok((json!({ "message": msg }), s))
        })
    }

    fn undo_redo(&mut self, route: &str, req: &Req) -> Reply {
        let n = req.n.unwrap_or(1);
        self.with(req, |_, mut s| {
            let (have, what) = if route == "undo" {
                (s.game.history.len(), "moves to undo")
            } else {
                (s.game.undone.len(), "undone moves to redo")
            };
            if n == 0 || n > have {
                return Err(ApiError::new(
                    422,
                    format!("cannot {route} {n}: there are {have} {what}"),
                ));
            }
            for _ in 0..n {
                if route == "undo" {
                    s.game.undo();
                } else {
                    s.game.redo();
                }
            }
            Ok((json!({ "message": format!("{route} {n}") }), s))
        })
    }

    fn goto(&mut self, req: &Req) -> Reply {
        let n = req
            .n
            .ok_or_else(|| ApiError::new(400, "`goto` needs `n`, a move number (0 = the start)"))?;
        self.with(req, |_, mut s| {
            let (h, u) = (s.game.history.len(), s.game.undone.len());
            if n > h + u {
                return Err(ApiError::new(
                    422,
                    format!("no move {n}: the game has {} moves", h + u),
                ));
            }
            while s.game.history.len() > n {
                s.game.undo();
            }
            while s.game.history.len() < n {
                s.game.redo();
            }
            Ok((json!({ "message": format!("at move {n}") }), s))
        })
    }

    /// `hint` and `ai`: the move of the named agent; with none named, in a solitaire the
    /// solver's (the first move of a shortest win, or "no win from here": never a step from a
    /// winnable position into a lost one, as in the REPL), else `alphabeta:4`.
    fn agent(&mut self, route: &str, req: &Req) -> Reply {
        let named = req
            .agent
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .map(str::to_string);
        let spec = named.clone().unwrap_or_else(|| "alphabeta:4".into());
        let agent = Agent::parse(&spec).map_err(bad)?;
        check_agent_cost(&spec)?;
        self.with(req, |cfg, mut s| {
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

    fn solve(&mut self, req: &Req) -> Reply {
        self.with(req, |cfg, s| {
            if s.game.board().players() != 1 {
                return Err(ApiError::new(
                    422,
                    "\"solve from here\" is for solitaires; use hint for games of two or more",
                ));
            }
            let limits = SearchLimits {
                max_positions: 5_000_000,
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

    /// The picture of move `n` (1-based; default the last) after `lap` of its laps.
    fn frame(&mut self, req: &Req) -> Reply {
        let (n, lap) = (req.n, req.lap);
        self.with(req, |_, s| {
            let h = &s.game.history;
            let n = n.unwrap_or(h.len());
            if n == 0 || n > h.len() {
                return Err(ApiError::new(
                    422,
                    format!("no move {n} to show: {} played", h.len()),
                ));
            }
            let ply = &h[n - 1];
            let frames = lap_frames(&ply.events);
            let laps = frames.len() - 1;
            let k = lap.unwrap_or(laps);
            if k > laps {
                return Err(ApiError::new(
                    422,
                    format!("move {n} has {laps} laps, not {k}"),
                ));
            }
            let title = format!(
                "move {n}: {} by player {} — lap {k} of {laps}",
                ply.label, ply.player
            );
            let svg = trace_svg(
                board(&ply.before).clone(),
                Some(&board(&ply.after)),
                &ply.events,
                Some(k),
                &SvgOptions {
                    legal: Vec::new(),
                    title: Some(title),
                },
            );
            let v = json!({ "frame": { "n": n, "lap": k, "laps": laps, "svg": svg } });
            Ok((v, s))
        })
    }

    /// The source of the session's rule file (only files of the rules or user folder).
    fn source(&mut self, req: &Req) -> Reply {
        self.with(req, |cfg, s| {
            let path = s.game.rule.path.clone();
            let builtin =
                s.game.rule.source == Some(Source::BuiltIn) && s.game.rule.preset.is_none();
            let text = match path.file_name().and_then(|n| n.to_str()) {
                Some(name) if builtin => Source::BuiltIn
                    .read(name)
                    .ok_or_else(|| ApiError::new(404, format!("no built-in {name}")))?,
                _ => read_allowed(cfg, &path)?,
            };
            let v = json!({ "source": { "path": path.display().to_string(), "text": text } });
            Ok((v, s))
        })
    }

    /// Reloads the session's rule (after writing `source` into the user folder, when given) and
    /// replays the moves under it, reporting the first move that now plays differently.
    fn reload(&mut self, req: &Req) -> Reply {
        let source = req.source.clone();
        self.with(req, |cfg, mut s| {
            let old_path = s.game.rule.path.clone();
            let (spec, path) = match &source {
                Some(text) => {
                    let stem = old_path
                        .file_stem()
                        .map(|x| x.to_string_lossy().to_string())
                        .unwrap_or_else(|| "rule".into());
                    let target = cfg.user_dir.join(format!("{stem}.rhai"));
                    write_rule(cfg, &target, text)?;
                    (target.display().to_string(), target)
                }
                None => (s.spec.clone(), old_path.clone()),
            };
            let keep = |e: Error| {
                let mut err = ApiError::from_error(422, &e);
                err.body["error"] = json!(format!(
                    "reload failed, the game is unchanged: {}",
                    e.one_line()
                ));
                err
            };
            let rule = if source.is_some() {
                Rule::load_file(&path, &cfg.rules)
            } else if s.spec.contains('/') {
                read_allowed(cfg, &path)?;
                Rule::load_file(&path, &cfg.rules)
            } else {
                Rule::load(&s.spec, &cfg.rules)
            }
            .map_err(keep)?;
            let r = replay_under(&s.game, Arc::new(rule), None).map_err(keep)?;
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

    /// Returns to the game the last reload replaced.
    fn back(&mut self, req: &Req) -> Reply {
        let id = req.session.clone().unwrap_or_default();
        let prev = self.sessions.get_mut(&id).and_then(|s| s.previous.take());
        let Some((spec, game)) = prev else {
            return match self.sessions.contains_key(&id) {
                true => Err(ApiError::new(
                    422,
                    "no previous game: `back` undoes a reload",
                )),
                false => Err(ApiError::new(
                    404,
                    format!("unknown session `{}`", crate::engine::game::clip(&id)),
                )),
            };
        };
        let s = self.sessions.get_mut(&id).expect("checked");
        let spec = std::mem::replace(&mut s.spec, spec);
        let game = std::mem::replace(&mut s.game, game);
        s.previous = Some((spec, game));
        Ok(view(&id, s, "back to the game before the reload".into()))
    }
}

/// Agents the playground runs on request are kept cheap: a page must not tie up the server.
fn check_agent_cost(spec: &str) -> Result<(), ApiError> {
    let (kind, arg) = spec.split_once(':').unwrap_or((spec, ""));
    let arg: u64 = arg.parse().unwrap_or(0);
    let ok = match kind {
        "alphabeta" => arg <= 6,
        "mcts" => arg <= 20_000,
        _ => true,
    };
    if ok {
        Ok(())
    } else {
        Err(ApiError::new(
            422,
            format!("agent `{spec}` is too costly for the playground (alphabeta up to depth 6, mcts up to 20000)"),
        ))
    }
}

fn clone_game(g: &Game) -> Game {
    Game {
        rule: g.rule.clone(),
        options: g.options.clone(),
        start: g.start.clone(),
        history: g.history.clone(),
        undone: g.undone.clone(),
        tracing: g.tracing,
    }
}
