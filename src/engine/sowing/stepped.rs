//! Sowing with the rarer declared steps ([`crate::engine::declare::sow_steps`]): holes passed
//! over by their count, seeds falling into an opponent's closed hole leaving the game, relays
//! that close the hole they start from, and the last seeds going to the opponent whose holes they
//! reach. Only a rule that declares one of them is sown here ([`sow::sow`](super::sow::sow) tests
//! `SowRule::steps` once a move); the laps, relays, lap limit, clock and trace events are those of
//! the general loop. Captures by count during the sowing, children and the first seed falling
//! back are not combined with these steps (the rule is refused at load).

use crate::engine::board::state::{emit_into, Board, PitKind, SowEnd, NO_PIT};
use crate::engine::declare::compiled::{accepts_open, Compiled};
use crate::engine::declare::sow_steps::SowSteps;
use crate::engine::declare::sowing::BeforeLap;
use crate::engine::sowing::seeds::give_into;
use crate::engine::sowing::step::{
    before_lap, drop_work, next_in, pick_up, relay_start, stops_at_lap_limit, table_dir,
    take_beyond_empty,
};
use crate::engine::trace::event::Event;

/// The next pit a seed of a lap from `origin` falls into after `p`: past closed holes (except an
/// opponent's, where the steps say a seed leaves the game), the skipped origin and the holes the
/// steps pass over by their count. `None` when there is none.
#[allow(clippy::too_many_arguments)]
#[inline]
fn next_pit(
    l: &Compiled,
    steps: &SowSteps,
    table: Option<&[usize]>,
    closed: &[bool],
    seeds: &[i64],
    p: usize,
    origin: usize,
    mover: usize,
    passing: bool,
) -> Option<usize> {
    let links = if l.sow.reverse { &l.prev } else { &l.next };
    let mut q = p;
    for _ in 0..l.track.len() {
        q = match table {
            Some(t) => t[q],
            None => links[q],
        };
        if q == NO_PIT {
            return None;
        }
        if (table.is_none() && !accepts_open(l, q, mover)) || (q == origin && l.sow.skip_origin) {
            continue;
        }
        if closed[q] {
            if steps.closed_opponent_takes_seeds && opponents(l, q, mover) {
                return Some(q);
            }
            continue;
        }
        if passing && steps.passes(l, q, seeds[q], mover) {
            continue;
        }
        return Some(q);
    }
    None
}

/// Whether `q` is a hole of one of `mover`'s opponents.
#[inline]
fn opponents(l: &Compiled, q: usize, mover: usize) -> bool {
    let pit = &l.pits[q];
    pit.kind == PitKind::Hole && pit.owner != mover && pit.owner != 0
}

/// Whether some player who owns holes has seeds in none of them.
pub(crate) fn some_side_empty(l: &Compiled, seeds: &[i64]) -> bool {
    (1..=l.players).any(|p| {
        let mut owns = false;
        for &h in &l.holes {
            if l.pits[h].owner == p {
                if seeds[h] > 0 {
                    return false;
                }
                owns = true;
            }
        }
        owns
    })
}

/// Whether `mover`'s own holes are all empty (`relay_stops_when_own_empty`).
pub(crate) fn own_side_empty(l: &Compiled, seeds: &[i64], mover: usize) -> bool {
    l.holes
        .iter()
        .all(|&h| l.pits[h].owner != mover || seeds[h] == 0)
}

/// No steps: a lap going on after a lap capture, in a rule that declares none.
static NO_STEPS: SowSteps = SowSteps {
    pass_holding_at_least: 0,
    pass_opponent_holding: Vec::new(),
    closed_opponent_takes_seeds: false,
    taken_seeds_to: 0,
    close_on_relay: None,
    opponent_takes_when_few: None,
    relay_stops_when_opponent_empty: false,
    relay_stops_when_side_empty: false,
    relay_stops_when_own_empty: false,
    pass_from_move: 0,
    moves_var: None,
    bear_off: false,
    bear_off_var: None,
    relay_reverses: false,
};

/// Sows the seeds of `from` by the layout's rule and its steps; as
/// [`sow::sow`](super::sow::sow) (which calls it for a rule with steps).
#[cold]
#[inline(never)]
pub(crate) fn sow(b: &mut Board, from: usize) -> Result<SowEnd, String> {
    sow_after(b, from, 0)
}

