//! Holes owned round by round, played ([`crate::engine::declare::rounds::territory`]): a player plays
//! only from the holes he owns this round and his seeds in holes are those in the holes he owns;
//! at a round's end the winner owns a hole for each `hole_seeds` seeds he holds, from his own
//! row's first hole on anticlockwise, the loser the rest, and every hole starts again with
//! `hole_seeds` seeds.

use crate::engine::board::state::Board;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{Pipeline, Starter, Territory};
use crate::engine::trace::event::Event;

use crate::engine::player::hooks::HookCall;
use crate::engine::player::material::{material, materials, seeds_owned};
use crate::engine::player::rounds::{match_ends_short, score_round, start_next_round};

/// Keeps in `out[start..]` the holes `player` owns this round (in order).
pub(in crate::engine::player) fn keep_owned(
    b: &Board,
    player: usize,
    start: usize,
    out: &mut Vec<usize>,
) {
    let mut k = start;
    for i in start..out.len() {
        if b.owners[out[i]] as usize == player {
            out[k] = out[i];
            k += 1;
        }
    }
    out.truncate(k);
}

/// Seeds in the open holes of `pl`'s row, whoever owns them this round (children left out).
pub(in crate::engine::player) fn seeds_in_row(b: &Board, p: &Pipeline, pl: usize) -> i64 {
    p.at.holes_of[pl]
        .iter()
        .filter(|&&h| !b.closed[h] && !b.is_child(h))
        .map(|&h| b.seeds[h])
        .sum()
}

/// The holes each player owns after a round won by `winner` (1 or 2) with `won` holes: from the
/// winner's first hole on, in canonical (anticlockwise) order round the board, `won` holes his,
/// the rest the loser's. Returns the owners by pit and the loser's first hole (if he owns any).
pub fn owners_after(l: &Compiled, winner: usize, won: usize) -> (Vec<u8>, Option<usize>) {
    let mut owners: Vec<u8> = l.pits.iter().map(|q| q.owner as u8).collect();
    let n = l.holes.len();
    let first = l
        .row_of(winner)
        .and_then(|r| r.pits.first())
        .and_then(|p| l.holes.iter().position(|h| h == p))
        .unwrap_or(0);
    let loser = if winner == 1 { 2 } else { 1 };
    let mut loser_first = None;
    for i in 0..n {
        let h = l.holes[(first + i) % n];
        if i < won {
            owners[h] = winner as u8;
        } else {
            owners[h] = loser as u8;
            loser_first.get_or_insert(h);
        }
    }
    (owners, loser_first)
}

