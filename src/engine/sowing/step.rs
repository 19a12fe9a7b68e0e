//! One step of a sowing: the next pit a seed may fall into (one lookup in the compiled next-pit
//! table, stepping over closed pits and a skipped origin), and the counts a drop captures.

use crate::engine::board::state::{emit_into, Board, SowEnd};
use crate::engine::declare::children::CHILD_OF_NOBODY;
use crate::engine::declare::compiled::{accepts_open, Compiled};
use crate::engine::declare::sowing::{AtMaxLaps, BeforeLap, PassChildren, Relay, SowRule};
use crate::engine::geometry::layout::{PitKind, NO_PIT};
use crate::engine::sowing::seeds::{give_into, take_into};
use crate::engine::trace::event::Event;

/// The pit a lap that ended in `pos` relays from, by the kind of relay alone (`next`: the pit
/// after `pos`, for a relay from the next pit); the rule's stop tests come after
/// ([`SowRule::lap_may_relay`]). Shared by the traced and the quiet sowing loops.
#[inline(always)]
pub(crate) fn relay_start(
    rule: &SowRule,
    l: &Compiled,
    seeds: &[i64],
    pos: usize,
    was_empty: bool,
    next: impl FnOnce() -> Option<usize>,
) -> Option<usize> {
    match rule.relay {
        Relay::None => None,
        Relay::Last => {
            (l.pits[pos].kind == PitKind::Hole && !was_empty && seeds[pos] > 0).then_some(pos)
        }
        Relay::Next => next().filter(|&n| seeds[n] > 0),
    }
}

/// Whether a move may start from `from`: a pit on the sowing track holding seeds; otherwise the
/// one-line error the traced sowing loops give.
#[inline]
pub(crate) fn check_start(l: &Compiled, seeds: &[i64], from: usize) -> Result<(), String> {
    if from >= l.pits.len() {
        return Err(format!("sow: no pit {from}"));
    }
    if l.next[from] == NO_PIT {
        return Err(format!(
            "sow: pit {} is not on the sowing track",
            l.pits[from].name
        ));
    }
    if seeds[from] == 0 {
        return Err(format!("sow: pit {} is empty", l.pits[from].name));
    }
    Ok(())
}

/// Most seeds one move may drop before it is stopped as endless.
pub const MAX_DROPS: i64 = 50_000_000;

/// The start of a move from `from`: its seeds taken into the hand (the first of two or more
/// falling back into the hole just emptied where `first_back`), traced, and the move's facts
/// so far (`hand`: the seeds in hand). Shared by the sowing loops.
#[inline(always)]
pub(crate) fn pick_up(
    seeds: &mut [i64],
    trace: &mut Option<Vec<Event>>,
    from: usize,
    reversed: bool,
    first_back: bool,
    single_stays: bool,
) -> SowEnd {
    // (tested here, so that an untraced loop's `&mut None` compiles the events out: the
    // closures' `emit_into` is one function for every loop, called, not inlined)
    let tracing = trace.is_some();
    let mut hand = seeds[from];
    seeds[from] = 0;
    if tracing {
        emit_into(trace, || Event::Pickup {
            pit: from,
            seeds: hand,
        });
    }
    if first_back && (hand > 1 || (single_stays && hand == 1)) {
        seeds[from] = 1;
        hand -= 1;
        if tracing {
            emit_into(trace, || Event::Drop { pit: from, hand });
        }
    }
    SowEnd {
        pit: from,
        reversed,
        from,
        hand,
        ..SowEnd::default()
    }
}

/// Work per drop, for the clock (`script::charge`, every 64 drops): finding the next pit may
/// step over every closed pit of the track.
#[inline(always)]
pub(crate) fn drop_work(l: &Compiled) -> u32 {
    (1 + l.track.len() / 16).min(1 << 16) as u32
}

