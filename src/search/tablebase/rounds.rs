//! A layer built in rounds by parts that own disjoint ranges of its index: what the tasks of a
//! distributed build do (`sowlab.dask.build_tablebase`), so that with W workers every position
//! is valued once, by its owner, instead of once by every part whose moves reach it.
//!
//! In a round, a part values its own positions from the layers below, from its own positions
//! (depth first, as [`super::build`] does) and from the positions of the other parts valued in
//! earlier rounds (`known`). A position with a move to a position of another part not valued
//! yet is put off to the next round (the rest of its moves are not played). Moves within a
//! layer cannot cycle (the builder refuses a rule whose moves do), so the positions form a
//! graph without cycles and every round values at least the positions whose successors are all
//! known: the rounds end, and a round that values nothing while positions are left is endless
//! play across parts (refused, as [`super::build`] refuses it within one line). The values are
//! each position's own, whoever computes them and in whichever round: the layer joined from the
//! last round's parts is byte for byte the one [`super::build::build_layer`] makes.

use std::sync::atomic::Ordering;

use super::position::{blank, boards_at, child_value, comes_back, set_holes, Boards, Child};
use super::{Tablebase, UNKNOWN};
use crate::{Board, Error, Result, Rule, INTERRUPTED};

/// What a part did in one round.
#[derive(Clone, Debug)]
pub struct RoundValues {
    /// Values of its positions `start..end`, in index order; `UNKNOWN` for those put off.
    pub values: Vec<i8>,
    /// Positions valued in this round.
    pub valued: u64,
    /// Positions whose moves were played in this round (those valued, and those put off:
    /// played again in a later round, the cost of the rounds).
    pub expanded: u64,
    /// Positions of the part left for a later round.
    pub left: u64,
}

struct Part<'a> {
    rule: &'a Rule,
    tb: &'a Tablebase,
    k: usize,
    start: usize,
    known: &'a [i8],
    own: Vec<i8>,
    /// Own positions put off in this round (not played again within it).
    off: Vec<bool>,
    template: Board,
    stack: Vec<Option<Boards>>,
    line: Vec<usize>,
    parts: Vec<usize>,
    valued: u64,
    expanded: u64,
}

impl Part<'_> {
    /// The value of position `i` of the layer, when it is known or can be valued in this round.
    fn value(&mut self, i: usize) -> Result<Option<i8>> {
        let Some(o) = i.checked_sub(self.start).filter(|&o| o < self.own.len()) else {
            let v = self.known[i];
            return Ok((v != UNKNOWN).then_some(v));
        };
        if self.own[o] != UNKNOWN {
            return Ok(Some(self.own[o]));
        }
        if self.off[o] {
            return Ok(None);
        }
        if self.line.contains(&i) {
            return Err(comes_back(self.rule, self.k));
        }
        let depth = self.line.len();
        let (mut node, mut child, mut moves) = boards_at(&mut self.stack, depth, &self.template);
        node.copy_from(&self.template);
        set_holes(self.tb, self.k, i, &mut node, &mut self.parts);
        self.expanded += 1;
        let mut result = self.rule.legal_board(&node, &mut moves).map(|_| ());
        let mut best = if moves.is_empty() {
            super::build::no_move(self.k)
        } else {
            i32::MIN
        };
        let mut put_off = false;
        self.line.push(i);
        for &pit in moves
            .iter()
            .take(if result.is_ok() { usize::MAX } else { 0 })
        {
            let v = child_value::<true>(self.rule, self.tb, self.k, &node, pit, &mut child, false)
                .and_then(|c| {
                    match c {
                        Child::Over(v) | Child::Lower(v) => Ok(Some(v)),
                        // A child of another part not valued yet: this position waits.
                        Child::SameLayer { index, margin } => {
                            Ok(self.value(index)?.map(|v| margin.of(v as i32)))
                        }
                    }
                });
            match v {
                Ok(Some(v)) => best = best.max(v),
                Ok(None) => {
                    put_off = true;
                    break;
                }
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.line.pop();
        self.stack[depth] = Some((node, child, moves));
        result?;
        let o = i - self.start;
        if put_off {
            self.off[o] = true;
            return Ok(None);
        }
        let v = best.clamp(-127, 127) as i8;
        self.own[o] = v;
        self.valued += 1;
        Ok(Some(v))
    }
}

/// One round of the part `start..end` of layer `k` (the next one of `tb`): `known` holds the
/// whole layer as the earlier rounds left it (`UNKNOWN` where not valued yet; all `UNKNOWN` in
/// the first round). `Ok(None)`: Ctrl-C stopped it.
pub fn build_range_round(
    rule: &Rule,
    template: &Board,
    tb: &Tablebase,
    k: usize,
    start: u64,
    end: u64,
    known: &[i8],
) -> Result<Option<RoundValues>> {
    super::position::check_part(tb, k, start, end, known.len())?;
    let (s, e) = (start as usize, end as usize);
    let t = blank(template);
    let mut p = Part {
        rule,
        tb,
        k,
        start: s,
        known,
        own: known[s..e].to_vec(),
        off: vec![false; e - s],
        template: t,
        stack: Vec::new(),
        line: Vec::new(),
        parts: vec![0; tb.holes.len()],
        valued: 0,
        expanded: 0,
    };
    for i in s..e {
        if (i - s).is_multiple_of(1 << 12) && INTERRUPTED.load(Ordering::Relaxed) {
            return Ok(None);
        }
        p.value(i)?;
    }
    let left = p.own.iter().filter(|&&v| v == UNKNOWN).count() as u64;
    Ok(Some(RoundValues {
        values: p.own,
        valued: p.valued,
        expanded: p.expanded,
        left,
    }))
}

/// Builds layer `k` of `tb` in rounds of the parts cut at `cuts` (ascending, from 0 to the
/// layer's size), one after the other in this thread: what a distributed build does, for
/// tests. Returns the layer and the rounds it took.
pub fn build_layer_in_rounds(
    rule: &Rule,
    template: &Board,
    tb: &Tablebase,
    k: usize,
    cuts: &[u64],
) -> Result<Option<(Vec<i8>, usize)>> {
    let n = tb.layer_size(k) as usize;
    let mut known = vec![UNKNOWN; n];
    let mut rounds = 0;
    loop {
        rounds += 1;
        let mut next = Vec::with_capacity(n);
        let (mut left, mut valued) = (0, 0);
        for w in cuts.windows(2) {
            let Some(r) = build_range_round(rule, template, tb, k, w[0], w[1], &known)? else {
                return Ok(None);
            };
            next.extend_from_slice(&r.values);
            left += r.left;
            valued += r.valued;
        }
        known = next;
        if left == 0 {
            return Ok(Some((known, rounds)));
        }
        if valued == 0 {
            return Err(endless(rule, k));
        }
    }
}

/// The error of a round that values nothing while positions are left.
pub fn endless(rule: &Rule, k: usize) -> Error {
    Error::msg(format!(
        "{}: positions of {k} seeds in play wait on each other across the parts of the layer (endless play): tablebases need rules whose lines cannot cycle",
        rule.name
    ))
}
