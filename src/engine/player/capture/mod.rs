//! Captures after the sowing, played: the chain of holes with the declared counts, and a grand
//! slam's rule. (The capture of the facing hole is in [`play`](super::play).)

pub mod along;
pub mod chosen;
pub(crate) mod laps;
pub mod more;

use crate::engine::board::state::{Board, PitKind, SowEnd, NO_PIT};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{GrandSlam, Pipeline};
use crate::engine::sowing::sow;

use crate::engine::player::material::{next_of, seeds_of};
use crate::engine::player::notes::note;

/// Whether `q` is a hole on the chain's side (for `mover`) holding a count it captures (a chain
/// goes on through it).
#[inline]
pub(in crate::engine::player) fn takes(
    b: &Board,
    l: &Compiled,
    c: &crate::engine::declare::pipeline::Chain,
    mover: usize,
    q: usize,
) -> bool {
    takes_on(b, l, c, mover, q, c.side)
}

/// Whether `last`, the last hole, starts the chain: with `last_any_side`, on either side.
#[inline]
pub(in crate::engine::player) fn takes_last(
    b: &Board,
    l: &Compiled,
    c: &crate::engine::declare::pipeline::Chain,
    mover: usize,
    last: usize,
) -> bool {
    if c.last_any_side {
        takes_on(
            b,
            l,
            c,
            mover,
            last,
            crate::engine::declare::pipeline::ChainSide::Any,
        )
    } else {
        takes(b, l, c, mover, last)
    }
}

/// Whether the line goes on past the last hole `last`: with `last_any_side`, only from a last
/// hole on the chain's side.
#[inline]
pub(in crate::engine::player) fn goes_on_from_last(
    b: &Board,
    l: &Compiled,
    c: &crate::engine::declare::pipeline::Chain,
    mover: usize,
    last: usize,
) -> bool {
    !c.last_any_side || takes(b, l, c, mover, last)
}

/// [`takes`] with the side given.
#[inline]
fn takes_on(
    b: &Board,
    l: &Compiled,
    c: &crate::engine::declare::pipeline::Chain,
    mover: usize,
    q: usize,
    side: crate::engine::declare::pipeline::ChainSide,
) -> bool {
    use crate::engine::declare::pipeline::ChainSide;
    if q == NO_PIT || l.pits[q].kind != PitKind::Hole {
        return false;
    }
    let owner = b.hole_owner(q);
    let side_ok = match side {
        ChainSide::Opponent => owner != mover && owner != 0,
        ChainSide::Own => owner == mover,
        ChainSide::Any => true,
    };
    // (the common refusal first: a hole on the wrong side; the mover's own holes named by
    // `also_own_holes` are the rare exception)
    let own_named = || {
        owner == mover
            && !c.also_own_holes.is_empty()
            && c.also_own_holes.contains(&(l.pits[q].pos as i64))
    };
    if !(side_ok || own_named()) {
        return false;
    }
    let n = b.seeds[q];
    n > 0
        && !b.is_child(q)
        && (c.counts.is_empty() || c.counts.contains(&n))
        && (!c.even || n % 2 == 0)
        && (c.at_least <= 0 || n >= c.at_least)
        && (c.at_most <= 0 || n <= c.at_most)
        && (!c.only_played_from
            || crate::engine::player::opening::was_played_from(b, l, &c.played_vars, q))
}

