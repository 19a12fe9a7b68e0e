//! Layers built for player 1 to move only when a rule's sides are mirror images
//! (`Tablebase::one_side`): Kalah's are, and its half build holds every value of a build of both
//! sides (its classes, built both sides: `build_classes_in`); a board whose track treats the
//! players differently is built both sides, and its values are still its own.

mod common;

use std::path::Path;
use std::sync::Arc;

use sowlab::search::tablebase::build::{build_all, unknown_layer, unknown_side};
use sowlab::search::tablebase::classes::{build_classes_in, join_classes};
use sowlab::{Game, Rule, Tablebase};

/// Layers `0..=k_max` of `g` built class by class, both sides (what the Dask build does).
fn both_sides(g: &Game, k_max: usize) -> Vec<Vec<i8>> {
    let b = g.board().clone();
    let mut tb = Tablebase::empty(&g.rule, &b).unwrap();
    let mut out = Vec::new();
    for k in 0..=k_max {
        let all: Vec<usize> = (0..=k).collect();
        let layer = build_classes_in(&g.rule, &b, &tb, k, &all, &unknown_layer(&tb, k))
            .unwrap()
            .unwrap()
            .values;
        tb.push_layer(layer.clone());
        out.push(layer);
    }
    out
}

#[test]
fn kalah_is_built_one_side_with_the_values_of_both() {
    for (holes, empty) in [(3, false), (4, true)] {
        let g = common::kalah(holes, 2, empty);
        let b = g.board().clone();
        let k_max = 8;
        let tb = build_all(&g.rule, &b, k_max, 2).unwrap().unwrap();
        assert!(tb.one_side(&g.rule).unwrap(), "kalah({holes})");
        let sizes: u64 = (0..=k_max).map(|k| tb.layer_size(k)).sum();
        assert_eq!(tb.bytes(), sizes / 2, "kalah({holes}): one side held");
        for (k, want) in both_sides(&g, k_max).iter().enumerate() {
            assert_eq!(*tb.layer(k), want[..], "kalah({holes}) layer {k}");
        }
    }
}

#[test]
fn a_board_whose_track_differs_by_player_is_built_both_sides() {
    // Player 1's store comes before his row on the track, player 2's after his: player 1 sows
    // into his opponent's row first, player 2 into his own store.
    let text = "name: lopsided\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { store: s, owner: 1 }\n    - { row: S, owner: 1, holes: 3, seeds: 2 }\n    - { row: N, owner: 2, holes: 3, seeds: 2 }\n    - { store: n, owner: 2 }\nsowing:\n  stores: own\npipeline:\n  end:\n    - { when: side_empty, sweep: owners, then: most_seeds }\n";
    let rule =
        Arc::new(Rule::data_from_text(text.to_string(), Path::new("lopsided.yaml")).unwrap());
    let g = Game::new(rule.clone(), rule.resolve_options::<&str>(&[]).unwrap()).unwrap();
    let b = g.board().clone();
    let k_max = 6;
    let tb = build_all(&g.rule, &b, k_max, 1).unwrap().unwrap();
    assert!(!tb.one_side(&g.rule).unwrap());
    let sizes: u64 = (0..=k_max).map(|k| tb.layer_size(k)).sum();
    assert_eq!(tb.bytes(), sizes);
    let both = both_sides(&g, k_max);
    for (k, want) in both.iter().enumerate() {
        assert_eq!(*tb.layer(k), want[..], "layer {k}");
    }
    // Its values are not mirror images: a build of one side would have been wrong.
    let k = k_max;
    let size = tb.index().size(k) as usize;
    let mut parts = vec![0usize; tb.holes()];
    let n = tb.holes();
    let differs = (0..size).any(|r| {
        tb.index().unrank(k, r as u64, &mut parts);
        let turned = tb.index().rank((0..n).map(|j| parts[(j + n / 2) % n])) as usize;
        both[k][r] != both[k][size + turned]
    });
    assert!(differs, "the lopsided board's sides are worth the same");
}

#[test]
fn kalah_classes_built_one_side_join_into_the_command_lines_half_layers() {
    // The Dask build's parts on one side: classes c and k - c together (player 2's positions
    // of one are the mirror images of player 1's of the other), each part on its own values.
    let g = common::kalah(4, 2, false);
    let b = g.board().clone();
    let k_max = 7;
    let want = build_all(&g.rule, &b, k_max, 1).unwrap().unwrap();
    let mut tb = Tablebase::empty(&g.rule, &b).unwrap();
    for k in 0..=k_max {
        let parts: Vec<Vec<usize>> = (0..=k / 2)
            .map(|c| if c < k - c { vec![k - c, c] } else { vec![c] })
            .collect();
        let built: Vec<Vec<i8>> = parts
            .iter()
            .map(|p| {
                let v = build_classes_in(&g.rule, &b, &tb, k, p, &unknown_side(&tb, k))
                    .unwrap()
                    .unwrap();
                assert_eq!(v.outside, 0, "layer {k}, classes {p:?}");
                assert_eq!(v.played, v.values.len() as u64, "layer {k}, classes {p:?}");
                v.values
            })
            .collect();
        let refs: Vec<(Vec<usize>, &[i8])> = parts
            .iter()
            .cloned()
            .zip(built.iter().map(|v| &v[..]))
            .collect();
        let layer = join_classes(&tb, k, &refs).unwrap();
        assert_eq!(
            2 * layer.len() as u64,
            tb.layer_size(k),
            "layer {k}: one side"
        );
        tb.push_layer(layer);
        assert_eq!(*tb.layer(k), *want.layer(k), "layer {k}");
    }
}

#[test]
fn classes_are_not_built_one_side_for_a_rule_whose_sides_differ() {
    let text = "name: lopsided\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { store: s, owner: 1 }\n    - { row: S, owner: 1, holes: 3, seeds: 2 }\n    - { row: N, owner: 2, holes: 3, seeds: 2 }\n    - { store: n, owner: 2 }\nsowing:\n  stores: own\npipeline:\n  end:\n    - { when: side_empty, sweep: owners, then: most_seeds }\n";
    let rule =
        Arc::new(Rule::data_from_text(text.to_string(), Path::new("lopsided.yaml")).unwrap());
    let g = Game::new(rule.clone(), rule.resolve_options::<&str>(&[]).unwrap()).unwrap();
    let b = g.board().clone();
    let tb = Tablebase::empty(&g.rule, &b).unwrap();
    let e = build_classes_in(&g.rule, &b, &tb, 2, &[0, 1, 2], &unknown_side(&tb, 2)).unwrap_err();
    assert!(e.to_string().contains("sides are not mirror images"), "{e}");
}