/// Scores a round of owned holes, then ends the match or sets up the next round.
#[allow(clippy::too_many_arguments)]
pub(in crate::engine::player) fn end_round_territory(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    t: &Territory,
    mover: usize,
    starter: Starter,
    hooks: &mut Vec<HookCall>,
) {
    let Some(rv) = p.at.round_var else { return };
    let round = b.vars[rv];
    // The seeds held: stores, reserves and children.
    let mut m = [0i64; 17];
    materials(b, l, &mut m);
    let held = [m[1], m[2]];
    let Some(rw) = score_round(b, p, mover, round, held, hooks) else {
        return;
    };
    // What a player claims: the seeds held and those in the holes he owns.
    let claim = |b: &Board, pl: usize| held[pl - 1] + seeds_owned(b, pl);
    if match_ends_short(b, p, mover, round, rw, t.least_seeds, claim, hooks) {
        return;
    }
    // (holes owned by filling: every hole nobody's, filled by the players' moves)
    if crate::engine::player::rounds::fill_choice::owned_by_filling(p) {
        to_be_filled(b, l, p, rv, round, starter, mover, rw);
        return;
    }
    // Level: each player owns his own row again.
    let (winner, won) = match held[0].cmp(&held[1]) {
        std::cmp::Ordering::Equal => (2, l.holes.len() / 2),
        std::cmp::Ordering::Greater => (1, t.holes_won(held[0], round).max(0) as usize),
        std::cmp::Ordering::Less => (2, t.holes_won(held[1], round).max(0) as usize),
    };
    let (owners, loser_first) = owners_after(l, winner, won.min(l.holes.len()));
    b.owners = owners;
    // (the winner's holes in the loser's row chosen by him, one a move: see `own_choice`)
    let chooser = if rw == 0 {
        None
    } else {
        crate::engine::player::rounds::own_choice::begin(b, p, winner, won.min(l.holes.len()))
    };
    // Every hole starts again with `hole_seeds` seeds; the stores and reserves are emptied.
    let s = t.hole_seeds;
    let kept = if t.part_kept {
        [held[0] % s, held[1] % s]
    } else {
        [0, 0]
    };
    for pl in [1usize, 2] {
        let r = b.reserves[pl - 1];
        if r != 0 {
            b.reserves[pl - 1] = 0;
            b.emit(|| Event::Reserve {
                player: pl,
                delta: -r,
            });
        }
    }
    for &q in &l.stores {
        let want = kept[l.pits[q].owner - 1];
        set_seeds(b, q, want);
    }
    b.discarded = 0;
    // Every hole starts with `hole_seeds`, or the rounds' layout.
    let laid = p.rounds.as_ref().is_some_and(|r| r.layout.is_some());
    for i in 0..l.holes.len() {
        let h = l.holes[i];
        if b.closed[h] {
            b.closed[h] = false;
            b.emit(|| Event::Close {
                pit: h,
                closed: false,
            });
        }
        // (a layout of the rounds' is laid out below, on empty holes)
        set_seeds(b, h, if laid { 0 } else { s });
    }

    if !b.children.is_empty() {
        b.children.iter_mut().for_each(|c| *c = 0);
    }
    // (the seeds the stores keep come out of the loser's first hole, as MancalaGames reads it
    // when South keeps some)
    if t.part_kept && kept[0] != 0 {
        if let Some(h) = loser_first {
            set_seeds(b, h, 0);
        }
    }
    // (a level round: who starts goes by the turn as the move left it, to the mover's opponent,
    // whatever passes followed)
    if rw == 0 {
        b.to_move = if mover == 1 { 2 } else { 1 };
    }
    // (the layout turned for the next round's starter as `start_next_round` finds him)
    if let Some(r) = p.rounds.as_ref().filter(|_| laid) {
        let _ =
            crate::engine::player::rounds::layout::lay_out(b, l, p, r, starter, mover, rw, round);
    }
    start_next_round(b, l, p, rv, round, starter, mover, rw);
    if let Some(w) = chooser {
        b.to_move = w;
    }
}

/// Holes owned by filling (`rounds.fill_by_moves`): every seed left in a hole goes to the hole's
/// owner (its row's, when nobody's), every hole is open and nobody's, the players keep what
/// they hold, and their fills, one hole a move, start the next round
/// ([`crate::engine::player::rounds::fill_choice`]).
#[allow(clippy::too_many_arguments)]
fn to_be_filled(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    rv: usize,
    round: i64,
    starter: Starter,
    mover: usize,
    rw: usize,
) {
    crate::engine::player::children::end_with_round(b, l);
    for i in 0..l.holes.len() {
        let h = l.holes[i];
        if b.closed[h] {
            b.closed[h] = false;
            b.emit(|| Event::Close {
                pit: h,
                closed: false,
            });
        }
        let owner = match b.hole_owner(h) {
            0 => l.pits[h].owner,
            o => o,
        };
        if b.seeds[h] > 0 && owner >= 1 {
            crate::engine::sowing::sow::capture(b, h, owner, "end of round");
        }
        b.owners[h] = 0;
    }
    if let (Some(v), Some(r)) = (p.at.fill_choice_var, p.rounds.as_ref()) {
        // (whole holes, and one filled in part with `fill_part`)
        let fills: i64 = [1, 2]
            .iter()
            .map(|&pl| r.holes_filled(material(b, pl), l.holes.len()) as i64)
            .sum();
        b.vars[v] = fills.min(l.holes.len() as i64);
    }
    start_next_round(b, l, p, rv, round, starter, mover, rw);
    crate::engine::player::rounds::fill_choice::hand_over(b, p, None);
}

/// Sets pit `q` to `n` seeds (an adjustment in the trace).
fn set_seeds(b: &mut Board, q: usize, n: i64) {
    let delta = n - b.seeds[q];
    if delta != 0 {
        b.seeds[q] = n;
        b.emit(|| Event::Adjust { pit: q, delta });
    }
}
