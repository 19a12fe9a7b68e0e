//! The turn of a rule whose captured seeds are sown from an end hole (`capture.from_end_hole`),
//! played: each player sows round his own loop (clockwise: his inner row from his left, then his
//! outer row back), either way; while he holds seeds in his hand a move enters one into an
//! occupied hole of his inner row, which captures when it faces an occupied hole (else its seeds
//! are sown, capturing nothing); with an empty hand a move lifts a hole of two or more, a
//! capturing move when its first lap ends in an occupied inner hole facing an occupied hole.
//! Captures are compulsory. A capture takes the facing hole and sows its seeds from an end hole
//! of the mover's inner row; a lap ending in an occupied hole relays (and captures again in a
//! capturing move). The decisions inside the turn are moves of the mover's: the direction
//! (`cw`, `ccw`), the end hole (`left`, `right`), stop or go on at the marked hole (`stop`,
//! `go`); a decision with a single option is not asked. The decision pending is the game
//! variable `end_hole_pending` (see [`FromEndLinked`]). Declared in
//! [`crate::engine::declare::capture::end_hole`].

use crate::engine::board::state::{Board, SowEnd};
use crate::engine::declare::capture::end_hole::FromEndLinked;
use crate::engine::declare::compiled::Compiled;
use crate::engine::player::loops::sow::{lift_all, sow_round};
use crate::engine::trace::event::Event;

/// The loop length (two rows).
#[inline]
fn len(r: &FromEndLinked) -> usize {
    2 * r.n
}

/// The facing inner hole of the opponent's for the mover's inner index `j` (`j < n`).
#[inline]
fn facing(r: &FromEndLinked, me: usize, j: usize) -> usize {
    r.loops[3 - me][r.n - 1 - j]
}

/// Player `pl`'s marked hole (a pit) while it holds its rank, else none.
fn ranked(b: &Board, r: &FromEndLinked, pl: usize) -> Option<usize> {
    let m = r.decl.marked.as_ref()?;
    let h = r.loops[pl][r.marked];
    (b.vars[r.rank[pl - 1]] == 1 && b.seeds[h] >= m.min).then_some(h)
}

/// Whether a board move of `n` seeds from loop index `i` of the mover's, sown in direction `d`
/// (1 clockwise), ends in an occupied inner hole facing an occupied hole.
#[inline]
fn lap_captures(b: &Board, r: &FromEndLinked, me: usize, i: usize, d: i64, n: i64) -> bool {
    let lp = &r.loops[me];
    let j = (i as i64 + d * n).rem_euclid(len(r) as i64) as usize;
    j < r.n && b.seeds[lp[j]] > 0 && b.seeds[facing(r, me, j)] > 0
}

/// Whether a board move from index `i` may capture: its count within the bounds.
#[inline]
fn capture_count(r: &FromEndLinked, n: i64) -> bool {
    n >= 2 && (r.decl.capture_at_most == 0 || n <= r.decl.capture_at_most)
}

/// The directions (1, -1) in which a board move from index `i` captures.
fn capture_dirs(b: &Board, r: &FromEndLinked, me: usize, i: usize) -> [bool; 2] {
    let n = b.seeds[r.loops[me][i]];
    if !capture_count(r, n) {
        return [false, false];
    }
    [
        lap_captures(b, r, me, i, 1, n),
        lap_captures(b, r, me, i, -1, n),
    ]
}

/// The holes `player` may play (the first decision of a turn) appended to `out`.
pub fn holes_into(b: &Board, r: &FromEndLinked, player: usize, out: &mut Vec<usize>) {
    let lp = &r.loops[player];
    let start = out.len();
    if b.reserves.get(player - 1).is_some_and(|&h| h > 0) {
        // (a seed from the hand: captures first, compulsory)
        for (j, &p) in lp[..r.n].iter().enumerate() {
            if b.seeds[p] > 0 && b.seeds[facing(r, player, j)] > 0 {
                out.push(p);
            }
        }
        if out.len() > start {
            return;
        }
        let house = ranked(b, r, player);
        for &p in &lp[..r.n] {
            if b.seeds[p] > 0 && Some(p) != house {
                out.push(p);
            }
        }
        if out.len() == start {
            out.extend(house);
        }
        return;
    }
    for (i, &p) in lp.iter().enumerate() {
        let d = capture_dirs(b, r, player, i);
        if d[0] || d[1] {
            out.push(p);
        }
    }
    if out.len() > start {
        return;
    }
    for half in [&lp[..r.n], &lp[r.n..]] {
        out.extend(half.iter().filter(|&&p| b.seeds[p] >= 2));
        if out.len() > start {
            return;
        }
    }
}

/// The legal moves of `player`: the decision pending, or the holes.
pub fn legal_into(b: &Board, r: &FromEndLinked, player: usize, out: &mut Vec<usize>) {
    match b.vars[r.pending] {
        1 => {
            let [cw, ccw] = dirs(b, r, player);
            if cw {
                out.push(r.moves[0]);
            }
            if ccw {
                out.push(r.moves[1]);
            }
        }
        2 => out.extend([r.moves[2], r.moves[3]]),
        3 => out.extend([r.moves[4], r.moves[5]]),
        _ => holes_into(b, r, player, out),
    }
}

