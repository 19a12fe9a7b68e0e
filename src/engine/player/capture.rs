//! Captures after the sowing, played: the chain of holes with the declared counts, and a grand
//! slam's rule. (The capture of the facing hole is in [`play`](super::play).)

use crate::engine::board::state::{Board, PitKind, NO_PIT};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{GrandSlam, Pipeline};
use crate::engine::sowing::sow;

use crate::engine::player::material::{next_of, prev_open, seeds_of};
use crate::engine::player::notes::note;

/// Whether `q` is a hole of `opp` holding one of the chain's counts (a chain goes on through it).
#[inline]
pub(super) fn takes(
    b: &Board,
    l: &Compiled,
    c: &crate::engine::declare::pipeline::Chain,
    opp: usize,
    q: usize,
) -> bool {
    q != NO_PIT
        && l.pits[q].kind == PitKind::Hole
        && l.pits[q].owner == opp
        && c.counts.contains(&b.seeds[q])
}

/// The holes a chain from `last` takes, written to `caught` (returns how many, and whether they
/// are all the opponent's seeds: a grand slam). Most moves capture nothing: they return before
/// touching `caught`.
pub(super) fn chain_scan(
    b: &Board,
    l: &Compiled,
    p: &Pipeline,
    c: &crate::engine::declare::pipeline::Chain,
    mover: usize,
    last: usize,
    caught: &mut [usize; 64],
) -> (usize, bool) {
    let opp = next_of(l, mover);
    if !takes(b, l, c, opp, last) {
        return (0, false);
    }
    let mut n = 0;
    let mut total = 0;
    let mut q = last;
    while n < caught.len() && takes(b, l, c, opp, q) && !caught[..n].contains(&q) {
        caught[n] = q;
        n += 1;
        total += b.seeds[q];
        q = prev_open(l, b, q);
    }
    let slam = c.grand_slam != GrandSlam::All && total == seeds_of(b, p, opp);
    (n, slam)
}

/// Oware's chain: backwards from the last pit over the opponent's holes holding one of the counts.
pub(super) fn chain(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    c: &crate::engine::declare::pipeline::Chain,
    mover: usize,
    last: usize,
) {
    let mut caught = [NO_PIT; 64];
    let (n, slam) = chain_scan(b, l, p, c, mover, last, &mut caught);
    if n == 0 {
        return;
    }
    // `nothing`, and `illegal` (played only when every move was one): it captures nothing.
    if slam {
        note(b, p, &p.notes.grand_slam, mover, Vec::new);
        return;
    }
    for &h in &caught[..n] {
        sow::capture(b, h, mover, &c.why);
    }
}
