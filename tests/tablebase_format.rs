//! Tablebase files of format 2 (a code a value in whole bits, as sowlab wrote them before format
//! 3 grouped the codes) are still read, with the values format 3 holds; a header whose packing
//! does not fit its format is refused naming both.

// Tests make and forge their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod common;

use std::path::Path;

use sowlab::search::tablebase::build::build_all;
use sowlab::search::tablebase::{file, packing};
use sowlab::Tablebase;

/// Layer `k`'s file rewritten as format 2 wrote it (`keep_group`: a format 2 header that keeps
/// format 3's codes and group, which no sowlab wrote).
fn as_format_2(dir: &Path, tb: &Tablebase, k: usize, keep_group: bool) {
    let path = file::layer_path(dir, k);
    let (first, mut header, body) = common::read_layer_file(&path);
    let p = header.packing.unwrap();
    let kept = packing::decode_kept(tb, k, &p, &body).unwrap();
    let codes = p.codes();
    let bits = if codes > 1 {
        64 - (codes - 1).leading_zeros()
    } else {
        0
    };
    let mut raw = vec![0u8; (kept.len() * bits as usize).div_ceil(8)];
    for (n, &v) in kept.iter().enumerate().filter(|_| bits > 0) {
        let code = ((v as i32 - p.min) as u32 / p.step) as u16;
        let at = n * bits as usize;
        let w = code << (at % 8);
        raw[at / 8] |= w as u8;
        if at % 8 + bits as usize > 8 {
            raw[at / 8 + 1] |= (w >> 8) as u8;
        }
    }
    header.format = 2;
    header.packing = Some(packing::Packing {
        bits,
        codes: p.codes.filter(|_| keep_group),
        group: p.group.filter(|_| keep_group),
        ..p
    });
    common::write_layer_file(&path, &first, header, &raw);
}

#[test]
fn format_2_files_are_read_as_format_3_ones() {
    let g = common::kalah(3, 1, true);
    let b = g.board();
    let k_max = 9;
    let full = build_all(&g.rule, &b, k_max, 1).unwrap().unwrap();
    let dir = tempfile::tempdir().unwrap();
    for k in 0..=k_max {
        file::write_layer(dir.path(), &full, k).unwrap();
    }
    let mut three = Tablebase::empty(&g.rule, &b).unwrap();
    assert_eq!(file::load(dir.path(), &mut three).unwrap(), k_max + 1);
    // Layer 9: 10 codes (-9 to 9, step 2), three a group in 10 bits; whole bits took 4.
    let text = std::fs::read(file::layer_path(dir.path(), 9)).unwrap();
    let line = String::from_utf8_lossy(&text)
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(line.contains("\"format\":3"), "{line}");
    assert!(line.contains("\"codes\":10,\"group\":3"), "{line}");
    for k in 0..=k_max {
        as_format_2(dir.path(), &full, k, false);
    }
    let mut two = Tablebase::empty(&g.rule, &b).unwrap();
    assert_eq!(file::load(dir.path(), &mut two).unwrap(), k_max + 1);
    for k in 0..=k_max {
        assert_eq!(two.layer(k), full.layer(k), "layer {k}");
        assert_eq!(three.layer(k), full.layer(k), "layer {k}");
        two.verify_layer(&g.rule, k).unwrap();
    }
    assert_eq!(
        two.probe(&g.rule, &b).unwrap(),
        three.probe(&g.rule, &b).unwrap()
    );
    // A format 2 header with format 3's codes and group: refused, naming the formats.
    file::write_layer(dir.path(), &full, 9).unwrap();
    as_format_2(dir.path(), &full, 9, true);
    let mut bad = Tablebase::empty(&g.rule, &b).unwrap();
    let e = file::load(dir.path(), &mut bad).unwrap_err().to_string();
    assert!(
        e.contains(
            "layer-009.sowtb: format 2 with codes or a group (this sowlab reads formats 1, 2 and 3"
        ),
        "{e}"
    );
}
