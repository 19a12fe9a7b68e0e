//! Sowing, natively: a whole move of laps with relay, skip rules and captures by count, configured
//! once by the rule script (`this.sowing(#{...})`) and run in one call (`this.sow(pit)`).

use crate::engine::board::{emit_into, Board, Layout, PitKind, SowEnd, NO_PIT};
use crate::engine::trace::Event;

/// Which stores receive seeds when sowing passes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stores {
    /// Every store on the track is sown into.
    All,
    /// Only the sower's own stores; others are skipped.
    Own,
    /// Stores are skipped.
    None,
}

/// What happens when a lap ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relay {
    /// The move ends.
    None,
    /// If the last seed fell into a hole that was occupied, take all its seeds and sow on from the
    /// next pit (Tchuka Ruma).
    Last,
    /// Look at the next pit: if it holds seeds, take them all and sow on from the pit after it;
    /// if it is empty the move ends (the Indian style, Raja Pasu).
    Next,
}

/// Who gets seeds captured by count during sowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureTo {
    /// The owner of the row the hole is on.
    RowOwner,
    /// The player sowing.
    Sower,
}

/// What to do when a move is still relaying after `max_laps` laps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtMaxLaps {
    /// Stop at the end of that lap; `this.stopped` is true and the script decides what follows.
    Stop,
    /// Fail the move with an "endless sowing" error.
    Error,
    /// Stop, as `Stop`, but the seeds the next lap would have taken up leave the game
    /// (discarded): MancalaGames' reading of an endless relay.
    DropHand,
}

/// Whose holes a [`HoleTest`] looks at, for the player sowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Whose {
    /// The mover's own holes.
    Own,
    /// The other players' holes.
    Opponent,
    /// Any hole.
    #[default]
    Any,
}

/// A test of one hole after a drop: on whose side it is and how many seeds it holds.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct HoleTest {
    /// The counts that pass (empty: any count of at least one seed).
    pub counts: Vec<i64>,
    /// Only even counts.
    pub even: bool,
    /// Only counts of at least this (0: no bound).
    pub at_least: i64,
    /// Only counts of at most this (0: no bound).
    pub at_most: i64,
    /// Whose holes pass.
    pub side: Whose,
}

impl HoleTest {
    /// Whether hole `q` (holding `n` seeds) passes for `mover`.
    #[inline]
    pub fn holds(&self, l: &Layout, q: usize, n: i64, mover: usize) -> bool {
        let owner = l.pits[q].owner;
        let side = match self.side {
            Whose::Own => owner == mover,
            Whose::Opponent => owner != mover && owner != 0,
            Whose::Any => true,
        };
        l.pits[q].kind == PitKind::Hole
            && side
            && n > 0
            && (self.counts.is_empty() || self.counts.contains(&n))
            && (!self.even || n % 2 == 0)
            && (self.at_least <= 0 || n >= self.at_least)
            && (self.at_most <= 0 || n <= self.at_most)
    }

    /// The test in words.
    pub fn describe(&self) -> String {
        let mut s = if self.counts.is_empty() {
            "any count".to_string()
        } else {
            let v: Vec<String> = self.counts.iter().map(|n| n.to_string()).collect();
            v.join(" or ")
        };
        if self.even {
            s.push_str(" (even)");
        }
        if self.at_least > 0 {
            s.push_str(&format!(" (at least {})", self.at_least));
        }
        if self.at_most > 0 {
            s.push_str(&format!(" (at most {})", self.at_most));
        }
        s.push_str(match self.side {
            Whose::Own => " in a hole of the sower's",
            Whose::Opponent => " in an opponent's hole",
            Whose::Any => " in any hole",
        });
        s
    }
}

