//! What ends a game or a round, played: the declared checks after each move, the first that
//! holds applies (the winner, the sweep, the round's end).

use crate::engine::board::state::{Board, PitKind, NO_PIT};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{
    Cond, EndCheck, Outcome, Pipeline, RoundWinner, Sweep, Tally,
};
use crate::engine::sowing::sow;

use crate::engine::player::hooks::finish;
use crate::engine::player::hooks::HookCall;
use crate::engine::player::legal::has_move;
use crate::engine::player::material::{majority, material, materials, seeds_by_player, side_empty};
use crate::engine::player::notes::note;
use crate::engine::player::rounds::end_round;
use crate::engine::trace::event::Event;

/// The legal moves of a player, appended (the player's own, trial moves included: given by the
/// caller, which plays them).
pub(super) type Lister = fn(&Board, &Pipeline, usize, &mut Vec<usize>);

/// Whether `player` has no legal move. With `feed_after_captures` without `feed_if_able` the
/// feeding is judged by trial moves: `list` lists them.
pub(super) fn no_move(b: &Board, p: &Pipeline, player: usize, list: Lister) -> bool {
    let m = &p.moves;
    // (a seed of the hand to place, or a direction to choose, is a move too)
    let decisions = p.at.choices
        && (p.place_from_hand.is_some() || p.at.reverse.is_some() || p.at.end_hole.is_some());
    if decisions || (m.must_feed && m.feed_after_captures && !m.feed_if_able) {
        let mut v = Vec::new();
        list(b, p, player, &mut v);
        return v.is_empty();
    }
    !has_move(b, p, player, &mut Vec::new())
}

#[inline(never)]
pub(super) fn holds(
    b: &Board,
    l: &Compiled,
    p: &Pipeline,
    c: &EndCheck,
    mover: usize,
    list: Lister,
) -> bool {
    match c.when {
        Cond::SideEmpty => (1..=l.players).any(|pl| side_empty(b, p, pl)),
        Cond::RowEmpty => (1..=l.players).any(|pl| {
            p.at.holes_of
                .get(pl)
                .is_some_and(|h| h.iter().all(|&h| b.seeds[h] == 0 || b.closed[h]))
        }),
        Cond::ToMoveEmpty => side_empty(b, p, b.to_move),
        Cond::ToMoveInnerEmpty => inner_row_empty(b, l, b.to_move),
        Cond::MoverEmpty => side_empty(b, p, mover),
        Cond::OpponentEmpty => side_empty(b, p, other(mover)),
        Cond::OpponentNoMove => no_move(b, p, other(mover), list),
        Cond::NoMove => no_move(b, p, b.to_move, list),
        // (a child's seeds are its owner's, as if stored)
        Cond::AllStored => l
            .holes
            .iter()
            .all(|&h| b.closed[h] || b.seeds[h] == 0 || b.children.get(h).is_some_and(|&c| c != 0)),
        Cond::LastIn => {
            b.last.pit != NO_PIT
                && if c.pit_mask.is_empty() {
                    l.pits[b.last.pit].kind == PitKind::Hole
                } else {
                    c.pit_mask[b.last.pit]
                }
        }
        Cond::LastInEmptyHole => {
            b.last.pit != NO_PIT
                && l.pits[b.last.pit].kind == PitKind::Hole
                && b.last.was_empty
                && (c.pit_mask.is_empty() || c.pit_mask[b.last.pit])
        }
        Cond::Majority => majority(b, l),
        Cond::HoldsMoreThan => {
            let mut m = [0i64; 17];
            materials(b, l, &mut m);
            let m = &m[1..=l.players];
            m.iter().any(|&x| x > c.limit) || (l.players == 2 && m.iter().all(|&x| x == c.limit))
        }
        Cond::HoldsNothing => {
            (1..=l.players).any(|pl| material(b, pl) == 0 && side_empty(b, p, pl))
        }
        Cond::MovesReached => c.limit > 0 && p.at.moves_var.is_some_and(|v| b.vars[v] >= c.limit),
        Cond::Stopped => b.last.stopped,
        Cond::EndFilesCaptured => {
            c.limit > 0
                && p.at.reverse.as_ref().is_some_and(|r| {
                    i64::from((b.vars[r.end_files] & 3).count_ones() as u8) >= c.limit.min(2)
                })
        }
        Cond::OthersCannotFill => {
            let fill = p.rounds.as_ref().map_or(1, |r| r.fill);
            let total = b.total();
            if b.children.is_empty() {
                (1..=l.players).any(|pl| total - material(b, pl) < c.limit * fill)
            } else {
                // (a child's seeds are its owner's: they go to him at the round's end)
                let mut m = [0i64; 17];
                materials(b, l, &mut m);
                (1..=l.players).any(|pl| total - m[pl] < c.limit * fill)
            }
        }
        // (seeds left may still fall into a child)
        Cond::FewLeft if crate::engine::player::children::any_child(b) => false,
        Cond::FewLeft => {
            let left = in_open_holes(b, l);
            left > 0 && left < c.limit
        }
        Cond::LeftAtMost => in_open_holes(b, l) <= c.limit,
        Cond::HolesAtMost => l
            .holes
            .iter()
            .all(|&h| b.closed[h] || b.seeds[h] <= c.limit),
        Cond::RepeatedPosition => b.seen.repeated,
    }
}

