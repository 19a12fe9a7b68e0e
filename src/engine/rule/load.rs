//! Loading a rule: by name on the rules path, by path, a preset, a data rule (YAML) or source
//! text; compiling it once in a sandboxed engine and reading what it declares.

use crate::engine::base::yaml;
use crate::engine::declare::pipeline::Hooks;
use crate::engine::rule::content_hash;
use crate::engine::rule::library::{Found, Kind, RulePath, Source};
use crate::engine::script::primitives::{self as script, Limits};
use crate::error::{Error, Result};
use rhai::Map;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::engine::rule::rules::{is_path, one_line, Meta, OptionSpec, Options, Preset, Rule};

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
            if let Some(rule) = Rule::load_imported(file)? {
                return Ok(rule);
            }
            let data = crate::engine::base::files::read_text(file, "rule file").is_ok_and(|t| {
                // (checked first: telling a data rule needs a YAML parse)
                crate::engine::base::files::check_yaml(&t).is_ok()
                    && crate::engine::rule::data::is_data_rule(&t)
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
    pub(super) fn from_found(found: &Found, text: String) -> Result<Rule> {
        let mut r = if found.kind == Kind::Data {
            Rule::data_from_text(text, &found.path())?
        } else {
            Rule::from_source_in(&text, &found.path(), Some(found.source.clone()))?
        };
        r.source = Some(found.source.clone());
        Ok(r)
    }

    /// A MancalaGames game file (`.txt`, or a JSON object with `game_info`) loaded through its
    /// translation into a data rule (the importer, [`crate::import`], writes the text); `None`
    /// when `file` is not one.
    fn load_imported(file: &Path) -> Result<Option<Rule>> {
        use crate::import::mancalagames as mg;
        // (through the door: a regular file, capped while reading)
        let Ok(text) = crate::engine::base::files::read_text(file, "rule file") else {
            return Ok(None);
        };
        if !mg::is_game_file(file, &text) {
            return Ok(None);
        }
        let (yaml, name) = mg::rule_text(file, &text)?;
        let mut rule = Rule::data_from_text(yaml, file)?;
        rule.name = name;
        Ok(Some(rule))
    }

    /// Loads a preset file. Its rule is looked for beside it (in the folder holding it, or above
    /// its `presets/` folder), then on the rules `path`.
    pub fn load_preset(path: &Path, rules: impl Into<RulePath>) -> Result<Rule> {
        let text = crate::engine::base::files::read_text(path, "preset")?;
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
    pub(super) fn preset_from_text(
        text: &str,
        path: &Path,
        home: &Source,
        rules: &RulePath,
    ) -> Result<Rule> {
        crate::engine::base::files::check_yaml(text)
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
            .map(|s| crate::text::escape(&s.to_string_lossy()).into_owned())
            .unwrap_or_default();
        rule.content_hash = content_hash::preset_hash(&rule.content_hash, text);
        let mut preset = preset;
        preset.description = crate::text::escape(&preset.description).into_owned();
        rule.source = Some(home.clone());
        rule.preset = Some((rule.name.clone(), preset));
        rule.preset_options = set;
        // A preset names its own Ludii game, if any: its rule's is for the rule's defaults.
        rule.meta.ludii = match &rule.preset.as_ref().and_then(|(_, p)| p.ludii.clone()) {
            None => None,
            Some(v) => Some(
                crate::engine::rule::ludii::parse(v)
                    .map_err(|e| Error::msg(format!("{}: {e}", path.display())))?,
            ),
        };
        rule.check_ludii()?;
        rule.check_mancalagames()?;
        Ok(rule)
    }

    /// Compiles a rule file and reads its metadata and options. Its imports resolve in its own
    /// folder.
    pub fn load_file(path: &Path, _rules: impl Into<RulePath>) -> Result<Rule> {
        let text = crate::engine::base::files::read_text(path, "rule file")?;
        let import_dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        Rule::from_source(&text, path, import_dir.to_path_buf())
    }

    /// Loads a data rule (`NAME.yaml` with a `board:` and a `pipeline:`, no script): its keys
    /// are checked with the default options, and each game builds its board natively.
    pub fn load_data(path: &Path) -> Result<Rule> {
        let text = crate::engine::base::files::read_text(path, "rule file")?;
        Rule::data_from_text(text, path)
    }

    /// A data rule from its text; `path` names it in messages (and gives its name).
    pub fn data_from_text(text: String, path: &Path) -> Result<Rule> {
        use crate::engine::rule::data as data_rule;
        crate::engine::base::files::check_yaml(&text)
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
                help: crate::text::escape(&o.help).into_owned(),
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
            .map(|s| crate::text::escape(&s.to_string_lossy()).into_owned())
            .unwrap_or_default();
        let players = match &d.players {
            crate::engine::base::yaml::Value::String(s) => s.clone(),
            crate::engine::base::yaml::Value::Number(n) => n.to_string(),
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
                name: crate::text::escape(&d.name).into_owned(),
                players: crate::text::escape(&players).into_owned(),
                description: crate::text::escape(&d.description).into_owned(),
                sources: d
                    .sources
                    .iter()
                    .map(|x| crate::text::escape(x).into_owned())
                    .collect(),
                family: crate::text::escape(&d.family).into_owned(),
                region: crate::text::escape(&d.region).into_owned(),
                ludii: match &d.ludii {
                    None => None,
                    Some(v) => Some(
                        crate::engine::rule::ludii::parse(v)
                            .map_err(|e| Error::msg(format!("{}: {e}", path.display())))?,
                    ),
                },
                mancalagames: match &d.mancalagames {
                    None => None,
                    Some(v) => Some(
                        crate::engine::rule::mancalagames_meta::parse(v)
                            .map_err(|e| Error::msg(format!("{}: {e}", path.display())))?,
                    ),
                },
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
        rule.check_ludii()?;
        rule.check_mancalagames()?;
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
            .map(|s| crate::text::escape(&s.to_string_lossy()).into_owned())
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
        rule.check_ludii()?;
        rule.check_mancalagames()?;
        Ok(rule)
    }
}
