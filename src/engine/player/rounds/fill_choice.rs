//! The holes filled for a round by moves. With `rounds.choose_filled: loser`, at a round's end
//! the round's loser, when he cannot fill all his holes, chooses which he fills, one hole a
//! move, before the round's first move: while the choice is pending (the game variable
//! `fill_choices`, the holes he has still to choose) his holes not yet chosen are empty and
//! open, the seeds he holds are in his store (or reserve), and his moves are his empty holes,
//! each written by the hole's own label: the move puts `fill` seeds into it. With the last one
//! the holes he did not choose close (`close_unfilled`) and the round's starter moves.
//!
//! With `rounds.fill_by_moves` (or `choose_filled: each`) both players fill their own holes so,
//! in turn from the round's starter (the game variable `fills_left`, both players' fills still
//! to play): a player's move is the next empty hole of his from `fill_from` (or any empty one,
//! `choose_filled: each`), filled with `fill` seeds or, with `fill_part`, the last few; a player
//! with nothing left to fill is passed over; with the last fill the holes left empty close and
//! the player after the last filler starts the round.
//!
//! With `territory` as well, the holes are owned by filling them: at a round's end every hole
//! is nobody's ([`crate::engine::player::rounds::territory`]), the players' fills are as above
//! but into nobody's empty holes round the board (the next one anticlockwise from the filler's
//! own first hole, or clockwise from his last with `fill_clockwise`, or with `choose_filled:
//! each` any of his row, any on the board once his row has none; with `fill_part`, the last
//! few seeds, at least `fill_part_min`, into one more), and a
//! filled hole is the filler's for the round; the holes nobody fills stay nobody's, sown into
//! but never played from (or close, `close_unfilled`).

use crate::engine::board::state::Board;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{ChooseFilled, Pipeline};
use crate::engine::player::material::material;

use crate::engine::player::rounds::{close_holes, fill_holes, refill_note};

/// The holes still to be chosen (or, filled by moves, the fills still to play), when pending.
#[inline]
pub fn pending(b: &Board, p: &Pipeline) -> Option<usize> {
    let v = p.at.fill_choice_var?;
    (b.vars[v] > 0).then_some(b.vars[v] as usize)
}

/// Whether the rule's holes are filled by both players' moves, in turn.
fn in_turn(p: &Pipeline) -> bool {
    p.rounds.as_ref().is_some_and(|r| r.fills_by_moves())
}

/// The other player of two.
fn other(pl: usize) -> usize {
    if pl == 1 {
        2
    } else {
        1
    }
}

/// Whether the holes are owned by filling them (`territory` with `fill_by_moves`).
#[inline]
pub(in crate::engine::player) fn owned_by_filling(p: &Pipeline) -> bool {
    p.territory.is_some() && p.rounds.as_ref().is_some_and(|r| r.fill_by_moves)
}

/// The holes player `pl` may fill now: his open holes that are empty (filled by moves from
/// `fill_from`, the first of them from that end; none when he holds too few seeds).
fn fillable_into(b: &Board, p: &Pipeline, pl: usize, out: &mut Vec<usize>) {
    let Some(r) = &p.rounds else { return };
    let l = &b.layout;
    if in_turn(p) {
        let held = material(b, pl);
        if held <= 0 || (held < r.fill && (!r.fill_part || held < r.fill_part_min)) {
            return;
        }
        if owned_by_filling(p) {
            nobodys_into(b, p, pl, out);
            return;
        }
        if r.choose_filled == ChooseFilled::Nobody {
            let Some(row) = l.row_of(pl) else {
                return;
            };
            let n = row.pits.len();
            out.extend(
                (0..n)
                    .map(|i| row.pits[r.fill_from.nth(i, n, pl == 1)])
                    .find(|&h| !b.closed[h] && b.seeds[h] == 0),
            );
            return;
        }
    }
    let Some(holes) = p.at.holes_of.get(pl) else {
        return;
    };
    out.extend(
        holes
            .iter()
            .copied()
            .filter(|&h| !b.closed[h] && b.seeds[h] == 0),
    );
}

/// Holes owned by filling: the holes player `pl` may fill, nobody's open empty holes: the
/// first of them round the board from his own row's first hole, or with `choose_filled: each`
/// those of his row, all of them once his row has none.
fn nobodys_into(b: &Board, p: &Pipeline, pl: usize, out: &mut Vec<usize>) {
    let l = &b.layout;
    let free = |h: usize| b.owners.get(h) == Some(&0) && !b.closed[h] && b.seeds[h] == 0;
    let each = p
        .rounds
        .as_ref()
        .is_some_and(|r| r.choose_filled == ChooseFilled::Each);
    if each {
        let start = out.len();
        if let Some(holes) = p.at.holes_of.get(pl) {
            out.extend(holes.iter().copied().filter(|&h| free(h)));
        }
        if out.len() == start {
            out.extend(l.holes.iter().copied().filter(|&h| free(h)));
        }
        return;
    }
    let n = l.holes.len();
    // (anticlockwise from his row's first hole, or clockwise from its last: `fill_clockwise`)
    let cw = p.rounds.as_ref().is_some_and(|r| r.fill_clockwise);
    let row = l.row_of(pl);
    let first = row
        .and_then(|r| if cw { r.pits.last() } else { r.pits.first() })
        .and_then(|q| l.holes.iter().position(|h| h == q))
        .unwrap_or(0);
    let at = |i: usize| {
        if cw {
            l.holes[(first + n - i % n) % n]
        } else {
            l.holes[(first + i) % n]
        }
    };
    out.extend((0..n).map(at).find(|&h| free(h)));
}

