//! Looking inside a move: `trace` (its events lap by lap) and `step` (seed by seed, waiting for
//! Enter between steps when a person is typing), with the [`Stepper`] a session holds meanwhile.

use std::io::Write;

use super::{Outcome, Session};
use crate::engine::board::Board;
use crate::engine::game::{clip, split_moves, Ply};
use crate::engine::rules::board;
use crate::engine::trace::Event;
use crate::error::{Error, Result};
use crate::render::{self, Style};

/// A move being shown seed by seed (`step`, interactive mode).
#[derive(Clone, Debug)]
pub(super) struct Stepper {
    /// The position as the events replayed so far left it.
    board: Board,
    /// Seeds in hand.
    hand: i64,
    /// The move's events.
    events: Vec<Event>,
    /// Index of the next event to show.
    next: usize,
    /// The move's label.
    label: String,
}

impl Stepper {
    /// The prompt while the move is being stepped.
    pub(super) fn prompt(&self) -> String {
        format!(
            "step {} [{}/{}] (Enter: next, c: to the end, q: stop)> ",
            self.label,
            self.next,
            self.events.len()
        )
    }
}

/// Handles a line typed while a `step` waits: the next step, the rest, or stop. Any other line
/// ends the stepping and is returned (`None`) to run as a command.
pub(super) fn stepping_input(
    line: &str,
    s: &mut Session,
    out: &mut dyn Write,
) -> Option<Result<Outcome>> {
    match line.trim() {
        "" | "n" | "next" => Some(step_next(s, out, 1)),
        "c" | "continue" => Some(step_next(s, out, usize::MAX)),
        "q" | "stop" => Some(stop(s, out)),
        _ => {
            // Any other command ends the stepping and runs.
            s.step = None;
            None
        }
    }
}

/// Ends the stepping: the move stays played.
fn stop(s: &mut Session, out: &mut dyn Write) -> Result<Outcome> {
    let st = s.step.take().expect("stepping");
    writeln!(
        out,
        "stopped stepping move {} ({} of {} steps shown); the move is played",
        st.label,
        st.next,
        st.events.len()
    )?;
    write!(out, "{}", s.show())?;
    Ok(Outcome::Done)
}

/// Which move a `trace`/`step` without a move means: N (1-based) or the last.
fn pick_ply<'a>(s: &'a Session, rest: &str, name: &str) -> Result<&'a Ply> {
    let h = &s.game.history;
    if rest.is_empty() {
        return h
            .last()
            .ok_or_else(|| Error::msg(format!("no move played yet: nothing to {name}")));
    }
    let n: usize = rest.parse().map_err(|_| {
        Error::msg(format!(
            "`{name} {}`: give a move number from 1 to {}",
            clip(rest),
            h.len()
        ))
    })?;
    if n == 0 || n > h.len() {
        return Err(Error::msg(format!(
            "no move {n}: {} move{} played",
            h.len(),
            if h.len() == 1 { "" } else { "s" }
        )));
    }
    Ok(&h[n - 1])
}

/// The events of a move, one line per lap (drops run together as `sow A B C`).
pub(crate) fn trace_text(p: &Ply) -> String {
    let b = board(&p.after);
    let l = &b.layout;
    let n = |pit: usize| crate::engine::trace::pit_name(l, pit);
    let mut out = format!("move {}", p.label);
    if l.players > 1 {
        out.push_str(&format!(" (player {})", p.player));
    }
    out.push_str(&format!(": {} events\n", p.events.len()));
    let mut lap = 1;
    let mut parts: Vec<String> = Vec::new();
    let mut drops: Vec<String> = Vec::new();
    let flush = |parts: &mut Vec<String>, drops: &mut Vec<String>| {
        if !drops.is_empty() {
            parts.push(format!("sow {}", drops.join(" ")));
            drops.clear();
        }
    };
    for e in &p.events {
        match e {
            Event::Drop { pit, .. } => drops.push(n(*pit)),
            Event::LapEnd { pit, lap: k } => {
                flush(&mut parts, &mut drops);
                parts.push(format!("ends in {}", n(*pit)));
                out.push_str(&format!("  lap {k}: {}\n", parts.join("; ")));
                parts.clear();
                lap = k + 1;
            }
            other => {
                flush(&mut parts, &mut drops);
                parts.push(other.describe(l));
            }
        }
    }
    flush(&mut parts, &mut drops);
    if !parts.is_empty() {
        let head = if lap == 1 && !p.events.iter().any(|e| matches!(e, Event::LapEnd { .. })) {
            "  ".to_string()
        } else {
            "  then: ".to_string()
        };
        out.push_str(&format!("{head}{}\n", parts.join("; ")));
    }
    if p.events.is_empty() {
        out.push_str("  (no events recorded)\n");
    }
    out
}

