//! The rightmost legal holes: where a rule lets only the rightmost of them be played (the last
//! resort count's rightmost hole, the first move's rightmost holes; `moves:` in
//! [`crate::engine::declare::moves`]).

use crate::engine::declare::compiled::Compiled;

/// Keeps, of the legal holes `out[start..]`, only the `n` rightmost (the highest-numbered from
/// their owner's left), in their order.
pub(super) fn keep_rightmost(l: &Compiled, start: usize, out: &mut Vec<usize>, n: usize) {
    let held = out.len() - start;
    if held <= n {
        return;
    }
    let mut pos: Vec<usize> = out[start..].iter().map(|&h| l.pits[h].pos).collect();
    pos.sort_unstable();
    let least = pos[held - n];
    let mut keep = start;
    for i in start..out.len() {
        if l.pits[out[i]].pos >= least {
            out[keep] = out[i];
            keep += 1;
        }
    }
    out.truncate(keep);
}
