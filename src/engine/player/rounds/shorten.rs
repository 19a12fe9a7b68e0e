//! `rounds.refill: shorten_to_loser` ("both rows are shortened to the loser's"): at a round's
//! end, every seed gathered to its holder, the round's loser fills as many holes as his seeds
//! fill whole, from `fill_from` in his row, and the winner the holes facing them; the loser's
//! remainder goes into the next hole of his row, and as many of the winner's into the hole
//! facing it; the other holes are closed (`close_unfilled`), the loser's store is empty and the
//! winner keeps the rest in his. On a level round the second player counts as the loser.
//! With `no_children_below: n`, a refill filling fewer than `n` holes whole makes the round
//! one without children (the game variable `children_off`).

use crate::engine::board::state::Board;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::declare::rounds::Rounds;
use crate::engine::player::material::material;
use crate::engine::player::rounds::fill_choice::take_held;
use crate::engine::player::rounds::{close_holes, fill_holes, refill_note};

/// Refills both rows to the loser's length (see the module doc); `rw` the round's winner (0:
/// level).
pub(in crate::engine::player) fn refill(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    r: &Rounds,
    mover: usize,
    rw: usize,
) {
    // (`rw`: the round's winner, 0 on a level round, when the second player fills first)
    let loser = if rw == 2 { 1 } else { 2 };
    let winner = 3 - loser;
    let (Some(lrow), Some(wrow)) = (l.row_of(loser), l.row_of(winner)) else {
        return;
    };
    let n = lrow.pits.len();
    if wrow.pits.len() != n || r.fill < 1 {
        return;
    }
    let held = material(b, loser);
    let k = ((held / r.fill) as usize).min(n);
    let extra = if k < n { held - k as i64 * r.fill } else { 0 };
    // (the loser's i-th hole from `fill_from`, and the winner's hole facing it)
    let at = |i: usize| lrow.pits[r.fill_from.nth(i, n, loser == 1)];
    let facing = |i: usize| wrow.pits[n - 1 - r.fill_from.nth(i, n, loser == 1)];
    for (pl, hole) in [
        (loser, &at as &dyn Fn(usize) -> usize),
        (winner, &facing as &dyn Fn(usize) -> usize),
    ] {
        let whole = k.min((material(b, pl) / r.fill) as usize);
        take_held(b, l, pl, whole as i64 * r.fill);
        fill_holes(b, pl, r.fill, (0..whole).map(hole));
        let mut used = whole;
        if extra > 0 && whole == k {
            let e = extra.min(material(b, pl));
            if e > 0 {
                take_held(b, l, pl, e);
                fill_holes(b, pl, e, std::iter::once(hole(k)));
                used += 1;
            }
        }
        if r.close_unfilled {
            close_holes(b, (used..n).map(hole));
        }
        let reserve = material(b, pl);
        refill_note(b, p, mover, pl, (used, n - used), reserve);
    }
    if let Some(v) = p.at.children_off_var {
        b.vars[v] = if (k as i64) < r.no_children_below {
            (1 << 1) | (1 << 2)
        } else {
            0
        };
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::rule::test_boards::{data_board, play};

    #[test]
    fn both_rows_shrink_to_the_losers_holes_facing_each_other() {
        // Two rows of 4 with stores, 2 seeds a hole, rounds refilled to the loser's length,
        // children (a last seed making 3) off below 3 holes filled. Pits: S1..S4, store S,
        // N1..N4, store N.
        let mut b = data_board("name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 4, seeds: 2 }\n    - { store: store S, owner: 1 }\n    - { row: N, owner: 2, holes: 4, seeds: 2 }\n    - { store: store N, owner: 2 }\nsowing:\n  stores: none\npipeline:\n  children: { make_when_last_makes: [3] }\n  rounds: { fill: 2, fill_from: left, winner: most_seeds, min_holes: 1, close_unfilled: true, refill: shorten_to_loser, no_children_below: 3 }\n  end:\n    - { when: no_move, sweep: owners, then: round, starter: winner }\n".into());
        b.seeds[..10].copy_from_slice(&[0, 0, 1, 0, 10, 0, 0, 0, 0, 5]);
        // S3's seed into S4: North has no move; South holds 11, North 5.
        play(&mut b, "3");
        // North, the loser, fills N1 and N2 from his left and his last seed goes into N3;
        // South fills the holes facing them (S4, S3, and one seed in S2) from his 11, keeping
        // 6; S1 and N4 are closed.
        assert_eq!(b.seeds[..10], [0, 1, 2, 2, 6, 2, 2, 1, 0, 0]);
        assert_eq!((0..10).filter(|&q| b.closed[q]).collect::<Vec<_>>(), [0, 8]);
        assert_eq!(b.to_move, 1, "the round's winner starts");
        let v = b.layout.var_index("children_off").unwrap();
        assert_eq!(b.vars[v], 6, "two holes filled: no children this round");
    }
}