pub(super) fn cmd_trace(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let p = pick_ply(s, rest, "trace")?;
    write!(out, "{}", trace_text(p))?;
    Ok(Outcome::Done)
}

pub(super) fn cmd_step(s: &mut Session, rest: &str, out: &mut dyn Write) -> Result<Outcome> {
    let ply = if rest.is_empty() {
        pick_ply(s, "", "step")?.clone()
    } else {
        let moves = split_moves(rest);
        if moves.len() != 1 {
            return Err(Error::msg("`step` takes one move"));
        }
        s.game.play(&moves[0])?.clone()
    };
    let mut b = board(&ply.before).clone();
    b.trace = None;
    let st = Stepper {
        board: b,
        hand: 0,
        events: ply.events.clone(),
        next: 0,
        label: ply.label.clone(),
    };
    writeln!(
        out,
        "move {}: {} steps{}",
        ply.label,
        st.events.len(),
        if s.interactive {
            " (Enter: next, c: to the end, q: stop)"
        } else {
            ""
        }
    )?;
    write!(out, "{}", render::picture(&st.board, s.style))?;
    s.step = Some(st);
    if s.interactive {
        step_next(s, out, 1)
    } else {
        step_next(s, out, usize::MAX)
    }
}

/// Shows up to `n` more steps of the move being stepped; at the end, the position after the move.
fn step_next(s: &mut Session, out: &mut dyn Write, n: usize) -> Result<Outcome> {
    let Some(st) = s.step.as_mut() else {
        return Ok(Outcome::Done);
    };
    let mut shown = 0;
    while shown < n && st.next < st.events.len() {
        let e = &st.events[st.next];
        e.apply(&mut st.board, &mut st.hand);
        let pit = match e {
            Event::Pickup { pit, .. }
            | Event::Drop { pit, .. }
            | Event::LapEnd { pit, .. }
            | Event::Capture { pit, .. }
            | Event::Fill { pit, .. }
            | Event::Adjust { pit, .. }
            | Event::Close { pit, .. } => Some(*pit),
            Event::Move { to, .. } => Some(*to),
            _ => None,
        };
        st.next += 1;
        writeln!(
            out,
            "[{}/{}] {}  (hand {})",
            st.next,
            st.events.len(),
            e.describe(&st.board.layout),
            st.hand
        )?;
        // Drops are the bulk of a move: draw the board after each, and after seed movements.
        if !matches!(
            e,
            Event::LapEnd { .. } | Event::Note { .. } | Event::Pass { .. }
        ) {
            write!(
                out,
                "{}",
                render::picture_marked(&st.board, s.style, pit)
                    .lines()
                    .take_while(|l| !l.is_empty())
                    .take(layout_lines(&st.board))
                    .map(|l| format!("{l}\n"))
                    .collect::<String>()
            )?;
        }
        // Seeds leaving or entering the board: show the reserves and counters too.
        if matches!(
            e,
            Event::Capture { .. } | Event::Fill { .. } | Event::Reserve { .. }
        ) {
            for l in render::status(&st.board).lines() {
                if !l.starts_with("player ") && !l.starts_with("game over") {
                    writeln!(out, "{l}")?;
                }
            }
        }
        shown += 1;
    }
    if st.next >= st.events.len() {
        s.step = None;
        writeln!(out, "after the move:")?;
        write!(out, "{}", s.show())?;
    }
    Ok(Outcome::Done)
}

/// Lines of a board picture without the status lines.
fn layout_lines(b: &Board) -> usize {
    let pic = render::picture(b, Style::default());
    pic.lines().count() - render::status(b).lines().count()
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::repl::tests::{run, session};

    #[test]
    fn stepping_interactively_waits_for_enter() {
        let mut s = session();
        s.interactive = true;
        let (_, t) = run(&mut s, "step 3");
        assert!(s.stepping());
        assert!(t.contains("[1/4] pick up 2 from 3  (hand 2)"), "{t}");
        let (_, t) = run(&mut s, "");
        assert!(t.contains("[2/4] drop in 4 (1 left)  (hand 1)"), "{t}");
        let (_, t) = run(&mut s, "c");
        assert!(t.contains("[4/4] lap 1 ends in ruma"), "{t}");
        assert!(!s.stepping());
        assert_eq!(s.game.moves(), ["3"]);
    }

    #[test]
    fn stepping_ends_where_the_move_ends() {
        // Replaying the recorded events on the position before the move gives the position
        // after it, for every move of a game.
        let mut s = session();
        for m in ["4", "1", "3"] {
            run(&mut s, m);
        }
        for p in &s.game.history {
            let mut b = board(&p.before).clone();
            let mut hand = 0;
            for e in &p.events {
                e.apply(&mut b, &mut hand);
            }
            assert_eq!(hand, 0);
            assert_eq!(b.seeds, board(&p.after).seeds, "move {}", p.label);
        }
    }
}
