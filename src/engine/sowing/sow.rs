//! Sowing, natively: a whole move of laps with relay, skip rules and captures by count, configured
//! once by the rule script (`this.sowing(#{...})`) and run in one call (`this.sow(pit)`).

use crate::engine::board::state::{emit_into, Board, PitKind, SowEnd, NO_PIT};
pub use crate::engine::declare::compiled::next_table;
use crate::engine::declare::compiled::Compiled;
pub use crate::engine::declare::sowing::{AtMaxLaps, BeforeLap, CaptureTo, Relay, SowRule, Stores};
pub(crate) use crate::engine::sowing::seeds::take_into;
pub use crate::engine::sowing::seeds::{capture, give};
pub(crate) use crate::engine::sowing::step::{
    accepts, before_lap, next_in, relay_start, table_dir, Counts,
};
use crate::engine::sowing::step::{drop_work, pick_up, stops_at_lap_limit, take_beyond_empty};
pub use crate::engine::sowing::step::{next_target, MAX_DROPS};
use crate::engine::trace::event::Event;

/// Sows the seeds of `from` by the layout's rule: laps, relay, captures by count. Returns where it
/// ended; the same facts are kept in `b.last`. An error message when the move cannot be sown.
pub fn sow(b: &mut Board, from: usize) -> Result<SowEnd, String> {
    // (the rarer steps: one test a move)
    if b.layout.sow.steps.is_some() {
        return crate::engine::sowing::stepped::sow(b, from);
    }
    if crate::engine::sowing::quiet::applies(b, from) {
        return crate::engine::sowing::quiet::sow(b, from);
    }
    plain(b, from, 0)
}

/// [`sow`] for the sowing that goes on after `laps_before` laps of the same move (after a lap
/// that captured and sows on): the lap limit counts the move's laps before it. The laps it
/// returns are its own.
#[cold]
#[inline(never)]
pub fn sow_after(b: &mut Board, from: usize, laps_before: i64) -> Result<SowEnd, String> {
    if b.layout.sow.steps.is_some() {
        return crate::engine::sowing::stepped::sow_after(b, from, laps_before);
    }
    plain(b, from, laps_before)
}

