//! Positions as compact byte keys ([`Codec`]) and the transposition table that stores them:
//! short keys packed inline as two words, longer ones on the heap, a fast hasher.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::engine::board::state::Board;

/// A small, fast, non-cryptographic hasher (the Fx hash of rustc) for position keys.
#[derive(Default, Clone, Copy)]
pub(super) struct Fx(u64);

impl Hasher for Fx {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

pub(super) type FxBuild = BuildHasherDefault<Fx>;

/// Encodes the state of a board (everything [`Board::key`] covers) as compact bytes, and decodes
/// it back onto a copy of a template board of the same layout.
///
/// Format: each pit's seeds (LEB128), the closed holes as a bitset over the pits (only when the
/// layout could close holes — the template says how many bytes), reserves, counters and
/// variables (zig-zag LEB128), then one byte `to_move | over << 5` and one byte `winner`, then,
/// for a rule that checks repetitions, the positions seen since the last capture. For a
/// given layout the fields come in a fixed order and number, so keys are self-delimiting.
#[derive(Clone, Debug)]
pub struct Codec {
    pub(super) template: Board,
    pub(super) closed_bytes: usize,
    /// Whether the rule checks repetitions: then the positions seen since the last capture
    /// ([`crate::engine::board::state::Seen`]) end the key (a count, then 8 bytes each).
    pub(super) repetition: bool,
}

impl Codec {
    /// A codec for boards of `template`'s layout.
    pub fn new(template: &Board) -> Codec {
        let mut t = template.clone();
        t.trace = None;
        t.ledger.clear();
        let repetition = t
            .layout
            .pipeline
            .as_deref()
            .is_some_and(|p| p.at.track_repetition);
        Codec {
            closed_bytes: t.seeds.len().div_ceil(8),
            repetition,
            template: t,
        }
    }

    /// Appends the key of `b` to `out`.
    pub fn encode(&self, b: &Board, out: &mut Vec<u8>) {
        // Written into room for the longest key of the board (10 bytes per number at most),
        // then cut to the bytes used: no capacity check per byte.
        let numbers = b.seeds.len() + b.reserves.len() + b.counters.len() + b.vars.len();
        let longest = 10 * numbers + self.closed_bytes + 3;
        // A small board's key is written on the stack, then appended in one copy.
        let mut small = [0u8; 256];
        let at = out.len();
        let buf: &mut [u8] = if longest <= small.len() {
            &mut small
        } else {
            out.resize(at + longest, 0);
            &mut out[at..]
        };
        let mut i = 0;
        for &s in &b.seeds {
            put_u(buf, &mut i, s as u64);
        }
        if b.closed.iter().any(|&c| c) {
            buf[i] = 1;
            i += 1;
            for (j, &c) in b.closed.iter().enumerate() {
                if c {
                    buf[i + j / 8] |= 1 << (j % 8);
                }
            }
            i += self.closed_bytes;
        } else {
            buf[i] = 0;
            i += 1;
        }
        for &v in b.reserves.iter().chain(&b.counters).chain(&b.vars) {
            put_u(buf, &mut i, ((v << 1) ^ (v >> 63)) as u64);
        }
        buf[i] = b.to_move as u8 | (b.over as u8) << 5;
        buf[i + 1] = b.winner as u8;
        if longest <= small.len() {
            out.extend_from_slice(&small[..i + 2]);
        } else {
            out.truncate(at + i + 2);
        }
        if self.repetition {
            let mut n = [0u8; 10];
            let mut j = 0;
            put_u(&mut n, &mut j, b.seen.hashes.len() as u64);
            out.extend_from_slice(&n[..j]);
            for &h in &b.seen.hashes {
                out.extend_from_slice(&h.to_le_bytes());
            }
        }
    }

