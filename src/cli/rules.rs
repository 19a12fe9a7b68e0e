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
}

/// `sowlab rules`: lists every rule and preset, or one in full.
pub fn cmd_rules(dir: &RulePath, a: RulesArgs) -> Result<i32> {
    let mut out = std::io::stdout().lock();
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
