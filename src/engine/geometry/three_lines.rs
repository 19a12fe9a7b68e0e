//! The three lines of a three-row board (`shape: three_rows`), as South sees it: North's row on
//! top, the middle line, South's row at the bottom, each from South's left. The first row
//! created is South's and the last North's; every row and store created between them makes up
//! the middle line, in creation order from South's left, a row of another player than South's
//! drawn from its owner's left (reversed), as North's row is. So a middle row shared by the
//! players (each owning a half, or a hole) or holding stores (The Concentration Game of Benin)
//! is written as several rows and stores created in the order they lie from South's left.

use crate::engine::geometry::layout::{Layout, PitKind};

/// The pits of a three-row board by line, each from South's left: North's, the middle, South's;
/// and the stores outside the middle line (created before South's row or after North's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreeLines {
    /// North's row (the last created), from South's left.
    pub north: Vec<usize>,
    /// The middle line: the rows and stores created between South's row and North's.
    pub middle: Vec<usize>,
    /// South's row (the first created), from his left.
    pub south: Vec<usize>,
    /// Stores created before South's row or after North's, in creation order.
    pub ends: Vec<usize>,
}

/// The lines of `l`, a board of at least two rows.
pub fn three_lines(l: &Layout) -> ThreeLines {
    let (first, last) = (&l.rows[0], &l.rows[l.rows.len() - 1]);
    let south = first.pits.clone();
    let north: Vec<usize> = last.pits.iter().rev().copied().collect();
    let lo = south.iter().copied().max().unwrap_or(0);
    let hi = last.pits.iter().copied().min().unwrap_or(0);
    let mut middle = Vec::new();
    let mut ends = Vec::new();
    let mut p = 0;
    while p < l.pits.len() {
        let between = p > lo && p < hi;
        match (l.pits[p].kind, l.pits[p].row) {
            (PitKind::Store, _) if between => middle.push(p),
            (PitKind::Store, _) => ends.push(p),
            (_, Some(r)) if between && r != 0 && r != l.rows.len() - 1 => {
                let row = &l.rows[r];
                if row.owner == first.owner {
                    middle.extend(row.pits.iter().copied());
                } else {
                    middle.extend(row.pits.iter().rev().copied());
                }
                // (a row's holes are created together: skip past them)
                p = row.pits.iter().copied().max().unwrap_or(p);
            }
            _ => {}
        }
        p += 1;
    }
    ThreeLines {
        north,
        middle,
        south,
        ends,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::geometry::layout::{Pit, Row};

    fn layout(parts: &[(&str, usize, usize)]) -> Layout {
        // (row name or "" for a store, owner, holes)
        let mut l = Layout::empty();
        l.players = 2;
        for &(name, owner, n) in parts {
            if name.is_empty() {
                l.pits.push(Pit {
                    kind: PitKind::Store,
                    owner,
                    row: None,
                    pos: 0,
                    name: String::new(),
                });
                l.stores.push(l.pits.len() - 1);
                continue;
            }
            let r = l.rows.len();
            let mut pits = Vec::new();
            for i in 0..n {
                l.pits.push(Pit {
                    kind: PitKind::Hole,
                    owner,
                    row: Some(r),
                    pos: i + 1,
                    name: String::new(),
                });
                pits.push(l.pits.len() - 1);
            }
            l.holes.extend(&pits);
            l.rows.push(Row {
                name: name.into(),
                owner,
                pits,
            });
        }
        l
    }

    #[test]
    fn a_middle_row_with_two_stores_between_its_owners_holes() {
        // The Concentration Game: S 1..4, South's middle hole, two stores, North's, N 1..4.
        let l = layout(&[
            ("S", 1, 4),
            ("L", 1, 1),
            ("", 1, 0),
            ("", 2, 0),
            ("R", 2, 1),
            ("N", 2, 4),
        ]);
        let t = three_lines(&l);
        assert_eq!(t.south, vec![0, 1, 2, 3]);
        assert_eq!(t.middle, vec![4, 5, 6, 7]);
        assert_eq!(t.north, vec![11, 10, 9, 8]);
        assert!(t.ends.is_empty());
    }

    #[test]
    fn a_middle_row_cut_in_halves_is_drawn_from_each_owners_left() {
        // North's half first (his holes 1..3 from his left: South's 3, 2, 1), then South's.
        let l = layout(&[
            ("S", 1, 6),
            ("MN", 2, 3),
            ("MS", 1, 3),
            ("N", 2, 6),
            ("", 1, 0),
        ]);
        let t = three_lines(&l);
        assert_eq!(t.middle, vec![8, 7, 6, 9, 10, 11]);
        assert_eq!(t.north, vec![17, 16, 15, 14, 13, 12]);
        assert_eq!(t.ends, vec![18]);
    }
}
