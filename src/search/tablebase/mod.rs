//! Tablebases: the value of every position with few seeds in play, by retrograde analysis, for
//! rules in which seeds once out of play (stores, reserves) never come back (see
//! [`crate::search::twoplayer::reading::Reading::no_tablebase`] for the rules that do not
//! qualify, and why).
//!
//! Layer `k` holds every position with `k` seeds in the holes and either player to move, numbered
//! by a perfect index ([`index`]); its value, one byte, is the best margin still to be won from
//! there by the player to move (his future captures minus his opponent's), whatever the stores
//! hold. A rule whose end reads the captures (a `majority` end: more than half of all the seeds
//! captured ends the game) is the exception: there the seeds each player holds decide when the
//! game stops, so a position is the holes with the split of the `total - k` seeds held (the
//! mover's share `0..=total - k`), for the one total the tablebase is built for; its value is
//! still the margin from there on. Layers are built from `k = 0` up ([`build`]): a move either
//! takes seeds out of play (a lower layer, already built) or keeps them all in (the same layer;
//! when moves can cycle within a layer, by retrograde iteration). Layers are written to files
//! with a header ([`file`]) and probed by the exact search.

pub mod build;
pub mod cycles;
pub mod file;
pub mod index;

use crate::search::twoplayer::reading::{held, Reading};
use crate::{Board, Error, Result, Rule};
use index::Index;

/// A value not computed (yet).
pub const UNKNOWN: i8 = i8::MIN;

/// Most seeds a layer may hold (values are bytes).
pub const MAX_SEEDS: usize = 120;

/// The layers `0..=seeds()` of one rule and options, in memory.
#[derive(Clone, Debug)]
pub struct Tablebase {
    /// The rule's name.
    pub rule: String,
    /// The rule's content hash.
    pub rule_hash: String,
    /// The options, `name=value` separated by spaces, sorted (for the reader: two option sets
    /// that declare the same moves, e.g. another number of seeds at the start, share a
    /// tablebase).
    pub options: String,
    /// The SHA-256 of everything that decides the moves and the ends: the declared move, the
    /// sowing rule and the pits (see [`moves_fingerprint`]).
    pub moves: String,
    /// Pit ids of the holes, canonical order.
    holes: Vec<usize>,
    /// Every seed of the game (in play, held, discarded) for a rule whose end reads the captures;
    /// 0 for one whose values do not depend on them.
    total: i64,
    /// The rule ends a game on a repeated position: only positions with no history since the
    /// last capture are probed (their values are for a fresh start).
    repetition: bool,
    index: Index,
    /// `layers[k]`: values of the positions with `k` seeds, player 1 to move then player 2; for
    /// a layer with positions in open cycles (see [`cycles`]), twice as long: the lower bounds,
    /// then the upper bounds (equal where the value is known).
    layers: Vec<Vec<i8>>,
}

/// The fingerprint of what decides a rule's moves and ends on board `b`: its declared move, its
/// sowing rule, its pits (kind, owner, row) and its track, hashed. Options that change none of
/// them (the seeds at the start) give the same fingerprint.
pub fn moves_fingerprint(b: &Board) -> String {
    use sha2::{Digest, Sha256};
    let l = &*b.layout;
    let pits: Vec<_> = l
        .pits
        .iter()
        .map(|p| (p.kind, p.owner, p.row, p.pos))
        .collect();
    let text = format!(
        "{:?}|{:?}|{:?}|{:?}|{:?}|{:?}",
        l.pipeline, l.sow, pits, l.track, l.holes, l.stores
    );
    let d = Sha256::digest(text.as_bytes());
    d.iter().map(|x| format!("{x:02x}")).collect()
}

