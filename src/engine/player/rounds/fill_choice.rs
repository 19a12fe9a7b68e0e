//! The holes filled for a round, chosen (`rounds.choose_filled: loser`): at a round's end the
//! round's loser, when he cannot fill all his holes, chooses which he fills, one hole a move,
//! before the round's first move. While the choice is pending (the game variable
//! `fill_choices`, the holes he has still to choose) his holes not yet chosen are empty and
//! open, the seeds he holds are in his store (or reserve), and his moves are his empty holes,
//! each written by the hole's own label: the move puts `fill` seeds into it. With the last one
//! the holes he did not choose close (`close_unfilled`) and the round's starter moves.

use crate::engine::board::state::Board;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{ChooseFilled, Pipeline};

use crate::engine::player::rounds::{close_holes, fill_holes, refill_note};

/// The holes still to be chosen, when a choice is pending.
#[inline]
pub fn pending(b: &Board, p: &Pipeline) -> Option<usize> {
    let v = p.at.fill_choice_var?;
    (b.vars[v] > 0).then_some(b.vars[v] as usize)
}

/// The holes the chooser may choose: his open holes that are empty.
pub fn legal_into(b: &Board, p: &Pipeline, player: usize, out: &mut Vec<usize>) {
    let Some(holes) = p.at.holes_of.get(player) else {
        return;
    };
    out.extend(
        holes
            .iter()
            .copied()
            .filter(|&h| !b.closed[h] && b.seeds[h] == 0),
    );
}

/// Fills hole `pit` with the round's `fill` seeds from what the player to move holds; with the
/// last hole chosen, closes the others (or leaves them open) and gives the move to the round's
/// starter.
pub fn play(b: &mut Board, l: &Compiled, p: &Pipeline, pit: usize) -> Result<(), String> {
    let (Some(r), Some(v)) = (&p.rounds, p.at.fill_choice_var) else {
        return Err("no choice of holes is declared".into());
    };
    let pl = b.to_move;
    let mine = p.at.holes_of.get(pl).is_some_and(|h| h.contains(&pit));
    if !mine || b.closed[pit] || b.seeds[pit] != 0 {
        return Err(format!(
            "hole {} is not one of player {pl}'s empty holes to fill",
            l.pits.get(pit).map_or("?", |q| q.name.as_str())
        ));
    }
    take_held(b, l, pl, r.fill);
    fill_holes(b, pl, r.fill, std::iter::once(pit));
    b.last.pit = pit;
    b.vars[v] -= 1;
    if b.vars[v] > 0 {
        return Ok(());
    }
    let holes = &p.at.holes_of[pl];
    let empty: Vec<usize> = holes.iter().copied().filter(|&h| b.seeds[h] == 0).collect();
    let filled = holes.len() - empty.len();
    if r.close_unfilled {
        close_holes(b, empty.iter().copied());
    }
    let held = crate::engine::player::material::material(b, pl);
    refill_note(b, p, pl, pl, (filled, empty.len()), held);
    if let [s1, s2] = p.at.start_reserve_vars.as_slice() {
        b.vars[*s1] = crate::engine::player::material::material(b, 1);
        b.vars[*s2] = crate::engine::player::material::material(b, 2);
    }
    if let Some(s) = p.at.round_starter_var {
        b.to_move = b.vars[s] as usize;
    }
    Ok(())
}

/// Sets up the choice at a round's end for player `pl`, who can fill `k` of his `n` holes: his
/// holes stay empty and open (the seeds he holds stay in his store or reserve). Whether the rule
/// asks for it (then the caller fills nothing of his).
pub(in crate::engine::player) fn begin(
    b: &mut Board,
    p: &Pipeline,
    pl: usize,
    rw: usize,
    k: usize,
    n: usize,
) -> bool {
    let Some(r) = &p.rounds else { return false };
    let Some(v) = p.at.fill_choice_var else {
        return false;
    };
    let chooses = match r.choose_filled {
        ChooseFilled::Nobody => false,
        ChooseFilled::Loser => rw != 0 && pl != rw,
    };
    if !chooses || k == 0 || k >= n {
        return false;
    }
    b.vars[v] = k as i64;
    true
}

/// Once the next round is started: the chooser, if any, moves first.
pub(in crate::engine::player) fn hand_over(b: &mut Board, p: &Pipeline, chooser: Option<usize>) {
    if let Some(pl) = chooser {
        if pending(b, p).is_some() {
            b.to_move = pl;
        }
    }
}

/// Takes `n` seeds from what player `pl` holds: his store first, then his reserve.
pub(in crate::engine::player) fn take_held(b: &mut Board, l: &Compiled, pl: usize, mut n: i64) {
    for &s in &l.stores {
        if l.pits[s].owner == pl {
            let k = n.min(b.seeds[s]);
            b.seeds[s] -= k;
            n -= k;
        }
    }
    b.reserves[pl - 1] -= n;
}
