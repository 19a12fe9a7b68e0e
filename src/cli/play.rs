//! `sowlab play [RULE]`: the REPL ([`crate::repl`]) on a game.

use std::path::PathBuf;

use clap::Args;

use crate::cli::args::read_position;
use crate::engine::rule::library::RulePath;
use crate::error::Result;

/// Arguments of `sowlab play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// A rule or preset name (built in, or in a folder of the rules path), or a path to a .rhai or
    /// .yaml file.
    #[arg(default_value = "tchuka_ruma")]
    pub rule: String,
    /// Set an option: KEY=VALUE (repeatable), e.g. --set holes=6.
    #[arg(long = "set", short = 's', value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Start from a position file (YAML or JSON with `pits`, `stores`, `to_move`, ...).
    #[arg(long, value_name = "FILE")]
    pub position: Option<PathBuf>,
}

/// `sowlab play`: starts the REPL and returns its exit code.
pub fn cmd_play(dir: &RulePath, a: PlayArgs) -> Result<i32> {
    let start = match &a.position {
        None => None,
        Some(f) => Some(read_position(f)?),
    };
    let session =
        crate::repl::Session::new(dir, &a.rule, &a.set, start).map_err(|e| match &a.position {
            Some(f) if e.one_line().starts_with("position:") => e.context(f.display()),
            _ => e,
        })?;
    // Colour as everywhere (see `colour`), and under `auto` only when a person types at the
    // terminal: a transcript piped in stays plain.
    use std::io::IsTerminal;
    let c = crate::cli::colour::choice();
    let colour = if c == crate::cli::colour::ColorChoice::Auto && !std::io::stdin().is_terminal() {
        false
    } else {
        crate::cli::colour::stdout()
    };
    Ok(crate::repl::shell::run(session, colour))
}
