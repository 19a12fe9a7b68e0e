//! How a search holds the positions it plays: a plain [`Board`] when every move of the rule runs
//! natively ([`Rule::plays_natively`]: a declared move, no script call), or the script value that
//! wraps a board otherwise. The searches are written once over [`Position`] and run on whichever
//! the rule allows; both give the same answers, the plain board without the wrapper's cost on
//! every move.

use std::ops::{Deref, DerefMut};

use rhai::Dynamic;

use crate::engine::board::state::Board;
use crate::engine::rule::rules::{board, board_mut, Rule};
use crate::error::Result;

/// A position a search can read, reset and play moves on.
pub trait Position: Sized {
    /// A position holding a copy of `b`.
    fn from_board(b: &Board) -> Self;
    /// The board, to read.
    fn board(&self) -> impl Deref<Target = Board> + '_;
    /// The board, to change.
    fn board_mut(&mut self) -> impl DerefMut<Target = Board> + '_;
    /// The legal moves, into `out` (cleared first); none when the game is over.
    fn legal_into(&mut self, rule: &Rule, out: &mut Vec<usize>) -> Result<()>;
    /// Plays the move from `pit` (on error the board may be half-changed).
    fn apply(&mut self, rule: &Rule, pit: usize) -> Result<()>;
    /// Makes this position a copy of `src`, reusing its allocations (the trace is dropped).
    fn copy_from(&mut self, src: &Self) {
        self.board_mut().copy_from(&src.board());
    }
}

impl Position for Board {
    fn from_board(b: &Board) -> Self {
        let mut b = b.clone();
        b.trace = None;
        b
    }
    fn board(&self) -> impl Deref<Target = Board> + '_ {
        self
    }
    fn board_mut(&mut self) -> impl DerefMut<Target = Board> + '_ {
        self
    }
    #[inline]
    fn legal_into(&mut self, rule: &Rule, out: &mut Vec<usize>) -> Result<()> {
        rule.legal_board(self, out)
    }
    #[inline]
    fn apply(&mut self, rule: &Rule, pit: usize) -> Result<()> {
        rule.apply_board(self, pit)
    }
    #[inline]
    fn copy_from(&mut self, src: &Self) {
        Board::copy_from(self, src);
    }
}

impl Position for Dynamic {
    fn from_board(b: &Board) -> Self {
        Dynamic::from(<Board as Position>::from_board(b))
    }
    fn board(&self) -> impl Deref<Target = Board> + '_ {
        board(self)
    }
    fn board_mut(&mut self) -> impl DerefMut<Target = Board> + '_ {
        board_mut(self)
    }
    fn legal_into(&mut self, rule: &Rule, out: &mut Vec<usize>) -> Result<()> {
        rule.legal_into(self, out)
    }
    fn apply(&mut self, rule: &Rule, pit: usize) -> Result<()> {
        rule.apply(self, pit)
    }
}
