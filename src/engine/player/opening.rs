//! The steps on which holes may start a move that depend on the game so far, played: the
//! opening turns (`moves.opening`), every hole played once before any again
//! (`moves.every_hole_first`), no move from a hole facing a single seed
//! (`moves.not_facing_single`), no single seed sown into an opponent's hole of some counts or back
//! into the hole the last move started from (`moves.single_seed_not_into_opponent_holding`,
//! `single_seed_not_to_last_start`), moves only from a hole after an empty one
//! (`moves.after_empty_hole`). Declared in [`crate::engine::declare::opening`]. Every function
//! here runs only for a rule that declares one of them (`at.odd_legal`, under `at.odd_moves`).

use crate::engine::board::state::{Board, PitKind, SowEnd};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::moves::Opening;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::trace::event::Event;

/// The opening, while its turns last.
#[inline]
pub fn now<'a>(b: &Board, p: &'a Pipeline) -> Option<&'a Opening> {
    let o = p.moves.opening.as_ref()?;
    let v = p.at.turns_var?;
    (b.vars[v] < o.turns).then_some(o)
}

/// Whether the move about to be played is an opening move sown to the opponent's side.
#[inline]
pub fn sows_to_opponent(b: &Board, p: &Pipeline) -> bool {
    now(b, p).is_some_and(|o| o.last_to_opponent)
}

/// Whether the move about to be played is an opening move that takes its hole's seeds out of the
/// game.
#[inline]
pub fn removes(b: &Board, p: &Pipeline) -> bool {
    now(b, p).is_some_and(|o| o.removes)
}

/// Plays move `id` as an opening move with `removes`: its hole's seeds leave the game (counted
/// in `discarded`, for nobody). The end returned is the emptied hole, one lap, no seed sown.
#[cold]
#[inline(never)]
pub fn remove(b: &mut Board, id: usize) -> Result<SowEnd, String> {
    let layout = b.layout.clone();
    let from = layout.split_move(id).0;
    let n = b.seeds.get(from).copied().unwrap_or(0);
    if n == 0 {
        return Err(format!(
            "remove: pit {} is empty",
            layout.pits.get(from).map_or("?", |q| q.name.as_str())
        ));
    }
    b.seeds[from] = 0;
    b.discarded += n;
    b.emit(|| Event::Capture {
        pit: from,
        seeds: n,
        player: 0,
        why: "opening: taken out of the game".into(),
    });
    let end = SowEnd {
        pit: from,
        was_empty: false,
        laps: 1,
        stopped: false,
        captured: 0,
        reversed: false,
        from,
        hand: n,
        across_both: false,
        relay_cut: false,
    };
    b.last = end;
    Ok(end)
}

/// Drops from `out[start..]` (holes of `player`) those held back: holes already played from
/// while some are not (`every_hole_first`), holes facing a single seed (`not_facing_single`).
#[cold]
#[inline(never)]
pub fn filter(
    b: &Board,
    l: &Compiled,
    p: &Pipeline,
    player: usize,
    start: usize,
    out: &mut Vec<usize>,
) {
    let m = &p.moves;
    let played =
        p.at.played_vars
            .get(player.wrapping_sub(1))
            .filter(|_| m.every_hole_first)
            .map(|&v| b.vars[v]);
    let mine = p.at.holes_of.get(player).map_or(&[][..], |h| &h[..]);
    let full = (1i64 << mine.len()) - 1;
    // (an opening without the other filters starts from any of its holes)
    let after_empty = m.after_empty_hole && now(b, p).is_none_or(|o| o.filters);
    let mut keep = start;
    for i in start..out.len() {
        let h = out[i];
        let mut ok = true;
        if let Some(mask) = played.filter(|&m| m & full != full) {
            if let Some(k) = mine.iter().position(|&q| q == h) {
                ok = mask & (1 << k) == 0;
            }
        }
        if ok && m.not_facing_single {
            ok = l
                .opposite(h)
                .is_none_or(|o| l.pits[o].owner == player || b.seeds[o] != 1);
        }
        if ok && b.seeds[h] == 1 {
            ok = single_seed_may_go(b, l, p, player, h);
        }
        if ok && after_empty {
            ok = hole_before(b, l, player, h).is_some_and(|q| b.seeds[q] == 0);
        }
        if ok {
            out[keep] = h;
            keep += 1;
        }
    }
    out.truncate(keep);
}

