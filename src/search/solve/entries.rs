//! The layered search's lists of positions (`layered.rs`): each position met is an entry of its
//! key, the fewest moves it was met at (its depth) and the position it was met from (its
//! parent), and a layer is a list of them sorted by key, then depth.
//!
//! A list collects entries with duplicates as the layers above it are expanded; compacting it
//! ([`compact`]) sorts it and keeps, for each key, its entries of least depth, one per parent.
//! A finished layer is that compacted list itself: its positions are its runs of entries of one
//! key (the index of a position is the index of its run's first entry), each run holding the
//! position's shortest-line parents. No second copy of a layer is made.
//!
//! Two sizes of entry: [`Narrow`], 16 bytes, for keys of up to 8 bytes (Tchuka Ruma up to 8
//! holes on packed seeds), in which key, depth and parent make one number (so a list sorts
//! as plain numbers, with half the bytes moved); and [`Wide`], 32 bytes, for keys of up to 15.

use crate::search::solve::radix::{self, Digits};

/// No parent: the start.
pub(super) const NO_PARENT: u64 = u64::MAX;

/// A parent reference: the layer and the index in it.
#[inline]
pub(super) fn parent_ref(layer: usize, index: usize) -> u64 {
    (layer as u64) << 32 | index as u64
}

/// An entry of a list: a key (without its depth), a depth and a parent reference.
pub(super) trait Entry: Digits + Ord {
    /// The most bytes a key may have.
    const KEY_BYTES: usize;
    /// The entry of `key` (of at most [`Entry::KEY_BYTES`] bytes) met at `depth` from
    /// `parent` (a [`parent_ref`] of a layer under 2^16, or [`NO_PARENT`]).
    fn new(key: u128, depth: u8, parent: u64) -> Self;
    fn key(self) -> u128;
    fn depth(self) -> u8;
    fn parent(self) -> u64;
}

/// An entry of a key of up to 8 bytes, in one number: the key in the high 64 bits, the depth
/// in the next byte, the parent in the low 56 (a layer under 2^16 and an index under 2^32 need
/// 48 of them). Ordered by key, depth, then parent.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Narrow(u128);

/// The parent bits of a [`Narrow`] entry, all set for [`NO_PARENT`].
const PARENT_BITS: u64 = (1 << 56) - 1;

/// Sorted by the key's bytes.
impl Digits for Narrow {
    #[inline(always)]
    fn low(self) -> u64 {
        (self.0 >> 64) as u64
    }

    #[inline(always)]
    fn high(self) -> u64 {
        0
    }
}

impl Entry for Narrow {
    const KEY_BYTES: usize = 8;

    #[inline(always)]
    fn new(key: u128, depth: u8, parent: u64) -> Self {
        Narrow((key as u64 as u128) << 64 | (depth as u128) << 56 | (parent & PARENT_BITS) as u128)
    }

    #[inline(always)]
    fn key(self) -> u128 {
        self.0 >> 64
    }

    #[inline(always)]
    fn depth(self) -> u8 {
        (self.0 >> 56) as u8
    }

    #[inline(always)]
    fn parent(self) -> u64 {
        match self.0 as u64 & PARENT_BITS {
            PARENT_BITS => NO_PARENT,
            p => p,
        }
    }
}

/// An entry of a key of up to 15 bytes: the key and depth in one number (the depth in the low
/// byte), and the parent. Ordered by key, depth, then parent.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Wide(u128, u64);

/// Sorted by the key's bytes.
impl Digits for Wide {
    #[inline(always)]
    fn low(self) -> u64 {
        self.key() as u64
    }

    #[inline(always)]
    fn high(self) -> u64 {
        (self.key() >> 64) as u64
    }
}

impl Entry for Wide {
    const KEY_BYTES: usize = 15;

    #[inline(always)]
    fn new(key: u128, depth: u8, parent: u64) -> Self {
        Wide(key << 8 | depth as u128, parent)
    }

    #[inline(always)]
    fn key(self) -> u128 {
        self.0 >> 8
    }

    #[inline(always)]
    fn depth(self) -> u8 {
        self.0 as u8
    }

    #[inline(always)]
    fn parent(self) -> u64 {
        self.1
    }
}

/// Lists shorter than this are sorted by comparison, longer ones by radix: measured on lists
/// of Tchuka Ruma-like keys (7 bytes of 0-5), the radix sort's 7 passes cost about 180
/// instructions an entry at every length, a comparison sort 125 at 1,000 entries, 170 at 20,000
/// and 200 at 200,000.
const RADIX_FROM: usize = 1 << 15;

