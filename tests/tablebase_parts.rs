//! A tablebase layer built in parts (`build_range`, what one Dask task of `sowlab.dask` runs) is
//! the layer the one-process builder makes, byte for byte, whatever the cut.

mod common;

use sowlab::search::tablebase::build::{build_all, build_range, build_range_in, unknown_layer};
use sowlab::{Game, Tablebase};

/// The Kalah cells of these tests: three seeds a hole.
fn kalah(holes: usize, empty_capture: bool) -> Game {
    common::kalah(holes, 3, empty_capture)
}

#[test]
fn layers_built_in_parts_equal_the_whole_build() {
    for (holes, ec, k_max) in [(3, false, 9), (4, true, 7)] {
        let g = kalah(holes, ec);
        let b = g.board().clone();
        let whole = build_all(&g.rule, &b, k_max, 1).unwrap().unwrap();
        let mut tb = Tablebase::empty(&g.rule, &b).unwrap();
        let mut outside = 0;
        for k in 0..=k_max {
            let n = tb.layer_size(k);
            // Uneven cuts, an empty part, and a part of one position.
            let cuts = [0, n / 7, n / 7, (n / 7 + 1).min(n), n / 2, n];
            let mut layer = Vec::new();
            for w in cuts.windows(2) {
                let part = build_range(&g.rule, &b, &tb, k, w[0], w[1])
                    .unwrap()
                    .unwrap();
                assert_eq!(part.values.len() as u64, w[1] - w[0]);
                assert!(part.valued >= w[1] - w[0]);
                outside += part.valued - (w[1] - w[0]);
                layer.extend(part.values);
            }
            assert_eq!(layer, *whole.layer(k), "holes {holes} layer {k}");
            tb.push_layer(layer);
        }
        // Moves within a layer cross the cuts: some parts valued positions beyond their own.
        assert!(
            outside > 0,
            "holes {holes}: no part reached outside its range"
        );
        // Parts valued into one kept array (a worker's next chunks): the same bytes, and each
        // position valued once.
        let k = k_max;
        let n = tb.layer_size(k);
        tb.truncate(k);
        let cur = unknown_layer(&tb, k);
        let (mut layer, mut valued) = (Vec::new(), 0);
        for w in [0, n / 3, n / 2, n].windows(2) {
            let part = build_range_in(&g.rule, &b, &tb, k, w[0], w[1], &cur)
                .unwrap()
                .unwrap();
            valued += part.valued;
            layer.extend(part.values);
        }
        assert_eq!(layer, *whole.layer(k));
        assert_eq!(valued, n);
        let again = build_range_in(&g.rule, &b, &tb, k, 0, n, &cur)
            .unwrap()
            .unwrap();
        assert_eq!(again.valued, 0, "a kept array is valued again");
    }
}

#[test]
fn a_range_outside_the_layer_is_refused() {
    let g = kalah(3, false);
    let b = g.board().clone();
    let tb = Tablebase::empty(&g.rule, &b).unwrap();
    let n = tb.layer_size(0);
    let e = build_range(&g.rule, &b, &tb, 0, 0, n + 1).unwrap_err();
    assert!(e.to_string().contains("not a range"), "{e}");
    let e = build_range(&g.rule, &b, &tb, 0, 1, 0).unwrap_err();
    assert!(e.to_string().contains("not a range"), "{e}");
}
