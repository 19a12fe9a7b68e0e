//! Tablebases: the value of every position with few seeds in play, by retrograde analysis, for
//! rules in which seeds once out of play (stores, reserves) never come back (see
//! [`crate::search::twoplayer::reading::Reading::no_tablebase`] for the rules that do not
//! qualify, and why).
//!
//! Layer `k` holds every position with `k` seeds in the holes and either player to move, numbered
//! by a perfect index ([`index`]); its value, one byte, is the best margin still to be won from
//! there by the player to move (his future captures minus his opponent's), whatever the stores
//! hold. Layers are built from `k = 0` up ([`build`]): a move either takes seeds out of play (a
//! lower layer, already built) or keeps them all in (the same layer, solved first, depth first;
//! a rule whose moves could cycle within a layer is refused). Layers are written to files with a
//! header ([`file`]) and probed by the exact search. Rules whose ends read the captures and whose
//! moves can cycle (Oware) have positions that carry the captured split, built by retrograde
//! analysis ([`captures`]).

mod blank;
pub mod build;
pub mod captures;
mod checked;
pub mod classes;
pub mod file;
mod fingerprint;
mod half;
pub mod index;
mod mirror;
pub mod packing;
mod position;
pub mod rounds;
pub mod splits;
mod verify;

use crate::search::twoplayer::reading::Reading;
use crate::{Board, Error, Result, Rule};
use checked::LayerCheck;
pub use fingerprint::moves_fingerprint;
use index::Index;
use splits::Captures;

