//! What every command that loads a game shares: the rule, its `--set` options and a start
//! `--position`, and the functions that turn them into a [`Game`].

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;

use crate::engine::base::yaml;
use crate::engine::game::game::{Game, Position};
use crate::engine::rule::library::RulePath;
use crate::engine::rule::rules::{self, Rule};
use crate::error::{Error, Result};

/// Which game, with which options: shared by the commands that load a rule.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// A rule or preset name (built in, or in a folder of the rules path), or a path to a .rhai or
    /// .yaml file.
    pub rule: String,
    /// Set an option: KEY=VALUE (repeatable), e.g. --set holes=6.
    #[arg(long = "set", short = 's', value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Start from a position file (YAML or JSON with `pits`, `stores`, `to_move`, ...).
    #[arg(long, value_name = "FILE")]
    pub position: Option<PathBuf>,
}

/// Loads the game that `args` names, with its options and start position.
pub fn load_game(dir: &RulePath, args: &GameArgs) -> Result<Game> {
    let rule = Arc::new(Rule::load(&args.rule, dir)?);
    let options = rule.resolve_options(&args.set)?;
    match &args.position {
        None => Game::new(rule, options),
        Some(f) => {
            let pos = read_position(f)?;
            Game::with_position(rule, options, &pos).map_err(|e| e.context(f.display()))
        }
    }
}

/// Reads a position file (YAML or JSON). The state JSON that `replay --json` prints is accepted
/// as it is: its `over: false` and `winner: null` say nothing a start position needs; a finished
/// position (`over: true`) is refused, since no move can follow it.
pub fn read_position(f: &std::path::Path) -> Result<Position> {
    let text = crate::engine::base::files::read_text(f, "position file")?;
    let fail = |m: String| Error::msg(format!("{}: {m}", f.display()));
    crate::engine::base::files::check_yaml(&text).map_err(fail)?;
    let mut v: yaml::Value = yaml::from_str(&text).map_err(|e| fail(rules::one_line(&e)))?;
    if let Some(m) = v.as_mapping_mut() {
        if m.get("over").and_then(yaml::Value::as_bool) == Some(true) {
            return Err(fail(
                "the position is a finished game (`over: true`): no move can follow it".into(),
            ));
        }
        let unset =
            |x: Option<&yaml::Value>| x.is_none_or(|x| x.is_null() || x.as_bool() == Some(false));
        if unset(m.get("over")) && unset(m.get("winner")) {
            m.remove("over");
            m.remove("winner");
        }
    }
    yaml::from_value(v).map_err(|e| fail(rules::one_line(&e)))
}
