//! Moves from the mover's own store (`moves.sow_from_store`): besides his holes, the mover may
//! sow seeds from his store, as many as he chooses (one to all it holds), from the store's place
//! along the track. Checked and resolved when setup ends; played by
//! [`crate::engine::player::from_store`].

use crate::engine::geometry::layout::{Layout, NO_PIT};

/// The store each player sows from (`[player]`, index 0 unused), checked: every player has a
/// store on the sowing track of `l`, and the sowing does not change its direction move by move
/// (`reverses` false: a move from the store is sown the rule's way).
pub fn link(l: &Layout, reverses: bool) -> Result<Vec<usize>, String> {
    let mut own = vec![NO_PIT];
    for pl in 1..=l.players {
        let Some(s) = l.store_of(pl) else {
            return Err(format!(
                "pipeline: moves: sow_from_store: player {pl} has no store to sow from"
            ));
        };
        if l.next.get(s).is_none_or(|&n| n == NO_PIT) {
            return Err(format!(
                "pipeline: moves: sow_from_store: the store `{}` is not on the sowing track (board: circuits)",
                l.pits[s].name
            ));
        }
        own.push(s);
    }
    if reverses {
        return Err("pipeline: moves: sow_from_store is not declared with a sowing whose direction changes move by move (reverse_holes, reverse_when_even, choose_direction, direction_by_first_move, direction_by_own_turn) yet".into());
    }
    Ok(own)
}

/// The label of the move sowing `count` seeds from the mover's store: `store:4`.
pub fn label(count: usize) -> String {
    format!("store:{count}")
}

/// The count a label names (`store:4`, any case), if it is one of a move from the store.
pub fn parse(label: &str) -> Option<usize> {
    let (word, n) = label.trim().split_once(':')?;
    if !word.trim().eq_ignore_ascii_case("store") {
        return None;
    }
    n.trim().parse::<usize>().ok().filter(|&k| k >= 1)
}
