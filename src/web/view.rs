//! What the page draws after each call: the board as SVG, the legal moves, the history with each
//! move's laps, whose turn it is or how the game ended.

use serde_json::{json, Value};

use crate::render::svg::{check_pits, game_svg, lap_frames};
use crate::web::error::ApiError;
use crate::web::session::Session;

/// Refuses (422, in one line) a game whose board is past what one picture draws: every answer
/// carries the board's picture, which would be built whole (see [`crate::render::svg::bounds`]).
/// Asked before a game is kept, so that a refused call changes nothing.
pub(super) fn drawable(s: &Session) -> Result<(), ApiError> {
    check_pits(&s.game.board()).map_err(|e| {
        ApiError::new(
            422,
            format!("{e}: the playground cannot show this game (play it in the REPL)"),
        )
    })
}

/// What the page draws: the board, the legal moves, the history, whose turn.
pub(super) fn view(id: &str, s: &Session, message: String) -> Value {
    let g = &s.game;
    let b = g.board();
    let legal = if b.over {
        Vec::new()
    } else {
        g.legal_labels().unwrap_or_default()
    };
    let history: Vec<Value> = g
        .history
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({ "n": i + 1, "label": p.label, "player": p.player,
                    "laps": lap_frames(&p.events).len() - 1 })
        })
        .collect();
    let status = crate::render::status(&b);
    // a move that ends the game says so
    let message = match status.trim().lines().last() {
        Some(end) if b.over && !message.is_empty() => format!("{message} — {end}"),
        _ => message,
    };
    let result = if !b.over {
        "playing"
    } else if b.winner == 0 && b.players() == 1 {
        "lost"
    } else if b.winner == 0 {
        "draw"
    } else if b.players() == 1 {
        "won"
    } else {
        "win"
    };
    json!({
        "session": id,
        "rule": g.rule.name,
        "title": g.rule.meta.name,
        "spec": s.spec,
        "options": g.options,
        "players": b.players(),
        "svg": game_svg(g),
        "state": b.state_json(),
        "legal": legal,
        "history": history,
        "redo": g.undone.len(),
        "status": status.trim(),
        "result": result,
        "can_back": s.previous.is_some(),
        "message": message,
    })
}