/// The other of two players.
fn other(pl: usize) -> usize {
    if pl == 1 {
        2
    } else {
        1
    }
}

/// Runs the end checks of one phase; the first that holds applies. True when one applied.
#[inline]
pub(super) fn run_checks(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    mover: usize,
    before_turn: bool,
    hooks: &mut Vec<HookCall>,
    list: Lister,
) -> bool {
    // Testing is on every move and applying rare: the test stays small, the rest out of line.
    if (before_turn && p.at.none_before_turn) || (!before_turn && p.at.none_after_turn) {
        return false;
    }
    match p
        .end
        .iter()
        .find(|c| c.before_turn == before_turn && holds(b, l, p, c, mover, list))
    {
        Some(c) => {
            apply_check(b, l, p, c, mover, hooks);
            true
        }
        None => false,
    }
}

/// Applies an end check that holds: its note, sweep and outcome.
#[inline(never)]
pub(super) fn apply_check(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    c: &EndCheck,
    mover: usize,
    hooks: &mut Vec<HookCall>,
) {
    {
        if let Some(n) = &c.note {
            note(b, p, n, mover, || vec![("limit", c.limit.to_string())]);
        }
        let into = p.children.as_ref().is_some_and(|k| k.captures_into_child)
            && !matches!(c.sweep, Sweep::None | Sweep::IntoChildren);
        let before = crate::engine::player::children::reserves_now(b);
        match c.sweep {
            Sweep::None => {}
            Sweep::Owners => {
                for i in 0..l.holes.len() {
                    let h = l.holes[i];
                    let owner = b.hole_owner(h);
                    if !b.closed[h] && owner >= 1 && !b.is_child(h) {
                        sow::capture(b, h, owner, &c.why);
                    }
                }
            }
            Sweep::RowOwners => {
                for i in 0..l.holes.len() {
                    let h = l.holes[i];
                    let owner = l.pits[h].owner;
                    if !b.closed[h] && owner >= 1 && !b.is_child(h) {
                        sow::capture(b, h, owner, &c.why);
                    }
                }
            }
            Sweep::Mover => {
                for i in 0..l.holes.len() {
                    let h = l.holes[i];
                    if !b.closed[h] && !b.is_child(h) {
                        sow::capture(b, h, mover, &c.why);
                    }
                }
            }
            Sweep::Waiting => {
                let waiting = other(b.to_move);
                for i in 0..l.holes.len() {
                    let h = l.holes[i];
                    if !b.closed[h] && !b.is_child(h) {
                        sow::capture(b, h, waiting, &c.why);
                    }
                }
            }
            Sweep::StillHolding | Sweep::SecondPlayer => {
                let s = seeds_by_player(b, l, p);
                let holding: Vec<usize> = (1..=l.players.min(2)).filter(|&q| s[q] > 0).collect();
                let to = match (c.sweep, holding.as_slice()) {
                    (Sweep::SecondPlayer, _) => 2,
                    (_, [q]) => *q,
                    _ => 0,
                };
                for i in 0..l.holes.len() {
                    let h = l.holes[i];
                    let owner = if to == 0 { b.hole_owner(h) } else { to };
                    if !b.closed[h] && owner >= 1 && !b.is_child(h) {
                        sow::capture(b, h, owner, &c.why);
                    }
                }
            }
            Sweep::Split => split_left(b, l, &c.why),
            Sweep::IntoChildren => sweep_into_children(b, l, c.then == Outcome::MostInChildren),
            Sweep::Discard => {
                for i in 0..l.holes.len() {
                    let h = l.holes[i];
                    let n = b.seeds[h];
                    if !b.closed[h] && n > 0 && !b.is_child(h) {
                        b.seeds[h] = 0;
                        b.discarded += n;
                        let why = c.why.clone();
                        b.emit(|| Event::Capture {
                            pit: h,
                            seeds: n,
                            player: 0,
                            why,
                        });
                    }
                }
            }
        }
        if into {
            crate::engine::player::children::gains_into_children(b, l, &before, true);
        }
        // (`end_gains: board`: the gains of a sweep no child took, once the game is decided)
        let gains_back = into
            && p.children
                .as_ref()
                .is_some_and(|k| k.end_gains == crate::engine::declare::children::EndGains::Board)
            && !b.children.iter().any(|&k| k != 0);
        match c.then {
            Outcome::MostSeeds => {
                let mut all = [0i64; 17];
                materials(b, l, &mut all);
                let m = &all[1..=l.players];
                let best = m.iter().copied().max().unwrap_or(0);
                let w = if m.iter().filter(|&&x| x == best).count() == 1 {
                    m.iter().position(|&x| x == best).map_or(0, |i| i + 1)
                } else {
                    0
                };
                finish(b, p, w, hooks);
            }
            Outcome::MoverWins => finish(b, p, mover, hooks),
            Outcome::MoverLoses => finish(b, p, other(mover), hooks),
            Outcome::ToMoveLoses => finish(b, p, other(b.to_move), hooks),
            Outcome::FewestInHoles => {
                let s = seeds_by_player(b, l, p);
                let least = s[1..=l.players].iter().copied().min().unwrap_or(0);
                let w = if s[mover] == least {
                    mover
                } else {
                    (1..=l.players).find(|&q| s[q] == least).unwrap_or(0)
                };
                finish(b, p, w, hooks);
            }
            Outcome::MostInHoles => {
                let s = seeds_by_player(b, l, p);
                let most = s[1..=l.players].iter().copied().max().unwrap_or(0);
                let top: Vec<usize> = (1..=l.players).filter(|&q| s[q] == most).collect();
                finish(b, p, if top.len() == 1 { top[0] } else { 0 }, hooks);
            }
            Outcome::MostInChildren => {
                let mut m = [0i64; 17];
                crate::engine::player::children::add_children_seeds(b, &mut m);
                let m = &m[1..=l.players];
                let best = m.iter().copied().max().unwrap_or(0);
                let top: Vec<usize> = (1..=l.players).filter(|&q| m[q - 1] == best).collect();
                finish(b, p, if top.len() == 1 { top[0] } else { 0 }, hooks);
            }
            Outcome::NoWinner => finish(b, p, 0, hooks),
            Outcome::RoundMoverWins | Outcome::RoundMoverLoses | Outcome::RoundToMoveLoses => {
                let w = match c.then {
                    Outcome::RoundMoverWins => mover,
                    Outcome::RoundMoverLoses => other(mover),
                    _ => other(b.to_move),
                };
                crate::engine::player::rounds::tally::end_round_tally(
                    b,
                    l,
                    p,
                    mover,
                    c.starter,
                    hooks,
                    Some(w),
                    false,
                );
            }
            Outcome::LastRound => crate::engine::player::rounds::tally::end_round_tally(
                b, l, p, mover, c.starter, hooks, None, true,
            ),
            Outcome::TallyDecides => {
                crate::engine::player::rounds::tally::end_match_by_tally(b, p, hooks)
            }
            Outcome::Round => {
                if let Some(t) = &p.territory {
                    crate::engine::player::rounds::territory::end_round_territory(
                        b, l, p, t, mover, c.starter, hooks,
                    );
                } else if p.rounds.as_ref().is_some_and(|r| r.tally != Tally::None) {
                    crate::engine::player::rounds::tally::end_round_tally(
                        b, l, p, mover, c.starter, hooks, None, false,
                    );
                } else if p
                    .rounds
                    .as_ref()
                    .is_some_and(|r| r.winner == RoundWinner::MostSeeds)
                {
                    crate::engine::player::rounds::by_seeds::end_round_by_seeds(
                        b, l, p, mover, c.starter, hooks,
                    );
                } else {
                    end_round(b, l, p, mover, c.starter, hooks);
                }
            }
        }
        if gains_back {
            crate::engine::player::children::end_gains_on_board(b, l, &before);
        }
    }
}