/// The progress of a layer being built (shared by the builds of [`build`] and [`captures`]).
#[derive(Default)]
pub struct LayerProgress {
    /// Positions valued (counted by chunks).
    pub done: std::sync::atomic::AtomicU64,
    /// Set to stop the workers (the layer is then dropped).
    pub stop: std::sync::atomic::AtomicBool,
}

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
    index: Index,
    /// Positions carry the captured split (a rule whose ends read the captures: [`captures`]).
    pub captures: Option<Captures>,
    /// `layers[k]`: values of the positions with `k` seeds, player 1 to move then player 2;
    /// player 1's half only when `half[k]` ([`half`]).
    layers: Vec<Vec<i8>>,
    /// `half[k]`: layer `k` holds player 1's half, player 2's being its mirror image.
    half: Vec<bool>,
    /// A board of the rule with nothing on it: what a position is written onto when its value
    /// is checked against its moves ([`verify`]).
    template: Board,
    /// `checks[k]`: for a layer read from a file, its path and the positions whose value was
    /// checked against their moves; `None` for a layer built here.
    checks: Vec<Option<std::sync::Arc<LayerCheck>>>,
    /// The first value found wrong by a lookup that cannot fail ([`Tablebase::probe_noting`]).
    failure: std::sync::Arc<std::sync::OnceLock<String>>,
    /// Whether layers are built for player 1 to move only ([`Tablebase::one_side`]), once
    /// decided.
    one_side: std::sync::Arc<std::sync::OnceLock<bool>>,
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
        let captures = match Reading::of(rule, b).no_tablebase {
            None => None,
            Some(why) => Some(splits::applies(rule, b, why)?),
        };
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
        let mut moves = moves_fingerprint(b);
        if let Some(c) = captures {
            // The majority threshold reads the game's seeds: another total, other values.
            moves.push_str(&format!("+captures{}", c.total));
        }
        Ok(Tablebase {
            rule: rule.name.clone(),
            rule_hash: rule.content_hash.clone(),
            options: options_text(b),
            moves,
            captures,
            index: Index::new(holes.len(), MAX_SEEDS),
            holes,
            layers: Vec::new(),
            half: Vec::new(),
            template: blank::blank(b),
            checks: Vec::new(),
            failure: Default::default(),
            one_side: Default::default(),
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

    /// Positions in layer `k` (both players to move), known before it is built (saturating:
    /// see [`Tablebase::checked_layer_size`]).
    pub fn layer_size(&self, k: usize) -> u64 {
        self.checked_layer_size(k).unwrap_or(u64::MAX)
    }

    /// Positions in layer `k`, `None` when they do not fit a `u64` (or `k` is past
    /// [`MAX_SEEDS`]).
    pub fn checked_layer_size(&self, k: usize) -> Option<u64> {
        if k > MAX_SEEDS {
            return None;
        }
        let splits = self.captures.map_or(1, |c| c.splits(k).1);
        let n = self.index.size(k);
        // The index saturates its binomials: `u64::MAX` is "too many".
        if n == u64::MAX {
            return None;
        }
        n.checked_mul(2)?.checked_mul(splits)
    }

    /// Asks `budget` for layers `0..=k` (a byte a position), the memory that a build of layer
    /// `k` or a reader of them holds: their size, or the one-line error that says what they
    /// take and the budget (a size that does not fit a `u64` included). `half`: the layers are
    /// held as player 1's half ([`Tablebase::one_side`]), half the bytes.
    pub fn ask_layers(&self, budget: crate::Budget, k: usize, half: bool) -> Result<u64> {
        let need = crate::Budget::sum((0..=k.min(MAX_SEEDS + 1)).map(|j| {
            self.checked_layer_size(j)
                .map(|n| if half { n / 2 } else { n })
        }));
        budget.ask(
            &format!("tablebase build: layers 0 to {k} of {} holes", self.holes()),
            need,
        )
    }

    /// Holes of the board.
    pub fn holes(&self) -> usize {
        self.holes.len()
    }

    /// The index of the layers.
    pub fn index(&self) -> &Index {
        &self.index
    }

    /// Adds layer `k` (the next one): its values, or player 1's half of them when player 2's
    /// half is its mirror image (a file's `mirrored` layer, [`packing::decode_kept`]).
    pub fn push_layer(&mut self, values: Vec<i8>) {
        let size = self.layer_size(self.layers.len());
        let half = values.len() as u64 != size;
        debug_assert!(!half || (self.captures.is_none() && 2 * values.len() as u64 == size));
        self.layers.push(values);
        self.half.push(half);
        self.checks.push(None);
    }

    /// Adds layer `k` (the next one), read from the file `path` (as [`Tablebase::push_layer`]):
    /// each of its values is checked against its position's moves the first time a lookup uses
    /// it ([`verify`]).
    pub fn push_read_layer(&mut self, values: Vec<i8>, path: &std::path::Path) {
        let size = self.layer_size(self.layers.len());
        let check = LayerCheck::new(path, size as usize);
        self.push_layer(values);
        if let Some(c) = self.checks.last_mut() {
            *c = Some(std::sync::Arc::new(check));
        }
    }

    /// Keeps layers `0..k` only (a reader that holds more than the layer it builds next).
    pub fn truncate(&mut self, k: usize) {
        self.layers.truncate(k);
        self.half.truncate(k);
        self.checks.truncate(k);
    }

    /// Bytes the layers take (with a bit a position for the layers read from files: which
    /// values were checked).
    pub fn bytes(&self) -> u64 {
        let bits: u64 = self.checks.iter().flatten().map(|c| c.bytes()).sum();
        self.layers.iter().map(|l| l.len() as u64).sum::<u64>() + bits
    }

    /// Refuses a tablebase built for another rule, or for options that declare other moves,
    /// than `rule` with board `b`.
    pub fn check_applies(&self, rule: &Rule, b: &Board) -> Result<()> {
        let options = options_text(b);
        let mut moves = moves_fingerprint(b);
        if let Some(c) = self.captures {
            moves.push_str(&format!("+captures{}", c.total));
        }
        if self.rule_hash != rule.content_hash
            || self.moves != moves
            || self.captures.is_some_and(|c| c.total != b.total())
        {
            return Err(Error::msg(format!(
                "the tablebase is for {} ({}; rule hash {}), not for {} ({options}; rule hash {}): build one with `sowlab tablebase build {} --set ...`",
                self.rule, self.options, short(&self.rule_hash), rule.name, short(&rule.content_hash), rule.name
            )));
        }
        Ok(())
    }

    /// Checks every value of layer `k` (`values`, as read from a file) against the range its
    /// position allows: the margin still to be won by the player to move lies within the seeds
    /// in play, `-k..=k` (a layer read whole holds no unknown value). The first value outside
    /// it, as a one-line error naming the position (its index, player to move, holes and, for a
    /// captures tablebase, the captured split).
    pub fn check_values(&self, k: usize, values: &[i8]) -> std::result::Result<(), String> {
        let bound = k.min(127) as i32;
        let Some(i) = values
            .iter()
            .position(|&v| v == UNKNOWN || (v as i32).abs() > bound)
        else {
            return Ok(());
        };
        let v = values[i];
        let what = if v == UNKNOWN {
            "no value".to_string()
        } else {
            format!("the value {v}")
        };
        Err(format!(
            "{} holds {what}, but a position with {k} seeds in play is worth -{k} to {k} (a forged or damaged file)",
            self.describe(k, i)
        ))
    }

    /// Position `i` of layer `k` in words: its index, the player to move, the seeds of each
    /// hole and, for a captures tablebase, the captures of each player.
    pub fn describe(&self, k: usize, i: usize) -> String {
        let size = self.index.size(k).max(1) as usize;
        let (split, rest) = (i / (2 * size), i % (2 * size));
        let (mover, r) = (rest / size + 1, rest % size);
        let mut parts = vec![0usize; self.holes.len()];
        if k <= MAX_SEEDS {
            self.index.unrank(k, r as u64, &mut parts);
        }
        let holes: Vec<String> = parts.iter().map(|s| s.to_string()).collect();
        let mut out = format!(
            "position {i} of layer {k} (player {mover} to move, holes {})",
            holes.join(" ")
        );
        if let Some(c) = self.captures {
            let a = c.splits(k).0 + split as i64;
            out.push_str(&format!(", captures {a} and {}", c.total - k as i64 - a));
        }
        out
    }

    /// The position's index in its layer, with the layer (`None`: not covered).
    #[inline]
    pub fn locate(&self, b: &Board) -> Option<(usize, usize)> {
        let k = self.in_holes(b)?;
        // (no rank for a position above the layers: most of a search's)
        if k >= self.layers.len() {
            return None;
        }
        self.index_in(b, k).map(|i| (k, i))
    }

    /// The position's layer and index in it, built or not (`None`: no layer holds it).
    #[inline]
    pub fn index_of(&self, b: &Board) -> Option<(usize, usize)> {
        let k = self.in_holes(b)?;
        self.index_in(b, k).map(|i| (k, i))
    }

    /// The seeds in `b`'s holes, when a layer may hold it (`None`: too many, or no player to
    /// move).
    #[inline]
    fn in_holes(&self, b: &Board) -> Option<usize> {
        let k: i64 = self.holes.iter().map(|&h| b.seeds[h]).sum();
        let k = usize::try_from(k).ok()?;
        (k <= MAX_SEEDS && (1..=2).contains(&b.to_move)).then_some(k)
    }

    /// The index of `b` in layer `k` (its seeds in the holes).
    #[inline]
    fn index_in(&self, b: &Board, k: usize) -> Option<usize> {
        let r = self
            .index
            .rank(self.holes.iter().map(|&h| b.seeds[h] as usize)) as usize;
        let size = self.index.size(k) as usize;
        let split = match self.captures {
            None => 0,
            Some(c) => c.split_of(b, k)? as usize,
        };
        Some((2 * split + b.to_move - 1) * size + r)
    }

    /// The margin still to be won by the player to move at `b` (not over) under perfect play,
    /// when a layer covers it (`rule`: the tablebase's, which plays the moves that check a value
    /// read from a file). An error naming the file and the position when the value is not
    /// what its moves give.
    #[inline]
    pub fn probe(&self, rule: &Rule, b: &Board) -> Result<Option<i32>> {
        // A captures tablebase values positions with no history: one reached by other
        // positions since the last capture may end sooner, on a repetition.
        if self.captures.is_some() && b.seen.hashes.len() > 1 {
            return Ok(None);
        }
        self.value_of(rule, b)
    }

    /// The value the layers hold for `b` (not over), whatever its history: for a captures
    /// tablebase, the value of the game that starts at `b` (see [`Tablebase::probe`]); checked
    /// against its moves as [`Tablebase::probe`] does.
    #[inline]
    pub fn value_of(&self, rule: &Rule, b: &Board) -> Result<Option<i32>> {
        let Some((k, i, v)) = self.stored_at(b) else {
            return Ok(None);
        };
        self.verify(rule, k, i)?;
        Ok(Some(v as i32))
    }

    /// [`Tablebase::probe`] for a search that goes on without the value: a wrong value is not
    /// used (`None`) and its error is kept for [`Tablebase::failure`].
    #[inline]
    pub fn probe_noting(&self, rule: &Rule, b: &Board) -> Option<i32> {
        match self.probe(rule, b) {
            Ok(v) => v,
            Err(e) => {
                let _ = self.failure.set(e.to_string());
                None
            }
        }
    }

    /// The first wrong value [`Tablebase::probe_noting`] met, as its error.
    pub fn failure(&self) -> Option<Error> {
        self.failure.get().map(|e| Error::msg(e.clone()))
    }

    /// Where the layers hold a value for `b` (not over): its layer, index and value, unchecked
    /// (the index `usize::MAX` for a value no check reads: player 2 on a half layer built here).
    #[inline]
    fn stored_at(&self, b: &Board) -> Option<(usize, usize, i8)> {
        let s = self.spot_any(b)?;
        let v = self.layers[s.k][s.at];
        (v != UNKNOWN).then_some((s.k, s.i, v))
    }

    /// Where the value of `b` (not over, no history a captures tablebase cannot read: see
    /// [`Tablebase::probe`]) lies, when a layer covers it: what [`Tablebase::prefetch`] and
    /// [`Tablebase::probe_spot`] take, so that a search asks for the values of all of a
    /// node's children before it reads the first one.
    #[inline]
    pub fn spot(&self, b: &Board) -> Option<Spot> {
        if self.captures.is_some() && b.seen.hashes.len() > 1 {
            return None;
        }
        self.spot_any(b)
    }

    /// [`Tablebase::spot`] whatever the history of `b` (see [`Tablebase::value_of`]).
    #[inline]
    fn spot_any(&self, b: &Board) -> Option<Spot> {
        if b.over {
            return None;
        }
        let k = self.in_holes(b)?;
        if k >= self.layers.len() {
            return None;
        }
        let half = b.to_move == 2 && self.is_half(k);
        if half && self.checks[k].is_none() {
            // Player 2 on a half layer built here (no check to key by the position's own
            // index): one rank, of the mirror image.
            let at = self.mirror_rank(b);
            return Some(Spot {
                k,
                i: usize::MAX,
                at,
            });
        }
        let i = self.index_in(b, k)?;
        let at = if half { self.mirror_rank(b) } else { i };
        Some(Spot { k, i, at })
    }

    /// Asks the memory for the value at `s` (and the bit that says whether it was checked)
    /// ahead of [`Tablebase::probe_spot`].
    #[inline]
    pub fn prefetch(&self, s: &Spot) {
        crate::search::memory::prefetch(&self.layers[s.k][s.at]);
        if let (Some(Some(c)), true) = (self.checks.get(s.k), s.i != usize::MAX) {
            c.prefetch(s.i);
        }
    }

    /// [`Tablebase::probe_noting`] of the position at `s` ([`Tablebase::spot`]).
    #[inline]
    pub fn probe_spot(&self, rule: &Rule, s: &Spot) -> Option<i32> {
        let v = self.layers[s.k][s.at];
        if v == UNKNOWN {
            return None;
        }
        if s.i != usize::MAX {
            if let Err(e) = self.verify(rule, s.k, s.i) {
                let _ = self.failure.set(e.to_string());
                return None;
            }
        }
        Some(v as i32)
    }

    /// The value the layers hold for `b` (not over), unchecked: what a check reads of the
    /// positions one move away.
    #[inline]
    pub(super) fn stored(&self, b: &Board) -> Option<i32> {
        self.stored_at(b).map(|(_, _, v)| v as i32)
    }
}

/// Where a position's value lies in the layers ([`Tablebase::spot`]).
#[derive(Clone, Copy, Debug)]
pub struct Spot {
    /// The layer.
    k: usize,
    /// The position's index in it (what its check is keyed by; `usize::MAX`: no check).
    i: usize,
    /// The index of the value read (the mirror image's for player 2 on a half layer).
    at: usize,
}

pub(super) fn short(h: &str) -> &str {
    &h[..h.len().min(12)]
}
