//! The perfect index of a layer: the positions with `k` seeds in `n` holes are the compositions
//! of `k` into `n` parts, numbered by the combinatorial number system (no hash table, no gaps).
//!
//! A composition `c_0, ..., c_{n-1}` is `k` seeds and `n - 1` bars in a row of `k + n - 1`
//! places; bar `i` stands at `b_i = c_0 + ... + c_i + i`, and the composition's number is
//! `C(b_0, 1) + C(b_1, 2) + ... + C(b_{n-2}, n-1)`, a bijection onto `0..C(k + n - 1, n - 1)`.

/// Binomial coefficients for one board size.
#[derive(Clone, Debug)]
pub struct Index {
    /// Holes.
    pub n: usize,
    /// `binom[a * w + b] = C(a, b)` for `a < rows`, `b <= n` (one array: a lookup is one
    /// load).
    binom: Vec<u64>,
    /// Columns of `binom`.
    w: usize,
}

impl Index {
    /// An index for `n` holes and layers of up to `max_k` seeds.
    pub fn new(n: usize, max_k: usize) -> Index {
        let rows = max_k + n + 1;
        let w = n.max(1) + 1;
        let mut binom = vec![0u64; rows * w];
        for a in 0..rows {
            binom[a * w] = 1;
            for b in 1..w {
                if a > 0 {
                    binom[a * w + b] =
                        binom[(a - 1) * w + b - 1].saturating_add(binom[(a - 1) * w + b]);
                }
            }
        }
        Index { n, binom, w }
    }

    /// Positions of a layer of `k` seeds (one player to move): `C(k + n - 1, n - 1)`.
    pub fn size(&self, k: usize) -> u64 {
        if self.n == 0 {
            return u64::from(k == 0);
        }
        self.binom[(k + self.n - 1) * self.w + self.n - 1]
    }

    /// `C(a, b)` for `a <= max_k + n`, `b <= n`.
    #[inline]
    pub fn choose(&self, a: usize, b: usize) -> u64 {
        debug_assert!(b < self.w);
        self.binom[a * self.w + b]
    }

    /// The number of the composition `c` (its parts sum to the layer's `k`).
    #[inline]
    pub fn rank(&self, c: impl IntoIterator<Item = usize>) -> u64 {
        let mut r = 0u64;
        let mut b = 0usize;
        for (i, x) in c.into_iter().enumerate().take(self.n.saturating_sub(1)) {
            b += x;
            r += self.binom[(b + i) * self.w + i + 1];
        }
        r
    }

    /// Steps `c` (a composition of the layer's seeds, `n` parts) to the one numbered next:
    /// one seed of the first non-empty hole after the first moves back a hole, and the seeds
    /// before it gather there (the bar it stands for moves up one place, the bars before it go
    /// back to the start). `false` when `c` was the layer's last (all its seeds in the first
    /// hole; `c` is then left as it was). A few steps where [`Index::unrank`] scans the
    /// binomials: what a builder that values a layer in index order takes from one position
    /// to the next.
    #[inline]
    pub fn next(c: &mut [usize]) -> bool {
        let mut before = 0;
        for j in 1..c.len() {
            before += c[j - 1];
            if c[j] > 0 {
                c[j] -= 1;
                c[..j - 1].fill(0);
                c[j - 1] = before + 1;
                return true;
            }
        }
        false
    }

    /// The composition numbered `r` in the layer of `k` seeds, into `out` (`n` parts).
    pub fn unrank(&self, k: usize, mut r: u64, out: &mut [usize]) {
        let n = self.n;
        if n == 0 {
            return;
        }
        // Bars from the last: the largest b with C(b, i+1) <= r.
        let mut top = k + n - 1;
        let mut bars = [0usize; 256];
        for i in (0..n - 1).rev() {
            let mut b = top - 1;
            while self.binom[b * self.w + i + 1] > r {
                b -= 1;
            }
            bars[i] = b;
            r -= self.binom[b * self.w + i + 1];
            top = b;
        }
        let mut prev: isize = -1;
        for i in 0..n - 1 {
            out[i] = (bars[i] as isize - prev - 1) as usize;
            prev = bars[i] as isize;
        }
        out[n - 1] = (k as isize + n as isize - 2 - prev) as usize;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(n: usize, k: usize, prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if prefix.len() == n - 1 {
            let used: usize = prefix.iter().sum();
            let mut c = prefix.clone();
            c.push(k - used);
            out.push(c);
            return;
        }
        let used: usize = prefix.iter().sum();
        for x in 0..=k - used {
            prefix.push(x);
            all(n, k, prefix, out);
            prefix.pop();
        }
    }

    #[test]
    fn ranks_are_a_bijection_onto_the_layer() {
        for (n, kmax) in [(1, 5), (2, 6), (4, 5), (6, 4), (8, 3), (12, 3)] {
            let ix = Index::new(n, kmax);
            for k in 0..=kmax {
                let mut comps = Vec::new();
                all(n, k, &mut Vec::new(), &mut comps);
                assert_eq!(ix.size(k), comps.len() as u64, "n={n} k={k}");
                let mut seen = vec![false; comps.len()];
                let mut back = vec![0usize; n];
                for c in &comps {
                    let r = ix.rank(c.iter().copied()) as usize;
                    assert!(!seen[r], "n={n} k={k}: {c:?} shares {r}");
                    seen[r] = true;
                    ix.unrank(k, r as u64, &mut back);
                    assert_eq!(&back, c);
                }
                // Stepped from the first, the compositions come in the order of their numbers.
                let mut c = vec![0; n];
                ix.unrank(k, 0, &mut c);
                for r in 1..comps.len() as u64 {
                    assert!(
                        Index::next(&mut c),
                        "n={n} k={k}: no composition after {}",
                        r - 1
                    );
                    ix.unrank(k, r, &mut back);
                    assert_eq!(c, back, "n={n} k={k}: the step to {r}");
                }
                assert!(!Index::next(&mut c), "n={n} k={k}: a step past the last");
            }
        }
    }
}
