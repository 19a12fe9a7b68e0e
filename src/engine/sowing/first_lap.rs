//! "The first lap goes on only once it has reached the opponent's side" (the sowing's
//! `relay_needs_opponent_sown`): a move's first lap relays only when one of its seeds fell into
//! a hole of an opponent's. Looked at once a move, at the first lap's end, by walking that lap
//! again: the sowing loops keep no record of where their seeds fell.

use crate::engine::declare::compiled::Compiled;
use crate::engine::geometry::layout::PitKind;
use crate::engine::sowing::step::next_in;

/// Whether the first lap of `mover`'s move, `hand` seeds sown from `from` along `table`
/// (closed holes passed over, as the sowing passes them), dropped a seed into an opponent's
/// hole (`owner_of`: a hole's owner now).
#[cold]
#[inline(never)]
pub(crate) fn sowed_opponent(
    l: &Compiled,
    table: Option<&[usize]>,
    closed: &[bool],
    from: usize,
    hand: i64,
    mover: usize,
    owner_of: &dyn Fn(usize) -> usize,
) -> bool {
    let mut q = from;
    for _ in 0..hand {
        let Some(n) = next_in(l, table, closed, q, from, mover) else {
            return false;
        };
        q = n;
        let owner = owner_of(q);
        if l.pits[q].kind == PitKind::Hole && owner != mover && owner != 0 {
            return true;
        }
    }
    false
}

/// Whether a lap may relay by this step: any lap but a move's first (`laps`, the laps sown so
/// far, 1 in the first), and the first when it sowed into an opponent's hole.
#[inline]
#[allow(clippy::too_many_arguments)]
pub(crate) fn may_relay(
    l: &Compiled,
    table: Option<&[usize]>,
    closed: &[bool],
    laps: i64,
    from: usize,
    hand: i64,
    mover: usize,
    owner_of: &dyn Fn(usize) -> usize,
) -> bool {
    !l.sow.relay_needs_opponent_sown
        || laps != 1
        || sowed_opponent(l, table, closed, from, hand, mover, owner_of)
}

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;
    use crate::engine::rule::test_boards::{data_board, play};

    /// Two rows of 4 (S1..S4, N1..N4) without stores, relaying from a lap's last hole when
    /// occupied, with the step or without it (`needs`), from `seeds`.
    fn board(needs: bool, seeds: [i64; 8]) -> Board {
        let mut b = data_board(format!(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 4, seeds: 1 }}\n    - {{ row: N, owner: 2, holes: 4, seeds: 1 }}\nsowing:\n  stores: none\n  relay: last\n  relay_needs_opponent_sown: {needs}\npipeline:\n  end:\n    - {{ when: no_move, then: to_move_loses }}\n"
        ));
        b.seeds[..8].copy_from_slice(&seeds);
        b
    }

    #[test]
    fn a_first_lap_that_stays_on_the_movers_side_does_not_relay() {
        let mut b = board(true, [1, 3, 2, 2, 2, 2, 2, 2]);
        play(&mut b, "1");
        assert_eq!(b.seeds[..8], [0, 4, 2, 2, 2, 2, 2, 2]);
        // (without the step the lap relays from S2)
        let mut b = board(false, [1, 3, 2, 2, 2, 2, 2, 2]);
        play(&mut b, "1");
        assert_ne!(b.seeds[..8], [0, 4, 2, 2, 2, 2, 2, 2]);
    }

    #[test]
    fn a_first_lap_that_sowed_the_opponents_holes_relays_even_ending_at_home() {
        let mut b = board(true, [1, 0, 0, 5, 1, 1, 1, 1]);
        play(&mut b, "4");
        // S4's five: N1..N4 and S1 (occupied), whose two go on to S2 and S3 (empty: the end).
        assert_eq!(b.seeds[..8], [0, 1, 1, 0, 2, 2, 2, 2]);
    }
}
