//! The transposition table of the exact two-player search: bounds on a position's value and the
//! best move found there, in one-slot entries of 16 bytes, four to a bucket of one 64-byte cache
//! line (one memory access a probe). The table starts small and doubles (every entry moved to its
//! new bucket) when an entry would push out another while half its slots are used, up to the
//! memory budget: a small game takes little memory, a large one the budget.
//!
//! An entry holds no key: it holds the key's 64-bit hash (which also picks the bucket, so that a
//! growing table can move it) and 16 bits of a second, independent hash. Two positions are taken
//! for one only when both agree: about once in 2^80 probes a bucket of 4 (the bound would then
//! be another position's: at 10^10 probes a search, odds of 1 in 10^13).
//!
//! Replacement: a new entry takes a free slot of its bucket, else the slot whose entry cost the
//! least work (log2 of the moves played below it; a depth-limited entry of iterative deepening
//! ranks by its draft, and never replaces a proved one's bounds: [`merged`]). The search leaves out entries of subtrees too
//! small to be worth a slot ([`MIN_WORK`]). Entries are only ever bounds proved by a complete
//! search below the position, so a lost entry costs time, never correctness.

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
    /// [`EXACT`]: bounds on the true value, proved by a complete search; else the plies a
    /// depth-limited search looked ahead (iterative deepening), whose bounds hold only for
    /// searches limited to as many plies or fewer.
    pub draft: u8,
}

/// No best move recorded.
pub const NO_MOVE: u8 = u8::MAX;

/// The draft of an entry whose bounds are proved.
pub const EXACT: u8 = u8::MAX;

/// The largest draft a depth-limited entry keeps (a deeper one is kept as this deep).
pub const MAX_DRAFT: u8 = 62;

/// Work codes from here mark a depth-limited entry (code - SHALLOW is its draft, which also
/// ranks it for replacement); below, a proved entry's log2 of its moves.
const SHALLOW: u64 = 65;

/// Bytes of one slot: the key's hash and the packed entry.
pub const SLOT_BYTES: u64 = 16;

/// Slots of a bucket (one cache line).
pub const WAYS: usize = 4;

/// Moves below a position under which the search does not keep its entry: searching such a
/// subtree again costs about what a table slot saves (Kalah(5,5) with 20-seed tablebases: 33.2
/// s at 1, 33.4 s at 4 with 15% fewer entries, 40.1 s at 16; BENCHMARKS.md).
pub const MIN_WORK: u64 = 4;

/// One cache line: `WAYS` slots of two words (the check word, the entry word).
#[derive(Clone, Copy, Default)]
#[repr(C, align(64))]
pub struct Bucket(pub [u64; 2 * WAYS]);

/// The two words a slot compares: the key's hash and 16 bits of a second hash.
#[inline]
pub(super) fn check_of(k: &Key) -> (u64, u64) {
    let h2 = k.hash2();
    (k.hash(), h2 >> 48)
}

/// Bit 47 of an entry word: the slot is used.
const USED: u64 = 1 << 47;

/// An entry word: `work` (log2 of the moves below) is kept for a proved entry; a
/// depth-limited one keeps its draft in its place.
pub(super) fn pack(e: Entry, work: u8, tag: u64) -> u64 {
    let code = if e.draft == EXACT {
        work.min(64) as u64
    } else {
        SHALLOW + e.draft.min(MAX_DRAFT) as u64
    };
    (e.lo as u16 as u64)
        | (e.hi as u16 as u64) << 16
        | (e.best as u64) << 32
        | code << 40
        | USED
        | tag << 48
}

/// The entry of a word and its rank for replacement (a proved entry's log2 of its moves, a
/// depth-limited one's draft).
pub(super) fn unpack(w: u64) -> (Entry, u8) {
    let code = (w >> 40) & 127;
    let (draft, rank) = if code < SHALLOW {
        (EXACT, code as u8)
    } else {
        ((code - SHALLOW) as u8, (code - SHALLOW) as u8)
    };
    (
        Entry {
            lo: w as u16 as i16,
            hi: (w >> 16) as u16 as i16,
            best: (w >> 32) as u8,
            draft,
        },
        rank,
    )
}

