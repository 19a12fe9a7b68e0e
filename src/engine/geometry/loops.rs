//! Each player sowing round his own two rows (`board.circuits: per_player_loops`): a loop of
//! his outer row (the one farther from the board's middle) from his hole 1 to its last, then
//! his inner row back from its last hole to hole 1. On a board of four rows (South's outer and
//! inner rows, North's inner and outer rows, each numbered from its owner's left) each loop is
//! anticlockwise seen from above. The stores are on no loop.

use crate::engine::geometry::layout::Layout;

/// Cuts the track of `l` into one loop a player (see the module); or why the board cannot.
pub fn per_player_loops(l: &mut Layout) -> Result<(), String> {
    let mid = (l.rows.len() as f64 - 1.0) / 2.0;
    let mut track = Vec::new();
    let mut circuits = Vec::new();
    for pl in 1..=l.players {
        let rows: Vec<usize> = (0..l.rows.len())
            .filter(|&r| l.rows[r].owner == pl)
            .collect();
        let [a, b] = rows[..] else {
            return Err(format!(
                "board: circuits: per_player_loops needs two rows for each player (player {pl} has {})",
                rows.len()
            ));
        };
        if l.rows[a].pits.len() != l.rows[b].pits.len() {
            return Err(format!(
                "board: circuits: per_player_loops needs each player's two rows of the same length (player {pl}'s have {} and {})",
                l.rows[a].pits.len(),
                l.rows[b].pits.len()
            ));
        }
        let (outer, inner) = if (a as f64 - mid).abs() >= (b as f64 - mid).abs() {
            (a, b)
        } else {
            (b, a)
        };
        let run = l.rows[outer]
            .pits
            .iter()
            .chain(l.rows[inner].pits.iter().rev());
        track.extend(run);
        circuits.push(2 * l.rows[a].pits.len());
    }
    l.track = track;
    l.circuits = circuits;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::layout::{Pit, PitKind, Row};

    fn four_rows(h: usize) -> Layout {
        let mut l = Layout::empty();
        l.players = 2;
        for (r, owner) in [1, 1, 2, 2].into_iter().enumerate() {
            let mut pits = Vec::new();
            for pos in 1..=h {
                pits.push(l.pits.len());
                l.pits.push(Pit {
                    kind: PitKind::Hole,
                    owner,
                    row: Some(r),
                    pos,
                    name: String::new(),
                });
            }
            l.rows.push(Row {
                name: format!("R{r}"),
                owner,
                pits,
            });
        }
        l
    }

    #[test]
    fn each_player_goes_out_along_his_outer_row_and_back_along_his_inner_row() {
        let mut l = four_rows(3);
        per_player_loops(&mut l).unwrap();
        // South: outer 0 1 2, inner 5 4 3; North: outer (row 3) 9 10 11, inner (row 2) 8 7 6.
        assert_eq!(l.track, vec![0, 1, 2, 5, 4, 3, 9, 10, 11, 8, 7, 6]);
        assert_eq!(l.circuits, vec![6, 6]);
        // The facing holes across: South's inner hole 1 (pit 3) faces North's inner hole 3.
        assert_eq!(l.across(3), Some((8, 11)));
        assert_eq!(l.across(8), Some((3, 0)));
        assert_eq!(l.across(0), None);
    }

    #[test]
    fn a_player_with_one_row_is_refused() {
        let mut l = four_rows(3);
        l.rows[1].owner = 2;
        let e = per_player_loops(&mut l).unwrap_err();
        assert!(e.contains("player 1 has 1"), "{e}");
    }
}
