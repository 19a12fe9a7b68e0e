//! Editing the rule in the page: its source, and a reload that replays the game under the
//! edited rule, naming the first move that now plays differently.

use std::sync::Arc;

use serde_json::json;

use crate::engine::game::replay::replay_under;
use crate::engine::rule::library::Source;
use crate::engine::rule::rules::Rule;
use crate::error::Error;
use crate::web::api::{Playground, Req};
use crate::web::error::{ApiError, Reply};
use crate::web::files::{read_allowed, write_rule};

impl Playground {
    /// The source of the session's rule file (only files of the rules or user folder).
    pub(super) fn source(&mut self, req: &Req) -> Reply {
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
    pub(super) fn reload(&mut self, req: &Req) -> Reply {
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
}
