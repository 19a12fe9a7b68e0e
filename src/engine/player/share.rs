//! Giving one seed to an opponent who has none (`moves.give_one_to_empty`): when the next player
//! has no seeds in his holes, the mover's move is not a sowing: from the hole he plays (one holding
//! two seeds or more) one seed goes into the next player's first hole (hole 1, from that
//! player's left), and the mover moves again.

use crate::engine::board::state::{Board, SowEnd};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::player::end::run_checks;
use crate::engine::player::hooks::HookCall;
use crate::engine::player::material::{next_of, seeds_of};
use crate::engine::player::notes::note;
use crate::engine::trace::event::Event;

/// The first hole of the next player when he has no seeds in his holes (the mover then gives
/// him one), else `None`.
#[inline]
pub(super) fn to_give(b: &Board, l: &Compiled, p: &Pipeline, mover: usize) -> Option<usize> {
    let opp = next_of(l, mover);
    if opp == mover || seeds_of(b, p, opp) > 0 {
        return None;
    }
    let row = l.rows.iter().find(|r| r.owner == opp)?;
    row.pits.first().copied()
}

/// The holes the mover may give from: his open holes holding two seeds or more, appended to
/// `out`.
pub(super) fn legal_gifts(b: &Board, p: &Pipeline, mover: usize, out: &mut Vec<usize>) {
    if let Some(holes) = p.at.holes_of.get(mover) {
        out.extend(
            holes
                .iter()
                .copied()
                .filter(|&h| !b.closed[h] && b.seeds[h] >= 2),
        );
    }
}

/// Plays the gift of one seed from `pit` to hole `to`; the mover moves again (the end checks
/// run as after any move).
#[cold]
#[inline(never)]
pub(super) fn give_one(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    pit: usize,
    to: usize,
    hooks: &mut Vec<HookCall>,
) -> Result<(), String> {
    let mover = b.to_move;
    if b.seeds.get(pit).copied().unwrap_or(0) < 2 {
        return Err(format!(
            "hole {} holds fewer than two seeds: it cannot give one",
            l.pits.get(pit).map_or("?", |q| q.name.as_str())
        ));
    }
    b.seeds[pit] -= 1;
    b.emit(|| Event::Pickup { pit, seeds: 1 });
    b.seeds[to] += 1;
    b.emit(|| Event::Drop { pit: to, hand: 0 });
    b.last = SowEnd {
        pit: to,
        was_empty: true,
        laps: 1,
        ..SowEnd::default()
    };
    note(b, p, &p.notes.extra, mover, Vec::new);
    if let Some(v) = p.at.moves_var {
        b.vars[v] += 1;
    }
    if run_checks(b, l, p, mover, true, hooks) {
        return Ok(());
    }
    if p.at.track_repetition {
        super::play::record_position(b);
    }
    run_checks(b, l, p, mover, false, hooks);
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::engine::player::directions::tests::{board_on, labels, play};

    const PITS: &str = "  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 0 }\n    - { store: s, owner: 1 }\n    - { row: N, owner: 2, holes: 3, seeds: 0 }\n    - { store: n, owner: 2 }\n";

    #[test]
    fn to_a_player_without_seeds_the_mover_gives_one_and_moves_again() {
        let mut b = board_on(PITS, "  stores: own\n", "    give_one_to_empty: true\n");
        b.seeds = vec![1, 3, 2, 0, 0, 0, 0, 0];
        // North has nothing: South may give from S2 or S3 (two seeds or more), not S1
        assert_eq!(labels(&b), ["2", "3"]);
        play(&mut b, "2");
        // one seed from S2 into N1, North's first hole; South moves again, now sowing
        assert_eq!(b.seeds, [1, 2, 2, 0, 1, 0, 0, 0]);
        assert_eq!(b.to_move, 1);
        assert_eq!(labels(&b), ["1", "2", "3"]);
        play(&mut b, "1");
        assert_eq!(b.seeds, [0, 3, 2, 0, 1, 0, 0, 0]);
        assert_eq!(b.to_move, 2);
        // without the rule, the same position is an ordinary sowing
        let mut b = board_on(PITS, "  stores: own\n", "    min_seeds: 1\n");
        b.seeds = vec![1, 3, 2, 0, 0, 0, 0, 0];
        play(&mut b, "2");
        assert_eq!(b.seeds, [1, 0, 3, 1, 1, 0, 0, 0]);
    }
}
