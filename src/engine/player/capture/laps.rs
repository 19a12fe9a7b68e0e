//! Laps that capture and sow on ([`crate::engine::declare::capture::laps`]), played after the
//! move's sowing: while a lap ends where its capture is made, the capture is made and the sowing
//! goes on. One test a move in [`play`](crate::engine::player::play) (`capture.lap_capture`).

use crate::engine::board::state::{Board, PitKind, SowEnd, NO_PIT};
use crate::engine::declare::capture::laps::LapCapture;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::declare::sowing::AtMaxLaps;
use crate::engine::player::capture::{beyond_empty, chain, hole_after, opposite, takes};
use crate::engine::player::material::material;
use crate::engine::sowing::sow;

/// Goes on from the end `end` of the move's sowing by `mover` while its laps capture (`k`); the
/// end of the last lap, its laps counted from the move's start (the lap limit holds for them
/// all).
#[cold]
#[inline(never)]
pub(in crate::engine::player) fn sow_on(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    k: LapCapture,
    mover: usize,
    mut end: SowEnd,
) -> Result<SowEnd, String> {
    // (not while captures are off)
    if p.at
        .turns_var
        .is_some_and(|v| b.vars[v] < p.capture.no_capture_turns)
        || p.blocked(&b.vars, mover)
    {
        return Ok(end);
    }
    let mut laps = end.laps;
    while !end.stopped {
        let from = match k {
            LapCapture::None => break,
            LapCapture::NextHoleThenLastHole => {
                let last = end.pit;
                if l.pits[last].kind != PitKind::Hole {
                    break;
                }
                let next = hole_after(l, b, last);
                if next == NO_PIT || b.seeds[next] == 0 {
                    break;
                }
                sow::capture(b, next, mover, "the hole after the last");
                // (a last hole holding the board's only seeds, which could take nothing more,
                // is not sown on: the move ends)
                if b.seeds[last] == 0 || l.holes.iter().all(|&h| h == last || b.seeds[h] == 0) {
                    break;
                }
                last
            }
            LapCapture::ChainThenNextHole => {
                let Some(c) = p.capture.chain.as_ref() else {
                    break;
                };
                if !takes(b, l, c, mover, end.pit) {
                    break;
                }
                chain(b, l, p, c, mover, end.pit, true);
                let next = hole_after(l, b, end.pit);
                if next == NO_PIT || b.seeds[next] == 0 {
                    break;
                }
                next
            }
            LapCapture::GapThenRelay => {
                let last = end.pit;
                if end.was_empty || l.pits[last].kind != PitKind::Hole || b.seeds[last] == 0 {
                    break;
                }
                if let Some(g) = p.capture.beyond_empty.as_ref() {
                    beyond_empty(b, l, g, mover, last);
                }
                last
            }
            LapCapture::OppositeSeedsSownOn => {
                let Some(o) = p.capture.opposite.as_ref() else {
                    break;
                };
                let theirs = l
                    .holes
                    .iter()
                    .any(|&h| l.pits[h].owner != mover && b.seeds[h] > 0);
                if !theirs {
                    break;
                }
                let before = material(b, mover);
                if !opposite(b, l, o, mover, &end) {
                    break;
                }
                let took = material(b, mover) - before;
                sow::give(b, mover, -took);
                b.seeds[end.pit] += took;
                if b.seeds[end.pit] == 0 {
                    break;
                }
                end.pit
            }
        };
        // (`relay_stops_when_side_empty`: a lap that would sow on once a row is empty stops
        // there, the mover's turn not over)
        if l.sow.steps.as_ref().is_some_and(|s| {
            (s.relay_stops_when_side_empty
                && crate::engine::sowing::stepped::some_side_empty(l, &b.seeds))
                || (s.relay_stops_when_own_empty
                    && crate::engine::sowing::stepped::own_side_empty(l, &b.seeds, mover))
        }) {
            end.relay_cut = true;
            break;
        }
        if laps >= l.sow.max_laps {
            at_limit(b, l, &mut end, from)?;
            break;
        }
        // (the lap limit counts the laps before)
        end = sow::sow_after(b, from, laps)?;
        laps += end.laps;
    }
    end.laps = laps;
    b.last = end;
    Ok(end)
}

/// A move that would sow on from `from` after its lap limit: what `at_max_laps` says (the move
/// stops; with `drop_hand` the seeds of `from` leave the game; or an error).
pub(in crate::engine::player) fn at_limit(
    b: &mut Board,
    l: &Compiled,
    end: &mut SowEnd,
    from: usize,
) -> Result<(), String> {
    match l.sow.at_max_laps {
        AtMaxLaps::Stop => {}
        AtMaxLaps::DropHand => {
            b.discarded += b.seeds[from];
            b.seeds[from] = 0;
        }
        AtMaxLaps::Error => {
            return Err(format!(
                "endless sowing: the move still relays after {} laps",
                l.sow.max_laps
            ))
        }
    }
    end.stopped = true;
    Ok(())
}
