//! `moves.feed_after_first_lap` (with `must_feed`, `feed_after_captures`): a move feeds only
//! when the next player also holds seeds after its first lap, sown alone (no relay, no capture
//! after it): the reading of an engine that checks "the opponent has seeds to play" after each
//! lap of a relay sowing (Ludii's), where the whole move's end alone is the published rule's.

use std::sync::Arc;

use crate::engine::board::state::Board;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::declare::sowing::AtMaxLaps;
use crate::engine::player::material::side_empty;
use crate::engine::sowing::sow;

/// The layout sown one lap at most: a move on it stops where its first lap ends.
pub(crate) fn one_lap(l: &Compiled) -> Arc<Compiled> {
    let mut one = l.clone();
    one.sow.max_laps = 1;
    one.sow.at_max_laps = AtMaxLaps::Stop;
    Arc::new(one)
}

/// Whether `opp` holds seeds after the first lap of `player`'s move `mv` (sown on `one`, see
/// [`one_lap`]).
pub(crate) fn first_lap_feeds(
    b: &Board,
    p: &Pipeline,
    one: &Arc<Compiled>,
    player: usize,
    mv: usize,
    opp: usize,
) -> bool {
    let mut trial = b.clone();
    trial.trace = None;
    trial.to_move = player;
    trial.layout = one.clone();
    sow::sow(&mut trial, mv).is_ok() && !side_empty(&trial, p, opp)
}

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;
    use crate::engine::rule::test_boards::{data_board, labels};

    /// A data rule on 2 x 3 holes, relay sowing, the opponent fed after captures always;
    /// `first_lap`: the key.
    fn board(first_lap: bool, seeds: [i64; 6]) -> Board {
        let text = format!(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 3, seeds: 0 }}\n    - {{ row: N, owner: 2, holes: 3, seeds: 0 }}\nsowing: {{ stores: none, relay: last, max_laps: 50, at_max_laps: stop }}\npipeline:\n  moves: {{ must_feed: true, feed_after_captures: true, feed_always: true, feed_after_first_lap: {first_lap} }}\n  end:\n    - {{ when: no_move, then: most_seeds }}\n"
        );
        let mut b = data_board(text);
        b.seeds = seeds.to_vec();
        b
    }

    #[test]
    fn a_move_whose_first_lap_leaves_the_opponent_empty_does_not_feed() {
        // North empty. S1 (1) sows into S2 (1 -> 2) and relays: S3, N1: fed at the move's end,
        // not after its first lap. S3 (1) sows into N1 at once.
        assert_eq!(labels(&board(false, [1, 1, 1, 0, 0, 0])), ["1", "2", "3"]);
        assert_eq!(labels(&board(true, [1, 1, 1, 0, 0, 0])), ["3"]);
    }
}
