//! The layered search's moves on boards: the rule's declared move played on a board unpacked
//! from each position's key ([`Codec::pack`]), for any solitaire `packed.rs` does not play on
//! packed seeds.

use crate::engine::board::state::Board;
use crate::engine::rule::rules::Rule;
use crate::error::Result;
use crate::search::solve::keys::{Codec, SmallKey};
use crate::search::solve::steps::{Next, Steps};

/// Seeds in the holes (the stores left out): the quantity each move must lower.
#[inline]
fn in_holes(b: &Board) -> usize {
    b.layout.holes.iter().map(|&h| b.seeds[h] as usize).sum()
}

/// A packed key as one number: its 15 bytes, the length byte left out (it is the same for every
/// position of a search: see [`BoardSteps::key_bytes`]).
#[inline]
fn number(k: SmallKey) -> u128 {
    ((k.1 & 0x00FF_FFFF_FFFF_FFFF) as u128) << 64 | k.0 as u128
}

/// The packed key of a number, its length byte `len` put back.
#[inline]
fn small_of(k: u128, len: u64) -> SmallKey {
    SmallKey(k as u64, (k >> 64) as u64 | len << 56)
}

/// The rule's declared move on boards, positions packed by [`Codec::pack`].
pub(super) struct BoardSteps<'a> {
    rule: &'a Rule,
    codec: Codec,
    b0: &'a Board,
    /// The length of the start's key: a key of another length gives up the layered search.
    len: u64,
    d: Board,
    child: Board,
    moves: Vec<usize>,
}

impl<'a> BoardSteps<'a> {
    pub(super) fn new(rule: &'a Rule, b0: &'a Board) -> BoardSteps<'a> {
        let codec = Codec::new(b0);
        let d = codec.template.clone();
        let child = codec.template.clone();
        BoardSteps {
            rule,
            codec,
            b0,
            len: 0,
            d,
            child,
            moves: Vec::new(),
        }
    }
}

impl Steps for BoardSteps<'_> {
    fn start(&mut self) -> Option<(u128, usize)> {
        let k = self.codec.pack(self.b0)?;
        self.len = k.1 >> 56;
        Some((number(k), in_holes(self.b0)))
    }

    fn key_bytes(&self) -> usize {
        self.len as usize
    }

    fn expand(&mut self, key: u128, mut to: impl FnMut(usize, Next)) -> Result<Option<bool>> {
        let d = &mut self.d;
        self.codec.unpack(small_of(key, self.len), d);
        if d.over {
            return Ok(Some(d.winner != 0));
        }
        self.rule.legal_board(d, &mut self.moves)?;
        for &pit in &self.moves {
            let child = &mut self.child;
            child.copy_from(d);
            self.rule.apply_board(child, pit)?;
            let next = if child.over && child.winner == 0 {
                Next::Lost
            } else {
                match self.codec.pack(child).filter(|k| k.1 >> 56 == self.len) {
                    Some(k) => Next::To(number(k), in_holes(child)),
                    None => Next::Unfit,
                }
            };
            to(pit, next);
        }
        Ok(None)
    }
}
