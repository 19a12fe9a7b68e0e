//! Rule files: loading them by name (from the rules path, see [`crate::engine::library`]) or by
//! path, compiling them once, reading their metadata and options, presets, and
//! the calls into a rule script (`setup`, `moves`, `play`) with the board bound as `this`.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use rhai::{
    Caches, CallFnOptions, Dynamic, Engine, EvalAltResult, EvalContext, FuncArgs,
    GlobalRuntimeState, Map, Scope, AST,
};
use serde::{Deserialize, Serialize};

use crate::engine::board::{Board, NO_PIT};
use crate::engine::content_hash;
use crate::engine::declared::{self, HookCall};
use crate::engine::library::{Found, Kind, RulePath, Source};
use crate::engine::pipeline::Hooks;
use crate::engine::script::{self, Limits};
use crate::engine::yaml;
use crate::error::{Error, Result};

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
            OptValue::Str(s) => write!(f, "{}", crate::render::escape(s)),
        }
    }
}

impl OptValue {
    fn to_dynamic(&self) -> Dynamic {
        match self {
            OptValue::Int(i) => Dynamic::from(*i),
            OptValue::Bool(b) => Dynamic::from(*b),
            OptValue::Str(s) => Dynamic::from(s.clone()),
        }
    }

    fn from_dynamic(v: &Dynamic) -> Option<OptValue> {
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

    fn type_name(&self) -> &'static str {
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

    fn bad(&self, text: &str) -> Error {
        Error::msg(format!(
            "option `{}`: `{}` is not allowed (use {})",
            self.name,
            text,
            self.allowed()
        ))
    }
}

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
    has_moves: bool,
    /// Whether the script defines `play(pit)` (else the declared pipeline plays every move).
    pub has_play: bool,
    /// The hook functions the script defines.
    hooks: Hooks,
    eval_ast: bool,
    /// Whether the script defines `evaluate(player)` (for agents).
    pub has_evaluate: bool,
    /// Script functions by (name, number of parameters): the calls that may take the fast path.
    script_fns: Vec<(String, usize)>,
    /// Reusable Rhai call states (see [`Rule::call`]); a pool, so threads and re-entrant calls
    /// each get their own.
    states: Mutex<Vec<CallState>>,
    /// The text of a data rule (`NAME.yaml`), whose boards are built without a script.
    data: Option<String>,
}

/// What Rhai keeps during one script call, kept between calls of the same rule: the function
/// resolution cache then survives, where `Engine::call_fn*` starts every call with an empty one
/// (and so resolves every primitive a move calls afresh).
struct CallState {
    global: GlobalRuntimeState,
    caches: Caches,
    /// The (empty) scope of the call, kept for its allocation.
    scope: Scope<'static>,
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
/// than by a name on the rules path.
pub fn is_path(spec: &str) -> bool {
    spec.contains('/')
        || spec.contains(std::path::MAIN_SEPARATOR)
        || [".rhai", ".yaml", ".yml"].iter().any(|e| spec.ends_with(e))
}

impl Rule {
    /// Loads a rule by name (a rule file or preset on the rules `path`: folders, then the
    /// built-in rules) or by path (a `.rhai` or `.yaml` file). A folder given as `path` is that
    /// folder, then the built-in rules.
    pub fn load(spec: &str, path: impl Into<RulePath>) -> Result<Rule> {
        let rules = path.into();
        if is_path(spec) {
            let file = Path::new(spec);
            if !file.is_file() {
                return Err(Error::msg(format!("no rule file {spec}")));
            }
            let data = crate::engine::files::read_text(file, "rule file").is_ok_and(|t| {
                // (checked first: telling a data rule needs a YAML parse)
                crate::engine::files::check_yaml(&t).is_ok()
                    && crate::engine::data_rule::is_data_rule(&t)
            });
            return if data {
                Rule::load_data(file)
            } else if spec.ends_with(".yaml") || spec.ends_with(".yml") {
                Rule::load_preset(file, &rules)
            } else {
                Rule::load_file(file, &rules)
            };
        }
        if let Some(found) = rules.find(spec) {
            let text = found.text().ok_or_else(|| {
                Error::msg(format!("cannot read rule file {}", found.path().display()))
            })?;
            return match found.kind {
                Kind::Preset => Rule::preset_from_text(&text, &found.path(), &found.source, &rules),
                _ => Rule::from_found(&found, text),
            };
        }
        let known = rules.names();
        let hint = match crate::error::closest(spec, &known) {
            Some(n) => format!("; did you mean `{n}`?"),
            None => String::new(),
        };
        Err(Error::msg(format!(
            "unknown rule `{spec}`{hint} (rules: {}; looked in {})",
            known.join(", "),
            rules.describe()
        )))
    }

