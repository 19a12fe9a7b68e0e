//! The legal holes by each player's phase of the game. `moves.few_seeds_until_taken`, played:
//! which of the mover's legal holes his phase keeps, and the end of his phase once his first move
//! after it is played (declared in [`crate::engine::declare::few_seeds_first`]); and
//! `moves.single_seed_to_empty_once_all_single`'s phase, begun by a move of his leaving each of
//! his holes holding one seed or none.

use crate::engine::board::state::Board;
use crate::engine::declare::few_seeds_first::FewSeedsFirst;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::player::material::material;

/// Whether the others of `player` hold at least `f.taken` counters (his taken).
fn taken(b: &Board, f: &FewSeedsFirst, player: usize) -> bool {
    let others: i64 = (1..=b.layout.players)
        .filter(|&pl| pl != player)
        .map(|pl| material(b, pl))
        .sum();
    others >= f.taken
}

/// Keeps in `out[start..]` the holes `player`'s phase allows: while his counters taken are fewer
/// than `taken`, those holding at most `at_most`; then, until his next move is played (with
/// `then_fullest`), those holding as many as his fullest hole among `holes`; then all.
#[cold]
#[inline(never)]
pub fn narrow(
    b: &Board,
    f: &FewSeedsFirst,
    player: usize,
    holes: &[usize],
    start: usize,
    out: &mut Vec<usize>,
) {
    if b.vars[f.vars[player]] > 0 {
        return;
    }
    // (the counts kept, from and to)
    let (least, most) = if !taken(b, f, player) {
        (1, f.at_most)
    } else if f.then_fullest {
        let most = holes.iter().map(|&q| b.seeds[q]).max().unwrap_or(0);
        (most, most)
    } else {
        return;
    };
    let mut k = start;
    for i in start..out.len() {
        if (least..=most).contains(&b.seeds[out[i]]) {
            out[k] = out[i];
            k += 1;
        }
    }
    out.truncate(k);
}

/// After `mover`'s sowing: his first move once his counters taken reached `taken` ends his phase.
pub fn after_move(b: &mut Board, f: &FewSeedsFirst, mover: usize) {
    let v = f.vars[mover];
    if b.vars[v] == 0 && taken(b, f, mover) {
        b.vars[v] = 1;
    }
}

/// After `mover`'s sowing (the captures after it take only other players' seeds): when every
/// hole of his holds one seed or none, his phase of single seeds into empty holes begins, for
/// good (variable `v`).
pub fn all_single_after_move(b: &mut Board, p: &Pipeline, v: usize, mover: usize) {
    if b.vars[v] == 0
        && p.at
            .holes_of
            .get(mover)
            .is_some_and(|h| h.iter().all(|&q| b.seeds[q] <= 1))
    {
        b.vars[v] = 1;
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;
    use crate::engine::rule::test_boards::{data_board, labels, play};

    /// Four rows of three (SO1..SO3, SI1..SI3, NI1..NI3, NO1..NO3), relay sowing round each
    /// player's loop, the capture across from an empty inner hole, and `moves` as given; the
    /// holes as `seeds` (canonical order).
    fn board(moves: &str, seeds: [i64; 12]) -> Board {
        let mut b = data_board(format!(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - {{ row: SO, owner: 1, holes: 3, seeds: 1 }}\n    - {{ row: SI, owner: 1, holes: 3, seeds: 1 }}\n    - {{ row: NI, owner: 2, holes: 3, seeds: 1 }}\n    - {{ row: NO, owner: 2, holes: 3, seeds: 1 }}\nsowing:\n  relay: last\npipeline:\n  moves: {{ {moves} }}\n  capture:\n    across: {{ last: empty, needs: inner, then: out }}\n  end:\n    - {{ when: no_move, then: to_move_loses }}\n"
        ));
        b.seeds[..12].copy_from_slice(&seeds);
        b
    }

    fn var(b: &Board, name: &str) -> i64 {
        b.vars[b.layout.var_index(name).unwrap()]
    }

    #[test]
    fn small_holes_until_two_are_taken_then_the_fullest_once_then_any() {
        let few = "few_seeds_until_taken: { at_most: 2, taken: 2, then_fullest: true }";
        let b = board(few, [3, 1, 2, 0, 2, 1, 1, 1, 1, 1, 1, 1]);
        // (none of South's counters taken: holes of two or fewer)
        assert_eq!(labels(&b), ["SO2", "SO3", "SI2", "SI3"]);
        // Two of his counters taken (North holds them): his fullest hole only.
        let mut b = board(few, [3, 1, 2, 0, 2, 1, 1, 1, 1, 1, 1, 1]);
        b.reserves[1] = 2;
        assert_eq!(labels(&b), ["SO1"]);
        // SO1's 3: SO2, SO3, SI3 (occupied: its 2 sown on), SI2, SI1, empty, facing NI3 (1) with
        // NO3 (1) behind: both taken.
        play(&mut b, "SO1");
        assert_eq!(b.seeds[..12], [0, 2, 3, 1, 3, 0, 1, 1, 0, 1, 1, 0]);
        assert_eq!(b.reserves, [2, 2]);
        assert_eq!(var(&b, "few_seeds_over_1"), 1);
        // North has lost two too: his fullest; then South plays any hole.
        assert_eq!(labels(&b), ["NI1", "NI2", "NO1", "NO2"]);
        // (NO1 into NO2, whose 2 end in NI3, empty, facing SI1: taken)
        play(&mut b, "NO1");
        assert_eq!(b.seeds[..12], [0, 2, 3, 0, 3, 0, 1, 1, 1, 0, 0, 1]);
        // South's holes of three too, though not his fullest alone.
        assert_eq!(labels(&b), ["SO2", "SO3", "SI2"]);
    }

    #[test]
    fn single_seeds_only_into_empty_holes_once_a_move_leaves_every_hole_single() {
        let once = "single_seed_to_empty_once_all_single: true";
        let mut b = board(once, [1, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
        // (not yet: SO1's single may go into SO2, occupied)
        assert_eq!(labels(&b), ["SO1", "SO2"]);
        // SO2's 2: SO3 and SI3, empty: every hole of South's holds one or none.
        play(&mut b, "SO2");
        assert_eq!(b.seeds[..12], [1, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0]);
        assert_eq!(var(&b, "all_single_1"), 1);
        assert_eq!(var(&b, "all_single_2"), 0);
        play(&mut b, "NO1");
        // SO3's single would fall into SI3, occupied: not a move now.
        assert_eq!(labels(&b), ["SO1", "SI3"]);
    }
}