    /// The key of `b` packed as the table keeps a short key: the very bytes [`Codec::encode`]
    /// writes, put straight into two words, when they are at most 15 and each number takes one
    /// byte (seeds and the rest under 128, no closed hole, no positions seen); else `None` (then
    /// encode). The search's hot path: no byte buffer per position.
    #[inline]
    pub(super) fn pack(&self, b: &Board) -> Option<SmallKey> {
        let len = b.seeds.len() + b.reserves.len() + b.counters.len() + b.vars.len() + 3;
        if len > 15 || self.repetition {
            return None;
        }
        let mut k = [0u8; 16];
        // (Zipped with the key's bytes: no bounds check per seed; a negative count fails the
        // unsigned test too.)
        for (slot, &s) in k.iter_mut().zip(&b.seeds) {
            if s as u64 >= 128 {
                return None;
            }
            *slot = s as u8;
        }
        if b.closed.iter().any(|&c| c) {
            return None;
        }
        // The byte saying no hole is closed is 0.
        let mut i = b.seeds.len() + 1;
        for part in [&b.reserves, &b.counters, &b.vars] {
            for &v in part.iter() {
                let z = ((v << 1) ^ (v >> 63)) as u64;
                if z >= 128 {
                    return None;
                }
                k[i] = z as u8;
                i += 1;
            }
        }
        k[i] = b.to_move as u8 | (b.over as u8) << 5;
        k[i + 1] = b.winner as u8;
        k[15] = len as u8;
        Some(SmallKey(
            u64::from_le_bytes(k[..8].try_into().expect("8 bytes")),
            u64::from_le_bytes(k[8..].try_into().expect("8 bytes")),
        ))
    }

    /// Decodes the key at the start of `k` into a board; returns it and the bytes used.
    pub fn decode(&self, k: &[u8]) -> (Board, usize) {
        let mut b = self.template.clone();
        let used = self.decode_into(k, &mut b);
        (b, used)
    }

    /// Decodes the key at the start of `k` into `b` (a board of the codec's layout, reused: no
    /// allocation); returns the bytes used.
    pub fn decode_into(&self, k: &[u8], b: &mut Board) -> usize {
        b.trace = None;
        b.ledger.clear();
        b.last = self.template.last;
        let mut i = 0;
        for s in b.seeds.iter_mut() {
            *s = read_u(k, &mut i) as i64;
        }
        let any_closed = k[i] == 1;
        i += 1;
        if any_closed {
            for (j, c) in b.closed.iter_mut().enumerate() {
                *c = k[i + j / 8] & (1 << (j % 8)) != 0;
            }
            i += self.closed_bytes;
        } else {
            b.closed.iter_mut().for_each(|c| *c = false);
        }
        for v in b
            .reserves
            .iter_mut()
            .chain(b.counters.iter_mut())
            .chain(b.vars.iter_mut())
        {
            let u = read_u(k, &mut i);
            *v = ((u >> 1) as i64) ^ -((u & 1) as i64);
        }
        b.to_move = (k[i] & 31) as usize;
        b.over = k[i] & 32 != 0;
        b.winner = k[i + 1] as usize;
        i += 2;
        b.seen.hashes.clear();
        b.seen.repeated = false;
        if self.repetition {
            let n = read_u(k, &mut i) as usize;
            for _ in 0..n {
                let mut h = [0u8; 8];
                h.copy_from_slice(&k[i..i + 8]);
                b.seen.hashes.push(u64::from_le_bytes(h));
                i += 8;
            }
            // The list was last cleared at the current count (no capture since).
            b.seen.in_holes = b.layout.holes.iter().map(|&h| b.seeds[h]).sum();
        }
        i
    }
}

/// Writes `u` as LEB128 at `buf[*i..]` (zeroed bytes) and moves `i` past it.
#[inline]
pub(super) fn put_u(buf: &mut [u8], i: &mut usize, mut u: u64) {
    while u >= 0x80 {
        buf[*i] = (u & 0x7f) as u8 | 0x80;
        u >>= 7;
        *i += 1;
    }
    buf[*i] = u as u8;
    *i += 1;
}

#[inline]
pub(super) fn read_u(k: &[u8], i: &mut usize) -> u64 {
    // Most numbers of a key (seeds, reserves) take one byte.
    let first = k[*i];
    if first < 0x80 {
        *i += 1;
        return first as u64;
    }
    let mut u = 0u64;
    let mut shift = 0;
    loop {
        let b = k[*i];
        *i += 1;
        u |= ((b & 0x7f) as u64) << shift;
        if b & 0x80 == 0 {
            return u;
        }
        shift += 7;
    }
}

/// A key of up to 15 bytes packed in two words (its length in the last byte), hashed as two
/// words (an array would hash its length, then its bytes through the hasher's byte loop).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct SmallKey(pub(super) u64, pub(super) u64);

impl SmallKey {
    /// The key's bytes (the first `len` of the 16; the last byte holds `len`).
    pub(super) fn bytes(&self) -> ([u8; 16], usize) {
        let mut b = [0u8; 16];
        b[..8].copy_from_slice(&self.0.to_le_bytes());
        b[8..].copy_from_slice(&self.1.to_le_bytes());
        let len = b[15] as usize;
        (b, len)
    }
}

impl std::hash::Hash for SmallKey {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.0);
        h.write_u64(self.1);
    }
}