    /// A rule script or data rule found on the rules path, from its text.
    fn from_found(found: &Found, text: String) -> Result<Rule> {
        let mut r = if found.kind == Kind::Data {
            Rule::data_from_text(text, &found.path())?
        } else {
            Rule::from_source_in(&text, &found.path(), Some(found.source.clone()))?
        };
        r.source = Some(found.source.clone());
        Ok(r)
    }

    /// Loads a preset file. Its rule is looked for beside it (in the folder holding it, or above
    /// its `presets/` folder), then on the rules `path`.
    pub fn load_preset(path: &Path, rules: impl Into<RulePath>) -> Result<Rule> {
        let text = crate::engine::files::read_text(path, "preset")?;
        let parent = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let home = if parent.ends_with("presets") {
            parent.parent().unwrap_or(parent)
        } else {
            parent
        };
        let home = if home.as_os_str().is_empty() {
            Path::new(".")
        } else {
            home
        };
        Rule::preset_from_text(&text, path, &Source::Dir(home.to_path_buf()), &rules.into())
    }

    /// A preset from its text: `path` names it, `home` is where its rule is looked for first.
    fn preset_from_text(text: &str, path: &Path, home: &Source, rules: &RulePath) -> Result<Rule> {
        crate::engine::files::check_yaml(text)
            .map_err(|e| Error::msg(format!("{}: {e}", path.display())))?;
        let preset: Preset = yaml::from_str(text)
            .map_err(|e| Error::msg(format!("{}: {}", path.display(), one_line(&e))))?;
        let Some(found) = rules.find_script(&preset.rule, Some(home)) else {
            return Err(Error::msg(format!(
                "{}: the preset names rule `{}`, which is neither beside it ({}) nor on the rules path ({})",
                path.display(),
                preset.rule,
                home,
                rules.describe()
            )));
        };
        let rule_text = found.text().ok_or_else(|| {
            Error::msg(format!("cannot read rule file {}", found.path().display()))
        })?;
        let mut rule = Rule::from_found(&found, rule_text)?;
        let mut set = Options::new();
        for (k, v) in &preset.options {
            let spec = rule.option(k).map_err(|e| e.context(path.display()))?;
            let text = match v {
                yaml::Value::String(s) => s.clone(),
                yaml::Value::Number(n) => n.to_string(),
                yaml::Value::Bool(b) => b.to_string(),
                _ => {
                    return Err(Error::msg(format!(
                        "{}: option `{k}` takes {}",
                        path.display(),
                        spec.allowed()
                    )))
                }
            };
            let v = spec.parse(&text).map_err(|e| e.context(path.display()))?;
            set.insert(k.clone(), v);
        }
        rule.name = path
            .file_stem()
            .map(|s| crate::render::escape(&s.to_string_lossy()).into_owned())
            .unwrap_or_default();
        rule.content_hash = content_hash::preset_hash(&rule.content_hash, text);
        let mut preset = preset;
        preset.description = crate::render::escape(&preset.description).into_owned();
        rule.source = Some(home.clone());
        rule.preset = Some((rule.name.clone(), preset));
        rule.preset_options = set;
        Ok(rule)
    }

    /// Compiles a rule file and reads its metadata and options. Its imports resolve in its own
    /// folder.
    pub fn load_file(path: &Path, _rules: impl Into<RulePath>) -> Result<Rule> {
        let text = crate::engine::files::read_text(path, "rule file")?;
        let import_dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        Rule::from_source(&text, path, import_dir.to_path_buf())
    }

