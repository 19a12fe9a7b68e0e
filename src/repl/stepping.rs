//! Looking inside a move: `trace` (its events lap by lap) and `step` (seed by seed, waiting for
//! Enter between steps when a person is typing), with the [`Stepper`] a session holds meanwhile.

use std::io::Write;

use super::session::{Outcome, Session};
use crate::engine::board::state::Board;
use crate::engine::game::game::{clip, split_moves, Ply};
use crate::engine::rule::rules::board;
use crate::engine::trace::event::Event;
use crate::error::{Error, Result};
use crate::render::{self, Style};

use super::stepper::{Stepper, Unit, STEP_KEYS};

/// Handles a line typed while a `step` waits: the next seed or lap, the rest, or stop. Any other
/// line is not run as a command (a stray `q` must not leave the REPL): the keys are shown again.
pub(super) fn stepping_input(line: &str, s: &mut Session, out: &mut dyn Write) -> Result<Outcome> {
    let by_lap = s.step.as_ref().is_some_and(|st| st.by_lap);
    let (enter, other) = if by_lap {
        (Unit::Lap, Unit::Seed)
    } else {
        (Unit::Seed, Unit::Lap)
    };
    match line.trim() {
        "" | "n" | "next" => step_next(s, out, enter),
        "l" | "lap" if !by_lap => step_next(s, out, other),
        "s" | "seed" if by_lap => step_next(s, out, other),
        "c" | "continue" => step_next(s, out, Unit::All),
        "q" | "stop" | "quit" => stop(s, out),
        other => {
            let keys = s.step.as_ref().map(Stepper::keys).unwrap_or(STEP_KEYS);
            Err(Error::msg(format!(
                "`{}` is not a step key ({keys}); the REPL's commands come back after the move",
                clip(other)
            )))
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
    let n = |pit: usize| crate::engine::trace::event::pit_name(l, pit);
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
    let (by_lap, rest) = match rest.split_once(char::is_whitespace) {
        Some(("laps" | "lap", m)) => (true, m.trim()),
        None if rest == "laps" || rest == "lap" => (true, ""),
        _ => (false, rest),
    };
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
        by_lap,
    };
    let laps = st
        .events
        .iter()
        .filter(|e| matches!(e, Event::LapEnd { .. }))
        .count();
    writeln!(
        out,
        "move {}: {} steps in {laps} lap{}{}",
        ply.label,
        st.events.len(),
        if laps == 1 { "" } else { "s" },
        if s.interactive {
            format!(" ({})", st.keys())
        } else {
            String::new()
        }
    )?;
    write!(out, "{}", render::picture(&st.board, s.style))?;
    s.step = Some(st);
    match (s.interactive, by_lap) {
        (true, false) => step_next(s, out, Unit::Seed),
        (true, true) => step_next(s, out, Unit::Lap),
        (false, false) => step_next(s, out, Unit::All),
        (false, true) => {
            while s.stepping() {
                step_next(s, out, Unit::Lap)?;
            }
            Ok(Outcome::Done)
        }
    }
}

/// Shows the next step, lap or the rest of the move being stepped; at the end, the position
/// after the move. A lap is shown as one line of events and the board after it.
fn step_next(s: &mut Session, out: &mut dyn Write, unit: Unit) -> Result<Outcome> {
    let Some(st) = s.step.as_mut() else {
        return Ok(Outcome::Done);
    };
    if unit == Unit::Lap {
        let from = st.next;
        let mut last_pit = None;
        while st.next < st.events.len() {
            let e = &st.events[st.next];
            e.apply(&mut st.board, &mut st.hand);
            st.next += 1;
            if let Some(p) = event_pit(e) {
                last_pit = Some(p);
            }
            if matches!(e, Event::LapEnd { .. }) {
                break;
            }
        }
        let l = &st.board.layout;
        let words = events_in_words(&st.events[from..st.next], l);
        writeln!(out, "[{}/{}] {words}", st.next, st.events.len())?;
        write!(
            out,
            "{}",
            render::picture_marked(&st.board, s.style, last_pit)
                .lines()
                .take(layout_lines(&st.board))
                .map(|l| format!("{l}\n"))
                .collect::<String>()
        )?;
        if st.hand != 0 {
            writeln!(out, "(hand {})", st.hand)?;
        }
    }
    let n = match unit {
        Unit::Seed => 1,
        Unit::Lap => 0,
        Unit::All => usize::MAX,
    };
    let mut shown = 0;
    while shown < n && st.next < st.events.len() {
        let e = &st.events[st.next];
        e.apply(&mut st.board, &mut st.hand);
        let pit = event_pit(e);
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

/// The pit an event is about, if one.
fn event_pit(e: &Event) -> Option<usize> {
    match e {
        Event::Pickup { pit, .. }
        | Event::Drop { pit, .. }
        | Event::LapEnd { pit, .. }
        | Event::Capture { pit, .. }
        | Event::Fill { pit, .. }
        | Event::Adjust { pit, .. }
        | Event::Close { pit, .. } => Some(*pit),
        Event::Move { to, .. } => Some(*to),
        _ => None,
    }
}

/// Some events in words on one line, drops run together (`pick up 4 from 4; sow ruma 1 2 3`).
fn events_in_words(events: &[Event], l: &crate::engine::board::state::Layout) -> String {
    let n = |pit: usize| crate::engine::trace::event::pit_name(l, pit);
    let mut parts: Vec<String> = Vec::new();
    let mut drops: Vec<String> = Vec::new();
    for e in events {
        match e {
            Event::Drop { pit, .. } => drops.push(n(*pit)),
            other => {
                if !drops.is_empty() {
                    parts.push(format!("sow {}", drops.join(" ")));
                    drops.clear();
                }
                parts.push(other.describe(l));
            }
        }
    }
    if !drops.is_empty() {
        parts.push(format!("sow {}", drops.join(" ")));
    }
    parts.join("; ")
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
    fn stepping_goes_lap_by_lap_and_refuses_other_input() {
        let mut s = session();
        s.interactive = true;
        run(&mut s, "3");
        // 2 2 0 3 | 1: hole 2 ends in hole 4, which relays: three laps.
        let (_, t) = run(&mut s, "step 2");
        assert!(
            t.starts_with("move 2: 14 steps in 3 laps (Enter: next seed, l: next lap, c: to the end, q: stop stepping)\n"),
            "{t}"
        );
        let (_, t) = run(&mut s, "l");
        // (the first step, the pick-up, was shown by `step` itself)
        assert!(t.starts_with("[4/14] sow 3 4; lap 1 ends in 4\n"), "{t}");
        // Anything else asks again and changes nothing: a stray `x` or `3` runs no command.
        for stray in ["x", "3", "undo"] {
            let (o, t) = run(&mut s, stray);
            assert_eq!(o, Outcome::Failed);
            assert!(
                t.starts_with(&format!(
                    "error: `{stray}` is not a step key (Enter: next seed, l: next lap"
                )),
                "{t}"
            );
            assert!(s.stepping());
        }
        assert_eq!(s.game.moves(), ["3", "2"]);
        // `q` stops the stepping.
        let (o, t) = run(&mut s, "q");
        assert_eq!(o, Outcome::Done);
        assert!(
            t.starts_with("stopped stepping move 2 (4 of 14 steps shown)"),
            "{t}"
        );
        assert!(!s.stepping());
        let (o, t) = run(&mut s, "q");
        assert_eq!(
            o,
            Outcome::Done,
            "a second `q` right after does not leave the REPL"
        );
        assert_eq!(
            t,
            "the stepping is over: `q` again (or `quit`) leaves the REPL\n"
        );
        assert_eq!(run(&mut s, "q").0, Outcome::Quit, "a third does");
        // `step laps`: Enter goes a lap at a time, `s` a seed.
        let (_, t) = run(&mut s, "step laps");
        assert!(
            t.contains("(Enter: next lap, s: next seed, c: to the end, q: stop stepping)"),
            "{t}"
        );
        assert!(
            t.contains("[4/14] pick up 2 from 2; sow 3 4; lap 1 ends in 4"),
            "{t}"
        );
        let (_, t) = run(&mut s, "s");
        assert!(t.starts_with("[5/14] pick up 4 from 4"), "{t}");
        let (_, t) = run(&mut s, "");
        assert!(
            t.starts_with("[10/14] sow ruma 1 2 3; lap 2 ends in 3"),
            "{t}"
        );
        let (_, t) = run(&mut s, "");
        assert!(t.contains("lap 3 ends in"), "{t}");
        assert!(t.contains("after the move:"), "{t}");
        assert!(!s.stepping());
        // Piped: every lap at once.
        s.interactive = false;
        run(&mut s, "undo");
        let (_, t) = run(&mut s, "step laps 2");
        let laps: Vec<&str> = t.lines().filter(|l| l.starts_with('[')).collect();
        assert_eq!(laps.len(), 3, "{t}");
        assert!(
            laps[2].starts_with("[14/14] ") && laps[2].contains("lap 3 ends in ruma"),
            "{t}"
        );
        assert!(t.contains("after the move:"), "{t}");
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
