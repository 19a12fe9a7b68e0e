//! A rule compiled for the hot path: the board's geometry and the declaration played on it (the
//! sowing rule with its next-pit table, the declared move, the option values), built by the rule's
//! setup when it makes a start position for an option set (never per move) and shared by every
//! position of the game behind one `Arc`.

use std::ops::{Deref, DerefMut};

use crate::engine::declare::pipeline::Pipeline;
use crate::engine::declare::sowing::{SowRule, Stores};
use crate::engine::geometry::layout::{Layout, PitKind, NO_PIT};

/// The geometry of a board with the rule declared on it: what a move needs besides the position.
/// It dereferences to its [`Layout`], so `compiled.pits` is the geometry's pits.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The geometry: pits, rows, the track.
    pub layout: Layout,
    /// How `sow` sows.
    pub sow: SowRule,
    /// `sow_next[mover * pits + p]`: the first pit after `p` in the sowing direction that `mover`
    /// (0 to `players`) may sow into when no pit is closed and no origin is skipped; `NO_PIT` for
    /// none. Built by [`Compiled::link_track`] (empty before), so a drop is one lookup
    /// (see [`next_table`]).
    pub sow_next: Vec<usize>,
    /// The same table for sowing the other way (a move whose hole or count reverses it, see
    /// [`SowRule::reverse_holes`]).
    pub sow_back: Vec<usize>,
    /// The game's option values, as the script reads them with `this.opt(name)`.
    pub options: rhai::Map,
    /// The declared move (`this.pipeline(#{...})`), run natively by the core.
    pub pipeline: Option<Box<Pipeline>>,
}

impl Deref for Compiled {
    type Target = Layout;

    #[inline(always)]
    fn deref(&self) -> &Layout {
        &self.layout
    }
}

impl DerefMut for Compiled {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Layout {
        &mut self.layout
    }
}

impl Compiled {
    /// An empty layout with the default sowing and no declared move, for a rule's setup to build.
    pub fn empty() -> Compiled {
        Compiled {
            layout: Layout::empty(),
            sow: SowRule::default(),
            sow_next: Vec::new(),
            sow_back: Vec::new(),
            options: rhai::Map::new(),
            pipeline: None,
        }
    }

    /// A move's label: the geometry's (`3`, `S3`), with the direction where the mover chooses
    /// it (`3ccw`, `3cw`: anticlockwise or clockwise seen from above).
    ///
    /// Move ids: `p` is hole `p`'s move, named with its direction where the hole is one of
    /// `choose_direction`; `p + pits` the same hole sown the other way; `p + 2 * pits` hole
    /// `p`'s move sown this rule's way but named the other way round from `p` (with its
    /// direction at the first move of `direction_by_first_move`, without it in the first
    /// `no_choice_turns`); `3 * pits + i` the rule's named move `i` (`stop`, `left`: see
    /// [`Layout::named_moves`]); then an arrangement's moves ([`Compiled::arrange_pass`]) and
    /// the moves from the mover's store ([`Compiled::store_moves_from`]).
    pub fn label(&self, id: usize) -> String {
        let n = self.pits.len();
        if id >= 3 * n {
            if let Some(k) = self.store_move_count(id) {
                return crate::engine::declare::from_store::label(k);
            }
            if let Some(pass) = self.arrange_pass() {
                if id == pass {
                    return "pass".into();
                }
                if let Some((a, b)) = self.arrange_holes(id) {
                    return format!("{}-{}", self.arrange_end(a), self.arrange_end(b));
                }
            }
            return match self.named_moves.get(id - 3 * n) {
                Some(m) => m.clone(),
                None => format!("#{id}"),
            };
        }
        let (p, other) = self.split_move(id);
        let named = if id >= 2 * n {
            !self.sow.chooses(&self.layout, p)
        } else {
            other || self.sow.chooses(&self.layout, p)
        };
        // (so does one who owns holes round by round, in either row)
        let any_row = self
            .pipeline
            .as_ref()
            .is_some_and(|d| d.moves.any_row || d.moves.from_opponent_row || d.territory.is_some());
        let base = match self.pits[p].row {
            // (a mover who may play from either row names it)
            Some(r) if any_row => format!("{}{}", self.rows[r].name, self.pits[p].pos),
            _ => self.layout.label(p),
        };
        if named {
            let cw = self.sow.reverse != other;
            format!("{base}{}", if cw { "cw" } else { "ccw" })
        } else {
            base
        }
    }

