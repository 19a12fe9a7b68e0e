//! `sowlab rules [NAME]`: the rules on the rules path, one line each, or one rule in full.

use std::io::Write;

use clap::Args;

use crate::engine::rule::library::{self, RulePath, Source};
use crate::engine::rule::rules::{is_path, Rule};
use crate::error::Result;
use crate::render::describe::{describe, describe_move, rule_list_matching};

/// Arguments of `sowlab rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// Show only this rule or preset (a name or a path), in full: description, sources, options,
    /// the declared move, and where it comes from.
    pub name: Option<String>,
    /// List only the rules whose name, family, region, description, sources or declared steps
    /// contain WORD (any case), e.g. `--grep relay`, `--grep "four-row"`, `--grep Kenya`.
    #[arg(long, value_name = "WORD", conflicts_with = "name")]
    pub grep: Option<String>,
    /// Print JSON instead: every rule and preset with its metadata (family, region, sources,
    /// ludii...); with NAME, that rule with its options and its board's map (every pit's label,
    /// row and column as seen from South, owner; the stores or reserves; the sowing track).
    #[arg(long)]
    pub json: bool,
}

/// `sowlab rules`: lists every rule and preset, or one in full.
pub fn cmd_rules(dir: &RulePath, a: RulesArgs) -> Result<i32> {
    let mut out = std::io::stdout().lock();
    if a.json {
        let (v, failed) = match &a.name {
            Some(name) => (rule_json(name, dir)?, false),
            None => rules_json(dir, a.grep.as_deref()),
        };
        let _ = writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&v).unwrap_or_default()
        );
        return Ok(if failed { 1 } else { 0 });
    }
    let Some(name) = &a.name else {
        let (text, failed, n) = rule_list_matching(dir, a.grep.as_deref());
        if let Some(w) = &a.grep {
            if n == 0 {
                let _ = writeln!(out, "no rule matches `{w}` (names, families, regions, descriptions, sources, declared steps)");
                return Ok(1);
            }
        }
        let _ = write!(out, "{text}");
        let _ = writeln!(out, "\n{}", path_note(dir));
        let _ = writeln!(out, "`sowlab rules NAME` shows one rule in full.");
        return Ok(if failed { 1 } else { 0 });
    };
    let r = Rule::load(name, dir)?;
    // Loading runs setup() only for declared rules: build the start so a broken setup() is
    // reported here, not at the first game.
    r.check_start()?;
    let mut text = describe(&r, true);
    text.push_str(&describe_move(&r));
    let from = match (&r.source, is_path(name)) {
        (_, true) => format!("the file {}", r.path.display()),
        (Some(Source::BuiltIn), _) => "built in".to_string(),
        (_, _) => r.path.display().to_string(),
    };
    text.push_str(&format!("    from: {from}\n"));
    let _ = write!(out, "{text}");
    Ok(0)
}

/// One rule's entry in `sowlab rules --json`: name, the rule a preset sets options of, where it
/// comes from, its metadata.
fn entry_json(name: &str, r: &Rule) -> serde_json::Value {
    let mut v = serde_json::json!({ "name": name });
    if let Some((_, p)) = &r.preset {
        v["preset_of"] = p.rule.clone().into();
        v["preset_description"] = p.description.clone().into();
    }
    if let Ok(serde_json::Value::Object(m)) = serde_json::to_value(&r.meta) {
        for (k, x) in m {
            if k != "name" {
                v[k] = x;
            }
        }
        v["title"] = r.meta.name.clone().into();
    }
    v
}

/// `sowlab rules --json`: every visible rule and preset (a rule that fails to load: its name and
/// `error`); whether one failed.
fn rules_json(dir: &RulePath, grep: Option<&str>) -> (serde_json::Value, bool) {
    use crate::engine::rule::library::Kind;
    let needle = grep.map(str::to_lowercase);
    let mut failed = false;
    let mut out = Vec::new();
    for f in dir.entries() {
        if f.kind == Kind::Module || f.shadowed {
            continue;
        }
        match Rule::load(&f.name, dir) {
            Ok(r) => {
                let v = entry_json(&f.name, &r);
                if let Some(w) = &needle {
                    if !crate::render::describe::searchable(&f.name, &r)
                        .to_lowercase()
                        .contains(w.as_str())
                    {
                        continue;
                    }
                }
                out.push(v);
            }
            Err(e) => {
                failed = true;
                out.push(serde_json::json!({ "name": f.name, "error": e.one_line() }));
            }
        }
    }
    (serde_json::Value::Array(out), failed)
}

/// `sowlab rules NAME --json`: the rule's entry, its options and its board's map (with its
/// default options).
fn rule_json(name: &str, dir: &RulePath) -> Result<serde_json::Value> {
    let r = Rule::load(name, dir)?;
    let opts = r.resolve_options::<&str>(&[])?;
    let start = r.new_board(&opts)?;
    let b = crate::engine::rule::rules::board(&start);
    let mut v = entry_json(&r.name, &r);
    v["options"] = r
        .options
        .iter()
        .map(|o| {
            let mut x = serde_json::json!({ "name": o.name, "default": o.default, "help": o.help });
            if let Some(m) = o.min {
                x["min"] = m.into();
            }
            if let Some(m) = o.max {
                x["max"] = m.into();
            }
            if !o.values.is_empty() {
                x["values"] = serde_json::to_value(&o.values).unwrap_or_default();
            }
            if let Some(p) = opts.get(&o.name).filter(|p| **p != o.default) {
                x["value"] = serde_json::to_value(p).unwrap_or_default();
            }
            x
        })
        .collect();
    v["board"] =
        serde_json::to_value(crate::render::board_map::board_map(&b.layout)).unwrap_or_default();
    Ok(v)
}

/// Where rules are looked for, and where the user's own go.
fn path_note(dir: &RulePath) -> String {
    let user = match library::user_dir() {
        Some(u) => format!(
            "\nyour own rules: {} ({}), --rules DIR, $SOWLAB_RULES or a path",
            u.display(),
            if u.is_dir() { "exists" } else { "create it" }
        ),
        None => String::new(),
    };
    format!("rules path (first match wins): {}{user}", dir.describe())
}
