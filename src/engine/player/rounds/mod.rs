//! Rounds, played: a round's end refills the holes from the players' reserves, closes those
//! that cannot be filled, and names who starts the next round.

pub mod by_seeds;
pub mod fill_choice;
pub mod layout;
pub mod own_choice;
pub mod shorten;
pub mod tally;
pub mod territory;

use crate::engine::board::state::Board;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{Pipeline, Starter};
use crate::engine::trace::event::Event;

use crate::engine::player::hooks::finish;
use crate::engine::player::hooks::HookCall;
use crate::engine::player::notes::{name, note};

/// Names the round's winner by the two players' scores (0: level) in the trace, queues the
/// `round_end` hook and, outside a match, ends the game. Returns the winner when the match goes
/// on. Shared by both readings of a round (its captures here, the seeds held in
/// [`crate::engine::player::rounds::by_seeds`]).
pub(in crate::engine::player) fn score_round(
    b: &mut Board,
    p: &Pipeline,
    mover: usize,
    round: i64,
    [c1, c2]: [i64; 2],
    hooks: &mut Vec<HookCall>,
) -> Option<usize> {
    let rw = match c1.cmp(&c2) {
        std::cmp::Ordering::Greater => 1,
        std::cmp::Ordering::Less => 2,
        std::cmp::Ordering::Equal => 0,
    };
    if b.trace.is_some() {
        let result = if rw == 0 {
            "level".to_string()
        } else {
            format!("{} wins the round", name(p, rw))
        };
        note(b, p, &p.notes.round_result, mover, || {
            vec![
                ("name1", name(p, 1)),
                ("name2", name(p, 2)),
                ("capture1", c1.to_string()),
                ("capture2", c2.to_string()),
                ("result", result),
            ]
        });
    }
    if p.at.hooks.round_end {
        hooks.push(HookCall::RoundEnd(round));
    }
    if p.rounds.as_ref().is_some_and(|r| !r.play_match) {
        finish(b, p, rw, hooks);
        return None;
    }
    Some(rw)
}

/// Ends the match at a round's end when a player cannot start the next round, or when the round
/// was the last (`max_rounds`): the first player whose `claim` (the seeds he would start it
/// with) is below `need` is named in the `cannot_fill` note, and the match goes to the round's
/// winner `rw` (0: nobody). Whether the match ended. Shared by the rounds decided by the seeds
/// held ([`crate::engine::player::rounds::by_seeds`]) and those of owned holes
/// ([`crate::engine::player::rounds::territory`]).
#[allow(clippy::too_many_arguments)]
pub(in crate::engine::player) fn match_ends_short(
    b: &mut Board,
    p: &Pipeline,
    mover: usize,
    round: i64,
    rw: usize,
    need: i64,
    claim: impl Fn(&Board, usize) -> i64,
    hooks: &mut Vec<HookCall>,
) -> bool {
    if let Some(short) = [1usize, 2].into_iter().find(|&pl| claim(b, pl) < need) {
        let reserve = claim(b, short).to_string();
        note(b, p, &p.notes.cannot_fill, mover, || {
            vec![
                ("loser_name", name(p, short)),
                (
                    "winner_name",
                    if rw == 0 {
                        "nobody".into()
                    } else {
                        name(p, rw)
                    },
                ),
                ("reserve", reserve),
            ]
        });
        finish(b, p, rw, hooks);
        return true;
    }
    if p.rounds
        .as_ref()
        .is_some_and(|r| r.max_rounds > 0 && round >= r.max_rounds)
    {
        finish(b, p, rw, hooks);
        return true;
    }
    false
}

/// Puts `seeds` seeds into each of `holes` for player `pl` (where they come from is the caller's).
pub(in crate::engine::player) fn fill_holes(
    b: &mut Board,
    pl: usize,
    seeds: i64,
    holes: impl Iterator<Item = usize>,
) {
    for h in holes {
        b.seeds[h] += seeds;
        b.emit(|| Event::Fill {
            pit: h,
            seeds,
            player: pl,
        });
    }
}

/// Closes each of `holes`, in that order.
pub(in crate::engine::player) fn close_holes(b: &mut Board, holes: impl Iterator<Item = usize>) {
    for h in holes {
        b.closed[h] = true;
        b.emit(|| Event::Close {
            pit: h,
            closed: true,
        });
    }
}

/// The trace's note on player `pl`'s refill: `filled` and `closed` holes, `reserve` seeds left.
pub(in crate::engine::player) fn refill_note(
    b: &mut Board,
    p: &Pipeline,
    mover: usize,
    pl: usize,
    (filled, closed): (usize, usize),
    reserve: i64,
) {
    if b.trace.is_none() {
        return;
    }
    let from = p.rounds.as_ref().map_or("left", |r| r.fill_from.word());
    note(b, p, &p.notes.refill, mover, || {
        vec![
            ("player_name", name(p, pl)),
            ("filled", filled.to_string()),
            ("closed", closed.to_string()),
            ("reserve", reserve.to_string()),
            ("from", from.to_string()),
        ]
    });
}