/// The sowing without the rarer steps, after `laps_before` laps of the move (0 for a move's
/// own sowing: the constant folds away).
#[inline(always)]
fn plain(b: &mut Board, from: usize, laps_before: i64) -> Result<SowEnd, String> {
    // A move id past the pits is the other direction of a hole where the mover chooses it.
    let (from, other) = b.layout.split_move(from);
    let mover = b.to_move;
    // The board's fields, borrowed apart: the loop below indexes plain slices.
    let Board {
        layout,
        seeds,
        closed,
        reserves,
        trace,
        last,
        discarded,
        children,
        owners,
        vars,
        ..
    } = b;
    let children: &[u8] = children;
    let l: &Compiled = layout;
    let vars: &mut [i64] = vars;
    let seeds: &mut [i64] = seeds;
    let closed: &[bool] = closed;
    let reserves: &mut [i64] = reserves;
    let rule = &l.sow;
    // (a hole's owner now: its row's, or this round's where holes are owned round by round)
    let owners: &[u8] = owners;
    let owner_of = |q: usize| {
        if owners.is_empty() {
            l.pits[q].owner
        } else {
            owners[q] as usize
        }
    };
    // Whether the relay stops for a capture apply: not while captures are off (once a move).
    let stops = rule.relay_stops_apply(vars, mover);
    // Whether laps relay at all (not in an opening sown as one lap).
    let relays = rule.relay_from.is_none_or(|(v, n)| vars[v] >= n);
    crate::engine::sowing::step::check_start(l, seeds, from)?;
    let flip = if rule.at.flips {
        rule.move_flips(l, vars, mover, from, seeds[from], other)
    } else {
        other
    };
    let mut table = table_dir(l, mover, flip);
    // (the holes at the rows' ends out while an opening lasts: the move, or from a relay lap
    // on, sown on the middle holes)
    let row_ends = rule.row_ends_first.as_deref();
    let mut narrow = false;
    if let Some(r) = row_ends {
        if r.at_move_start(seeds, vars, mover) {
            narrow = true;
            table = r.table_of(mover);
        }
    }
    let counts = Counts::new(&rule.capture_counts);
    let tracing = trace.is_some();
    let mut origin = from;
    let mut end = pick_up(
        seeds,
        trace,
        from,
        flip,
        // (a hole's step: a move from a store sows all it takes)
        rule.first_seed_back && l.pits[from].kind == PitKind::Hole,
        rule.single_seed_stays,
    );
    let mut hand = end.hand;
    let pass = crate::engine::sowing::step::passes_children(rule, children);
    // (children: not in a round or for a player without them)
    let kids = l
        .pipeline
        .as_deref()
        .and_then(|p| p.children.as_ref().filter(|_| !p.children_off(vars, mover)));
    let mut pos = from;
    let mut drops: i64 = 0;
    let unit = drop_work(l);
    // The lap of seeds taken across that ends the move (`final_lap`).
    let mut final_lap = false;
    loop {
        end.laps += 1;
        if rule.before_lap != BeforeLap::Nothing {
            hand -= before_lap(l, seeds, reserves, trace, origin, hand, mover);
        }
        let lap_seeds = hand;
        let mut was_empty = false;
        let mut prev = pos;
        while hand > 0 {
            let mut next = next_in(l, table, closed, pos, origin, mover);
            if pass {
                next = crate::engine::sowing::step::past_children(
                    l, table, closed, children, next, origin, mover, hand,
                );
            }
            let Some(q) = next else {
                // Put the hand back where it came from so the board stays consistent.
                seeds[origin] += hand;
                return Err(format!(
                    "sow: no pit to sow into after {}",
                    l.pits[pos].name
                ));
            };
            prev = pos;
            pos = q;
            let now = seeds[q] + 1;
            seeds[q] = now;
            was_empty = now == 1;
            hand -= 1;
            drops += 1;
            if drops & 63 == 0 {
                if let Err(e) = crate::engine::base::clock::charge(64 * unit) {
                    seeds[origin] += hand;
                    return Err(e);
                }
            }
            if tracing {
                emit_into(trace, || Event::Drop { pit: q, hand });
            }
            // (not in the turns without captures)
            if counts.hit(now)
                && stops
                && !rule.capture_counts_after_lap
                && l.pits[q].kind == PitKind::Hole
                && (hand > 0 || rule.capture_last)
                && rule.capture_side_ok_for(owner_of(q), mover)
            {
                let to = match rule.capture_to {
                    CaptureTo::RowOwner => owner_of(q),
                    CaptureTo::Sower => mover,
                };
                if to >= 1 {
                    end.captured += take_into(l, seeds, reserves, trace, q, to, "count");
                }
            }
        }
        if rule.judge_at_skipped_origin {
            (pos, was_empty) = crate::engine::sowing::skipped_origin::judged_end(
                l, table, closed, prev, pos, origin, mover, was_empty,
            );
        }
        if rule.capture_counts_after_lap && stops {
            let lap = crate::engine::sowing::lap_counts::Lap {
                origin,
                last: pos,
                seeds: lap_seeds,
                mover,
            };
            crate::engine::sowing::lap_counts::take_after_lap(
                l, table, closed, &owner_of, seeds, reserves, trace, &lap, &mut end,
            );
        }
        let lap = end.laps;
        emit_into(trace, || Event::LapEnd { pit: pos, lap });
        end.pit = pos;
        end.was_empty = was_empty;
        if final_lap {
            break;
        }
        // (the capture across four rows: one test a lap; not while captures are off)
        if rule.across.is_some() && stops {
            use crate::engine::sowing::across::{at_lap_end, AcrossStep};
            match at_lap_end(
                l,
                seeds,
                reserves,
                trace,
                pos,
                was_empty,
                mover,
                drops,
                next_in(l, table, closed, pos, NO_PIT, mover),
                origin,
                &mut end,
            )? {
                AcrossStep::Nothing => {}
                AcrossStep::End => break,
                AcrossStep::SowOn(n, from, last) => {
                    final_lap = last;
                    hand = n;
                    pos = from;
                    origin = from;
                    continue;
                }
            }
        }
        // Decide whether the move relays.
        let relay_from = relay_start(rule, l, seeds, pos, was_empty, || {
            next_in(l, table, closed, pos, NO_PIT, mover)
        });
        let relay_from = relay_from.filter(|&r| {
            relays &&
            !(rule.relay_stops_before_empty
                && crate::engine::sowing::skipped_origin::before_empty(l, table, closed, seeds, pos, mover))
                && rule.lap_may_relay::<true>(l, pos, seeds, was_empty, mover, stops, || owner_of(pos))
                && crate::engine::sowing::first_lap::may_relay(l, table, closed, laps_before + end.laps, from, end.hand, mover, &owner_of)
                // A lap does not go on from a child, nor from a hole its last seed makes one.
                && !kids.is_some_and(|c| {
                    children[r] != 0
                        || (!(c.not_by_single_seed && lap_seeds == 1)
                            && c.makes(l, rule.reverse != flip, seeds, children, owners, mover, pos))
                })
        });
        let Some(r) = relay_from else { break };
        if stops_at_lap_limit(
            l,
            seeds,
            discarded,
            trace,
            laps_before + end.laps,
            drops,
            r,
            &mut end,
        )? {
            break;
        }
        if let Some(x) = row_ends.filter(|_| !narrow) {
            if x.before_relay(seeds, vars, mover) {
                narrow = true;
                table = x.table_of(mover);
            }
        }
        hand = seeds[r];
        seeds[r] = 0;
        emit_into(trace, || Event::Pickup {
            pit: r,
            seeds: hand,
        });
        if rule.relay_first_seed_back && hand > 1 {
            seeds[r] = 1;
            hand -= 1;
            emit_into(trace, || Event::Drop { pit: r, hand });
        }
        pos = r;
        origin = r;
    }
    if rule.capture_beyond_empty && !end.stopped {
        take_beyond_empty(l, table, closed, seeds, reserves, trace, &mut end, mover);
    }
    *last = end;
    Ok(end)
}

