//! What the threads of a parallel exact search share (see [`super::parallel`]): one
//! transposition table of atomic words without locks ([`SharedTable`]), the table a search asks
//! whether it is alone or one of several ([`Tables`]), and the positions being searched right
//! now ([`Busy`], so that a thread takes another move first instead of repeating the work).
//!
//! A slot is three words, the key's two words each XOR-ed with the entry's word, and the entry:
//! a reader takes an entry only when both key words check out against it, so an entry half
//! written by another thread is a miss, never a wrong bound. Two threads merging bounds of the
//! same position at once may lose one of the two: a lost bound costs time, not correctness
//! (every entry is a bound proved by a complete search below it).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::key::Key;
use super::tt::{pack, slots_within, unpack, Entry, Table, NO_MOVE, SLOT_BYTES};

/// A fixed-size transposition table for several threads.
pub struct SharedTable {
    slots: Vec<[AtomicU64; 3]>,
    mask: usize,
    used: AtomicU64,
}

impl SharedTable {
    /// The largest table (a power of two of slots, two at least) within `bytes`.
    pub fn with_bytes(bytes: u64) -> SharedTable {
        let n = slots_within(bytes);
        SharedTable {
            slots: (0..n)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            mask: n - 2,
            used: AtomicU64::new(0),
        }
    }

    /// Bytes taken by the slots.
    pub fn bytes(&self) -> u64 {
        self.slots.len() as u64 * SLOT_BYTES
    }

    /// Slots holding an entry (counted as they are first filled).
    pub fn used(&self) -> u64 {
        self.used.load(Relaxed)
    }

    /// The entry word in slot `i` if it holds `k`.
    #[inline]
    fn read(&self, i: usize, k: &Key) -> Option<u64> {
        let s = &self.slots[i];
        let d = s[2].load(Relaxed);
        (d != 0 && s[0].load(Relaxed) ^ d == k.0 && s[1].load(Relaxed) ^ d == k.1).then_some(d)
    }

    #[inline]
    fn write(&self, i: usize, k: &Key, d: u64) {
        let s = &self.slots[i];
        s[2].store(d, Relaxed);
        s[0].store(k.0 ^ d, Relaxed);
        s[1].store(k.1 ^ d, Relaxed);
    }

    /// The entry for `k`, if one is kept.
    #[inline]
    pub fn get(&self, k: &Key) -> Option<Entry> {
        let at = (k.hash() as usize) & self.mask;
        (at..at + 2)
            .find_map(|i| self.read(i, k))
            .map(|d| unpack(d).0)
    }

    /// Stores `e` for `k` (merged with the bounds kept for it), the result of `work` moves:
    /// the replacement of [`Table::put`] (the first slot keeps the costlier entry).
    pub fn put(&self, k: &Key, mut e: Entry, work: u64) {
        let work = (64 - work.leading_zeros()) as u8;
        let at = (k.hash() as usize) & self.mask;
        for i in at..at + 2 {
            if let Some(d) = self.read(i, k) {
                let (old, w) = unpack(d);
                e.lo = e.lo.max(old.lo);
                e.hi = e.hi.min(old.hi);
                if e.best == NO_MOVE {
                    e.best = old.best;
                }
                self.write(i, k, pack(e, work.max(w)));
                return;
            }
        }
        let first = self.slots[at][2].load(Relaxed);
        let keep_first = first != 0 && unpack(first).1 > work;
        let i = if keep_first { at + 1 } else { at };
        if self.slots[i][2].load(Relaxed) == 0 {
            self.used.fetch_add(1, Relaxed);
        }
        self.write(i, k, pack(e, work));
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

    #[test]
    fn a_shared_table_keeps_merges_and_misses_torn_slots() {
        let t = SharedTable::with_bytes(1 << 12);
        let k = Key(7, 9);
        assert_eq!(t.get(&k), None);
        let e = Entry {
            lo: -5,
            hi: 3,
            best: 2,
        };
        t.put(&k, e, 100);
        assert_eq!(t.get(&k), Some(e));
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
        // A slot whose entry word changed without its key words (a write half done) is a miss.
        let at = (k.hash() as usize) & t.mask;
        let i = (at..at + 2).find(|&i| t.read(i, &k).is_some()).unwrap();
        let d = t.slots[i][2].load(Relaxed);
        t.slots[i][2].store(d ^ 1, Relaxed);
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
