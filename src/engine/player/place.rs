//! Each player's hand placed into his own holes before play (`place_from_hand:`), played: while
//! the player to move holds seeds in his hand, each move of his puts one into one of his holes
//! (the move is the hole), and who places next goes by `order`; when every hand is empty the
//! player who moved first (`sowing_starter`) makes the first sowing, and the end checks run.
//! Declared in [`crate::engine::declare::place`].

use crate::engine::board::state::{Board, SowEnd};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::declare::place::{outer_row, CopyTo, PlaceFromHand, PlaceOrder};
use crate::engine::player::material::material;
use crate::engine::player::rounds::fill_choice::take_held;
use crate::engine::trace::event::Event;

/// The start (when setup ends): each hand filled, or with `order: fixed` spread over its
/// owner's outer row; who moves first remembered.
pub fn start(b: &mut Board, h: &PlaceFromHand) {
    let l = b.layout.clone();
    b.vars[h.var] = b.to_move as i64;
    if let Some(v) = h.placing_var {
        b.vars[v] = -1;
    }
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
/// With `by_round_loser`, only while the placing is on (`placing`: every player, or he alone).
#[inline]
pub fn pending(b: &Board, p: &Pipeline, player: usize) -> bool {
    p.place_from_hand.as_ref().is_some_and(|h| {
        h.order != PlaceOrder::Fixed
            && h.placing_var.is_none_or(|v| {
                let on = b.vars[v];
                on == -1 || on == player as i64
            })
    }) && b
        .reserves
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
    // (a later round's loser places all his hand, then the winner's row copies his)
    if let Some(v) = h.placing_var.filter(|&v| b.vars[v] > 0) {
        if b.reserves[me - 1] > 0 {
            return Ok(false);
        }
        copy_row(b, l, p, h, me);
        b.vars[v] = 0;
        b.to_move = 3 - me;
        b.emit(|| Event::Note {
            kind: "arranged".into(),
            text: "the loser's seeds are placed and copied: the winner sows".into(),
        });
        return Ok(true);
    }
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
            if let Some(v) = h.placing_var {
                b.vars[v] = 0;
            }
            b.to_move = (b.vars[h.var] as usize).clamp(1, players);
            b.emit(|| Event::Note {
                kind: "arranged".into(),
                text: "every hand is placed: the sowing begins".into(),
            });
            Ok(true)
        }
    }
}

/// The other player's holes (of two) get as many seeds as `loser`'s holes hold (the hole
/// facing each, or the one with the same number), from what he holds: his store or reserve.
fn copy_row(b: &mut Board, l: &Compiled, p: &Pipeline, h: &PlaceFromHand, loser: usize) {
    let winner = 3 - loser;
    let (Some(mine), Some(theirs)) = (p.at.holes_of.get(loser), p.at.holes_of.get(winner)) else {
        return;
    };
    for (i, &q) in mine.iter().enumerate() {
        let to = match h.by_round_loser {
            Some(CopyTo::Facing) => l.opposite(q),
            _ => theirs.get(i).copied(),
        };
        let Some(to) = to.filter(|t| theirs.contains(t)) else {
            continue;
        };
        let k = b.seeds[q].min(material(b, winner));
        if k == 0 {
            continue;
        }
        take_held(b, l, winner, k);
        b.seeds[to] += k;
        b.emit(|| Event::Fill {
            pit: to,
            seeds: k,
            player: winner,
        });
    }
}

/// At a later round's start (every seed gathered to its holder, with `by_round_loser`): the
/// round's loser (the other of `rw`; player 2 on a level round) places his hand, his move.
pub(in crate::engine::player) fn begin_round(b: &mut Board, p: &Pipeline, rw: usize) -> bool {
    let Some(v) = p
        .place_from_hand
        .as_ref()
        .filter(|h| h.by_round_loser.is_some())
        .and_then(|h| h.placing_var)
    else {
        return false;
    };
    let loser = if rw == 0 { 2 } else { 3 - rw };
    b.vars[v] = loser as i64;
    b.to_move = loser;
    if let Some(s) = p.at.round_starter_var {
        b.vars[s] = (3 - loser) as i64;
    }
    true
}
