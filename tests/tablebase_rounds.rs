//! A tablebase layer built in rounds by parts that own disjoint ranges of its index
//! (`build_range_round`, what the Dask tasks of `sowlab.dask` run) is the layer the one-process
//! builder makes, byte for byte, whatever the cut; each position is valued once, by its owner;
//! the rounds end.

mod common;

use sowlab::search::tablebase::build::build_all;
use sowlab::search::tablebase::rounds::{build_layer_in_rounds, build_range_round};
use sowlab::search::tablebase::UNKNOWN;
use sowlab::{Game, Tablebase};

/// The Kalah cells of these tests: three seeds a hole.
fn kalah(holes: usize, empty_capture: bool) -> Game {
    common::kalah(holes, 3, empty_capture)
}

#[test]
fn layers_built_in_rounds_equal_the_whole_build() {
    for (holes, ec, k_max) in [(3, false, 9), (4, true, 7)] {
        let g = kalah(holes, ec);
        let b = g.board().clone();
        let whole = build_all(&g.rule, &b, k_max, 1).unwrap().unwrap();
        let mut tb = Tablebase::empty(&g.rule, &b).unwrap();
        let mut more_than_one = 0;
        for k in 0..=k_max {
            let n = tb.layer_size(k);
            // Uneven cuts, an empty part, a part of one position; and one part alone.
            let uneven = [0, n / 7, n / 7, (n / 7 + 1).min(n), n / 2, n];
            for cuts in [&uneven[..], &[0, n]] {
                let (layer, rounds) = build_layer_in_rounds(&g.rule, &b, &tb, k, cuts)
                    .unwrap()
                    .unwrap();
                assert_eq!(
                    layer,
                    *whole.layer(k),
                    "holes {holes}, layer {k}, cuts {cuts:?}"
                );
                if cuts.len() == 2 {
                    assert_eq!(rounds, 1, "one part needs one round");
                } else if rounds > 1 {
                    more_than_one += 1;
                }
            }
            tb.push_layer(whole.layer(k).to_vec());
        }
        // The parts do wait on each other: in-layer moves cross the cuts.
        assert!(more_than_one > 0, "holes {holes}");
    }
}

#[test]
fn each_position_is_valued_once_by_its_owner() {
    let g = kalah(4, true);
    let b = g.board().clone();
    let k = 7;
    let whole = build_all(&g.rule, &b, k, 1).unwrap().unwrap();
    let mut tb = whole.clone();
    tb.truncate(k);
    let n = tb.layer_size(k);
    let cuts = [0, n / 3, 2 * n / 3, n];
    let mut known = vec![UNKNOWN; n as usize];
    let (mut valued, mut expanded, mut rounds) = (0, 0, 0);
    loop {
        rounds += 1;
        let mut next = Vec::new();
        let mut left = 0;
        for w in cuts.windows(2) {
            let r = build_range_round(&g.rule, &b, &tb, k, w[0], w[1], &known)
                .unwrap()
                .unwrap();
            // What a part hands on: its values so far, unknown only where it says it left some.
            let unknown = r.values.iter().filter(|&&v| v == UNKNOWN).count() as u64;
            assert_eq!(unknown, r.left);
            assert!(r.valued <= r.expanded);
            valued += r.valued;
            expanded += r.expanded;
            left += r.left;
            next.extend(r.values);
        }
        known = next;
        if left == 0 {
            break;
        }
        assert!(rounds < 1000);
    }
    assert_eq!(known, *whole.layer(k));
    assert_eq!(valued, n, "each position valued once");
    assert!(expanded >= n && rounds > 1, "{expanded} {rounds}");
}

#[test]
fn a_round_refuses_a_part_that_is_not_in_the_layer() {
    let g = kalah(3, false);
    let b = g.board().clone();
    let tb = build_all(&g.rule, &b, 2, 1).unwrap().unwrap();
    let mut tb3 = tb.clone();
    tb3.truncate(3);
    let n = tb3.layer_size(3);
    let e =
        build_range_round(&g.rule, &b, &tb3, 3, 0, n + 1, &vec![UNKNOWN; n as usize]).unwrap_err();
    assert!(
        e.one_line().contains("are not a range of its"),
        "{}",
        e.one_line()
    );
    let e = build_range_round(&g.rule, &b, &tb3, 3, 0, n, &[UNKNOWN; 3]).unwrap_err();
    assert!(
        e.one_line().contains("values given for its"),
        "{}",
        e.one_line()
    );
}
