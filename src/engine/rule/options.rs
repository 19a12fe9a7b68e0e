//! A rule's options: their values, what each rule declares of one (type, default, range, allowed
//! words), and reading a value from text.

use crate::error::{Error, Result};
use rhai::Dynamic;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// An option value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptValue {
    /// A whole number.
    Int(i64),
    /// true or false.
    Bool(bool),
    /// A word or text.
    Str(String),
}

impl fmt::Display for OptValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptValue::Int(i) => write!(f, "{i}"),
            OptValue::Bool(b) => write!(f, "{b}"),
            OptValue::Str(s) => write!(f, "{}", crate::text::escape(s)),
        }
    }
}

impl OptValue {
    pub(crate) fn to_dynamic(&self) -> Dynamic {
        match self {
            OptValue::Int(i) => Dynamic::from(*i),
            OptValue::Bool(b) => Dynamic::from(*b),
            OptValue::Str(s) => Dynamic::from(s.clone()),
        }
    }

    pub(crate) fn from_dynamic(v: &Dynamic) -> Option<OptValue> {
        if let Ok(i) = v.as_int() {
            Some(OptValue::Int(i))
        } else if let Ok(b) = v.as_bool() {
            Some(OptValue::Bool(b))
        } else if v.is_string() {
            Some(OptValue::Str(v.to_string()))
        } else {
            None
        }
    }

    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            OptValue::Int(_) => "an integer",
            OptValue::Bool(_) => "true or false",
            OptValue::Str(_) => "a string",
        }
    }
}

/// Option values by name (sorted, so output is stable).
pub type Options = BTreeMap<String, OptValue>;

/// One option a rule file declares.
#[derive(Clone, Debug)]
pub struct OptionSpec {
    /// The option's name.
    pub name: String,
    /// Its default value (its type is the option's type).
    pub default: OptValue,
    /// One line of help.
    pub help: String,
    /// Smallest allowed integer.
    pub min: Option<i64>,
    /// Largest allowed integer.
    pub max: Option<i64>,
    /// The allowed values, when they are a list.
    pub values: Vec<OptValue>,
}

impl OptionSpec {
    /// The allowed values, in words: `an integer from 1 to 16`, `allowed | forbidden`.
    pub fn allowed(&self) -> String {
        if !self.values.is_empty() {
            return self
                .values
                .iter()
                .map(|v| v.to_string())
                .collect::<Vec<_>>()
                .join(" | ");
        }
        match (&self.default, self.min, self.max) {
            (OptValue::Int(_), Some(a), Some(b)) => format!("an integer from {a} to {b}"),
            (OptValue::Int(_), Some(a), None) => format!("an integer from {a}"),
            (OptValue::Int(_), None, Some(b)) => format!("an integer up to {b}"),
            (d, _, _) => d.type_name().to_string(),
        }
    }

    /// Parses and checks a value given as text (`--set key=value`).
    pub fn parse(&self, text: &str) -> Result<OptValue> {
        let text = text.trim();
        let v = match &self.default {
            OptValue::Int(_) => text.parse().ok().map(OptValue::Int),
            OptValue::Bool(_) => match text {
                "true" | "yes" | "on" | "1" => Some(OptValue::Bool(true)),
                "false" | "no" | "off" | "0" => Some(OptValue::Bool(false)),
                _ => None,
            },
            OptValue::Str(_) => Some(OptValue::Str(text.to_string())),
        };
        match v {
            Some(v) => self.check(v),
            None => Err(self.bad(text)),
        }
    }

    /// Checks a typed value.
    pub fn check(&self, v: OptValue) -> Result<OptValue> {
        let ok = match (&v, &self.default) {
            (OptValue::Int(i), OptValue::Int(_)) => {
                self.min.is_none_or(|m| *i >= m) && self.max.is_none_or(|m| *i <= m)
            }
            (OptValue::Bool(_), OptValue::Bool(_)) | (OptValue::Str(_), OptValue::Str(_)) => true,
            _ => false,
        };
        if !ok || (!self.values.is_empty() && !self.values.contains(&v)) {
            return Err(self.bad(&v.to_string()));
        }
        Ok(v)
    }

    pub(crate) fn bad(&self, text: &str) -> Error {
        Error::msg(format!(
            "option `{}`: `{}` is not allowed (use {})",
            self.name,
            text,
            self.allowed()
        ))
    }
}

/// Reads the `set` map of a rule's metadata (`ludii.set`, `mancalagames.set`: options, each an
/// integer, true/false or a word), `at` naming the key in errors and `example` showing one.
pub fn metadata_set(
    at: &str,
    v: Option<&serde_json::Value>,
    example: &str,
) -> std::result::Result<BTreeMap<String, serde_json::Value>, String> {
    use serde_json::Value;
    match v {
        None => Ok(BTreeMap::new()),
        Some(Value::Object(o)) => {
            for (k, v) in o {
                if !matches!(v, Value::String(_) | Value::Number(_) | Value::Bool(_)) {
                    return Err(format!(
                        "{at}.set.{k}: an option value (an integer, true/false or a word)"
                    ));
                }
            }
            Ok(o.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
        }
        Some(_) => Err(format!("{at}.set: a map of options, e.g. {example}")),
    }
}
