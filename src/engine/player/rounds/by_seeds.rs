//! Rounds decided by the seeds held (`rounds.winner: most_seeds`): the player holding the most
//! seeds when a round ends wins it; a player who cannot fill `min_holes` holes with what he holds
//! (his store and reserve, and the seeds left in his own holes) ends the match, which goes to the
//! round's winner (a child's seeds count for its owner); otherwise every seed is gathered to its
//! holder (children are holes again), the holes are refilled with
//! `fill` seeds each from one end of each row (`fill_from`), the holes a player cannot fill are
//! closed (or left empty, `close_unfilled: false`), what is left over stays in his store or
//! reserve, and `starter` starts the next round. (The other reading, the bigger capture of the
//! round, is in [`crate::engine::player::rounds`].)

use crate::engine::board::state::{Board, PitKind};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{Pipeline, Refill, Starter};
use crate::engine::sowing::sow;
use crate::engine::trace::event::Event;

use crate::engine::player::hooks::{finish, HookCall};
use crate::engine::player::legal::has_move;
use crate::engine::player::material::material;
use crate::engine::player::rounds::fill_choice::{self, take_held};
use crate::engine::player::rounds::{
    close_holes, fill_holes, match_ends_short, refill_note, score_round, start_next_round,
};

/// A player's seeds in his own open holes that are no child.
fn in_own_holes(b: &Board, l: &Compiled, pl: usize) -> i64 {
    l.holes
        .iter()
        .filter(|&&h| l.pits[h].owner == pl && !b.closed[h] && !b.is_child(h))
        .map(|&h| b.seeds[h])
        .sum()
}

/// What a player holds at a round's end: his material and his children's seeds.
fn held(b: &Board, pl: usize) -> i64 {
    material(b, pl) + crate::engine::player::children::seeds_of(b, pl)
}