/// Sorts `v` (entries of keys of `key_bytes` bytes at most) by key and keeps for each key its
/// entries of least depth; returns how many keys there are. `scratch`: the radix sort's other
/// buffer.
///
/// An entry repeated (a position met twice from one parent) is dropped when its two copies are
/// side by side after the sort, as the radix sort (stable; a position's moves are pushed one
/// after the other) mostly leaves them; a parent that stays twice is harmless.
pub(super) fn compact<E: Entry>(v: &mut Vec<E>, scratch: &mut Vec<E>, key_bytes: usize) -> usize {
    if v.len() < RADIX_FROM {
        v.sort_unstable_by_key(|e| e.key());
    } else {
        radix::sort(v, scratch, key_bytes);
    }
    let n = v.len();
    let (mut w, mut keys, mut r) = (0, 0, 0);
    while r < n {
        // The run of one key, and its least depth.
        let key = v[r].key();
        let mut least = v[r].depth();
        let mut end = r + 1;
        while end < n && v[end].key() == key {
            least = least.min(v[end].depth());
            end += 1;
        }
        keys += 1;
        let at = w;
        for q in r..end {
            let e = v[q];
            if e.depth() == least && (w == at || v[w - 1] != e) {
                v[w] = e;
                w += 1;
            }
        }
        r = end;
    }
    v.truncate(w);
    keys
}

/// The index of the position of key `key` in the finished layer `v` (its run's first entry).
pub(super) fn find<E: Entry>(v: &[E], key: u128) -> Option<usize> {
    let i = v.partition_point(|e| e.key() < key);
    (v.get(i)?.key() == key).then_some(i)
}

/// The shortest-line parents of the position at index `i` of the finished layer `v`.
pub(super) fn parents<E: Entry>(v: &[E], i: usize) -> impl Iterator<Item = u64> + '_ {
    let key = v[i].key();
    v[i..]
        .iter()
        .take_while(move |e| e.key() == key)
        .map(|e| e.parent())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    /// Both sizes compact a list with duplicates to each key's least depth and the set of its
    /// parents at that depth, through the comparison sort (short lists) and the radix sort
    /// (long ones).
    #[test]
    fn compaction_keeps_each_keys_least_depth_one_entry_per_parent() {
        type Got = Vec<(u128, u8, u64)>;
        fn run<E: Entry>(n: usize) -> (Got, Got) {
            let mut x = 99u64;
            let mut v: Vec<E> = Vec::new();
            let mut plain: BTreeMap<u128, (u8, BTreeSet<u64>)> = BTreeMap::new();
            for i in 0..n {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // A parent's children pushed one after the other, some of them twice; keys
                // of several bytes, shared between parents.
                let k = ((i / 4 * 7) as u64 + x % 3) % 40;
                let key = (k | (k * k) << 24 | (k % 5) << 48) as u128;
                let (depth, parent) = match i {
                    0 => (0, NO_PARENT),
                    _ => (3 + (i / 4 % 3) as u8, parent_ref(7, i / 4)),
                };
                v.push(E::new(key, depth, parent));
                let at = plain.entry(key).or_insert((depth, BTreeSet::new()));
                if depth < at.0 {
                    *at = (depth, BTreeSet::new());
                }
                if depth == at.0 {
                    at.1.insert(parent);
                }
            }
            let mut scratch = Vec::new();
            let keys = compact(&mut v, &mut scratch, 7);
            assert_eq!(keys, plain.len());
            let got = v.iter().map(|e| (e.key(), e.depth(), e.parent())).collect();
            let want = plain
                .into_iter()
                .flat_map(|(k, (d, ps))| ps.into_iter().map(move |p| (k, d, p)))
                .collect();
            (got, want)
        }
        for n in [100, 5000, RADIX_FROM + 5000] {
            let (got, mut want) = run::<Narrow>(n);
            // (Within a key the parents may come in another order, and one may come twice.)
            let mut sorted = got.clone();
            sorted.sort();
            sorted.dedup();
            want.sort();
            assert_eq!(sorted, want, "{n}");
            let mut keys: Vec<u128> = got.iter().map(|e| e.0).collect();
            assert!(keys.windows(2).all(|w| w[0] <= w[1]), "{n}: sorted by key");
            keys.dedup();
            assert!(keys.len() > 20 && got.len() < n, "{n}: duplicates went");
            assert!(
                got.iter().any(|e| e.1 == 0 && e.2 == NO_PARENT),
                "{n}: the start's entry"
            );
            let (wide, wide_want) = run::<Wide>(n);
            let mut wide_sorted = wide.clone();
            wide_sorted.sort();
            wide_sorted.dedup();
            assert_eq!((wide_sorted, wide_want), (sorted, want), "{n}");
            assert_eq!(wide.len(), got.len(), "{n}");
        }
    }
}
