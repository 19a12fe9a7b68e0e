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

/// Rewrites layer `k`'s file (of `tb`'s rule) with its values changed by `change`: decoded,
/// changed, packed again as the writer would, with the checksum of the new bytes in the header,
/// as a forger would. The values as they were.
fn rewrite(dir: &Path, tb: &Tablebase, k: usize, change: impl FnOnce(&mut [i8])) -> Vec<i8> {
    let path = file::layer_path(dir, k);
    let (first, mut header, body) = common::read_layer_file(&path);
    let mut values = packing::decode(tb, k, &header.packing.unwrap(), &body).unwrap();
    let before = values.clone();
    change(&mut values);
    let (p, packed) = packing::encode(tb, k, &values);
    header.packing = Some(p);
    common::write_layer_file(&path, &first, header, &packed);
    before
}

/// Sets value `i` of layer `k`'s file (of `tb`'s rule) to `v` ([`rewrite`]).
fn forge(dir: &Path, tb: &Tablebase, k: usize, i: usize, v: i8) {
    rewrite(dir, tb, k, |values| values[i] = v);
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
    forge(dir.path(), &tb, 4, 5, 127);
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
    forge(dir.path(), &tb, 2, n - 1, -3);
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
    forge(dir.path(), &tb, 3, 0, i8::MIN);
    let err = file::load(dir.path(), &mut tb).unwrap_err().to_string();
    assert!(
        err.contains("layer-003.sowtb: position 0 of layer 3 (player 1 to move, holes 0 0 0 0 0 3")
            && err.contains("holds no value"),
        "{err}"
    );
}

/// A copy of `full`'s layers 0..=6 in a new folder, with value `i` of layer `k` set to `v` (the
/// checksum recomputed): the folder.
fn forged_copy(full: &Tablebase, k: usize, i: usize, v: i8) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for j in 0..=6 {
        file::write_layer(dir.path(), full, j).unwrap();
    }
    forge(dir.path(), full, k, i, v);
    dir
}

/// Another value of the range `-k..=k` than `v`.
fn other_in_range(v: i8, k: usize) -> i8 {
    if (v as i32) < k as i32 {
        v + 1
    } else {
        v - 1
    }
}

#[test]
fn a_forged_value_inside_its_range_is_caught_by_its_moves_not_answered() {
    let g = common::kalah(3, 1, true);
    let b = g.board();
    let full = build_all(&g.rule, &b, 6, 1).unwrap().unwrap();
    // The start position (6 seeds in play): the solver's first probe.
    let (k, i) = full.locate(&b).unwrap();
    assert_eq!(k, 6);
    let truth = full.layer(k)[i];
    let forged = other_in_range(truth, k);
    let dir = forged_copy(&full, k, i, forged);
    // The value is in range and the checksum matches: the file loads.
    let mut tb = Tablebase::empty(&g.rule, &b).unwrap();
    assert_eq!(file::load(dir.path(), &mut tb).unwrap(), 7);
    let o = solve(dir.path());
    let stderr = String::from_utf8_lossy(&o.stderr);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stderr.contains(&format!(
            "layer-006.sowtb: position {i} of layer 6 (player 1 to move, holes 1 1 1 1 1 1) holds the value {forged}, but its moves give {truth}"
        )),
        "{stderr}"
    );
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    // The library's lookup says the same.
    let err = tb.probe(&g.rule, &b).unwrap_err().to_string();
    assert!(err.contains(&format!("position {i} of layer 6")), "{err}");
    // An honest folder answers as before.
    let honest = forged_copy(&full, k, i, truth);
    let o = solve(honest.path());
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn a_forged_child_is_named_not_the_parent_that_reads_it() {
    let g = common::kalah(3, 1, true);
    let b = g.board();
    let full = build_all(&g.rule, &b, 6, 1).unwrap().unwrap();
    let root = full.locate(&b).unwrap();
    let mut caught = 0;
    for label in g.legal_labels().unwrap() {
        let mut child = common::kalah(3, 1, true);
        child.play(&label).unwrap();
        let cb = child.board();
        let Some((k, i)) = full.locate(&cb).filter(|_| !cb.over) else {
            continue;
        };
        // The value that makes the move look best for the player who made it.
        let extreme: i8 = if cb.to_move == b.to_move {
            k as i8
        } else {
            -(k as i8)
        };
        if full.layer(k)[i] == extreme {
            continue;
        }
        let dir = forged_copy(&full, k, i, extreme);
        let mut tb = Tablebase::empty(&g.rule, &b).unwrap();
        file::load(dir.path(), &mut tb).unwrap();
        // The child itself is refused when read...
        let err = tb.probe(&g.rule, &cb).unwrap_err().to_string();
        assert!(
            err.contains(&format!("position {i} of layer {k} "))
                && err.contains(&format!(
                    "holds the value {extreme}, but its moves give {}",
                    full.layer(k)[i]
                )),
            "{err}"
        );
        // ...and so is the parent that reads it, naming the child, never the honest parent.
        let mut tb = Tablebase::empty(&g.rule, &b).unwrap();
        file::load(dir.path(), &mut tb).unwrap();
        if let Err(e) = tb.probe(&g.rule, &b) {
            let e = e.to_string();
            assert!(e.contains(&format!("position {i} of layer {k} ")), "{e}");
            assert!(
                !e.contains(&format!("position {} of layer {} ", root.1, root.0)),
                "{e}"
            );
            caught += 1;
        }
    }
    assert!(
        caught > 0,
        "no forged child changed the start position's best move"
    );
}