/// Scores a round by the seeds held, then ends the match or sets up the next round.
pub(in crate::engine::player) fn end_round_by_seeds(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    mover: usize,
    starter: Starter,
    hooks: &mut Vec<HookCall>,
) {
    let Some(r) = &p.rounds else { return };
    let Some(rv) = p.at.round_var else { return };
    let round = b.vars[rv];
    let claim = |b: &Board, pl: usize| held(b, pl) + in_own_holes(b, l, pl);
    // (the loser's row alone refilled: the seeds in a player's holes count for him, unswept)
    let loser_only = r.refill == Refill::Loser;
    let (m1, m2) = if loser_only {
        (claim(b, 1), claim(b, 2))
    } else {
        (held(b, 1), held(b, 2))
    };
    let Some(rw) = score_round(b, p, mover, round, [m1, m2], hooks) else {
        return;
    };
    if loser_only && rw == 0 {
        finish(b, p, 0, hooks);
        return;
    }
    // (the loser's seeds spread over both rows: one a hole, and a hole to move from)
    let need = r.seeds_needed()
        + if r.refill == Refill::SpreadLoser {
            p.moves.min_seeds.max(1) - 1
        } else {
            0
        };
    if match_ends_short(b, p, mover, round, rw, need, claim, hooks) {
        return;
    }
    // (a winner left without a move, the board as the round left it, wins the match)
    if loser_only && !has_move(b, p, rw, &mut Vec::new()) {
        finish(b, p, rw, hooks);
        return;
    }
    // (whose holes are gathered and refilled)
    let refilled = |pl: usize| !loser_only || pl != rw;
    // (MancalaGames' reading of the loser's seeds spread: his store and his row as it is)
    let row_count = (r.refill == Refill::SpreadLoser
        && r.spread_count == crate::engine::declare::rounds::SpreadCount::Row)
        .then(|| {
            let loser = if rw == 2 { 1 } else { 2 };
            material(b, loser)
                + l.rows
                    .iter()
                    .filter(|row| row.owner == loser)
                    .flat_map(|row| row.pits.iter())
                    .map(|&h| b.seeds[h])
                    .sum::<i64>()
        });
    // Children last one round: each one's seeds go to its owner, and it is a hole again.
    crate::engine::player::children::end_with_round(b, l);
    // Every seed left in a hole goes to the hole's owner, then the board is set up afresh.
    for i in 0..l.holes.len() {
        let h = l.holes[i];
        let owner = l.pits[h].owner;
        if !refilled(owner) {
            continue;
        }
        if b.seeds[h] > 0 && owner >= 1 && l.pits[h].kind == PitKind::Hole {
            sow::capture(b, h, owner, "end of round");
        }
        if b.closed[h] {
            b.closed[h] = false;
            b.emit(|| Event::Close {
                pit: h,
                closed: false,
            });
        }
    }
    let mut chooser = None;
    if r.refill == Refill::SpreadLoser {
        spread_loser(b, l, p, mover, rw, row_count, p.moves.min_seeds.max(1));
    }
    if r.refill == Refill::ShortenToLoser {
        crate::engine::player::rounds::shorten::refill(b, l, p, r, mover, rw);
    }
    // (`place_from_hand.by_round_loser`: the loser places his seeds himself, a seed a move)
    let placed = p
        .place_from_hand
        .as_ref()
        .is_some_and(|h| h.by_round_loser.is_some());
    for pl in [1usize, 2]
        .into_iter()
        .filter(|_| !matches!(r.refill, Refill::SpreadLoser | Refill::ShortenToLoser) && !placed)
    {
        let Some(row) = l.row_of(pl).filter(|_| refilled(pl)) else {
            continue;
        };
        let n = row.pits.len();
        let k = r.holes_filled(material(b, pl), n);
        // (the holes chosen by the player, one a move: see `fill_choice`)
        if fill_choice::begin(b, p, pl, rw, k, n) {
            chooser = Some(pl);
            continue;
        }
        let at = |i: usize| row.pits[r.fill_from.nth(i, n, pl == 1)];
        // (with `fill_part`, the last hole may get the last few seeds)
        let whole = ((material(b, pl) / r.fill) as usize).min(k);
        take_held(b, l, pl, whole as i64 * r.fill);
        fill_holes(b, pl, r.fill, (0..whole).map(at));
        if whole < k {
            let few = material(b, pl);
            take_held(b, l, pl, few);
            fill_holes(b, pl, few, std::iter::once(at(whole)));
        }
        if r.close_unfilled {
            close_holes(b, (k..n).map(at));
        }
        let reserve = material(b, pl);
        refill_note(b, p, mover, pl, (k, n - k), reserve);
    }
    if let [s1, s2] = p.at.start_reserve_vars.as_slice() {
        b.vars[*s1] = material(b, 1);
        b.vars[*s2] = material(b, 2);
    }
    start_next_round(b, l, p, rv, round, starter, mover, rw);
    fill_choice::hand_over(b, p, chooser);
    // (the round's loser arranges his row first, with `arrange.by: round_loser`)
    crate::engine::player::arrange::begin_round(b, p, rw);
    crate::engine::player::place::begin_round(b, p, rw);
}