/// The directions the hole `end_hole_sel` may be sown in: a capturing board move's, else both.
fn dirs(b: &Board, r: &FromEndLinked, me: usize) -> [bool; 2] {
    let p = b.vars[r.sel];
    if b.vars[r.hand] == 0 && b.vars[r.cap] == 1 {
        match r.loops[me].iter().position(|&q| q as i64 == p) {
            Some(i) => capture_dirs(b, r, me, i),
            None => [false, false],
        }
    } else {
        [true, true]
    }
}

/// The turn of player `me`, with what it reads.
struct Turn<'a> {
    r: &'a FromEndLinked,
    me: usize,
    lp: &'a [usize],
    max_laps: i64,
}

impl Turn<'_> {
    fn index(&self, p: usize) -> usize {
        self.lp.iter().position(|&q| q == p).unwrap_or(0)
    }

    /// Sows `n` seeds from the hand from the index after `i` in direction `d`, round the loop as
    /// often as they last; the index of the last hole sown.
    fn sow(&self, b: &mut Board, i: usize, d: i64, n: i64) -> usize {
        sow_round(b, self.lp, i, d, n)
    }

    /// Lifts `n` seeds of the hole at index `i` (all of them when `n` is none).
    fn lift(&self, b: &mut Board, i: usize, n: Option<i64>) -> i64 {
        let pit = self.lp[i];
        let Some(seeds) = n else {
            return lift_all(b, pit);
        };
        b.seeds[pit] -= seeds;
        b.emit(|| Event::Pickup { pit, seeds });
        seeds
    }

    fn note(&self, b: &mut Board, kind: &str, text: impl FnOnce() -> String) {
        if b.trace.is_some() {
            let text = text();
            b.emit(|| Event::Note {
                kind: kind.into(),
                text,
            });
        }
    }

    /// The capture at inner index `i` sown from end `k` (0 the left end, clockwise; 1 the right,
    /// anticlockwise); the index where its seeds ended.
    fn capture(&self, b: &mut Board, i: usize, k: u8) -> usize {
        let r = self.r;
        let pit = facing(r, self.me, i);
        let m = lift_all(b, pit);
        let (d, end) = if k == 0 { (1, 0) } else { (-1, r.n - 1) };
        b.vars[r.dir] = d;
        if b.trace.is_some() {
            let text = format!(
                "player {} captures {m} from {}, sown from {}",
                self.me, b.layout.pits[pit].name, b.layout.pits[self.lp[end]].name
            );
            self.note(b, "capture", || text);
        }
        let from = (end as i64 - d).rem_euclid(self.lp.len() as i64) as usize;
        self.sow(b, from, d, m)
    }

    /// Sows the hole `end_hole_sel` in direction `d` (a ranked marked hole in a hand move that
    /// captures nothing: only `taxed` of its seeds); then the turn goes on.
    fn sow_hole(&self, b: &mut Board, d: i64) -> bool {
        let r = self.r;
        let p = b.vars[r.sel] as usize;
        let i = self.index(p);
        b.vars[r.dir] = d;
        let taxed = r.decl.marked.as_ref().map_or(0, |m| m.taxed);
        let n = if b.vars[r.hand] == 1
            && b.vars[r.cap] == 0
            && taxed > 0
            && ranked(b, r, self.me) == Some(p)
        {
            self.note(b, "taxed", || {
                format!("player {} lifts {taxed} seeds of his marked hole", self.me)
            });
            self.lift(b, i, Some(taxed))
        } else {
            if i == r.marked {
                b.vars[r.rank[self.me - 1]] = 0;
            }
            self.lift(b, i, None)
        };
        let j = self.sow(b, i, d, n);
        self.go_on(b, j, 0)
    }

    /// The lap that ended at index `j` (after `laps` laps) goes on: relays and captures, to the
    /// turn's end (`true`) or to the mover's decision at the marked hole (`false`).
    fn go_on(&self, b: &mut Board, mut j: usize, mut laps: i64) -> bool {
        let r = self.r;
        let cap = b.vars[r.cap] == 1;
        let hand = b.vars[r.hand] == 1;
        let mut d = if b.vars[r.dir] < 0 { -1 } else { 1 };
        let mut stopped = false;
        loop {
            let last = self.lp[j];
            if b.seeds[last] <= 1 {
                break;
            }
            laps += 1;
            if laps > self.max_laps {
                stopped = true;
                self.note(b, "max laps", || "the move stops at the lap limit".into());
                break;
            }
            if cap && j < r.n && b.seeds[facing(r, self.me, j)] > 0 {
                let k = match r.end_of[j] {
                    2 => u8::from(d != 1),
                    e => e,
                };
                j = self.capture(b, j, k);
                d = b.vars[r.dir];
                continue;
            }
            if j == r.marked {
                if hand && ranked(b, r, self.me).is_some() {
                    if cap {
                        b.vars[r.sel] = last as i64;
                        b.vars[r.pending] = 3;
                        return false;
                    }
                    break;
                }
                b.vars[r.rank[self.me - 1]] = 0;
            }
            let n = self.lift(b, j, None);
            j = self.sow(b, j, d, n);
        }
        b.last = SowEnd {
            pit: self.lp[j],
            laps: b.last.laps,
            stopped,
            ..SowEnd::default()
        };
        true
    }
}

