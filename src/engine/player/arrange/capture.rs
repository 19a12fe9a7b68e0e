//! The capture an arrangement move may make (`arrange.captures_across`, four rows): a counter
//! moved into an empty hole of the arranger's inner row takes the opponent's facing holes.

use crate::engine::board::state::Board;
use crate::engine::declare::arrange::Arrange;
use crate::engine::declare::compiled::Compiled;

/// `captures_across`: the counter just moved into `t`, an empty hole of `pl`'s inner row facing
/// an occupied hole of the opponent's inner row, takes it and the opponent's outer hole behind
/// it, while `pl` has captured so fewer than `captures_across` times.
pub(super) fn capture_across(b: &mut Board, l: &Compiled, a: &Arrange, pl: usize, t: usize) {
    let Some(&v) = a.capture_vars.get(pl) else {
        return;
    };
    if b.seeds[t] != 1 || b.vars[v] >= a.captures_across || l.pits[t].owner != pl {
        return;
    }
    let Some((inner, outer)) = l.layout.across(t) else {
        return;
    };
    if b.seeds[inner] == 0 {
        return;
    }
    b.vars[v] += 1;
    let why = "arranged into an empty inner hole";
    crate::engine::sowing::seeds::capture(b, inner, pl, why);
    if b.seeds[outer] > 0 {
        crate::engine::sowing::seeds::capture(b, outer, pl, why);
    }
}
