//! The shape an arrangement must reach before its player may end it (`arrange.pass_only_when`):
//! "before play each player arranges his counters as he likes, but so that his outer row's first
//! hole holds the most, ...". Each key is one test of the arranger's own holes; a player may pass
//! (end his arrangement) only when every test declared holds. Four rows, two a player (his outer
//! row and his inner row, each numbered from his left). Played by
//! [`crate::engine::player::arrange`].

use serde::Deserialize;

use crate::engine::geometry::layout::Layout;

/// The tests of `arrange.pass_only_when` (every one declared must hold).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Shape {
    /// The first hole of his outer row (from his left) holds more counters than each other hole
    /// of his.
    pub first_outer_fullest: bool,
    /// Each hole of his inner row holds exactly this many counters.
    pub inner_each: Option<i64>,
    /// Each hole holds no more counters than the hole on its left in the same row (his rows
    /// read from his left: the counts never rise).
    pub not_more_than_left: bool,
    /// At most this many holes of his inner row hold exactly one counter.
    pub inner_singles_at_most: Option<i64>,
    /// Per player (index 0 unused): his outer row's holes, then his inner row's, each from his
    /// left; resolved at load.
    #[serde(skip)]
    pub rows: Vec<(Vec<usize>, Vec<usize>)>,
}

impl Shape {
    /// Checks the tests against board `l` (four rows, two a player) and resolves each player's
    /// rows; one error line naming the key.
    pub fn link(&mut self, l: &Layout) -> Result<(), String> {
        if !l.four_rows() {
            return Err("pipeline: arrange: pass_only_when needs a board of four rows of the same length, two a player, created outer, inner, inner, outer".into());
        }
        for (key, v) in [
            ("inner_each", self.inner_each),
            ("inner_singles_at_most", self.inner_singles_at_most),
        ] {
            if v.is_some_and(|v| v < 0) {
                return Err(format!(
                    "pipeline: arrange: pass_only_when: {key} must be at least 0, not {}",
                    v.unwrap_or(0)
                ));
            }
        }
        let r = &l.rows;
        self.rows = vec![
            (Vec::new(), Vec::new()),
            (r[0].pits.clone(), r[1].pits.clone()),
            (r[3].pits.clone(), r[2].pits.clone()),
        ];
        Ok(())
    }

    /// Whether `player`'s holes, holding `seeds`, pass every test declared.
    pub fn holds(&self, seeds: &[i64], player: usize) -> bool {
        let Some((outer, inner)) = self.rows.get(player) else {
            return false;
        };
        let all = || outer.iter().chain(inner.iter()).copied();
        if self.first_outer_fullest {
            let first = outer[0];
            if all().any(|q| q != first && seeds[q] >= seeds[first]) {
                return false;
            }
        }
        if let Some(n) = self.inner_each {
            if inner.iter().any(|&q| seeds[q] != n) {
                return false;
            }
        }
        if self.not_more_than_left
            && [outer, inner]
                .iter()
                .any(|row| row.windows(2).any(|w| seeds[w[1]] > seeds[w[0]]))
        {
            return false;
        }
        if let Some(n) = self.inner_singles_at_most {
            if inner.iter().filter(|&&q| seeds[q] == 1).count() as i64 > n {
                return false;
            }
        }
        true
    }

    /// The tests in words (for `sowlab rules NAME` and errors).
    pub fn describe(&self) -> String {
        let mut t = Vec::new();
        if self.first_outer_fullest {
            t.push("his outer row's first hole holds more than each other hole of his".to_string());
        }
        if let Some(n) = self.inner_each {
            t.push(format!("each hole of his inner row holds {n}"));
        }
        if self.not_more_than_left {
            t.push("no hole holds more than the hole on its left".to_string());
        }
        if let Some(n) = self.inner_singles_at_most {
            t.push(format!(
                "at most {n} holes of his inner row hold a single counter"
            ));
        }
        t.join(" and ")
    }
}

#[cfg(test)]
mod tests {
    use super::Shape;

    /// Rows of three: South's outer 0..3, inner 3..6; North's outer 9..12, inner 6..9.
    fn shape() -> Shape {
        Shape {
            rows: vec![
                (vec![], vec![]),
                (vec![0, 1, 2], vec![3, 4, 5]),
                (vec![9, 10, 11], vec![6, 7, 8]),
            ],
            ..Shape::default()
        }
    }

    #[test]
    fn each_test_reads_the_arrangers_own_rows_from_his_left() {
        let mut s = shape();
        s.first_outer_fullest = true;
        let mut seeds = vec![5, 1, 1, 1, 4, 1, 0, 0, 0, 0, 0, 0];
        assert!(s.holds(&seeds, 1));
        // (a tie with the first hole is not "the most")
        seeds[4] = 5;
        assert!(!s.holds(&seeds, 1));
        // North's first outer hole is pit 9
        assert!(!s.holds(&seeds, 2));
        seeds[9] = 1;
        assert!(s.holds(&seeds, 2));
        let mut s = shape();
        s.inner_each = Some(1);
        assert!(!s.holds(&[5, 1, 1, 1, 4, 1, 0, 0, 0, 0, 0, 0], 1));
        assert!(s.holds(&[5, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], 1));
        let mut s = shape();
        s.not_more_than_left = true;
        assert!(s.holds(&[3, 2, 2, 2, 1, 0, 0, 0, 0, 0, 0, 0], 1));
        // (each row read apart: the inner row's first may hold more than the outer's last)
        assert!(s.holds(&[3, 2, 1, 2, 1, 0, 0, 0, 0, 0, 0, 0], 1));
        assert!(!s.holds(&[3, 2, 1, 2, 1, 2, 0, 0, 0, 0, 0, 0], 1));
        let mut s = shape();
        s.inner_singles_at_most = Some(2);
        assert!(s.holds(&[0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 0], 1));
        assert!(!s.holds(&[0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0], 1));
    }
}