    /// Loads a data rule (`NAME.yaml` with a `board:` and a `pipeline:`, no script): its keys
    /// are checked with the default options, and each game builds its board natively.
    pub fn load_data(path: &Path) -> Result<Rule> {
        let text = crate::engine::files::read_text(path, "rule file")?;
        Rule::data_from_text(text, path)
    }

    /// A data rule from its text; `path` names it in messages (and gives its name).
    pub fn data_from_text(text: String, path: &Path) -> Result<Rule> {
        use crate::engine::data_rule;
        crate::engine::files::check_yaml(&text)
            .map_err(|e| Error::msg(format!("{}: {e}", path.display())))?;
        let mut options = Vec::new();
        for (name, o) in data_rule::read_options(path, &text)? {
            let bad =
                |what: &str| Error::msg(format!("{}: options: {name}: {what}", path.display()));
            let default = data_rule::scalar(&o.value)
                .ok_or_else(|| bad("`value` must be an integer, true/false or a word"))?;
            let values = o
                .values
                .iter()
                .map(|v| data_rule::scalar(v).ok_or_else(|| bad("bad entry in `values`")))
                .collect::<Result<_>>()?;
            let spec = OptionSpec {
                name: name.clone(),
                default: default.clone(),
                help: crate::render::escape(&o.help).into_owned(),
                min: o.min,
                max: o.max,
                values,
            };
            spec.check(default)
                .map_err(|_| bad("its default is not one of its allowed values"))?;
            options.push(spec);
        }
        let defaults: Map = options
            .iter()
            .map(|o| (o.name.as_str().into(), o.default.to_dynamic()))
            .collect();
        let d = data_rule::parse(path, &text, &defaults)?;
        let engine = script::engine(&Limits::rules(), None);
        let ast = engine
            .compile("")
            .map_err(|e| Error::from_parse(path, &e))?;
        let name = path
            .file_stem()
            .map(|s| crate::render::escape(&s.to_string_lossy()).into_owned())
            .unwrap_or_default();
        let players = match &d.players {
            crate::engine::yaml::Value::String(s) => s.clone(),
            crate::engine::yaml::Value::Number(n) => n.to_string(),
            _ => {
                return Err(Error::msg(format!(
                    "{}: players: write a number or a range such as 2-4",
                    path.display()
                )))
            }
        };
        let rule = Rule {
            name,
            path: path.to_path_buf(),
            source: None,
            engine,
            ast,
            // What the file says about itself is shown as text: escaped, never terminal controls.
            meta: Meta {
                name: crate::render::escape(&d.name).into_owned(),
                players: crate::render::escape(&players).into_owned(),
                description: crate::render::escape(&d.description).into_owned(),
                sources: d
                    .sources
                    .iter()
                    .map(|x| crate::render::escape(x).into_owned())
                    .collect(),
                family: crate::render::escape(&d.family).into_owned(),
                region: crate::render::escape(&d.region).into_owned(),
            },
            options,
            preset: None,
            preset_options: Options::new(),
            content_hash: content_hash::data_hash(&text),
            has_moves: false,
            has_play: false,
            hooks: Hooks::default(),
            eval_ast: false,
            has_evaluate: false,
            script_fns: Vec::new(),
            states: Mutex::new(Vec::new()),
            data: Some(text),
        };
        // Build the default start now: a board or pipeline that cannot work fails the load.
        let opts = rule.resolve_options::<&str>(&[])?;
        let _ = rule.new_board(&opts)?;
        Ok(rule)
    }

    /// Compiles a rule from its source text. `path` names it in errors (and gives its name: the
    /// file stem); `import_dir` is where its `import "name"` statements look (the only place).
    pub fn from_source(text: &str, path: &Path, import_dir: PathBuf) -> Result<Rule> {
        Rule::from_source_in(text, path, Some(Source::Dir(import_dir)))
    }

