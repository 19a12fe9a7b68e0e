//! The layered search's solution: the least shortest winning line by the order of the legal
//! moves, found again from the finished layers (`layered.rs`, `entries.rs`).
//!
//! The breadth-first search of `explore.rs` reports that line: its last position is the first
//! won one met at the least depth, and each position on it was first met from its parent, the
//! first in the search's order of its level that has it as a child; by induction over the
//! levels, that order is the order of the least lines to the positions, so the line is the
//! least of the shortest winning lines. Here the positions on shortest winning lines are marked
//! backwards from the wins at that depth through their shortest-line parents (layers in rising
//! order: a parent is in a higher layer, one move less deep), then the line is replayed from the
//! start taking, at each step, the first legal move to a marked position one deeper (at the
//! last step, the marked positions are the wins).

use crate::error::Result;
use crate::search::solve::entries::{find, parents, Entry, NO_PARENT};
use crate::search::solve::steps::{Next, Steps};

/// The least shortest winning line (of `target` moves) from `start`, by the order of the legal
/// moves, given the finished layers `kept` and the won positions (layer, index, depth).
/// `None` if the marks lead nowhere (which would be a fault of the layers).
pub(super) fn least_line<E: Entry>(
    steps: &mut impl Steps,
    start: u128,
    kept: &[Vec<E>],
    wins: &[(usize, usize, u8)],
    target: u8,
) -> Result<Option<Vec<usize>>> {
    let mut good: Vec<Vec<u64>> = kept.iter().map(|l| vec![0; l.len().div_ceil(64)]).collect();
    let set = |good: &mut [Vec<u64>], l: usize, i: usize| good[l][i / 64] |= 1 << (i % 64);
    let is_set = |good: &[Vec<u64>], l: usize, i: usize| good[l][i / 64] & 1 << (i % 64) != 0;
    for &(l, i, depth) in wins {
        if depth == target {
            set(&mut good, l, i);
        }
    }
    for (l, layer) in kept.iter().enumerate() {
        for i in 0..layer.len() {
            if !is_set(&good, l, i) {
                continue;
            }
            for p in parents(layer, i) {
                if p != NO_PARENT {
                    set(&mut good, (p >> 32) as usize, (p & 0xFFFF_FFFF) as usize);
                }
            }
        }
    }
    let mut key = start;
    let mut children: Vec<(usize, Next)> = Vec::new();
    let mut line = Vec::new();
    for depth in 0..target {
        children.clear();
        if steps
            .expand(key, |pit, next| children.push((pit, next)))?
            .is_some()
        {
            return Ok(None);
        }
        let next = children.iter().find_map(|&(pit, next)| {
            let Next::To(k, l) = next else {
                return None;
            };
            let i = find(kept.get(l)?, k)?;
            (kept[l][i].depth() == depth + 1 && is_set(&good, l, i)).then_some((pit, k))
        });
        let Some((pit, k)) = next else {
            return Ok(None);
        };
        line.push(pit);
        key = k;
    }
    Ok(Some(line))
}