/// The word a slot keeps when `e` (of `work`, log2) comes for the key whose entry word is
/// `old`: proved bounds merge with proved ones and replace depth-limited ones; depth-limited
/// bounds never replace proved ones, and replace or merge with others of a smaller or the same
/// draft. A missing best move is taken from the other entry.
pub(super) fn merged(old: u64, mut e: Entry, work: u8, tag: u64) -> u64 {
    let (o, ow) = unpack(old);
    let keep_old = |o: Entry, e: Entry| {
        if o.best == NO_MOVE && e.best != NO_MOVE {
            pack(Entry { best: e.best, ..o }, ow, tag)
        } else {
            old
        }
    };
    if e.best == NO_MOVE {
        e.best = o.best;
    }
    match (o.draft == EXACT, e.draft == EXACT) {
        (true, true) => {
            e.lo = e.lo.max(o.lo);
            e.hi = e.hi.min(o.hi);
            pack(e, work.max(ow), tag)
        }
        (false, true) => pack(e, work, tag),
        (true, false) => keep_old(o, e),
        (false, false) if e.draft > o.draft => pack(e, work, tag),
        (false, false) if e.draft == o.draft => {
            e.lo = e.lo.max(o.lo);
            e.hi = e.hi.min(o.hi);
            pack(e, work, tag)
        }
        (false, false) => keep_old(o, e),
    }
}

/// The 16 bits of the second hash an entry word holds.
#[inline]
pub(super) fn tag_of(w: u64) -> u64 {
    w >> 48
}

/// Log2 of `work` moves, as a slot keeps it.
#[inline]
pub(super) fn log_work(work: u64) -> u8 {
    (64 - work.leading_zeros()) as u8
}

/// The most buckets (a power of two, one at least) within `bytes`.
pub(super) fn buckets_within(bytes: u64) -> usize {
    let per = SLOT_BYTES * WAYS as u64;
    let mut n: u64 = 1;
    while n * 2 * per <= bytes {
        n *= 2;
    }
    n as usize
}

/// Where in a bucket an entry for a key not in it goes: a free slot, else the one of least work.
#[inline]
pub(super) fn victim(words: impl Fn(usize) -> u64) -> usize {
    let mut at = 0;
    let mut least = u8::MAX;
    for i in 0..WAYS {
        let w = words(i);
        if w == 0 {
            return i;
        }
        let work = unpack(w).1;
        if work < least {
            (at, least) = (i, work);
        }
    }
    at
}

/// `n` empty buckets, in huge pages where the system has them (the advice comes before the
/// pages are first written).
fn zeroed_buckets(n: usize) -> Vec<Bucket> {
    let mut v = Vec::with_capacity(n);
    crate::search::memory::huge_spare(&mut v);
    v.resize(n, Bucket::default());
    v
}

/// A table of buckets.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    used: u64,
    /// Most buckets the table may grow to.
    max_buckets: usize,
}

/// Buckets a growing table starts with (512 KiB).
pub const START_BUCKETS: usize = 1 << 13;

impl Table {
    /// The largest table (a power of two of buckets, one at least) within `bytes`, all of it
    /// from the start.
    pub fn with_bytes(bytes: u64) -> Table {
        let n = buckets_within(bytes);
        Table::sized(n, n)
    }

    /// A table that starts small and grows as entries come, up to the most buckets within
    /// `bytes`.
    pub fn growing(bytes: u64) -> Table {
        let max = buckets_within(bytes);
        Table::sized(START_BUCKETS.min(max), max)
    }

    fn sized(n: usize, max_buckets: usize) -> Table {
        Table {
            buckets: zeroed_buckets(n),
            mask: n - 1,
            used: 0,
            max_buckets,
        }
    }

