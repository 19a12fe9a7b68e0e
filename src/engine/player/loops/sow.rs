//! Sowing round a player's own loop of holes (a closed list of pits, such as his two rows on a
//! four-row board), whole rounds at once: the step the turns of `capture.from_end_hole` and
//! `capture.reverse_laps` both sow with, and the lifting of a hole's seeds they share.

use crate::engine::board::state::Board;
use crate::engine::trace::event::Event;

/// Takes every seed of `pit` into the hand (a Pickup event); how many.
pub(crate) fn lift_all(b: &mut Board, pit: usize) -> i64 {
    let seeds = std::mem::take(&mut b.seeds[pit]);
    b.emit(|| Event::Pickup { pit, seeds });
    seeds
}

/// Sows `n` seeds from the hand round `lp` from the index after `i` in direction `d` (1 or -1),
/// round the loop as often as they last, and counts a lap of the move; the index of the last
/// hole sown.
pub(crate) fn sow_round(b: &mut Board, lp: &[usize], i: usize, d: i64, n: i64) -> usize {
    b.last.laps += i64::from(n > 0);
    let len = lp.len() as i64;
    let (rounds, rest) = (n / len, n % len);
    let mut k = i as i64;
    for s in 0..n.min(len) {
        k = (k + d).rem_euclid(len);
        b.seeds[lp[k as usize]] += rounds + i64::from(s < rest);
    }
    if b.trace.is_some() {
        let mut k = i as i64;
        for left in (0..n).rev() {
            k = (k + d).rem_euclid(len);
            let pit = lp[k as usize];
            b.emit(|| Event::Drop { pit, hand: left });
        }
    }
    (i as i64 + d * n).rem_euclid(len) as usize
}
