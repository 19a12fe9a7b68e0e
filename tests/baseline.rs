//! The benchmarks' native baseline gives the same results as the scripted rules (the benches
//! check the same at setup; this runs it under `cargo test`, on smaller inputs).

#[path = "../benches/common/mod.rs"]
mod common;

use common::{native, Rng};

#[test]
fn raja_pasu_random_matches_agree_with_native() {
    let rule = common::raja_pasu();
    let moves = common::check_raja_pasu(&rule, 0..3);
    assert!(moves > 0);
}

#[test]
fn tchuka_ruma_playouts_agree_with_native() {
    let rule = common::load("tchuka_ruma").expect("rules/tchuka_ruma.rhai");
    for (h, s) in [(4, 2), (5, 3), (8, 8), (1, 1)] {
        common::check_tchuka_playouts(&rule, h, s, 0..20);
    }
}

#[test]
fn tchuka_ruma_table_agrees_with_native() {
    let rule = common::load("tchuka_ruma").expect("rules/tchuka_ruma.rhai");
    let t = common::check_tchuka_table(&rule, 1..=4, 1..=4);
    // The standard 4 x 2 game is solvable (Campbell & Chavey).
    let standard = t
        .iter()
        .find(|(k, _)| *k == (4, 2))
        .expect("4 x 2 in the table")
        .1;
    assert!(standard.solvable);
    assert!(standard.positions > 1);
}

#[test]
fn native_raja_pasu_conserves_seeds_and_ends() {
    let o = native::RajaPasuOptions::default();
    for s in 0..20 {
        let e = native::raja_pasu_playout(&o, &mut Rng::new(s));
        let total: u32 =
            e.seeds.iter().map(|&x| x as u32).sum::<u32>() + e.reserves.iter().sum::<u32>();
        assert_eq!(total, 98, "seed {s}");
        assert!(e.over, "seed {s}: match did not end in {} moves", e.moves);
    }
}

#[test]
fn the_products_solver_agrees_with_native_on_small_cells() {
    let rule = common::load("tchuka_ruma").expect("rules/tchuka_ruma.rhai");
    let starts: Vec<_> = common::tchuka_starts(&rule)
        .into_iter()
        .filter(|((h, s), _)| *h <= 4 && *s <= 4)
        .collect();
    let (positions, moves, _) = common::check_solve_table(&rule, &starts);
    assert!(positions > 16 && moves > 0);
}
