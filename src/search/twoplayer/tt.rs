//! The transposition table of the exact two-player search: two slots per bucket, bounds on a
//! position's value and the best move found there. The table starts small and doubles (every
//! entry moved to its new bucket) when an entry would push out another while half its slots are
//! used, up to the memory budget: a small game takes little memory, a large one the budget.
//!
//! Replacement: the first slot of a bucket keeps the entry that cost the most work to compute
//! (log2 of the moves played below it), the second takes every other new entry. Entries are
//! only ever bounds proved by a complete search below the position, so a lost entry costs time,
//! never correctness.

use super::key::Key;

/// Bounds on a position's value and the move that proved the lower one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Lower bound.
    pub lo: i16,
    /// Upper bound.
    pub hi: i16,
    /// Index of the best move in the position's legal moves, or `NO_MOVE`.
    pub best: u8,
}

/// No best move recorded.
pub const NO_MOVE: u8 = u8::MAX;

/// Bytes of one slot: the key (two words) and the packed entry (one word).
pub const SLOT_BYTES: u64 = 24;

/// A table of `2^bits` slots.
pub struct Table {
    slots: Vec<[u64; 3]>,
    mask: usize,
    used: u64,
    /// Most slots the table may grow to.
    max_slots: usize,
}

/// Slots a growing table starts with (768 KiB).
pub const START_SLOTS: usize = 1 << 15;

/// The most slots (a power of two, two at least) within `bytes`.
pub(super) fn slots_within(bytes: u64) -> usize {
    let mut n: u64 = 2;
    while n * 2 * SLOT_BYTES <= bytes {
        n *= 2;
    }
    n as usize
}

pub(super) fn pack(e: Entry, work: u8) -> u64 {
    // Bit 63: the slot is used.
    (e.lo as u16 as u64)
        | (e.hi as u16 as u64) << 16
        | (e.best as u64) << 32
        | (work as u64) << 40
        | 1 << 63
}

pub(super) fn unpack(w: u64) -> (Entry, u8) {
    (
        Entry {
            lo: w as u16 as i16,
            hi: (w >> 16) as u16 as i16,
            best: (w >> 32) as u8,
        },
        (w >> 40) as u8,
    )
}

impl Table {
    /// The largest table (a power of two of slots, two at least) within `bytes`, all of it
    /// from the start.
    pub fn with_bytes(bytes: u64) -> Table {
        let n = slots_within(bytes);
        Table::sized(n, n)
    }

    /// A table that starts small and grows as entries come, up to the most slots within
    /// `bytes`.
    pub fn growing(bytes: u64) -> Table {
        let max = slots_within(bytes);
        Table::sized(START_SLOTS.min(max), max)
    }

    fn sized(n: usize, max_slots: usize) -> Table {
        Table {
            // Zeroed memory: the pages are only taken when first written.
            slots: vec![[0u64; 3]; n],
            mask: n - 2,
            used: 0,
            max_slots,
        }
    }

