//! What ends a game or a round, played: the declared checks after each move, the first that
//! holds applies (the winner, the sweep, the round's end).

use crate::engine::board::state::{Board, PitKind, NO_PIT};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{Cond, EndCheck, Outcome, Pipeline, Starter, Sweep};
use crate::engine::sowing::sow;

use crate::engine::player::hooks::finish;
use crate::engine::player::hooks::HookCall;
use crate::engine::player::legal::has_move;
use crate::engine::player::material::{materials, seeds_by_player, seeds_of};
use crate::engine::player::notes::note;
use crate::engine::player::rounds::end_round;

#[inline(never)]
pub(super) fn holds(b: &Board, l: &Compiled, p: &Pipeline, c: &EndCheck, mover: usize) -> bool {
    match c.when {
        Cond::SideEmpty => {
            let s = seeds_by_player(b, l, p);
            s[1..=l.players].contains(&0)
        }
        Cond::ToMoveEmpty => seeds_of(b, p, b.to_move) == 0,
        Cond::MoverEmpty => seeds_of(b, p, mover) == 0,
        Cond::NoMove => !has_move(b, p, b.to_move, &mut Vec::new()),
        Cond::AllStored => l.holes.iter().all(|&h| b.closed[h] || b.seeds[h] == 0),
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
        Cond::Majority => {
            let total = b.total();
            let mut m = [0i64; 17];
            materials(b, l, &mut m);
            let m = &m[1..=l.players];
            m.iter().any(|&x| 2 * x > total)
                || (l.players == 2 && total % 2 == 0 && m.iter().all(|&x| 2 * x == total))
        }
        Cond::MovesReached => c.limit > 0 && p.at.moves_var.is_some_and(|v| b.vars[v] >= c.limit),
        Cond::Stopped => b.last.stopped,
        Cond::RepeatedPosition => b.seen.repeated,
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
) -> bool {
    // Testing is on every move and applying rare: the test stays small, the rest out of line.
    if (before_turn && p.at.none_before_turn) || (!before_turn && p.at.none_after_turn) {
        return false;
    }
    match p
        .end
        .iter()
        .find(|c| c.before_turn == before_turn && holds(b, l, p, c, mover))
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
        match c.sweep {
            Sweep::None => {}
            Sweep::Owners => {
                for i in 0..l.holes.len() {
                    let h = l.holes[i];
                    let owner = l.pits[h].owner;
                    if !b.closed[h] && owner >= 1 {
                        sow::capture(b, h, owner, &c.why);
                    }
                }
            }
            Sweep::Mover => {
                for i in 0..l.holes.len() {
                    let h = l.holes[i];
                    if !b.closed[h] {
                        sow::capture(b, h, mover, &c.why);
                    }
                }
            }
        }
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
            Outcome::NoWinner => finish(b, p, 0, hooks),
            Outcome::Round => {
                let starter = match c.starter {
                    Starter::Mover => mover,
                    Starter::ToMove => b.to_move,
                };
                end_round(b, l, p, mover, starter, hooks);
            }
        }
    }
}
