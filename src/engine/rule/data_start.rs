//! The start layout of a data rule (`start:`), when it is not the same count in every hole: an
//! explicit count per hole, turned round when the second player starts, or a random layout drawn
//! from a seed (so that one seed always gives one layout, on any machine).

use serde::Deserialize;

use crate::engine::board::state::Board;
use crate::engine::declare::start::layout_of;
pub use crate::engine::declare::start::RandomStart;
use crate::engine::script::primitives::MAX_SEEDS;

/// The start layout of a data rule.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartDecl {
    /// Seeds per hole, every hole in canonical order (each row's `seeds` is then not used).
    #[serde(default)]
    pub pits: Option<Vec<i64>>,
    /// With `pits`: the layout is written for player 1 moving first; when player 2 moves first,
    /// the board is turned round (each player gets the other's row, two rows only).
    #[serde(default)]
    pub turn_round: bool,
    /// A random layout.
    #[serde(default)]
    pub random: Option<RandomStart>,
}

impl StartDecl {
    /// Puts the start layout on `b` (holes built, player to move set); an error names the key.
    pub fn apply(&self, b: &mut Board) -> Result<(), String> {
        let holes = b.layout.holes.clone();
        match (&self.pits, &self.random) {
            (None, None) => {
                if self.turn_round {
                    return Err("start: turn_round needs `pits`".into());
                }
                Ok(())
            }
            (Some(_), Some(_)) => Err("start: write either `pits` or `random`, not both".into()),
            (Some(pits), None) => {
                if pits.len() != holes.len() {
                    return Err(format!(
                        "start: pits has {} counts, the board has {} holes",
                        pits.len(),
                        holes.len()
                    ));
                }
                if let Some(x) = pits.iter().find(|x| !(0..=MAX_SEEDS).contains(*x)) {
                    return Err(format!(
                        "start: pits holds {x}, not a count of seeds (0 to {MAX_SEEDS})"
                    ));
                }
                let mut v = pits.clone();
                if self.turn_round && b.to_move == 2 {
                    if b.layout.rows.len() != 2 || !holes.len().is_multiple_of(2) {
                        return Err("start: turn_round is for two rows of equal size".into());
                    }
                    v.rotate_left(holes.len() / 2);
                }
                for (&h, n) in holes.iter().zip(v) {
                    b.seeds[h] = n;
                }
                Ok(())
            }
            (None, Some(r)) => {
                if self.turn_round {
                    return Err("start: turn_round is for `pits`, not `random`".into());
                }
                let v = random_layout(r, holes.len())?;
                for (&h, n) in holes.iter().zip(v) {
                    b.seeds[h] = n;
                }
                Ok(())
            }
        }
    }
}

/// A random layout of `r.seeds` seeds over `n` holes (see [`layout_of`]), its counts checked.
pub fn random_layout(r: &RandomStart, n: usize) -> Result<Vec<i64>, String> {
    layout_of(r, n, MAX_SEEDS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_layout_keeps_the_total_and_each_holes_minimum() {
        for seed in 0..200 {
            for (seeds, at_least, n) in [(98, 2, 14), (40, 2, 24), (60, 2, 12), (7, 0, 10)] {
                let r = RandomStart {
                    seeds,
                    at_least,
                    seed,
                };
                let v = random_layout(&r, n).unwrap();
                assert_eq!(v.len(), n);
                assert_eq!(v.iter().sum::<i64>(), seeds, "seed {seed}: {v:?}");
                let least = if at_least * n as i64 <= seeds {
                    at_least
                } else {
                    0
                };
                assert!(v.iter().all(|&x| x >= least), "seed {seed}: {v:?}");
            }
        }
    }

    #[test]
    fn one_seed_gives_one_layout_and_seeds_differ() {
        let r = |seed| RandomStart {
            seeds: 98,
            at_least: 2,
            seed,
        };
        assert_eq!(random_layout(&r(3), 14), random_layout(&r(3), 14));
        assert_ne!(random_layout(&r(3), 14), random_layout(&r(4), 14));
    }
}
