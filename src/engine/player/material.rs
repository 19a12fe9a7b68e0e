//! Counting seeds for the declared steps: a player's material (stores and reserve), the seeds
//! in his holes, whether he is out of the game.

use crate::engine::board::state::Board;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;

/// A player's seeds held: his stores plus his reserve.
pub fn material(b: &Board, pl: usize) -> i64 {
    let l = &b.layout;
    l.stores
        .iter()
        .filter(|&&s| l.pits[s].owner == pl)
        .map(|&s| b.seeds[s])
        .sum::<i64>()
        + b.reserves[pl - 1]
}

/// Every player's material (stores plus reserve) into `m[player]`.
pub(super) fn materials(b: &Board, l: &Compiled, m: &mut [i64; 17]) {
    for &s in &l.stores {
        m[l.pits[s].owner] += b.seeds[s];
    }
    for (i, r) in b.reserves.iter().enumerate() {
        m[i + 1] += r;
    }
    // A child's seeds count for its owner.
    if !b.children.is_empty() {
        crate::engine::player::children::add_children_seeds(b, m);
    }
}

/// Whether one player holds more than half of all the seeds (stores, reserve, children), or two
/// players hold exactly half each: the `majority` end, asked after every move. Two players
/// without children are counted in two sums, without the table of every player's material.
pub(super) fn majority(b: &Board, l: &Compiled) -> bool {
    let total = b.total();
    if l.players == 2 && b.children.is_empty() {
        let (mut m1, mut m2) = (b.reserves[0], b.reserves[1]);
        for &s in &l.stores {
            match l.pits[s].owner {
                1 => m1 += b.seeds[s],
                2 => m2 += b.seeds[s],
                _ => {}
            }
        }
        return 2 * m1 > total
            || 2 * m2 > total
            || (total % 2 == 0 && 2 * m1 == total && 2 * m2 == total);
    }
    let mut m = [0i64; 17];
    materials(b, l, &mut m);
    let m = &m[1..=l.players];
    m.iter().any(|&x| 2 * x > total)
        || (l.players == 2 && total % 2 == 0 && m.iter().all(|&x| 2 * x == total))
}

/// Whether a player is out (his pass counter reached `out_at`).
#[inline]
pub(super) fn is_out(b: &Board, p: &Pipeline, pl: usize) -> bool {
    match (&p.pass, p.at.pass_counter) {
        (Some(pass), Some(c)) if pass.out_at > 0 => b.counter(c, pl) >= pass.out_at,
        _ => false,
    }
}

/// Seeds in each player's open holes (index = player; 0 for holes owned by nobody), in one pass.
pub(super) fn seeds_by_player(b: &Board, l: &Compiled, p: &Pipeline) -> [i64; 17] {
    let mut s = [0i64; 17];
    for (pl, slot) in s.iter_mut().enumerate().take(l.players + 1).skip(1) {
        *slot = seeds_of(b, p, pl);
    }
    s
}

/// Seeds in a player's open holes (children left out: they are nobody's to play).
#[inline]
pub(super) fn seeds_of(b: &Board, p: &Pipeline, pl: usize) -> i64 {
    let (seeds, closed) = (&b.seeds[..], &b.closed[..]);
    let mut n = 0;
    if !b.owners.is_empty() {
        return seeds_owned(b, pl);
    }
    if b.children.is_empty() {
        for &h in &p.at.holes_of[pl] {
            if !closed[h] {
                n += seeds[h];
            }
        }
    } else {
        for &h in &p.at.holes_of[pl] {
            if !closed[h] && b.children[h] == 0 {
                n += seeds[h];
            }
        }
    }
    n
}

/// Whether a player's open holes hold no seed (children left out), as `seeds_of(..) == 0` says
/// but stopping at the first seed found: the end checks ask it after every move.
#[inline]
pub(super) fn side_empty(b: &Board, p: &Pipeline, pl: usize) -> bool {
    if !b.owners.is_empty() {
        return seeds_owned(b, pl) == 0;
    }
    let (seeds, closed) = (&b.seeds[..], &b.closed[..]);
    if b.children.is_empty() {
        !p.at.holes_of[pl]
            .iter()
            .any(|&h| seeds[h] != 0 && !closed[h])
    } else {
        !p.at.holes_of[pl]
            .iter()
            .any(|&h| seeds[h] != 0 && !closed[h] && b.children[h] == 0)
    }
}

/// Seeds in the open holes `pl` owns this round (children left out).
pub(super) fn seeds_owned(b: &Board, pl: usize) -> i64 {
    let l = &b.layout;
    l.holes
        .iter()
        .filter(|&&h| b.owners[h] as usize == pl && !b.closed[h] && !b.is_child(h))
        .map(|&h| b.seeds[h])
        .sum()
}

/// The player after `pl`, cyclically.
#[inline]
pub(super) fn next_of(l: &Compiled, pl: usize) -> usize {
    pl % l.players + 1
}
