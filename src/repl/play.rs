//! Playing and moving along the game: `show`, `moves`, `play`, `ai`, `hint`, `undo`, `redo`,
//! `history` and `goto`.

use std::io::Write;

use super::session::{no_args, Outcome, Session};
use crate::engine::game::game::{clip, show_moves, split_moves, Ply};
use crate::engine::rule::rules::board;
use crate::engine::trace::event::Event;
use crate::error::{Error, Result};
use crate::render;

/// The N of `undo N` or `redo N`: a positive number, 1 when absent.
fn count_arg(name: &str, rest: &str) -> Result<usize> {
    if rest.is_empty() {
        return Ok(1);
    }
    rest.parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            Error::msg(format!(
                "`{name} {}`: give a number of moves, e.g. `{name} 2`",
                clip(rest)
            ))
        })
}

pub(super) fn cmd_show(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("show", rest)?;
    write!(out, "{}", s.show())?;
    Ok(Outcome::Done)
}

pub(super) fn cmd_moves(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("moves", rest)?;
    let b = s.game.board();
    if b.over {
        writeln!(out, "no moves: {}", render::status(&b).trim())?;
    } else {
        writeln!(out, "legal: {}", show_moves(&s.game.legal_labels()?))?;
    }
    Ok(Outcome::Done)
}

/// One line about a move: who, how many laps, where it ended, then its captures, passes and notes.
fn summary(p: &Ply) -> String {
    let b = board(&p.after);
    let l = &b.layout;
    let laps = p
        .events
        .iter()
        .filter(|e| matches!(e, Event::LapEnd { .. }))
        .count();
    let last = p.events.iter().rev().find_map(|e| match e {
        Event::LapEnd { pit, .. } => Some(*pit),
        _ => None,
    });
    let mut s = format!("move {}", p.label);
    if l.players > 1 {
        s.push_str(&format!(" (player {})", p.player));
    }
    s.push(':');
    if laps > 0 {
        s.push_str(&format!(" {laps} lap{}", if laps == 1 { "" } else { "s" }));
    }
    if let Some(pit) = last {
        s.push_str(&format!(
            ", last seed in {}",
            crate::engine::trace::event::pit_name(l, pit)
        ));
    }
    s.push('\n');
    for e in &p.events {
        if matches!(
            e,
            Event::Capture { .. } | Event::Pass { .. } | Event::Note { .. } | Event::Close { .. }
        ) {
            s.push_str(&format!("  {}\n", e.describe(l)));
        }
    }
    s
}

pub(super) fn cmd_play(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let moves = split_moves(rest);
    if moves.is_empty() {
        return Err(Error::msg(format!(
            "`play` needs a move (legal: {})",
            show_moves(&s.game.legal_labels()?)
        )));
    }
    let (len, undone) = (s.game.history.len(), s.game.undone.clone());
    let mut text = String::new();
    for (i, m) in moves.iter().enumerate() {
        match s.game.play(m) {
            Ok(p) => text.push_str(&summary(p)),
            Err(e) => {
                // The REPL's advice; the engine's message is the same on the command line.
                let e = if s.game.board().over {
                    e.map_message(|m| format!("{m}; undo, or start a new game"))
                } else {
                    e
                };
                s.game.history.truncate(len);
                s.game.undone = undone;
                return Err(if moves.len() > 1 {
                    e.context(format!("move {} of {} (none played)", i + 1, moves.len()))
                } else {
                    e
                });
            }
        }
    }
    write!(out, "{text}{}", s.show())?;
    Ok(Outcome::Done)
}

/// What `hint` and `ai` decided: a move, with the words that explain it, or no move.
enum Choice {
    /// Play this move: `(who, label, why)`; `why` is empty or a clause starting with `: `.
    Move(String, String, String),
    /// No move wins from here (a solitaire).
    NoWin,
}