/// [`sow`] for the sowing that goes on after `laps_before` laps of the same move (after a lap
/// capture): the lap limit counts them too.
pub(crate) fn sow_after(b: &mut Board, from: usize, laps_before: i64) -> Result<SowEnd, String> {
    let (from, other) = b.layout.split_move(from);
    let mover = b.to_move;
    let Board {
        layout,
        seeds,
        closed,
        reserves,
        trace,
        last,
        discarded,
        vars,
        ..
    } = b;
    let l: &Compiled = layout;
    let vars: &[i64] = vars;
    let rule = &l.sow;
    let steps = rule.steps.as_deref().unwrap_or(&NO_STEPS);
    crate::engine::sowing::step::check_start(l, seeds, from)?;
    // Whether captures are on (the relay's stops for a capture, and closing a hole).
    let stops = rule.relay_stops_apply(vars, mover);
    // Whether laps relay at all (not in an opening sown as one lap).
    let relays = rule.relay_from.is_none_or(|(v, n)| vars[v] >= n);
    let mut flip = if rule.at.flips {
        rule.move_flips(l, vars, mover, from, seeds[from], other)
    } else {
        other
    };
    let mut table = table_dir(l, mover, flip);
    let passing = steps.passing_now(vars);
    // (bearing off: the seeds that would reach the opponent's holes leave the board)
    let bearing_off = steps.bear_off && steps.bear_off_var.is_some_and(|v| vars[v] != 0);
    let mut origin = from;
    let mut end = pick_up(seeds, trace, from, flip, false, false);
    let mut hand = end.hand;
    let mut pos = from;
    let mut drops: i64 = 0;
    let unit = drop_work(l);
    loop {
        end.laps += 1;
        if rule.before_lap != BeforeLap::Nothing {
            hand -= before_lap(l, seeds, reserves, trace, origin, hand, mover);
        }
        // (the last seeds of the game: counted once a lap, before it)
        let give_away = steps
            .opponent_takes_when_few
            .as_ref()
            .filter(|o| l.holes.iter().map(|&h| seeds[h]).sum::<i64>() <= o.at_most);
        let mut was_empty = false;
        while hand > 0 {
            let Some(q) = next_pit(l, steps, table, closed, seeds, pos, origin, mover, passing)
            else {
                seeds[origin] += hand;
                return Err(format!(
                    "sow: no pit to sow into after {}",
                    l.pits[pos].name
                ));
            };
            if bearing_off && opponents(l, q, mover) {
                give_into(l, seeds, reserves, mover, hand);
                emit_into(trace, || Event::Capture {
                    pit: q,
                    seeds: hand,
                    player: mover,
                    why: "borne off the board".into(),
                });
                break;
            }
            pos = q;
            hand -= 1;
            drops += 1;
            if drops & 63 == 0 {
                if let Err(e) = crate::engine::base::clock::charge(64 * unit) {
                    seeds[origin] += hand;
                    return Err(e);
                }
            }
            if closed[q] {
                // An opponent's closed hole: the seed leaves the game.
                match steps.taken_seeds_to {
                    0 => *discarded += 1,
                    p => give_into(l, seeds, reserves, p, 1),
                }
                was_empty = true;
                emit_into(trace, || Event::Capture {
                    pit: q,
                    seeds: 1,
                    player: steps.taken_seeds_to,
                    why: "sown into a closed hole: out of the game".into(),
                });
                continue;
            }
            if let Some(o) = give_away.filter(|_| opponents(l, q, mover)) {
                let kept = hand == 0
                    && o.last_sown_if
                        .as_ref()
                        .is_some_and(|t| t.holds(l, q, seeds[q] + 1, mover));
                if !kept {
                    let owner = l.pits[q].owner;
                    give_into(l, seeds, reserves, owner, 1);
                    // (a lap whose last seed goes so relays from the hole if it holds two or more)
                    was_empty = seeds[q] <= 1;
                    emit_into(trace, || Event::Capture {
                        pit: q,
                        seeds: 1,
                        player: owner,
                        why: "a last seed of the game, to the hole's owner".into(),
                    });
                    continue;
                }
            }
            let now = seeds[q] + 1;
            seeds[q] = now;
            was_empty = now == 1;
            emit_into(trace, || Event::Drop { pit: q, hand });
        }
        let lap = end.laps;
        emit_into(trace, || Event::LapEnd { pit: pos, lap });
        end.pit = pos;
        end.was_empty = was_empty;
        let would_relay = |seeds: &[i64]| {
            relay_start(rule, l, seeds, pos, was_empty, || {
                next_in(l, table, closed, pos, NO_PIT, mover)
            })
            .filter(|_| {
                !(rule.relay_stops_before_empty
                    && crate::engine::sowing::skipped_origin::before_empty(
                        l, table, closed, seeds, pos, mover,
                    ))
                    && rule.lap_may_relay::<true>(l, pos, seeds, was_empty, mover, stops, || {
                        l.pits[pos].owner
                    })
                    && crate::engine::sowing::first_lap::may_relay(
                        l,
                        table,
                        closed,
                        laps_before + end.laps,
                        from,
                        end.hand,
                        mover,
                        &|q| l.pits[q].owner,
                    )
            })
        };
        let side_cut = (steps.relay_stops_when_side_empty && some_side_empty(l, seeds))
            || (steps.relay_stops_when_own_empty && own_side_empty(l, seeds, mover));
        let relay_from = if closed[pos]
            || (steps.relay_stops_when_opponent_empty
                && !l
                    .holes
                    .iter()
                    .any(|&h| opponents(l, h, mover) && seeds[h] > 0))
            || side_cut
        {
            // (a relay the emptied side cut short: the mover's turn is not over)
            end.relay_cut = side_cut && !closed[pos] && relays && would_relay(seeds).is_some();
            None
        } else {
            would_relay(seeds)
        };
        let Some(r) = relay_from.filter(|_| relays) else {
            break;
        };
        let laps = laps_before + end.laps;
        if stops_at_lap_limit(l, seeds, discarded, trace, laps, drops, r, &mut end)? {
            break;
        }
        hand = seeds[r];
        seeds[r] = 0;
        if stops && steps.closes(l, r, hand, mover) {
            closed[r] = true;
        }
        emit_into(trace, || Event::Pickup {
            pit: r,
            seeds: hand,
        });
        pos = r;
        origin = r;
        // (each relay lap the other way from the lap before)
        if steps.relay_reverses {
            flip = !flip;
            table = table_dir(l, mover, flip);
            end.reversed = flip;
        }
    }
    // (the capture beyond an empty hole, as the plain sowing makes it)
    if rule.capture_beyond_empty && !end.stopped {
        take_beyond_empty(l, table, closed, seeds, reserves, trace, &mut end, mover);
    }
    *last = end;
    Ok(end)
}
