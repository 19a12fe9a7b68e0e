//! The NATIVE BASELINE: plain Rust implementations of Raja Pasu random play and of the Tchuka Ruma
//! search, written straight from `docs/readings.md` (not from the scripts), on fixed-size arrays. They are
//! not part of the product: they only give the speed the scripted rules are compared with, and
//! their results are checked equal to the scripts' (`check_*` in `mod.rs`).

use std::collections::HashSet;

use super::{Rng, SolveCount};

// ---------------------------------------------------------------- Raja Pasu

/// Raja Pasu options (the defaults of docs/readings.md).
#[derive(Clone, Debug)]
pub struct RajaPasuOptions {
    /// Who starts the first round.
    pub first: usize,
    /// Whether the last seed of a lap captures a four.
    pub last_seed_four: bool,
    /// Full match (true) or a single round.
    pub rounds: bool,
    /// Lap limit of one move.
    pub max_laps: u32,
    /// Move limit of one round.
    pub max_turns: u32,
}

impl Default for RajaPasuOptions {
    fn default() -> Self {
        RajaPasuOptions {
            first: 1,
            last_seed_four: true,
            rounds: true,
            max_laps: 1000,
            max_turns: 2000,
        }
    }
}

/// A Raja Pasu position: pits 0..7 are South 1..7, 7..14 North 1..7 (anticlockwise, as the track).
#[derive(Clone, Debug)]
pub struct RajaPasu {
    /// Seeds per hole.
    pub seeds: [u8; 14],
    /// Closed holes.
    pub closed: [bool; 14],
    /// Reserves of South and North.
    pub reserves: [u32; 2],
    /// Player to move (1 or 2).
    pub to_move: usize,
    /// Moves made in this round.
    pub turns: u32,
    /// Whether the match is over.
    pub over: bool,
    /// Winner, 0 for none.
    pub winner: usize,
}

/// The end of a native playout.
#[derive(Clone, Debug)]
pub struct NativeEnd<const N: usize> {
    /// Moves played.
    pub moves: u64,
    /// Seeds per pit (pit ids as the script's).
    pub seeds: [u8; N],
    /// Reserves.
    pub reserves: Vec<u32>,
    /// Closed flags.
    pub closed: [bool; N],
    /// Winner, 0 for none.
    pub winner: usize,
    /// Whether the game ended.
    pub over: bool,
}

#[inline]
fn owner(p: usize) -> usize {
    if p < 7 {
        1
    } else {
        2
    }
}

impl RajaPasu {
    /// The start of a match.
    pub fn new(o: &RajaPasuOptions) -> RajaPasu {
        RajaPasu {
            seeds: [7; 14],
            closed: [false; 14],
            reserves: [0; 2],
            to_move: o.first,
            turns: 0,
            over: false,
            winner: 0,
        }
    }

    #[inline]
    fn next_open(&self, p: usize) -> usize {
        let mut q = p;
        loop {
            q = if q == 13 { 0 } else { q + 1 };
            if !self.closed[q] {
                return q;
            }
        }
    }

    /// The legal moves: the mover's open holes holding seeds, South/North 1..7 order.
    #[inline]
    pub fn legal(&self, out: &mut [usize; 7]) -> usize {
        let base = if self.to_move == 1 { 0 } else { 7 };
        let mut n = 0;
        for p in base..base + 7 {
            if !self.closed[p] && self.seeds[p] > 0 {
                out[n] = p;
                n += 1;
            }
        }
        n
    }

    fn seeds_of(&self, pl: usize) -> u32 {
        let base = if pl == 1 { 0 } else { 7 };
        (base..base + 7)
            .filter(|&p| !self.closed[p])
            .map(|p| self.seeds[p] as u32)
            .sum()
    }

    /// Plays the move from hole `pit` with everything automatic after it (end of round, refill).
    pub fn play(&mut self, o: &RajaPasuOptions, pit: usize) {
        let me = self.to_move;
        let mut hand = self.seeds[pit] as u32;
        self.seeds[pit] = 0;
        let mut pos = pit;
        let mut laps = 0;
        let mut stopped = false;
        loop {
            laps += 1;
            while hand > 0 {
                pos = self.next_open(pos);
                self.seeds[pos] += 1;
                hand -= 1;
                if self.seeds[pos] == 4 && (hand > 0 || o.last_seed_four) {
                    self.reserves[owner(pos) - 1] += 4;
                    self.seeds[pos] = 0;
                }
            }
            let n = self.next_open(pos);
            if self.seeds[n] == 0 {
                break;
            }
            if laps >= o.max_laps {
                stopped = true;
                break;
            }
            hand = self.seeds[n] as u32;
            self.seeds[n] = 0;
            pos = n;
        }
        if !stopped {
            let empty = self.next_open(pos);
            let beyond = self.next_open(empty);
            self.reserves[me - 1] += self.seeds[beyond] as u32;
            self.seeds[beyond] = 0;
        }
        self.to_move = 3 - me;
        self.turns += 1;
        if self.seeds_of(self.to_move) == 0 {
            let left: u32 = (0..14)
                .filter(|&p| !self.closed[p])
                .map(|p| self.seeds[p] as u32)
                .sum();
            self.reserves[me - 1] += left;
            self.clear_board();
            self.new_round(o, me);
        } else if stopped || self.turns >= o.max_turns {
            for pl in 1..=2 {
                self.reserves[pl - 1] += self.seeds_of(pl);
            }
            self.clear_board();
            self.new_round(o, self.to_move);
        }
    }

