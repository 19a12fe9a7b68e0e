//! A sowing track that zigzags between the two rows of a board (`board.circuits: zigzag`):
//! from South's first hole it crosses to the other row at every step, column by column to the
//! far end of the board, steps across to the other row in the last column, and zigzags back
//! the same way to the start. Every hole is on it once; the stores are not on it.

use crate::engine::geometry::layout::Layout;

/// The zigzag track of a two-row board (two rows of the same length, two holes at least), in
/// its forward direction; or why the board cannot have one.
pub fn zigzag_track(l: &Layout) -> Result<Vec<usize>, String> {
    if l.rows.len() != 2 || l.rows[0].pits.len() != l.rows[1].pits.len() || l.rows[0].pits.len() < 2
    {
        return Err(
            "board: circuits: zigzag needs two rows of the same length (two holes each at least)"
                .into(),
        );
    }
    let (south, north) = (&l.rows[0].pits, &l.rows[1].pits);
    let h = south.len();
    // Column c (0-based, from South's left): South's hole c, and North's hole facing it.
    let at = |row: usize, c: usize| if row == 0 { south[c] } else { north[h - 1 - c] };
    let mut track = Vec::with_capacity(2 * h);
    // Out: South, North, South, ... column by column.
    for c in 0..h {
        track.push(at(c % 2, c));
    }
    // Back: from the last column's other hole, alternating the other way.
    for c in (0..h).rev() {
        track.push(at(1 - c % 2, c));
    }
    Ok(track)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::layout::{Pit, PitKind, Row};

    fn two_rows(h: usize) -> Layout {
        let mut l = Layout::empty();
        l.players = 2;
        for (r, name) in ["S", "N"].into_iter().enumerate() {
            let pits: Vec<usize> = (r * h..(r + 1) * h).collect();
            for (i, _) in pits.iter().enumerate() {
                l.pits.push(Pit {
                    kind: PitKind::Hole,
                    owner: r + 1,
                    row: Some(r),
                    pos: i + 1,
                    name: String::new(),
                });
            }
            l.rows.push(Row {
                name: name.into(),
                owner: r + 1,
                pits,
            });
        }
        l
    }

    #[test]
    fn the_track_crosses_rows_at_every_step_and_turns_in_the_last_column() {
        // Six holes a row (pits 0-5 South's, 6-11 North's from North's left): S1, N5, S3, N3,
        // S5, N1, then S6, N2, S4, N4, S2, N6.
        assert_eq!(
            zigzag_track(&two_rows(6)).unwrap(),
            [0, 10, 2, 8, 4, 6, 5, 7, 3, 9, 1, 11]
        );
        // An odd row: the last column's holes follow each other (S5, N1).
        assert_eq!(
            zigzag_track(&two_rows(5)).unwrap(),
            [0, 8, 2, 6, 4, 5, 3, 7, 1, 9]
        );
    }

    #[test]
    fn a_board_without_two_equal_rows_has_no_zigzag() {
        let mut l = two_rows(3);
        l.rows.pop();
        let e = zigzag_track(&l).unwrap_err();
        assert!(e.contains("circuits: zigzag needs two rows"), "{e}");
    }
}