/// The move `hint` and `ai` pick. In a solitaire without a named agent, the solver's: the first
/// move of a shortest win, or [`Choice::NoWin`] when none exists (an agent's guess only when the
/// solver runs out of time). Otherwise the agent's (default `alphabeta:4`).
fn choose(s: &Session, rest: &str) -> Result<Choice> {
    if s.game.board().over {
        return Err(Error::msg("no legal move: the game is over"));
    }
    if s.game.legal()?.is_empty() {
        return Err(Error::msg(
            "no legal move, yet the game is not over (the rule's moves() lists no move)",
        ));
    }
    let mut unknown = String::new();
    if rest.trim().is_empty() && s.game.board().players() == 1 {
        use crate::search::advice::{solitaire_advice, Advice, ADVICE_TIME};
        match solitaire_advice(&s.game.rule, s.game.current(), ADVICE_TIME)? {
            Advice::Win {
                label, moves_left, ..
            } => {
                let why = format!(
                    ": {moves_left} move{} to win",
                    if moves_left == 1 { "" } else { "s" }
                );
                return Ok(Choice::Move("the solver".into(), label, why));
            }
            Advice::NoWin => return Ok(Choice::NoWin),
            // Over, or not known in time: an agent's guess, said as such.
            Advice::Won => {}
            Advice::Unknown(stop) => {
                unknown = format!(
                    " (the solver could not tell whether a win is left: {}; a guess)",
                    stop.describe()
                )
            }
        }
    }
    if rest.trim().is_empty() && s.game.board().players() == 2 {
        if let Some(c) = exact_hint(s) {
            return Ok(c);
        }
    }
    let spec = match rest.trim() {
        "" => "alphabeta:4",
        a => a,
    };
    let agent = crate::search::agent::Agent::parse(spec)?;
    let mut rng = crate::engine::base::rng::Rng::new(s.game.history.len() as u64);
    let pit = agent.choose(&s.game.rule, s.game.current(), &mut rng)?;
    let label = crate::engine::rule::rules::board(s.game.current())
        .layout
        .label(pit);
    Ok(Choice::Move(spec.to_string(), label, unknown))
}

/// Moves the exact two-player search may play for a hint (a small position is solved well
/// within them; a larger one falls back on the agent).
const HINT_NODES: u64 = 100_000;

/// A two-player hint from the exact search, when it solves the position within
/// [`HINT_NODES`] moves: the first move of a principal variation and what it leads to.
fn exact_hint(s: &Session) -> Option<Choice> {
    let limits = crate::SearchLimits {
        max_nodes: HINT_NODES,
        max_bytes: 32 << 20,
        deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(5)),
        ..Default::default()
    };
    let r = crate::solve_exact(&s.game.rule, s.game.current(), &limits, None, None).ok()?;
    let best = r.best.clone().filter(|_| r.stats.complete)?;
    let (p, m) = (r.player, r.margin?);
    let why = match r.result? {
        "win" => format!(": player {p} wins by {m} under perfect play"),
        "loss" => format!(": player {p} loses by {} under perfect play", -m),
        _ => ": a draw under perfect play".to_string(),
    };
    Some(Choice::Move("the solver".into(), best, why))
}

/// Said when a solitaire cannot be won from the current position.
const NO_WIN: &str = "no win from here: every line loses (undo, or `goto` an earlier move)";

pub(super) fn cmd_ai(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let (who, label, why) = match choose(s, rest)? {
        Choice::Move(who, label, why) => (who, label, why),
        Choice::NoWin => {
            writeln!(out, "{NO_WIN}")?;
            return Ok(Outcome::Done);
        }
    };
    let ply = s.game.play(&label)?;
    write!(
        out,
        "{who} plays {label}{why}\n{}{}",
        summary(ply),
        s.show()
    )?;
    Ok(Outcome::Done)
}

pub(super) fn cmd_hint(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    match choose(s, rest)? {
        Choice::Move(who, label, why) => writeln!(out, "{who} suggests {label}{why}")?,
        Choice::NoWin => writeln!(out, "{NO_WIN}")?,
    }
    Ok(Outcome::Done)
}

pub(super) fn cmd_undo(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let n = count_arg("undo", rest)?;
    if n > s.game.history.len() {
        return Err(Error::msg(if s.game.history.is_empty() {
            "nothing to undo: no move played".to_string()
        } else {
            format!("cannot undo {n} moves: {} played", s.game.history.len())
        }));
    }
    let mut undone = Vec::new();
    for _ in 0..n {
        undone.push(
            s.game
                .history
                .last()
                .map(|p| p.label.clone())
                .unwrap_or_default(),
        );
        s.game.undo();
    }
    writeln!(out, "undid {}", undone.join(" "))?;
    write!(out, "{}", s.show())?;
    Ok(Outcome::Done)
}

