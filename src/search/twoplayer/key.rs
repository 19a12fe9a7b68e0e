//! Transposition keys of the exact search: two words per position.
//!
//! A position whose numbers (seeds, reserves, counters, variables, the player to move) are at
//! most 15 and each under 255 is packed exactly, one byte each, its length in the last byte; any
//! other is two independent 64-bit hashes of the whole key, tagged so that it never equals a
//! packed key (two such positions meet with a probability of about n^2 / 2^129 for n positions).
//! When the rule's moves and ends never look at the stores (see [`super::Reading`]), the stores,
//! reserves and the seeds discarded are left out: positions that differ only there share an entry, whose values are
//! margins of what is still to be won.

use crate::Board;

/// A position's key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key(pub u64, pub u64);

impl Key {
    /// A well-mixed hash of the key, for the table's bucket.
    #[inline]
    pub fn hash(&self) -> u64 {
        mix(self.0 ^ mix(self.1))
    }

    /// A second hash of the key, independent of [`Key::hash`] (the table's check).
    #[inline]
    pub fn hash2(&self) -> u64 {
        mix(self.1 ^ mix(self.0 ^ 0x9e37_79b9_7f4a_7c15).wrapping_add(0x6a09_e667_f3bc_c909))
    }
}

#[inline]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// What a key holds.
#[derive(Clone, Copy, Debug)]
pub struct KeySpec {
    /// Only the holes' seeds (canonical order), no stores or reserves.
    pub holes_only: bool,
    /// A game variable left out: a move counter that no end reads.
    pub skip_var: Option<usize>,
}

/// Calls `f` with every number of the key of `b`, in order.
#[inline]
fn numbers(spec: KeySpec, b: &Board, mut f: impl FnMut(u64)) {
    let l = &*b.layout;
    if spec.holes_only {
        for &h in &l.holes {
            f(b.seeds[h] as u64);
        }
    } else {
        for &s in &b.seeds {
            f(s as u64);
        }
        for &r in &b.reserves {
            f(r as u64);
        }
        // Seeds taken out without scoring count in the total, which a `majority` end reads
        // (more than half of it): two boards that differ only there may end differently.
        f(b.discarded as u64);
    }
    for (i, &c) in b.closed.iter().enumerate() {
        if c {
            f(u64::MAX - i as u64);
        }
    }
    for &v in &b.counters {
        f(v as u64);
    }
    for (i, &v) in b.vars.iter().enumerate() {
        if Some(i) != spec.skip_var {
            f(v as u64);
        }
    }
    f(b.to_move as u64 | (b.over as u64) << 8 | (b.winner as u64) << 16);
    for &h in &b.seen.hashes {
        f(h);
    }
}

/// The key of `b`.
#[inline]
pub fn key_of(spec: KeySpec, b: &Board) -> Key {
    let mut bytes = [0u8; 16];
    let mut n = 0usize;
    let mut fits = true;
    numbers(spec, b, |v| {
        if n < 15 && v < 255 {
            bytes[n] = v as u8;
            n += 1;
        } else {
            fits = false;
        }
    });
    if fits {
        bytes[15] = n as u8;
        return Key(
            u64::from_le_bytes(bytes[..8].try_into().expect("8 bytes")),
            u64::from_le_bytes(bytes[8..].try_into().expect("8 bytes")),
        );
    }
    let (mut h1, mut h2) = (0x243f_6a88_85a3_08d3u64, 0x1319_8a2e_0370_7344u64);
    numbers(spec, b, |v| {
        h1 = mix(h1 ^ v).wrapping_add(0x9e37_79b9_7f4a_7c15);
        h2 = mix(h2.rotate_left(17) ^ v.wrapping_mul(0xd6e8_feb8_6659_fd93));
    });
    // The tag: a last byte of 255, which no packed key has (its length is at most 15).
    Key(h1, h2 | 0xff << 56)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn oware() -> Board {
        let rule = crate::Rule::load("oware", std::path::Path::new("rules")).unwrap();
        let opts = rule.resolve_options(&["holes=2"]).unwrap();
        crate::board_of(
            crate::Game::new(std::sync::Arc::new(rule), opts)
                .unwrap()
                .current(),
        )
        .clone()
    }

    #[test]
    fn seeds_discarded_are_part_of_a_key_that_holds_the_stores() {
        let a = oware();
        let mut b = a.clone();
        b.discarded = 3;
        let full = KeySpec {
            holes_only: false,
            skip_var: None,
        };
        assert_ne!(key_of(full, &a), key_of(full, &b));
        // Where nothing reads the stores, nothing reads what was discarded either.
        let holes = KeySpec {
            holes_only: true,
            skip_var: None,
        };
        assert_eq!(key_of(holes, &a), key_of(holes, &b));
    }
}
