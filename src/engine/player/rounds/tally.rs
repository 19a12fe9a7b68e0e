//! Rounds scored into a tally (`rounds.tally`): the player holding the most seeds when a round
//! ends wins it; the round adds to each player's tally (rounds won, seeds held, or points); the
//! first to reach `tally_to` wins the match (both at once: the bigger tally, level a draw);
//! otherwise every hole gets `fill` seeds again, the stores and reserves are emptied and
//! `starter` starts the next round. (The seeds held do not carry over: compare
//! [`crate::engine::player::rounds::by_seeds`].)

use crate::engine::board::state::Board;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{Pipeline, Starter, Tally};
use crate::engine::trace::event::Event;

use crate::engine::player::hooks::{finish, HookCall};
use crate::engine::player::material::material;
use crate::engine::player::rounds::{fill_holes, score_round, start_next_round};

/// What a round adds to the two players' tallies: `held` the seeds each holds, `rw` the round's
/// winner (0: level), `total` the seeds in play.
pub fn round_tally(t: Tally, held: [i64; 2], rw: usize, total: i64) -> [i64; 2] {
    let mut add = [0i64; 2];
    match t {
        Tally::None => {}
        Tally::RoundsWon => {
            if rw != 0 {
                add[rw - 1] = 1;
            }
        }
        Tally::SeedsHeld => add = held,
        Tally::ExtraSeeds => {
            if rw != 0 {
                add[rw - 1] = (held[0] - held[1]).abs();
            }
        }
        Tally::Points => {
            if rw != 0 {
                add[rw - 1] = 1;
                let big = total * 3 / 4;
                if let Some(i) = (0..2).find(|&i| held[i] >= big) {
                    add[i] += 1;
                }
            }
        }
    }
    add
}

/// The match's winner when a tally reached `to` (`Some(0)`: a draw), or None: it goes on.
pub fn match_winner([t1, t2]: [i64; 2], to: i64) -> Option<usize> {
    match (t1 >= to, t2 >= to) {
        (false, false) => None,
        (true, false) => Some(1),
        (false, true) => Some(2),
        (true, true) => Some(match t1.cmp(&t2) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 0,
        }),
    }
}

/// Ends a tallied match as its tallies stand: the bigger tally wins, level a draw.
pub(in crate::engine::player) fn end_match_by_tally(
    b: &mut Board,
    p: &Pipeline,
    hooks: &mut Vec<HookCall>,
) {
    let [v1, v2] = p.at.tally_vars.as_slice() else {
        return;
    };
    let w = match_winner([b.vars[*v1], b.vars[*v2]], i64::MIN).unwrap_or(0);
    finish(b, p, w, hooks);
}

/// Scores a round into the tally, then ends the match (also when `last`: the bigger tally
/// wins) or sets the board up afresh.
#[allow(clippy::too_many_arguments)]
pub(in crate::engine::player) fn end_round_tally(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    mover: usize,
    starter: Starter,
    hooks: &mut Vec<HookCall>,
    decided: Option<usize>,
    last: bool,
) {
    let Some(r) = &p.rounds else { return };
    let (Some(rv), [v1, v2]) = (p.at.round_var, p.at.tally_vars.as_slice()) else {
        return;
    };
    let round = b.vars[rv];
    let held = [material(b, 1), material(b, 2)];
    // (a round won otherwise than by the seeds held: scored one to nothing)
    let score = match decided {
        Some(w) => [(w == 1) as i64, (w == 2) as i64],
        None => held,
    };
    let Some(rw) = score_round(b, p, mover, round, score, hooks) else {
        return;
    };
    let add = round_tally(r.tally, held, rw, b.total());
    b.vars[*v1] += add[0];
    b.vars[*v2] += add[1];
    let tallies = [b.vars[*v1], b.vars[*v2]];
    if let Some(w) = match_winner(tallies, r.tally_to) {
        finish(b, p, w, hooks);
        return;
    }
    if last || (r.max_rounds > 0 && round >= r.max_rounds) {
        let w = match_winner(tallies, i64::MIN).unwrap_or(0);
        finish(b, p, w, hooks);
        return;
    }
    // Every seed back into play: the stores emptied into the reserves, each reserve made up to
    // what its owner's holes take (the seeds taken out of the game come back), and each hole
    // filled afresh from it.
    for &s in &l.stores {
        let n = b.seeds[s];
        if n > 0 {
            let owner = l.pits[s].owner;
            b.seeds[s] = 0;
            b.reserves[owner - 1] += n;
            b.emit(|| Event::Fill {
                pit: s,
                seeds: -n,
                player: owner,
            });
        }
    }
    for i in 0..l.holes.len() {
        let h = l.holes[i];
        let n = b.seeds[h];
        if n != 0 {
            b.seeds[h] = 0;
            b.emit(|| Event::Adjust { pit: h, delta: -n });
        }
        if b.closed[h] {
            b.closed[h] = false;
            b.emit(|| Event::Close {
                pit: h,
                closed: false,
            });
        }
    }
    b.discarded = 0;
    if crate::engine::player::rounds::layout::lay_out(b, l, p, r, starter, mover, rw, round) {
        start_next_round(b, l, p, rv, round, starter, mover, rw);
        return;
    }
    for pl in [1usize, 2] {
        let holes: Vec<usize> = l
            .holes
            .iter()
            .copied()
            .filter(|&h| l.pits[h].owner == pl)
            .collect();
        let delta = holes.len() as i64 * r.fill - b.reserves[pl - 1];
        if delta != 0 {
            b.reserves[pl - 1] += delta;
            b.emit(|| Event::Reserve { player: pl, delta });
        }
        fill_holes(b, pl, r.fill, holes.into_iter());
        b.reserves[pl - 1] = 0;
    }
    start_next_round(b, l, p, rv, round, starter, mover, rw);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_adds_wins_seeds_or_points() {
        assert_eq!(round_tally(Tally::RoundsWon, [40, 32], 1, 72), [1, 0]);
        assert_eq!(round_tally(Tally::RoundsWon, [36, 36], 0, 72), [0, 0]);
        assert_eq!(round_tally(Tally::SeedsHeld, [40, 32], 1, 72), [40, 32]);
        assert_eq!(round_tally(Tally::SeedsHeld, [36, 36], 0, 72), [36, 36]);
        // three quarters of 72 is 54: a second point from 54 seeds on
        assert_eq!(round_tally(Tally::Points, [20, 52], 2, 72), [0, 1]);
        assert_eq!(round_tally(Tally::Points, [18, 54], 2, 72), [0, 2]);
        assert_eq!(round_tally(Tally::Points, [36, 36], 0, 72), [0, 0]);
        assert_eq!(round_tally(Tally::ExtraSeeds, [40, 32], 1, 72), [8, 0]);
        assert_eq!(round_tally(Tally::ExtraSeeds, [30, 42], 2, 72), [0, 12]);
        assert_eq!(round_tally(Tally::ExtraSeeds, [36, 36], 0, 72), [0, 0]);
    }

    #[test]
    fn the_first_to_reach_the_tally_wins_the_match() {
        assert_eq!(match_winner([99, 3], 100), None);
        assert_eq!(match_winner([100, 3], 100), Some(1));
        assert_eq!(match_winner([3, 101], 100), Some(2));
        assert_eq!(match_winner([102, 101], 100), Some(1));
        assert_eq!(match_winner([100, 100], 100), Some(0));
    }
}