/// How `sow` sows: set by the rule script, fixed for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SowRule {
    /// Sow along the track backwards (clockwise, for an anticlockwise track).
    pub reverse: bool,
    /// Which stores are sown into.
    pub stores: Stores,
    /// Skip the pit a lap started from when the sowing comes round to it.
    pub skip_origin: bool,
    /// What happens at the end of a lap.
    pub relay: Relay,
    /// A lap whose last hole passes this test does not relay (the move ends there, e.g. to
    /// capture it).
    pub relay_stop: Option<HoleTest>,
    /// Counts that are captured as soon as a drop makes them (e.g. `[4]`); empty for none.
    pub capture_counts: Vec<i64>,
    /// Who gets those captures.
    pub capture_to: CaptureTo,
    /// Whether the last seed of a lap can make a capture by count.
    pub capture_last: bool,
    /// When the move ends because the pit after the last one is empty, the sower captures the
    /// pit beyond that empty one (the Indian "capture beyond an empty hole"). Not after a move
    /// stopped at the lap limit.
    pub capture_beyond_empty: bool,
    /// Holes (numbered from each owner's left, 1-based) whose moves are sown the other way.
    pub reverse_holes: Vec<i64>,
    /// A move from a hole holding an even count is sown the other way.
    pub reverse_when_even: bool,
    /// Holes (numbered from each owner's left, 1-based) where the mover chooses the direction:
    /// each gives two moves, `3ccw` and `3cw` (move ids `p` and `p + pits`, see
    /// [`crate::engine::board::Layout::move_pit`]).
    pub choose_direction: Vec<i64>,
    /// Lap limit for one move.
    pub max_laps: i64,
    /// What happens at the lap limit.
    pub at_max_laps: AtMaxLaps,
}

impl Default for SowRule {
    fn default() -> Self {
        SowRule {
            reverse: false,
            stores: Stores::All,
            skip_origin: false,
            relay: Relay::None,
            relay_stop: None,
            capture_counts: Vec::new(),
            capture_to: CaptureTo::RowOwner,
            capture_last: true,
            capture_beyond_empty: false,
            reverse_holes: Vec::new(),
            reverse_when_even: false,
            choose_direction: Vec::new(),
            max_laps: 10_000,
            at_max_laps: AtMaxLaps::Error,
        }
    }
}

impl SowRule {
    /// Whether some moves are sown the other way.
    pub fn reverses(&self) -> bool {
        !self.reverse_holes.is_empty()
            || self.reverse_when_even
            || !self.choose_direction.is_empty()
    }

    /// Whether hole `p` is one where the mover chooses the direction.
    #[inline]
    pub fn chooses(&self, l: &Layout, p: usize) -> bool {
        !self.choose_direction.is_empty()
            && l.pits[p].row.is_some()
            && self.choose_direction.contains(&(l.pits[p].pos as i64))
    }

    /// Whether the move from `from` (holding `n` seeds) is sown the other way.
    #[inline]
    pub fn flips(&self, l: &Layout, from: usize, n: i64) -> bool {
        // (a hole where the mover chooses is sown as he says, by its move id)
        !self.chooses(l, from)
            && ((self.reverse_when_even && n % 2 == 0)
                || (!self.reverse_holes.is_empty()
                    && l.pits[from].row.is_some()
                    && self.reverse_holes.contains(&(l.pits[from].pos as i64))))
    }