/// Whether the single seed of hole `h` may be sown by `player` where it would fall (the way the
/// hole sows): not into an opponent's hole holding one of `single_seed_not_into_opponent_holding`,
/// nor into the hole the last move was sown from (`single_seed_not_to_last_start`).
fn single_seed_may_go(b: &Board, l: &Compiled, p: &Pipeline, player: usize, h: usize) -> bool {
    let m = &p.moves;
    let last_start = p.at.last_start_var.map_or(0, |v| b.vars[v]);
    if m.single_seed_not_into_opponent_holding.is_empty() && last_start == 0 {
        return true;
    }
    use crate::engine::sowing::step::{next_in, table_dir};
    let table = table_dir(l, player, l.sow.flips(l, h, 1));
    let Some(q) = next_in(l, table, &b.closed, h, h, player) else {
        return true;
    };
    let onto_counted = l.pits[q].kind == PitKind::Hole
        && l.pits[q].owner != player
        && l.pits[q].owner != 0
        && m.single_seed_not_into_opponent_holding
            .contains(&b.seeds[q]);
    !onto_counted && last_start != q as i64 + 1
}

/// The hole before `h` along `player`'s sowing: the hole whose next is `h` (`after_empty_hole`).
fn hole_before(b: &Board, l: &Compiled, player: usize, h: usize) -> Option<usize> {
    use crate::engine::sowing::step::{next_in, table_of};
    let table = table_of(l, player);
    l.holes.iter().copied().find(|&q| {
        q != h
            && next_in(
                l,
                table,
                &b.closed,
                q,
                crate::engine::board::state::NO_PIT,
                player,
            ) == Some(h)
    })
}

/// After a move sown from `from`: the hole is marked played (`every_hole_first`), and kept as
/// the last move's start (`single_seed_not_to_last_start`).
#[inline]
pub fn played_from(b: &mut Board, l: &Compiled, p: &Pipeline, from: usize) {
    if let Some(v) = p.at.last_start_var {
        b.vars[v] = from as i64 + 1;
    }
    if p.at.played_vars.is_empty() {
        return;
    }
    let owner = l.pits[from].owner;
    let (Some(&v), Some(mine)) = (
        p.at.played_vars.get(owner.wrapping_sub(1)),
        p.at.holes_of.get(owner),
    ) else {
        return;
    };
    if let Some(k) = mine.iter().position(|&q| q == from) {
        b.vars[v] |= 1 << k;
    }
}

/// When a round starts: no hole has been played from yet.
pub fn new_round(b: &mut Board, p: &Pipeline) {
    for &v in p.at.played_vars.iter().chain(&p.at.last_start_var) {
        b.vars[v] = 0;
    }
}

/// Sows move `id` as an opening move with `last_to_opponent`: one lap into the open holes (stores
/// passed by, the origin skipped where the rule skips it), the last seed going on past the
/// mover's own holes to the next hole of another player's.
#[cold]
#[inline(never)]
pub fn sow_to_opponent(b: &mut Board, id: usize) -> Result<SowEnd, String> {
    let layout = b.layout.clone();
    let l = &*layout;
    let (from, other) = l.split_move(id);
    let mover = b.to_move;
    if from >= l.pits.len() || b.seeds[from] == 0 {
        return Err(format!(
            "sow: pit {} is empty",
            l.pits.get(from).map_or("?", |q| q.name.as_str())
        ));
    }
    let links = if l.sow.reverse != other {
        &l.prev
    } else {
        &l.next
    };
    let open = |b: &Board, q: usize| {
        l.pits[q].kind == PitKind::Hole && !b.closed[q] && !(l.sow.skip_origin && q == from)
    };
    let step = |b: &Board, mut q: usize| -> Result<usize, String> {
        for _ in 0..l.pits.len() {
            q = links[q];
            if open(b, q) {
                return Ok(q);
            }
        }
        Err("sow: no open hole to sow into".into())
    };
    let taken = b.seeds[from];
    let mut hand = taken;
    b.seeds[from] = 0;
    b.emit(|| Event::Pickup {
        pit: from,
        seeds: hand,
    });
    let mut q = from;
    let mut was_empty = false;
    while hand > 0 {
        q = step(b, q)?;
        if hand == 1 {
            let mut guard = 0;
            while l.pits[q].owner == mover || l.pits[q].owner == 0 {
                q = step(b, q)?;
                guard += 1;
                if guard > l.pits.len() {
                    return Err("sow: no hole of another player's to end in".into());
                }
            }
            was_empty = b.seeds[q] == 0;
        }
        hand -= 1;
        b.seeds[q] += 1;
        b.emit(|| Event::Drop { pit: q, hand });
    }
    let end = SowEnd {
        pit: q,
        was_empty,
        laps: 1,
        stopped: false,
        captured: 0,
        reversed: other,
        from,
        hand: taken,
        across_both: false,
        relay_cut: false,
    };
    b.last = end;
    Ok(end)
}