/// The holes a chain from `last` takes, written to `caught` (returns how many, and whether they
/// are all the opponent's seeds: a grand slam). Most moves capture nothing: they return before
/// touching `caught`.
pub(in crate::engine::player) fn chain_scan(
    b: &Board,
    l: &Compiled,
    p: &Pipeline,
    c: &crate::engine::declare::pipeline::Chain,
    mover: usize,
    last: usize,
    caught: &mut [usize; 64],
) -> (usize, bool) {
    let opp = next_of(l, mover);
    if !takes_last(b, l, c, mover, last) {
        return (0, false);
    }
    // (a player's first captures: of the counts named, in order)
    let done = c
        .capture_vars
        .get(mover.wrapping_sub(1))
        .map(|&v| b.vars[v]);
    if let Some(&want) = done.and_then(|k| c.first_counts.get(k.max(0) as usize)) {
        if b.seeds[last] != want {
            return (0, false);
        }
    }
    if let Some(first) = c.first_on {
        use crate::engine::declare::pipeline::ChainSide;
        let owner = b.hole_owner(last);
        let ok = match first {
            ChainSide::Opponent => owner != mover && owner != 0,
            ChainSide::Own => owner == mover,
            ChainSide::Any => true,
        } || (owner == mover && c.also_own_holes.contains(&(l.pits[last].pos as i64)));
        if !ok {
            return (0, false);
        }
    }
    let limit = if c.max > 0 {
        (c.max as usize).min(caught.len())
    } else {
        caught.len()
    };
    let mut n = 0;
    let mut from_opp = 0;
    let mut q = last;
    // (the last hole passed above; with `last_any_side` the line goes on only from one on the
    // chain's side)
    let on = goes_on_from_last(b, l, c, mover, last);
    while n < limit
        && (n == 0 || (on && takes(b, l, c, mover, q)))
        && !caught[..n].contains(&q)
        && !(n > 0 && c.stops_at_start && q == b.last.from)
    {
        caught[n] = q;
        n += 1;
        if l.pits[q].owner == opp {
            from_opp += b.seeds[q];
        }
        q = chain_step(l, b, c, q);
    }
    if c.and_row_neighbours && n > 0 && caught[0] == last {
        if let Some(row) = l.pits[last].row.and_then(|r| l.rows.get(r)) {
            let at = row.pits.iter().position(|&h| h == last).unwrap_or(0);
            let beside = [at.checked_sub(1), Some(at + 1)];
            for q in beside.into_iter().flatten().filter_map(|i| row.pits.get(i)) {
                if n < caught.len() && takes(b, l, c, mover, *q) && !caught[..n].contains(q) {
                    caught[n] = *q;
                    n += 1;
                    if l.pits[*q].owner == opp {
                        from_opp += b.seeds[*q];
                    }
                }
            }
        }
    }
    // (a grand slam empties the opponent's row, whoever owns its holes this round)
    let in_row = if b.owners.is_empty() {
        seeds_of(b, p, opp)
    } else {
        crate::engine::player::rounds::territory::seeds_in_row(b, p, opp)
    };
    let slam = c.grand_slam != GrandSlam::All && from_opp > 0 && from_opp == in_row;
    (n, slam)
}

/// Oware's chain: backwards from the last pit over the opponent's holes holding one of the counts.
/// Whether it was a grand slam read `all_move_again` (the mover then moves again). `opp_had`:
/// the opponent held seeds before the move (read with `slam_if_held`).
pub(in crate::engine::player) fn chain(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    c: &crate::engine::declare::pipeline::Chain,
    mover: usize,
    last: usize,
    opp_had: bool,
) -> bool {
    let mut caught = [NO_PIT; 64];
    let (n, slam) = chain_scan(b, l, p, c, mover, last, &mut caught);
    let slam = slam && (opp_had || !c.slam_if_held);
    if n == 0 {
        return false;
    }
    if slam && c.grand_slam == GrandSlam::LeaveFirst {
        leave_first(b, l, p, mover, &c.why);
        return false;
    }
    // `nothing`, and `illegal` (played only when every move was one): it captures nothing.
    if slam && c.grand_slam != GrandSlam::AllMoveAgain {
        note(b, p, &p.notes.grand_slam, mover, Vec::new);
        return false;
    }
    for &h in &caught[..n] {
        let to = if c.to_hole_owner {
            b.hole_owner(h)
        } else {
            mover
        };
        sow::capture(b, h, to, &c.why);
    }
    if let Some(&v) = c.capture_vars.get(mover.wrapping_sub(1)) {
        b.vars[v] += 1;
    }
    slam
}

