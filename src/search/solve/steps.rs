//! What the layered search (`layered.rs`) asks of a rule: a solitaire's moves seen through the
//! keys of its positions. `boards.rs` answers by the rule's declared move on boards,
//! `packed.rs` by the moves of a relay solitaire on packed seeds.

use crate::error::Result;

/// Where a move leads, for the layered search.
#[derive(Clone, Copy)]
pub(super) enum Next {
    /// The move loses: a lost end, not a position.
    Lost,
    /// The position of this key, with this many seeds in the holes.
    To(u128, usize),
    /// The move does not fit the layered search (see `layered.rs`).
    Unfit,
}

/// The moves of a solitaire, seen through the keys of its positions: the layered search's only
/// view of the rule.
pub(super) trait Steps {
    /// The start's key and the seeds in its holes; `None` when its key does not pack.
    fn start(&mut self) -> Option<(u128, usize)>;
    /// The most bytes a key takes (at most 15), once [`Steps::start`] has answered.
    fn key_bytes(&self) -> usize;
    /// Position `key`'s moves, in the order of the rule's legal moves, each given to `to` as
    /// (pit, where it leads); `Some(won)` instead when the position is over.
    fn expand(&mut self, key: u128, to: impl FnMut(usize, Next)) -> Result<Option<bool>>;
}