/// Whether hole `q` has been played from this round (`capture.chain.only_played_from`; `vars`:
/// per player, the variable of his holes played from, a bit per hole in the order of his holes).
#[cold]
#[inline(never)]
pub(super) fn was_played_from(b: &Board, l: &Compiled, vars: &[usize], q: usize) -> bool {
    let owner = l.pits[q].owner;
    let Some(&v) = vars.get(owner.wrapping_sub(1)) else {
        return false;
    };
    let mut k = 0;
    for &h in &l.holes {
        if h == q {
            return b.vars[v] & (1 << k) != 0;
        }
        if l.pits[h].owner == owner {
            k += 1;
        }
    }
    false
}

/// `moves.first_move_takes_and_gives`: the first move of a round, played from move `id`. The
/// hole keeps its seeds; round the board from it the way of the sowing, the next holes lose one
/// seed and gain one in turn (a hole holding none loses none); the hole opposite gains one
/// more and is where the captures are judged.
#[cold]
#[inline(never)]
pub fn take_and_give(b: &mut Board, l: &Compiled, id: usize) -> SowEnd {
    let (from, _) = l.split_move(id);
    let links = if l.sow.reverse { &l.prev } else { &l.next };
    let mut q = from;
    let mut lose = true;
    for _ in 0..l.track.len() {
        q = links[q];
        if q == crate::engine::board::state::NO_PIT || q == from {
            break;
        }
        if l.pits[q].kind != PitKind::Hole {
            continue;
        }
        let delta = if lose { -b.seeds[q].min(1) } else { 1 };
        lose = !lose;
        if delta != 0 {
            b.seeds[q] += delta;
            b.emit(|| Event::Adjust { pit: q, delta });
        }
    }
    let mut end = SowEnd {
        pit: from,
        laps: 1,
        from,
        hand: b.seeds[from],
        ..SowEnd::default()
    };
    if let Some(o) = l.opposite(from) {
        end.pit = o;
        end.was_empty = b.seeds[o] == 0;
        b.seeds[o] += 1;
        b.emit(|| Event::Adjust { pit: o, delta: 1 });
    }
    b.last = end;
    end
}

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;
    use crate::engine::rule::test_boards::{data_board, labels};

    /// A two-player data rule, two rows of four holes, its `moves:` keys `moves`.
    fn board(moves: &str, extra: &str) -> Board {
        let text = format!(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 4, seeds: 2 }}\n    - {{ row: N, owner: 2, holes: 4, seeds: 2 }}\nsowing: {{}}\npipeline:\n  moves:\n{moves}{extra}  end:\n    - {{ when: no_move, then: most_seeds }}\n"
        );
        data_board(text)
    }

    /// Plays `label`, which must be legal.
    fn play(b: &mut Board, label: &str) {
        assert!(labels(b).contains(&label.to_string()), "{label} not legal");
        crate::engine::rule::test_boards::play(b, label);
    }

    #[test]
    fn the_opening_turns_are_played_from_their_holes_only() {
        let mut b = board("    opening: { turns: 1, holes: [4] }\n", "");
        assert_eq!(labels(&b), ["4"]);
        // S4's two seeds into N1, N2; North then plays any hole
        play(&mut b, "4");
        assert_eq!(b.seeds, [2, 2, 2, 0, 3, 3, 2, 2]);
        assert_eq!(labels(&b), ["1", "2", "3", "4"]);
    }

    #[test]
    fn an_opening_from_the_inner_row_only_then_any_hole() {
        // four rows of two holes, each player's own loop
        let text = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - { row: SO, owner: 1, holes: 2, seeds: 2 }\n    - { row: SI, owner: 1, holes: 2, seeds: 2 }\n    - { row: NI, owner: 2, holes: 2, seeds: 2 }\n    - { row: NO, owner: 2, holes: 2, seeds: 2 }\nsowing: {}\npipeline:\n  moves: { opening: { turns: 1, inner_row: true } }\n  end:\n    - { when: no_move, then: most_seeds }\n";
        let mut b = data_board(text.into());
        assert_eq!(labels(&b), ["SI1", "SI2"]);
        // SI1's two seeds round South's loop: SO1, SO2
        play(&mut b, "SI1");
        assert_eq!(b.seeds, [3, 3, 0, 2, 2, 2, 2, 2]);
        // the opening's one turn is over: North plays any hole of his
        assert_eq!(labels(&b), ["NI1", "NI2", "NO1", "NO2"]);
    }

    #[test]
    fn an_opening_from_the_outer_row_only_then_any_hole() {
        // four rows of two holes, each player's own loop; each player's first turn
        let text = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - { row: SO, owner: 1, holes: 2, seeds: 2 }\n    - { row: SI, owner: 1, holes: 2, seeds: 2 }\n    - { row: NI, owner: 2, holes: 2, seeds: 2 }\n    - { row: NO, owner: 2, holes: 2, seeds: 2 }\nsowing: {}\npipeline:\n  moves: { opening: { turns: 2, outer_row: true } }\n  end:\n    - { when: no_move, then: most_seeds }\n";
        let mut b = data_board(text.into());
        assert_eq!(labels(&b), ["SO1", "SO2"]);
        // SO2's two seeds round South's loop: SI2, SI1
        play(&mut b, "SO2");
        assert_eq!(b.seeds, [2, 0, 3, 3, 2, 2, 2, 2]);
        assert_eq!(labels(&b), ["NO1", "NO2"]);
        // NO1's two seeds round North's loop
        play(&mut b, "NO1");
        // the opening's two turns are over: South plays any hole of his
        assert_eq!(labels(&b), ["SO1", "SI1", "SI2"]);
    }

    #[test]
    fn an_opening_sown_as_one_lap_does_not_relay() {
        // (relay: a last seed in an occupied hole sows on)
        let relay = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 4, seeds: 2 }\n    - { row: N, owner: 2, holes: 4, seeds: 2 }\nsowing: { relay: last }\npipeline:\n  moves:\n    opening: { turns: 1, one_lap: true }\n  end:\n    - { when: no_move, then: most_seeds }\n";
        let mut b = data_board(relay.into());
        // S1's two seeds end in S3 (occupied): the opening's lap stops there
        play(&mut b, "1");
        assert_eq!(b.seeds, [0, 3, 3, 2, 2, 2, 2, 2]);
        // after the opening, North's N1 ends in N3 (occupied) and relays: from N3, S2, N2,
        // until S2, emptied, takes the last seed
        play(&mut b, "1");
        assert_eq!(b.seeds, [2, 1, 4, 3, 1, 0, 1, 4]);
    }

    #[test]
    fn an_opening_sown_to_the_opponent_passes_the_movers_own_holes() {
        let mut b = board("    opening: { turns: 2, last_to_opponent: true }\n", "");
        b.seeds = vec![2, 0, 0, 0, 1, 1, 1, 1];
        // S1's two seeds: S2, then the last past S3, S4 into N1
        play(&mut b, "1");
        assert_eq!(b.seeds, [0, 1, 0, 0, 2, 1, 1, 1]);
        // North's N2 too: its one seed past N3, N4 into S1, on South's side
        play(&mut b, "2");
        assert_eq!(b.seeds, [1, 1, 0, 0, 2, 0, 1, 1]);
        // after the opening, sown as usual: S2 into S3
        play(&mut b, "2");
        assert_eq!(b.seeds, [1, 0, 1, 0, 2, 0, 1, 1]);
    }

    #[test]
    fn an_opening_that_removes_takes_the_holes_seeds_out_of_the_game() {
        let mut b = board(
            "    opening: { turns: 3, removes: true }\n",
            "  capture:\n    opposite: { when_opposite_empty: false, last_in: any, take_last: false }\n",
        );
        b.seeds = vec![2, 1, 2, 2, 2, 2, 2, 2];
        // South empties S2: its seed leaves the game, nothing is sown or captured
        play(&mut b, "2");
        assert_eq!(b.seeds, [2, 0, 2, 2, 2, 2, 2, 2]);
        assert_eq!(b.discarded, 1);
        assert_eq!(b.to_move, 2);
        play(&mut b, "4");
        play(&mut b, "1");
        assert_eq!(b.seeds, [0, 0, 2, 2, 2, 2, 2, 0]);
        assert_eq!(b.discarded, 5);
        // the opening over, North sows: N1's two seeds into N2, N3
        play(&mut b, "1");
        assert_eq!(b.seeds, [0, 0, 2, 2, 0, 3, 3, 0]);
        // South's S3 ends in N1, empty: the capture opposite takes S4 (3 seeds)
        play(&mut b, "3");
        assert_eq!(b.seeds, [0, 0, 0, 0, 1, 3, 3, 0]);
    }

    #[test]
    fn an_opening_without_the_filters_lets_any_landing_be() {
        // (without the opening, a lap must end in an empty hole)
        let b = board(
            "    landing: [empty_hole]\n    opening: { turns: 1, holes: [3, 4], filters: false }\n",
            "",
        );
        assert_eq!(labels(&b), ["3", "4"]);
        let b = board(
            "    landing: [empty_hole]\n    opening: { turns: 1, holes: [3, 4] }\n",
            "",
        );
        assert!(labels(&b).is_empty());
    }

    #[test]
    fn every_hole_is_played_once_before_any_again() {
        let mut b = board("    every_hole_first: true\n", "");
        b.seeds = vec![1, 1, 0, 2, 2, 2, 2, 2];
        assert_eq!(labels(&b), ["1", "2", "4"]);
        play(&mut b, "4");
        assert_eq!(b.seeds, [1, 1, 0, 0, 3, 3, 2, 2]);
        play(&mut b, "1");
        assert_eq!(b.seeds, [1, 1, 0, 0, 0, 4, 3, 3]);
        // S4 was played from: S1 and S2 (S3 is empty)
        assert_eq!(labels(&b), ["1", "2"]);
        play(&mut b, "1");
        play(&mut b, "2");
        assert_eq!(b.seeds, [1, 3, 0, 0, 0, 0, 4, 4]);
        // S1 holds a seed again, but was played: S2 only
        assert_eq!(labels(&b), ["2"]);
        play(&mut b, "2");
        play(&mut b, "3");
        assert_eq!(b.seeds, [2, 1, 2, 1, 1, 0, 0, 5]);
        assert_eq!(labels(&b), ["3"]);
        play(&mut b, "3");
        // North has played N1, N2 and N3: N4 only
        assert_eq!(labels(&b), ["4"]);
        play(&mut b, "4");
        // every hole of South's played: any again
        assert_eq!(b.seeds, [3, 2, 1, 3, 3, 0, 0, 0]);
        assert_eq!(labels(&b), ["1", "2", "3", "4"]);
    }

    #[test]
    fn a_hole_facing_a_single_seed_is_not_played() {
        let mut b = board("    not_facing_single: true\n", "");
        // S1 faces N4, S2 faces N3
        b.seeds = vec![2, 2, 2, 2, 2, 2, 1, 1];
        assert_eq!(labels(&b), ["3", "4"]);
        play(&mut b, "3");
        assert_eq!(b.seeds, [2, 2, 0, 3, 3, 2, 1, 1]);
        // North: N1 faces S4 (3), N3 faces S2 (2): all his holes
        assert_eq!(labels(&b), ["1", "2", "3", "4"]);
    }

    #[test]
    fn a_single_seed_is_not_sown_into_an_opponents_hole_of_a_listed_count() {
        let mut b = board("    single_seed_not_into_opponent_holding: [3]\n", "");
        // S4's single seed would make N1's 3 a four; S1's goes into S2, S3 holds two
        b.seeds = vec![1, 0, 2, 1, 3, 1, 1, 1];
        assert_eq!(labels(&b), ["1", "3"]);
        play(&mut b, "1");
        // North: N4's single seed into S1 (empty, South's): legal; into his own 3s too
        b.seeds = vec![0, 1, 2, 1, 3, 1, 3, 1];
        assert_eq!(labels(&b), ["1", "2", "3", "4"]);
    }

    #[test]
    fn a_single_seed_is_not_sown_back_into_the_hole_the_last_move_started_from() {
        let mut b = board("    single_seed_not_to_last_start: true\n", "");
        b.seeds = vec![1, 0, 2, 0, 1, 0, 0, 0];
        play(&mut b, "3");
        assert_eq!(b.seeds, [1, 0, 0, 1, 2, 0, 0, 0]);
        play(&mut b, "1");
        assert_eq!(b.seeds, [1, 0, 0, 1, 0, 1, 1, 0]);
        // S4's single seed would go back into N1, where North's move started; S1's may go on
        assert_eq!(labels(&b), ["1"]);
        play(&mut b, "1");
        // North's N2 into N3, which South's last move did not start from
        assert_eq!(labels(&b), ["2", "3"]);
    }

    #[test]
    fn a_move_starts_only_after_an_empty_hole() {
        let mut b = board("    after_empty_hole: true\n", "");
        // South's track: S1 S2 S3 S4 N1 ..., N4 before S1; only S3 follows an empty hole (S2)
        b.seeds = vec![2, 0, 2, 2, 2, 2, 2, 2];
        assert_eq!(labels(&b), ["3"]);
        play(&mut b, "3");
        assert_eq!(b.seeds, [2, 0, 0, 3, 3, 2, 2, 2]);
        // North: N1..N4 full, S4 before N1 holds 3: no hole follows an empty one
        assert!(labels(&b).is_empty());
        // An opening without the filters starts from its holes all the same.
        let b = board(
            "    after_empty_hole: true\n    opening: { turns: 1, holes: [4], filters: false }\n",
            "",
        );
        assert_eq!(labels(&b), ["4"]);
    }

    #[test]
    fn bad_opening_values_are_one_line_errors() {
        let text = |moves: &str| {
            format!(
                "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 4, seeds: 2 }}\n    - {{ row: N, owner: 2, holes: 4, seeds: 2 }}\nsowing: {{}}\npipeline:\n  moves:\n{moves}  end:\n    - {{ when: no_move, then: most_seeds }}\n"
            )
        };
        for (moves, want) in [
            (
                "    opening: { turns: 0 }\n",
                "opening: turns must be at least 1",
            ),
            (
                "    opening: { turns: 1, holes: [5] }\n",
                "opening: holes: no hole 5",
            ),
            (
                "    opening: { turns: 1, hole: [2] }\n",
                "unknown field `hole`",
            ),
            (
                "    opening: { turns: 1, inner_row: true }\n",
                "opening: inner_row needs a board of four rows",
            ),
        ] {
            // (removed with its files when `tmp` is dropped)
            let tmp = tempfile::Builder::new()
                .prefix("sowlab-opening-bad-")
                .tempdir()
                .expect("temp dir");
            let dir = tmp.path().to_path_buf();
            crate::engine::base::files::create_dir_all(&dir).unwrap();
            let f = dir.join("t.yaml");
            crate::engine::base::files::write_fixture(&f, text(moves)).unwrap();
            let e = crate::Rule::load(f.to_str().unwrap(), &dir)
                .and_then(|r| {
                    let o = r.resolve_options::<&str>(&[])?;
                    r.new_board(&o).map(|_| ())
                })
                .expect_err(moves)
                .one_line();
            assert!(e.contains(want), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