    /// The rule in words (for `sowlab rules NAME`).
    pub fn describe(&self) -> String {
        let mut s = format!(
            "{}; stores: {}",
            if self.reverse {
                "backwards along the track"
            } else {
                "along the track"
            },
            match self.stores {
                Stores::All => "all sown into",
                Stores::Own => "only the sower's own",
                Stores::None => "skipped",
            }
        );
        if self.skip_origin {
            s.push_str("; the start hole is skipped");
        }
        if !self.reverse_holes.is_empty() {
            let v: Vec<String> = self.reverse_holes.iter().map(|n| n.to_string()).collect();
            s.push_str(&format!(
                "; moves from holes {} (from each owner's left) are sown the other way",
                v.join(", ")
            ));
        }
        if self.reverse_when_even {
            s.push_str("; a move from a hole holding an even count is sown the other way");
        }
        if !self.choose_direction.is_empty() {
            let v: Vec<String> = self
                .choose_direction
                .iter()
                .map(|n| n.to_string())
                .collect();
            s.push_str(&format!(
                "; from holes {} the mover chooses the direction (`3ccw`, `3cw`)",
                v.join(", ")
            ));
        }
        s.push_str(match self.relay {
            Relay::None => "; one lap",
            Relay::Last => "; a lap ending in an occupied hole relays from it",
            Relay::Next => "; a lap relays from the next pit when it holds seeds",
        });
        if let Some(t) = &self.relay_stop {
            s.push_str(&format!(
                "; a lap ending with {} does not relay",
                t.describe()
            ));
        }
        if !self.capture_counts.is_empty() {
            let c: Vec<String> = self.capture_counts.iter().map(|n| n.to_string()).collect();
            s.push_str(&format!(
                "; a drop making {} is captured by the {}{}",
                c.join(" or "),
                match self.capture_to {
                    CaptureTo::RowOwner => "row's owner",
                    CaptureTo::Sower => "sower",
                },
                if self.capture_last {
                    ""
                } else {
                    " (not by the last seed)"
                }
            ));
        }
        if self.capture_beyond_empty {
            s.push_str("; when the pit after the last is empty, the sower takes the pit beyond it");
        }
        s.push_str(&format!(
            "; at most {} laps ({})",
            self.max_laps,
            match self.at_max_laps {
                AtMaxLaps::Stop => "then the move stops",
                AtMaxLaps::Error => "then the move fails",
                AtMaxLaps::DropHand => "then the move stops, the next lap's seeds out of the game",
            }
        ));
        s
    }
}

/// Most seeds one move may drop before it is stopped as endless.
pub const MAX_DROPS: i64 = 50_000_000;

/// Whether sowing by `mover` may drop a seed into `q` when it is open and not a skipped origin:
/// a hole, or a store the rule sows into.
#[inline]
fn accepts_open(l: &Layout, q: usize, mover: usize) -> bool {
    match l.pits[q].kind {
        PitKind::Hole => true,
        PitKind::Store => match l.sow.stores {
            Stores::All => true,
            Stores::Own => l.pits[q].owner == mover,
            Stores::None => false,
        },
    }
}

/// Whether sowing may drop a seed into `q` (a lap started at `origin`, sown by `mover`).
#[inline]
fn accepts(l: &Layout, closed: &[bool], q: usize, origin: usize, mover: usize) -> bool {
    !(closed[q] || (q == origin && l.sow.skip_origin)) && accepts_open(l, q, mover)
}

/// The sowing table of a layout whose track is linked (see [`Layout::sow_next`]): for every mover
/// `0..=players` and pit `p`, the first pit after `p` in the sowing direction that the mover may
/// sow into, ignoring closed pits and the skipped origin (which [`next_target`] then steps over).
/// One walk round the track per mover.
pub fn next_table(l: &Layout, flip: bool) -> Vec<usize> {
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
    // The track in sowing order (the links form one cycle through the track's pits).
    let mut seq = Vec::with_capacity(k);
    let mut q = l.track[0];
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
    t
}

/// The mover's row of the sowing table for a move sown the other way (`flip`) or not.
#[inline]
pub(crate) fn table_dir(l: &Layout, mover: usize, flip: bool) -> Option<&[usize]> {
    if !flip {
        return table_of(l, mover);
    }
    let n = l.pits.len();
    if mover <= l.players && l.sow_back.len() == (l.players + 1) * n {
        Some(&l.sow_back[mover * n..(mover + 1) * n])
    } else {
        None
    }
}

/// The mover's row of the layout's sowing table, when the table is built and covers `mover`.
#[inline]
pub(crate) fn table_of(l: &Layout, mover: usize) -> Option<&[usize]> {
    let n = l.pits.len();
    if mover <= l.players && l.sow_next.len() == (l.players + 1) * n {
        Some(&l.sow_next[mover * n..(mover + 1) * n])
    } else {
        None
    }
}

