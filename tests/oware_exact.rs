//! Oware solved exactly on small boards: `solve_exact` against a plain minimax over Oware written
//! here from the rule's text, independently of the engine.
//!
//! The reading solved (rules/oware.rhai): R2 sowing skips the house moved from; R3 a last seed
//! making 2 or 3 in an opponent's house captures it and the opponent's houses before it holding
//! 2 or 3; R4 a capture of every seed on the opponent's side captures nothing (abapa); R5 when the
//! opponent has no seeds only moves that give him some; R6 more than half the seeds captured (or
//! half each) ends the game, the seeds left to nobody; R7 a player without a legal move ends it,
//! each player taking his side; R9 (`repetition=true`) a position repeated since the last capture
//! ends it, each taking his side. `max_turns=0`: no move limit.

mod common;

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use common::rules_dir;
use sowlab::{solve_exact, Exact, Game, Rule, SearchLimits};

fn oware(sets: &[&str]) -> Game {
    let rule = Arc::new(Rule::load("oware", &rules_dir()).unwrap());
    let opts = rule.resolve_options(sets).unwrap();
    Game::new(rule, opts).unwrap()
}

fn exact(g: &Game) -> Exact {
    solve_exact(&g.rule, g.current(), &SearchLimits::default(), None, None).unwrap()
}

// ---------------------------------------------------------------------------------------------
// Oware by hand: houses 0..h are South's (player 1), h..2h North's, sown in increasing order.

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
struct Ow {
    pits: Vec<u8>,
    held: [u8; 2],
    /// 0: South to move, 1: North.
    mover: usize,
}

impl Ow {
    fn h(&self) -> usize {
        self.pits.len() / 2
    }
    fn side(&self, p: usize) -> std::ops::Range<usize> {
        let h = self.h();
        p * h..(p + 1) * h
    }
    fn on_side(&self, p: usize) -> u32 {
        self.side(p).map(|i| self.pits[i] as u32).sum()
    }
    fn total(&self) -> u32 {
        self.pits.iter().map(|&x| x as u32).sum::<u32>() + self.held[0] as u32 + self.held[1] as u32
    }
    /// Sows house `i` and captures (R2-R4); the turn passes.
    fn play(&self, i: usize) -> Ow {
        let mut o = self.clone();
        let n = o.pits.len();
        let mut seeds = std::mem::take(&mut o.pits[i]);
        let mut at = i;
        while seeds > 0 {
            at = (at + 1) % n;
            if at == i {
                continue;
            }
            o.pits[at] += 1;
            seeds -= 1;
        }
        let opp = 1 - o.mover;
        let mut caught = Vec::new();
        let mut q = at;
        while o.side(opp).contains(&q) && (o.pits[q] == 2 || o.pits[q] == 3) {
            caught.push(q);
            if q == o.side(opp).start {
                break;
            }
            q -= 1;
        }
        let took: u32 = caught.iter().map(|&q| o.pits[q] as u32).sum();
        if took > 0 && took < o.on_side(opp) {
            for q in caught {
                o.held[o.mover] += std::mem::take(&mut o.pits[q]);
            }
        }
        o.mover = opp;
        o
    }
    /// The legal moves (R5).
    fn moves(&self) -> Vec<usize> {
        let opp = 1 - self.mover;
        self.side(self.mover)
            .filter(|&i| self.pits[i] > 0)
            .filter(|&i| self.on_side(opp) > 0 || self.play(i).on_side(opp) > 0)
            .collect()
    }
    /// Each player takes the seeds on his side.
    fn swept(&self) -> [i32; 2] {
        [
            self.held[0] as i32 + self.on_side(0) as i32,
            self.held[1] as i32 + self.on_side(1) as i32,
        ]
    }
}

/// South's final margin from `o` (not over), the positions since the last capture in `seen`
/// (`o` included); plain minimax, memoised on the whole state.
fn minimax(
    o: &Ow,
    seen: &mut BTreeSet<Ow>,
    repetition: bool,
    memo: &mut HashMap<(Ow, BTreeSet<Ow>), i32>,
) -> i32 {
    let key = (
        o.clone(),
        if repetition {
            seen.clone()
        } else {
            BTreeSet::new()
        },
    );
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let moves = o.moves();
    let best = if moves.is_empty() {
        let s = o.swept();
        s[0] - s[1]
    } else {
        let vals = moves.iter().map(|&i| {
            let c = o.play(i);
            let t = c.total();
            let (a, b) = (c.held[0] as u32, c.held[1] as u32);
            if 2 * a > t || 2 * b > t || (2 * a == t && 2 * b == t) {
                return a as i32 - b as i32;
            }
            let captured = c.held != o.held;
            if repetition && !captured && seen.contains(&c) {
                let s = c.swept();
                return s[0] - s[1];
            }
            let mut next = if captured {
                BTreeSet::new()
            } else {
                seen.clone()
            };
            next.insert(c.clone());
            minimax(&c, &mut next, repetition, memo)
        });
        let vals: Vec<i32> = vals.collect();
        if o.mover == 0 {
            *vals.iter().max().unwrap()
        } else {
            *vals.iter().min().unwrap()
        }
    };
    memo.insert(key, best);
    best
}

fn start(h: usize, n: u8) -> Ow {
    Ow {
        pits: vec![n; 2 * h],
        held: [0, 0],
        mover: 0,
    }
}

#[test]
fn solve_equals_a_plain_minimax_on_small_boards() {
    for (h, n) in [(2, 1), (2, 2)] {
        let o = start(h, n);
        let want = minimax(
            &o,
            &mut BTreeSet::from([o.clone()]),
            true,
            &mut HashMap::new(),
        );
        let (hs, ns) = (format!("holes={h}"), format!("seeds={n}"));
        let g = oware(&[&hs, &ns, "repetition=true", "max_turns=0"]);
        let r = exact(&g);
        assert!(r.stats.complete, "{h}x{n}");
        assert_eq!(r.margin, Some(want as i64), "{h}x{n}: {}", r.line());
    }
}
