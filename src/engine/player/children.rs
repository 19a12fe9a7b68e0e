//! Children, played ([`crate::engine::declare::children`]): making one after the sowing, and
//! what a child is to the other steps (never played from, captured or swept; its seeds count
//! for its owner).

use crate::engine::board::state::Board;
use crate::engine::declare::children::{Children, CHILD_OF_NOBODY};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::sowing::sow;
use crate::engine::trace::event::Event;

use crate::engine::player::notes::name;

/// Makes the hole of the last seed `last` the mover's child when the declaration says so, or
/// takes seeds from an opponent's child it fell into; true when either was done (the move then
/// captures nothing else).
pub(super) fn make(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    c: &Children,
    mover: usize,
    last: usize,
) -> bool {
    let k = c.last_in_opponents_child_takes;
    if k > 0 {
        if let Some(o) = b.child_owner(last) {
            if o != 0 && o != mover {
                let n = b.seeds[last].min(k);
                if n > 0 {
                    // (a part of the hole: capture it all, then give the rest back)
                    let rest = b.seeds[last] - n;
                    b.seeds[last] = n;
                    sow::capture(b, last, mover, "from an opponent's child");
                    b.seeds[last] = rest;
                }
                return true;
            }
        }
    }
    if !c.makes(l, &b.seeds, &b.children, &b.owners, mover, last) {
        return false;
    }
    b.children[last] = mover as u8;
    if b.trace.is_some() {
        let text = format!("{} becomes {}'s child", l.pits[last].name, name(p, mover));
        b.emit(|| Event::Note {
            kind: "child".into(),
            text,
        });
    }
    true
}

/// Each player's seeds in children, added into `m[player]` (children of nobody count for no
/// one).
#[inline]
pub(super) fn add_children_seeds(b: &Board, m: &mut [i64; 17]) {
    for (q, &c) in b.children.iter().enumerate() {
        if c != 0 && c != CHILD_OF_NOBODY {
            m[c as usize] += b.seeds[q];
        }
    }
}

/// Whether a board holds any child.
#[inline]
pub(super) fn any_child(b: &Board) -> bool {
    b.children.iter().any(|&c| c != 0)
}

/// A player's first child in canonical order (pit order), if he has one.
fn first_child(b: &Board, l: &Compiled, pl: usize) -> Option<usize> {
    l.holes
        .iter()
        .copied()
        .find(|&h| b.children.get(h).copied() == Some(pl as u8))
}

/// Whether the mover has no child to put captures into and makes none with his last seed.
pub(super) fn no_child_to_take(
    b: &Board,
    l: &Compiled,
    p: &Pipeline,
    mover: usize,
    last: usize,
) -> bool {
    first_child(b, l, mover).is_none()
        && !p
            .children
            .as_ref()
            .is_some_and(|c| c.makes(l, &b.seeds, &b.children, &b.owners, mover, last))
}

/// The reserves, to see what a capture or a sweep added to them.
pub(super) fn reserves_now(b: &Board) -> [i64; 17] {
    let mut r = [0i64; 17];
    for (i, &x) in b.reserves.iter().enumerate().take(16) {
        r[i + 1] = x;
    }
    r
}

/// Moves what each player's reserve gained since `before` into his first child. After a sweep
/// (`swept`), when only one player has a child, every gain goes into his; a gain without a
/// child to take it stays in the reserve.
pub(super) fn gains_into_children(b: &mut Board, l: &Compiled, before: &[i64; 17], swept: bool) {
    let players = l.players.min(16);
    let kids: Vec<Option<usize>> = (0..=players).map(|pl| first_child(b, l, pl)).collect();
    let with: Vec<usize> = (1..=players).filter(|&pl| kids[pl].is_some()).collect();
    for pl in 1..=players {
        let gain = b.reserves[pl - 1] - before[pl];
        if gain <= 0 {
            continue;
        }
        let to = match kids[pl] {
            Some(k) => Some(k),
            None if swept && with.len() == 1 => kids[with[0]],
            None => None,
        };
        if let Some(k) = to {
            b.reserves[pl - 1] -= gain;
            b.seeds[k] += gain;
            if b.trace.is_some() {
                let text = format!("{gain} seeds go into {}", l.pits[k].name);
                b.emit(|| Event::Note {
                    kind: "into child".into(),
                    text,
                });
            }
        }
    }
}
