//! What a move leaves for the next ones' directions and holes: the direction the first move of a
//! game chose (`sowing.direction_by_first_move`), the turns played (`sowing.no_choice_turns`),
//! and a single seed sown across the board's end that may not be played straight back
//! (`moves.no_single_return`). Each is a game variable the legal moves and the sowing read.

use crate::engine::board::state::{Board, SowEnd};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;

/// After the sowing of a move by `mover` ended at `end` (from `end.from`, which held
/// `end.hand` seeds): records the direction the game's first move chose, and the hole a single seed went
/// into across the board's end (or none).
#[cold]
#[inline(never)]
pub fn after_sowing(b: &mut Board, l: &Compiled, p: &Pipeline, mover: usize, end: &SowEnd) {
    let (from, hand) = (end.from, end.hand);
    crate::engine::player::opening::played_from(b, l, p, from);
    if let Some(f) = &p.moves.few_seeds_until_taken {
        crate::engine::player::few_seeds_first::after_move(b, f, mover);
    }
    if let Some(&v) = p.moves.all_single_vars.get(mover) {
        crate::engine::player::few_seeds_first::all_single_after_move(b, p, v, mover);
    }
    if let Some((d, turns)) = l.sow.at.each {
        // (the mover's choice, made by the first move of his turn of choice)
        let played = turns.map_or(0, |t| b.vars[t + mover - 1]);
        let v = d + mover - 1;
        if b.vars[v] == 0 && played == l.sow.direction_by_own_turn - 1 {
            b.vars[v] = if end.reversed { -1 } else { 1 };
        }
    }
    if let Some(v) = l.sow.at.direction {
        if b.vars[v] == 0 {
            let m = mover as i64;
            b.vars[v] = if end.reversed { -m } else { m };
        }
    }
    if let Some(v) = p.at.no_return_var {
        let across = (p.moves.no_single_return && across_end(l, from, end.pit))
            || (p.moves.no_single_return_across_middle && across_middle(l, from, end.pit));
        b.vars[v] = if hand == 1 && end.laps == 1 && across {
            end.pit as i64 + 1
        } else {
            0
        };
        if let Some((by, held)) = p.at.no_return_capture_vars {
            b.vars[by] = mover as i64;
            b.vars[held] = crate::engine::player::material::material(b, mover);
        }
    }
}

/// Whether the single seed held back by `no_single_return_across_middle`'s move (it made no
/// capture since its sowing) may not go back.
pub(super) fn still_held_back(b: &Board, p: &Pipeline) -> bool {
    match p.at.no_return_capture_vars {
        None => true,
        Some((by, held)) => {
            let mover = b.vars[by] as usize;
            mover == 0 || crate::engine::player::material::material(b, mover) <= b.vars[held]
        }
    }
}

/// Whether `from` is one of the two middle holes of its row (of an even length) and `to` the
/// hole of the same number in the other row.
fn across_middle(l: &Compiled, from: usize, to: usize) -> bool {
    let (Some(r), Some(s)) = (l.pits[from].row, l.pits.get(to).and_then(|t| t.row)) else {
        return false;
    };
    let len = l.rows[r].pits.len();
    let pos = l.pits[from].pos;
    r != s
        && len.is_multiple_of(2)
        && (pos == len / 2 || pos == len / 2 + 1)
        && l.pits[to].pos == pos
}

/// Whether `from` is an end hole of its row and `to` the hole facing it in the other row.
fn across_end(l: &Compiled, from: usize, to: usize) -> bool {
    let Some(r) = l.pits[from].row else {
        return false;
    };
    let pos = l.pits[from].pos;
    (pos == 1 || pos == l.rows[r].pits.len()) && l.opposite(from) == Some(to)
}

/// When the turn passes to another player: one more turn played.
#[inline]
pub fn turn_passed(b: &mut Board, l: &Compiled) {
    if let Some(v) = l.sow.at.turns {
        b.vars[v] += 1;
    }
    // (the player whose turn ends: one more of his own)
    if let Some((_, Some(t))) = l.sow.at.each {
        if let Some(v) = b.vars.get_mut(t + b.to_move - 1) {
            *v += 1;
        }
    }
}