/// Whether player `pl` has a hole to fill now.
fn can_fill(b: &Board, p: &Pipeline, pl: usize) -> bool {
    let mut v = Vec::new();
    fillable_into(b, p, pl, &mut v);
    !v.is_empty()
}

/// The holes the player to move may fill.
pub fn legal_into(b: &Board, p: &Pipeline, player: usize, out: &mut Vec<usize>) {
    fillable_into(b, p, player, out);
}

/// Fills hole `pit` with the round's `fill` seeds (or, with `fill_part`, the last few) from
/// what the player to move holds; with the last hole, closes the holes left empty (or leaves
/// them open) and gives the move to the round's starter.
pub fn play(b: &mut Board, l: &Compiled, p: &Pipeline, pit: usize) -> Result<(), String> {
    let (Some(r), Some(v)) = (&p.rounds, p.at.fill_choice_var) else {
        return Err("no choice of holes is declared".into());
    };
    let pl = b.to_move;
    let mut legal = Vec::new();
    fillable_into(b, p, pl, &mut legal);
    if !legal.contains(&pit) {
        return Err(format!(
            "hole {} is not a hole player {pl} may fill now",
            l.pits.get(pit).map_or("?", |q| q.name.as_str())
        ));
    }
    let seeds = r.fill.min(material(b, pl));
    take_held(b, l, pl, seeds);
    fill_holes(b, pl, seeds, std::iter::once(pit));
    if owned_by_filling(p) {
        b.owners[pit] = pl as u8;
    }
    b.last.pit = pit;
    b.vars[v] -= 1;
    if in_turn(p) {
        // (the next filler: the other player, else this one again, else nobody)
        let next = [other(pl), pl].into_iter().find(|&q| can_fill(b, p, q));
        if let (Some(q), true) = (next, b.vars[v] > 0) {
            b.to_move = q;
            return Ok(());
        }
        b.vars[v] = 0;
        for q in [1, 2] {
            close_unfilled(b, p, q);
        }
        set_start_reserves(b, p);
        // (the player after the last filler starts the round)
        b.to_move = other(pl);
        if let Some(s) = p.at.round_starter_var {
            b.vars[s] = b.to_move as i64;
        }
        return Ok(());
    }
    if b.vars[v] > 0 {
        return Ok(());
    }
    close_unfilled(b, p, pl);
    set_start_reserves(b, p);
    if let Some(s) = p.at.round_starter_var {
        b.to_move = b.vars[s] as usize;
    }
    Ok(())
}

/// Closes player `pl`'s holes left empty (as `close_unfilled` says) and notes his refill.
/// Holes owned by filling: the holes he owns are those he filled, and those nobody filled (of
/// his row) close.
fn close_unfilled(b: &mut Board, p: &Pipeline, pl: usize) {
    let Some(r) = &p.rounds else { return };
    if owned_by_filling(p) {
        let l = &b.layout;
        let filled = l
            .holes
            .iter()
            .filter(|&&h| b.owners[h] as usize == pl)
            .count();
        let empty: Vec<usize> = p.at.holes_of.get(pl).map_or(Vec::new(), |holes| {
            holes
                .iter()
                .copied()
                .filter(|&h| b.owners[h] == 0)
                .collect()
        });
        if r.close_unfilled {
            close_holes(b, empty.iter().copied());
        }
        let held = material(b, pl);
        refill_note(b, p, pl, pl, (filled, empty.len()), held);
        return;
    }
    let Some(holes) = p.at.holes_of.get(pl) else {
        return;
    };
    let empty: Vec<usize> = holes.iter().copied().filter(|&h| b.seeds[h] == 0).collect();
    let filled = holes.len() - empty.len();
    if r.close_unfilled {
        close_holes(b, empty.iter().copied());
    }
    let held = material(b, pl);
    refill_note(b, p, pl, pl, (filled, empty.len()), held);
}

/// The seeds each player holds as the round starts (its capture is measured from them).
fn set_start_reserves(b: &mut Board, p: &Pipeline) {
    if let [s1, s2] = p.at.start_reserve_vars.as_slice() {
        b.vars[*s1] = material(b, 1);
        b.vars[*s2] = material(b, 2);
    }
}

/// Sets up the choice at a round's end for player `pl`, who can fill `k` of his `n` holes: his
/// holes stay empty and open (the seeds he holds stay in his store or reserve). Whether the rule
/// asks for it (then the caller fills nothing of his). Filled by moves in turn, every player
/// with a hole to fill is set up so (`k` added to the fills left).
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
    if r.fills_by_moves() {
        b.vars[v] += k as i64;
        return true;
    }
    let chooses = match r.choose_filled {
        ChooseFilled::Nobody | ChooseFilled::Each => false,
        ChooseFilled::Loser => rw != 0 && pl != rw,
    };
    if !chooses || k == 0 || k >= n {
        return false;
    }
    b.vars[v] = k as i64;
    true
}

/// Once the next round is started: the chooser, if any, moves first; filled by moves in turn,
/// the round's starter fills first (his opponent when he has nothing to fill; with nothing to
/// fill at all, the round starts).
pub(in crate::engine::player) fn hand_over(b: &mut Board, p: &Pipeline, chooser: Option<usize>) {
    if in_turn(p) {
        let starter = b.to_move;
        if let Some(q) = [starter, other(starter)]
            .into_iter()
            .find(|&q| can_fill(b, p, q))
        {
            b.to_move = q;
        } else if let Some(v) = p.at.fill_choice_var {
            b.vars[v] = 0;
            for q in [1, 2] {
                close_unfilled(b, p, q);
            }
        }
        return;
    }
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