    fn clear_board(&mut self) {
        for p in 0..14 {
            if !self.closed[p] {
                self.seeds[p] = 0;
            }
        }
    }

    fn new_round(&mut self, o: &RajaPasuOptions, starter: usize) {
        if !o.rounds || self.reserves.iter().any(|&r| r < 7) {
            self.over = true;
            let [s, n] = self.reserves;
            self.winner = if s > n {
                1
            } else if n > s {
                2
            } else {
                0
            };
            return;
        }
        for pl in 1..=2 {
            let base = if pl == 1 { 0 } else { 7 };
            let fill = (self.reserves[pl - 1] / 7).min(7) as usize;
            self.reserves[pl - 1] -= 7 * fill as u32;
            for i in 0..7 {
                // Hole i+1 of the row; the last `fill` holes (the right end) are filled.
                let p = base + i;
                if i >= 7 - fill {
                    self.closed[p] = false;
                    self.seeds[p] = 7;
                } else {
                    self.closed[p] = true;
                    self.seeds[p] = 0;
                }
            }
        }
        self.to_move = starter;
        self.turns = 0;
    }
}

/// One random Raja Pasu match natively, with the same move choice as the scripted playout.
pub fn raja_pasu_playout(o: &RajaPasuOptions, rng: &mut Rng) -> NativeEnd<14> {
    let mut g = RajaPasu::new(o);
    let mut moves = 0;
    let mut legal = [0usize; 7];
    while !g.over && moves < super::MOVE_CAP {
        let n = g.legal(&mut legal);
        if n == 0 {
            break;
        }
        g.play(o, legal[rng.below(n)]);
        moves += 1;
    }
    NativeEnd {
        moves,
        seeds: g.seeds,
        reserves: g.reserves.to_vec(),
        closed: g.closed,
        winner: g.winner,
        over: g.over,
    }
}

// ---------------------------------------------------------------- Tchuka Ruma

/// Lap limit of the core's sowing when a script sets none (`SowRule::default().max_laps`).
const TCHUKA_MAX_LAPS: u32 = 10_000;

/// What a Tchuka Ruma move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// The last seed fell into the ruma: the player chooses again (or has won).
    Ruma,
    /// The last seed fell into an empty hole: lost.
    Lost,
    /// Still relaying at the lap limit (the scripted rules report an error).
    Endless,
}

/// Sows from hole `from` on holes `0..h` with the ruma at `h` (relay on an occupied hole).
#[inline]
fn tchuka_move(s: &mut [u8; 9], h: usize, from: usize) -> Outcome {
    let mut hand = s[from];
    s[from] = 0;
    let mut pos = from;
    let mut laps = 0;
    loop {
        laps += 1;
        while hand > 0 {
            pos = if pos == h { 0 } else { pos + 1 };
            s[pos] += 1;
            hand -= 1;
        }
        if pos == h {
            return Outcome::Ruma;
        }
        if s[pos] == 1 {
            return Outcome::Lost;
        }
        if laps >= TCHUKA_MAX_LAPS {
            return Outcome::Endless;
        }
        hand = s[pos];
        s[pos] = 0;
    }
}

fn pack(s: &[u8; 9], h: usize) -> u64 {
    s[..=h].iter().fold(0u64, |k, &x| (k << 7) | x as u64)
}

/// Exhaustive search of Tchuka Ruma with `h` holes of `seeds` seeds (h <= 8, h * seeds < 128).
pub fn tchuka_solve(h: usize, seeds: u8) -> SolveCount {
    assert!(h <= 8 && (h as u32) * (seeds as u32) < 128);
    let mut out = SolveCount::default();
    let mut start = [0u8; 9];
    start[..h].fill(seeds);
    let mut seen: HashSet<u64> = HashSet::new();
    let mut stack = vec![start];
    seen.insert(pack(&start, h));
    while let Some(pos) = stack.pop() {
        out.positions += 1;
        if pos[..h].iter().all(|&x| x == 0) {
            out.solvable = true;
            continue;
        }
        for from in 0..h {
            if pos[from] == 0 {
                continue;
            }
            out.moves += 1;
            let mut s = pos;
            if tchuka_move(&mut s, h, from) != Outcome::Ruma {
                continue;
            }
            if seen.insert(pack(&s, h)) {
                stack.push(s);
            }
        }
    }
    out
}

/// One random Tchuka Ruma game natively, with the same move choice as the scripted playout.
pub fn tchuka_playout(h: usize, seeds: u8, rng: &mut Rng) -> NativeEnd<9> {
    let mut s = [0u8; 9];
    s[..h].fill(seeds);
    let mut moves = 0;
    let (mut over, mut winner) = (false, 0);
    let mut legal = [0usize; 8];
    if s[..h].iter().all(|&x| x == 0) {
        over = true;
        winner = 1;
    }
    while !over {
        let mut n = 0;
        for (p, &x) in s[..h].iter().enumerate() {
            if x > 0 {
                legal[n] = p;
                n += 1;
            }
        }
        let from = legal[rng.below(n)];
        moves += 1;
        match tchuka_move(&mut s, h, from) {
            Outcome::Ruma => {
                if s[..h].iter().all(|&x| x == 0) {
                    over = true;
                    winner = 1;
                }
            }
            Outcome::Lost => over = true,
            Outcome::Endless => panic!("endless sowing in a playout"),
        }
    }
    let mut seeds_out = [0u8; 9];
    seeds_out[..=h].copy_from_slice(&s[..=h]);
    NativeEnd {
        moves,
        seeds: seeds_out,
        reserves: vec![0],
        closed: [false; 9],
        winner,
        over,
    }
}
