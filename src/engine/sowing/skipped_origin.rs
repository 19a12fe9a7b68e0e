//! Two tests at a lap's end, for the reading of an engine that looks at a lap's end hole by
//! counting steps: `sowing.relay_stops_before_empty` ([`before_empty`]) and
//! `sowing.judge_at_skipped_origin`: a lap whose last seed is sown just past its skipped start
//! hole (`skip_origin`) ends at that start hole, empty. The hole judged is then the one as many
//! steps along the track from the start as seeds were sown, the skipped hole counted: the relay
//! and the captures after the lap look at the start hole (Ludii's reading of games that skip the
//! start hole, e.g. 12 seeds sown from a hole of a 2 x 6 board), while the seeds lie where they
//! were sown.

use crate::engine::board::state::NO_PIT;
use crate::engine::declare::compiled::Compiled;
use crate::engine::sowing::step::next_in;

/// Where a lap is judged: `(pit, was_empty)`. `prev` is the pit before the lap's last drop,
/// `last` the pit of that drop, `origin` the lap's start; `table` and `closed` as the sowing
/// loops use them.
#[inline]
#[allow(clippy::too_many_arguments)]
pub(crate) fn judged_end(
    l: &Compiled,
    table: Option<&[usize]>,
    closed: &[bool],
    prev: usize,
    last: usize,
    origin: usize,
    mover: usize,
    was_empty: bool,
) -> (usize, bool) {
    if l.sow.judge_at_skipped_origin
        && last != origin
        && prev != origin
        && next_in(l, table, closed, prev, NO_PIT, mover) == Some(origin)
    {
        (origin, true)
    } else {
        (last, was_empty)
    }
}

/// `sowing.relay_stops_before_empty`: whether the pit after `pos` along the sowing (closed
/// holes passed over) is an empty hole, so that the lap does not relay.
#[inline]
pub(crate) fn before_empty(
    l: &Compiled,
    table: Option<&[usize]>,
    closed: &[bool],
    seeds: &[i64],
    pos: usize,
    mover: usize,
) -> bool {
    next_in(l, table, closed, pos, NO_PIT, mover).is_some_and(|n| {
        l.pits[n].kind == crate::engine::board::state::PitKind::Hole && seeds[n] == 0
    })
}

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;
    use crate::engine::rule::test_boards::{data_board, play};

    /// A data rule on 2 x 3 holes, the start hole skipped, captures of 2 and 3 in the
    /// opponent's holes; `judged`: the key.
    fn board(judged: bool, seeds: [i64; 6]) -> Board {
        let text = format!(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 3, seeds: 0 }}\n    - {{ row: N, owner: 2, holes: 3, seeds: 0 }}\nsowing: {{ stores: none, skip_origin: true, judge_at_skipped_origin: {judged} }}\npipeline:\n  capture:\n    chain: {{ counts: [2, 3], max: 1 }}\n  end:\n    - {{ when: no_move, then: most_seeds }}\n"
        );
        let mut b = data_board(text);
        b.seeds = seeds.to_vec();
        b
    }

    #[test]
    fn a_lap_ending_just_past_its_skipped_start_is_judged_at_the_start() {
        // S3's six seeds: N1, N2, N3, S1, S2, then past S3 (skipped) into N1, which now holds 3.
        let mut b = board(false, [0, 0, 6, 1, 0, 0]);
        play(&mut b, "3");
        assert_eq!(b.seeds, [1, 1, 0, 0, 1, 1], "N1's 3 captured");
        let mut b = board(true, [0, 0, 6, 1, 0, 0]);
        play(&mut b, "3");
        assert_eq!(
            b.seeds,
            [1, 1, 0, 3, 1, 1],
            "judged at S3, empty: nothing captured"
        );
    }

    #[test]
    fn a_lap_followed_by_an_empty_hole_does_not_relay() {
        let text = |stop: bool| {
            format!(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 3, seeds: 0 }}\n    - {{ row: N, owner: 2, holes: 3, seeds: 0 }}\nsowing: {{ stores: none, relay: last, relay_stops_before_empty: {stop}, max_laps: 50, at_max_laps: stop }}\npipeline:\n  capture:\n    beyond_empty: {{ last_occupied: true, side: any }}\n  end:\n    - {{ when: no_move, then: most_seeds }}\n"
        )
        };
        let mut boards = [false, true].map(|stop| {
            let rule =
                crate::Rule::data_from_text(text(stop), std::path::Path::new("t.yaml")).unwrap();
            let opts = rule.resolve_options::<&str>(&[]).unwrap();
            let mut b = rule.new_board(&opts).unwrap().cast::<Board>();
            b.seeds = vec![2, 1, 1, 0, 3, 0];
            b
        });
        for b in boards.iter_mut() {
            play(b, "1");
        }
        // S1's two seeds: S2, S3 (now 2); N1 next is empty: no relay, and N2 beyond it (3) is
        // taken.
        assert_eq!(boards[1].seeds, [0, 2, 2, 0, 0, 0]);
        assert_eq!(boards[1].reserves[0], 3);
        // Without the key S3 relays: N1, N2 (now 4) relays on, and so on.
        assert_ne!(boards[0].seeds, boards[1].seeds);
    }

    #[test]
    fn a_lap_not_passing_its_start_is_judged_where_it_ends() {
        // S3's two seeds: N1 (now 2), N2: the last hole, N2, holds 2: captured either way.
        for judged in [false, true] {
            let mut b = board(judged, [0, 0, 2, 1, 1, 0]);
            play(&mut b, "3");
            assert_eq!(b.seeds, [0, 0, 0, 2, 0, 0]);
        }
    }
}
