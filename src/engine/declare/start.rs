//! A random layout of seeds (a start layout, or a round's): drawn from a seed, so that one seed
//! always gives one layout, on any machine.

use serde::Deserialize;

use crate::engine::base::rng::Rng;

/// A random start layout: `seeds` seeds spread over every hole, each holding at least
/// `at_least` (when there are seeds enough for that).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RandomStart {
    /// The seeds on the board in all.
    pub seeds: i64,
    /// Seeds each hole holds at least (when `seeds` reaches that many in every hole; else 0).
    #[serde(default)]
    pub at_least: i64,
    /// The generator's seed: the same seed, the same layout.
    #[serde(default)]
    pub seed: i64,
    /// Each hole is empty or holds at least this many (0: no such test): the seeds of a hole
    /// drawn fewer are gathered into the next hole that then reaches it (those left over at
    /// the end into the first hole holding seeds).
    #[serde(default)]
    pub empty_or_at_least: i64,
}

/// A random layout of `r.seeds` seeds over `n` holes: the seeds above each hole's minimum are cut
/// at `n - 1` uniform points, each hole taking one piece (rounded, the last seeds put right in the
/// fullest or emptiest hole so that the total is exact).
pub fn layout_of(r: &RandomStart, n: usize, max_seeds: i64) -> Result<Vec<i64>, String> {
    if !(0..=max_seeds).contains(&r.seeds) {
        return Err(format!(
            "start: random: seeds {} (0 to {max_seeds})",
            r.seeds
        ));
    }
    if r.at_least < 0 {
        return Err(format!(
            "start: random: at_least {} (at least 0)",
            r.at_least
        ));
    }
    if n == 0 {
        return Ok(Vec::new());
    }
    let least = if r.at_least.saturating_mul(n as i64) <= r.seeds {
        r.at_least
    } else {
        0
    };
    let spread = (r.seeds - least * n as i64) as f64;
    let mut rng = Rng::new(r.seed as u64);
    let mut cuts: Vec<f64> = (0..n - 1).map(|_| rng.unit()).collect();
    cuts.push(0.0);
    cuts.push(1.0);
    cuts.sort_by(f64::total_cmp);
    let mut v: Vec<i64> = cuts
        .windows(2)
        .map(|w| least + (spread * (w[1] - w[0]) + 0.4) as i64)
        .collect();
    let error = r.seeds - v.iter().sum::<i64>();
    if error > 0 {
        let i = (0..n).min_by_key(|&i| v[i]).unwrap_or(0);
        v[i] += error;
    } else if error < 0 {
        let i = (0..n)
            .max_by_key(|&i| (v[i], std::cmp::Reverse(i)))
            .unwrap_or(0);
        v[i] += error;
    }
    if r.empty_or_at_least > 0 {
        gather_below(&mut v, r.empty_or_at_least);
    }
    Ok(v)
}

/// Empties each hole of `v` holding fewer than `k`, carrying its seeds on (in hole order) to
/// the next hole that reaches `k` with them; seeds carried past the last hole go to the first
/// hole holding seeds.
fn gather_below(v: &mut [i64], k: i64) {
    let mut carried = 0;
    for x in v.iter_mut() {
        let with = *x + carried;
        if with < k {
            carried = with;
            *x = 0;
        } else {
            *x = with;
            carried = 0;
        }
    }
    if carried > 0 {
        if let Some(x) = v.iter_mut().find(|x| **x > 0) {
            *x += carried;
        } else if let Some(x) = v.first_mut() {
            *x = carried;
        }
    }
}