    /// Doubles the buckets, moving every entry to its bucket in the larger table.
    fn grow(&mut self) {
        let n = self.buckets.len() * 2;
        let old = std::mem::replace(&mut self.buckets, zeroed_buckets(n));
        self.mask = n - 1;
        self.used = 0;
        for b in &old {
            for s in b.0.chunks_exact(2).filter(|s| s[1] != 0) {
                let at = s[0] as usize & self.mask;
                let nb = &mut self.buckets[at].0;
                let i = victim(|j| nb[2 * j + 1]);
                if nb[2 * i + 1] == 0 {
                    self.used += 1;
                } else if unpack(nb[2 * i + 1]).1 >= unpack(s[1]).1 {
                    // (rare: five entries of the old buckets meet in one new one)
                    continue;
                }
                nb[2 * i] = s[0];
                nb[2 * i + 1] = s[1];
            }
        }
    }

    /// Bytes taken by the buckets.
    pub fn bytes(&self) -> u64 {
        self.buckets.len() as u64 * WAYS as u64 * SLOT_BYTES
    }

    /// Slots holding an entry.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// The slot of `k` in its bucket, if one is kept, with the bucket.
    #[inline]
    fn find(&self, h: u64, tag: u64) -> (usize, Option<usize>) {
        let at = h as usize & self.mask;
        let b = &self.buckets[at].0;
        let i =
            (0..WAYS).find(|&i| b[2 * i] == h && b[2 * i + 1] != 0 && tag_of(b[2 * i + 1]) == tag);
        (at, i)
    }

    /// The entry for `k`, if one is kept.
    #[inline]
    pub fn get(&self, k: &Key) -> Option<Entry> {
        let (h, tag) = check_of(k);
        let (at, i) = self.find(h, tag);
        i.map(|i| unpack(self.buckets[at].0[2 * i + 1]).0)
    }

    /// Asks the memory for the bucket of `k` ahead of [`Table::get`].
    #[inline]
    pub fn prefetch(&self, k: &Key) {
        crate::search::memory::prefetch(&self.buckets[k.hash() as usize & self.mask]);
    }

    /// Stores `e` for `k` (merged with the bounds kept for it), the result of `work` moves.
    pub fn put(&mut self, k: &Key, e: Entry, work: u64) {
        let (h, tag) = check_of(k);
        self.put_log(h, tag, e, log_work(work));
    }

