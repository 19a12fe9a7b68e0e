//! Plays a diffusing move (`moves.diffuse`, declared in [`crate::engine::declare::diffuse`]):
//! the hole's seeds go one to each neighbour, anticlockwise round it, a neighbour off the board
//! or full sending its seed off the board.

use crate::engine::board::state::{Board, SowEnd};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::diffuse::Diffuse;
use crate::engine::trace::event::Event;

/// The neighbours of hole `p` on a two-row board, anticlockwise round it from the next hole
/// along its row: that hole, the holes across from it, from `p` and from the previous hole,
/// the previous hole (`None` off the board's ends).
pub fn neighbours(l: &Compiled, p: usize) -> [Option<usize>; 5] {
    let Some(r) = l.pits[p].row else {
        return [None; 5];
    };
    let row = &l.rows[r].pits;
    let i = l.pits[p].pos - 1;
    let next = row.get(i + 1).copied();
    let prev = i.checked_sub(1).and_then(|j| row.get(j).copied());
    let across = |q: Option<usize>| q.and_then(|q| l.opposite(q));
    [next, across(next), l.opposite(p), across(prev), prev]
}

/// Diffuses the seeds of hole `from` (which holds some); the seeds leaving the board go to pit
/// `out` (or are discarded). The move's end, as a sowing's.
#[cold]
#[inline(never)]
pub fn diffuse(
    b: &mut Board,
    l: &Compiled,
    d: &Diffuse,
    out: Option<usize>,
    from: usize,
) -> SowEnd {
    let hand = b.seeds[from];
    b.seeds[from] = 0;
    b.emit(|| Event::Pickup {
        pit: from,
        seeds: hand,
    });
    let ring = neighbours(l, from);
    let mut end = SowEnd {
        pit: from,
        laps: 1,
        from,
        hand,
        ..SowEnd::default()
    };
    for k in 0..hand {
        let left = hand - k - 1;
        match ring[k as usize % ring.len()] {
            Some(q) if !b.closed[q] && (d.full == 0 || b.seeds[q] < d.full) => {
                end.was_empty = b.seeds[q] == 0;
                end.pit = q;
                b.seeds[q] += 1;
                b.emit(|| Event::Drop { pit: q, hand: left });
            }
            _ => match out {
                Some(s) => {
                    b.seeds[s] += 1;
                    b.emit(|| Event::Drop { pit: s, hand: left });
                }
                None => b.discarded += 1,
            },
        }
    }
    b.last = end;
    end
}