/// Plays move `id` of a rule declaring `capture.from_end_hole`: a hole (a seed entered from the
/// hand, or a hole lifted), or a pending decision's move; the turn goes on to its end
/// (`Ok(true)`: the caller passes the turn) or to the next decision (`Ok(false)`: the mover
/// moves again).
pub fn play(b: &mut Board, l: &Compiled, r: &FromEndLinked, id: usize) -> Result<bool, String> {
    let me = b.to_move;
    if me != 1 && me != 2 {
        return Err(format!("player {me} has no loop to sow round"));
    }
    let t = Turn {
        r,
        me,
        lp: &r.loops[me],
        max_laps: l.sow.max_laps,
    };
    let pending = b.vars[r.pending];
    let fits = match pending {
        0 => t.lp.contains(&id),
        1 => id == r.moves[0] || id == r.moves[1],
        2 => id == r.moves[2] || id == r.moves[3],
        _ => id == r.moves[4] || id == r.moves[5],
    };
    if !fits {
        return Err(format!("`{}` is no move of player {me}'s now", l.label(id)));
    }
    b.vars[r.pending] = 0;
    b.last = SowEnd::default();
    let over = match pending {
        0 => {
            let i = t.index(id);
            b.vars[r.sel] = id as i64;
            if b.reserves[me - 1] > 0 {
                b.vars[r.hand] = 1;
                let captures = b.seeds[id] > 0 && b.seeds[facing(r, me, i)] > 0;
                b.reserves[me - 1] -= 1;
                b.seeds[id] += 1;
                b.emit(|| Event::Reserve {
                    player: me,
                    delta: -1,
                });
                b.emit(|| Event::Drop { pit: id, hand: 0 });
                t.note(b, "hand", || {
                    format!(
                        "player {me} enters a seed from his hand into {}",
                        l.pits[id].name
                    )
                });
                b.vars[r.cap] = i64::from(captures);
                if captures {
                    match r.end_of[i] {
                        2 => {
                            b.vars[r.pending] = 2;
                            false
                        }
                        k => {
                            let j = t.capture(b, i, k);
                            t.go_on(b, j, 1)
                        }
                    }
                } else {
                    b.vars[r.pending] = 1;
                    false
                }
            } else {
                b.vars[r.hand] = 0;
                let [cw, ccw] = capture_dirs(b, r, me, i);
                b.vars[r.cap] = i64::from(cw || ccw);
                b.vars[r.pending] = 1;
                // (the move's only event: the decision it leaves)
                t.note(b, "decision", || {
                    format!(
                        "player {me} sows {} clockwise (cw) or anticlockwise (ccw)",
                        l.pits[id].name
                    )
                });
                false
            }
        }
        1 => t.sow_hole(b, if id == r.moves[0] { 1 } else { -1 }),
        2 => {
            let i = t.index(b.vars[r.sel] as usize);
            let j = t.capture(b, i, u8::from(id != r.moves[2]));
            t.go_on(b, j, 1)
        }
        _ => {
            if id == r.moves[5] {
                b.vars[r.rank[me - 1]] = 0;
                t.note(b, "go on", || {
                    format!("player {me} sows on from his marked hole")
                });
                let i = t.index(b.vars[r.sel] as usize);
                let n = t.lift(b, i, None);
                let d = if b.vars[r.dir] < 0 { -1 } else { 1 };
                let j = t.sow(b, i, d, n);
                t.go_on(b, j, 1)
            } else {
                t.note(b, "stop", || {
                    format!("player {me} stops at his marked hole")
                });
                true
            }
        }
    };
    // (a single direction is not asked)
    if !over && b.vars[r.pending] == 1 {
        match dirs(b, r, me) {
            [true, false] => {
                let over = t.sow_hole(b, 1);
                return Ok(pass(b, r, over));
            }
            [false, true] => {
                let over = t.sow_hole(b, -1);
                return Ok(pass(b, r, over));
            }
            _ => {}
        }
    }
    Ok(pass(b, r, over))
}

/// The turn's end: nothing pending, the marked holes left empty lose their rank.
fn pass(b: &mut Board, r: &FromEndLinked, over: bool) -> bool {
    if over {
        b.vars[r.pending] = 0;
        b.vars[r.sel] = -1;
        for pl in 1..=2 {
            if r.decl.marked.is_some() && b.seeds[r.loops[pl][r.marked]] == 0 {
                b.vars[r.rank[pl - 1]] = 0;
            }
        }
    }
    over
}
