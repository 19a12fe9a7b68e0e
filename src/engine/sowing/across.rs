//! The capture across a four-row board ([`crate::engine::declare::capture::across`]) at the end of a lap,
//! shared by the traced and the quiet sowing loops: the opponent's two holes of the file taken
//! out of the board, or into the hand to be sown on.

use crate::engine::board::state::{emit_into, SowEnd};
use crate::engine::declare::capture::across::{AcrossNeeds, AcrossThen};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::sowing::AtMaxLaps;
use crate::engine::sowing::seeds::take_into;
use crate::engine::sowing::step::MAX_DROPS;
use crate::engine::trace::event::Event;

/// What the capture across did at the end of a lap.
pub(crate) enum AcrossStep {
    /// Nothing: the lap ends or relays as the sowing says.
    Nothing,
    /// It took the holes out of the board (or the lap limit stopped the move): the move ends.
    End,
    /// It took these seeds into the hand (`.0`): sow them on from the hole after `.1`; `.2`:
    /// that lap is the move's last (`final_lap`).
    SowOn(i64, usize, bool),
}

/// The capture across after a lap by `mover` ending in `pos` (`was_empty`: before its last
/// seed), `drops` drops into the move, `next` the hole after `pos` along the sowing, `origin`
/// the hole the lap was sown from; a capture sown on is one more lap, under the lap limit.
#[allow(clippy::too_many_arguments)]
#[inline]
pub(crate) fn at_lap_end(
    l: &Compiled,
    seeds: &mut [i64],
    reserves: &mut [i64],
    trace: &mut Option<Vec<Event>>,
    pos: usize,
    was_empty: bool,
    mover: usize,
    drops: i64,
    next: Option<usize>,
    origin: usize,
    end: &mut SowEnd,
) -> Result<AcrossStep, String> {
    let Some(a) = l.sow.across.as_ref() else {
        return Ok(AcrossStep::Nothing);
    };
    // (a move of a single seed captures nothing, when the rule says so: its one lap of one drop)
    if end.laps == 1
        && drops == 1
        && l.pipeline
            .as_deref()
            .is_some_and(|p| p.capture.not_by_single_seed)
    {
        return Ok(AcrossStep::Nothing);
    }
    let Some((inner, outer)) = a.takes(l, seeds, pos, was_empty, mover) else {
        if a.ends_uncaptured(l, pos, was_empty, mover) {
            return Ok(AcrossStep::End);
        }
        return Ok(AcrossStep::Nothing);
    };
    // (the first hole taken is the outer one when only the outer hole is)
    // (from the outer row: his own inner hole in front, then the opponent's facing it)
    let from_outer = l.across(pos).is_none();
    let second = if from_outer {
        "inner hole across"
    } else {
        "outer hole across"
    };
    let first = if from_outer {
        "own inner hole in front"
    } else if a.needs == AcrossNeeds::OuterIfInnerEmpty
        || l.across(pos).is_some_and(|(i, _)| i != inner)
    {
        "outer hole across"
    } else {
        "inner hole across"
    };
    match a.then {
        AcrossThen::IntoLast => {
            let mut taken = 0;
            for q in [inner, outer] {
                let n = seeds[q];
                if n > 0 && q != pos {
                    seeds[q] = 0;
                    seeds[pos] += n;
                    taken += n;
                    emit_into(trace, || Event::Move {
                        from: q,
                        to: pos,
                        seeds: n,
                    });
                }
                if inner == outer {
                    break;
                }
            }
            // (a last hole that was empty would end the lap: it relays with the seeds taken)
            if !was_empty || taken == 0 {
                return Ok(AcrossStep::Nothing);
            }
            lift_and_sow_on(l, seeds, trace, pos, drops, end)
        }
        AcrossThen::Out => {
            if a.take_last {
                end.captured += take_into(l, seeds, reserves, trace, pos, mover, "last hole");
            }
            let a = take_into(l, seeds, reserves, trace, inner, mover, first);
            let b = take_into(l, seeds, reserves, trace, outer, mover, second);
            end.captured += a + b;
            end.across_both |= a > 0 && b > 0 && inner != outer;
            Ok(AcrossStep::End)
        }
        AcrossThen::OutThenNext => {
            end.captured += take_into(l, seeds, reserves, trace, inner, mover, first);
            end.captured += take_into(l, seeds, reserves, trace, outer, mover, "outer hole across");
            end.captured += take_into(l, seeds, reserves, trace, pos, mover, "last hole");
            let Some(next) = next.filter(|&q| seeds[q] >= 2) else {
                return Ok(AcrossStep::End);
            };
            lift_and_sow_on(l, seeds, trace, next, drops, end)
        }
        AcrossThen::SowOn
        | AcrossThen::SowOnFromStart
        | AcrossThen::SowOnFromLapStart
        | AcrossThen::SowOnFromLapStartThenLast
        | AcrossThen::SowOnAtLapStart
        | AcrossThen::SowOnFromOwnOuter => {
            if past_lap_limit(l, drops, end)? {
                return Ok(AcrossStep::End);
            }
            let mut hand = 0;
            for q in [inner, outer] {
                let n = seeds[q];
                if n > 0 {
                    seeds[q] = 0;
                    hand += n;
                    emit_into(trace, || Event::Pickup { pit: q, seeds: n });
                }
            }
            let from = match a.then {
                AcrossThen::SowOnFromStart => end.from,
                AcrossThen::SowOnFromLapStart
                | AcrossThen::SowOnFromLapStartThenLast
                | AcrossThen::SowOnAtLapStart => origin,
                AcrossThen::SowOnFromOwnOuter => {
                    crate::engine::declare::capture::across::own_outer_behind(l, pos).unwrap_or(pos)
                }
                _ => pos,
            };
            if a.then == AcrossThen::SowOnFromOwnOuter && from != pos && seeds[from] == 1 {
                // (a single seed there is sown with them)
                seeds[from] = 0;
                hand += 1;
                emit_into(trace, || Event::Pickup {
                    pit: from,
                    seeds: 1,
                });
            }
            let on = if a.then == AcrossThen::SowOnAtLapStart {
                "from"
            } else {
                "after"
            };
            emit_into(trace, || Event::Note {
                kind: "capture".into(),
                text: if inner == outer {
                    format!(
                        "player {mover} captures {hand} from {} and sows them on {} {}",
                        l.pits[inner].name, on, l.pits[from].name
                    )
                } else {
                    format!(
                        "player {mover} captures {hand} from {} and {} and sows them on {} {}",
                        l.pits[inner].name, l.pits[outer].name, on, l.pits[from].name
                    )
                },
            });
            if a.then == AcrossThen::SowOnAtLapStart && hand > 0 {
                // (that hole first: its seed dropped here, the rest sown on after it)
                seeds[from] += 1;
                hand -= 1;
                emit_into(trace, || Event::Drop { pit: from, hand });
            }
            Ok(AcrossStep::SowOn(hand, from, a.final_lap))
        }
    }
}

