//! Captures by count judged once a lap is sown (`sowing.capture_counts_after_lap`), rather than
//! the moment a drop makes the count: "the holes a lap made four are taken after it". The holes
//! judged are those from the lap's start hole on, along its sowing, as many as its seeds less
//! whole rounds of the board (a lap of 13 seeds on 12 holes judges its start hole alone), the
//! lap's last hole left out (its count is the pipeline's to judge). Each such hole holding one of
//! `capture_counts` then goes to its owner (or the sower: `capture_to`), on the sides
//! `capture_side` allows.

use crate::engine::board::state::{PitKind, SowEnd, NO_PIT};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::sowing::CaptureTo;
use crate::engine::sowing::seeds::take_into;
use crate::engine::sowing::step::{next_in, Counts};
use crate::engine::trace::event::Event;

/// One lap, as sown: its start hole, last hole, seeds and sower.
pub(crate) struct Lap {
    pub origin: usize,
    pub last: usize,
    pub seeds: i64,
    pub mover: usize,
}

/// Takes the counts the lap left in the holes it judges (see the module's doc).
#[allow(clippy::too_many_arguments)]
pub(crate) fn take_after_lap(
    l: &Compiled,
    table: Option<&[usize]>,
    closed: &[bool],
    owner_of: &dyn Fn(usize) -> usize,
    seeds: &mut [i64],
    reserves: &mut [i64],
    trace: &mut Option<Vec<Event>>,
    lap: &Lap,
    end: &mut SowEnd,
) {
    let rule = &l.sow;
    let counts = Counts::new(&rule.capture_counts);
    // (the holes of one round of the board from the start hole, in the lap's order)
    let mut round = vec![lap.origin];
    let mut q = lap.origin;
    for _ in 0..l.track.len() {
        match next_in(l, table, closed, q, NO_PIT, lap.mover) {
            Some(n) if n != lap.origin && n != NO_PIT => {
                round.push(n);
                q = n;
            }
            _ => break,
        }
    }
    let judged = ((lap.seeds - 1).max(0) as usize % round.len()) + 1;
    for &h in &round[..judged] {
        let n = seeds[h];
        if h == lap.last
            || l.pits[h].kind != PitKind::Hole
            || !counts.hit(n)
            || !rule.capture_side_ok_for(owner_of(h), lap.mover)
        {
            continue;
        }
        let to = match rule.capture_to {
            CaptureTo::RowOwner => owner_of(h),
            CaptureTo::Sower => lap.mover,
        };
        if to >= 1 {
            end.captured += take_into(l, seeds, reserves, trace, h, to, "count");
        }
    }
}
