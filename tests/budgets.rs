//! The memory budget that every allocation sized by input asks first (`sowlab::Budget`): sizes
//! counted with checked arithmetic, so a sum too large for 64 bits is refused, never wrapped
//! around into a small number that passes.

mod common;

#[test]
fn a_tablebase_build_whose_layer_sizes_overflow_is_refused_not_wrapped() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("tb");
    // 60 holes and 120 seeds: C(179, 59) positions in the top layer alone, far past 2^64.
    let o = common::sowlab(&[
        "tablebase",
        "build",
        "kalah",
        "--set",
        "holes=30",
        "--seeds",
        "120",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("tablebase build: layers 0 to 120 of 60 holes take more than 2^64 bytes, over the budget of 2048 MiB (--max-memory, SOWLAB_SOLVE_MB)"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!out.exists(), "the refused build made its folder");
}

#[test]
fn the_library_reports_layer_sizes_past_64_bits_as_none() {
    let g = common::kalah(30, 4, false);
    let tb = sowlab::Tablebase::empty(&g.rule, &g.board()).unwrap();
    assert_eq!(tb.checked_layer_size(120), None);
    assert_eq!(tb.checked_layer_size(1), Some(2 * 60));
    let e = tb
        .ask_layers(sowlab::Budget::mib(1 << 40), 120)
        .unwrap_err();
    assert!(e.to_string().contains("more than 2^64 bytes"), "{e}");
    assert_eq!(
        tb.ask_layers(sowlab::Budget::mib(1), 2).unwrap(),
        2 * (1 + 60 + 60 * 61 / 2)
    );
}
