//! Tablebase files whose values were changed and whose checksum was recomputed (as the file
//! format computes it): the checksum matches, yet every value read is checked against the range
//! its position allows, and a bad one is a one-line error naming the file and the position, never
//! a panic of the solver.

// Tests make and forge their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod common;

use std::path::Path;

use sowlab::search::tablebase::build::build_all;
use sowlab::search::tablebase::{file, packing};
use sowlab::Tablebase;

/// Layers 0..=6 of Kalah(3 holes, empty captures) written into `dir`; the empty tablebase.
fn build(dir: &Path) -> Tablebase {
    let g = common::kalah(3, 3, true);
    let b = g.board().clone();
    let tb = build_all(&g.rule, &b, 6, 1).unwrap().unwrap();
    for k in 0..=6 {
        file::write_layer(dir, &tb, k).unwrap();
    }
    Tablebase::empty(&g.rule, &b).unwrap()
}

/// Sets value `i` of layer `k`'s file to `v`, packs the new values as the writer would and
/// writes their checksum into the header, as a forger would.
fn forge(dir: &Path, k: usize, i: usize, v: i8) {
    let path = file::layer_path(dir, k);
    let bytes = std::fs::read(&path).unwrap();
    let first = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let second = first + bytes[first..].iter().position(|&b| b == b'\n').unwrap() + 1;
    let mut header: file::Header = serde_json::from_slice(&bytes[first..second - 1]).unwrap();
    let g = common::kalah(3, 3, true);
    let tb = Tablebase::empty(&g.rule, &g.board()).unwrap();
    let mut values = packing::decode(&tb, k, &header.packing.unwrap(), &bytes[second..]).unwrap();
    values[i] = v;
    let (p, packed) = packing::encode(&tb, k, &values);
    header.packing = Some(p);
    header.sha256 = file::checksum(&packed);
    let mut out = bytes[..first].to_vec();
    out.extend(serde_json::to_string(&header).unwrap().bytes());
    out.push(b'\n');
    out.extend(packed);
    std::fs::write(&path, out).unwrap();
}

fn solve(dir: &Path) -> std::process::Output {
    common::sowlab(&[
        "solve",
        "kalah",
        "--set",
        "holes=3",
        "--set",
        "seeds=1",
        "--set",
        "empty_capture=true",
        "--tablebase",
        dir.to_str().unwrap(),
    ])
}

#[test]
fn a_forged_value_outside_every_range_is_refused_naming_the_file_and_position() {
    let dir = tempfile::tempdir().unwrap();
    let mut tb = build(dir.path());
    // 127: more than any layer's seeds (and than the 120 a tablebase covers).
    forge(dir.path(), 4, 5, 127);
    let err = file::load(dir.path(), &mut tb).unwrap_err().to_string();
    assert!(
        err.contains("layer-004.sowtb: position 5 of layer 4 (player 1 to move, holes "),
        "{err}"
    );
    assert!(
        err.contains("holds the value 127, but a position with 4 seeds in play is worth -4 to 4"),
        "{err}"
    );
    assert!(!err.contains('\n'), "{err}");
    // The solver says the same, once, and does not panic.
    let o = solve(dir.path());
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("layer-004.sowtb: position 5 of layer 4"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_forged_value_the_position_cannot_have_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut tb = build(dir.path());
    // Layer 2 has 2 seeds in play: no player can win 3 more, nor lose 3 more. The last position
    // of the layer: player 2 to move.
    let n = tb.layer_size(2) as usize;
    forge(dir.path(), 2, n - 1, -3);
    let err = file::load(dir.path(), &mut tb).unwrap_err().to_string();
    assert!(
        err.contains(&format!(
            "layer-002.sowtb: position {} of layer 2 (player 2 to move, holes ",
            n - 1
        )),
        "{err}"
    );
    assert!(
        err.contains("holds the value -3, but a position with 2 seeds in play is worth -2 to 2"),
        "{err}"
    );
    let o = solve(dir.path());
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("layer-002.sowtb: position"), "{stderr}");
    // A value marked unknown (never written by a build) is refused too.
    let dir = tempfile::tempdir().unwrap();
    let mut tb = build(dir.path());
    forge(dir.path(), 3, 0, i8::MIN);
    let err = file::load(dir.path(), &mut tb).unwrap_err().to_string();
    assert!(
        err.contains("layer-003.sowtb: position 0 of layer 3 (player 1 to move, holes 0 0 0 0 0 3")
            && err.contains("holds no value"),
        "{err}"
    );
}
