//! Oware solved exactly on small boards: `solve_exact` against a plain minimax over Oware written
//! here from the rule's text (independently of the engine), tablebases against the search, and
//! the layers' sizes against the positions they index, counted by enumeration.
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
use sowlab::search::tablebase::build::build_all;
use sowlab::search::tablebase::index::Index;
use sowlab::{solve_exact, Exact, Game, Position, Rule, SearchLimits, Tablebase};

fn oware(sets: &[&str]) -> Game {
    let rule = Arc::new(Rule::load("oware", &rules_dir()).unwrap());
    let opts = rule.resolve_options(sets).unwrap();
    Game::new(rule, opts).unwrap()
}

fn exact(g: &Game, tb: Option<&Tablebase>) -> Exact {
    solve_exact(&g.rule, g.current(), &SearchLimits::default(), tb, None).unwrap()
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
    for (h, n) in [(2, 1), (3, 1)] {
        let o = start(h, n);
        let want = minimax(
            &o,
            &mut BTreeSet::from([o.clone()]),
            true,
            &mut HashMap::new(),
        );
        let (hs, ns) = (format!("holes={h}"), format!("seeds={n}"));
        let g = oware(&[&hs, &ns, "repetition=true", "max_turns=0"]);
        let r = exact(&g, None);
        assert!(r.stats.complete, "{h}x{n}");
        assert_eq!(r.margin, Some(want as i64), "{h}x{n}: {}", r.line());
    }
}

/// Layers `0..=k_max` of Oware with `h` houses a side, for games of `h * n * 2` seeds.
fn table(h: usize, n: usize, k_max: usize) -> (Game, Tablebase) {
    let (hs, ns) = (format!("holes={h}"), format!("seeds={n}"));
    let g = oware(&[&hs, &ns, "repetition=true", "max_turns=0"]);
    let tb = build_all(&g.rule, &g.board(), k_max, 1).unwrap().unwrap();
    (g, tb)
}

#[test]
fn layer_sizes_equal_the_positions_they_index() {
    // Every position of a layer: the houses (k seeds), the player to move, and the split of the
    // captured seeds (they decide when the game stops). Enumerated by brute force, each has its
    // own index, and together they fill the layer.
    let (h, n) = (3, 1);
    let (g, tb) = table(h, n, 6);
    let total = 2 * h * n;
    for k in 0..=6usize {
        let mut seen = vec![false; tb.layer_size(k) as usize];
        let mut count = 0u64;
        let mut b = g.board().clone();
        for pits in compositions(2 * h, k) {
            for mover in 1..=2 {
                for mine in 0..=(total - k) {
                    for (i, &s) in g.board().layout.holes.iter().zip(&pits) {
                        b.seeds[*i] = s as i64;
                    }
                    b.to_move = mover;
                    b.reserves[mover - 1] = mine as i64;
                    b.reserves[2 - mover] = (total - k - mine) as i64;
                    let i = tb.index_in_layer(&b, k).unwrap() as usize;
                    assert!(!seen[i], "layer {k}: {pits:?} {mover} {mine} shares {i}");
                    seen[i] = true;
                    count += 1;
                }
            }
        }
        assert_eq!(count, tb.layer_size(k), "layer {k}");
        assert_eq!(tb.layer(k).len() as u64, count, "layer {k}");
    }
    // The perfect index's size, for the 6 x 2 board's houses too.
    let ix = Index::new(12, 6);
    for k in 0..=6 {
        assert_eq!(
            compositions(12, k).len() as u64,
            ix.size(k),
            "12 houses, {k}"
        );
    }
}

fn compositions(n: usize, k: usize) -> Vec<Vec<usize>> {
    if n == 1 {
        return vec![vec![k]];
    }
    let mut out = Vec::new();
    for x in 0..=k {
        for mut rest in compositions(n - 1, k - x) {
            rest.insert(0, x);
            out.push(rest);
        }
    }
    out
}

/// The position of board `b` (houses, captures, mover).
fn position_of(pits: &[i64], held: [i64; 2], to_move: usize) -> Position {
    Position {
        pits: pits.to_vec(),
        stores: None,
        reserves: Some(held.to_vec()),
        closed: Vec::new(),
        penalties: None,
        to_move: Some(to_move),
        vars: Default::default(),
    }
}

#[test]
fn tablebase_values_equal_the_minimax_and_the_search() {
    let (h, n) = (2, 1);
    let (g, tb) = table(h, n, 4);
    // Every position of the top layer that can arise, valued by the minimax on a fresh start.
    let mut memo = HashMap::new();
    let mut checked = 0;
    let k = 4;
    for pits in compositions(2 * h, k) {
        for mover in 0..2 {
            let o = Ow {
                pits: pits.iter().map(|&x| x as u8).collect(),
                held: [0, 0],
                mover,
            };
            if o.moves().is_empty() {
                continue; // over as soon as it arises: never probed
            }
            let want = minimax(&o, &mut BTreeSet::from([o.clone()]), true, &mut memo);
            let pos = position_of(
                &pits.iter().map(|&x| x as i64).collect::<Vec<_>>(),
                [0, 0],
                mover + 1,
            );
            let gp = Game::with_position(g.rule.clone(), g.options.clone(), &pos).unwrap();
            let got = tb.probe(&gp.board()).unwrap();
            let sign = if mover == 0 { 1 } else { -1 };
            assert_eq!(got, sign * want, "{pits:?} mover {}", mover + 1);
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked}");
    // The start of 3 x 2 (12 seeds): the search alone and with layers 0..6 agree.
    let g2 = oware(&["holes=3", "seeds=2", "repetition=true", "max_turns=0"]);
    let tb2 = build_all(&g2.rule, &g2.board(), 6, 2).unwrap().unwrap();
    let plain = exact(&g2, None);
    let probed = exact(&g2, Some(&tb2));
    assert!(plain.stats.complete && probed.stats.complete);
    assert_eq!(probed.margin, plain.margin, "{}", probed.line());
    assert!(probed.tablebase_hits > 0);
    // And 3 x 1 from the tablebase alone (its top layer holds the start).
    let probed = exact(&g, Some(&tb));
    assert_eq!(probed.margin, exact(&g, None).margin);
}
