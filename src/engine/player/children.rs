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
    if !c.makes(l, &b.seeds, &b.children, mover, last) {
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