    /// The move a label names for `player`: a hole, or at a hole where the mover chooses the
    /// direction, `3ccw`/`3cw` (the other way is the id `hole + pits`).
    pub fn parse_label(&self, player: usize, label: &str) -> Option<usize> {
        let label = label.trim();
        if let Some(id) = self.layout.named_move(label) {
            return Some(id);
        }
        if let Some(k) = crate::engine::declare::from_store::parse(label) {
            return self.store_moves_from().map(|first| first + k - 1);
        }
        if let Some(pass) = self.arrange_pass() {
            if label.eq_ignore_ascii_case("pass") {
                return Some(pass);
            }
            if let Some((a, b)) = label.split_once('-') {
                // (`store`: the player's own store, an end of a move with `with_store`)
                let end = |x: &str| {
                    if x.trim().eq_ignore_ascii_case("store") {
                        self.stores
                            .iter()
                            .copied()
                            .find(|&s| self.pits[s].owner == player)
                    } else {
                        self.layout.parse_label(player, x)
                    }
                };
                let a = end(a)?;
                let b = end(b)?;
                return Some(pass + 1 + a * self.pits.len() + b);
            }
        }
        let lower = label.to_ascii_lowercase();
        let (label, dir) = if let Some(x) = lower.strip_suffix("ccw") {
            (&label[..x.len()], Some(false))
        } else if let Some(x) = lower.strip_suffix("cw") {
            (&label[..x.len()], Some(true))
        } else {
            (label, None)
        };
        let p = self.layout.parse_label(player, label)?;
        let n = self.pits.len();
        match (self.sow.chooses(&self.layout, p), dir) {
            (false, None) => Some(p),
            (true, Some(cw)) => Some(if cw == self.sow.reverse { p } else { p + n }),
            // (named the other way round: see `label`; legal only where the position says)
            (false, Some(cw))
                if self.sow.direction_by_first_move || self.sow.direction_by_own_turn > 0 =>
            {
                Some(if cw == self.sow.reverse {
                    p + 2 * n
                } else {
                    p + n
                })
            }
            (true, None) if self.sow.no_choice_turns > 0 => Some(p + 2 * n),
            _ => None,
        }
    }

    /// The hole a move id is played from: ids past the pits are the other direction of a hole
    /// where the mover chooses it (`p + pits`).
    #[inline]
    pub fn move_pit(&self, id: usize) -> usize {
        self.split_move(id).0
    }

    /// Whether move id `id` is one of the rule's named moves (not a hole's).
    #[inline]
    pub fn is_named_move(&self, id: usize) -> bool {
        let n = 3 * self.pits.len();
        id >= n && id - n < self.named_moves.len()
    }

    /// A move id as (hole, sown the other way); see [`Compiled::label`].
    #[inline]
    pub fn split_move(&self, id: usize) -> (usize, bool) {
        let n = self.pits.len();
        if id < n {
            (id, false)
        } else if id < 2 * n {
            (id - n, true)
        } else if id < 3 * n {
            (id - 2 * n, false)
        } else {
            (self.past_named(id), false)
        }
    }

    /// The hole an id past the holes' three blocks is played from: an arrangement's move of a
    /// counter, the hole it leaves; else the id itself (a named move, a pass). Out of line, so
    /// that `split_move` stays small on the hot path.
    #[cold]
    #[inline(never)]
    fn past_named(&self, id: usize) -> usize {
        self.arrange_holes(id).map_or(id, |(a, _)| a)
    }

