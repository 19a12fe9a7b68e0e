//! The playground's JSON API, without any HTTP: [`Playground::handle`] takes a route and a request
//! body and returns a status and a JSON body. Each browser tab starts its own session (`new`) and
//! names it in every later request. Every game operation goes through the library the REPL uses
//! (`Game::play`, `undo`, `redo`, agents, the solver, `replay_under` for reloads); a request that
//! fails changes nothing and gets `{"ok": false, "error": "..."}` (with `line`, `col` and `file`
//! for script errors).
//!
//! A playground is shared by the server's threads: the session table is locked only to find or
//! add a session, each session has its own lock for the quick calls, and the long ones (hint,
//! computer move, solve, reload) work on a copy without any lock, each bounded in time
//! ([`Config::compute_time`]) and stopped early when its client goes away (see
//! [`Playground::handle_until`]).

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
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
use crate::engine::script::{stop_when, stopped};
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
    /// The longest a "solve from here" may search (it then answers "unknown").
    pub solve_time: Duration,
    /// The longest any one request may compute (a computer move, a hint, a reload's replay):
    /// past it the work is stopped and the request answered with an error.
    pub compute_time: Duration,
    /// The most long computations (hint, computer move, solve, reload) running at once; one
    /// more is answered "busy" at once.
    pub max_computations: usize,
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
            compute_time: Duration::from_secs(15),
            max_computations: 4,
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

/// A library error as a request error; when the request's bound stopped the work (see
/// [`stop_when`]), says that instead of the inner error it caused.
fn bad(e: Error) -> ApiError {
    if stopped() {
        return ApiError::new(
            503,
            "stopped: the computation ran past the playground's time bound (or its client went \
             away); try a cheaper agent or a smaller board",
        );
    }
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
    /// Changes committed so far: a long call computed on a copy commits only if none came since.
    version: u64,
    /// The files this session saved into the user folder (it may save over them again).
    saved: Vec<PathBuf>,
}

/// A session in the table, with when it was last used (a counter), for dropping the least
/// recently used.
struct Entry {
    session: Arc<Mutex<Session>>,
    used: u64,
}

#[derive(Default)]
struct Table {
    map: HashMap<String, Entry>,
    clock: u64,
}

/// All sessions of a playground. Shared by the server's threads (`&self` everywhere).
pub struct Playground {
    cfg: Config,
    table: Mutex<Table>,
    /// Long computations running now.
    busy: AtomicUsize,
}

/// A lock that a panicked holder did not spoil: the data is still whole (every change is made
/// on a copy and swapped in at once).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// A session id: 128 bits from the operating system's random source, in hex (a tab that sees
/// its own id learns nothing about any other).
fn session_id() -> Result<String, ApiError> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b).map_err(|e| {
        ApiError::new(
            500,
            format!("cannot draw a session id from the system: {e}"),
        )
    })?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// Counts one long computation while it runs (see [`Config::max_computations`]).
struct Busy<'a>(&'a AtomicUsize);

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
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
    /// `reload` with a `source`: replace a different file of that name in the user folder.
    overwrite: Option<bool>,
}

impl Playground {
    /// A playground with no sessions.
    pub fn new(cfg: Config) -> Playground {
        Playground {
            cfg,
            table: Mutex::new(Table::default()),
            busy: AtomicUsize::new(0),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.cfg
    }

    /// The number of sessions.
    pub fn sessions(&self) -> usize {
        lock(&self.table).map.len()
    }

    /// The long computations (hint, computer move, solve, reload) running now.
    pub fn computing(&self) -> usize {
        self.busy.load(Ordering::SeqCst)
    }

    /// Answers `route` (`rules`, `new`, `play`, ...) with the JSON `body`: a status and a JSON
    /// value. Never panics on bad input; a failure leaves every session as it was.
    pub fn handle(&self, route: &str, body: &[u8]) -> (u16, Value) {
        self.handle_until(route, body, Arc::new(AtomicBool::new(false)))
    }

    /// [`Playground::handle`], stopped early when `gone` is set (by another thread: the client
    /// went away), and in any case after [`Config::compute_time`].
    pub fn handle_until(&self, route: &str, body: &[u8], gone: Arc<AtomicBool>) -> (u16, Value) {
        let bound = self
            .cfg
            .compute_time
            .max(self.cfg.solve_time + Duration::from_secs(1));
        let _stop = stop_when(gone, Instant::now() + bound);
        match self.route(route, body) {
            Ok(mut v) => {
                v["ok"] = json!(true);
                (200, v)
            }
            Err(e) => (e.status, e.body),
        }
    }

    /// Takes a slot for a long computation, or says the playground is busy.
    fn computation(&self) -> Result<Busy<'_>, ApiError> {
        let n = self.busy.fetch_add(1, Ordering::SeqCst);
        let busy = Busy(&self.busy);
        if n >= self.cfg.max_computations {
            return Err(ApiError::new(
                503,
                format!(
                    "busy: {} long computations are running, the most at once; try again shortly",
                    self.cfg.max_computations
                ),
            ));
        }
        Ok(busy)
    }