/// Shares the seeds left in the open holes between players 1 and 2: half each, an odd seed to
/// the one holding fewer (to player 2 when level). Each hole's seeds go to one player or the
/// other, so the trace shows ordinary captures.
pub(super) fn split_left(b: &mut Board, l: &Compiled, why: &str) {
    if l.players != 2 {
        return;
    }
    let left: i64 = l
        .holes
        .iter()
        .filter(|&&h| !b.closed[h] && !b.is_child(h))
        .map(|&h| b.seeds[h])
        .sum();
    let (m1, m2) = (material(b, 1), material(b, 2));
    let odd_to_1 = m2 > m1;
    let share1 = left / 2 + if odd_to_1 { left % 2 } else { 0 };
    let mut owed1 = share1;
    for i in 0..l.holes.len() {
        let h = l.holes[i];
        if b.closed[h] || b.seeds[h] == 0 || b.is_child(h) {
            continue;
        }
        let n = b.seeds[h];
        if owed1 >= n {
            owed1 -= n;
            sow::capture(b, h, 1, why);
        } else if owed1 > 0 {
            // Part to each: take player 1's part first as a capture of the whole hole, then
            // hand back the rest to player 2.
            let rest = n - owed1;
            b.seeds[h] = owed1;
            owed1 = 0;
            sow::capture(b, h, 1, why);
            b.seeds[h] = rest;
            sow::capture(b, h, 2, why);
        } else {
            sow::capture(b, h, 2, why);
        }
    }
}

