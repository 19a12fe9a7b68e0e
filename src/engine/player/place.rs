//! Each player's hand placed into his own holes before play (`place_from_hand:`), played: while
//! the player to move holds seeds in his hand, each move of his puts one into one of his holes
//! (the move is the hole), and who places next goes by `order`; when every hand is empty the
//! player who moved first (`sowing_starter`) makes the first sowing, and the end checks run.
//! Declared in [`crate::engine::declare::place`].

use crate::engine::board::state::{Board, SowEnd};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::declare::place::{outer_row, PlaceFromHand, PlaceOrder};
use crate::engine::trace::event::Event;

/// The start (when setup ends): each hand filled, or with `order: fixed` spread over its
/// owner's outer row; who moves first remembered.
pub fn start(b: &mut Board, h: &PlaceFromHand) {
    let l = b.layout.clone();
    b.vars[h.var] = b.to_move as i64;
    for pl in 1..=l.players {
        if h.order == PlaceOrder::Fixed {
            if let Some(r) = outer_row(&l, pl) {
                let row = &l.rows[r].pits;
                let each = h.seeds / row.len() as i64;
                for &q in row {
                    b.seeds[q] += each;
                }
            }
        } else {
            b.reserves[pl - 1] = h.seeds;
        }
    }
}

/// Whether `player` places a seed when he moves (he holds seeds in his hand).
#[inline]
pub fn pending(b: &Board, p: &Pipeline, player: usize) -> bool {
    p.place_from_hand
        .as_ref()
        .is_some_and(|h| h.order != PlaceOrder::Fixed)
        && b.reserves
            .get(player.wrapping_sub(1))
            .is_some_and(|&r| r > 0)
}

/// The holes `player` may place a seed in: all his own (open) holes.
pub fn legal_into(b: &Board, p: &Pipeline, player: usize, out: &mut Vec<usize>) {
    if let Some(holes) = p.at.holes_of.get(player) {
        out.extend(holes.iter().copied().filter(|&q| !b.closed[q]));
    }
}

/// Puts one seed of the mover's hand into hole `pit`; who places next, or (`Ok(true)`: the
/// caller runs the end checks) the first sowing.
pub fn play(b: &mut Board, l: &Compiled, p: &Pipeline, pit: usize) -> Result<bool, String> {
    let Some(h) = p.place_from_hand.as_ref() else {
        return Err("no placing from the hand is declared".into());
    };
    let me = b.to_move;
    let mine = p.at.holes_of.get(me).is_some_and(|hs| hs.contains(&pit)) && !b.closed[pit];
    if !mine {
        return Err(format!(
            "`{}` is no move of player {me}'s while he places the seeds of his hand: one of his own holes",
            l.label(pit)
        ));
    }
    b.reserves[me - 1] -= 1;
    b.seeds[pit] += 1;
    b.emit(|| Event::Drop { pit, hand: 0 });
    // (a seed placed: no lap sown)
    b.last = SowEnd {
        pit,
        ..SowEnd::default()
    };
    let players = l.players;
    let holds = |b: &Board, pl: usize| b.reserves[pl - 1] > 0;
    let next = me % players + 1;
    let to = if h.order == PlaceOrder::Alternate && holds(b, next) {
        Some(next)
    } else if holds(b, me) {
        Some(me)
    } else {
        (1..players)
            .map(|k| (me - 1 + k) % players + 1)
            .find(|&q| holds(b, q))
    };
    match to {
        Some(q) => {
            b.to_move = q;
            Ok(false)
        }
        None => {
            b.to_move = (b.vars[h.var] as usize).clamp(1, players);
            b.emit(|| Event::Note {
                kind: "arranged".into(),
                text: "every hand is placed: the sowing begins".into(),
            });
            Ok(true)
        }
    }
}
