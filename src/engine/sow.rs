//! Sowing, natively: a whole move of laps with relay, skip rules and captures by count, configured
//! once by the rule script (`this.sowing(#{...})`) and run in one call (`this.sow(pit)`).

use crate::engine::board::{Board, Layout, PitKind, SowEnd, NO_PIT};
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
            capture_counts: Vec::new(),
            capture_to: CaptureTo::RowOwner,
            capture_last: true,
            capture_beyond_empty: false,
            max_laps: 10_000,
            at_max_laps: AtMaxLaps::Error,
        }
    }
}

impl SowRule {
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
        s.push_str(match self.relay {
            Relay::None => "; one lap",
            Relay::Last => "; a lap ending in an occupied hole relays from it",
            Relay::Next => "; a lap relays from the next pit when it holds seeds",
        });
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
            }
        ));
        s
    }
}

/// Most seeds one move may drop before it is stopped as endless.
pub const MAX_DROPS: i64 = 50_000_000;

/// Whether sowing may drop a seed into `q` (a lap started at `origin`, sown by `mover`).
#[inline]
fn accepts(l: &Layout, b: &Board, q: usize, origin: usize, mover: usize) -> bool {
    if b.closed[q] {
        return false;
    }
    if q == origin && l.sow.skip_origin {
        return false;
    }
    match l.pits[q].kind {
        PitKind::Hole => true,
        PitKind::Store => match l.sow.stores {
            Stores::All => true,
            Stores::Own => l.pits[q].owner == mover,
            Stores::None => false,
        },
    }
}

/// The next pit after `p` that sowing may drop into, or `None` when there is none.
#[inline]
pub fn next_target(l: &Layout, b: &Board, p: usize, origin: usize, mover: usize) -> Option<usize> {
    let links = if l.sow.reverse { &l.prev } else { &l.next };
    let mut q = p;
    for _ in 0..l.track.len() {
        q = links[q];
        if q == NO_PIT {
            return None;
        }
        if accepts(l, b, q, origin, mover) {
            return Some(q);
        }
    }
    None
}

/// Gives `seeds` to `player`: into his store if he has one, else into his reserve.
pub fn give(b: &mut Board, player: usize, seeds: i64) {
    match b.layout.store_of(player) {
        Some(s) => b.seeds[s] += seeds,
        None => b.reserves[player - 1] += seeds,
    }
}

/// Takes every seed of `pit` to `player` (store or reserve), with a trace event saying why.
pub fn capture(b: &mut Board, pit: usize, player: usize, why: &str) -> i64 {
    let seeds = b.seeds[pit];
    if seeds == 0 {
        return 0;
    }
    b.seeds[pit] = 0;
    give(b, player, seeds);
    b.emit(|| Event::Capture {
        pit,
        seeds,
        player,
        why: why.to_string(),
    });
    seeds
}

/// Sows the seeds of `from` by the layout's rule: laps, relay, captures by count. Returns where it
/// ended; the same facts are kept in `b.last`. An error message when the move cannot be sown.
pub fn sow(b: &mut Board, from: usize) -> Result<SowEnd, String> {
    if crate::engine::quiet_sow::applies(b, from) {
        return crate::engine::quiet_sow::sow(b, from);
    }
    let l = b.layout.clone();
    let rule = &l.sow;
    let mover = b.to_move;
    if from >= l.pits.len() {
        return Err(format!("sow: no pit {from}"));
    }
    if l.next[from] == NO_PIT {
        return Err(format!(
            "sow: pit {} is not on the sowing track",
            l.pits[from].name
        ));
    }
    if b.seeds[from] == 0 {
        return Err(format!("sow: pit {} is empty", l.pits[from].name));
    }
    let mut origin = from;
    let mut hand = b.seeds[from];
    b.seeds[from] = 0;
    b.emit(|| Event::Pickup {
        pit: from,
        seeds: hand,
    });
    let mut end = SowEnd {
        pit: from,
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
            let Some(q) = next_target(&l, b, pos, origin, mover) else {
                // Put the hand back where it came from so the board stays consistent.
                b.seeds[origin] += hand;
                return Err(format!(
                    "sow: no pit to sow into after {}",
                    l.pits[pos].name
                ));
            };
            pos = q;
            was_empty = b.seeds[q] == 0;
            b.seeds[q] += 1;
            hand -= 1;
            drops += 1;
            if drops & 63 == 0 {
                if let Err(e) = crate::engine::script::charge(64 * unit) {
                    b.seeds[origin] += hand;
                    return Err(e);
                }
            }
            b.emit(|| Event::Drop { pit: q, hand });
            if !rule.capture_counts.is_empty()
                && l.pits[q].kind == PitKind::Hole
                && (hand > 0 || rule.capture_last)
                && rule.capture_counts.contains(&b.seeds[q])
            {
                let to = match rule.capture_to {
                    CaptureTo::RowOwner => l.pits[q].owner,
                    CaptureTo::Sower => mover,
                };
                if to >= 1 {
                    end.captured += capture(b, q, to, "count");
                }
            }
        }
        let lap = end.laps;
        b.emit(|| Event::LapEnd { pit: pos, lap });
        end.pit = pos;
        end.was_empty = was_empty;
        // Decide whether the move relays.
        let relay_from = match rule.relay {
            Relay::None => None,
            Relay::Last => {
                if l.pits[pos].kind == PitKind::Hole && !was_empty && b.seeds[pos] > 0 {
                    Some(pos)
                } else {
                    None
                }
            }
            Relay::Next => match next_target(&l, b, pos, NO_PIT, mover) {
                Some(n) if b.seeds[n] > 0 => Some(n),
                _ => None,
            },
        };
        let Some(r) = relay_from else { break };
        if end.laps >= rule.max_laps || drops >= MAX_DROPS {
            match rule.at_max_laps {
                AtMaxLaps::Stop => {
                    end.stopped = true;
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
        hand = b.seeds[r];
        b.seeds[r] = 0;
        b.emit(|| Event::Pickup {
            pit: r,
            seeds: hand,
        });
        pos = r;
        origin = r;
    }
    if rule.capture_beyond_empty && !end.stopped {
        if let Some(empty) = next_target(&l, b, end.pit, NO_PIT, mover) {
            if b.seeds[empty] == 0 {
                if let Some(beyond) = next_target(&l, b, empty, NO_PIT, mover) {
                    end.captured += capture(b, beyond, mover, "beyond empty");
                }
            }
        }
    }
    b.last = end;
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
                if accepts(l, b, q, from, mover) && !f(q) {
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