/// `refill: spread_loser`: the round's loser's seeds (the other of `rw`; on a level round player
/// 2's, as many as player 1's) spread evenly over every hole of both rows, as many in each as
/// his seeds fill in every hole of his row; what is left stays in each player's store or
/// reserve. (Every seed is already gathered to its holder.) `count`: the loser's seeds as
/// `spread_count: row` reads them, the winner's holdings giving or taking the difference.
/// `playable`: the seeds a move needs (`moves.min_seeds`), which that reading keeps in a hole of
/// each row.
fn spread_loser(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    mover: usize,
    rw: usize,
    count: Option<i64>,
    playable: i64,
) {
    let loser = if rw == 2 { 1 } else { 2 };
    let rows: Vec<&crate::engine::board::state::Row> =
        [1usize, 2].iter().filter_map(|&pl| l.row_of(pl)).collect();
    let n = rows.first().map_or(0, |r| r.pits.len());
    if rows.len() != 2 || n == 0 || rows[1].pits.len() != n {
        return;
    }
    if let Some(c) = count {
        // (the difference from what he holds moves between the two players' holdings; never
        // more than the giver holds)
        let d = c - material(b, loser);
        let (from, to) = if d > 0 {
            (3 - loser, loser)
        } else {
            (loser, 3 - loser)
        };
        let k = d.abs().min(material(b, from));
        if k > 0 {
            take_held(b, l, from, k);
            give_held(b, l, to, k);
        }
    }
    let each = material(b, loser) / n as i64;
    // (never more than either player can put in his row)
    let mut each = each.min(material(b, 3 - loser) / n as i64);
    // (MancalaGames' reading may leave each hole too few seeds to move from: the loser's
    // remainder, a hole's worth more when none is left over, then goes into the first hole of
    // each row, from its owner's left)
    let first = if count.is_some() && each < playable {
        let mut rest = material(b, loser) - each * n as i64;
        if rest == 0 && each > 0 {
            each -= 1;
            rest += n as i64;
        }
        rest.min(material(b, 3 - loser) - each * n as i64)
    } else {
        0
    };
    for (i, row) in rows.into_iter().enumerate() {
        let pl = i + 1;
        if first > 0 {
            take_held(b, l, pl, first);
            fill_holes(b, pl, first, row.pits.iter().copied().take(1));
        }
        take_held(b, l, pl, each * n as i64);
        fill_holes(b, pl, each, row.pits.iter().copied());
        let reserve = material(b, pl);
        refill_note(b, p, mover, pl, (n, 0), reserve);
    }
}

/// Gives `k` seeds to what player `pl` holds: his store, or without one his reserve.
fn give_held(b: &mut Board, l: &Compiled, pl: usize, k: i64) {
    match l.stores.iter().copied().find(|&s| l.pits[s].owner == pl) {
        Some(s) => {
            b.seeds[s] += k;
            b.emit(|| Event::Fill {
                pit: s,
                seeds: k,
                player: pl,
            });
        }
        None => b.reserves[pl - 1] += k,
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::rule::test_boards::{data_board, play};

    /// Two rows of 3 with stores and children, rounds refilled by spreading the loser's seeds
    /// (`count`: `held` or `row`), one move before a round's end: South's S1 sows into S2, and
    /// North's only seeds are South's child N1 (3 seeds), which he cannot move. Pits: S1..S3,
    /// store S, N1..N3, store N.
    fn board(count: &str) -> crate::engine::board::state::Board {
        let mut b = data_board(format!(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 3, seeds: 1 }}\n    - {{ store: store S, owner: 1 }}\n    - {{ row: N, owner: 2, holes: 3, seeds: 1 }}\n    - {{ store: store N, owner: 2 }}\nsowing:\n  stores: none\npipeline:\n  children: {{ make_when_last_makes: [], last_in_empty_facing: 3, side: own }}\n  rounds: {{ fill: 1, winner: most_seeds, min_holes: 3, close_unfilled: false, refill: spread_loser, spread_count: {count} }}\n  end:\n    - {{ when: no_move, sweep: owners, then: round, starter: alternate }}\n"
        ));
        b.seeds[..8].copy_from_slice(&[1, 0, 0, 10, 3, 0, 0, 4]);
        b.children[4] = 1;
        b
    }

    #[test]
    fn the_losers_seeds_he_holds_are_spread_over_both_rows() {
        let mut b = board("held");
        play(&mut b, "1");
        // South holds 11 and his child's 3, North 4: a seed a hole, North's 1 left in his store.
        assert_eq!(b.seeds[..8], [1, 1, 1, 11, 1, 1, 1, 1]);
        assert!(!b.is_child(4), "a child lasts one round");
    }

    #[test]
    fn counted_by_his_row_the_child_in_it_counts_for_the_loser() {
        let mut b = board("row");
        play(&mut b, "1");
        // North's store and row count 4 + 3: South's holdings give him 3, then 2 a hole.
        assert_eq!(b.seeds[..8], [2, 2, 2, 5, 2, 2, 2, 1]);
    }
}
