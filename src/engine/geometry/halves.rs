//! Holes owned by halves of a two-row board rather than by rows (`board.owners: halves`): each
//! player owns one end of the board across both rows. South (the first row's owner) owns the
//! holes right of the middle seen from his side, his row's right half and the holes of the
//! other row facing them; North the left half. A move's row is still named by the row (`S3`).

use crate::engine::geometry::layout::Layout;

/// Gives the holes of a two-row board (rows of the same even length) to the owners of the rows
/// by halves; or why the board cannot be cut so.
pub fn own_by_halves(l: &mut Layout) -> Result<(), String> {
    if l.rows.len() != 2
        || l.rows[0].pits.len() != l.rows[1].pits.len()
        || l.rows[0].pits.len() % 2 == 1
    {
        return Err("board: owners: halves needs two rows of the same even length".into());
    }
    let (south, north) = (l.rows[0].owner, l.rows[1].owner);
    let h = l.rows[0].pits.len();
    for r in 0..2 {
        for i in 0..h {
            let p = l.rows[r].pits[i];
            // (column from South's left: South's hole i, or the North hole facing it)
            let col = if r == 0 { i } else { h - 1 - i };
            l.pits[p].owner = if col >= h / 2 { south } else { north };
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::layout::{Pit, PitKind, Row};

    #[test]
    fn south_owns_the_right_half_of_both_rows() {
        let mut l = Layout::empty();
        l.players = 2;
        for r in 0..2 {
            let pits: Vec<usize> = (r * 4..r * 4 + 4).collect();
            for i in 0..4 {
                l.pits.push(Pit {
                    kind: PitKind::Hole,
                    owner: r + 1,
                    row: Some(r),
                    pos: i + 1,
                    name: String::new(),
                });
            }
            l.rows.push(Row {
                name: if r == 0 { "S" } else { "N" }.into(),
                owner: r + 1,
                pits,
            });
        }
        own_by_halves(&mut l).unwrap();
        let owners: Vec<usize> = l.pits.iter().map(|p| p.owner).collect();
        // S1 S2 are North's, S3 S4 South's; N1 N2 (facing S4 S3) South's, N3 N4 North's.
        assert_eq!(owners, [2, 2, 1, 1, 1, 1, 2, 2]);
        l.rows[1].pits.pop();
        assert!(own_by_halves(&mut l)
            .unwrap_err()
            .contains("owners: halves"));
    }
}