pub(super) fn cmd_redo(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let n = count_arg("redo", rest)?;
    if n > s.game.undone.len() {
        return Err(Error::msg(if s.game.undone.is_empty() {
            "nothing to redo".to_string()
        } else {
            format!("cannot redo {n} moves: {} to redo", s.game.undone.len())
        }));
    }
    let mut redone = Vec::new();
    for _ in 0..n {
        s.game.redo();
        redone.push(
            s.game
                .history
                .last()
                .map(|p| p.label.clone())
                .unwrap_or_default(),
        );
    }
    writeln!(out, "redid {}", redone.join(" "))?;
    write!(out, "{}", s.show())?;
    Ok(Outcome::Done)
}

pub(super) fn cmd_history(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    no_args("history", rest)?;
    let multi = s.game.board().players() > 1;
    let line = |i: usize, p: &Ply| {
        let who = if multi {
            format!(" (player {})", p.player)
        } else {
            String::new()
        };
        // Passes are automatic: they are part of the move they followed.
        let passes: Vec<String> = p
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Pass { player } => Some(format!("player {player} passes")),
                _ => None,
            })
            .collect();
        let then = if passes.is_empty() {
            String::new()
        } else {
            format!(", then {}", passes.join(", "))
        };
        format!("{:>4}. {}{who}{then}\n", i + 1, p.label)
    };
    let mut text = String::from("   0. start\n");
    for (i, p) in s.game.history.iter().enumerate() {
        text.push_str(&line(i, p));
    }
    if !s.game.undone.is_empty() {
        text.push_str("      -- taken back (redo / goto):\n");
        let n = s.game.history.len();
        for (i, p) in s.game.undone.iter().rev().enumerate() {
            text.push_str(&line(n + i, p));
        }
    }
    write!(out, "{text}")?;
    Ok(Outcome::Done)
}

