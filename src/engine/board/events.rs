//! A trace event replayed on a board: the REPL's `step` shows a move seed by seed by applying its
//! events, in order, to the position before it.

use crate::engine::board::state::Board;
use crate::engine::trace::event::Event;

impl Event {
    /// Re-applies the event's seed movement to `board` (and the seeds in `hand`), for step-by-step
    /// display. Events that move no seeds change nothing.
    pub fn apply(&self, board: &mut Board, hand: &mut i64) {
        let to_player = |b: &mut Board, player: usize, seeds: i64| match b.layout.store_of(player) {
            Some(s) => b.seeds[s] += seeds,
            None => b.reserves[player - 1] += seeds,
        };
        match self {
            Event::Pickup { pit, seeds } => {
                board.seeds[*pit] -= seeds;
                *hand += seeds;
            }
            Event::Drop { pit, .. } => {
                board.seeds[*pit] += 1;
                *hand -= 1;
            }
            Event::Capture {
                pit, seeds, player, ..
            } => {
                board.seeds[*pit] -= seeds;
                to_player(board, *player, *seeds);
            }
            Event::Fill { pit, seeds, player } => {
                board.reserves[player - 1] -= seeds;
                board.seeds[*pit] += seeds;
            }
            Event::Move { from, to, seeds } => {
                board.seeds[*from] -= seeds;
                board.seeds[*to] += seeds;
            }
            Event::Adjust { pit, delta } => board.seeds[*pit] += delta,
            Event::Reserve { player, delta } => board.reserves[player - 1] += delta,
            Event::Close { pit, closed } => board.closed[*pit] = *closed,
            Event::LapEnd { .. } | Event::Pass { .. } | Event::Note { .. } => {}
        }
    }
}
