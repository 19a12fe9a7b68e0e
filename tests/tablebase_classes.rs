//! A tablebase layer cut into classes (the seeds in player 1's holes; what the Dask tasks of
//! `sowlab.dask` build, `build_classes_in`): the classes split the layer exactly, and on every
//! shipped rule the tablebases support, a class built alone plays each of its positions once and
//! none of another class (same-layer moves keep to their class), with the values of the whole
//! build; a part's positions come in index order (the order the command line's build visits).

mod common;

use std::collections::HashSet;

use common::{load, rules_dir};
use sowlab::search::tablebase::build::{build_all, unknown_layer};
use sowlab::search::tablebase::classes::{build_classes_in, join_classes, Classes};
use sowlab::{rule_names, Game, Tablebase};

/// Checks the classes of `g`'s layers `0..=k_max`: a partition of each layer, each class built
/// alone plays its positions once and nothing outside, and joined they are the whole build.
fn check_classes(what: &str, g: &Game, k_max: usize) {
    let b = g.board().clone();
    let whole = build_all(&g.rule, &b, k_max, 1)
        .unwrap_or_else(|e| panic!("{what}: {}", e.one_line()))
        .unwrap();
    let mut tb = Tablebase::empty(&g.rule, &b).unwrap();
    let cl = Classes::of(&tb);
    let mut parts = vec![0usize; tb.holes()];
    for k in 0..=k_max {
        let n = tb.layer_size(k);
        let mut seen = HashSet::new();
        let mut built = Vec::new();
        for c in 0..=k {
            let members: Vec<usize> = cl.members(&tb, k, &[c]).collect();
            assert!(
                members.windows(2).all(|w| w[0] < w[1]),
                "{what} layer {k} class {c}: not in index order"
            );
            assert_eq!(
                members.len() as u64,
                cl.size(&tb, k, c),
                "{what} layer {k} class {c}"
            );
            for &i in &members {
                assert!(seen.insert(i), "{what} layer {k}: {i} in two classes");
                let half = tb.index().size(k) as usize;
                tb.index().unrank(k, (i % half) as u64, &mut parts);
                assert_eq!(cl.class_of(&parts), c, "{what} layer {k} position {i}");
            }
            let part = build_classes_in(&g.rule, &b, &tb, k, &[c], &unknown_layer(&tb, k))
                .unwrap()
                .unwrap();
            assert_eq!(
                part.outside, 0,
                "{what} layer {k} class {c}: a move left the class"
            );
            assert_eq!(
                part.played,
                members.len() as u64,
                "{what} layer {k} class {c}"
            );
            built.push((vec![c], part.values));
        }
        assert_eq!(seen.len() as u64, n, "{what} layer {k}");
        // A part of several classes: their positions merged in index order.
        let all: Vec<usize> = (0..=k).collect();
        let got: Vec<usize> = cl.members(&tb, k, &all).collect();
        assert_eq!(got, (0..n as usize).collect::<Vec<_>>(), "{what} layer {k}");
        let odd: Vec<usize> = (0..=k).filter(|c| c % 2 == 1).rev().collect();
        let half = tb.index().size(k) as usize;
        let want: Vec<usize> = (0..n as usize)
            .filter(|&i| {
                tb.index().unrank(k, (i % half) as u64, &mut parts);
                cl.class_of(&parts) % 2 == 1
            })
            .collect();
        let got: Vec<usize> = cl.members(&tb, k, &odd).collect();
        assert_eq!(got, want, "{what} layer {k}: classes {odd:?}");
        let refs: Vec<(Vec<usize>, &[i8])> =
            built.iter().map(|(c, v)| (c.clone(), &v[..])).collect();
        let layer = join_classes(&tb, k, &refs).unwrap();
        assert_eq!(layer, *whole.layer(k), "{what} layer {k}");
        tb.push_layer(layer);
    }
}

#[test]
fn same_layer_moves_keep_to_their_class_on_every_rule_with_tablebases() {
    let mut checked = Vec::new();
    for name in rule_names(&rules_dir()) {
        let rule = load(&name);
        // A move limit keeps tablebases away; with it off, the rule may qualify.
        for sets in [vec![], vec!["max_turns=0".to_string()]] {
            let Ok(opts) = rule.resolve_options(&sets) else {
                continue;
            };
            let Ok(g) = Game::new(rule.clone(), opts) else {
                continue;
            };
            let qualifies = Tablebase::empty(&g.rule, &g.board()).is_ok_and(|t| t.captures.is_none())
                // Rules whose moves cycle within a layer are refused by the builder itself.
                && build_all(&g.rule, &g.board(), 5, 1).is_ok();
            if qualifies {
                check_classes(&name, &g, 5);
                checked.push(name.clone());
                break;
            }
        }
    }
    for want in ["kalah", "fairkalah", "congkak"] {
        assert!(
            checked.iter().any(|n| n == want),
            "{want} not checked: {checked:?}"
        );
    }
    // Kalah's options that change its moves.
    for sets in [
        &["holes=3", "empty_capture=true"][..],
        &["holes=4", "end=mover_empty"],
        &["holes=2", "empty_capture=true", "end=mover_empty"],
    ] {
        let rule = load("kalah");
        let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
        let g = Game::new(rule.clone(), rule.resolve_options(&sets).unwrap()).unwrap();
        check_classes(&format!("kalah {sets:?}"), &g, 8);
    }
}

#[test]
fn parts_of_classes_are_checked() {
    let g = common::kalah(3, 2, false);
    let b = g.board().clone();
    let mut tb = build_all(&g.rule, &b, 3, 1).unwrap().unwrap();
    tb.truncate(3);
    let cur = unknown_layer(&tb, 3);
    for bad in [&[4][..], &[1, 1]] {
        let e = build_classes_in(&g.rule, &b, &tb, 3, bad, &cur).unwrap_err();
        assert!(
            e.one_line()
                .contains("are not distinct classes of its 0 to 3"),
            "{}",
            e.one_line()
        );
    }
    let two = build_classes_in(&g.rule, &b, &tb, 3, &[0, 2], &cur)
        .unwrap()
        .unwrap();
    let rest = build_classes_in(&g.rule, &b, &tb, 3, &[3, 1], &cur)
        .unwrap()
        .unwrap();
    let e = join_classes(&tb, 3, &[(vec![0, 2], &two.values[..])]).unwrap_err();
    assert!(
        e.one_line().contains("class 1 is in no part"),
        "{}",
        e.one_line()
    );
    let e = join_classes(
        &tb,
        3,
        &[
            (vec![0, 2], &two.values[1..]),
            (vec![3, 1], &rest.values[..]),
        ],
    )
    .unwrap_err();
    assert!(e.one_line().contains("hold"), "{}", e.one_line());
    let layer = join_classes(
        &tb,
        3,
        &[
            (vec![3, 1], &rest.values[..]),
            (vec![0, 2], &two.values[..]),
        ],
    )
    .unwrap();
    let whole = build_all(&g.rule, &b, 3, 1).unwrap().unwrap();
    assert_eq!(layer, *whole.layer(3));
}
