//! What a rule script says about itself: its `meta()` and `options()`, read once when it loads,
//! with the errors that name a broken contract.

use crate::engine::script::primitives::{self as script};
use crate::error::{Error, Result};
use rhai::{CallFnOptions, Dynamic, Map, Scope};

use crate::engine::rule::rules::{one_line, Meta, OptValue, OptionSpec, Rule};

impl Rule {
    pub(super) fn has_fn(&self, name: &str) -> bool {
        self.ast.iter_functions().any(|f| f.name == name)
    }

    pub(super) fn call_free(&self, f: &str) -> Result<Dynamic> {
        let _clock = script::start_rule_call();
        let mut scope = Scope::new();
        self.engine
            .call_fn_with_options::<Dynamic>(
                CallFnOptions::new().eval_ast(self.eval_ast),
                &mut scope,
                &self.ast,
                f,
                (),
            )
            .map_err(|e| Error::from_eval(&self.path, &e))
    }

    pub(super) fn read_meta(&self, default_name: &str) -> Result<Meta> {
        let mut meta = Meta {
            name: default_name.to_string(),
            ..Meta::default()
        };
        if !self.has_fn("meta") {
            return Ok(meta);
        }
        let m = self.call_free("meta")?;
        let Some(m) = m.try_cast::<Map>() else {
            return Err(self.contract_error("meta() must return a map"));
        };
        // What a rule file says about itself is shown as text: escaped, never terminal controls.
        let text = |v: &Dynamic| crate::text::escape(&v.to_string()).into_owned();
        for (k, v) in m {
            match k.as_str() {
                "name" => meta.name = text(&v),
                "players" => meta.players = text(&v),
                "description" => meta.description = text(&v),
                "family" => meta.family = text(&v),
                "region" => meta.region = text(&v),
                "ludii" => {
                    let json: serde_json::Value = rhai::serde::from_dynamic(&v).map_err(|e| {
                        self.contract_error(&format!("meta(): ludii: {}", one_line(&e)))
                    })?;
                    meta.ludii = Some(
                        crate::engine::rule::ludii::parse(&json)
                            .map_err(|e| self.contract_error(&format!("meta(): {e}")))?,
                    );
                }
                "mancalagames" => {
                    let json: serde_json::Value = rhai::serde::from_dynamic(&v).map_err(|e| {
                        self.contract_error(&format!("meta(): mancalagames: {}", one_line(&e)))
                    })?;
                    meta.mancalagames = Some(
                        crate::engine::rule::mancalagames_meta::parse(&json)
                            .map_err(|e| self.contract_error(&format!("meta(): {e}")))?,
                    );
                }
                "sources" | "source" => {
                    meta.sources = match v.clone().into_array() {
                        Ok(a) => a.iter().map(text).collect(),
                        Err(_) => vec![text(&v)],
                    }
                }
                _ => {}
            }
        }
        Ok(meta)
    }

    pub(super) fn read_options(&self) -> Result<Vec<OptionSpec>> {
        if !self.has_fn("options") {
            return Ok(Vec::new());
        }
        let m = self.call_free("options")?;
        let Some(m) = m.try_cast::<Map>() else {
            return Err(self.contract_error("options() must return a map of option maps"));
        };
        let mut out = Vec::new();
        for (name, spec) in m {
            let bad = |what: &str| {
                self.contract_error(&format!(
                    "options(): option `{}`: {what}",
                    crate::text::escape(&name)
                ))
            };
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
            {
                return Err(bad("an option name is letters, digits, _ and -"));
            }
            let Some(spec) = spec.try_cast::<Map>() else {
                return Err(bad("must be a map like #{ value: 4, help: \"...\" }"));
            };
            let default = spec
                .get("value")
                .and_then(OptValue::from_dynamic)
                .ok_or_else(|| {
                    bad("needs a default `value` (an integer, true/false or a string)")
                })?;
            let int = |k: &str| -> Result<Option<i64>> {
                match spec.get(k) {
                    None => Ok(None),
                    Some(v) => v
                        .as_int()
                        .map(Some)
                        .map_err(|_| bad(&format!("`{k}` must be an integer"))),
                }
            };
            let values = match spec.get("values") {
                None => Vec::new(),
                Some(v) => v
                    .clone()
                    .into_array()
                    .map_err(|_| bad("`values` must be an array"))?
                    .iter()
                    .map(|x| OptValue::from_dynamic(x).ok_or_else(|| bad("bad entry in `values`")))
                    .collect::<Result<_>>()?,
            };
            let o = OptionSpec {
                name: name.to_string(),
                default: default.clone(),
                help: spec
                    .get("help")
                    .map(|h| crate::text::escape(&h.to_string()).into_owned())
                    .unwrap_or_default(),
                min: int("min")?,
                max: int("max")?,
                values,
            };
            o.check(default)
                .map_err(|_| bad("its default is not one of its allowed values"))?;
            out.push(o);
        }
        Ok(out)
    }

    pub(super) fn contract_error(&self, what: &str) -> Error {
        Error::msg(format!("{}: {what}", self.path.display()))
    }
}