/// The options of a board's rule as a tablebase records them.
pub fn options_text(b: &Board) -> String {
    b.layout
        .options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

impl Tablebase {
    /// An empty tablebase (no layer) for `rule`, whose games start like `b`; an error naming
    /// why when tablebases do not apply to the rule.
    pub fn empty(rule: &Rule, b: &Board) -> Result<Tablebase> {
        let reading = Reading::of(rule, b);
        if let Some(why) = reading.no_tablebase {
            return Err(Error::msg(why));
        }
        let total = if reading.store_free { 0 } else { b.total() };
        if b.closed.iter().any(|&c| c) {
            return Err(Error::msg(format!(
                "{}: tablebases do not apply: the board has closed holes",
                rule.name
            )));
        }
        let holes = b.layout.holes.clone();
        if holes.len() > 255 {
            return Err(Error::msg(format!(
                "{}: tablebases are for boards of at most 255 holes",
                rule.name
            )));
        }
        Ok(Tablebase {
            rule: rule.name.clone(),
            rule_hash: rule.content_hash.clone(),
            options: options_text(b),
            moves: moves_fingerprint(b),
            index: Index::new(holes.len(), MAX_SEEDS),
            holes,
            total,
            repetition: reading.repetition,
            layers: Vec::new(),
        })
    }

    /// Seeds in play the layers cover (the highest layer; 0 also when there is none).
    pub fn seeds(&self) -> u32 {
        self.layers.len().saturating_sub(1) as u32
    }

    /// Layers held.
    pub fn layers(&self) -> usize {
        self.layers.len()
    }

    /// The bytes of layer `k`: a value per position, or (a layer with open cycles) the lower
    /// bounds then the upper bounds.
    pub fn layer(&self, k: usize) -> &[i8] {
        &self.layers[k]
    }

    /// Positions in layer `k` (both players to move), known before it is built.
    pub fn layer_size(&self, k: usize) -> u64 {
        2 * self.shares(k) * self.index.size(k)
    }

    /// The splits of the held seeds a position of layer `k` may have: `total - k + 1` when the
    /// end reads the captures (the mover holds 0 to `total - k`), else 1.
    pub fn shares(&self, k: usize) -> u64 {
        if self.total > 0 {
            (self.total - k as i64).max(-1) as u64 + 1
        } else {
            1
        }
    }

    /// The seeds of the game the values are for (0: any number).
    pub fn total(&self) -> i64 {
        self.total
    }

    /// Sets `b` (a board with this tablebase's holes, all closed flags off) to position `i` of
    /// layer `k`: the holes, the player to move and, when the end reads the captures, the held
    /// seeds in the reserves (`parts` is scratch space, one per hole).
    pub fn set_position(&self, k: usize, i: u64, b: &mut Board, parts: &mut [usize]) {
        let size = self.index.size(k);
        let (r, rest) = (i % size, i / size);
        let shares = self.shares(k);
        let (share, mover) = (rest % shares, rest / shares + 1);
        self.index.unrank(k, r, parts);
        for (&h, &s) in self.holes.iter().zip(parts.iter()) {
            b.seeds[h] = s as i64;
        }
        b.to_move = mover as usize;
        if self.total > 0 {
            let held = self.total - k as i64;
            b.reserves[mover as usize - 1] = share as i64;
            b.reserves[2 - mover as usize] = held - share as i64;
        }
    }

    /// Holes of the board.
    pub fn holes(&self) -> usize {
        self.holes.len()
    }

    /// The index of the layers.
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// Whether the rule ends a game on a repeated position (then only positions with no moves
    /// since the last capture are probed).
    pub fn repetition(&self) -> bool {
        self.repetition
    }

    /// Adds layer `k` (the next one).
    pub fn push_layer(&mut self, values: Vec<i8>) {
        let n = self.layer_size(self.layers.len());
        debug_assert!(values.len() as u64 == n || values.len() as u64 == 2 * n);
        self.layers.push(values);
    }

    /// Bytes the layers take.
    pub fn bytes(&self) -> u64 {
        self.layers.iter().map(|l| l.len() as u64).sum()
    }

    /// Refuses a tablebase built for another rule, or for options that declare other moves,
    /// than `rule` with board `b`.
    pub fn check_applies(&self, rule: &Rule, b: &Board) -> Result<()> {
        let options = options_text(b);
        if self.total > 0 && b.total() != self.total {
            return Err(Error::msg(format!(
                "the tablebase is for games of {} seeds ({}: its end reads the captures, which depend on every seed of the game), not {} ({options})",
                self.total, self.rule, b.total()
            )));
        }
        if self.rule_hash != rule.content_hash || self.moves != moves_fingerprint(b) {
            return Err(Error::msg(format!(
                "the tablebase is for {} ({}; rule hash {}), not for {} ({options}; rule hash {}): build one with `sowlab tablebase build {} --set ...`",
                self.rule, self.options, short(&self.rule_hash), rule.name, short(&rule.content_hash), rule.name
            )));
        }
        Ok(())
    }

    /// The position's index in its layer, with the layer (`None`: not covered).
    #[inline]
    pub fn locate(&self, b: &Board) -> Option<(usize, usize)> {
        let k: i64 = self.holes.iter().map(|&h| b.seeds[h]).sum();
        let k = usize::try_from(k).ok()?;
        if k >= self.layers.len() || !(1..=2).contains(&b.to_move) {
            return None;
        }
        Some((k, self.index_in_layer(b, k)? as usize))
    }

    /// The index of `b` (with `k` seeds in the holes, either player to move) in layer `k`,
    /// whether or not the layer is held; `None` when it has no place there (held seeds that do
    /// not add up to the total).
    pub fn index_in_layer(&self, b: &Board, k: usize) -> Option<u64> {
        let r = self
            .index
            .rank(self.holes.iter().map(|&h| b.seeds[h] as usize));
        let size = self.index.size(k);
        let mover = b.to_move;
        let share = if self.total > 0 {
            let mine = held(b, mover);
            if mine < 0 || mine + held(b, 3 - mover) + k as i64 != self.total {
                return None;
            }
            mine as u64
        } else {
            0
        };
        Some(((mover as u64 - 1) * self.shares(k) + share) * size + r)
    }

    /// The margin still to be won by the player to move at `b` (not over) under perfect play,
    /// when a layer covers it.
    #[inline]
    pub fn probe(&self, b: &Board) -> Option<i32> {
        let (lo, hi) = self.bounds(b)?;
        (lo == hi).then_some(lo)
    }

    /// Bounds on the margin still to be won by the player to move at `b` (not over), when a
    /// layer covers it: equal where the value is known; apart for a position in an open cycle
    /// of a rule with a repetition end (its value depends on the moves since the last capture).
    #[inline]
    pub fn bounds(&self, b: &Board) -> Option<(i32, i32)> {
        if b.over || (self.repetition && b.seen.hashes.len() > 1) {
            return None;
        }
        let (k, i) = self.locate(b)?;
        let l = &self.layers[k];
        let lo = l[i];
        if lo == UNKNOWN {
            return None;
        }
        let n = self.layer_size(k) as usize;
        let hi = if l.len() > n { l[n + i] } else { lo };
        Some((lo as i32, hi as i32))
    }
}

fn short(h: &str) -> &str {
    &h[..h.len().min(12)]
}