/// When a round starts: its first move chooses the direction again, and its first turns count
/// from the start.
pub fn new_round(b: &mut Board, l: &Compiled, p: &Pipeline) {
    for v in [l.sow.at.direction, l.sow.at.turns, p.at.no_return_var]
        .into_iter()
        .flatten()
    {
        b.vars[v] = 0;
    }
    if let Some((d, turns)) = l.sow.at.each {
        for pl in 0..l.players {
            b.vars[d + pl] = 0;
            if let Some(t) = turns {
                b.vars[t + pl] = 0;
            }
        }
    }
    crate::engine::player::opening::new_round(b, p);
}

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;

    fn board(yaml_sowing: &str, moves: &str) -> Board {
        board_on(
            "  pits:\n    - { row: S, owner: 1, holes: 4, seeds: 2 }\n    - { row: N, owner: 2, holes: 4, seeds: 2 }\n",
            yaml_sowing,
            moves,
        )
    }

    /// A two-player data rule on the board `pits` (its `board:` keys after `shape`).
    fn board_on(pits: &str, yaml_sowing: &str, moves: &str) -> Board {
        let text = format!(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n{pits}sowing:\n{yaml_sowing}pipeline:\n  moves:\n{moves}  end:\n    - {{ when: no_move, then: most_seeds }}\n"
        );
        let rule = crate::Rule::data_from_text(text, std::path::Path::new("t.yaml")).unwrap();
        let opts = rule.resolve_options::<&str>(&[]).unwrap();
        let d = rule.new_board(&opts).unwrap();
        d.cast::<Board>()
    }

    #[test]
    fn with_a_circuit_per_player_a_sowing_goes_round_its_own_row_and_store() {
        let pits = "  circuits: per_player\n  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 0 }\n    - { store: s, owner: 1 }\n    - { row: N, owner: 2, holes: 3, seeds: 0 }\n    - { store: n, owner: 2 }\n";
        let mut b = board_on(pits, "  stores: own\n", "    min_seeds: 1\n");
        assert_eq!(b.layout.circuits, [4, 4]);
        // S2 holds 6: S3, store, S1, S2 (not N1), S3, store
        b.seeds = vec![0, 6, 0, 0, 1, 1, 1, 0];
        play(&mut b, "2");
        assert_eq!(b.seeds, [1, 1, 2, 2, 1, 1, 1, 0]);
        // North's the same way round his own: N3 into store n, then N1
        b.to_move = 2;
        b.seeds[6] = 2;
        play(&mut b, "3");
        assert_eq!(b.seeds, [1, 1, 2, 2, 2, 1, 0, 1]);
        // sown backwards, round the circuit the other way: S1 into the store, S3, S2
        let mut b = board_on(
            pits,
            "  stores: own\n  reverse: true\n",
            "    min_seeds: 1\n",
        );
        b.seeds = vec![3, 0, 0, 0, 1, 1, 1, 0];
        play(&mut b, "1");
        assert_eq!(b.seeds, [0, 1, 1, 1, 1, 1, 1, 0]);
    }

    fn play(b: &mut Board, label: &str) {
        let id = b.layout.parse_label(b.to_move, label).expect(label);
        let mut legal = Vec::new();
        let p = b.layout.pipeline.clone().unwrap();
        super::super::legal::legal_into(b, &p, b.to_move, &mut legal);
        assert!(legal.contains(&id), "{label} not legal");
        let mut hooks = Vec::new();
        super::super::play::play(b, id, &mut hooks).unwrap();
    }

    fn labels(b: &Board) -> Vec<String> {
        let mut legal = Vec::new();
        let p = b.layout.pipeline.clone().unwrap();
        super::super::legal::legal_into(b, &p, b.to_move, &mut legal);
        legal.iter().map(|&m| b.layout.label(m)).collect()
    }

    #[test]
    fn the_first_move_chooses_the_direction_then_each_player_keeps_his() {
        let mut b = board("  direction_by_first_move: true\n", "    min_seeds: 1\n");
        assert_eq!(
            labels(&b),
            ["1ccw", "1cw", "2ccw", "2cw", "3ccw", "3cw", "4ccw", "4cw"]
        );
        // South sows clockwise from S2: S1, then N4.
        play(&mut b, "2cw");
        assert_eq!(b.seeds, [3, 0, 2, 2, 2, 2, 2, 3]);
        assert_eq!(labels(&b), ["1", "2", "3", "4"]);
        // North sows the other way, anticlockwise: from N1 into N2, N3.
        play(&mut b, "1");
        assert_eq!(b.seeds, [3, 0, 2, 2, 0, 3, 3, 3]);
        // South keeps clockwise: from S1 into N4, N3, N2.
        play(&mut b, "1");
        assert_eq!(b.seeds, [0, 0, 2, 2, 0, 4, 4, 4]);
        // North to move: N2, N3, N4, with no direction named
        assert_eq!(labels(&b), ["2", "3", "4"]);
    }

    #[test]
    fn each_player_chooses_his_own_direction_on_his_first_turn_and_keeps_it() {
        let mut b = board("  direction_by_own_turn: 1\n", "    min_seeds: 1\n");
        assert_eq!(
            labels(&b),
            ["1ccw", "1cw", "2ccw", "2cw", "3ccw", "3cw", "4ccw", "4cw"]
        );
        // South sows clockwise from S2: S1, then N4.
        play(&mut b, "2cw");
        assert_eq!(b.seeds, [3, 0, 2, 2, 2, 2, 2, 3]);
        // North chooses for himself too: clockwise as well, from N2 into N1 and S4.
        assert_eq!(labels(&b)[..2], ["1ccw", "1cw"]);
        play(&mut b, "2cw");
        assert_eq!(b.seeds, [3, 0, 2, 3, 3, 0, 2, 3]);
        // Both keep clockwise: South from S4 into S3, S2, S1; North from N4 into N3, N2, N1.
        assert_eq!(labels(&b), ["1", "3", "4"]);
        play(&mut b, "4");
        assert_eq!(b.seeds, [4, 1, 3, 0, 3, 0, 2, 3]);
        play(&mut b, "4");
        assert_eq!(b.seeds, [4, 1, 3, 0, 4, 1, 3, 0]);
        assert_eq!(
            b.vars.len(),
            2,
            "sow_direction_1, sow_direction_2: no turns counted"
        );
    }

    #[test]
    fn each_player_chooses_on_his_second_turn_after_a_first_sown_the_rules_way() {
        let mut b = board("  direction_by_own_turn: 2\n", "    min_seeds: 1\n");
        // First turns: anticlockwise, no choice. S4 into N1, N2; N4 into S1, S2.
        assert_eq!(labels(&b), ["1", "2", "3", "4"]);
        play(&mut b, "4");
        assert_eq!(labels(&b), ["1", "2", "3", "4"]);
        play(&mut b, "4");
        assert_eq!(b.seeds, [3, 3, 2, 0, 3, 3, 2, 0]);
        // South's second turn: his choice, anticlockwise (S1 into S2, S3, S4)...
        assert_eq!(labels(&b), ["1ccw", "1cw", "2ccw", "2cw", "3ccw", "3cw"]);
        play(&mut b, "1ccw");
        assert_eq!(b.seeds, [0, 4, 3, 1, 3, 3, 2, 0]);
        // ...North's, clockwise (N1 into S4, S3, S2), each kept after.
        assert_eq!(labels(&b), ["1ccw", "1cw", "2ccw", "2cw", "3ccw", "3cw"]);
        play(&mut b, "1cw");
        assert_eq!(b.seeds, [0, 5, 4, 2, 0, 3, 2, 0]);
        assert_eq!(labels(&b), ["2", "3", "4"]);
        play(&mut b, "4");
        assert_eq!(b.seeds, [0, 5, 4, 0, 1, 4, 2, 0]);
        play(&mut b, "2");
        // (North's N2 clockwise: N1, S4, S3, S2)
        assert_eq!(b.seeds, [0, 6, 5, 1, 2, 0, 2, 0]);
    }

    #[test]
    fn a_direction_by_own_turn_is_refused_with_the_first_moves_choice() {
        let text = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 4, seeds: 2 }\n    - { row: N, owner: 2, holes: 4, seeds: 2 }\nsowing:\n  direction_by_first_move: true\n  direction_by_own_turn: 1\npipeline:\n  end:\n    - { when: no_move, then: most_seeds }\n".to_string();
        let e = crate::Rule::data_from_text(text, std::path::Path::new("t.yaml")).unwrap_err();
        assert!(
            e.to_string().contains(
                "sowing: direction_by_own_turn (each player chooses his own direction) and direction_by_first_move"
            ),
            "{e}"
        );
    }

    #[test]
    fn the_first_turns_offer_no_choice_of_direction() {
        let mut b = board(
            "  choose_direction: [1, 2, 3, 4]\n  no_choice_turns: 2\n",
            "    min_seeds: 1\n",
        );
        assert_eq!(labels(&b), ["1", "2", "3", "4"]);
        play(&mut b, "4");
        // anticlockwise, the rule's way: S4 into N1, N2
        assert_eq!(b.seeds, [2, 2, 2, 0, 3, 3, 2, 2]);
        assert_eq!(labels(&b), ["1", "2", "3", "4"]);
        play(&mut b, "4");
        assert_eq!(b.seeds, [3, 3, 2, 0, 3, 3, 2, 0]);
        assert_eq!(labels(&b), ["1ccw", "1cw", "2ccw", "2cw", "3ccw", "3cw"]);
        // now chosen: S1 clockwise into N4, N3, N2
        play(&mut b, "1cw");
        assert_eq!(b.seeds, [0, 3, 2, 0, 3, 4, 3, 1]);
    }

    #[test]
    fn a_single_seed_sown_across_the_end_may_not_go_straight_back() {
        let mut b = board("  reverse_holes: [1, 2]\n", "    no_single_return: true\n");
        b.seeds = vec![1, 0, 0, 3, 2, 2, 2, 0];
        // S1 sows clockwise: its one seed goes to N4, facing it across the left end
        play(&mut b, "1");
        assert_eq!(b.seeds, [0, 0, 0, 3, 2, 2, 2, 1]);
        assert_eq!(labels(&b), ["1", "2", "3"]);
        // N1 sows clockwise too, two seeds: S4, S3; nothing is held back then
        play(&mut b, "1");
        assert_eq!(b.seeds, [0, 0, 1, 4, 0, 2, 2, 1]);
        assert_eq!(labels(&b), ["3", "4"]);
        // the same seed sown across, but joining others there: no hold
        let mut b = board("  reverse_holes: [1, 2]\n", "    no_single_return: true\n");
        b.seeds = vec![1, 0, 0, 3, 2, 2, 2, 2];
        play(&mut b, "1");
        assert_eq!(labels(&b), ["1", "2", "3", "4"]);
    }

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
