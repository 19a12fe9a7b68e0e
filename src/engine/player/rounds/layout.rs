//! The board of a new round of a tallied match laid out as the rule says (`rounds.layout`, turned
//! round or not by `rounds.turn_layout`, or `rounds.random_layout`), rather than `fill` seeds in
//! every hole.

use crate::engine::board::state::Board;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{Pipeline, Rounds, Starter, TurnLayout};
use crate::engine::declare::start::{layout_of, RandomStart};
use crate::engine::trace::event::Event;

use crate::engine::player::rounds::starter_of;

/// Lays out the holes (all empty, the stores emptied, every seed in the reserves) for round
/// `round + 1`, when the rounds declare a layout; whether it did.
#[allow(clippy::too_many_arguments)]
pub(in crate::engine::player) fn lay_out(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    r: &Rounds,
    starter: Starter,
    mover: usize,
    rw: usize,
    round: i64,
) -> bool {
    let n = l.holes.len();
    let mut v = match (&r.layout, &r.random_layout) {
        (Some(v), _) => v.clone(),
        (None, Some(rs)) => {
            let draw = RandomStart {
                seed: rs.seed.wrapping_add(round.wrapping_mul(1_000_003)),
                ..rs.clone()
            };
            match layout_of(&draw, n, i64::MAX / 4) {
                Ok(v) => v,
                Err(_) => return false,
            }
        }
        (None, None) => return false,
    };
    let turned = match r.turn_layout {
        TurnLayout::Never => false,
        TurnLayout::Starter => starter_of(b, p, starter, mover, rw) == 2,
        TurnLayout::NonStarter => starter_of(b, p, starter, mover, rw) == 1,
        TurnLayout::Alternate => p.at.round_starter_var.is_some_and(|s| b.vars[s] == 1),
    };
    if turned && n.is_multiple_of(2) {
        v.rotate_left(n / 2);
    }
    for (i, &h) in l.holes.iter().enumerate() {
        let seeds = v[i];
        if seeds != 0 {
            let pl = l.pits[h].owner;
            b.seeds[h] += seeds;
            b.emit(|| Event::Fill {
                pit: h,
                seeds,
                player: pl,
            });
        }
    }
    b.reserves.iter_mut().for_each(|x| *x = 0);
    true
}

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;

    fn board(rounds: &str) -> Board {
        let text = format!(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 2, seeds: 1 }}\n    - {{ row: N, owner: 2, holes: 2, seeds: 1 }}\nsowing: {{}}\npipeline:\n  end:\n    - {{ when: opponent_empty, before_turn: true, then: round_mover_wins, starter: loser }}\n  rounds: {rounds}\n"
        );
        let rule = crate::Rule::data_from_text(text, std::path::Path::new("t.yaml")).unwrap();
        let opts = rule.resolve_options::<&str>(&[]).unwrap();
        rule.new_board(&opts).unwrap().cast::<Board>()
    }

    fn var(b: &Board, name: &str) -> i64 {
        b.vars[b.layout.var_index(name).unwrap()]
    }

    fn play_first(b: &mut Board) {
        // South's S1 (one seed) into S2: North has none left, South wins the round
        b.seeds = vec![1, 0, 0, 0];
        let mut hooks = Vec::new();
        crate::engine::player::play::play(b, 0, &mut hooks).unwrap();
    }

    #[test]
    fn a_round_won_by_the_mover_starts_the_next_from_the_layout() {
        let mut b = board("{ fill: 1, winner: most_seeds, tally: rounds_won, tally_to: 3, layout: [2, 0, 1, 1], turn_layout: starter }");
        play_first(&mut b);
        assert_eq!(var(&b, "tally_1"), 1);
        assert_eq!(var(&b, "tally_2"), 0);
        assert_eq!(var(&b, "round"), 2);
        // the loser, North, starts: the layout turned round for him
        assert_eq!(b.to_move, 2);
        assert_eq!(b.seeds, [1, 1, 2, 0]);
        assert!(!b.over);
        // turned for the other of the last round's starter (South): for North too
        let mut b = board("{ fill: 1, winner: most_seeds, tally: rounds_won, tally_to: 3, layout: [2, 0, 1, 1], turn_layout: alternate }");
        play_first(&mut b);
        assert_eq!(b.seeds, [1, 1, 2, 0]);
        // never turned
        let mut b = board(
            "{ fill: 1, winner: most_seeds, tally: rounds_won, tally_to: 3, layout: [2, 0, 1, 1] }",
        );
        play_first(&mut b);
        assert_eq!(b.seeds, [2, 0, 1, 1]);
    }

    #[test]
    fn a_round_starts_from_a_random_layout_of_its_seeds() {
        let mut b = board("{ fill: 1, winner: most_seeds, tally: rounds_won, tally_to: 3, random_layout: { seeds: 9, at_least: 2, seed: 5 } }");
        play_first(&mut b);
        assert_eq!(b.seeds.iter().sum::<i64>(), 9);
        assert!(b.seeds.iter().all(|&x| x >= 2), "{:?}", b.seeds);
        assert_eq!(b.to_move, 2);
    }

    #[test]
    fn bad_round_layouts_are_one_line_errors() {
        for (rounds, want) in [
            ("{ fill: 1, winner: most_seeds, tally: rounds_won, tally_to: 3, layout: [2, 0, 1] }", "layout has 3 counts, the board has 4 holes"),
            ("{ fill: 1, winner: most_seeds, tally: rounds_won, tally_to: 3, turn_layout: starter }", "`turn_layout` needs a `layout`"),
            ("{ fill: 1, winner: most_seeds, tally: rounds_won, tally_to: 3, turn_layout: sideways, layout: [1, 1, 1, 1] }", "sideways"),
        ] {
            let text = format!(
                "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 2, seeds: 1 }}\n    - {{ row: N, owner: 2, holes: 2, seeds: 1 }}\nsowing: {{}}\npipeline:\n  end:\n    - {{ when: opponent_empty, before_turn: true, then: round_mover_wins }}\n  rounds: {rounds}\n"
            );
            // (removed with its files when `tmp` is dropped)
            let tmp = tempfile::Builder::new().prefix("sowlab-round-layout-bad-").tempdir().expect("temp dir");
            let dir = tmp.path().to_path_buf();
            crate::engine::base::files::create_dir_all(&dir).unwrap();
            let f = dir.join("t.yaml");
            crate::engine::base::files::write_fixture(&f, text).unwrap();
            let e = crate::Rule::load(f.to_str().unwrap(), &dir)
                .and_then(|r| {
                    let o = r.resolve_options::<&str>(&[])?;
                    r.new_board(&o).map(|_| ())
                })
                .expect_err(rounds)
                .one_line();
            assert!(e.contains(want), "{e}");
        }
    }
}
