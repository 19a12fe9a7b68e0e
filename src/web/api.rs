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

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::files::read_allowed;
use super::sessions::{commit, copy_of, lock, session_id, Busy, Entry, Session, Table};
use super::view::view;
use crate::engine::library::{RulePath, Source};
use crate::engine::replay::new_game;
use crate::engine::rules::{self, board, Rule};
use crate::engine::script::{stop_when, stopped};
use crate::error::Error;
use crate::render::svg::{lap_frames, trace_svg, SvgOptions};

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
    pub(super) fn from_error(status: u16, e: &Error) -> ApiError {
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

pub(super) type Reply = Result<Value, ApiError>;

/// A library error as a request error; when the request's bound stopped the work (see
/// [`stop_when`]), says that instead of the inner error it caused.
pub(super) fn bad(e: Error) -> ApiError {
    if stopped() {
        return ApiError::new(
            503,
            "stopped: the computation ran past the playground's time bound (or its client went \
             away); try a cheaper agent or a smaller board",
        );
    }
    ApiError::from_error(422, &e)
}

/// All sessions of a playground. Shared by the server's threads (`&self` everywhere).
pub struct Playground {
    pub(super) cfg: Config,
    table: Mutex<Table>,
    /// Long computations running now.
    busy: AtomicUsize,
}

/// The request body fields the routes use (unknown fields are refused).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct Req {
    session: Option<String>,
    rule: Option<String>,
    #[serde(default)]
    options: Map<String, Value>,
    #[serde(rename = "move")]
    mv: Option<String>,
    n: Option<usize>,
    lap: Option<usize>,
    pub(super) agent: Option<String>,
    pub(super) source: Option<String>,
    /// `reload` with a `source`: replace a different file of that name in the user folder.
    pub(super) overwrite: Option<bool>,
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
    pub(super) fn with_copy(
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
