//! MancalaGames' class ZigZag as sowlab declarations: the track zigzags between the rows
//! (`board.circuits: zigzag`), every move is sown toward the middle of the board along it (the
//! holes whose next hole the other way is nearer the middle column are sown the other way:
//! `sowing.reverse_holes_by_row`), and, with `min_move=1`, a single seed sown across the middle
//! may not be played straight back unless its move captured.

use std::fmt::Write as _;

use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The `board:` keys, or why the game cannot be translated.
pub(super) fn board(p: &Params) -> Result<String, Refusal> {
    if word(p, "sow_direct") != "TOCENTER" {
        return Err(refuse(
            "game_class",
            "ZigZag",
            "with a sow_direct other than TOCENTER (which MancalaGames requires) not translated",
        ));
    }
    if p.holes % 2 == 1 || !p.list("udir_holes").is_empty() {
        return Err(refuse(
            "game_class",
            "ZigZag",
            "with an odd number of holes or udir_holes (the middle hole choosing its direction) not yet",
        ));
    }
    if p.flag("no_sides") || word(p, "sow_stores") != "NEITHER" {
        return Err(refuse(
            "game_class",
            "ZigZag",
            "with no_sides or sow_stores (which MancalaGames does not allow with it) not translated",
        ));
    }
    Ok("  # game_class=ZigZag: the sowing crosses to the other row at every step\n  circuits: zigzag\n".into())
}

/// The column (0-based, from South's left) of MancalaGames' board index `loc`.
fn column(holes: i64, loc: i64) -> i64 {
    if loc < holes {
        loc
    } else {
        2 * holes - 1 - loc
    }
}

/// The zigzag track as MancalaGames' board indices (South's holes 0.., North's from North's
/// left), forward: South's first hole, then across the board column by column and back.
fn track(holes: i64) -> Vec<i64> {
    let at = |row: i64, c: i64| if row == 0 { c } else { 2 * holes - 1 - c };
    let mut t: Vec<i64> = (0..holes).map(|c| at(c % 2, c)).collect();
    t.extend((0..holes).rev().map(|c| at(1 - c % 2, c)));
    t
}

/// The `sowing:` keys: the holes sown the other way along the track (toward the middle).
pub(super) fn sowing(p: &Params) -> String {
    let h = p.holes;
    let t = track(h);
    let n = t.len();
    // (twice the distance from the middle column, to stay in integers)
    let off = |loc: i64| (2 * column(h, loc) - (h - 1)).abs();
    let mut rows = [Vec::new(), Vec::new()];
    for (i, &loc) in t.iter().enumerate() {
        let (fwd, back) = (t[(i + 1) % n], t[(i + n - 1) % n]);
        if off(back) < off(fwd) {
            let (row, hole) = if loc < h {
                (0, loc + 1)
            } else {
                (1, loc - h + 1)
            };
            rows[row].push(hole);
        }
    }
    for r in &mut rows {
        r.sort_unstable();
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "  reverse_holes_by_row: {{ S: {:?}, N: {:?} }}   # game_class=ZigZag, sow_direct=TOCENTER: each move goes toward the middle along the zigzag",
        rows[0], rows[1]
    );
    s
}

/// The `moves:` keys: with `min_move=1`, no single seed straight back across the middle.
pub(super) fn moves(p: &Params) -> String {
    if p.int("min_move") == 1 {
        "    no_single_return_across_middle: true   # game_class=ZigZag, min_move=1: a single seed sown across the middle may not be played straight back, unless its move captured\n".into()
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_six_hole_zigzag_sows_toward_the_middle() {
        // Track S1 N5 S3 N3 S5 N1 S6 N2 S4 N4 S2 N6: S2 and S5 (and N1, N3, N4, N6) are nearer
        // the middle the other way.
        assert_eq!(track(6), [0, 10, 2, 8, 4, 6, 5, 7, 3, 9, 1, 11]);
        let p = Params {
            class: "ZigZag".into(),
            holes: 6,
            nbr_start: 5,
            values: Default::default(),
        };
        let s = sowing(&p);
        assert!(s.contains("{ S: [2, 5], N: [1, 3, 4, 6] }"), "{s}");
    }
}