    /// Doubles the slots, moving every entry to its bucket in the larger table.
    fn grow(&mut self) {
        let n = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![[0u64; 3]; n]);
        self.mask = n - 2;
        self.used = 0;
        for s in old.into_iter().filter(|s| s[2] != 0) {
            let at = self.bucket(&Key(s[0], s[1]));
            let w = unpack(s[2]).1;
            let i = if self.slots[at][2] == 0 {
                at
            } else if self.slots[at + 1][2] == 0 {
                at + 1
            } else if unpack(self.slots[at][2]).1 < w {
                // Both taken (rare): the first slot keeps the costlier entry.
                at
            } else {
                at + 1
            };
            if self.slots[i][2] == 0 {
                self.used += 1;
            }
            self.slots[i] = s;
        }
    }

    /// Bytes taken by the slots.
    pub fn bytes(&self) -> u64 {
        self.slots.len() as u64 * SLOT_BYTES
    }

    /// Slots holding an entry.
    pub fn used(&self) -> u64 {
        self.used
    }

    #[inline]
    fn bucket(&self, k: &Key) -> usize {
        (k.hash() as usize) & self.mask
    }

    /// The entry for `k`, if one is kept.
    #[inline]
    pub fn get(&self, k: &Key) -> Option<Entry> {
        let at = self.bucket(k);
        for s in &self.slots[at..at + 2] {
            if s[2] != 0 && s[0] == k.0 && s[1] == k.1 {
                return Some(unpack(s[2]).0);
            }
        }
        None
    }

    /// Stores `e` for `k` (merged with the bounds kept for it), the result of `work` moves.
    pub fn put(&mut self, k: &Key, e: Entry, work: u64) {
        self.put_log(k, e, (64 - work.leading_zeros()) as u8);
    }

    /// `put`, with the work as its log2.
    fn put_log(&mut self, k: &Key, mut e: Entry, work: u8) {
        let at = self.bucket(k);
        for i in at..at + 2 {
            let s = self.slots[i];
            if s[2] != 0 && s[0] == k.0 && s[1] == k.1 {
                let (old, w) = unpack(s[2]);
                e.lo = e.lo.max(old.lo);
                e.hi = e.hi.min(old.hi);
                if e.best == NO_MOVE {
                    e.best = old.best;
                }
                self.slots[i][2] = pack(e, work.max(w));
                return;
            }
        }
        if self.slots[at][2] != 0
            && self.slots[at + 1][2] != 0
            && self.slots.len() < self.max_slots
            && self.used * 2 >= self.slots.len() as u64
        {
            // The entry would push out another: grow first, while the budget allows.
            self.grow();
            return self.put_log(k, e, work);
        }
        let first = self.slots[at];
        let keep_first = first[2] != 0 && unpack(first[2]).1 > work;
        let i = if keep_first { at + 1 } else { at };
        if self.slots[i][2] == 0 {
            self.used += 1;
        }
        self.slots[i] = [k.0, k.1, pack(e, work)];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_merge() {
        let mut t = Table::with_bytes(1 << 12);
        let k = Key(7, 9);
        assert_eq!(t.get(&k), None);
        t.put(
            &k,
            Entry {
                lo: -5,
                hi: 3,
                best: 2,
            },
            100,
        );
        assert_eq!(
            t.get(&k),
            Some(Entry {
                lo: -5,
                hi: 3,
                best: 2
            })
        );
        // A later bound narrows the range; no move keeps the old one.
        t.put(
            &k,
            Entry {
                lo: -1,
                hi: 30,
                best: NO_MOVE,
            },
            10,
        );
        assert_eq!(
            t.get(&k),
            Some(Entry {
                lo: -1,
                hi: 3,
                best: 2
            })
        );
        assert_eq!(t.used(), 1);
        assert!(t.bytes() <= 1 << 12);
    }

    #[test]
    fn a_growing_table_starts_small_keeps_its_entries_and_stops_at_the_budget() {
        let budget = 64 * START_SLOTS as u64 * SLOT_BYTES;
        let mut t = Table::growing(budget);
        assert_eq!(t.bytes(), START_SLOTS as u64 * SLOT_BYTES);
        let e = |i: u64| Entry {
            lo: (i % 1000) as i16,
            hi: 1000,
            best: (i % 7) as u8,
        };
        let n = 8 * START_SLOTS as u64;
        for i in 0..n {
            t.put(&Key(i, i.wrapping_mul(31)), e(i), i % 50);
        }
        // It grew (at least once), within the budget, and kept more than half the entries (a
        // bucket of two still pushes one out before the table is half full).
        assert!(t.bytes() > START_SLOTS as u64 * SLOT_BYTES, "{}", t.bytes());
        assert!(t.bytes() <= budget);
        let kept = (0..n)
            .filter(|&i| t.get(&Key(i, i.wrapping_mul(31))) == Some(e(i)))
            .count() as u64;
        assert!(kept * 2 >= n, "{kept} of {n}");
        assert_eq!(
            t.used(),
            (0..t.slots.len()).filter(|&i| t.slots[i][2] != 0).count() as u64
        );
        // A budget of a few slots is never passed.
        let mut small = Table::growing(1 << 12);
        for i in 0..10_000u64 {
            small.put(&Key(i, 1), e(i), 1);
        }
        assert!(small.bytes() <= 1 << 12);
    }
}
