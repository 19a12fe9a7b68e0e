//! The start of a declared game, checked once its board is set up: a hand placed before play,
//! the first position recorded, and the end checks run on a start that is already over.

use crate::engine::board::state::Board;
use crate::engine::player::end::run_checks;
use crate::engine::player::play::legal_into;
use crate::engine::player::repetition::record_position;

/// Runs the end checks at the end of setup (a start that is already over).
pub fn check_start(b: &mut Board) {
    let layout = b.layout.clone();
    if let Some(p) = layout.pipeline.as_deref() {
        let mover = b.to_move;
        let mut hooks = Vec::new();
        if let Some(h) = p.place_from_hand.as_ref() {
            crate::engine::player::place::start(b, h);
        }
        b.seen = Default::default();
        if p.at.track_repetition {
            record_position(b);
        }
        if let Some(v) = p.at.round_starter_var {
            if b.vars[v] == 0 {
                b.vars[v] = b.to_move as i64;
            }
        }
        if !run_checks(b, &layout, p, mover, true, &mut hooks, legal_into) {
            run_checks(b, &layout, p, mover, false, &mut hooks, legal_into);
        }
    }
}
