//! Moves from the mover's own store (`moves.sow_from_store`), played: `store:k` takes `k` seeds
//! of his store (one to all it holds) and sows them from the store's place along the track, the
//! pit after it first, as a hole's seeds are sown (relays, captures by count), except that no
//! seed falls back into the store (`first_seed_back` is a hole's step). The captures and the
//! rest of the move follow as after any sowing ([`crate::engine::player::play`]).

use crate::engine::board::state::{Board, SowEnd};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::sowing::sow;

/// The store `player` sows from, when the rule lets him.
#[inline]
fn store(p: &Pipeline, player: usize) -> Option<usize> {
    p.at.own_stores.get(player).copied()
}

/// Whether `player` may sow from his store now: it holds seeds.
pub(super) fn can_sow(b: &Board, p: &Pipeline, player: usize) -> bool {
    store(p, player).is_some_and(|s| b.seeds[s] > 0)
}

/// The moves from `player`'s store, appended to `out`: one for each count from one to all it
/// holds, fewest first.
pub(super) fn legal_into(b: &Board, p: &Pipeline, player: usize, out: &mut Vec<usize>) {
    let (Some(s), Some(first)) = (store(p, player), b.layout.store_moves_from()) else {
        return;
    };
    let held = usize::try_from(b.seeds[s]).unwrap_or(0);
    out.extend((0..held).map(|i| first + i));
}

/// Sows move `id` (a move from the mover's store): where the sowing ended, as `sow::sow` says.
/// An error when the store holds fewer seeds than the move names.
#[cold]
#[inline(never)]
pub(super) fn sow_from(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    id: usize,
) -> Result<SowEnd, String> {
    let mover = b.to_move;
    let (Some(s), Some(k)) = (store(p, mover), l.store_move_count(id)) else {
        return Err(format!("move #{id} is no move of player {mover}'s"));
    };
    let held = b.seeds[s];
    let k = k as i64;
    if k > held {
        return Err(format!(
            "`{}`: the store `{}` holds {held} seeds",
            l.label(id),
            l.pits[s].name
        ));
    }
    // (the store lends the sowing the seeds it sows, and gets the others back after it)
    b.seeds[s] = k;
    let end = sow::sow(b, s);
    b.seeds[s] += held - k;
    end
}
