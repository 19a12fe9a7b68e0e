//! The turn of a rule whose laps may go the other way to capture (`capture.reverse_laps`),
//! played: each player sows round his own loop (his outer row from his left, his inner row
//! back), relaying from occupied holes; a lap ending in an occupied hole of his inner row facing
//! two occupied holes of the opponent's captures them (`capture.across`), their seeds sown again
//! from where the capturing lap began; from the declared holes a lap may go clockwise when it
//! captures so, the mover's decision (`cw`, `ccw`), a move of his inside the turn. The decision
//! pending is the game variable `reverse_pending` (1: the direction of the lap from
//! `reverse_hole`; 2: of the seeds captured at `reverse_hole`); the turn's laps so far, where the
//! current lap began and its direction are kept in `laps`, `lap_start`, `lap_dir` across it.
//! Declared in [`crate::engine::declare::capture::reverse`].

use crate::engine::board::state::{Board, SowEnd};
use crate::engine::declare::capture::across::AcrossThen;
use crate::engine::declare::capture::reverse::{ReverseLaps, ReverseLinked, ReverseWhen};
use crate::engine::declare::compiled::Compiled;
use crate::engine::trace::event::Event;

/// Whether the mover has a direction to choose (`cw` or `ccw`).
#[inline]
pub fn pending(b: &Board, r: &ReverseLinked) -> bool {
    b.vars[r.pending] != 0
}

/// The moves of a pending decision: `cw`, `ccw`.
pub fn legal_into(r: &ReverseLinked, out: &mut Vec<usize>) {
    out.push(r.cw);
    out.push(r.ccw);
}

/// The loop of the player to move and what the turn reads, for one move.
struct Turn<'a> {
    r: &'a ReverseLinked,
    me: usize,
    lp: &'a [usize],
    len: i64,
}

impl Turn<'_> {
    /// An index of the loop kept in a variable (a position may set any value): taken round it.
    fn index(&self, v: i64) -> usize {
        v.rem_euclid(self.len) as usize
    }

    /// The index `n` seeds from index `i` in direction `d` end at.
    fn landing(&self, i: usize, d: i64, n: i64) -> usize {
        (i as i64 + d * n).rem_euclid(self.len) as usize
    }

    /// Whether index `j` is an inner hole facing two occupied holes of the opponent's.
    fn threatened(&self, b: &Board, j: usize) -> bool {
        self.r.facing[self.me][j].is_some_and(|(a, c)| b.seeds[a] > 0 && b.seeds[c] > 0)
    }

    /// Whether a lap of `n` seeds from index `i` in direction `d` ends in a capture: in an
    /// occupied hole (before its last seed) facing two occupied holes. `lifted`: the seeds are
    /// index `i`'s (emptied first), else from the hand; `gone`: an index whose facing holes are
    /// being taken (empty by then).
    fn lap_captures(
        &self,
        b: &Board,
        i: usize,
        d: i64,
        n: i64,
        lifted: bool,
        gone: Option<usize>,
    ) -> bool {
        if n < 1 {
            return false;
        }
        let t = self.landing(i, d, n);
        let dist = (n - 1) % self.len + 1;
        let before = if lifted && t == i {
            0
        } else {
            b.seeds[self.lp[t]]
        };
        before + (n - dist) / self.len >= 1 && Some(t) != gone && self.threatened(b, t)
    }

    /// Whether a lap from index `i` (its seeds lifted) may go clockwise.
    fn may_reverse(&self, b: &Board, i: usize) -> bool {
        let n = b.seeds[self.lp[i]];
        self.r.from[self.me][i]
            && match self.r.decl.when {
                ReverseWhen::Captures => self.lap_captures(b, i, -1, n, true, None),
                ReverseWhen::EndsFacing => n >= 1 && self.threatened(b, self.landing(i, -1, n)),
            }
    }

    /// Sows `n` seeds from the hand round the loop from the index after `i` in direction `d`
    /// (whole rounds included); the index of the last hole sown.
    fn sow(&self, b: &mut Board, i: usize, d: i64, n: i64) -> usize {
        // (the laps of the move, for reports: each sowing of seeds)
        b.last.laps += i64::from(n > 0);
        let (rounds, rest) = (n / self.len, n % self.len);
        let mut k = i as i64;
        for s in 0..n.min(self.len) {
            k = (k + d).rem_euclid(self.len);
            b.seeds[self.lp[k as usize]] += rounds + i64::from(s < rest);
        }
        if b.trace.is_some() {
            let mut k = i as i64;
            for left in (0..n).rev() {
                k = (k + d).rem_euclid(self.len);
                let pit = self.lp[k as usize];
                b.emit(|| Event::Drop { pit, hand: left });
            }
        }
        self.landing(i, d, n)
    }

    /// Lifts index `i`'s seeds and sows them in direction `d`: a lap; where it ended.
    fn lap(&self, b: &mut Board, i: usize, d: i64) -> usize {
        let pit = self.lp[i];
        let n = std::mem::take(&mut b.seeds[pit]);
        b.emit(|| Event::Pickup { pit, seeds: n });
        b.vars[self.r.start] = i as i64;
        b.vars[self.r.dir] = d;
        if d < 0 && b.trace.is_some() {
            let text = format!(
                "player {} sows {} clockwise",
                self.me, b.layout.pits[pit].name
            );
            b.emit(|| Event::Note {
                kind: "reverse".into(),
                text,
            });
        }
        self.sow(b, i, d, n)
    }

    /// Takes the opponent's two holes facing index `j`; their seeds, the end file marked.
    fn take_across(&self, b: &mut Board, j: usize) -> i64 {
        let Some((a, c)) = self.r.facing[self.me][j] else {
            return 0;
        };
        let (x, y) = (
            std::mem::take(&mut b.seeds[a]),
            std::mem::take(&mut b.seeds[c]),
        );
        let m = x + y;
        b.vars[self.r.end_files] |= i64::from(self.r.end_file[self.me][j]);
        if b.trace.is_some() {
            let (me, s) = (self.me, self.index(b.vars[self.r.start]));
            let names = |q: usize| b.layout.pits[q].name.clone();
            let text = format!(
                "player {me} captures {m} from {} and {}, sown from after {}",
                names(a),
                names(c),
                names(self.lp[s])
            );
            b.emit(|| Event::Pickup { pit: a, seeds: x });
            b.emit(|| Event::Pickup { pit: c, seeds: y });
            b.emit(|| Event::Note {
                kind: "capture".into(),
                text,
            });
        }
        m
    }

    /// The capture at index `j`: the seeds taken sown from where the capturing lap began, in
    /// direction `d`; where they ended.
    fn capture(&self, b: &mut Board, j: usize, d: i64) -> usize {
        let m = self.take_across(b, j);
        b.vars[self.r.dir] = d;
        self.sow(b, self.index(b.vars[self.r.start]), d, m)
    }
}