/// The lap limit, for a move whose lap ended ready to relay from `r` after `laps` laps (the
/// move's earlier ones included) and `drops` drops: below the rule's `max_laps` and
/// [`MAX_DROPS`], `Ok(false)` (it relays); at it, by the rule's `at_max_laps`, `Ok(true)` (it
/// stops, `end.stopped`; for `DropHand` the seeds of `r` leave the game, traced) or `Err`
/// (endless sowing). Shared by the three sowing loops.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn stops_at_lap_limit(
    l: &Compiled,
    seeds: &mut [i64],
    discarded: &mut i64,
    trace: &mut Option<Vec<Event>>,
    laps: i64,
    drops: i64,
    r: usize,
    end: &mut SowEnd,
) -> Result<bool, String> {
    if !(laps >= l.sow.max_laps || drops >= MAX_DROPS) {
        return Ok(false);
    }
    at_lap_limit(l, seeds, discarded, trace, r, end)
}

/// [`stops_at_lap_limit`] at the limit: what the rule's `at_max_laps` does (out of the loops:
/// few moves reach it).
#[cold]
#[inline(never)]
fn at_lap_limit(
    l: &Compiled,
    seeds: &mut [i64],
    discarded: &mut i64,
    trace: &mut Option<Vec<Event>>,
    r: usize,
    end: &mut SowEnd,
) -> Result<bool, String> {
    match l.sow.at_max_laps {
        AtMaxLaps::Stop => {
            end.stopped = true;
            Ok(true)
        }
        AtMaxLaps::DropHand => {
            end.stopped = true;
            let n = seeds[r];
            *discarded += n;
            seeds[r] = 0;
            emit_into(trace, || Event::Capture {
                pit: r,
                seeds: n,
                player: 0,
                why: "out of the game (endless relay)".into(),
            });
            Ok(true)
        }
        AtMaxLaps::Error => Err(format!(
            "endless sowing: the move from {} still relays after {} laps",
            l.pits[end.from].name, end.laps
        )),
    }
}

/// Whether sowing may drop a seed into `q` (a lap started at `origin`, sown by `mover`).
#[inline]
pub(crate) fn accepts(
    l: &Compiled,
    closed: &[bool],
    q: usize,
    origin: usize,
    mover: usize,
) -> bool {
    !(closed[q] || (q == origin && l.sow.skip_origin)) && accepts_open(l, q, mover)
}

/// The mover's row of the sowing table for a move sown the other way (`flip`) or not.
#[inline]
pub(crate) fn table_dir(l: &Compiled, mover: usize, flip: bool) -> Option<&[usize]> {
    if !flip {
        return table_of(l, mover);
    }
    let n = l.pits.len();
    if mover <= l.players && l.sow_back.len() == (l.players + 1) * n {
        Some(&l.sow_back[mover * n..(mover + 1) * n])
    } else {
        None
    }
}

/// The mover's row of the layout's sowing table, when the table is built and covers `mover`.
#[inline]
pub(crate) fn table_of(l: &Compiled, mover: usize) -> Option<&[usize]> {
    let n = l.pits.len();
    if mover <= l.players && l.sow_next.len() == (l.players + 1) * n {
        Some(&l.sow_next[mover * n..(mover + 1) * n])
    } else {
        None
    }
}

/// [`next_target`] on the board's closed flags alone, with the mover's row of the sowing table
/// when there is one (one lookup per open pit; closed pits and the skipped origin are stepped over).
#[inline(always)]
pub(crate) fn next_in(
    l: &Compiled,
    table: Option<&[usize]>,
    closed: &[bool],
    p: usize,
    origin: usize,
    mover: usize,
) -> Option<usize> {
    let mut q = p;
    match table {
        Some(t) => {
            // Each lookup moves at least one pit along the track: after `track.len()` lookups
            // every pit was seen, as in the walk below.
            for _ in 0..l.track.len() {
                q = t[q];
                if q == NO_PIT {
                    return None;
                }
                if !(closed[q] || (q == origin && l.sow.skip_origin)) {
                    return Some(q);
                }
            }
            None
        }
        None => {
            let links = if l.sow.reverse { &l.prev } else { &l.next };
            for _ in 0..l.track.len() {
                q = links[q];
                if q == NO_PIT {
                    return None;
                }
                if accepts(l, closed, q, origin, mover) {
                    return Some(q);
                }
            }
            None
        }
    }
}

/// Whether a sowing by this rule passes over some children on this board.
#[inline]
pub(crate) fn passes_children(rule: &SowRule, children: &[u8]) -> bool {
    rule.pass_children != PassChildren::None && !children.is_empty()
}