    fn route(&self, route: &str, body: &[u8]) -> Reply {
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
                    "preset": r.preset.is_some(),
                    "options": options,
                }))
            })
            .collect();
        json!({ "rules": list })
    }

    fn new_session(&self, req: &Req) -> Reply {
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
        let id = session_id()?;
        let s = Session {
            spec: name.to_string(),
            game,
            previous: None,
            version: 0,
            saved: Vec::new(),
        };
        let v = view(&id, &s, format!("new game of {}", s.game.rule.name));
        let mut t = lock(&self.table);
        if t.map.len() >= self.cfg.max_sessions {
            let oldest = t
                .map
                .iter()
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                t.map.remove(&k);
            }
        }
        t.clock += 1;
        let used = t.clock;
        t.map.insert(
            id,
            Entry {
                session: Arc::new(Mutex::new(s)),
                used,
            },
        );
        Ok(v)
    }

    /// The named session (marked as used now).
    fn session(&self, req: &Req) -> Result<(String, Arc<Mutex<Session>>), ApiError> {
        let id = req
            .session
            .as_deref()
            .ok_or_else(|| ApiError::new(400, "the request names no `session`"))?;
        let mut t = lock(&self.table);
        t.clock += 1;
        let now = t.clock;
        match t.map.get_mut(id) {
            Some(e) => {
                e.used = now;
                Ok((id.to_string(), e.session.clone()))
            }
            None => Err(ApiError::new(
                404,
                format!(
                    "unknown session `{}` (it may have expired: start a new game)",
                    crate::engine::game::clip(id)
                ),
            )),
        }
    }

    /// Runs `f` on a copy of the named session, holding the session's lock; keeps the copy only
    /// when `f` succeeds. For the quick calls.
    fn with(
        &self,
        req: &Req,
        f: impl FnOnce(&Config, Session) -> Result<(Value, Session), ApiError>,
    ) -> Reply {
        let (id, cell) = self.session(req)?;
        let mut held = lock(&cell);
        let (extra, done) = f(&self.cfg, copy_of(&held))?;
        Ok(commit(&id, &mut held, extra, done))
    }

    /// Runs `f` on a copy of the named session without holding any lock (a long computation,
    /// in one of [`Config::max_computations`] slots), then keeps the copy when `f` succeeds and
    /// no other call changed the session meanwhile.
    fn with_copy(
        &self,
        req: &Req,
        f: impl FnOnce(&Config, Session) -> Result<(Value, Session), ApiError>,
    ) -> Reply {
        let _slot = self.computation()?;
        let (id, cell) = self.session(req)?;
        let (copy, version) = {
            let held = lock(&cell);
            (copy_of(&held), held.version)
        };
        let (extra, done) = f(&self.cfg, copy)?;
        let mut held = lock(&cell);
        if held.version != version {
            return Err(ApiError::new(
                409,
                "the game changed while this was computed (another call on the same session): \
                 ask again",
            ));
        }
        Ok(commit(&id, &mut held, extra, done))
    }

    fn play(&self, req: &Req) -> Reply {
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

    fn undo_redo(&self, route: &str, req: &Req) -> Reply {
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

    fn goto(&self, req: &Req) -> Reply {
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
    fn agent(&self, route: &str, req: &Req) -> Reply {
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

    fn solve(&self, req: &Req) -> Reply {
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

    /// The picture of move `n` (1-based; default the last) after `lap` of its laps.
    fn frame(&self, req: &Req) -> Reply {
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
    fn source(&self, req: &Req) -> Reply {
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
    fn reload(&self, req: &Req) -> Reply {
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

    /// Returns to the game the last reload replaced.
    fn back(&self, req: &Req) -> Reply {
        let (id, cell) = self.session(req)?;
        let mut s = lock(&cell);
        let Some((spec, game)) = s.previous.take() else {
            return Err(ApiError::new(
                422,
                "no previous game: `back` undoes a reload",
            ));
        };
        let spec = std::mem::replace(&mut s.spec, spec);
        let game = std::mem::replace(&mut s.game, game);
        s.previous = Some((spec, game));
        s.version += 1;
        Ok(view(&id, &s, "back to the game before the reload".into()))
    }
}

/// Where the page's Save writes the session's edited rule: the user folder, under the shown
/// file's name with its kind's extension (a data rule stays `.yaml`, a script `.rhai`). A file
/// of that name that is not the one shown (nor one this session saved) is not replaced unless
/// `overwrite` says so: the error says so, with `"exists": true`, so that the page can ask.
fn save_target(cfg: &Config, s: &Session, overwrite: bool) -> Result<PathBuf, ApiError> {
    let shown = &s.game.rule.path;
    let stem = shown
        .file_stem()
        .map(|x| x.to_string_lossy().to_string())
        .filter(|x| !x.is_empty())
        .unwrap_or_else(|| "rule".into());
    let ext = match shown.extension().and_then(|e| e.to_str()) {
        Some("yaml" | "yml") => "yaml",
        _ => "rhai",
    };
    let target = cfg.user_dir.join(format!("{stem}.{ext}"));
    let same =
        |a: &std::path::Path| a == target || a.canonicalize().ok() == target.canonicalize().ok();
    if target.exists() && !overwrite && !same(shown) && !s.saved.iter().any(|p| same(p)) {
        let mut e = ApiError::new(
            409,
            format!(
                "not saved: {} already exists in the user rules folder and is not the file shown \
                 ({}); saving would replace it (save again with \"overwrite\": true to replace it)",
                target.display(),
                shown.display()
            ),
        );
        e.body["exists"] = json!(true);
        e.body["path"] = json!(target.display().to_string());
        return Err(e);
    }
    Ok(target)
}

/// The rule an edited text would be once saved as `target`: a data rule (YAML) or a script
/// whose imports resolve in the user folder.
fn rule_from_text(text: &str, target: &std::path::Path, cfg: &Config) -> crate::Result<Rule> {
    if target.extension().is_some_and(|e| e == "yaml") {
        crate::engine::files::check_yaml(text)
            .map_err(|e| Error::msg(format!("{}: {e}", target.display())))?;
        if !crate::engine::data_rule::is_data_rule(text) {
            return Err(Error::msg(format!(
                "{}: not a data rule (a data rule has a `board:` and a `pipeline:`)",
                target.display()
            )));
        }
        return Rule::data_from_text(text.to_string(), target);
    }
    Rule::from_source(text, target, cfg.user_dir.clone())
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

/// A copy of a session to work on (the previous game stays with the session).
fn copy_of(s: &Session) -> Session {
    Session {
        spec: s.spec.clone(),
        game: clone_game(&s.game),
        previous: None,
        version: s.version,
        saved: s.saved.clone(),
    }
}

/// Keeps `done` as the session `held` and answers with its view and the `extra` fields.
fn commit(id: &str, held: &mut Session, extra: Value, mut done: Session) -> Value {
    // the previous game is kept by the session, not copied
    if done.previous.is_none() {
        done.previous = held.previous.take();
    }
    done.version = held.version + 1;
    *held = done;
    let message = extra["message"].as_str().unwrap_or("").to_string();
    let mut v = view(id, held, message);
    if let Value::Object(m) = extra {
        for (k, x) in m.into_iter().filter(|(k, _)| k != "message") {
            v[k] = x;
        }
    }
    v
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
