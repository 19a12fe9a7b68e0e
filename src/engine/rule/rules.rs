//! Rule files: loading them by name (from the rules path, see [`crate::engine::rule::library`]) or by
//! path, compiling them once, reading their metadata and options, presets, and
//! the calls into a rule script (`setup`, `moves`, `play`) with the board bound as `this`.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::Mutex;

use rhai::{Caches, Dynamic, Engine, GlobalRuntimeState, Scope, AST};
use serde::{Deserialize, Serialize};

use crate::engine::base::yaml;
use crate::engine::board::state::Board;
use crate::engine::declare::pipeline::Hooks;
use crate::engine::rule::library::{RulePath, Source};
use crate::error::{Error, Result};

pub use crate::engine::rule::options::{OptValue, OptionSpec, Options};

/// What a rule file says about itself (`fn meta()`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Meta {
    /// The game's name.
    pub name: String,
    /// Number of players, in words (`1`, `2`, `2-4`).
    pub players: String,
    /// One paragraph.
    pub description: String,
    /// Where the rules come from.
    pub sources: Vec<String>,
    /// The family of games it belongs to (`sowlab rules` groups by it; empty: "other").
    #[serde(skip_serializing_if = "String::is_empty")]
    pub family: String,
    /// Where the game is played (a region or country, as the sources say).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub region: String,
    /// The Ludii game(s) it plays, with the options giving Ludii's reading and where each of
    /// Ludii's sites is (see [`crate::engine::rule::ludii`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ludii: Option<crate::engine::rule::ludii::Ludii>,
    /// The MancalaGames game file it was translated from, with the options giving MancalaGames'
    /// engine's reading (see [`crate::engine::rule::mancalagames_meta`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mancalagames: Option<crate::engine::rule::mancalagames_meta::MancalaGamesMeta>,
}

/// A preset: a rule file with some options set (`presets/NAME.yaml` of a rules folder).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Preset {
    /// The rule file's name (looked for beside the preset first, then on the rules path).
    pub rule: String,
    /// What the preset is.
    #[serde(default)]
    pub description: String,
    /// The options it sets.
    #[serde(default)]
    pub options: BTreeMap<String, yaml::Value>,
    /// The Ludii game the preset plays (see [`crate::engine::rule::ludii`]); a preset without
    /// one does not inherit its rule's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ludii: Option<serde_json::Value>,
}

/// A compiled rule file.
pub struct Rule {
    /// The name it was loaded by (file stem, or preset name).
    pub name: String,
    /// The rule file (for a built-in rule, `<built-in>/NAME.rhai`).
    pub path: PathBuf,
    /// Where the rule was found when it was loaded by name (`None`: loaded by path or from text).
    pub source: Option<Source>,
    /// The sandboxed engine its functions run in.
    pub engine: Engine,
    /// The compiled script.
    pub ast: AST,
    /// Metadata.
    pub meta: Meta,
    /// Declared options, in the script's order.
    pub options: Vec<OptionSpec>,
    /// The preset this rule was loaded through, if any.
    pub preset: Option<(String, Preset)>,
    /// Options the preset sets (checked).
    pub preset_options: Options,
    /// SHA-256 of the rule's text, the modules it imports and its preset (`sha256:...`), for
    /// run records.
    pub content_hash: String,
    pub(super) has_moves: bool,
    /// Whether the script defines `play(pit)` (else the declared pipeline plays every move).
    pub has_play: bool,
    /// The hook functions the script defines.
    pub(super) hooks: Hooks,
    pub(super) eval_ast: bool,
    /// Whether the script defines `evaluate(player)` (for agents).
    pub has_evaluate: bool,
    /// Script functions by (name, number of parameters): the calls that may take the fast path.
    pub(super) script_fns: Vec<(String, usize)>,
    /// Reusable Rhai call states (see [`Rule::call`]); a pool, so threads and re-entrant calls
    /// each get their own.
    pub(super) states: Mutex<Vec<CallState>>,
    /// The text of a data rule (`NAME.yaml`), whose boards are built without a script.
    pub(super) data: Option<String>,
}

