//! A least-significant-digit radix sort of fixed-size records by byte digits, for the layered
//! search's lists of positions (`entries.rs`): linear in the list, where a comparison sort costs
//! a logarithm more (and sorted the same lists in about a third of the whole search's time).
//!
//! The records say what their digits are ([`Digits`]); one pass over the list counts every
//! digit's values, then each digit whose values are not all the same is a stable scatter from
//! one buffer into the other (a digit every record shares, such as a hole that is empty in the
//! whole list, costs nothing more). The sort is stable, so records of equal digits stay in the
//! order they came in.

/// A record sorted by byte digits.
pub(super) trait Digits: Copy + Default {
    /// Digits 0-7 (0: the least significant), the bytes of one word.
    fn low(self) -> u64;
    /// Digits 8-15.
    fn high(self) -> u64;
}

/// Moves the records of `from` into `to` in the order of their digits `digit` (stably), `at`
/// holding where each digit's records start.
#[inline(always)]
fn scatter<E: Digits>(from: &[E], to: &mut [E], at: &mut [u32; 256], digit: impl Fn(E) -> u8) {
    for &e in from {
        let a = &mut at[digit(e) as usize];
        to[*a as usize] = e;
        *a += 1;
    }
}

/// Sorts `v` stably by its records' first `digits` digits (digit `digits - 1` the most
/// significant), through `scratch` (grown as needed; its contents are not kept). The sorted
/// list is left in `v`'s own buffer.
pub(super) fn sort<E: Digits>(v: &mut [E], scratch: &mut Vec<E>, digits: usize) {
    let n = v.len();
    if n < 2 {
        return;
    }
    // counts[d][b]: records whose digit `d` is `b`, all digits in one pass.
    let mut counts = vec![[0u32; 256]; digits];
    let (low, high) = counts.split_at_mut(digits.min(8));
    for &e in v.iter() {
        let lo = e.low();
        for (d, c) in low.iter_mut().enumerate() {
            c[(lo >> (8 * d)) as u8 as usize] += 1;
        }
        if !high.is_empty() {
            let hi = e.high();
            for (d, c) in high.iter_mut().enumerate() {
                c[(hi >> (8 * d)) as u8 as usize] += 1;
            }
        }
    }
    if scratch.len() < n {
        scratch.resize(n, E::default());
    }
    let scratch = &mut scratch[..n];
    // Whether the sorted records are in `scratch` (an odd number of passes so far).
    let mut in_scratch = false;
    for (d, c) in counts.iter().enumerate() {
        if c.iter().any(|&k| k as usize == n) {
            // Every record has the same digit here: already in order by it.
            continue;
        }
        let mut at = [0u32; 256];
        let mut sum = 0;
        for (a, &k) in at.iter_mut().zip(c) {
            *a = sum;
            sum += k;
        }
        let (from, to): (&[E], &mut [E]) = if in_scratch {
            (&*scratch, &mut *v)
        } else {
            (&*v, &mut *scratch)
        };
        // (The word and shift chosen once a pass, not once a record.)
        if d < 8 {
            scatter(from, to, &mut at, |e| (e.low() >> (8 * d)) as u8);
        } else {
            scatter(from, to, &mut at, |e| (e.high() >> (8 * (d - 8))) as u8);
        }
        in_scratch = !in_scratch;
    }
    if in_scratch {
        v.copy_from_slice(scratch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Default, Debug, PartialEq)]
    struct R(u32, u32);

    impl Digits for R {
        fn low(self) -> u64 {
            self.0 as u64
        }
        fn high(self) -> u64 {
            0
        }
    }

    #[test]
    fn sorts_stably_by_the_digits_asked_for() {
        // A simple generator: no dependency, the same list every run.
        let mut x = 12345u32;
        let mut v: Vec<R> = (0..5000)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                // The top byte is left out of the sort: equal low three bytes keep their order.
                R(x & 0x0001_0307 | (i & 0xFF) << 24, i)
            })
            .collect();
        let mut want = v.clone();
        want.sort_by_key(|r| r.0 & 0x00FF_FFFF);
        let mut scratch = Vec::new();
        sort(&mut v, &mut scratch, 3);
        assert_eq!(v, want);
        // Every digit shared: nothing moves.
        let mut same = vec![R(7, 1), R(7, 2), R(7, 3)];
        sort(&mut same, &mut scratch, 4);
        assert_eq!(same, vec![R(7, 1), R(7, 2), R(7, 3)]);
    }
}
