//! Sowing on the hot path: a move that records no trace and captures nothing while it sows (no
//! captures by count, none beyond an empty pit) is sown here by [`sow::sow`](crate::engine::sow::sow),
//! in a tighter loop than the general one — the same laps, relays, skipped pits, lap limit, clock
//! and errors, with no trace event to test for and no capture to look for at every drop. Searches
//! and playouts, which trace nothing, sow most of their moves here.

use crate::engine::board::{Board, Layout, PitKind, SowEnd, NO_PIT};
use crate::engine::sow::{AtMaxLaps, Relay, Stores, MAX_DROPS};

/// Whether the move from `from` can be sown here: nothing traced, no capture while sowing, and a
/// move that is valid (a pit on the track holding seeds; the general path words the errors).
#[inline]
pub(crate) fn applies(b: &Board, from: usize) -> bool {
    let rule = &b.layout.sow;
    b.trace.is_none()
        && rule.capture_counts.is_empty()
        && !rule.capture_beyond_empty
        && b.layout.next.get(from).is_some_and(|&n| n != NO_PIT)
        && b.seeds[from] > 0
}

/// The next pit after `p` that sowing may drop into (a lap started at `origin`), as
/// `sow::next_target` finds it.
#[inline(always)]
fn next(
    l: &Layout,
    links: &[usize],
    closed: &[bool],
    p: usize,
    origin: usize,
    mover: usize,
) -> Option<usize> {
    let skip_origin = l.sow.skip_origin;
    let mut q = p;
    for _ in 0..l.track.len() {
        q = *links.get(q)?;
        if q == NO_PIT {
            return None;
        }
        if closed[q] || (skip_origin && q == origin) {
            continue;
        }
        let pit = &l.pits[q];
        if pit.kind == PitKind::Hole
            || match l.sow.stores {
                Stores::All => true,
                Stores::Own => pit.owner == mover,
                Stores::None => false,
            }
        {
            return Some(q);
        }
    }
    None
}

/// Sows the seeds of `from` (see [`applies`]); the result and `b.last` as `sow::sow` gives them.
#[inline]
pub(crate) fn sow(b: &mut Board, from: usize) -> Result<SowEnd, String> {
    let Board {
        layout,
        seeds,
        closed,
        to_move,
        last: last_out,
        ..
    } = b;
    let l: &Layout = layout;
    let rule = &l.sow;
    let mover = *to_move;
    let links: &[usize] = if rule.reverse { &l.prev } else { &l.next };
    let mut origin = from;
    let mut hand = seeds[from];
    seeds[from] = 0;
    let mut end = SowEnd {
        pit: from,
        ..SowEnd::default()
    };
    let mut pos = from;
    let mut drops: i64 = 0;
    // Work per drop, for the clock, as in `sow::sow`.
    let unit = (1 + l.track.len() / 16).min(1 << 16) as u32;
    loop {
        end.laps += 1;
        let mut was_empty = false;
        while hand > 0 {
            let Some(q) = next(l, links, closed, pos, origin, mover) else {
                seeds[origin] += hand;
                return Err(format!(
                    "sow: no pit to sow into after {}",
                    l.pits[pos].name
                ));
            };
            pos = q;
            let s = &mut seeds[q];
            was_empty = *s == 0;
            *s += 1;
            hand -= 1;
            drops += 1;
            if drops & 63 == 0 {
                if let Err(e) = crate::engine::script::charge(64 * unit) {
                    seeds[origin] += hand;
                    return Err(e);
                }
            }
        }
        end.pit = pos;
        end.was_empty = was_empty;
        let relay_from = match rule.relay {
            Relay::None => None,
            Relay::Last => {
                if l.pits[pos].kind == PitKind::Hole && !was_empty && seeds[pos] > 0 {
                    Some(pos)
                } else {
                    None
                }
            }
            Relay::Next => match next(l, links, closed, pos, NO_PIT, mover) {
                Some(n) if seeds[n] > 0 => Some(n),
                _ => None,
            },
        };
        let Some(r) = relay_from else { break };
        if end.laps >= rule.max_laps || drops >= MAX_DROPS {
            match rule.at_max_laps {
                AtMaxLaps::Stop => {
                    end.stopped = true;
                    break;
                }
                AtMaxLaps::Error => {
                    return Err(format!(
                        "endless sowing: the move from {} still relays after {} laps",
                        l.pits[from].name, end.laps
                    ))
                }
            }
        }
        hand = seeds[r];
        seeds[r] = 0;
        pos = r;
        origin = r;
    }
    *last_out = end;
    Ok(end)
}
