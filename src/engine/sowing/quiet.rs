//! Sowing on the hot path: a move that records no trace is sown here by
//! [`sow::sow`](crate::engine::sowing::sow::sow), in a tighter loop than the general one — the same laps,
//! relays, skipped pits, captures (by count: one bit test per drop; beyond an empty pit), lap limit,
//! clock and errors, with no trace event to test for. Searches and playouts, which trace nothing,
//! sow all their moves here. The next pit is one lookup in the layout's sowing table
//! ([`Layout::sow_next`](crate::engine::board::state::Layout::sow_next)).

use crate::engine::board::state::{Board, PitKind, SowEnd, NO_PIT};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::sowing::{BeforeLap, CaptureTo, PassChildren, Relay};
use crate::engine::sowing::seeds::give_into;
use crate::engine::sowing::step::{
    before_lap, drop_work, next_in, pick_up, relay_start, stops_at_lap_limit, table_dir, Counts,
};

/// Whether the move from `from` can be sown here: nothing traced, and a move that is valid (a pit
/// on the track holding seeds; the general path words the errors).
#[inline]
pub(crate) fn applies(b: &Board, from: usize) -> bool {
    b.trace.is_none()
        && b.layout.next.get(from).is_some_and(|&n| n != NO_PIT)
        && b.seeds[from] > 0
        // (children that a relay or the sowing itself looks at: the general path)
        // (holes owned round by round: the general path reads their owners)
        && b.owners.is_empty()
        // (the holes at the rows' ends out while an opening lasts: the general path)
        && b.layout.sow.row_ends_first.is_none()
        // (counts judged after each lap: the general path)
        && !b.layout.sow.capture_counts_after_lap
        && (b.children.is_empty()
            || (b.layout.sow.relay == Relay::None
                && b.layout.sow.pass_children == PassChildren::None))
}

/// Sows the seeds of `from` (see [`applies`]); the result and `b.last` as `sow::sow` gives them.
#[inline]
pub(crate) fn sow(b: &mut Board, from: usize) -> Result<SowEnd, String> {
    if b.layout.sow.at.rare {
        sow_with::<true>(b, from)
    } else {
        sow_with::<false>(b, from)
    }
}

