//! The holes a captor takes by choice after a capture (`capture.chosen_holes`, declared in
//! [`crate::engine::declare::capture::chosen`]): while the choice is pending (the game variable
//! `chosen_holes`) the mover's legal moves are the opponent's holes holding seeds that may be
//! chosen; each move takes one into his store (or reserve), and the turn passes with the last
//! one, or when no hole is left to choose. With `gives_held` the chosen hole (any open hole of
//! the opponent's) is given every seed the mover holds instead. A round's end drops a choice
//! still pending.

use crate::engine::board::state::Board;
use crate::engine::declare::capture::chosen::{ChosenAfter, ChosenHoles};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::player::material::next_of;
use crate::engine::sowing::sow;

use crate::engine::trace::event::Event;

/// The holes still to take, when a choice is pending.
#[inline]
pub fn pending(b: &Board, p: &Pipeline) -> Option<usize> {
    let c = p.capture.chosen_holes.as_ref()?;
    (b.vars[c.var] > 0).then_some(b.vars[c.var] as usize)
}

/// Whether `player` may choose hole `h`: another player's hole holding seeds, not barred.
#[inline]
fn choosable(b: &Board, c: &ChosenHoles, player: usize, h: usize) -> bool {
    let owner = b.hole_owner(h);
    owner != player
        && owner != 0
        && (c.empty_too || c.gives_held || b.seeds[h] > 0)
        && !b.closed[h]
        && !c.barred[h]
        && !(c.except_heads && crate::engine::player::stop_in::is_head(b, h))
}

/// Whether a choice is to be made: some hole may be chosen, and the opponent holds seeds in one
/// that may.
fn any_to_choose(b: &Board, l: &Compiled, c: &ChosenHoles, mover: usize) -> bool {
    l.holes
        .iter()
        .any(|&h| choosable(b, c, mover, h) && (c.gives_held || b.seeds[h] > 0))
}

/// The holes `player` may choose now.
pub fn legal_into(b: &Board, p: &Pipeline, player: usize, out: &mut Vec<usize>) {
    let Some(c) = p.capture.chosen_holes.as_ref() else {
        return;
    };
    let l = &*b.layout;
    out.extend(
        l.holes
            .iter()
            .copied()
            .filter(|&h| choosable(b, c, player, h)),
    );
}

/// After a move by `mover` (`took`: its captures took seeds; `both`: its capture across took
/// both holes of a file): sets up the choice, when the opponent has a hole to choose; whether
/// the mover now chooses.
pub(in crate::engine::player) fn begin(
    b: &mut Board,
    l: &Compiled,
    c: &ChosenHoles,
    mover: usize,
    took: bool,
    both: bool,
) -> bool {
    let follows = match c.after {
        ChosenAfter::Capture => took,
        ChosenAfter::BothAcross => both,
    };
    if !follows {
        return false;
    }
    let n = match c.capture_vars.get(mover.wrapping_sub(1)) {
        Some(&v) => {
            let k = b.vars[v];
            b.vars[v] += 1;
            c.holes_for(k)
        }
        None => c.count,
    };
    if n == 0 {
        return false;
    }
    if !any_to_choose(b, l, c, mover) {
        // (none to take: with `left_to_opponent`, the opponent's to take from the mover)
        if c.left_to_opponent && any_to_choose(b, l, c, next_of(l, mover)) {
            b.vars[c.var] = n;
        }
        return false;
    }
    b.vars[c.var] = n;
    true
}

/// Takes hole `pit` for the player to move; whether he chooses again (with the last hole, or
/// none left to choose, the turn passes: the caller ends the move as any other).
pub fn take(b: &mut Board, l: &Compiled, p: &Pipeline, pit: usize) -> Result<bool, String> {
    let Some(c) = p.capture.chosen_holes.as_ref() else {
        return Err("no choice of holes to take is declared".into());
    };
    let mover = b.to_move;
    if pit >= l.pits.len() || !l.holes.contains(&pit) || !choosable(b, c, mover, pit) {
        return Err(format!(
            "hole {} is not one of the opponent's holes {} that may be chosen",
            l.pits.get(pit).map_or("?", |q| q.name.as_str()),
            if c.gives_held {
                "(open)"
            } else {
                "holding seeds"
            }
        ));
    }
    let name = &l.pits[pit].name;
    b.emit(|| Event::Note {
        kind: "capture".into(),
        text: format!("player {mover} chooses {name}"),
    });
    if c.gives_held {
        give_held(b, l, mover, pit);
    } else {
        sow::capture(b, pit, mover, "chosen hole");
    }
    b.last.pit = pit;
    b.vars[c.var] -= 1;
    let again = b.vars[c.var] > 0 && any_to_choose(b, l, c, mover);
    // (the holes left, with `left_to_opponent`: the opponent's to take, when he can)
    let left = !again
        && b.vars[c.var] > 0
        && c.left_to_opponent
        && any_to_choose(b, l, c, next_of(l, mover));
    if !again && !left {
        b.vars[c.var] = 0;
    }
    Ok(again)
}

/// `gives_held`: every seed `mover`'s stores and reserve hold goes into hole `pit`.
fn give_held(b: &mut Board, l: &Compiled, mover: usize, pit: usize) {
    for i in 0..l.stores.len() {
        let st = l.stores[i];
        let n = b.seeds[st];
        if l.pits[st].owner == mover && n > 0 {
            b.seeds[st] = 0;
            b.seeds[pit] += n;
            b.emit(|| Event::Move {
                from: st,
                to: pit,
                seeds: n,
            });
        }
    }
    let n = b.reserves[mover - 1];
    if n > 0 {
        b.reserves[mover - 1] = 0;
        b.seeds[pit] += n;
        b.emit(|| Event::Fill {
            pit,
            seeds: n,
            player: mover,
        });
    }
}