/// [`next_target`] on the board's closed flags alone, with the mover's row of the sowing table
/// when there is one (one lookup per open pit; closed pits and the skipped origin are stepped over).
#[inline(always)]
pub(crate) fn next_in(
    l: &Layout,
    table: Option<&[usize]>,
    closed: &[bool],
    p: usize,
    origin: usize,
    mover: usize,
) -> Option<usize> {
    let mut q = p;
    match table {
        Some(t) => {
            // Each lookup moves at least one pit along the track: after `track.len()` lookups
            // every pit was seen, as in the walk below.
            for _ in 0..l.track.len() {
                q = t[q];
                if q == NO_PIT {
                    return None;
                }
                if !(closed[q] || (q == origin && l.sow.skip_origin)) {
                    return Some(q);
                }
            }
            None
        }
        None => {
            let links = if l.sow.reverse { &l.prev } else { &l.next };
            for _ in 0..l.track.len() {
                q = links[q];
                if q == NO_PIT {
                    return None;
                }
                if accepts(l, closed, q, origin, mover) {
                    return Some(q);
                }
            }
            None
        }
    }
}

/// The next pit after `p` that sowing may drop into, or `None` when there is none.
#[inline]
pub fn next_target(l: &Layout, b: &Board, p: usize, origin: usize, mover: usize) -> Option<usize> {
    next_in(l, table_of(l, mover), &b.closed, p, origin, mover)
}

/// Puts `n` seeds in `player`'s store if he has one, else in his reserve.
#[inline]
pub(crate) fn give_into(
    l: &Layout,
    seeds: &mut [i64],
    reserves: &mut [i64],
    player: usize,
    n: i64,
) {
    match l.store_of(player) {
        Some(s) => seeds[s] += n,
        None => reserves[player - 1] += n,
    }
}

/// Gives `seeds` to `player`: into his store if he has one, else into his reserve.
pub fn give(b: &mut Board, player: usize, seeds: i64) {
    let Board {
        layout,
        seeds: pits,
        reserves,
        ..
    } = b;
    give_into(layout, pits, reserves, player, seeds);
}

/// [`capture`] on the board's fields (for the sowing loop, which holds them borrowed).
#[inline]
pub(crate) fn take_into(
    l: &Layout,
    seeds: &mut [i64],
    reserves: &mut [i64],
    trace: &mut Option<Vec<Event>>,
    pit: usize,
    player: usize,
    why: &str,
) -> i64 {
    let n = seeds[pit];
    if n == 0 {
        return 0;
    }
    seeds[pit] = 0;
    give_into(l, seeds, reserves, player, n);
    emit_into(trace, || Event::Capture {
        pit,
        seeds: n,
        player,
        why: why.to_string(),
    });
    n
}

/// Takes every seed of `pit` to `player` (store or reserve), with a trace event saying why.
pub fn capture(b: &mut Board, pit: usize, player: usize, why: &str) -> i64 {
    let Board {
        layout,
        seeds,
        reserves,
        trace,
        ..
    } = b;
    take_into(layout, seeds, reserves, trace, pit, player, why)
}

/// The counts a drop captures, as a test: a bit mask for counts 0-63 and the list for the rest.
pub(crate) struct Counts<'a> {
    mask: u64,
    others: &'a [i64],
}

