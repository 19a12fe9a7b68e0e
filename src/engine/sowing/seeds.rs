//! Seeds given and taken: into a player's store, or his reserve when he has none, with the
//! capture's trace event.

use crate::engine::board::state::{emit_into, Board};
use crate::engine::geometry::layout::Layout;
use crate::engine::trace::event::Event;

/// Puts `n` seeds in `player`'s store if he has one, else in his reserve.
#[inline]
pub(crate) fn give_into(
    l: &Layout,
    seeds: &mut [i64],
    reserves: &mut [i64],
    player: usize,
    n: i64,
) {
    match l.store_of(player) {
        Some(s) => seeds[s] += n,
        None => reserves[player - 1] += n,
    }
}

/// Gives `seeds` to `player`: into his store if he has one, else into his reserve.
pub fn give(b: &mut Board, player: usize, seeds: i64) {
    let Board {
        layout,
        seeds: pits,
        reserves,
        ..
    } = b;
    give_into(layout, pits, reserves, player, seeds);
}

/// [`capture`] on the board's fields (for the sowing loop, which holds them borrowed).
#[inline]
pub(crate) fn take_into(
    l: &Layout,
    seeds: &mut [i64],
    reserves: &mut [i64],
    trace: &mut Option<Vec<Event>>,
    pit: usize,
    player: usize,
    why: &str,
) -> i64 {
    let n = seeds[pit];
    if n == 0 {
        return 0;
    }
    seeds[pit] = 0;
    give_into(l, seeds, reserves, player, n);
    emit_into(trace, || Event::Capture {
        pit,
        seeds: n,
        player,
        why: why.to_string(),
    });
    n
}

/// Takes every seed of `pit` to `player` (store or reserve), with a trace event saying why.
pub fn capture(b: &mut Board, pit: usize, player: usize, why: &str) -> i64 {
    let Board {
        layout,
        seeds,
        reserves,
        trace,
        ..
    } = b;
    take_into(layout, seeds, reserves, trace, pit, player, why)
}
