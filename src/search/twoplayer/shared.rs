//! What the threads of a parallel exact search share (see [`super::parallel`]): one
//! transposition table of atomic words without locks ([`SharedTable`]), the table a search asks
//! whether it is alone or one of several ([`Tables`]), and the positions being searched right
//! now ([`Busy`], so that a thread takes another move first instead of repeating the work).
//!
//! The table's buckets are those of [`super::tt`] (four slots of two words in one cache line), a
//! slot's first word XOR-ed with its entry word: a reader takes an entry only when the check
//! word checks out against it, so an entry half written by another thread is a miss, never a
//! wrong bound. Two threads merging bounds of the same position at once may lose one of the
//! two: a lost bound costs time, not correctness (every entry is a bound proved by a complete
//! search below it).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::key::Key;
use super::tt::{
    buckets_within, check_of, log_work, merged, pack, tag_of, unpack, victim, Entry, Table,
    SLOT_BYTES, WAYS,
};

/// One cache line of atomic words (see [`super::tt::Bucket`]).
#[repr(C, align(64))]
struct SharedBucket([AtomicU64; 2 * WAYS]);

/// A fixed-size transposition table for several threads.
pub struct SharedTable {
    buckets: Vec<SharedBucket>,
    mask: usize,
    used: AtomicU64,
}

impl SharedTable {
    /// The largest table (a power of two of buckets, one at least) within `bytes`.
    pub fn with_bytes(bytes: u64) -> SharedTable {
        let n = buckets_within(bytes);
        let mut buckets = Vec::with_capacity(n);
        crate::search::memory::huge_spare(&mut buckets);
        buckets.extend((0..n).map(|_| SharedBucket(std::array::from_fn(|_| AtomicU64::new(0)))));
        SharedTable {
            buckets,
            mask: n - 1,
            used: AtomicU64::new(0),
        }
    }

    /// Bytes taken by the buckets.
    pub fn bytes(&self) -> u64 {
        self.buckets.len() as u64 * WAYS as u64 * SLOT_BYTES
    }

    /// Slots holding an entry (counted as they are first filled).
    pub fn used(&self) -> u64 {
        self.used.load(Relaxed)
    }

    /// The entry word in slot `i` of bucket `b` if it holds the key of check `(h, tag)`.
    #[inline]
    fn read(b: &SharedBucket, i: usize, h: u64, tag: u64) -> Option<u64> {
        let d = b.0[2 * i + 1].load(Relaxed);
        (d != 0 && b.0[2 * i].load(Relaxed) ^ d == h && tag_of(d) == tag).then_some(d)
    }

    #[inline]
    fn write(b: &SharedBucket, i: usize, h: u64, d: u64) {
        b.0[2 * i + 1].store(d, Relaxed);
        b.0[2 * i].store(h ^ d, Relaxed);
    }

    /// The entry for `k`, if one is kept.
    #[inline]
    pub fn get(&self, k: &Key) -> Option<Entry> {
        let (h, tag) = check_of(k);
        let b = &self.buckets[h as usize & self.mask];
        (0..WAYS)
            .find_map(|i| Self::read(b, i, h, tag))
            .map(|d| unpack(d).0)
    }

    /// Asks the memory for the bucket of `k` ahead of [`SharedTable::get`].
    #[inline]
    pub fn prefetch(&self, k: &Key) {
        crate::search::memory::prefetch(&self.buckets[k.hash() as usize & self.mask]);
    }

    /// Stores `e` for `k` (merged with the bounds kept for it), the result of `work` moves:
    /// the replacement of [`Table::put`] (a free slot, else the one of least work).
    pub fn put(&self, k: &Key, e: Entry, work: u64) {
        let work = log_work(work);
        let (h, tag) = check_of(k);
        let b = &self.buckets[h as usize & self.mask];
        for i in 0..WAYS {
            if let Some(d) = Self::read(b, i, h, tag) {
                Self::write(b, i, h, merged(d, e, work, tag));
                return;
            }
        }
        let i = victim(|j| b.0[2 * j + 1].load(Relaxed));
        if b.0[2 * i + 1].load(Relaxed) == 0 {
            self.used.fetch_add(1, Relaxed);
        }
        Self::write(b, i, h, pack(e, work, tag));
    }
}