    /// With an arrangement before play declared (`arrange:`), the id of its pass, written
    /// `pass`; the move of one counter from hole `a` to hole `b`, written with both holes'
    /// labels (`SO3-SI5`, `3-5`), is `pass + 1 + a * pits + b`.
    #[inline]
    pub fn arrange_pass(&self) -> Option<usize> {
        self.pipeline
            .as_ref()
            .filter(|p| p.arrange.is_some())
            .map(|_| 3 * self.pits.len() + self.named_moves.len())
    }

    /// With `moves.sow_from_store`, the id of the move sowing one seed from the mover's store
    /// (the move sowing `k` seeds is this id `+ k - 1`): after the named moves and the
    /// arrangement's moves.
    pub fn store_moves_from(&self) -> Option<usize> {
        let p = self.pipeline.as_ref().filter(|p| p.moves.sow_from_store)?;
        let n = self.pits.len();
        let after_named = 3 * n + self.named_moves.len();
        Some(if p.arrange.is_some() {
            after_named + 1 + n * n
        } else {
            after_named
        })
    }

    /// The seeds a move from the mover's store sows (`store:4`: 4), if `id` is one.
    pub fn store_move_count(&self, id: usize) -> Option<usize> {
        id.checked_sub(self.store_moves_from()?).map(|k| k + 1)
    }

    /// An end of an arrangement's move written in its label: a hole's label, or `store` (the
    /// mover's own store).
    fn arrange_end(&self, q: usize) -> String {
        if self.pits[q].kind == PitKind::Store {
            "store".into()
        } else {
            self.layout.label(q)
        }
    }

    /// The holes (from, to) of an arrangement's move id, if `id` is one.
    pub fn arrange_holes(&self, id: usize) -> Option<(usize, usize)> {
        let pass = self.arrange_pass()?;
        let n = self.pits.len();
        let k = id.checked_sub(pass + 1)?;
        (k < n * n).then_some((k / n, k % n))
    }

    /// Recomputes the track's `next`/`prev` links, and the sowing table `sow_next` from them and
    /// the sowing rule.
    pub fn link_track(&mut self) {
        self.layout.link_track();
        self.sow_next = next_table(self, false);
        let relay_reverses = self.sow.steps.as_ref().is_some_and(|s| s.relay_reverses);
        self.sow_back = if self.sow.reverses() || relay_reverses {
            next_table(self, true)
        } else {
            Vec::new()
        };
    }
}

/// Whether sowing by `mover` may drop a seed into `q` when it is open and not a skipped origin:
/// a hole, or a store the rule sows into.
#[inline]
pub fn accepts_open(l: &Compiled, q: usize, mover: usize) -> bool {
    match l.pits[q].kind {
        PitKind::Hole => true,
        PitKind::Store => match l.sow.stores {
            Stores::All => true,
            Stores::Own => l.pits[q].owner == mover,
            Stores::None => false,
        },
    }
}

/// The sowing table of a layout whose track is linked (see [`Compiled::sow_next`]): for every mover
/// `0..=players` and pit `p`, the first pit after `p` in the sowing direction that the mover may
/// sow into, ignoring closed pits and the skipped origin (which the sowing loops then step over).
/// One walk round each circuit of the track per mover.
pub fn next_table(l: &Compiled, flip: bool) -> Vec<usize> {
    let n = l.pits.len();
    let k = l.track.len();
    let mut t = vec![NO_PIT; (l.players + 1) * n];
    if k == 0 || l.next.len() != n || l.prev.len() != n {
        return t;
    }
    let links = if l.sow.reverse != flip {
        &l.prev
    } else {
        &l.next
    };
    for run in l.circuit_runs() {
        // The circuit in sowing order (the links form one cycle through its pits).
        let k = run.len();
        let mut seq = Vec::with_capacity(k);
        let mut q = run[0];
        for _ in 0..k {
            seq.push(q);
            q = links[q];
        }
        for (mover, row) in t.chunks_mut(n).enumerate() {
            // Backwards over two rounds: `cur` is the first accepting pit after position `i`.
            let mut cur = NO_PIT;
            for i in (0..2 * k).rev() {
                let p = seq[i % k];
                if i < k {
                    row[p] = cur;
                }
                if accepts_open(l, p, mover) {
                    cur = p;
                }
            }
        }
    }
    t
}