/// A grand slam read `leave_first`: the mover takes every hole of the opponent's but his first
/// one holding seeds (his holes in sowing order); all of them when only one holds seeds.
pub(in crate::engine::player) fn leave_first(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    mover: usize,
    why: &str,
) {
    let opp = next_of(l, mover);
    let Some(holes) = p.at.holes_of.get(opp) else {
        return;
    };
    let occupied = holes.iter().filter(|&&h| b.seeds[h] > 0).count();
    let mut kept = occupied <= 1;
    for &h in holes {
        if b.seeds[h] == 0 {
            continue;
        }
        if !kept {
            kept = true;
            continue;
        }
        sow::capture(b, h, mover, why);
    }
}

/// The hole after `p` in the chain's direction, passing over stores and closed holes.
pub(in crate::engine::player) fn chain_step(
    l: &Compiled,
    b: &Board,
    c: &crate::engine::declare::pipeline::Chain,
    p: usize,
) -> usize {
    use crate::engine::declare::pipeline::ChainDirection;
    let back = matches!(
        c.direction,
        ChainDirection::Back | ChainDirection::AgainstTrack
    );
    // The direction of this move's sowing (some moves are sown the other way), or the track's.
    let fixed = matches!(
        c.direction,
        ChainDirection::AgainstTrack | ChainDirection::AlongTrack
    );
    let reverse = l.sow.reverse != (b.last.reversed && !fixed);
    let links = if reverse == back { &l.next } else { &l.prev };
    open_hole_along(l, b, links, p)
}

/// The hole after `p` with the sowing, passing over stores and closed holes.
pub(in crate::engine::player) fn hole_after(l: &Compiled, b: &Board, p: usize) -> usize {
    let links = if l.sow.reverse != b.last.reversed {
        &l.prev
    } else {
        &l.next
    };
    open_hole_along(l, b, links, p)
}

/// The hole before `p` with the sowing (after it against the sowing), passing over stores and
/// closed holes.
pub(in crate::engine::player) fn hole_before(l: &Compiled, b: &Board, p: usize) -> usize {
    let links = if l.sow.reverse != b.last.reversed {
        &l.next
    } else {
        &l.prev
    };
    open_hole_along(l, b, links, p)
}

/// The first open hole after `p` following `links` (the track's next or previous pits), passing
/// over stores and closed holes; `NO_PIT` at the track's end or after a whole round.
fn open_hole_along(l: &Compiled, b: &Board, links: &[usize], p: usize) -> usize {
    let mut q = p;
    for _ in 0..l.track.len() {
        q = links[q];
        if q == NO_PIT {
            return NO_PIT;
        }
        if !b.closed[q] && l.pits[q].kind == PitKind::Hole {
            return q;
        }
    }
    NO_PIT
}

/// The capture across a gap from the last hole `last` (the hole beyond must hold seeds).
pub(in crate::engine::player) fn beyond_empty(
    b: &mut Board,
    l: &Compiled,
    g: &crate::engine::declare::pipeline::BeyondEmpty,
    mover: usize,
    last: usize,
) {
    use crate::engine::declare::pipeline::BeyondSide;
    let mut at = last;
    for _ in 0..l.holes.len() {
        let gap = hole_after(l, b, at);
        if gap == NO_PIT || b.seeds[gap] != 0 {
            return;
        }
        let beyond = hole_after(l, b, gap);
        if beyond == NO_PIT || b.seeds[beyond] == 0 || b.is_child(beyond) {
            return;
        }
        let owner = l.pits[beyond].owner;
        let ok = match g.side {
            BeyondSide::Any => true,
            BeyondSide::Opponent => owner != mover && owner != 0,
            BeyondSide::Own => owner == mover,
        };
        if !ok {
            return;
        }
        sow::capture(b, beyond, mover, "beyond an empty hole");
        if g.and_opposite && at == last {
            if let Some(o) = l.opposite(beyond) {
                sow::capture(b, o, mover, "opposite the hole taken");
            }
        }
        if !g.repeat {
            return;
        }
        at = beyond;
    }
}

