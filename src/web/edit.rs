//! Editing the rule in the page: its source, and a reload that replays the game under the
//! edited rule, naming the first move that now plays differently.

use std::sync::Arc;

use serde_json::json;

use crate::engine::game::replay::replay_under;
use crate::engine::rule::library::Source;
use crate::engine::rule::rules::Rule;
use crate::error::Error;
use crate::web::api::{Playground, Req};
use crate::web::error::{bad, ApiError, Reply};
use crate::web::files::{check_rule_target, read_allowed, rule_from_text, save_target, write_rule};

impl Playground {
    /// The source of the session's rule file (only files of the rules or user folder).
    pub(super) fn source(&self, req: &Req) -> Reply {
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
    pub(super) fn reload(&self, req: &Req) -> Reply {
        let source = req.source.clone();
        let overwrite = req.overwrite.unwrap_or(false);
        // Where the edited text goes, written last, once nothing can refuse the call.
        let pending: std::cell::Cell<Option<std::path::PathBuf>> = Default::default();
        let write = |cfg: &crate::web::config::Config| match (pending.take(), &source) {
            (Some(path), Some(text)) => write_rule(cfg, &path, text),
            _ => Ok(()),
        };
        self.with_copy_then(
            req,
            |cfg, mut s| {
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
                if source.is_some() {
                    // (checked now, written by `write` once the call is sure to be kept)
                    check_rule_target(cfg, &path)?;
                    pending.set(Some(path.clone()));
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
            },
            write,
        )
    }
}
