//! The game and the rule on disk: `save` and `load` a game (see [`super::save`] for the format),
//! and `reload` the edited rule file, replaying the moves to find the first that changed.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use super::{make_game, no_args, save, started, Outcome, Session};
use crate::engine::board::StateJson;
use crate::engine::rules::{board, Rule};
use crate::error::{Error, Result};
use crate::render;

fn file_arg<'a>(name: &str, rest: &'a str) -> Result<&'a str> {
    if rest.is_empty() {
        return Err(Error::msg(format!("`{name}` needs a file name")));
    }
    Ok(rest)
}

pub(super) fn cmd_save(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let path = Path::new(file_arg("save", rest)?);
    // A rule named by a relative path is saved as an absolute one, so the file loads from anywhere.
    let spec = if is_path_spec(&s.spec) {
        std::fs::canonicalize(&s.spec)
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| s.spec.clone())
    } else {
        s.spec.clone()
    };
    let data = save::to_save(&spec, s.start.as_ref(), &s.game);
    save::write(path, &data)?;
    writeln!(
        out,
        "saved {} move{} to {}",
        data.moves.len(),
        if data.moves.len() == 1 { "" } else { "s" },
        crate::render::escape(&path.display().to_string())
    )?;
    Ok(Outcome::Done)
}

/// Whether a rule spec names a file (as `Rule::load` reads it) rather than a rule of the directory.
fn is_path_spec(spec: &str) -> bool {
    spec.contains('/') || spec.ends_with(".rhai") || spec.ends_with(".yaml")
}

pub(super) fn cmd_load(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let path = Path::new(file_arg("load", rest)?);
    let loaded = save::read(path, &s.dir)?;
    let n = loaded.game.history.len();
    s.replace(loaded.spec, loaded.start, loaded.game);
    writeln!(
        out,
        "loaded {}: {n} move{} replayed, final position checked",
        crate::render::escape(&path.display().to_string()),
        if n == 1 { "" } else { "s" }
    )?;
    started(s, out)?;
    Ok(Outcome::Done)
}

pub(super) fn cmd_reload(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("reload", rest)?;
    let keep = |e: Error| {
        Error::msg(format!(
            "reload failed, the game is unchanged: {}",
            e.one_line()
        ))
    };
    let rule = Arc::new(Rule::load(&s.spec, &s.dir).map_err(keep)?);
    let options = rule.check_options(&s.game.options).map_err(keep)?;
    let mut g = make_game(rule, options, s.start.as_ref()).map_err(keep)?;
    let mut report = Vec::new();
    let old_start = board(&s.game.start).state_json();
    if g.state() != old_start {
        report.push(format!(
            "the start position differs: {}",
            state_diff(&old_start, &g.state())
        ));
    }
    let total = s.game.history.len();
    let mut first_diff = None;
    for (i, old) in s.game.history.iter().enumerate() {
        let now_over = g.board();
        if now_over.over {
            report.push(format!(
                "move {} ({}) is no longer played: the game now ends after move {i} ({}); kept the {i} move{} before it",
                i + 1,
                old.label,
                render::status(&now_over).trim().trim_start_matches("game over: "),
                if i == 1 { "" } else { "s" }
            ));
            break;
        }
        match g.play(&old.label) {
            Err(e) => {
                report.push(format!(
                    "move {} ({}) is now illegal: {}; kept the {i} move{} before it",
                    i + 1,
                    old.label,
                    e.one_line(),
                    if i == 1 { "" } else { "s" }
                ));
                break;
            }
            Ok(p) => {
                let (was, now): (StateJson, StateJson) =
                    (board(&old.after).state_json(), board(&p.after).state_json());
                if first_diff.is_none() && was != now {
                    first_diff = Some(i);
                    report.push(format!(
                        "move {} ({}) now plays differently: {}",
                        i + 1,
                        old.label,
                        state_diff(&was, &now)
                    ));
                }
            }
        }
    }
    let path = crate::render::escape(&s.game.rule.path.display().to_string()).into_owned();
    s.replace(s.spec.clone(), s.start.clone(), g);
    let replayed = s.game.history.len();
    if report.is_empty() {
        writeln!(
            out,
            "reloaded {path}: {}",
            match total {
                0 => "no move to replay".to_string(),
                1 => "the 1 move replays identically".to_string(),
                n => format!("the {n} moves replay identically"),
            }
        )?;
    } else {
        writeln!(
            out,
            "reloaded {path}: {replayed} of {total} move{} replayed",
            if total == 1 { "" } else { "s" }
        )?;
        for r in report {
            writeln!(out, "  {r}")?;
        }
        writeln!(
            out,
            "  (`back` returns to the game as it was before the reload)"
        )?;
    }
    write!(out, "{}", s.show())?;
    Ok(Outcome::Done)
}

/// The fields of two states that differ: `pits [3,0,1,1] -> [3,3,0,0], over false -> true`.
pub(crate) fn state_diff(was: &StateJson, now: &StateJson) -> String {
    let (a, b) = (serde_json::to_value(was), serde_json::to_value(now));
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) = (a, b) else {
        return format!("was {}, now {}", save::compact(was), save::compact(now));
    };
    let null = serde_json::Value::Null;
    let mut keys: Vec<&String> = a.keys().collect();
    keys.extend(b.keys().filter(|k| !a.contains_key(*k)));
    keys.into_iter()
        .filter_map(|k| {
            let (x, y) = (a.get(k).unwrap_or(&null), b.get(k).unwrap_or(&null));
            (x != y).then(|| format!("{k} {x} -> {y}"))
        })
        .collect::<Vec<_>>()
        .join(", ")
}
#[cfg(test)]
mod tests {
    use crate::repl::tests::{run, session};

    #[test]
    fn reload_of_an_unchanged_file_counts_its_moves_in_good_english() {
        let mut s = session();
        let (_, text) = run(&mut s, "reload");
        assert!(text.contains(": no move to replay\n"), "{text}");
        run(&mut s, "3");
        let (_, text) = run(&mut s, "reload");
        assert!(
            text.contains(": the 1 move replays identically\n"),
            "{text}"
        );
        run(&mut s, "4");
        let (_, text) = run(&mut s, "reload");
        assert!(
            text.contains(": the 2 moves replay identically\n"),
            "{text}"
        );
    }
}
