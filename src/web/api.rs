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

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::engine::base::clock::stop_when;
use crate::engine::game::replay::new_game;
use crate::engine::rule::rules::{self, Rule};
pub use crate::web::config::{default_user_dir, Config};
pub use crate::web::error::ApiError;
use crate::web::error::{bad, Reply};
use crate::web::session::{copy_of, lock, session_id, Busy, Entry, Session, Table};
use crate::web::view::{drawable, view};

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
    pub(super) session: Option<String>,
    pub(super) rule: Option<String>,
    #[serde(default)]
    pub(super) options: Map<String, Value>,
    #[serde(rename = "move")]
    pub(super) mv: Option<String>,
    pub(super) n: Option<usize>,
    pub(super) lap: Option<usize>,
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
                    "family": r.meta.family,
                    "region": r.meta.region,
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
                    crate::engine::game::game::clip(name)
                ),
            ));
        }
        let rule = Arc::new(Rule::load(name, &self.cfg.rules).map_err(bad)?);
        let options = rule.resolve_option_values(&req.options).map_err(bad)?;
        let game = new_game(rule, options, None).map_err(bad)?;
        let id = session_id()?;
        let s = Session {
            spec: name.to_string(),
            game,
            previous: None,
            version: 0,
            saved: Vec::new(),
        };
        drawable(&s)?;
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
    pub(super) fn session(&self, req: &Req) -> Result<(String, Arc<Mutex<Session>>), ApiError> {
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
                    crate::engine::game::game::clip(id)
                ),
            )),
        }
    }

    /// Runs `f` on a copy of the named session, holding the session's lock; keeps the copy only
    /// when `f` succeeds. For the quick calls.
    pub(super) fn with(
        &self,
        req: &Req,
        f: impl FnOnce(&Config, Session) -> Result<(Value, Session), ApiError>,
    ) -> Reply {
        let (id, cell) = self.session(req)?;
        let mut held = lock(&cell);
        let (extra, done) = f(&self.cfg, copy_of(&held))?;
        drawable(&done)?;
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
        self.with_copy_then(req, f, |_| Ok(()))
    }

    /// [`Self::with_copy`], and `last` runs once the call can no longer be refused (the session
    /// unchanged meanwhile, under its lock), just before the result is kept: what a call writes
    /// to a file goes there, so that a refused call never wrote its file. An error of `last`
    /// refuses the call too (the session is unchanged).
    pub(super) fn with_copy_then(
        &self,
        req: &Req,
        f: impl FnOnce(&Config, Session) -> Result<(Value, Session), ApiError>,
        last: impl FnOnce(&Config) -> Result<(), ApiError>,
    ) -> Reply {
        let _slot = self.computation()?;
        let (id, cell) = self.session(req)?;
        let (copy, version) = {
            let held = lock(&cell);
            (copy_of(&held), held.version)
        };
        let (extra, done) = f(&self.cfg, copy)?;
        drawable(&done)?;
        let mut held = lock(&cell);
        if held.version != version {
            return Err(ApiError::new(
                409,
                "the game changed while this was computed (another call on the same session): \
                 ask again",
            ));
        }
        last(&self.cfg)?;
        Ok(commit(&id, &mut held, extra, done))
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
