//! The game and the rule on disk: `save` and `load` a game (see [`super::save`] for the format),
//! and `reload` the edited rule file, replaying the moves to find the first that changed.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use super::save;
use super::session::{no_args, started, Outcome, Session};
use crate::engine::game::replay::replay_under;
use crate::engine::rule::rules::Rule;
use crate::error::{Error, Result};

fn file_arg<'a>(name: &str, rest: &'a str) -> Result<&'a str> {
    if rest.is_empty() {
        return Err(Error::msg(format!("`{name}` needs a file name")));
    }
    Ok(rest)
}

pub(super) fn cmd_save(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let path = Path::new(file_arg("save", rest)?);
    let spec = save::rule_spec_for_save(&s.spec, &s.game.rule, &s.dir, path);
    let data = save::to_save(&spec, s.start.as_ref(), &s.game);
    save::write(path, &data)?;
    writeln!(
        out,
        "saved {} move{} to {}",
        data.moves.len(),
        if data.moves.len() == 1 { "" } else { "s" },
        crate::text::escape(&path.display().to_string())
    )?;
    Ok(Outcome::Done)
}

/// `svg [trace] FILE`: the position (or the last move's laps) as an SVG picture.
pub(super) fn cmd_svg(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let (trace, file) = match rest.split_once(char::is_whitespace) {
        Some(("trace", f)) => (true, f.trim()),
        _ => (false, rest),
    };
    let path = Path::new(file_arg("svg", file)?);
    if trace && s.game.history.is_empty() {
        return Err(Error::msg(
            "`svg trace` draws the last move: no move played yet",
        ));
    }
    let svg = if trace {
        crate::render::svg::last_move_svg(&s.game)
    } else {
        crate::render::svg::game_svg(&s.game)
    };
    crate::engine::base::files::write_replacing(path, svg.as_bytes(), "write")?;
    writeln!(
        out,
        "wrote {} ({})",
        path.display(),
        if trace {
            "the last move, lap by lap"
        } else {
            "the position"
        }
    )?;
    Ok(Outcome::Done)
}

pub(super) fn cmd_load(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let path = Path::new(file_arg("load", rest)?);
    let loaded = save::read(path, &s.dir)?;
    if let Some(w) = &loaded.warning {
        writeln!(out, "{w}")?;
    }
    let n = loaded.game.history.len();
    s.replace(loaded.spec, loaded.start, loaded.game);
    writeln!(
        out,
        "loaded {}: {n} move{} replayed, final position checked",
        crate::text::escape(&path.display().to_string()),
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
    // the same replay as the web playground's "save & reload"
    let r = replay_under(&s.game, rule, s.start.as_ref()).map_err(keep)?;
    let path = crate::text::escape(&s.game.rule.path.display().to_string()).into_owned();
    let lines = r.lines(&path);
    let differs = !r.report.is_empty();
    s.replace(s.spec.clone(), s.start.clone(), r.game);
    for l in lines {
        writeln!(out, "{l}")?;
    }
    if differs {
        writeln!(
            out,
            "  (`back` returns to the game as it was before the reload)"
        )?;
    }
    write!(out, "{}", s.show())?;
    Ok(Outcome::Done)
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