    fn put_log(&mut self, h: u64, tag: u64, e: Entry, work: u8) {
        let (at, found) = self.find(h, tag);
        if let Some(i) = found {
            let w = &mut self.buckets[at].0[2 * i + 1];
            *w = merged(*w, e, work, tag);
            return;
        }
        let i = {
            let b = &self.buckets[at].0;
            victim(|j| b[2 * j + 1])
        };
        let full = self.buckets[at].0[2 * i + 1] != 0;
        if full
            && self.buckets.len() < self.max_buckets
            && self.used * 2 >= (self.buckets.len() * WAYS) as u64
        {
            // The entry would push out another: grow first, while the budget allows.
            self.grow();
            return self.put_log(h, tag, e, work);
        }
        if !full {
            self.used += 1;
        }
        let b = &mut self.buckets[at].0;
        b[2 * i] = h;
        b[2 * i + 1] = pack(e, work, tag);
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
                draft: EXACT,
            },
            100,
        );
        assert_eq!(
            t.get(&k),
            Some(Entry {
                lo: -5,
                hi: 3,
                best: 2,
                draft: EXACT,
            })
        );
        // A later bound narrows the range; no move keeps the old one.
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
        assert!(t.bytes() <= 1 << 12);
    }

    #[test]
    fn depth_limited_bounds_never_replace_proved_ones() {
        let mut t = Table::with_bytes(1 << 12);
        let k = Key(3, 4);
        let e = |lo, hi, best, draft| Entry {
            lo,
            hi,
            best,
            draft,
        };
        // A shallow entry, then a deeper one replaces it, a shallower one does not.
        t.put(&k, e(-3, -3, 1, 4), 50);
        assert_eq!(t.get(&k), Some(e(-3, -3, 1, 4)));
        t.put(&k, e(2, 9, 0, 7), 50);
        assert_eq!(t.get(&k), Some(e(2, 9, 0, 7)));
        t.put(&k, e(5, 5, 2, 3), 50);
        assert_eq!(t.get(&k), Some(e(2, 9, 0, 7)));
        // One of the same draft narrows it.
        t.put(&k, e(-20, 6, NO_MOVE, 7), 50);
        assert_eq!(t.get(&k), Some(e(2, 6, 0, 7)));
        // Proved bounds replace it (keeping its move when they have none)...
        t.put(&k, e(-10, 1, NO_MOVE, EXACT), 50);
        assert_eq!(t.get(&k), Some(e(-10, 1, 0, EXACT)));
        // ...and are never replaced by a depth-limited search's.
        t.put(&k, e(4, 4, 3, MAX_DRAFT), 50);
        assert_eq!(t.get(&k), Some(e(-10, 1, 0, EXACT)));
        t.put(&k, e(-2, 8, 3, EXACT), 50);
        assert_eq!(t.get(&k), Some(e(-2, 1, 3, EXACT)));
        // A draft past the most kept is kept as the most.
        let k2 = Key(5, 6);
        t.put(&k2, e(0, 0, 1, 200), 50);
        assert_eq!(t.get(&k2), Some(e(0, 0, 1, MAX_DRAFT)));
    }

    #[test]
    fn a_growing_table_starts_small_keeps_its_entries_and_stops_at_the_budget() {
        let start = (START_BUCKETS * WAYS) as u64 * SLOT_BYTES;
        let budget = 64 * start;
        let mut t = Table::growing(budget);
        assert_eq!(t.bytes(), start);
        let e = |i: u64| Entry {
            lo: (i % 1000) as i16,
            hi: 1000,
            best: (i % 7) as u8,
            draft: EXACT,
        };
        let n = 8 * (START_BUCKETS * WAYS) as u64;
        for i in 0..n {
            t.put(&Key(i, i.wrapping_mul(31)), e(i), i % 50);
        }
        // It grew (at least once), within the budget, and kept more than half the entries (a
        // full bucket still pushes one out before the table is half full).
        assert!(t.bytes() > start, "{}", t.bytes());
        assert!(t.bytes() <= budget);
        let kept = (0..n)
            .filter(|&i| t.get(&Key(i, i.wrapping_mul(31))) == Some(e(i)))
            .count() as u64;
        assert!(kept * 2 >= n, "{kept} of {n}");
        assert_eq!(
            t.used(),
            t.buckets
                .iter()
                .flat_map(|b| b.0.chunks_exact(2))
                .filter(|s| s[1] != 0)
                .count() as u64
        );
        // A budget of a few slots is never passed.
        let mut small = Table::growing(1 << 12);
        for i in 0..10_000u64 {
            small.put(&Key(i, 1), e(i), 1);
        }
        assert!(small.bytes() <= 1 << 12);
    }

    #[test]
    fn a_full_bucket_gives_up_its_cheapest_entry_and_keys_that_share_a_hash_differ() {
        // One bucket: every key lands in it.
        let mut t = Table::with_bytes(64);
        assert_eq!(t.bytes(), 64);
        let e = Entry {
            lo: 1,
            hi: 2,
            best: 0,
            draft: EXACT,
        };
        for (i, work) in [(1u64, 1000u64), (2, 10), (3, 100), (4, 5000)] {
            t.put(&Key(i, 0), e, work);
        }
        assert_eq!(t.used(), 4);
        t.put(&Key(5, 0), e, 2);
        // Key 2 (10 moves) made room; the others stay.
        assert_eq!(t.get(&Key(2, 0)), None);
        for i in [1, 3, 4, 5] {
            assert_eq!(t.get(&Key(i, 0)), Some(e), "{i}");
        }
        assert_eq!(t.used(), 4);
        // A slot whose second hash differs is another position's, even with the same first hash.
        let (h, tag) = check_of(&Key(1, 0));
        let b = &mut t.buckets[h as usize & t.mask].0;
        let i = (0..WAYS).find(|&i| b[2 * i] == h).unwrap();
        b[2 * i + 1] = pack(e, 10, tag ^ 1);
        assert_eq!(t.get(&Key(1, 0)), None);
    }
}
