//! The notes a declared move records in the trace: the declared texts with the player's name and
//! the step's facts filled in, built only when tracing.

use crate::engine::board::state::Board;
use crate::engine::declare::pipeline::{fill, Note, Pipeline};
use crate::engine::trace::event::Event;

/// The name of a player in notes.
pub(super) fn name(p: &Pipeline, pl: usize) -> String {
    match p.names.get(pl.wrapping_sub(1)) {
        Some(n) => n.clone(),
        None => format!("player {pl}"),
    }
}

/// Records a note when tracing, its placeholders filled from `extra` and the position.
pub(super) fn note<'a>(
    b: &mut Board,
    p: &Pipeline,
    n: &Note,
    mover: usize,
    extra: impl FnOnce() -> Vec<(&'a str, String)>,
) {
    if b.trace.is_none() || n.1.is_empty() {
        return;
    }
    let extra = extra();
    let text = {
        let bb = &*b;
        fill(&n.1, |k| {
            if let Some((_, v)) = extra.iter().find(|(x, _)| *x == k) {
                return Some(v.clone());
            }
            Some(match k {
                "mover" => mover.to_string(),
                "player" => bb.to_move.to_string(),
                "mover_name" => name(p, mover),
                "player_name" => name(p, bb.to_move),
                "laps" => bb.last.laps.to_string(),
                "round" => bb.vars[p.at.round_var?].to_string(),
                "moves" => bb.vars[p.at.moves_var?].to_string(),
                _ => return None,
            })
        })
    };
    let kind = n.0.clone();
    b.emit(|| Event::Note { kind, text });
}
