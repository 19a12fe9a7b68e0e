//! Giving one seed to an opponent who has none (`moves.give_one_to_empty`): when the next player
//! has no seeds in his holes, the mover's move is not a sowing: from the hole he plays (one holding
//! two seeds or more) one seed goes into the next player's first hole (hole 1, from that
//! player's left), and the mover moves again. The gift itself is played by
//! [`crate::engine::player::play`] (`give_one`).

use crate::engine::board::state::Board;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::player::material::{next_of, side_empty};

/// The first hole of the next player when he has no seeds in his holes (the mover then gives
/// him one), else `None`.
#[inline]
pub(super) fn to_give(b: &Board, l: &Compiled, p: &Pipeline, mover: usize) -> Option<usize> {
    let opp = next_of(l, mover);
    if opp == mover || !side_empty(b, p, opp) {
        return None;
    }
    let row = l.row_of(opp)?;
    row.pits.first().copied()
}

/// The holes the mover may give from: his open holes holding two seeds or more, appended to
/// `out`.
pub(super) fn legal_gifts(b: &Board, p: &Pipeline, mover: usize, out: &mut Vec<usize>) {
    if let Some(holes) = p.at.holes_of.get(mover) {
        out.extend(
            holes
                .iter()
                .copied()
                .filter(|&h| !b.closed[h] && b.seeds[h] >= 2),
        );
    }
}
