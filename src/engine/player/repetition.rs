//! The positions seen since the last capture, for the end check `repeated_position`: recorded
//! after each move of a rule that asks for it.

use crate::engine::board::state::Board;

/// Records the current position for `repeated_position`: clears the list first when the seeds
/// in the holes changed since it was last cleared (a capture: no earlier position can come back),
/// then notes whether the position was already in it.
pub(crate) fn record_position(b: &mut Board) {
    let in_holes: i64 = b.layout.holes.iter().map(|&h| b.seeds[h]).sum();
    if in_holes != b.seen.in_holes {
        b.seen.hashes.clear();
        b.seen.in_holes = in_holes;
    }
    let h = b.position_hash();
    b.seen.repeated = b.seen.hashes.contains(&h);
    if !b.seen.repeated {
        b.seen.hashes.push(h);
    }
}

/// Starts the list of positions seen afresh from the current position (a game started from a
/// given position), when the rule checks repetitions.
pub fn restart_repetition(b: &mut Board) {
    b.seen = Default::default();
    if b.layout
        .pipeline
        .as_deref()
        .is_some_and(|p| p.at.track_repetition)
    {
        record_position(b);
    }
}
