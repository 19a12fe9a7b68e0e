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
use crate::engine::player::loops::sow::{lift_all, sow_round};
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

    /// (`first_turn_outer_captures`) for index `j` of the mover's outer row, the opponent's
    /// outer hole of its file taken, when it holds seeds: their count.
    fn take_outer_across(&self, b: &mut Board, j: usize) -> Option<i64> {
        let len = self.lp.len();
        let (_, q) = self.r.facing[self.me]
            .get(len.checked_sub(1 + j)?)
            .copied()??;
        let m = b.seeds[q];
        if m == 0 {
            return None;
        }
        b.seeds[q] = 0;
        b.emit(|| Event::Pickup { pit: q, seeds: m });
        if b.trace.is_some() {
            let me = self.me;
            let text = format!(
                "player {me} captures {m} from {} (the outer rows in opposition), sown from after {}",
                b.layout.pits[q].name,
                b.layout.pits[self.lp[self.index(b.vars[self.r.start])]].name
            );
            b.emit(|| Event::Note {
                kind: "capture".into(),
                text,
            });
        }
        Some(m)
    }

    /// With `captured_with_start_hole`, the seeds of the hole the current lap began in, sown
    /// with the seeds taken (`lift`: taken out of it); else 0.
    fn start_hole_seeds(&self, b: &mut Board, lift: bool) -> i64 {
        if !self.r.decl.captured_with_start_hole {
            return 0;
        }
        let pit = self.lp[self.index(b.vars[self.r.start])];
        let n = b.seeds[pit];
        if lift && n > 0 {
            b.seeds[pit] = 0;
            b.emit(|| Event::Pickup { pit, seeds: n });
        }
        n
    }

    /// Whether the `m` seeds a lap from index `s` (its direction `d`) captured at index `j` may
    /// be sown clockwise from `s` (`captured_again`): after a clockwise lap, when they capture
    /// so; with `captured_again_any_lap`, after a lap either way from one of the holes, as
    /// `when` judges a lap (the holes captured at `j` counted empty).
    fn captured_may_reverse(&self, b: &Board, s: usize, d: i64, m: i64, j: usize) -> bool {
        if !self.r.decl.captured_again_any_lap {
            return d == -1 && self.lap_captures(b, s, -1, m, false, Some(j));
        }
        if !self.r.from[self.me][s] || m < 1 {
            return false;
        }
        match self.r.decl.when {
            ReverseWhen::Captures => self.lap_captures(b, s, -1, m, false, Some(j)),
            ReverseWhen::EndsFacing => {
                let k = self.landing(s, -1, m);
                k != j && self.threatened(b, k)
            }
        }
    }

    /// Sows `n` seeds from the hand round the loop from the index after `i` in direction `d`
    /// (whole rounds included); the index of the last hole sown.
    fn sow(&self, b: &mut Board, i: usize, d: i64, n: i64) -> usize {
        sow_round(b, self.lp, i, d, n)
    }

    /// Lifts index `i`'s seeds and sows them in direction `d`: a lap; where it ended.
    fn lap(&self, b: &mut Board, i: usize, d: i64) -> usize {
        let pit = self.lp[i];
        let n = lift_all(b, pit);
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
        let m = self.take_across(b, j) + self.start_hole_seeds(b, true);
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
            if r.decl.first_turn_outer_captures {
                let bit = 1i64 << me;
                let first = b.vars[r.first_turns] & bit == 0;
                b.vars[r.first_turns] |= bit;
                b.vars[r.outer_stage] = i64::from(first);
            }
            if t.may_reverse(b, i) {
                b.vars[r.hole] = i as i64;
                b.vars[r.pending] = 1;
                // (the move's only event: the decision it leaves, as stop_in notes its own)
                if b.trace.is_some() {
                    let text = format!(
                        "player {me} sows {} clockwise (cw) or anticlockwise (ccw)",
                        b.layout.pits[id].name
                    );
                    b.emit(|| Event::Note {
                        kind: "decision".into(),
                        text,
                    });
                }
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
        // (the lap that ends the outer rows' opposition, in the inner row, captures nothing)
        let mut opposition_ends = false;
        if r.decl.first_turn_outer_captures && b.vars[r.outer_stage] == 1 {
            if r.facing[t.me][j].is_some() {
                b.vars[r.outer_stage] = 0;
                opposition_ends = true;
            } else if let Some(m) = t.take_outer_across(b, j) {
                let m = m + t.start_hole_seeds(b, true);
                if m == 1 {
                    // (a single seed sown again ends the opposition: Ludii's phase test, the
                    // hole it went into holding one)
                    b.vars[r.outer_stage] = 0;
                }
                b.vars[r.dir] = d;
                j = t.sow(b, t.index(b.vars[r.start]), d, m);
                continue;
            }
        }
        if !opposition_ends && t.threatened(b, j) {
            if then_last {
                // (the seeds taken go round from the lap's start, no relay nor capture where
                // they end; the turn goes on from the capturing hole)
                let m = t.take_across(b, j);
                t.sow(b, t.index(b.vars[r.start]), 1, m);
            } else {
                let m = r.facing[t.me][j].map_or(0, |(a, c)| b.seeds[a] + b.seeds[c])
                    + t.start_hole_seeds(b, false);
                let s = t.index(b.vars[r.start]);
                if r.decl.captured_again && t.captured_may_reverse(b, s, d, m, j) {
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
        let n = lift_all(b, t.lp[j]);
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

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;

    /// Four rows of `n` (South's loop SO1..SOn, SIn..SI1), `pits` in canonical order, the
    /// clockwise holes SO1; `extra`: more keys of `reverse_laps`. South plays `moves` in turn.
    fn after(n: usize, pits: &str, extra: &str, moves: &[&str]) -> Board {
        let text = format!("name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - {{ row: SO, owner: 1, holes: {n}, seeds: 0 }}\n    - {{ row: SI, owner: 1, holes: {n}, seeds: 0 }}\n    - {{ row: NI, owner: 2, holes: {n}, seeds: 0 }}\n    - {{ row: NO, owner: 2, holes: {n}, seeds: 0 }}\nstart: {{ pits: [{pits}] }}\nsowing: {{ relay: last }}\npipeline:\n  moves: {{ min_seeds: 2 }}\n  capture:\n    across: {{ last: occupied, needs: both, then: sow_on_from_lap_start }}\n    reverse_laps: {{ outer: [1], inner: [], when: ends_facing, captured_again: true{extra} }}\n  end:\n    - {{ when: no_move, then: to_move_loses }}\n");
        let rule = crate::Rule::data_from_text(text, std::path::Path::new("t.yaml")).unwrap();
        let opts = rule.resolve_options::<&str>(&[]).unwrap();
        let mut b = rule.new_board(&opts).unwrap().cast::<Board>();
        for mv in moves {
            let id = b.layout.parse_label(1, mv).unwrap();
            crate::engine::player::play::play(&mut b, id, &mut Vec::new()).unwrap();
        }
        b
    }

    #[test]
    fn the_seeds_taken_may_be_sown_with_the_start_hole_when_the_lap_went_round_past_it() {
        // Two holes a row (South's loop SO1, SO2, SI2, SI1): SO2's 5 go SI2, SI1, SO1, SO2 (1
        // again), SI2 (2: occupied), facing NI1 and NO1 (1 each): 2 taken.
        let pits = "0, 5, 0, 0, 1, 0, 1, 2";
        // Sown alone from after SO2: SI2 (3), SI1 (2: relay), SO1, SO2 (2: relay), SI2 (4),
        // SI1 (emptied: the end).
        let b = after(2, pits, "", &["SO2"]);
        assert_eq!(b.seeds[..4], [2, 0, 1, 4], "SO1, SO2, SI1, SI2");
        // With SO2's 1 (captured_with_start_hole): 3 from after SO2: SI2 (3), SI1 (2), SO1 (2:
        // relay, not clockwise: its lap would end facing nothing), SO2, SI2 (4: relay, facing
        // nothing now), SI1, SO1, SO2, SI2 (emptied: the end).
        let b = after(2, pits, ", captured_with_start_hole: true", &["SO2"]);
        assert_eq!(b.seeds[..4], [1, 2, 3, 1], "SO1, SO2, SI1, SI2");
        assert_eq!(b.to_move, 2);
    }

    #[test]
    fn the_seeds_an_anticlockwise_lap_takes_may_go_clockwise_from_its_start() {
        // Three holes a row (South's loop SO1, SO2, SO3, SI3, SI2, SI1): SO1's 3 sown either
        // way end facing two occupied holes (clockwise: SI1, SI2, SI3, facing NI1, NO1), so the
        // mover is asked; anticlockwise: SO2, SO3, SI3 (1: occupied) takes NI1 and NO1.
        let pits = "3, 0, 0, 0, 1, 1, 1, 1, 0, 1, 1, 2";
        let b = after(3, pits, "", &["SO1", "ccw"]);
        // Their 2 go anticlockwise from after SO1 (captured_again asks only after a clockwise
        // lap): SO2 (2), SO3 (2: relay), SI3 (3), SI2 (2: occupied, facing NI2 and NO2: taken,
        // sown from after SO3) SI3 (4), SI2 (3: relay) SI1, SO1, SO2 (3: relay) SO3, SI3, SI2
        // (emptied: the end).
        assert_eq!(b.to_move, 2);
        assert_eq!(b.seeds[..6], [1, 0, 1, 1, 1, 5], "SO1..SO3, SI1..SI3");
        // With captured_again_any_lap they may go clockwise from SO1, their lap ending in SI2,
        // facing NI2 and NO2 (1 each): the mover is asked.
        let b = after(3, pits, ", captured_again_any_lap: true", &["SO1", "ccw"]);
        assert_eq!(b.to_move, 1);
        let mut ids = Vec::new();
        let p = b.layout.pipeline.clone().unwrap();
        crate::engine::player::play::legal_into(&b, &p, 1, &mut ids);
        let legal: Vec<String> = ids.iter().map(|&m| b.layout.label(m)).collect();
        assert_eq!(legal, ["cw", "ccw"]);
    }

    #[test]
    fn the_outer_rows_are_in_opposition_until_a_lap_of_the_first_turn_reaches_the_inner_row() {
        // Three holes a row; North's NO1 (2) behind SO3's file (SI3 faces NI1, NO1), NI3 and NO3
        // (1 each) across SI1. Without the opposition: SO1's 2 end in SO3 (occupied): relay,
        // SI3, SI2 (empty: the end).
        let pits = "2, 0, 1, 1, 0, 0, 0, 0, 1, 2, 2, 1";
        let b = after(3, pits, "", &["SO1"]);
        assert_eq!(b.seeds[..12], [0, 1, 0, 1, 1, 1, 0, 0, 1, 2, 2, 1]);
        // With it (South's first turn): SO3 takes NO1's 2, sown from after SO1: SO2, SO3 (3:
        // NO1 is empty now: relay) SI3, SI2, SI1 (2): the inner row reached, no capture though
        // NI3 and NO3 hold seeds: relay SO1, SO2 (3) SO3, SI3, SI2 (2, facing nothing) SI1, SO1
        // (2; clockwise it would end in SI2, facing nothing) SO2, SO3 (2) SI3, SI2 (emptied:
        // the end).
        let b = after(3, pits, ", first_turn_outer_captures: true", &["SO1"]);
        assert_eq!(b.seeds[..12], [0, 1, 0, 1, 1, 3, 0, 0, 1, 0, 2, 1]);
    }
}
