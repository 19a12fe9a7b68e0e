//! A layer held as player 1's half only, when a file says player 2's half is its mirror image
//! ([`super::packing`]): player 2's positions are read through the mirror (the holes turned by
//! half the board, player 1 to move), never rebuilt in memory. The index of a position stays the
//! layer's own (player 2's half after player 1's), so a value read through the mirror is still
//! checked against player 2's moves ([`super::verify`]): a file that claims a mirror its rule
//! does not have is caught like a forged value.

use std::borrow::Cow;

use super::Tablebase;
use crate::Board;

impl Tablebase {
    /// Whether layer `k` holds player 1's half only.
    #[inline]
    pub(super) fn is_half(&self, k: usize) -> bool {
        self.half.get(k).copied().unwrap_or(false)
    }

    /// The value held for `b`, position `i` of layer `k` ([`Tablebase::locate`]), unchecked:
    /// for player 2 to move on a half layer, the value of the holes turned by half the board
    /// (player 1 to move), a rank of them where the layer would be one read.
    #[inline]
    pub(super) fn held_on(&self, b: &Board, k: usize, i: usize) -> i8 {
        if b.to_move == 2 && self.is_half(k) {
            self.layers[k][self.mirror_rank(b)]
        } else {
            self.layers[k][i]
        }
    }

    /// The rank of `b`'s holes turned by half the board: the index, in player 1's half of its
    /// layer, of its mirror image.
    #[inline]
    pub(super) fn mirror_rank(&self, b: &Board) -> usize {
        // (the two rows in turn, without a division a hole)
        let (ones, twos) = self.holes.split_at(self.holes.len() / 2);
        self.index
            .rank(twos.iter().chain(ones).map(|&h| b.seeds[h] as usize)) as usize
    }

    /// The values of layer `k`, both players' halves (a half layer unfolded: a copy).
    pub fn layer(&self, k: usize) -> Cow<'_, [i8]> {
        if self.is_half(k) {
            Cow::Owned(super::packing::unfold(self, k, &self.layers[k]))
        } else {
            Cow::Borrowed(&self.layers[k])
        }
    }
}