/// The capture of the hole opposite a last seed that fell into an empty hole (on the side
/// `last_in` says), when the hole opposite passes the count test; whether it took any seeds.
pub(in crate::engine::player) fn opposite(
    b: &mut Board,
    l: &Compiled,
    o: &crate::engine::declare::pipeline::Opposite,
    mover: usize,
    end: &SowEnd,
) -> bool {
    use crate::engine::declare::pipeline::BeyondSide;
    let last = end.pit;
    let owner = b.hole_owner(last);
    let side_ok = match o.last_in {
        BeyondSide::Own => owner == mover,
        BeyondSide::Opponent => owner != mover && owner != 0,
        BeyondSide::Any => true,
    };
    if l.pits[last].kind != PitKind::Hole || !side_ok || !end.was_empty {
        return false;
    }
    // A child is never captured.
    let Some(opp) = l.opposite(last).filter(|&q| !b.shielded(q)) else {
        return false;
    };
    let n = b.seeds[opp];
    if !((n > 0 && o.count_ok(n)) || (n == 0 && o.when_opposite_empty)) {
        return false;
    }
    if o.pull_into_last {
        // (the seeds opposite join the last hole: they stay on the board)
        b.seeds[opp] = 0;
        b.seeds[last] += n;
        b.emit(|| crate::engine::trace::event::Event::Move {
            from: opp,
            to: last,
            seeds: n,
        });
        return n > 0;
    }
    let to = if o.to_last_hole_owner && owner != 0 {
        owner
    } else {
        mover
    };
    let mut took = sow::capture(b, opp, to, "opposite");
    if o.take_last {
        took += sow::capture(b, last, to, "last seed");
    }
    if o.go_on_while_next_empty {
        took += opposite_while_empty(b, l, o, mover, last);
    }
    took > 0
}

/// `go_on_while_next_empty`: from the hole after `last` along the sowing, while the hole is
/// empty and on the last hole's side, takes the hole opposite it (when that passes the tests);
/// the seeds taken.
fn opposite_while_empty(
    b: &mut Board,
    l: &Compiled,
    o: &crate::engine::declare::pipeline::Opposite,
    mover: usize,
    last: usize,
) -> i64 {
    let mut took = 0;
    let mut q = last;
    for _ in 0..l.holes.len() {
        q = hole_after(l, b, q);
        if q == NO_PIT || q == last || b.seeds[q] != 0 || !on_side(l, o.last_in, q, mover) {
            break;
        }
        let Some(opp) = l.opposite(q).filter(|&x| !b.shielded(x)) else {
            break;
        };
        let n = b.seeds[opp];
        if n == 0 || !o.count_ok(n) {
            break;
        }
        took += sow::capture(b, opp, mover, "opposite, further on");
    }
    took
}

/// Whether hole `q` is on `side` for `mover`.
pub(in crate::engine::player) fn on_side(
    l: &Compiled,
    side: crate::engine::declare::pipeline::BeyondSide,
    q: usize,
    mover: usize,
) -> bool {
    use crate::engine::declare::pipeline::BeyondSide;
    let owner = l.pits[q].owner;
    l.pits[q].kind == PitKind::Hole
        && match side {
            BeyondSide::Any => true,
            BeyondSide::Opponent => owner != mover && owner != 0,
            BeyondSide::Own => owner == mover,
        }
}