/// The hole `pos` lifted and sown on, under the lap limit: `into_last` into a last hole that was
/// empty (lifted with the seeds taken), and `out_then_next`'s next hole. Out of line: most
/// four-row rules never come here.
#[cold]
#[inline(never)]
fn lift_and_sow_on(
    l: &Compiled,
    seeds: &mut [i64],
    trace: &mut Option<Vec<Event>>,
    pos: usize,
    drops: i64,
    end: &mut SowEnd,
) -> Result<AcrossStep, String> {
    if past_lap_limit(l, drops, end)? {
        return Ok(AcrossStep::End);
    }
    let hand = seeds[pos];
    seeds[pos] = 0;
    emit_into(trace, || Event::Pickup {
        pit: pos,
        seeds: hand,
    });
    Ok(AcrossStep::SowOn(hand, pos, false))
}

/// The lap limit before a capture's seeds are sown on: under the rule's `max_laps` and
/// [`MAX_DROPS`] `Ok(false)`; at it the move stops (`Ok(true)`, `end.stopped`) or, with
/// `at_max_laps: error`, it is endless sowing (`Err`, worded as the sowing loops' limit,
/// `step::stops_at_lap_limit`). `drop_hand` stops as `stop` does: the seeds the capture would
/// sow on are not lifted yet, so no hand is dropped and they stay in their holes.
fn past_lap_limit(l: &Compiled, drops: i64, end: &mut SowEnd) -> Result<bool, String> {
    if end.laps < l.sow.max_laps && drops < MAX_DROPS {
        return Ok(false);
    }
    if l.sow.at_max_laps == AtMaxLaps::Error {
        return Err(format!(
            "endless sowing: the move from {} still relays after {} laps",
            l.pits[end.from].name, end.laps
        ));
    }
    end.stopped = true;
    Ok(true)
}
