//! The playground's JSON API, without any HTTP: [`Playground::handle`] takes a route and a request
//! body and returns a status and a JSON body. Each browser tab starts its own session (`new`) and
//! names it in every later request. Every game operation goes through the library the REPL uses
//! (`Game::play`, `undo`, `redo`, agents, the solver, `replay_under` for reloads); a request that
//! fails changes nothing and gets `{"ok": false, "error": "..."}` (with `line`, `col` and `file`
//! for script errors).

use std::collections::HashMap;
use std::sync::Arc;

use serde::Deserialize;
use serde_json::{json, Map, Value};

use crate::engine::base::rng::Rng;
use crate::engine::game::replay::new_game;
use crate::engine::rule::rules::{self, Rule};
pub use crate::web::config::{default_user_dir, Config};
pub use crate::web::error::ApiError;
use crate::web::error::{bad, Reply};
use crate::web::session::{clone_game, Session};
use crate::web::view::view;

/// All sessions of a playground.
pub struct Playground {
    pub(super) cfg: Config,
    pub(super) sessions: HashMap<String, Session>,
    pub(super) clock: u64,
    pub(super) rng: Rng,
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

    pub(super) fn route(&mut self, route: &str, body: &[u8]) -> Reply {
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
    pub(super) fn rules(&self) -> Value {
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

    pub(super) fn new_session(&mut self, req: &Req) -> Reply {
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
    pub(super) fn with(
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
                    crate::engine::game::game::clip(id)
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
}
