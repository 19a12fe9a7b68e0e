//! `sowlab rules [NAME]`: the rule files and presets with their descriptions and options.

use std::io::Write;

use clap::Args;

use crate::engine::rules::{self, Rule};
use crate::error::{Error, Result};
use crate::render::describe::{describe, describe_move};

/// Arguments of `sowlab rules`.
#[derive(Args, Debug)]
pub struct RulesArgs {
    /// Show only this rule or preset, in full.
    pub name: Option<String>,
}

/// `sowlab rules`: lists every rule and preset, or one in full.
pub fn cmd_rules(dir: &std::path::Path, a: RulesArgs) -> Result<i32> {
    let mut out = std::io::stdout().lock();
    let names = match &a.name {
        Some(n) => vec![n.clone()],
        None => rules::names(dir),
    };
    if names.is_empty() {
        return Err(Error::msg(format!("no rule files in {}", dir.display())));
    }
    let mut failed = false;
    for n in names {
        match Rule::load(&n, dir) {
            Ok(r) => {
                let mut text = describe(&r, a.name.is_some());
                if a.name.is_some() {
                    text.push_str(&describe_move(&r));
                }
                let _ = writeln!(out, "{text}");
            }
            // Asked for one rule: its error is the command's error (one line on stderr).
            Err(e) if a.name.is_some() => return Err(e),
            Err(e) => {
                failed = true;
                let _ = writeln!(
                    out,
                    "{}: ERROR {}\n",
                    crate::render::escape(&n),
                    e.one_line()
                );
            }
        }
    }
    Ok(if failed { 1 } else { 0 })
}