pub(super) fn cmd_goto(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let total = s.game.history.len() + s.game.undone.len();
    if rest.is_empty() {
        return Err(Error::msg(format!(
            "`goto` needs a move number, from 0 (the start) to {total}"
        )));
    }
    let n: usize = rest.parse().map_err(|_| {
        Error::msg(format!(
            "`goto {}`: give a move number from 0 to {total}",
            clip(rest)
        ))
    })?;
    if n > total {
        return Err(Error::msg(format!(
            "no move {n}: the line has {total} move{}",
            if total == 1 { "" } else { "s" }
        )));
    }
    while s.game.history.len() > n {
        s.game.undo();
    }
    while s.game.history.len() < n {
        s.game.redo();
    }
    writeln!(out, "at move {n} of {total}")?;
    write!(out, "{}", s.show())?;
    Ok(Outcome::Done)
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::repl::tests::{run, session};

    #[test]
    fn ai_wins_a_winnable_solitaire_and_hint_says_when_no_win_is_left() {
        // 7-7-7-7 Tchuka Ruma is solvable in 11 moves: twelve `ai` win it (the twelfth finds
        // the game over).
        let mut s = session();
        assert_eq!(run(&mut s, "set seeds=7").0, Outcome::Done);
        let (_, text) = run(&mut s, "hint");
        assert_eq!(text, "the solver suggests 2: 11 moves to win\n");
        for i in 0..11 {
            let (o, text) = run(&mut s, "ai");
            assert_eq!(o, Outcome::Done, "{text}");
            assert!(
                text.starts_with("the solver plays "),
                "move {}: {text}",
                i + 1
            );
        }
        assert_eq!(s.game.state().winner, Some(1), "won");
        let (o, text) = run(&mut s, "ai");
        assert_eq!(
            (o, text.as_str()),
            (Outcome::Failed, "error: no legal move: the game is over\n")
        );
        // 3-3-3-3 cannot be won: no move is suggested, none is played.
        assert_eq!(run(&mut s, "new tchuka_ruma seeds=3").0, Outcome::Done);
        for cmd in ["hint", "ai"] {
            let (o, text) = run(&mut s, cmd);
            assert_eq!(o, Outcome::Done);
            assert!(text.starts_with("no win from here"), "{text}");
        }
        assert!(s.game.history.is_empty());
        // A named agent is obeyed, solitaire or not.
        let (_, text) = run(&mut s, "hint greedy");
        assert!(text.starts_with("greedy suggests "), "{text}");
    }

    #[test]
    fn a_rule_stuck_without_moves_is_not_called_over() {
        // (removed with its files when `tmp` is dropped)
        let tmp = tempfile::Builder::new()
            .prefix("sowlab-stuck-")
            .tempdir()
            .expect("temp dir");
        let dir = tmp.path().to_path_buf();
        crate::engine::base::files::create_dir_all(&dir).expect("temp dir");
        let f = dir.join("stuck.rhai");
        crate::engine::base::files::write_fixture(
            &f,
            "fn setup() { this.players = 1; this.add_row(\"\", 1, 2, 1); }\n\
             fn play(pit) { this.sow(pit); }\nfn moves() { [] }\n",
        )
        .expect("write");
        let mut s = Session::new(&dir, f.to_str().expect("utf-8"), &[], None).expect("loads");
        let stuck = "no legal move, yet the game is not over (the rule's moves() lists no move)";
        for cmd in ["ai", "hint"] {
            let (o, text) = run(&mut s, cmd);
            assert_eq!(o, Outcome::Failed);
            assert_eq!(text, format!("error: {stuck}\n"));
        }
        let (_, text) = run(&mut s, "show");
        assert!(
            text.ends_with(
                "legal: none, yet the game is not over (the rule's moves() lists no move)\n"
            ),
            "{text}"
        );
    }

    #[test]
    fn goto_without_a_number_says_what_it_needs() {
        let mut s = session();
        run(&mut s, "3 4");
        let (o, text) = run(&mut s, "goto");
        assert_eq!(o, Outcome::Failed);
        assert_eq!(
            text,
            "error: `goto` needs a move number, from 0 (the start) to 2\n"
        );
        assert_eq!(s.game.history.len(), 2);
    }

    #[test]
    fn a_small_two_player_position_gets_the_exact_searchs_hint() {
        let mut s = Session::new(
            crate::RulePath::builtin(),
            "kalah",
            &["holes=3".to_string(), "seeds=2".to_string()],
            None,
        )
        .expect("kalah loads");
        let (o, text) = run(&mut s, "hint");
        assert_eq!(o, Outcome::Done);
        assert!(
            text.starts_with("the solver suggests ")
                && text.ends_with(": player 1 wins by 4 under perfect play\n"),
            "{text}"
        );
        // A named agent is still asked when named.
        assert!(run(&mut s, "hint greedy").1.starts_with("greedy suggests "));
    }

    #[test]
    fn ai_plays_and_hint_only_suggests() {
        let mut s = session();
        let (o, text) = run(&mut s, "hint greedy");
        assert_eq!(o, Outcome::Done);
        assert!(text.starts_with("greedy suggests "), "{text}");
        assert!(s.game.history.is_empty());
        let (o, text) = run(&mut s, "ai nonsense");
        assert_eq!(o, Outcome::Failed);
        assert!(text.contains("unknown agent `nonsense`"), "{text}");
        assert!(s.game.history.is_empty());
        // Looking 8 moves ahead finds the 6-move win of 2-2-2-2 from every position on the way.
        for _ in 0..6 {
            assert_eq!(run(&mut s, "ai alphabeta:8").0, Outcome::Done);
        }
        let st = s.game.state();
        assert!(st.over && st.winner == Some(1), "{st:?}");
        let (o, text) = run(&mut s, "ai");
        assert_eq!(o, Outcome::Failed);
        assert!(text.contains("the game is over"), "{text}");
    }

    #[test]
    fn play_many_is_all_or_nothing_and_undo_redo_goto_move_along_the_line() {
        let mut s = session();
        assert_eq!(run(&mut s, "play 4 9").0, Outcome::Failed);
        assert!(s.game.history.is_empty());
        assert_eq!(run(&mut s, "play 3 4").0, Outcome::Done);
        assert_eq!(s.game.moves(), ["3", "4"]);
        assert_eq!(run(&mut s, "undo 2").0, Outcome::Done);
        assert_eq!(s.game.undone.len(), 2);
        assert_eq!(run(&mut s, "goto 1").0, Outcome::Done);
        assert_eq!(s.game.moves(), ["3"]);
        assert_eq!(run(&mut s, "goto 2").0, Outcome::Done);
        assert_eq!(s.game.moves(), ["3", "4"]);
        assert_eq!(run(&mut s, "goto 0").0, Outcome::Done);
        assert!(s.game.history.is_empty());
    }
}
