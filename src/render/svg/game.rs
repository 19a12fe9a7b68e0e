//! The pictures of a game: its current position with the legal moves clickable, and its last
//! move drawn over the position it left.

use crate::engine::game::game::Game;
use crate::engine::rule::rules::board;
use crate::render::svg::board::{board_svg, SvgOptions};
use crate::render::svg::trace::trace_svg;

/// The picture of the current position of `g`, its legal moves clickable.
pub fn game_svg(g: &Game) -> String {
    let b = board(g.current()).clone();
    let legal = if b.over {
        Vec::new()
    } else {
        g.legal().unwrap_or_default()
    };
    board_svg(&b, &SvgOptions { legal, title: None })
}

/// The picture of the last move of `g` (its laps over the position it left), or of the position
/// when no move has been played.
pub fn last_move_svg(g: &Game) -> String {
    match g.history.last() {
        Some(p) => trace_svg(
            board(&p.before).clone(),
            Some(&board(&p.after)),
            &p.events,
            None,
            &SvgOptions::default(),
        ),
        None => game_svg(g),
    }
}