    /// [`Rule::from_source`] with imports resolved in `imports` (a folder or the built-in
    /// rules; none when `None`).
    pub fn from_source_in(text: &str, path: &Path, imports: Option<Source>) -> Result<Rule> {
        let content_hash = content_hash::rule_hash(text, imports.as_ref());
        let engine = script::engine(&Limits::rules(), imports);
        let mut ast = engine
            .compile(text)
            .map_err(|e| Error::from_parse(path, &e))?;
        ast.set_source(path.display().to_string());
        let has = |name: &str, params: usize| {
            ast.iter_functions()
                .any(|f| f.name == name && f.params.len() == params)
        };
        // play(pit) may be left out when setup() declares the move (checked below).
        for (f, n, sig) in [("setup", 0, "setup()")] {
            if !has(f, n) {
                return Err(Error::msg(format!(
                    "{}: missing function `{sig}` (a rule file defines setup() and play(pit); see rules/README.md)",
                    path.display()
                )));
            }
        }
        let has_moves = has("moves", 0);
        let has_play = has("play", 1);
        let hooks = Hooks {
            pass: has("on_pass", 1),
            round_end: has("on_round_end", 1),
            game_end: has("on_game_end", 0),
        };
        let has_evaluate = has("evaluate", 1);
        // Top-level statements (imports, constants) must run before each call; skip that cost
        // for scripts that have none.
        let eval_ast = !ast.statements().is_empty();
        let script_fns = ast
            .iter_functions()
            .map(|f| (f.name.to_string(), f.params.len()))
            .collect();
        let name = path
            .file_stem()
            .map(|s| crate::render::escape(&s.to_string_lossy()).into_owned())
            .unwrap_or_default();
        let mut rule = Rule {
            name: name.clone(),
            path: path.to_path_buf(),
            source: None,
            engine,
            ast,
            meta: Meta::default(),
            options: Vec::new(),
            preset: None,
            preset_options: Options::new(),
            content_hash,
            has_moves,
            has_play,
            hooks,
            eval_ast,
            has_evaluate,
            script_fns,
            states: Mutex::new(Vec::new()),
            data: None,
        };
        rule.meta = rule.read_meta(&name)?;
        rule.options = rule.read_options()?;
        if !has_play {
            // Without play(pit), setup() must declare the move: build the default start now so
            // a file that does neither fails at load, as before.
            let opts = rule.resolve_options::<&str>(&[])?;
            let _ = rule.new_board(&opts)?;
        }
        Ok(rule)
    }

    fn has_fn(&self, name: &str) -> bool {
        self.ast.iter_functions().any(|f| f.name == name)
    }

