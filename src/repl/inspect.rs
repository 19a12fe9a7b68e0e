//! Looking at the position from outside the board picture: `eval` (a Rhai expression, sandboxed)
//! and `json` (the state JSON).

use std::io::Write;
use std::path::Path;

use rhai::{Dynamic, Scope};

use super::save;
use super::session::{no_args, Outcome, Session};
use crate::engine::script::primitives::{self as script, Limits};
use crate::error::{Error, Result};

pub(super) fn cmd_eval(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    if rest.is_empty() {
        return Err(Error::msg(
            "`eval` needs an expression, e.g. `eval game.pits[0]`",
        ));
    }
    let engine = script::engine(&Limits::rules(), None);
    let mut scope = Scope::new();
    scope.push("game", s.game.current().clone());
    let moves: rhai::Array = s
        .game
        .legal_labels()
        .unwrap_or_default()
        .into_iter()
        .map(Dynamic::from)
        .collect();
    scope.push("moves", moves);
    let history: rhai::Array = s.game.moves().into_iter().map(Dynamic::from).collect();
    scope.push("history", history);
    let v = engine
        .eval_with_scope::<Dynamic>(&mut scope, rest)
        .map_err(|e| Error::from_eval(Path::new("eval"), &e))?;
    script::INTERRUPTED.store(false, std::sync::atomic::Ordering::SeqCst);
    writeln!(out, "{}", script::show(&v))?;
    Ok(Outcome::Done)
}

pub(super) fn cmd_json(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("json", rest)?;
    writeln!(out, "{}", save::compact(&s.game.state()))?;
    Ok(Outcome::Done)
}
pub(super) fn cmd_vars(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("vars", rest)?;
    let b = s.game.board();
    if b.layout.vars.is_empty() {
        writeln!(out, "{} declares no game variables", s.game.rule.name)?;
    }
    for (name, v) in b.layout.vars.iter().zip(&b.vars) {
        let shown = crate::render::SHOWN_VARS.contains(&name.as_str());
        writeln!(
            out,
            "{name} = {v}{}",
            if shown {
                ""
            } else {
                "  (not shown in pictures)"
            }
        )?;
    }
    Ok(Outcome::Done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repl::tests::{run, session};

    #[test]
    fn internal_variables_are_hidden_in_pictures_and_listed_by_vars() {
        let mut s = session();
        run(&mut s, "new raja_pasu");
        let (_, pic) = run(&mut s, "1");
        assert!(pic.contains("round 1"), "{pic}");
        assert!(
            !pic.contains("turns") && !pic.contains("start_reserve"),
            "{pic}"
        );
        let (_, v) = run(&mut s, "vars");
        assert!(v.contains("round = 1\n"), "{v}");
        assert!(v.contains("turns = 1  (not shown in pictures)\n"), "{v}");
        assert!(
            v.contains("start_reserve_1 = 0  (not shown in pictures)\n"),
            "{v}"
        );
        let (_, j) = run(&mut s, "json");
        assert!(j.contains("\"turns\":1"), "the state JSON keeps them: {j}");
    }

    #[test]
    fn eval_sees_the_game_and_cannot_change_it() {
        let mut s = session();
        let (o, t) = run(&mut s, "eval game.pits[3]");
        assert_eq!((o, t.as_str()), (Outcome::Done, "2\n"));
        let (_, t) = run(&mut s, "eval game.count(4)");
        assert_eq!(t, "0\n");
        let (_, t) = run(&mut s, "eval game.sow(3); game.count(4)");
        assert_eq!(t, "1\n");
        let (_, t) = run(&mut s, "eval moves");
        assert_eq!(t, "[\"1\", \"2\", \"3\", \"4\"]\n");
        assert_eq!(s.game.state().pits, [2, 2, 2, 2]);
    }

    #[test]
    fn eval_is_sandboxed() {
        let mut s = session();
        for bad in ["while true {}", "import \"tchuka_ruma\"; 1", "eval(\"1\")"] {
            let (o, t) = run(&mut s, &format!("eval {bad}"));
            assert_eq!(o, Outcome::Failed, "{bad}: {t}");
            assert_eq!(t.lines().count(), 1, "{t}");
        }
    }
}