/// The pit `next` (the next one the sowing may drop into), or past it while it is an
/// opponent's child that the rule passes over (`hand` seeds still to sow, this one included).
#[allow(clippy::too_many_arguments)]
pub(crate) fn past_children(
    l: &Compiled,
    table: Option<&[usize]>,
    closed: &[bool],
    children: &[u8],
    next: Option<usize>,
    origin: usize,
    mover: usize,
    hand: i64,
) -> Option<usize> {
    if l.sow.pass_children == PassChildren::OpponentsButLast && hand <= 1 {
        return next;
    }
    let theirs = |q: usize| {
        let c = children[q];
        c != 0 && c != CHILD_OF_NOBODY && c as usize != mover
    };
    let mut q = next?;
    for _ in 0..l.track.len() {
        if !theirs(q) {
            return Some(q);
        }
        q = next_in(l, table, closed, q, origin, mover)?;
    }
    None
}

/// The next pit after `p` that sowing may drop into, or `None` when there is none.
#[inline]
pub fn next_target(
    l: &Compiled,
    b: &Board,
    p: usize,
    origin: usize,
    mover: usize,
) -> Option<usize> {
    next_in(l, table_of(l, mover), &b.closed, p, origin, mover)
}

/// The counts a drop captures, as a test: a bit mask for counts 0-63 and the list for the rest.
pub(crate) struct Counts<'a> {
    mask: u64,
    others: &'a [i64],
}

impl<'a> Counts<'a> {
    pub(crate) fn new(counts: &'a [i64]) -> Counts<'a> {
        let small = |c: &i64| (0..64).contains(c);
        Counts {
            mask: counts
                .iter()
                .filter(|c| small(c))
                .fold(0, |m, &c| m | 1 << c),
            others: if counts.iter().all(small) {
                &[]
            } else {
                counts
            },
        }
    }

    #[inline]
    pub(crate) fn hit(&self, n: i64) -> bool {
        if (0..64).contains(&n) {
            self.mask >> n & 1 != 0
        } else {
            !self.others.is_empty() && self.others.contains(&n)
        }
    }
}

/// The step before a lap from `origin` with `hand` seeds ([`BeforeLap`], not `Nothing`) by
/// `mover`; the seeds it took out of the hand. Both sowing paths call it once per lap.
#[inline(never)]
pub(crate) fn before_lap(
    l: &Compiled,
    seeds: &mut [i64],
    reserves: &mut [i64],
    trace: &mut Option<Vec<Event>>,
    origin: usize,
    hand: i64,
    mover: usize,
) -> i64 {
    match l.sow.before_lap {
        BeforeLap::Nothing => 0,
        BeforeLap::KeepOneSeed => {
            if hand == 0 {
                return 0;
            }
            give_into(l, seeds, reserves, mover, 1);
            crate::engine::board::state::emit_into(trace, || Event::Capture {
                pit: origin,
                seeds: 1,
                player: mover,
                why: "one seed kept before sowing".into(),
            });
            1
        }
        BeforeLap::SingleTakesOpposite => {
            if hand == 1 {
                if let Some(o) = l.opposite(origin) {
                    take_into(
                        l,
                        seeds,
                        reserves,
                        trace,
                        o,
                        mover,
                        "opposite a single seed, before sowing",
                    );
                }
            }
            0
        }
    }
}

/// "Capture the hole beyond an empty one": after a lap ending in `end.pit`, when the next hole
/// is empty, the hole after it is taken by `mover` (the plain sowing and the stepped one both end
/// so).
#[allow(clippy::too_many_arguments)]
pub(crate) fn take_beyond_empty(
    l: &Compiled,
    table: Option<&[usize]>,
    closed: &[bool],
    seeds: &mut [i64],
    reserves: &mut [i64],
    trace: &mut Option<Vec<Event>>,
    end: &mut SowEnd,
    mover: usize,
) {
    if let Some(empty) = next_in(l, table, closed, end.pit, NO_PIT, mover) {
        if seeds[empty] == 0 {
            if let Some(beyond) = next_in(l, table, closed, empty, NO_PIT, mover) {
                end.captured += take_into(l, seeds, reserves, trace, beyond, mover, "beyond empty");
            }
        }
    }
}