/// A map from position keys to values: keys of up to 15 bytes inline (16 bytes per key), longer
/// ones boxed.
pub(super) struct Table<V> {
    pub(super) small: HashMap<SmallKey, V, FxBuild>,
    pub(super) big: HashMap<Box<[u8]>, V, FxBuild>,
    pub(super) big_bytes: u64,
}

impl<V: Copy> Table<V> {
    pub(super) fn new() -> Self {
        Table {
            small: HashMap::default(),
            big: HashMap::default(),
            big_bytes: 0,
        }
    }

    pub(super) fn small_key(k: &[u8]) -> Option<SmallKey> {
        if k.len() > 15 {
            return None;
        }
        let mut b = [0u8; 16];
        b[..k.len()].copy_from_slice(k);
        b[15] = k.len() as u8;
        Some(SmallKey(
            u64::from_le_bytes(b[..8].try_into().expect("8 bytes")),
            u64::from_le_bytes(b[8..].try_into().expect("8 bytes")),
        ))
    }

    pub(super) fn len(&self) -> usize {
        self.small.len() + self.big.len()
    }

    pub(super) fn get(&self, k: &[u8]) -> Option<V> {
        match Self::small_key(k) {
            Some(s) => self.small.get(&s).copied(),
            None => self.big.get(k).copied(),
        }
    }

    /// Inserts `v` unless the key is there; returns the value now stored and whether it is new.
    pub(super) fn insert_new(&mut self, k: &[u8], v: V) -> (V, bool) {
        match Self::small_key(k) {
            Some(s) => self.insert_small(s, v),
            None => {
                if let Some(&old) = self.big.get(k) {
                    return (old, false);
                }
                self.big_bytes += k.len() as u64;
                self.big.insert(k.into(), v);
                (v, true)
            }
        }
    }

    /// [`Table::insert_new`] for a short key already packed ([`Codec::pack`]).
    #[inline]
    pub(super) fn insert_small(&mut self, s: SmallKey, v: V) -> (V, bool) {
        match self.small.entry(s) {
            std::collections::hash_map::Entry::Occupied(o) => (*o.get(), false),
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(v);
                (v, true)
            }
        }
    }

    pub(super) fn set(&mut self, k: &[u8], v: V) {
        match Self::small_key(k) {
            Some(s) => {
                self.small.insert(s, v);
            }
            None => {
                if let Some(slot) = self.big.get_mut(k) {
                    *slot = v;
                } else {
                    self.big_bytes += k.len() as u64;
                    self.big.insert(k.into(), v);
                }
            }
        }
    }

    /// Approximate memory: hash buckets (entry plus one control byte; a table of capacity `c`
    /// has about `c * 8 / 7` buckets) plus boxed key bytes.
    pub(super) fn bytes(&self) -> u64 {
        let buckets = |cap: usize| cap as u64 * 8 / 7;
        let small =
            buckets(self.small.capacity()) * (std::mem::size_of::<(SmallKey, V)>() as u64 + 1);
        let big = buckets(self.big.capacity()) * (std::mem::size_of::<(Box<[u8]>, V)>() as u64 + 1)
            + self.big_bytes;
        small + big
    }
}