/// The seeds in the open holes.
fn in_open_holes(b: &Board, l: &Compiled) -> i64 {
    l.holes
        .iter()
        .filter(|&&h| !b.closed[h])
        .map(|&h| b.seeds[h])
        .sum()
}

/// The `into_children` sweep: the seeds left in the open holes (children aside) go into the
/// children of players 1 and 2, shared equally, an odd seed to the one holding fewer (to player
/// 2 when level), each share into its player's last child in board order; a player without a
/// child gets none (the other takes all), and with no child they leave the game. With
/// `children_only` (the outcome `most_in_children`) "holding fewer" counts the children alone.
fn sweep_into_children(b: &mut Board, l: &Compiled, children_only: bool) {
    if l.players != 2 {
        return;
    }
    let last = |b: &Board, pl: u8| {
        l.holes
            .iter()
            .rev()
            .copied()
            .find(|&h| b.children.get(h).copied() == Some(pl))
    };
    let kids = [last(b, 1), last(b, 2)];
    let left: Vec<usize> = l
        .holes
        .iter()
        .copied()
        .filter(|&h| !b.closed[h] && !b.is_child(h) && b.seeds[h] > 0)
        .collect();
    let total: i64 = left.iter().map(|&h| b.seeds[h]).sum();
    let mut held = [0i64; 17];
    if children_only {
        crate::engine::player::children::add_children_seeds(b, &mut held);
    } else {
        materials(b, l, &mut held);
    }
    let share1 = match kids {
        [Some(_), Some(_)] => total / 2 + if held[2] > held[1] { total % 2 } else { 0 },
        [Some(_), None] => total,
        _ => 0,
    };
    let mut owed1 = share1;
    for h in left {
        let n = b.seeds[h];
        let to1 = owed1.min(n);
        owed1 -= to1;
        for (seeds, to) in [(to1, kids[0]), (n - to1, kids[1])] {
            if seeds == 0 {
                continue;
            }
            b.seeds[h] -= seeds;
            match to {
                Some(k) => {
                    b.seeds[k] += seeds;
                    b.emit(|| Event::Move {
                        from: h,
                        to: k,
                        seeds,
                    });
                }
                None => {
                    b.discarded += seeds;
                    b.emit(|| Event::Adjust {
                        pit: h,
                        delta: -seeds,
                    });
                }
            }
        }
    }
}

/// Whether `player`'s inner row (his row nearest the board's middle: on four rows the one
/// facing the opponent's) holds no seeds.
fn inner_row_empty(b: &Board, l: &Compiled, player: usize) -> bool {
    let mid = (l.rows.len() as f64 - 1.0) / 2.0;
    (0..l.rows.len())
        .filter(|&r| l.rows[r].owner == player)
        .min_by(|&a, &c| {
            let (da, dc) = ((a as f64 - mid).abs(), (c as f64 - mid).abs());
            da.total_cmp(&dc)
        })
        .is_none_or(|r| l.rows[r].pits.iter().all(|&h| b.seeds[h] == 0))
}