/// Plays move `id` of a rule declaring `capture.reverse_laps`: a hole (the turn's first lap),
/// or `cw`/`ccw` for a pending decision; the turn goes on to its end (`Ok(true)`: the caller
/// passes the turn) or to the next decision (`Ok(false)`: the mover moves again).
pub fn play(b: &mut Board, l: &Compiled, r: &ReverseLinked, id: usize) -> Result<bool, String> {
    let me = b.to_move;
    let Some(lp) = r.loops.get(me).filter(|lp| !lp.is_empty()) else {
        return Err(format!("player {me} has no loop to sow round"));
    };
    let t = Turn {
        r,
        me,
        lp,
        len: lp.len() as i64,
    };
    let pending = std::mem::take(&mut b.vars[r.pending]);
    b.last = SowEnd::default();
    let dir = |id: usize| -> Result<i64, String> {
        if id == r.cw {
            Ok(-1)
        } else if id == r.ccw {
            Ok(1)
        } else {
            Err(format!(
                "`{}` is no move now: player {me} chooses the direction, `cw` or `ccw`",
                l.label(id)
            ))
        }
    };
    let j = match pending {
        0 => {
            let Some(i) = lp.iter().position(|&q| q == id) else {
                return Err(format!(
                    "`{}` is no hole of player {me}'s to sow from",
                    l.label(id)
                ));
            };
            b.vars[r.end_files] = 0;
            b.vars[r.laps] = 0;
            if t.may_reverse(b, i) {
                b.vars[r.hole] = i as i64;
                b.vars[r.pending] = 1;
                return Ok(false);
            }
            t.lap(b, i, 1)
        }
        1 => match dir(id) {
            Ok(d) => t.lap(b, t.index(b.vars[r.hole]), d),
            Err(e) => {
                b.vars[r.pending] = pending;
                return Err(e);
            }
        },
        _ => match dir(id) {
            Ok(d) => t.capture(b, t.index(b.vars[r.hole]), d),
            Err(e) => {
                b.vars[r.pending] = pending;
                return Err(e);
            }
        },
    };
    if go_on(b, l, &t, j) {
        return Ok(false);
    }
    b.vars[r.hole] = -1;
    Ok(true)
}

/// The turn goes on from the lap that ended at index `j`: relays, captures, to its end
/// (`false`) or to a decision of the mover's (`true`).
fn go_on(b: &mut Board, l: &Compiled, t: &Turn, mut j: usize) -> bool {
    let r = t.r;
    let every_lap = r.decl.laps == ReverseLaps::EveryLap;
    let then_last = l
        .sow
        .across
        .is_some_and(|a| a.then == AcrossThen::SowOnFromLapStartThenLast);
    let mut stopped = false;
    loop {
        b.vars[r.laps] = b.vars[r.laps].saturating_add(1);
        let laps = b.vars[r.laps];
        if b.seeds[t.lp[j]] <= 1 {
            break;
        }
        if laps > l.sow.max_laps {
            stopped = true;
            b.emit(|| Event::Note {
                kind: "max laps".into(),
                text: "the turn stops at the lap limit".into(),
            });
            break;
        }
        let mut d = if b.vars[r.dir] < 0 { -1 } else { 1 };
        if t.threatened(b, j) {
            if then_last {
                // (the seeds taken go round from the lap's start, no relay nor capture where
                // they end; the turn goes on from the capturing hole)
                let m = t.take_across(b, j);
                t.sow(b, t.index(b.vars[r.start]), 1, m);
            } else {
                let m = r.facing[t.me][j].map_or(0, |(a, c)| b.seeds[a] + b.seeds[c]);
                let s = t.index(b.vars[r.start]);
                if r.decl.captured_again && d == -1 && t.lap_captures(b, s, -1, m, false, Some(j)) {
                    b.vars[r.hole] = j as i64;
                    b.vars[r.pending] = 2;
                    return true;
                }
                j = t.capture(b, j, 1);
                continue;
            }
        } else if every_lap {
            if t.may_reverse(b, j) {
                b.vars[r.hole] = j as i64;
                b.vars[r.pending] = 1;
                return true;
            }
            d = 1;
            b.vars[r.dir] = 1;
        }
        // (a relay: the last hole lifted and sown on)
        let pit = t.lp[j];
        let n = std::mem::take(&mut b.seeds[pit]);
        b.emit(|| Event::Pickup { pit, seeds: n });
        b.vars[r.start] = j as i64;
        j = t.sow(b, j, d, n);
    }
    b.last = SowEnd {
        pit: t.lp[j],
        laps: b.last.laps,
        stopped,
        ..SowEnd::default()
    };
    false
}