/// Scores the round (the board already swept), then ends the match or refills for the next round.
pub(in crate::engine::player) fn end_round(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    mover: usize,
    starter: Starter,
    hooks: &mut Vec<HookCall>,
) {
    let Some(r) = &p.rounds else { return };
    let (Some(rv), [s1, s2]) = (p.at.round_var, p.at.start_reserve_vars.as_slice()) else {
        return;
    };
    let round = b.vars[rv];
    let c1 = b.reserves[0] - b.vars[*s1];
    let c2 = b.reserves[1] - b.vars[*s2];
    let Some(rw) = score_round(b, p, mover, round, [c1, c2], hooks) else {
        return;
    };
    for pl in [1, 2] {
        if b.reserves[pl - 1] < r.fill {
            let w = 3 - pl;
            let reserve = b.reserves[pl - 1].to_string();
            note(b, p, &p.notes.cannot_fill, mover, || {
                vec![
                    ("loser_name", name(p, pl)),
                    ("winner_name", name(p, w)),
                    ("reserve", reserve),
                ]
            });
            finish(b, p, w, hooks);
            return;
        }
    }
    if r.max_rounds > 0 && round >= r.max_rounds {
        let (r1, r2) = (b.reserves[0], b.reserves[1]);
        let w = if r1 > r2 {
            1
        } else if r2 > r1 {
            2
        } else {
            0
        };
        note(b, p, &p.notes.max_rounds, mover, || {
            vec![("reserve1", r1.to_string()), ("reserve2", r2.to_string())]
        });
        finish(b, p, w, hooks);
        return;
    }
    for i in 0..l.holes.len() {
        let h = l.holes[i];
        if b.closed[h] {
            b.closed[h] = false;
            b.emit(|| Event::Close {
                pit: h,
                closed: false,
            });
        }
    }
    for pl in [1usize, 2] {
        let Some(row) = l.row_of(pl) else {
            continue;
        };
        let n = row.pits.len();
        let k = ((b.reserves[pl - 1] / r.fill) as usize).min(n);
        let at = |i: usize| row.pits[r.fill_from.nth(i, n, pl == 1)];
        b.reserves[pl - 1] -= k as i64 * r.fill;
        fill_holes(b, pl, r.fill, (0..k).map(at));
        close_holes(b, (k..n).rev().map(at));
        let reserve = b.reserves[pl - 1];
        refill_note(b, p, mover, pl, (k, n - k), reserve);
    }
    b.vars[*s1] = b.reserves[0];
    b.vars[*s2] = b.reserves[1];
    start_next_round(b, l, p, rv, round, starter, mover, rw);
}

/// Starts round `round + 1` (the board already set up for it): its number in `rv`, the move
/// and turn counters and the directions afresh, its starter by `starter` (the round won by `rw`),
/// and the trace's note.
#[allow(clippy::too_many_arguments)]
pub(in crate::engine::player) fn start_next_round(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    rv: usize,
    round: i64,
    starter: Starter,
    mover: usize,
    rw: usize,
) {
    b.vars[rv] = round + 1;
    if let Some(v) = p.at.moves_var {
        b.vars[v] = 0;
    }
    if let Some(v) = p.at.turns_var {
        b.vars[v] = 0;
    }
    if let Some(v) = p.at.extra_var {
        b.vars[v] = 0;
    }
    if let Some(v) = p.at.bear_off_var {
        b.vars[v] = 0;
    }
    // (a block on a player who declined his arrangement lasts a round at most)
    if let Some(v) = p.blocked_var() {
        b.vars[v] = 0;
    }
    // (a choice of holes the round's last move began is dropped with the round)
    if let Some(c) = &p.capture.chosen_holes {
        b.vars[c.var] = 0;
    }
    crate::engine::player::directions::new_round(b, l, p);
    b.to_move = starter_of(b, p, starter, mover, rw);
    if let Some(v) = p.at.round_starter_var {
        b.vars[v] = b.to_move as i64;
    }
    note(b, p, &p.notes.round_start, mover, Vec::new);
}

/// Who starts the next round by `s`, the round won by `rw` (0: level).
pub(in crate::engine::player) fn starter_of(
    b: &Board,
    p: &Pipeline,
    s: Starter,
    mover: usize,
    rw: usize,
) -> usize {
    let other = |x: usize| if x == 1 { 2 } else { 1 };
    // (a level round: the player the last move handed the turn to, before any passes)
    let turned = || {
        p.at.turn_after_move_var
            .map(|v| b.vars[v] as usize)
            .filter(|&t| t != 0)
            .unwrap_or(b.to_move)
    };
    match s {
        Starter::Mover => mover,
        Starter::ToMove => b.to_move,
        // (his turn not over, a relay cut short by an emptied side: the mover)
        Starter::AfterMover if b.last.relay_cut => mover,
        Starter::AfterMover => other(mover),
        Starter::Alternate => {
            let started = p.at.round_starter_var.map_or(0, |v| b.vars[v]) as usize;
            if started == 0 {
                other(b.to_move)
            } else {
                other(started)
            }
        }
        Starter::Winner if rw != 0 => rw,
        Starter::Winner => turned(),
        Starter::Loser if rw != 0 => other(rw),
        Starter::Loser => other(turned()),
    }
}