/// Where a single lap from `from` would end, without sowing: the last pit, and whether it would be
/// empty when the last seed falls (counting seeds dropped into it earlier in the lap).
pub fn landing(b: &Board, from: usize) -> Option<(usize, bool)> {
    landing_as(b, from, b.to_move)
}

/// [`landing`] for a move by `mover` (whose own stores count for `stores: "own"`).
pub fn landing_as(b: &Board, from: usize, mover: usize) -> Option<(usize, bool)> {
    let l = &b.layout;
    let hand = b.seeds[from];
    if hand == 0 || l.next.get(from).copied().unwrap_or(NO_PIT) == NO_PIT {
        return None;
    }
    let (last, earlier) = if hand <= 64 {
        let mut pos = from;
        for _ in 0..hand {
            pos = next_target(l, b, pos, from, mover)?;
        }
        let last = pos;
        // Count earlier drops into `last`.
        let mut earlier = 0;
        let mut q = from;
        for _ in 0..hand - 1 {
            q = next_target(l, b, q, from, mover)?;
            if q == last {
                earlier += 1;
            }
        }
        (last, earlier)
    } else {
        // A big hand goes round the track: the pits it drops into form a fixed cycle (its circuit
        // from the pit after `from` round to `from`, less the pits it skips), so the last seed
        // falls at (hand - 1) mod its length, and into that pit once per earlier round.
        // O(track) whatever the hand.
        let links = if l.sow.reverse { &l.prev } else { &l.next };
        let walk = |f: &mut dyn FnMut(usize) -> bool| -> Option<()> {
            let mut q = from;
            for _ in 0..l.track.len() {
                q = links[q];
                if q == NO_PIT {
                    return None;
                }
                if accepts(l, &b.closed, q, from, mover) && !f(q) {
                    return Some(());
                }
                if q == from {
                    // round its circuit (the whole track, or the circuit `from` is on)
                    break;
                }
            }
            Some(())
        };
        let mut k = 0i64;
        walk(&mut |_| {
            k += 1;
            true
        })?;
        if k == 0 {
            return None;
        }
        let mut skip = (hand - 1) % k;
        let mut last = NO_PIT;
        walk(&mut |q| {
            if skip == 0 {
                last = q;
                return false;
            }
            skip -= 1;
            true
        })?;
        (last, (hand - 1) / k)
    };
    let before = if last == from { 0 } else { b.seeds[last] };
    Some((last, before + earlier == 0))
}
