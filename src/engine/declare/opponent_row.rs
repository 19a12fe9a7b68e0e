//! `moves.from_opponent_row`: "sow from one of the opponent's holes". Two players; each plays
//! only from the holes of the other, which stay the other's for everything else (the seeds each
//! holds, the sides of the captures, the ends): Tap Urdy of Turkmenistan.

use crate::engine::board::state::Layout;
use crate::engine::declare::moves::Moves;

/// `play_holes_of[player]`: the holes of his opponent (indexed by player, 0 unused).
pub(crate) fn play_holes(l: &Layout, m: &Moves) -> Result<Vec<Vec<usize>>, String> {
    if l.players != 2 {
        return Err(format!(
            "pipeline: moves: from_opponent_row is for two players, the board has {}",
            l.players
        ));
    }
    if m.any_row || m.inner_row_only {
        return Err(
            "pipeline: moves: from_opponent_row is not played with any_row or inner_row_only"
                .into(),
        );
    }
    Ok((0..=l.players)
        .map(|pl| {
            l.holes
                .iter()
                .copied()
                .filter(|&h| pl != 0 && l.pits[h].owner != pl && l.pits[h].owner != 0)
                .collect()
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;
    use crate::engine::rule::test_boards::{data_board, labels, play};

    fn board() -> Board {
        let text = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 1 }\n    - { row: N, owner: 2, holes: 3, seeds: 1 }\nsowing: { stores: none }\npipeline:\n  moves: { from_opponent_row: true }\n  end:\n    - { when: no_move, then: most_seeds }\n".to_string();
        data_board(text)
    }

    #[test]
    fn each_player_sows_from_the_opponents_row() {
        let mut b = board();
        assert_eq!(labels(&b), ["N1", "N2", "N3"]);
        // South plays N2: its seed falls into N3
        play(&mut b, "N2");
        assert_eq!(b.seeds, [1, 1, 1, 1, 0, 2]);
        assert_eq!(labels(&b), ["S1", "S2", "S3"]);
    }
}