impl<'a> Counts<'a> {
    pub(crate) fn new(counts: &'a [i64]) -> Counts<'a> {
        let small = |c: &i64| (0..64).contains(c);
        Counts {
            mask: counts
                .iter()
                .filter(|c| small(c))
                .fold(0, |m, &c| m | 1 << c),
            others: if counts.iter().all(small) {
                &[]
            } else {
                counts
            },
        }
    }

    #[inline]
    pub(crate) fn hit(&self, n: i64) -> bool {
        if (0..64).contains(&n) {
            self.mask >> n & 1 != 0
        } else {
            !self.others.is_empty() && self.others.contains(&n)
        }
    }
}

/// Sows the seeds of `from` by the layout's rule: laps, relay, captures by count. Returns where it
/// ended; the same facts are kept in `b.last`. An error message when the move cannot be sown.
pub fn sow(b: &mut Board, from: usize) -> Result<SowEnd, String> {
    if crate::engine::quiet_sow::applies(b, from) {
        return crate::engine::quiet_sow::sow(b, from);
    }
    // A move id past the pits is the other direction of a hole where the mover chooses it.
    let (from, other) = if from >= b.layout.pits.len() && from < 2 * b.layout.pits.len() {
        (from - b.layout.pits.len(), true)
    } else {
        (from, false)
    };
    let mover = b.to_move;
    // The board's fields, borrowed apart: the loop below indexes plain slices.
    let Board {
        layout,
        seeds,
        closed,
        reserves,
        trace,
        last,
        discarded,
        ..
    } = b;
    let l: &Layout = layout;
    let seeds: &mut [i64] = seeds;
    let closed: &[bool] = closed;
    let reserves: &mut [i64] = reserves;
    let rule = &l.sow;
    if from >= l.pits.len() {
        return Err(format!("sow: no pit {from}"));
    }
    if l.next[from] == NO_PIT {
        return Err(format!(
            "sow: pit {} is not on the sowing track",
            l.pits[from].name
        ));
    }
    if seeds[from] == 0 {
        return Err(format!("sow: pit {} is empty", l.pits[from].name));
    }
    let flip = (rule.reverses() && rule.flips(l, from, seeds[from])) != other;
    let table = table_dir(l, mover, flip);
    let counts = Counts::new(&rule.capture_counts);
    let tracing = trace.is_some();
    let mut origin = from;
    let mut hand = seeds[from];
    seeds[from] = 0;
    emit_into(trace, || Event::Pickup {
        pit: from,
        seeds: hand,
    });
    let mut end = SowEnd {
        pit: from,
        reversed: flip,
        ..SowEnd::default()
    };
    let mut pos = from;
    let mut drops: i64 = 0;
    // Work per drop, for the clock (`script::charge`): finding the next pit may step over every
    // closed pit of the track.
    let unit = (1 + l.track.len() / 16).min(1 << 16) as u32;
    loop {
        end.laps += 1;
        let mut was_empty = false;
        while hand > 0 {
            let Some(q) = next_in(l, table, closed, pos, origin, mover) else {
                // Put the hand back where it came from so the board stays consistent.
                seeds[origin] += hand;
                return Err(format!(
                    "sow: no pit to sow into after {}",
                    l.pits[pos].name
                ));
            };
            pos = q;
            let now = seeds[q] + 1;
            seeds[q] = now;
            was_empty = now == 1;
            hand -= 1;
            drops += 1;
            if drops & 63 == 0 {
                if let Err(e) = crate::engine::script::charge(64 * unit) {
                    seeds[origin] += hand;
                    return Err(e);
                }
            }
            if tracing {
                emit_into(trace, || Event::Drop { pit: q, hand });
            }
            if counts.hit(now) && l.pits[q].kind == PitKind::Hole && (hand > 0 || rule.capture_last)
            {
                let to = match rule.capture_to {
                    CaptureTo::RowOwner => l.pits[q].owner,
                    CaptureTo::Sower => mover,
                };
                if to >= 1 {
                    end.captured += take_into(l, seeds, reserves, trace, q, to, "count");
                }
            }
        }
        let lap = end.laps;
        emit_into(trace, || Event::LapEnd { pit: pos, lap });
        end.pit = pos;
        end.was_empty = was_empty;
        // Decide whether the move relays.
        let relay_from = match rule.relay {
            Relay::None => None,
            Relay::Last => {
                if l.pits[pos].kind == PitKind::Hole && !was_empty && seeds[pos] > 0 {
                    Some(pos)
                } else {
                    None
                }
            }
            Relay::Next => match next_in(l, table, closed, pos, NO_PIT, mover) {
                Some(n) if seeds[n] > 0 => Some(n),
                _ => None,
            },
        };
        let relay_from = relay_from.filter(|_| {
            !rule
                .relay_stop
                .as_ref()
                .is_some_and(|t| t.holds(l, pos, seeds[pos], mover))
        });
        let Some(r) = relay_from else { break };
        if end.laps >= rule.max_laps || drops >= MAX_DROPS {
            match rule.at_max_laps {
                AtMaxLaps::Stop => {
                    end.stopped = true;
                    break;
                }
                AtMaxLaps::DropHand => {
                    end.stopped = true;
                    let n = seeds[r];
                    *discarded += n;
                    seeds[r] = 0;
                    emit_into(trace, || Event::Capture {
                        pit: r,
                        seeds: n,
                        player: 0,
                        why: "out of the game (endless relay)".into(),
                    });
                    break;
                }
                AtMaxLaps::Error => {
                    return Err(format!(
                        "endless sowing: the move from {} still relays after {} laps",
                        l.pits[from].name, end.laps
                    ))
                }
            }
        }
        hand = seeds[r];
        seeds[r] = 0;
        emit_into(trace, || Event::Pickup {
            pit: r,
            seeds: hand,
        });
        pos = r;
        origin = r;
    }
    if rule.capture_beyond_empty && !end.stopped {
        if let Some(empty) = next_in(l, table, closed, end.pit, NO_PIT, mover) {
            if seeds[empty] == 0 {
                if let Some(beyond) = next_in(l, table, closed, empty, NO_PIT, mover) {
                    end.captured +=
                        take_into(l, seeds, reserves, trace, beyond, mover, "beyond empty");
                }
            }
        }
    }
    *last = end;
    Ok(end)
}

/// Where a single lap from `from` would end, without sowing: the last pit, and whether it would be
/// empty when the last seed falls (counting seeds dropped into it earlier in the lap).
pub fn landing(b: &Board, from: usize) -> Option<(usize, bool)> {
    landing_as(b, from, b.to_move)
}

/// [`landing`] for a move by `mover` (whose own stores count for `stores: "own"`).
pub fn landing_as(b: &Board, from: usize, mover: usize) -> Option<(usize, bool)> {
    let l = &b.layout;
    let hand = b.seeds[from];
    if hand == 0 || l.next.get(from).copied().unwrap_or(NO_PIT) == NO_PIT {
        return None;
    }
    let (last, earlier) = if hand <= 64 {
        let mut pos = from;
        for _ in 0..hand {
            pos = next_target(l, b, pos, from, mover)?;
        }
        let last = pos;
        // Count earlier drops into `last`.
        let mut earlier = 0;
        let mut q = from;
        for _ in 0..hand - 1 {
            q = next_target(l, b, q, from, mover)?;
            if q == last {
                earlier += 1;
            }
        }
        (last, earlier)
    } else {
        // A big hand goes round the track: the pits it drops into form a fixed cycle (the track
        // from the pit after `from` round to `from`, less the pits it skips), so the last seed
        // falls at (hand - 1) mod its length, and into that pit once per earlier round.
        // O(track) whatever the hand.
        let links = if l.sow.reverse { &l.prev } else { &l.next };
        let walk = |f: &mut dyn FnMut(usize) -> bool| -> Option<()> {
            let mut q = from;
            for _ in 0..l.track.len() {
                q = links[q];
                if q == NO_PIT {
                    return None;
                }
                if accepts(l, &b.closed, q, from, mover) && !f(q) {
                    return Some(());
                }
            }
            Some(())
        };
        let mut k = 0i64;
        walk(&mut |_| {
            k += 1;
            true
        })?;
        if k == 0 {
            return None;
        }
        let mut skip = (hand - 1) % k;
        let mut last = NO_PIT;
        walk(&mut |q| {
            if skip == 0 {
                last = q;
                return false;
            }
            skip -= 1;
            true
        })?;
        (last, (hand - 1) / k)
    };
    let before = if last == from { 0 } else { b.seeds[last] };
    Some((last, before + earlier == 0))
}
