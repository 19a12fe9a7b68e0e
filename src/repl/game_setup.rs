//! Which game is played: `new` and `set` (start again, with another rule or other options),
//! `back` (to the game they replaced), and the lists `options` and `rules`.

use std::io::Write;
use std::sync::Arc;

use super::session::{make_game, no_args, started, Outcome, Session};
use crate::engine::game::game::clip;
use crate::engine::rule::rules::Rule;
use crate::error::{Error, Result};

pub(super) fn cmd_new(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let (spec, sets): (Option<&str>, Vec<String>) = match words.split_first() {
        Some((w, more)) if !w.contains('=') => {
            (Some(w), more.iter().map(|x| x.to_string()).collect())
        }
        _ => (None, words.iter().map(|x| x.to_string()).collect()),
    };
    if let Some(bad) = sets.iter().find(|w| !w.contains('=')) {
        return Err(Error::msg(format!(
            "`new`: `{}` is not KEY=VALUE (write e.g. `new tchuka_ruma holes=6`)",
            clip(bad)
        )));
    }
    let (rule, spec, start) = match spec {
        Some(sp) => (Arc::new(Rule::load(sp, &s.dir)?), sp.to_string(), None),
        None if sets.is_empty() => (s.game.rule.clone(), s.spec.clone(), s.start.clone()),
        None => (s.game.rule.clone(), s.spec.clone(), None),
    };
    let options = if spec == s.spec && sets.is_empty() {
        s.game.options.clone()
    } else {
        rule.resolve_options(&sets)?
    };
    let game = make_game(rule, options, start.as_ref())?;
    s.replace(spec, start, game);
    started(s, out)?;
    Ok(Outcome::Done)
}

pub(super) fn cmd_set(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let words: Vec<&str> = rest.split_whitespace().collect();
    if words.is_empty() {
        return Err(Error::msg(
            "`set` needs KEY=VALUE (see `options` for the keys)",
        ));
    }
    let mut options = s.game.options.clone();
    for w in &words {
        let Some((k, v)) = w.split_once('=') else {
            return Err(Error::msg(format!(
                "`set {}`: write KEY=VALUE, e.g. `set holes=6`",
                clip(w)
            )));
        };
        let spec = s.game.rule.option(k.trim())?;
        options.insert(spec.name.clone(), spec.parse(v)?);
    }
    let game = make_game(s.game.rule.clone(), options, None)?;
    let had_start = s.start.is_some();
    s.replace(s.spec.clone(), None, game);
    if had_start {
        writeln!(
            out,
            "(the custom start position is dropped: the rule's own start is used)"
        )?;
    }
    started(s, out)?;
    Ok(Outcome::Done)
}

pub(super) fn cmd_options(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("options", rest)?;
    let r = &s.game.rule;
    if r.options.is_empty() {
        writeln!(out, "{} has no options", r.name)?;
    }
    for o in &r.options {
        let v = s
            .game
            .options
            .get(&o.name)
            .map(|v| v.to_string())
            .unwrap_or_default();
        writeln!(
            out,
            "{}={}  [{}; default {}]{}{}",
            o.name,
            v,
            o.allowed(),
            o.default,
            if o.help.is_empty() { "" } else { "  " },
            o.help
        )?;
    }
    Ok(Outcome::Done)
}

pub(super) fn cmd_rules(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    if !rest.is_empty() {
        let r = Rule::load(rest, &s.dir)?;
        write!(out, "{}", crate::render::describe::describe(&r, true))?;
        return Ok(Outcome::Done);
    }
    let (text, _) = crate::render::describe::rule_list(&s.dir);
    write!(out, "{text}")?;
    Ok(Outcome::Done)
}

pub(super) fn cmd_back(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("back", rest)?;
    let Some(prev) = s.previous.take() else {
        return Err(Error::msg(
            "no previous game: `back` undoes a new, set, load or reload",
        ));
    };
    s.replace(prev.spec, prev.start, prev.game);
    writeln!(
        out,
        "back to the previous game ({} move{}; `back` again returns)",
        s.game.history.len(),
        if s.game.history.len() == 1 { "" } else { "s" }
    )?;
    started(s, out)?;
    Ok(Outcome::Done)
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::repl::tests::{run, session};

    #[test]
    fn rules_lists_rules_and_presets_as_the_command_line_does() {
        let mut s = session();
        let (o, text) = run(&mut s, "rules");
        assert_eq!(o, Outcome::Done);
        assert_eq!(text, crate::render::describe::rule_list(&s.dir).0);
        let line = |name: &str| {
            text.lines()
                .find(|l| l.starts_with(&format!("  {name} ")))
                .unwrap_or_else(|| panic!("{name}: {text}"))
                .split_whitespace()
                .skip(1)
                .take(2)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(line("kalah"), "2 players");
        assert_eq!(line("tchuka_ruma"), "1 player");
        assert_eq!(line("ruma"), "2-4 players");
        // A preset fixes options (ruma_3p: 3 players): its count, not the rule's range.
        assert_eq!(line("ruma_3p"), "3 players");
        assert!(text.contains("preset of ruma"), "{text}");
    }

    #[test]
    fn back_returns_to_the_replaced_game() {
        let mut s = session();
        assert_eq!(run(&mut s, "back").0, Outcome::Failed);
        run(&mut s, "3 4");
        run(&mut s, "undo");
        run(&mut s, "set holes=6");
        assert_eq!(s.game.state().pits.len(), 6);
        assert_eq!(run(&mut s, "back").0, Outcome::Done);
        assert_eq!(s.game.moves(), ["3"]);
        assert_eq!(s.game.undone.len(), 1, "the redo list comes back too");
        assert_eq!(run(&mut s, "back").0, Outcome::Done);
        assert_eq!(s.game.state().pits.len(), 6);
    }
}
