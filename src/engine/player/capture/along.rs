//! The take of the hole opposite a last seed in an empty hole (with `last_occupied_too`, in any
//! hole), going on along the row (`opposite.go_on_along_row`), played: after the first take,
//! each next hole along the sowing (with `go_on_back`, against it), whatever it holds, has the
//! hole opposite it taken while that passes the tests; a take that would leave the opponent's
//! row empty (a grand slam) reads `opposite.grand_slam`.

use crate::engine::board::state::{Board, PitKind, SowEnd, NO_PIT};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{BeyondSide, GrandSlam, Opposite, Pipeline};
use crate::engine::sowing::sow;

use crate::engine::player::capture::{hole_after, hole_before, leave_first};
use crate::engine::player::material::next_of;

/// Whether the opponent of `mover` has seeds in his row's open holes (before the move, for the
/// grand slam's test).
pub(in crate::engine::player) fn opponent_row_has_seeds(
    b: &Board,
    l: &Compiled,
    p: &Pipeline,
    mover: usize,
) -> bool {
    p.at.holes_of
        .get(next_of(l, mover))
        .is_some_and(|row| row.iter().any(|&h| !b.closed[h] && b.seeds[h] > 0))
}

/// The counts of the opponent's holes of `mover` (for `only_if_opponent_row_changed`: his row
/// before and after the move).
#[cold]
#[inline(never)]
pub(in crate::engine::player) fn opponent_counts(
    b: &Board,
    l: &Compiled,
    mover: usize,
) -> Vec<i64> {
    l.holes
        .iter()
        .filter(|&&h| {
            let o = l.pits[h].owner;
            o != mover && o != 0
        })
        .map(|&h| b.seeds[h])
        .collect()
}

/// `grand_slam: all_then_own_row_to_opponent`, after a take opposite (the opponent held seeds
/// in his row before the move): when his row is now empty, the seeds left in `mover`'s own
/// holes go to him.
#[cold]
#[inline(never)]
pub(in crate::engine::player) fn own_row_to_opponent_if_slam(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    mover: usize,
) {
    if opponent_row_has_seeds(b, l, p, mover) {
        return;
    }
    let opp = next_of(l, mover);
    let Some(row) = p.at.holes_of.get(mover) else {
        return;
    };
    for &h in row {
        if !b.closed[h] && b.seeds[h] > 0 {
            sow::capture(b, h, opp, "grand slam: the mover's holes to the opponent");
        }
    }
}

/// The takes from the last hole `end.pit`; `opp_had`: the opponent had seeds in his row before
/// the move (only then can a move be a grand slam).
#[inline(never)]
pub(in crate::engine::player) fn opposite_along_row(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    o: &Opposite,
    mover: usize,
    end: &SowEnd,
    opp_had: bool,
) {
    let last = end.pit;
    if l.pits[last].kind != PitKind::Hole || !(end.was_empty || o.last_occupied_too) {
        return;
    }
    // The holes to take, found before any is taken (each is opposite a different hole).
    let mut taken = [NO_PIT; 64];
    let mut n = 0;
    let mut q = last;
    for _ in 0..l.holes.len().min(64) {
        let Some(opp) = l.opposite(q).filter(|&x| !b.shielded(x)) else {
            break;
        };
        // (the hole taken must be on the side facing `last_in`'s, by this round's owners)
        if !facing_side_ok(b, o.last_in, opp, mover) {
            break;
        }
        let k = b.seeds[opp];
        if k == 0 || !o.count_ok(k) {
            break;
        }
        taken[n] = opp;
        n += 1;
        q = if o.go_on_back {
            hole_before(l, b, q)
        } else {
            hole_after(l, b, q)
        };
        if q == NO_PIT || q == last {
            break;
        }
    }
    if n == 0 {
        return;
    }
    if o.grand_slam == GrandSlam::LeaveFirst && opp_had {
        let row = &p.at.holes_of[next_of(l, mover)];
        let occupied = row
            .iter()
            .filter(|&&h| !b.closed[h] && b.seeds[h] > 0)
            .count();
        let all = row
            .iter()
            .all(|&h| b.closed[h] || b.seeds[h] == 0 || taken[..n].contains(&h));
        if all && occupied > 1 {
            // (the last seed stays, as no take was made)
            leave_first(b, l, p, mover, "opposite, a grand slam");
            return;
        }
    }
    sow::capture(b, taken[0], mover, "opposite");
    if o.take_last {
        sow::capture(b, last, mover, "last seed");
    }
    for &h in &taken[1..n] {
        sow::capture(b, h, mover, "opposite, further on");
    }
}

/// Whether hole `h`, to be taken, faces a hole on `side` for `mover`: the opponent's when the
/// last seed must fall in the mover's holes, the mover's when in the opponent's.
fn facing_side_ok(b: &Board, side: BeyondSide, h: usize, mover: usize) -> bool {
    let owner = b.hole_owner(h);
    match side {
        BeyondSide::Any => true,
        BeyondSide::Own => owner != mover && owner != 0,
        BeyondSide::Opponent => owner == mover,
    }
}