/// `tb`'s layers written into a new folder and read back: the tablebase as a lookup holds it.
fn written_and_read(g: &sowlab::Game, tb: &Tablebase) -> (tempfile::TempDir, Tablebase) {
    let dir = tempfile::tempdir().unwrap();
    for k in 0..tb.layers() {
        file::write_layer(dir.path(), tb, k).unwrap();
    }
    let mut read = Tablebase::empty(&g.rule, &g.board()).unwrap();
    assert_eq!(file::load(dir.path(), &mut read).unwrap(), tb.layers());
    (dir, read)
}

#[test]
fn every_honest_value_agrees_with_its_moves_and_a_forged_oware_value_does_not() {
    // Kalah (no captures carried: depth-first layers).
    let g = common::kalah(4, 2, true);
    let built = build_all(&g.rule, &g.board(), 8, 1).unwrap().unwrap();
    let (_dir, read) = written_and_read(&g, &built);
    for k in 0..read.layers() {
        read.verify_layer(&g.rule, k).unwrap();
    }
    // Oware 2 x 2 (the captured split carried, cycles within a layer: retrograde analysis).
    let rule = std::sync::Arc::new(sowlab::Rule::load("oware", &common::rules_dir()).unwrap());
    let opts = rule
        .resolve_options(&[
            "holes=2",
            "seeds=2",
            "repetition=true",
            "repetition_sweep=none",
            "max_turns=0",
        ])
        .unwrap();
    let g = sowlab::Game::new(rule, opts).unwrap();
    let built = build_all(&g.rule, &g.board(), 8, 1).unwrap().unwrap();
    let (dir, read) = written_and_read(&g, &built);
    for k in 0..read.layers() {
        read.verify_layer(&g.rule, k).unwrap();
    }
    // A value of its top layer forged inside its range is found by its moves.
    let k = read.layers() - 1;
    let truth = read.layer(k)[0];
    let forged = other_in_range(truth, k);
    forge(dir.path(), &read, k, 0, forged);
    let mut tb = Tablebase::empty(&g.rule, &g.board()).unwrap();
    file::load(dir.path(), &mut tb).unwrap();
    let err = tb.verify_layer(&g.rule, k).unwrap_err().to_string();
    assert!(
        err.contains(&format!(
            "layer-{k:03}.sowtb: position 0 of layer {k} (player 1 to move, holes "
        )) && err.contains(&format!(
            "holds the value {forged}, but its moves give {truth}"
        )),
        "{err}"
    );
}