/// What Rhai keeps during one script call, kept between calls of the same rule: the function
/// resolution cache then survives, where `Engine::call_fn*` starts every call with an empty one
/// (and so resolves every primitive a move calls afresh).
pub(super) struct CallState {
    pub(super) global: GlobalRuntimeState,
    pub(super) caches: Caches,
    /// The (empty) scope of the call, kept for its allocation.
    pub(super) scope: Scope<'static>,
}

impl fmt::Debug for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rule")
            .field("name", &self.name)
            .field("path", &self.path)
            .finish()
    }
}

/// The names of the games and presets on a rules path (helper modules left out): games first.
pub fn names(path: impl Into<RulePath>) -> Vec<String> {
    path.into().names()
}

/// Whether a rule is named by a path (it has a `/` or ends in `.rhai`, `.yaml` or `.yml`) rather
/// than by a name on the rules path. A `.txt` file is a MancalaGames game file.
pub fn is_path(spec: &str) -> bool {
    spec.contains('/')
        || spec.contains(std::path::MAIN_SEPARATOR)
        || [".rhai", ".yaml", ".yml", ".txt"]
            .iter()
            .any(|e| spec.ends_with(e))
}

impl Rule {
    /// The spec of option `name`, or an error listing the options.
    pub fn option(&self, name: &str) -> Result<&OptionSpec> {
        self.options.iter().find(|o| o.name == name).ok_or_else(|| {
            let known: Vec<&str> = self.options.iter().map(|o| o.name.as_str()).collect();
            Error::msg(format!(
                "unknown option `{name}` for {} (options: {})",
                self.name,
                if known.is_empty() {
                    "none".to_string()
                } else {
                    known.join(", ")
                }
            ))
        })
    }

    /// [`Rule::resolve_options`] from a map of option values given as JSON (a playground
    /// request's `options`, a `ludii:` entry's `set`): a string is the value as written, any other
    /// value its JSON text.
    pub fn resolve_option_values<'a>(
        &self,
        values: impl IntoIterator<Item = (&'a String, &'a serde_json::Value)>,
    ) -> Result<Options> {
        let sets: Vec<String> = values
            .into_iter()
            .map(|(k, v)| match v {
                serde_json::Value::String(s) => format!("{k}={s}"),
                other => format!("{k}={other}"),
            })
            .collect();
        self.resolve_options(&sets)
    }

    /// Full option values: defaults, then the preset's, then `sets` (`key=value` each).
    pub fn resolve_options<S: AsRef<str>>(&self, sets: &[S]) -> Result<Options> {
        let mut out: Options = self
            .options
            .iter()
            .map(|o| (o.name.clone(), o.default.clone()))
            .collect();
        out.extend(self.preset_options.clone());
        for s in sets {
            let s = s.as_ref();
            let Some((k, v)) = s.split_once('=') else {
                return Err(Error::msg(format!(
                    "bad option `{s}`: write KEY=VALUE, e.g. --set holes=6"
                )));
            };
            let spec = self.option(k.trim())?;
            out.insert(spec.name.clone(), spec.parse(v)?);
        }
        Ok(out)
    }

    /// Checks typed option values (from a save file) and fills in defaults.
    pub fn check_options(&self, given: &Options) -> Result<Options> {
        let mut out = self.resolve_options::<&str>(&[])?;
        for (k, v) in given {
            let spec = self.option(k)?;
            out.insert(k.clone(), spec.check(v.clone())?);
        }
        Ok(out)
    }
}

/// The board inside a script value. The core only ever stores boards there.
pub fn board(d: &Dynamic) -> impl std::ops::Deref<Target = Board> + '_ {
    d.read_lock::<Board>().expect("a board value")
}

/// The board inside a script value, mutably.
pub fn board_mut(d: &mut Dynamic) -> impl std::ops::DerefMut<Target = Board> + '_ {
    d.write_lock::<Board>().expect("a board value")
}

/// The first line of an error's text.
pub fn one_line(e: &impl fmt::Display) -> String {
    e.to_string().lines().next().unwrap_or("").to_string()
}