/// The capture of the hole after the last one `last` (with the sowing).
pub(in crate::engine::player) fn next_hole(
    b: &mut Board,
    l: &Compiled,
    c: &crate::engine::declare::pipeline::NextHole,
    mover: usize,
    last: usize,
) {
    if !on_side(l, c.last_in, last, mover) {
        return;
    }
    let passes = |b: &Board, q: usize| {
        q != NO_PIT && b.seeds[q] > 0 && (c.counts.is_empty() || c.counts.contains(&b.seeds[q]))
    };
    let mut next = hole_after(l, b, last);
    if !passes(b, next) {
        return;
    }
    sow::capture(b, next, mover, "the hole after the last");
    if c.and_last {
        sow::capture(b, last, mover, "the last hole");
    }
    if c.repeat {
        for _ in 0..l.holes.len() {
            next = hole_after(l, b, next);
            if !passes(b, next) {
                break;
            }
            sow::capture(b, next, mover, "the hole after a hole taken");
        }
    }
}

/// The take of the opponent's holes holding the counts, when the last seed fell on his row (or
/// in the mover's last hole).
pub(in crate::engine::player) fn counted_holes(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    c: &crate::engine::declare::pipeline::CountedHoles,
    mover: usize,
    last: usize,
    captured: bool,
) {
    use crate::engine::declare::pipeline::BeyondSide;
    let mine = p.at.holes_of.get(mover).and_then(|h| h.last().copied());
    let ok = if c.after_capture {
        captured
    } else {
        on_side(l, BeyondSide::Opponent, last, mover) || (c.or_last_own_hole && mine == Some(last))
    };
    if !ok {
        return;
    }
    let opp = next_of(l, mover);
    for i in 0..p.at.holes_of[opp].len() {
        let h = p.at.holes_of[opp][i];
        let n = b.seeds[h];
        if n > 0 && !b.closed[h] && (c.counts.is_empty() || c.counts.contains(&n)) {
            sow::capture(b, h, mover, "a hole holding a count taken");
        }
    }
}

/// The loss of the mover's store to the opponent, when the last seed fell in an empty hole on
/// `last_in`.
pub(in crate::engine::player) fn store_to_opponent(
    b: &mut Board,
    l: &Compiled,
    c: &crate::engine::declare::pipeline::StoreToOpponent,
    mover: usize,
    last: usize,
    was_empty: bool,
) {
    if !was_empty || !on_side(l, c.last_in, last, mover) {
        return;
    }
    if let Some(store) = l.store_of(mover) {
        sow::capture(b, store, next_of(l, mover), "the store, to the opponent");
    }
}

/// The take of the last few seeds.
pub(in crate::engine::player) fn last_seeds(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    t: &crate::engine::declare::pipeline::LastSeeds,
    mover: usize,
) {
    use crate::engine::declare::pipeline::BeyondSide;
    let kids: &[u8] = &b.children;
    // (counted until past `at_most`: most moves leave more, and stop at the first holes)
    let mut counted: i64 = 0;
    for &h in &l.holes {
        if !b.closed[h]
            && (kids.is_empty() || kids[h] == 0)
            && match t.counted {
                BeyondSide::Any => true,
                BeyondSide::Opponent => {
                    let o = b.hole_owner(h);
                    o != mover && o != 0
                }
                BeyondSide::Own => b.hole_owner(h) == mover,
            }
        {
            counted += b.seeds[h];
            if counted > t.at_most {
                return;
            }
        }
    }
    if counted > 0 && counted <= t.at_most {
        let to = match t.to {
            crate::engine::declare::pipeline::LastSeedsTo::Mover => mover,
            crate::engine::declare::pipeline::LastSeedsTo::RoundStarter => {
                p.at.round_starter_var
                    .map_or(mover, |v| b.vars[v] as usize)
                    .clamp(1, l.players)
            }
        };
        for i in 0..l.holes.len() {
            let h = l.holes[i];
            if !b.closed[h] && !b.is_child(h) {
                sow::capture(b, h, to, "the last seeds");
            }
        }
    }
}