    fn call_free(&self, f: &str) -> Result<Dynamic> {
        let _clock = script::start_call(Limits::rules().time_limit, false);
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

    fn read_meta(&self, default_name: &str) -> Result<Meta> {
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
        let text = |v: &Dynamic| crate::render::escape(&v.to_string()).into_owned();
        for (k, v) in m {
            match k.as_str() {
                "name" => meta.name = text(&v),
                "players" => meta.players = text(&v),
                "description" => meta.description = text(&v),
                "family" => meta.family = text(&v),
                "region" => meta.region = text(&v),
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

    fn read_options(&self) -> Result<Vec<OptionSpec>> {
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
                    crate::render::escape(&name)
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
                    .map(|h| crate::render::escape(&h.to_string()).into_owned())
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

    fn contract_error(&self, what: &str) -> Error {
        Error::msg(format!("{}: {what}", self.path.display()))
    }

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

    /// Builds the start position with the default options (a preset's included), to check that
    /// `setup()` runs: loading alone does not call it for a rule that has `play(pit)`.
    pub fn check_start(&self) -> Result<()> {
        let opts = self.resolve_options::<&str>(&[])?;
        self.new_board(&opts).map(|_| ())
    }

    /// Builds the start position: runs `setup()` with `this` bound to a fresh board.
    pub fn new_board(&self, options: &Options) -> Result<Dynamic> {
        let mut b = Board::new_for_setup();
        {
            let l = Arc::make_mut(&mut b.layout);
            for (k, v) in options {
                l.options.insert(k.as_str().into(), v.to_dynamic());
            }
        }
        if let Some(text) = &self.data {
            let d = crate::engine::data_rule::parse(&self.path, text, &b.layout.options)?;
            d.setup(&mut b).map_err(|e| self.contract_error(&e))?;
            self.finish_setup(&mut b)?;
            return Ok(Dynamic::from(b));
        }
        let mut d = Dynamic::from(b);
        let _ = self.call(&mut d, "setup", ())?;
        let mut b = self.take_board(d, "setup()")?;
        self.finish_setup(&mut b)?;
        Ok(Dynamic::from(b))
    }

    fn finish_setup(&self, b: &mut Board) -> Result<()> {
        let bad = |what: String| self.contract_error(&format!("setup(): {what}"));
        let l = Arc::make_mut(&mut b.layout);
        if l.holes.is_empty() {
            return Err(bad("the board has no holes (use this.add_row(...))".into()));
        }
        if l.track.is_empty() {
            l.track = (0..l.pits.len()).collect();
        }
        l.link_track();
        l.name_pits();
        // meta().players is a label ("2", "2-4"); when it is a number or a range, the board
        // must agree with it.
        let label = self.meta.players.replace(' ', "");
        let range = match label.split_once('-') {
            Some((a, b)) => a.parse::<usize>().ok().zip(b.parse::<usize>().ok()),
            None => label.parse::<usize>().ok().map(|n| (n, n)),
        };
        if let Some((lo, hi)) = range {
            if l.players < lo || l.players > hi {
                return Err(bad(format!(
                    "the board has {} player{}, but meta() says players: {}",
                    l.players,
                    if l.players == 1 { "" } else { "s" },
                    self.meta.players
                )));
            }
        }
        check_names(l).map_err(bad)?;
        for r in &l.rows {
            if r.owner > l.players {
                return Err(bad(format!(
                    "row {} belongs to player {}, but there are {} players",
                    r.name, r.owner, l.players
                )));
            }
        }
        let n = l.players;
        b.reserves.resize(n, 0);
        b.counters.resize(l.counters.len() * n, 0);
        if b.to_move > n {
            return Err(bad(format!(
                "player {} to move, but there are {n} players",
                b.to_move
            )));
        }
        if let Some(&p) = b.seeds.iter().find(|&&s| s < 0) {
            return Err(bad(format!("a pit holds {p} seeds")));
        }
        if let Some(mut p) = l.pipeline.take() {
            p.link(l, &mut b.vars).map_err(|e| bad(e.to_string()))?;
            p.at.hooks = self.hooks;
            l.pipeline = Some(p);
        } else if !self.has_play {
            return Err(self.contract_error(
                "missing function `play(pit)`: a rule file defines play(pit), or declares its move with this.pipeline(#{...}) in setup() (see rules/README.md)",
            ));
        }
        b.counters.resize(l.counters.len() * n, 0);
        b.in_setup = false;
        b.ledger.clear();
        b.last.pit = NO_PIT;
        declared::check_start(b);
        Ok(())
    }

    /// Takes the board back out of a script call's `this`, checking the script did not replace it.
    fn take_board(&self, d: Dynamic, during: &str) -> Result<Board> {
        d.try_cast::<Board>().ok_or_else(|| {
            self.contract_error(&format!(
                "{during} replaced `this` (the board) with another value"
            ))
        })
    }

    /// Calls script function `f` with `board` bound as `this`.
    pub fn call(&self, board: &mut Dynamic, f: &str, args: impl FuncArgs) -> Result<Dynamic> {
        // The call's wall clock (and memory) limit covers the script and the primitives it calls.
        let _clock = script::start_call(Limits::rules().time_limit, false);
        let mut argv: rhai::StaticVec<Dynamic> = rhai::StaticVec::new();
        args.parse(&mut argv);
        let is_script_fn = self
            .script_fns
            .iter()
            .any(|(name, n)| name == f && *n == argv.len());
        let r = if !self.eval_ast && is_script_fn {
            self.call_reusing_state(board, f, &mut argv)
        } else {
            let mut scope = Scope::new();
            self.engine.call_fn_with_options::<Dynamic>(
                CallFnOptions::new()
                    .eval_ast(self.eval_ast)
                    .rewind_scope(false)
                    .bind_this_ptr(board),
                &mut scope,
                &self.ast,
                f,
                argv,
            )
        };
        let r = r.map_err(|e| match Error::from_eval(&self.path, &e) {
            // no place known (e.g. an empty endless loop): at least name the function
            e @ Error::Script { line: 0, .. } => e.context(format!("in {f}()")),
            e => e,
        })?;
        if !board.is::<Board>() {
            return Err(self.contract_error(&format!(
                "{f}() replaced `this` (the board) with another value"
            )));
        }
        Ok(r)
    }

    /// The fast path of [`Rule::call`] for a script without top-level statements: the same call
    /// as `Engine::call_fn_with_options` (method-call style, `this` bound by reference, an empty
    /// scope, the operation count starting at 0, the same errors) but with a Rhai state taken from
    /// the rule's pool, so functions resolved by earlier calls are not resolved again.
    fn call_reusing_state(
        &self,
        board: &mut Dynamic,
        f: &str,
        argv: &mut [Dynamic],
    ) -> std::result::Result<Dynamic, Box<EvalAltResult>> {
        let pooled = self.states.lock().ok().and_then(|mut v| v.pop());
        let mut st = pooled.unwrap_or_else(|| {
            let mut global = self.engine.new_global_runtime_state();
            global.lib.push(self.ast.shared_lib().clone());
            global.source = self.ast.source().map(Into::into);
            CallState {
                global,
                caches: Caches::new(),
                scope: Scope::new(),
            }
        });
        // Each call starts counting operations from 0 (limits and the clock check rely on it).
        st.global.num_operations = Default::default();
        st.global.level = 0;
        let r = {
            let mut ctx = EvalContext::new(
                &self.engine,
                &mut st.global,
                &mut st.caches,
                &mut st.scope,
                None,
            );
            let mut refs: rhai::StaticVec<&mut Dynamic> = rhai::StaticVec::new();
            refs.push(board);
            refs.extend(argv.iter_mut());
            ctx.call_fn_raw(f, true, true, &mut refs)
        };
        // A state goes back to the pool only after a call that ended normally and left it as it
        // was made (an error may leave Rhai's stacks unwound halfway: drop that state).
        if r.is_ok() && st.global.lib.len() == 1 && st.global.num_imports() == 0 {
            st.scope.clear();
            if let Ok(mut v) = self.states.lock() {
                v.push(st);
            }
        }
        // As `call_fn_with_options`: `exit` ends the call with its value, and an error raised in
        // `f` itself is not wrapped in "in call to function f".
        r.or_else(|e| match *e {
            EvalAltResult::Exit(out, ..) => Ok(out),
            EvalAltResult::ErrorInFunctionCall(name, _, inner, _) if name == f => Err(inner),
            _ => Err(e),
        })
    }

    /// The legal moves (pit ids) of a position: the script's `moves()`, or by default the mover's
    /// open holes that hold seeds. Empty when the game is over.
    pub fn legal(&self, d: &mut Dynamic) -> Result<Vec<usize>> {
        {
            let b = board(d);
            if b.over {
                return Ok(Vec::new());
            }
            if !self.has_moves {
                let mut out = Vec::with_capacity(b.layout.holes.len());
                self.legal_native(&b, &mut out);
                return Ok(out);
            }
        }
        let before = board(d).key();
        let r = self.call(d, "moves", ())?;
        if board(d).key() != before {
            return Err(self.contract_error(
                "moves() changed the board: it may only look at the position (play(pit) makes the move)",
            ));
        }
        // (No clone of the array: the value comes back in the error case for the message.)
        let a = match r.try_cast_result::<rhai::Array>() {
            Ok(a) => a,
            Err(r) => {
                return Err(self.contract_error(&format!(
                    "moves() must return an array of hole ids, not {}",
                    script::show(&r)
                )))
            }
        };
        let b = board(d);
        let mut out = Vec::with_capacity(a.len());
        let mut seen = vec![false; b.seeds.len()];
        for v in a {
            let p = v.as_int().ok().filter(|&p| {
                p >= 0 && (p as usize) < b.seeds.len() && b.layout.pits[p as usize].row.is_some()
            });
            match p {
                Some(p) if seen[p as usize] => {
                    return Err(self.contract_error(&format!(
                        "moves() returned hole {} twice",
                        b.layout.pits[p as usize].name
                    )))
                }
                Some(p) => {
                    let p = p as usize;
                    seen[p] = true;
                    // A move is played by its label: the label must name this very hole for the
                    // player to move, or the move listed could not be played (or another would).
                    let label = b.layout.label(p);
                    if b.layout.parse_label(b.to_move, &label) != Some(p) {
                        return Err(self.contract_error(&format!(
                            "moves() returned hole {}, but its label `{label}` does not name it for player {} (give each row a name, e.g. this.add_row(\"N\", ...), so labels name the row)",
                            b.layout.pits[p].name, b.to_move
                        )));
                    }
                    out.push(p);
                }
                None => {
                    return Err(self.contract_error(&format!(
                        "moves() returned {}, which is not a hole id (0 to {})",
                        script::show(&v),
                        b.seeds.len() - 1
                    )))
                }
            }
        }
        Ok(out)
    }

    /// The legal moves of a position without a script call: the declared moves, or the mover's
    /// open holes that hold seeds. (For rules without `moves()`; the game must not be over.)
    fn legal_native(&self, b: &Board, out: &mut Vec<usize>) {
        match b.layout.pipeline.as_deref() {
            Some(p) => declared::legal_into(b, p, b.to_move, out),
            None => {
                let pl = b.to_move;
                out.extend(
                    b.layout
                        .holes
                        .iter()
                        .copied()
                        .filter(|&p| b.playable_by(p, pl)),
                );
            }
        }
    }

    /// [`Rule::legal`] into a buffer the caller reuses (cleared first): no allocation per call
    /// for rules without `moves()`.
    pub fn legal_into(&self, d: &mut Dynamic, out: &mut Vec<usize>) -> Result<()> {
        out.clear();
        if !self.has_moves {
            let b = board(d);
            if !b.over {
                self.legal_native(&b, out);
            }
            return Ok(());
        }
        *out = self.legal(d)?;
        Ok(())
    }

    /// Whether every move of this rule runs without a script call: the rule declares its move (no
    /// `play(pit)`), lists no `moves()` and defines no hooks. Searches then play on plain boards
    /// ([`Rule::legal_board`], [`Rule::apply_board`]) instead of script values.
    pub fn plays_natively(&self) -> bool {
        !self.has_play && !self.has_moves && self.hooks == Hooks::default()
    }

    /// [`Rule::legal_into`] on a plain board, for a rule that [plays natively](Rule::plays_natively)
    /// (for another rule: an error).
    pub fn legal_board(&self, b: &Board, out: &mut Vec<usize>) -> Result<()> {
        if !self.plays_natively() {
            return Err(self.contract_error(
                "the rule's moves need script calls: play them on a script value",
            ));
        }
        out.clear();
        if !b.over {
            self.legal_native(b, out);
        }
        Ok(())
    }

    /// [`Rule::apply`] on a plain board, for a rule that [plays natively](Rule::plays_natively)
    /// (for another rule: an error): the declared move, with the time limit of a script call. A
    /// declared move without hooks only moves seeds, so there is no conservation check to make.
    /// On error the board may be half-changed.
    #[inline]
    pub fn apply_board(&self, b: &mut Board, pit: usize) -> Result<()> {
        if !self.plays_natively() {
            return Err(self.contract_error(
                "the rule's moves need script calls: play them on a script value",
            ));
        }
        let _clock = script::start_move(Limits::rules().time_limit);
        b.ledger.clear();
        let mut hooks = Vec::new();
        declared::play(b, pit, &mut hooks).map_err(|e| {
            self.contract_error(&format!("move from {}: {e}", b.layout.pits[pit].name))
        })
    }

    /// Plays the move from hole `pit` by the script's `play(pit)`, or by the declared pipeline
    /// when the script has no `play`, and checks seed conservation.
    /// On error the board may be half-changed: play on a copy when the position matters.
    pub fn apply(&self, d: &mut Dynamic, pit: usize) -> Result<()> {
        let mut hooks = Vec::new();
        // The declared move runs natively: it has the time limit of a script call. Without hooks
        // it calls no script, so its clock starts lazily, at its first check (`start_move`).
        let quiet = !self.has_play && self.hooks == Hooks::default();
        let _move = quiet.then(|| script::start_move(Limits::rules().time_limit));
        let _clock = (!self.has_play && !quiet)
            .then(|| script::start_call(Limits::rules().time_limit, false));
        let before = if self.has_play {
            let mut b = board_mut(d);
            b.ledger.clear();
            b.total_wide()
        } else {
            let mut b = board_mut(d);
            b.ledger.clear();
            // The declared steps only move seeds: count them only when hooks may run.
            let before = if self.hooks != Hooks::default() {
                b.total_wide()
            } else {
                0
            };
            declared::play(&mut b, pit, &mut hooks).map_err(|e| {
                self.contract_error(&format!("move from {}: {e}", b.layout.pits[pit].name))
            })?;
            before
        };
        if self.has_play {
            let _ = self.call(d, "play", (pit as i64,))?;
        } else if hooks.is_empty() {
            // The declared steps only move seeds: nothing to check.
            return Ok(());
        }
        for h in hooks {
            let _ = match h {
                HookCall::Pass(pl) => self.call(d, "on_pass", (pl as i64,))?,
                HookCall::RoundEnd(r) => self.call(d, "on_round_end", (r,))?,
                HookCall::GameEnd => self.call(d, "on_game_end", ())?,
            };
        }
        let b = board(d);
        let after = b.total_wide();
        if after != before {
            let what =
                format!("seed conservation broken: {before} seeds before the move, {after} after");
            return Err(match culprit(&b.ledger) {
                Some(e) => Error::Script {
                    file: self.path.display().to_string(),
                    line: e.line,
                    col: e.col,
                    message: format!(
                        "{what} ({} {} {} seed{})",
                        e.what,
                        if e.delta > 0 { "created" } else { "destroyed" },
                        e.delta.abs(),
                        if e.delta.abs() == 1 { "" } else { "s" }
                    ),
                },
                None => self.contract_error(&what),
            });
        }
        Ok(())
    }

    /// The script's evaluation of a position for `player` (`evaluate(player)`), if it has one.
    pub fn evaluate(&self, d: &mut Dynamic, player: usize) -> Result<Option<i64>> {
        if !self.has_evaluate {
            return Ok(None);
        }
        let r = self.call(d, "evaluate", (player as i64,))?;
        r.as_int().map(Some).map_err(|_| {
            self.contract_error(&format!(
                "evaluate() must return an integer, not {}",
                script::show(&r)
            ))
        })
    }
}

/// Checks the names a layout shows and reads back: pit, counter and variable names hold no
/// control characters, and when move labels name rows (`S3`) every row has a name of its own that
/// a label can be read back by (no digits, no spaces, not the name of another row).
fn check_names(l: &crate::engine::board::Layout) -> std::result::Result<(), String> {
    let shown = |s: &str| crate::render::escape(s).into_owned();
    for n in l
        .pits
        .iter()
        .map(|p| &p.name)
        .chain(&l.counters)
        .chain(&l.vars)
        .chain(l.rows.iter().map(|r| &r.name))
    {
        if crate::render::escape(n) != n.as_str() {
            return Err(format!("the name `{}` holds control characters", shown(n)));
        }
    }
    if l.labels_with_row {
        for (i, r) in l.rows.iter().enumerate() {
            let bad = |why: &str| {
                Err(format!(
                    "row {} (`{}`): {why} (moves are labelled by row name and hole number, e.g. S3)",
                    i + 1,
                    shown(&r.name)
                ))
            };
            if r.name.is_empty() {
                return bad("a player with several rows must name each row");
            }
            if r.name
                .chars()
                .any(|c| c.is_ascii_digit() || c.is_whitespace())
            {
                return bad("a row name cannot hold digits or spaces");
            }
            if l.rows[..i]
                .iter()
                .any(|o| o.name.eq_ignore_ascii_case(&r.name))
            {
                return bad("another row has the same name");
            }
        }
    }
    Ok(())
}

/// The first ledger entry after which the seed balance never came back to zero.
fn culprit(
    ledger: &[crate::engine::board::LedgerEntry],
) -> Option<&crate::engine::board::LedgerEntry> {
    let mut balance = 0;
    let mut start = None;
    for (i, e) in ledger.iter().enumerate() {
        if balance == 0 {
            start = Some(i);
        }
        balance += e.delta;
    }
    if balance == 0 {
        None
    } else {
        start.map(|i| &ledger[i])
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