/// Every value of layer `k`'s file (of `tb`'s rule) moved to another value of its range (the
/// checksum recomputed).
fn forge_all(dir: &Path, tb: &Tablebase, k: usize) {
    rewrite(dir, tb, k, |values| {
        values.iter_mut().for_each(|v| *v = other_in_range(*v, k))
    });
}

#[test]
fn a_build_that_reads_forged_lower_layers_stops_naming_one() {
    let g = common::kalah(3, 1, true);
    let b = g.board();
    let full = build_all(&g.rule, &b, 6, 1).unwrap().unwrap();
    let dir = tempfile::tempdir().unwrap();
    for k in 0..=5 {
        file::write_layer(dir.path(), &full, k).unwrap();
    }
    forge_all(dir.path(), &full, 5);
    // A part of layer 6 valued from the files below (what Python's `tablebase_chunk` does).
    let mut tb = Tablebase::empty(&g.rule, &b).unwrap();
    assert_eq!(file::load(dir.path(), &mut tb).unwrap(), 6);
    let n = tb.layer_size(6);
    let err = sowlab::search::tablebase::build::build_range(&g.rule, &b, &tb, 6, 0, n)
        .unwrap_err()
        .to_string();
    assert!(err.contains("layer-005.sowtb: position "), "{err}");
    assert!(err.contains(", but its moves give "), "{err}");
    // `tablebase build` going on from the files says the same and writes no layer 6.
    let o = common::sowlab(&[
        "tablebase",
        "build",
        "kalah",
        "--set",
        "holes=3",
        "--set",
        "empty_capture=true",
        "--seeds",
        "6",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("layer-005.sowtb: position "), "{stderr}");
    assert!(!file::layer_path(dir.path(), 6).exists());
}

/// Layer `k`'s file (of `tb`'s rule) written again in format 1 (a byte a value, both halves, no
/// packing), as a sowlab before format 2 wrote it, with `v` at `i` when given.
fn as_format_1(dir: &Path, tb: &Tablebase, k: usize, forged: Option<(usize, i8)>) {
    let path = file::layer_path(dir, k);
    let (first, mut header, body) = common::read_layer_file(&path);
    let mut values = packing::decode(tb, k, &header.packing.unwrap(), &body).unwrap();
    if let Some((i, v)) = forged {
        values[i] = v;
    }
    let raw: Vec<u8> = values.iter().map(|&v| v as u8).collect();
    header.format = 1;
    header.packing = None;
    common::write_layer_file(&path, &first, header, &raw);
}

#[test]
fn format_1_files_are_still_read_and_their_values_checked() {
    let g = common::kalah(3, 1, true);
    let b = g.board();
    let full = build_all(&g.rule, &b, 6, 1).unwrap().unwrap();
    let (k, i) = full.locate(&b).unwrap();
    let truth = full.layer(k)[i];
    let forged = other_in_range(truth, k);
    for with in [None, Some((i, forged))] {
        let dir = tempfile::tempdir().unwrap();
        for j in 0..=6 {
            file::write_layer(dir.path(), &full, j).unwrap();
            as_format_1(dir.path(), &full, j, with.filter(|_| j == k));
        }
        let mut tb = Tablebase::empty(&g.rule, &b).unwrap();
        assert_eq!(file::load(dir.path(), &mut tb).unwrap(), 7);
        match with {
            None => {
                for j in 0..=6 {
                    assert_eq!(tb.layer(j), full.layer(j));
                }
                for j in 0..=6 {
                    tb.verify_layer(&g.rule, j).unwrap();
                }
                assert_eq!(tb.probe(&g.rule, &b).unwrap(), Some(truth as i32));
            }
            Some(_) => {
                let err = tb.probe(&g.rule, &b).unwrap_err().to_string();
                assert!(
                    err.contains(&format!(
                        "layer-006.sowtb: position {i} of layer 6 (player 1 to move, holes 1 1 1 1 1 1) holds the value {forged}, but its moves give {truth}"
                    )),
                    "{err}"
                );
            }
        }
    }
}

/// The boards of Kalah(3 holes, 1 seed, empty captures) reached by `line` and then up to
/// `depth` plies (the game not over).
fn reached(line: &mut Vec<String>, depth: usize, out: &mut Vec<sowlab::Board>) {
    let mut g = common::kalah(3, 1, true);
    for m in line.iter() {
        g.play(m).unwrap();
    }
    let b = g.board();
    if b.over {
        return;
    }
    out.push(b);
    if depth == 0 {
        return;
    }
    for label in g.legal_labels().unwrap() {
        line.push(label);
        reached(line, depth - 1, out);
        line.pop();
    }
}

#[test]
fn a_mirrored_file_keeps_one_half_and_player_2_values_are_checked_against_his_moves() {
    let g = common::kalah(3, 1, true);
    let b = g.board();
    let full = build_all(&g.rule, &b, 6, 1).unwrap().unwrap();
    let (dir, read) = written_and_read(&g, &full);
    // Player 2's halves are not held: half the bytes (and a bit a position: which were checked),
    // as in the build, which values player 1's half only (Kalah's sides are mirror images).
    let values: u64 = (0..=6).map(|k| full.layer_size(k)).sum();
    assert!(full.one_side(&g.rule).unwrap());
    assert_eq!(full.bytes(), values / 2);
    let checks: u64 = (0..=6).map(|k| full.layer_size(k).div_ceil(64) * 8).sum();
    assert_eq!(read.bytes(), values / 2 + checks);
    for k in 0..=6 {
        assert_eq!(read.layer(k), full.layer(k), "layer {k}");
    }
    // Every position a few plies from the start, either player to move: the same value.
    let mut boards = Vec::new();
    reached(&mut Vec::new(), 6, &mut boards);
    assert!(boards
        .iter()
        .any(|b| b.to_move == 2 && full.locate(b).is_some()));
    for p in &boards {
        assert_eq!(
            read.probe(&g.rule, p).unwrap(),
            full.probe(&g.rule, p).unwrap()
        );
    }
    drop(dir);
    // A value of player 2 to move forged with its mirror image (the file still mirrored, player
    // 1's half holding the forged value for both): found by player 2's own moves.
    let p2 = boards
        .iter()
        .find(|p| p.to_move == 2 && full.locate(p).is_some_and(|(k, _)| k == 6))
        .unwrap();
    let (k, at) = full.locate(p2).unwrap();
    let size = full.index().size(k) as usize;
    let j = at - size;
    let mut marks = vec![0i8; size];
    let unfolded = (0..size)
        .find(|&i| {
            marks.fill(0);
            marks[i] = 1;
            packing::unfold(&full, k, &marks)[size + j] == 1
        })
        .unwrap();
    let truth = full.layer(k)[at];
    let forged = other_in_range(truth, k);
    let dir = tempfile::tempdir().unwrap();
    for m in 0..=6 {
        file::write_layer(dir.path(), &full, m).unwrap();
    }
    rewrite(dir.path(), &full, k, |values| {
        values[unfolded] = forged;
        values[at] = forged;
    });
    let text = std::fs::read(file::layer_path(dir.path(), k)).unwrap();
    let header = String::from_utf8_lossy(&text)
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    assert!(header.contains("\"mirrored\":true"), "{header}");
    let mut tb = Tablebase::empty(&g.rule, &b).unwrap();
    file::load(dir.path(), &mut tb).unwrap();
    let err = tb.probe(&g.rule, p2).unwrap_err().to_string();
    assert!(
        err.contains(&format!(
            "layer-006.sowtb: position {at} of layer 6 (player 2 to move, holes "
        )) && err.contains(&format!(
            "holds the value {forged}, but its moves give {truth}"
        )),
        "{err}"
    );
}
