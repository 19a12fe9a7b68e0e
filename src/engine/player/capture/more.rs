//! More captures, played: every hole holding a single seed, the last hole and the hole opposite
//! when they match, the holes facing the mover's single seeds before he sows, and a chain that
//! takes the hole opposite each hole it takes.

use crate::engine::board::state::{Board, PitKind, NO_PIT};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{BeyondSide, Chain, Pipeline, SingleSeedHoles};
use crate::engine::sowing::sow;

use crate::engine::player::capture::{chain_step, goes_on_from_last, takes, takes_last};

/// Whether hole `q` is on `side` for `mover`.
#[inline]
fn side_ok(l: &Compiled, side: BeyondSide, q: usize, mover: usize) -> bool {
    let owner = l.pits[q].owner;
    match side {
        BeyondSide::Any => true,
        BeyondSide::Opponent => owner != mover && owner != 0,
        BeyondSide::Own => owner == mover,
    }
}

/// The take of every open hole on the side asked that holds exactly one seed (no child).
pub(in crate::engine::player) fn single_seed_holes(
    b: &mut Board,
    l: &Compiled,
    c: &SingleSeedHoles,
    mover: usize,
) {
    for i in 0..l.holes.len() {
        let h = l.holes[i];
        let n = b.seeds[h];
        let counted = if c.counts.is_empty() {
            n == 1
        } else {
            n > 0 && c.counts.contains(&n)
        };
        if counted && !b.closed[h] && !b.is_child(h) && side_ok(l, c.side, h, mover) {
            sow::capture(
                b,
                h,
                mover,
                if c.counts.is_empty() {
                    "a single seed"
                } else {
                    "a counted hole"
                },
            );
        }
    }
}

/// When the last hole `last` holds as many seeds as the hole opposite (neither a child), the
/// mover takes both; with `run`, the take goes on from the last hole while each next hole
/// matches the hole opposite it.
pub(in crate::engine::player) fn matching_opposite(
    b: &mut Board,
    l: &Compiled,
    mover: usize,
    last: usize,
    run: Option<&crate::engine::declare::pipeline::MatchingRun>,
) {
    use crate::engine::declare::pipeline::{BackFails, MatchingWay};
    if !take_matching_pair(
        b,
        l,
        mover,
        last,
        ["as many as the hole opposite", "as many as the last hole"],
    ) {
        return;
    }
    let Some(r) = run else {
        return;
    };
    // (the holes after the last one, each way)
    let more = if r.max > 0 {
        r.max as usize - 1
    } else {
        l.holes.len()
    };
    let ways: &[bool] = match r.direction {
        MatchingWay::Forward => &[false],
        MatchingWay::Back => &[true],
        MatchingWay::Both => &[false, true],
    };
    // The direction of this move's sowing (some moves are sown the other way).
    let reverse = l.sow.reverse != b.last.reversed;
    // (the hole past the last one the first way took, when `more` cut that way)
    let mut cut_at = NO_PIT;
    for (way, &back) in ways.iter().enumerate() {
        let links = if reverse != back { &l.prev } else { &l.next };
        let mut q = last;
        let mut cut = true;
        for k in 0..more {
            let next = super::open_hole_along(l, b, links, q);
            if next == NO_PIT
                || !take_matching_pair(b, l, mover, next, ["a matching pair, going on"; 2])
            {
                cut = false;
                if way == 1 && k == 0 && more >= 2 && cut_at != NO_PIT {
                    take_matching_pair(b, l, mover, cut_at, ["a matching pair, past the limit"; 2]);
                }
                break;
            }
            q = next;
        }
        if way == 0 && cut && r.back_fails == BackFails::BeyondLimit {
            cut_at = super::open_hole_along(l, b, links, q);
        }
    }
}

/// Takes hole `h` and the hole opposite it when they hold as many seeds (some; neither a
/// child); whether it did.
fn take_matching_pair(b: &mut Board, l: &Compiled, mover: usize, h: usize, why: [&str; 2]) -> bool {
    if l.pits[h].kind != PitKind::Hole || b.is_child(h) {
        return false;
    }
    let Some(o) = l.opposite(h).filter(|&o| !b.is_child(o)) else {
        return false;
    };
    if b.seeds[h] > 0 && b.seeds[h] == b.seeds[o] {
        sow::capture(b, h, mover, why[0]);
        sow::capture(b, o, mover, why[1]);
        return true;
    }
    false
}

/// Before the sowing: the mover takes every hole facing one of his own holes that holds a single
/// seed (when it holds seeds and is no child).
pub(in crate::engine::player) fn opposite_of_singles(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    mover: usize,
) {
    let Some(own) = p.at.holes_of.get(mover) else {
        return;
    };
    for &h in own {
        if b.seeds[h] != 1 || b.closed[h] {
            continue;
        }
        if let Some(o) = l.opposite(h).filter(|&o| b.seeds[o] > 0 && !b.is_child(o)) {
            sow::capture(b, o, mover, "facing a single seed");
        }
    }
}

/// A chain that takes the hole opposite each hole it takes: each hole is tested on the board as
/// the takes before it left it (a hole opposite taken earlier holds nothing).
pub(in crate::engine::player) fn chain_and_opposite(
    b: &mut Board,
    l: &Compiled,
    c: &Chain,
    mover: usize,
    last: usize,
) {
    if let Some(first) = c.first_on {
        use crate::engine::declare::pipeline::ChainSide;
        let owner = l.pits[last].owner;
        let ok = match first {
            ChainSide::Opponent => owner != mover && owner != 0,
            ChainSide::Own => owner == mover,
            ChainSide::Any => true,
        };
        if !ok {
            return;
        }
    }
    let limit = if c.max > 0 {
        c.max as usize
    } else {
        l.holes.len()
    };
    // (with `last_any_side`, whether the line goes on past the last hole, judged before the
    // takes empty it)
    let on = goes_on_from_last(b, l, c, mover, last);
    if c.as_sown {
        // the line judged on the board as the sowing left it, then taken
        let mut line = Vec::new();
        let mut q = last;
        while line.len() < limit
            && q != NO_PIT
            && (if line.is_empty() {
                takes_last(b, l, c, mover, q)
            } else {
                on && takes(b, l, c, mover, q)
            })
            && !line.contains(&q)
            && !(!line.is_empty() && c.stops_at_start && q == b.last.from)
        {
            line.push(q);
            q = chain_step(l, b, c, q);
        }
        for h in line {
            if b.seeds[h] > 0 {
                sow::capture(b, h, mover, &c.why);
            }
            if let Some(o) = l.opposite(h).filter(|&o| b.seeds[o] > 0 && !b.is_child(o)) {
                sow::capture(b, o, mover, "opposite a hole taken");
            }
        }
        return;
    }
    let mut q = last;
    let mut n = 0;
    while n < limit
        && q != NO_PIT
        && (if n == 0 {
            takes_last(b, l, c, mover, q)
        } else {
            on && takes(b, l, c, mover, q)
        })
        && !(n > 0 && c.stops_at_start && q == b.last.from)
    {
        sow::capture(b, q, mover, &c.why);
        if let Some(o) = l.opposite(q).filter(|&o| b.seeds[o] > 0 && !b.is_child(o)) {
            sow::capture(b, o, mover, "opposite a hole taken");
        }
        n += 1;
        q = chain_step(l, b, c, q);
    }
}
