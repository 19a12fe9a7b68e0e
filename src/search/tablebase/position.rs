//! A layer's positions written onto boards, and what a move from one leads to: the pieces that
//! the layer builders share ([`super::build`] values a layer depth first, [`super::rounds`] in
//! rounds of parts, [`super::captures`] by retrograde analysis).

pub(super) use super::blank::blank;
use super::Tablebase;
use crate::search::twoplayer::reading::{held, in_play};
use crate::{Board, Error, Result, Rule};

/// Checks a part of layer `k` to build: positions `start..end` of the layer, given `values`
/// values (one per position of the layer); the one-line error otherwise.
pub(super) fn check_part(
    tb: &Tablebase,
    k: usize,
    start: u64,
    end: u64,
    values: usize,
) -> Result<()> {
    let n = tb.layer_size(k);
    if start > end || end > n {
        return Err(Error::msg(format!(
            "tablebase layer {k}: positions {start}..{end} are not a range of its {n} positions"
        )));
    }
    if values as u64 != n {
        return Err(Error::msg(format!(
            "tablebase layer {k}: {values} values given for its {n} positions"
        )));
    }
    Ok(())
}

/// A depth of a depth-first line through a layer: the parent's board, the child's and the
/// parent's moves (kept from one visit of the depth to the next).
pub(super) type Boards = (Board, Board, Vec<usize>);

/// The boards of depth `depth` of a line: those kept in `stack` (taken out: put them back when
/// done), or new ones like `template`.
#[inline]
pub(super) fn boards_at(stack: &mut Vec<Option<Boards>>, depth: usize, template: &Board) -> Boards {
    if stack.len() <= depth {
        stack.push(None);
    }
    stack[depth]
        .take()
        .unwrap_or_else(|| (template.clone(), template.clone(), Vec::new()))
}

/// The error of a position of layer `k` met again on its own line (endless play).
pub(super) fn comes_back(rule: &Rule, k: usize) -> Error {
    Error::msg(format!(
        "{}: a position of {k} seeds in play comes back without a capture (endless play): tablebases need rules whose lines cannot cycle",
        rule.name
    ))
}

/// Writes the holes and the player to move of position `i` of layer `k` (of one split, for a
/// captures tablebase) onto `node`, and returns that player. `parts` has room for every hole.
#[inline(always)]
pub(super) fn set_holes(
    tb: &Tablebase,
    k: usize,
    i: usize,
    node: &mut Board,
    parts: &mut [usize],
) -> usize {
    let size = tb.index.size(k) as usize;
    let (mover, r) = if i < size { (1, i) } else { (2, i - size) };
    tb.index.unrank(k, r as u64, parts);
    for (&h, &s) in tb.holes.iter().zip(parts.iter()) {
        node.seeds[h] = s as i64;
    }
    node.to_move = mover;
    mover
}

/// What a move from a position of a layer led to, valued for the player who made it (layers
/// without the captures carried: the parent's stores are empty).
pub(super) enum Child {
    /// The game is over: the margin the move won.
    Over(i32),
    /// Seeds left play: the value, the child's from the lower layers read through its
    /// [`Margin`].
    Lower(i32),
    /// Every seed stayed in play: the child is position `index` of the same layer, worth
    /// `margin.of(its value)` to the mover.
    SameLayer { index: usize, margin: Margin },
}

/// How a child's value (for its player to move) reads for the mover of its parent.
#[derive(Clone, Copy)]
pub(super) struct Margin {
    /// 1 if the mover moves again, -1 if his opponent moves.
    sign: i32,
    /// What the move won (the child's stores, from the mover's side).
    off: i32,
}

impl Margin {
    /// The mover's value of a child worth `v` to its own player to move.
    #[inline]
    pub(super) fn of(self, v: i32) -> i32 {
        self.sign * v + self.off
    }
}

/// Plays `pit` from `node` (a position of layer `k`) onto `child` (a board of the same layout)
/// and values the child for the player who moved. Errors: the rule's, a lower position that the
/// layers do not cover (or, `CHECKED`, whose value read from a file is not what its moves give:
/// unchecked, the value is read as it is, what a check of `node` itself reads), and seeds
/// brought back into play. `half`: the layer is built for player 1 to move only, a same-layer
/// child with player 2 to move is named by its mirror image's index. (Inlined into each builder's loop,
/// as the code it replaces was.)
#[inline(always)]
pub(super) fn child_value<const CHECKED: bool>(
    rule: &Rule,
    tb: &Tablebase,
    k: usize,
    node: &Board,
    pit: usize,
    child: &mut Board,
    half: bool,
) -> Result<Child> {
    let mover = node.to_move;
    child.copy_from(node);
    rule.apply_board(child, pit)?;
    if child.over {
        return Ok(Child::Over(
            (held(child, mover) - held(child, 3 - mover)) as i32,
        ));
    }
    let m2 = child.to_move;
    let sign = if m2 == mover { 1 } else { -1 };
    // The parent's stores are empty: the child's margin is what the move won.
    let off = sign * (held(child, m2) - held(child, 3 - m2)) as i32;
    let margin = Margin { sign, off };
    let k2 = in_play(child) as usize;
    if k2 < k {
        let v = if CHECKED {
            tb.probe(rule, child)?
        } else {
            tb.stored(child)
        };
        match v {
            Some(v) => Ok(Child::Lower(margin.of(v))),
            None => Err(Error::msg(format!(
                "{}: a move from layer {k} reached a position the lower layers do not cover",
                rule.name
            ))),
        }
    } else if k2 == k {
        if half && m2 == 2 {
            // Player 1's half only: the child's mirror image.
            return Ok(Child::SameLayer {
                index: tb.mirror_rank(child),
                margin,
            });
        }
        let size = tb.index.size(k) as usize;
        let r2 = tb
            .index
            .rank(tb.holes.iter().map(|&h| child.seeds[h] as usize)) as usize;
        Ok(Child::SameLayer {
            index: (m2 - 1) * size + r2,
            margin,
        })
    } else {
        Err(Error::msg(format!(
            "{}: a move brought seeds back into play ({k} to {k2}): tablebases do not apply",
            rule.name
        )))
    }
}