/// The transposition table of one search: its own (one thread, the table that grows) or one
/// shared with other threads.
pub enum Tables<'a> {
    /// One thread.
    Own(Table),
    /// Several threads.
    Shared(&'a SharedTable),
}

impl Tables<'_> {
    /// The entry for `k`, if one is kept.
    #[inline]
    pub fn get(&self, k: &Key) -> Option<Entry> {
        match self {
            Tables::Own(t) => t.get(k),
            Tables::Shared(t) => t.get(k),
        }
    }

    /// Asks the memory for the bucket of `k` ahead of [`Tables::get`].
    #[inline]
    pub fn prefetch(&self, k: &Key) {
        match self {
            Tables::Own(t) => t.prefetch(k),
            Tables::Shared(t) => t.prefetch(k),
        }
    }

    /// Stores `e` for `k`, the result of `work` moves.
    #[inline]
    pub fn put(&mut self, k: &Key, e: Entry, work: u64) {
        match self {
            Tables::Own(t) => t.put(k, e, work),
            Tables::Shared(t) => t.put(k, e, work),
        }
    }

    /// Slots holding an entry.
    pub fn used(&self) -> u64 {
        match self {
            Tables::Own(t) => t.used(),
            Tables::Shared(t) => t.used(),
        }
    }

    /// Bytes taken by the slots.
    pub fn bytes(&self) -> u64 {
        match self {
            Tables::Own(t) => t.bytes(),
            Tables::Shared(t) => t.bytes(),
        }
    }
}

/// Positions some thread is searching now, near the root (a hash per slot, one slot per
/// position's bucket; a collision only changes the order in which a thread takes its moves).
pub struct Busy {
    slots: Vec<AtomicU64>,
}

/// Slots of [`Busy`].
const BUSY_SLOTS: usize = 1 << 14;

impl Default for Busy {
    fn default() -> Self {
        Busy {
            slots: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Busy {
    #[inline]
    fn slot(&self, k: &Key) -> (&AtomicU64, u64) {
        let h = k.hash() | 1;
        (&self.slots[(h >> 1) as usize & (BUSY_SLOTS - 1)], h)
    }

    /// Whether another thread is searching `k`.
    #[inline]
    pub fn has(&self, k: &Key) -> bool {
        let (s, h) = self.slot(k);
        s.load(Relaxed) == h
    }

    /// Marks `k` as being searched.
    #[inline]
    pub fn enter(&self, k: &Key) {
        let (s, h) = self.slot(k);
        s.store(h, Relaxed);
    }

    /// Unmarks `k` (when no other position took its slot since).
    #[inline]
    pub fn leave(&self, k: &Key) {
        let (s, h) = self.slot(k);
        let _ = s.compare_exchange(h, 0, Relaxed, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::twoplayer::tt::{EXACT, NO_MOVE};

    #[test]
    fn a_shared_table_keeps_merges_and_misses_torn_slots() {
        let t = SharedTable::with_bytes(1 << 12);
        let k = Key(7, 9);
        assert_eq!(t.get(&k), None);
        let e = Entry {
            lo: -5,
            hi: 3,
            best: 2,
            draft: EXACT,
        };
        t.put(&k, e, 100);
        assert_eq!(t.get(&k), Some(e));
        t.put(
            &k,
            Entry {
                lo: -1,
                hi: 30,
                best: NO_MOVE,
                draft: EXACT,
            },
            10,
        );
        assert_eq!(
            t.get(&k),
            Some(Entry {
                lo: -1,
                hi: 3,
                best: 2,
                draft: EXACT,
            })
        );
        assert_eq!(t.used(), 1);
        // A slot whose entry word changed without its check word (a write half done) is a miss.
        let (h, tag) = check_of(&k);
        let b = &t.buckets[h as usize & t.mask];
        let i = (0..WAYS)
            .find(|&i| SharedTable::read(b, i, h, tag).is_some())
            .unwrap();
        let d = b.0[2 * i + 1].load(Relaxed);
        b.0[2 * i + 1].store(d ^ 1, Relaxed);
        assert_eq!(t.get(&k), None);
    }

    #[test]
    fn busy_positions_are_marked_and_unmarked() {
        let b = Busy::default();
        let (k, other) = (Key(1, 2), Key(3, 4));
        assert!(!b.has(&k));
        b.enter(&k);
        assert!(b.has(&k) && !b.has(&other));
        b.leave(&k);
        assert!(!b.has(&k));
    }
}