/// The quiet sowing, built twice: with `RARE` false the rarer steps of a sowing
/// ([`SowRule::uses_rare_steps`](crate::engine::declare::sowing::SowRule::uses_rare_steps))
/// are known absent and their tests compiled out.
#[inline(always)]
fn sow_with<const RARE: bool>(b: &mut Board, from: usize) -> Result<SowEnd, String> {
    let Board {
        layout,
        seeds,
        closed,
        reserves,
        to_move,
        last: last_out,
        discarded,
        vars,
        ..
    } = b;
    let vars: &[i64] = vars;
    let l: &Compiled = layout;
    let seeds: &mut [i64] = seeds;
    let closed: &[bool] = closed;
    let rule = &l.sow;
    // Whether the relay stops for a capture apply: not while captures are off (once a move).
    let stops = !RARE || rule.relay_stops_apply(vars, *to_move);
    // Whether laps relay at all (not in an opening sown as one lap).
    let relays = !RARE || rule.relay_from.is_none_or(|(v, n)| vars[v] >= n);
    let mover = *to_move;
    let flip = RARE && rule.at.flips && rule.move_flips(l, vars, mover, from, seeds[from], false);
    let table = table_dir(l, mover, flip);
    let next = |p: usize, origin: usize| next_in(l, table, closed, p, origin, mover);
    let counts = Counts::new(&rule.capture_counts);
    let by_count = !rule.capture_counts.is_empty();
    let mut origin = from;
    let mut end = pick_up(
        seeds,
        &mut None,
        from,
        flip,
        // (a hole's step: a move from a store sows all it takes)
        RARE && rule.first_seed_back && l.pits[from].kind == PitKind::Hole,
        RARE && rule.single_seed_stays,
    );
    let mut hand = end.hand;
    let mut pos = from;
    let mut drops: i64 = 0;
    let unit = drop_work(l);
    // The lap of seeds taken across that ends the move (`final_lap`).
    let mut final_lap = false;
    loop {
        end.laps += 1;
        if RARE && rule.before_lap != BeforeLap::Nothing {
            hand -= before_lap(l, seeds, reserves, &mut None, origin, hand, mover);
        }
        let mut was_empty = false;
        let mut prev = pos;
        while hand > 0 {
            let Some(q) = next(pos, origin) else {
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
            // (not in the turns without captures)
            if by_count && counts.hit(now) && stops {
                end.captured += count_capture::<RARE>(l, seeds, reserves, q, mover, hand);
            }
        }
        if rule.judge_at_skipped_origin {
            (pos, was_empty) = crate::engine::sowing::skipped_origin::judged_end(
                l, table, closed, prev, pos, origin, mover, was_empty,
            );
        }
        end.pit = pos;
        end.was_empty = was_empty;
        if final_lap {
            break;
        }
        // (the capture across four rows: one test a lap; not while captures are off)
        if RARE && rule.across.is_some() && stops {
            use crate::engine::sowing::across::{at_lap_end, AcrossStep};
            let t = &mut None;
            match at_lap_end(
                l,
                seeds,
                reserves,
                t,
                pos,
                was_empty,
                mover,
                drops,
                next(pos, NO_PIT),
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
        let relay_from = relay_start(rule, l, seeds, pos, was_empty, || next(pos, NO_PIT));
        let relay_from = relay_from.filter(|_| {
            relays
                && !(rule.relay_stops_before_empty
                    && crate::engine::sowing::skipped_origin::before_empty(
                        l, table, closed, seeds, pos, mover,
                    ))
                && rule.lap_may_relay::<RARE>(l, pos, seeds, was_empty, mover, stops, || {
                    l.pits[pos].owner
                })
                && (!RARE
                    || crate::engine::sowing::first_lap::may_relay(
                        l,
                        table,
                        closed,
                        end.laps,
                        from,
                        end.hand,
                        mover,
                        &|q| l.pits[q].owner,
                    ))
        });
        let Some(r) = relay_from else { break };
        // (untraced: the trace is none)
        if stops_at_lap_limit(l, seeds, discarded, &mut None, end.laps, drops, r, &mut end)? {
            break;
        }
        hand = seeds[r];
        seeds[r] = 0;
        if RARE && rule.relay_first_seed_back && hand > 1 {
            seeds[r] = 1;
            hand -= 1;
        }
        pos = r;
        origin = r;
    }
    if rule.capture_beyond_empty && !end.stopped {
        if let Some(empty) = next(end.pit, NO_PIT) {
            if seeds[empty] == 0 {
                if let Some(beyond) = next(empty, NO_PIT) {
                    end.captured += take(l, seeds, reserves, beyond, mover);
                }
            }
        }
    }
    *last_out = end;
    Ok(end)
}

/// The capture by count of a drop into `q` that made one of the counts, as `sow::sow` makes it
/// (holes only; the last seed of a lap only with `capture_last`); the seeds captured.
#[inline]
fn count_capture<const RARE: bool>(
    l: &Compiled,
    seeds: &mut [i64],
    reserves: &mut [i64],
    q: usize,
    mover: usize,
    hand: i64,
) -> i64 {
    let rule = &l.sow;
    if l.pits[q].kind != PitKind::Hole
        || !(hand > 0 || rule.capture_last)
        || (RARE && !rule.capture_side_ok(l, q, mover))
    {
        return 0;
    }
    let to = match rule.capture_to {
        CaptureTo::RowOwner => l.pits[q].owner,
        CaptureTo::Sower => mover,
    };
    if to >= 1 {
        take(l, seeds, reserves, q, to)
    } else {
        0
    }
}

/// Takes every seed of `pit` to `player` (store or reserve), as `sow::capture` does, untraced.
#[inline]
fn take(l: &Compiled, seeds: &mut [i64], reserves: &mut [i64], pit: usize, player: usize) -> i64 {
    let n = seeds[pit];
    if n != 0 {
        seeds[pit] = 0;
        give_into(l, seeds, reserves, player, n);
    }
    n
}
