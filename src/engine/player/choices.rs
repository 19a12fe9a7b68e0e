//! The moves of a decision pending inside a turn (a direction, an end hole, a hole to fill or
//! own, a seed to place, an arrangement, a head to stop at...), which replace the holes' moves
//! while it waits; each kind is played in its own file.

use crate::engine::board::state::Board;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::player::capture::chosen;
use crate::engine::player::rounds::fill_choice;
use crate::engine::player::rounds::own_choice;
use crate::engine::player::stop_in;

/// A pending decision's moves appended to `out` (`true`), or none pending (`false`).
#[cold]
pub(crate) fn legal_into(b: &Board, p: &Pipeline, player: usize, out: &mut Vec<usize>) -> bool {
    if let Some(r) = p.at.end_hole.as_deref() {
        crate::engine::player::loops::end_hole::legal_into(b, r, player, out);
    } else if p.place_from_hand.is_some() && crate::engine::player::place::pending(b, p, player) {
        crate::engine::player::place::legal_into(b, p, player, out);
    } else if let Some(r) =
        p.at.reverse
            .as_deref()
            .filter(|r| crate::engine::player::loops::reverse_laps::pending(b, r))
    {
        crate::engine::player::loops::reverse_laps::legal_into(r, out);
    } else if p.arrange.is_some() && crate::engine::player::arrange::pending(b, p) {
        crate::engine::player::arrange::legal_into(b, p, player, out);
    } else if p.at.fill_choice_var.is_some() && fill_choice::pending(b, p).is_some() {
        fill_choice::legal_into(b, p, player, out);
    } else if p.at.own_choice_var.is_some() && own_choice::pending(b, p).is_some() {
        own_choice::legal_into(b, p, player, out);
    } else if p.capture.chosen_holes.is_some() && chosen::pending(b, p).is_some() {
        chosen::legal_into(b, p, player, out);
    } else if stop_in::choosing(b, p) {
        stop_in::heads_into(b, p, player, out);
    } else if stop_in::pending(b, p).is_some() {
        stop_in::legal_into(p, out);
    } else {
        return false;
    }
    true
}
