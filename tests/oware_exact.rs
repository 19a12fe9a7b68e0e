//! Oware solved exactly on small boards: `solve_exact` against a plain minimax over Oware written
//! here from the rule's text, independently of the engine.
//!
//! The reading solved (rules/oware.rhai): R2 sowing skips the house moved from; R3 a last seed
//! making 2 or 3 in an opponent's house captures it and the opponent's houses before it holding
//! 2 or 3; R4 a capture of every seed on the opponent's side captures nothing (abapa); R5 when the
//! opponent has no seeds only moves that give him some; R6 more than half the seeds captured (or
//! half each) ends the game, the seeds left to nobody; R7 a player without a legal move ends it,
//! each player taking his side; R9 (`repetition=true`) a position repeated since the last capture
//! ends it, each taking his side (R10, `repetition_sweep=none`: the seeds on the board count for
//! nobody). `max_turns=0`: no move limit.
//!
//! Oware's tablebases (`repetition=true repetition_sweep=none max_turns=0`, the reading in which a
//! position's value does not depend on the moves before it) are checked here position by
//! position against the same minimax, which knows nothing of layers, splits or retrograde
//! analysis: it plays the game forward and remembers the positions seen since the last capture.

mod common;

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use common::rules_dir;
use sowlab::search::tablebase::build::build_all;
use sowlab::{solve_exact, Board, Exact, Game, Position, Rule, SearchLimits, Tablebase};

/// The reading of Oware's tablebases.
const TB: &[&str] = &["repetition=true", "repetition_sweep=none", "max_turns=0"];

fn oware(sets: &[&str]) -> Game {
    let rule = Arc::new(Rule::load("oware", &rules_dir()).unwrap());
    let opts = rule.resolve_options(sets).unwrap();
    Game::new(rule, opts).unwrap()
}

fn exact(g: &Game) -> Exact {
    solve_exact(&g.rule, g.current(), &SearchLimits::default(), None, None).unwrap()
}

fn exact_with(g: &Game, tb: &Tablebase) -> Exact {
    solve_exact(
        &g.rule,
        g.current(),
        &SearchLimits::default(),
        Some(tb),
        None,
    )
    .unwrap()
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

/// How a game that repeats a position since the last capture ends.
#[derive(Clone, Copy, PartialEq)]
enum Rep {
    /// It does not (`repetition=false`; the boards checked here cannot cycle for ever then).
    Off,
    /// Each player takes the seeds on his side (`repetition=true`).
    Owners,
    /// The seeds on the board count for nobody (`repetition_sweep=none`).
    Nobody,
}

/// South's final margin from `o` (not over), the positions since the last capture in `seen`
/// (`o` included); plain minimax, memoised on the whole state.
fn minimax(
    o: &Ow,
    seen: &mut BTreeSet<Ow>,
    rep: Rep,
    memo: &mut HashMap<(Ow, BTreeSet<Ow>), i32>,
) -> i32 {
    let repetition = rep != Rep::Off;
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
                if rep == Rep::Nobody {
                    return a as i32 - b as i32;
                }
                let s = c.swept();
                return s[0] - s[1];
            }
            let mut next = if captured {
                BTreeSet::new()
            } else {
                seen.clone()
            };
            next.insert(c.clone());
            minimax(&c, &mut next, rep, memo)
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
            Rep::Owners,
            &mut HashMap::new(),
        );
        let (hs, ns) = (format!("holes={h}"), format!("seeds={n}"));
        let g = oware(&[&hs, &ns, "repetition=true", "max_turns=0"]);
        let r = exact(&g);
        assert!(r.stats.complete, "{h}x{n}");
        assert_eq!(r.margin, Some(want as i64), "{h}x{n}: {}", r.line());
    }
}

/// Every composition of `k` seeds into `n` houses.
fn compositions(n: usize, k: u8) -> Vec<Vec<u8>> {
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

/// Every position of a game of `h` houses a side and `total` seeds that is not over by the
/// captures (nobody holds more than half, and not half each): holes, captured split, mover.
fn positions(h: usize, total: u8) -> Vec<Ow> {
    let mut out = Vec::new();
    for k in 0..=total {
        let taken = total - k;
        for a in 0..=taken {
            let b = taken - a;
            if 2 * a as u32 > total as u32 || 2 * b as u32 > total as u32 || (k == 0 && a == b) {
                continue;
            }
            for pits in compositions(2 * h, k) {
                for mover in 0..2 {
                    out.push(Ow {
                        pits: pits.clone(),
                        held: [a, b],
                        mover,
                    });
                }
            }
        }
    }
    out
}

/// The board of `o`, from `template` (a board of the same game): a position with no history.
fn board_at(template: &Board, o: &Ow) -> Board {
    let mut b = template.clone();
    let pos = Position {
        pits: o.pits.iter().map(|&x| x as i64).collect(),
        stores: Some(vec![o.held[0] as i64, o.held[1] as i64]),
        to_move: Some(o.mover + 1),
        ..Position::default()
    };
    pos.apply_to(&mut b).unwrap();
    b
}

/// The tablebase of Oware `h` x `n` (every layer, up to all the seeds in play).
fn tablebase(h: usize, n: u8) -> (Game, Tablebase) {
    let (hs, ns) = (format!("holes={h}"), format!("seeds={n}"));
    let mut sets: Vec<&str> = vec![&hs, &ns];
    sets.extend_from_slice(TB);
    let g = oware(&sets);
    let b = g.board().clone();
    let total = 2 * h * n as usize;
    let tb = build_all(&g.rule, &b, total, 1).unwrap().unwrap();
    (g, tb)
}

#[test]
fn every_position_of_the_tablebase_equals_the_minimax() {
    // Every position of 2 x 1 (the minimax, which keeps the positions of its line to see
    // repetitions, does not finish 2 x 2 in a debug build within minutes; the larger boards'
    // values are checked against `solve` in BENCHMARKS.md).
    for (h, n, all) in [(2, 1, true)] {
        let (g0, tb) = tablebase(h, n);
        let total = 2 * h as u8 * n;
        let mut memo = HashMap::new();
        let (mut checked, mut over, mut nonzero) = (0, 0, 0);
        let template = g0.board();
        let mut moves = Vec::new();
        let every = if all {
            positions(h, total)
        } else {
            vec![start(h, n)]
        };
        for o in every {
            let b = board_at(&template, &o);
            g0.rule.legal_board(&b, &mut moves).unwrap();
            if moves.is_empty() {
                // A player to move with no legal move: the game is over as soon as such a
                // position arises (each player takes his side), so no search probes it.
                assert!(o.moves().is_empty(), "{o:?}");
                over += 1;
                continue;
            }
            let south = minimax(&o, &mut BTreeSet::from([o.clone()]), Rep::Nobody, &mut memo);
            let now = o.held[0] as i32 - o.held[1] as i32;
            let want = if o.mover == 0 {
                south - now
            } else {
                now - south
            };
            assert_eq!(
                tb.probe(&g0.rule, &b).unwrap(),
                Some(want),
                "{h}x{n}: {o:?} (tablebase against minimax)"
            );
            checked += 1;
            nonzero += (want != 0) as u32;
        }
        assert!(
            checked > 0 && (!all || (nonzero > 0 && over > 0)),
            "{h}x{n}"
        );
        // The start, through `solve` with the tablebase, and without it.
        let with = exact_with(&g0, &tb);
        let without = exact(&g0);
        assert!(with.stats.complete && without.stats.complete, "{h}x{n}");
        assert_eq!(with.margin, without.margin, "{h}x{n}");
        let o = start(h, n);
        let want = minimax(&o, &mut BTreeSet::from([o.clone()]), Rep::Nobody, &mut memo);
        assert_eq!(with.margin, Some(want as i64), "{h}x{n}: {}", with.line());
        // The line read from the tablebase, replayed, ends with that margin.
        let (hs, ns) = (format!("holes={h}"), format!("seeds={n}"));
        let mut sets: Vec<&str> = vec![&hs, &ns];
        sets.extend_from_slice(TB);
        let mut g = oware(&sets);
        for m in &with.pv {
            g.play(m).unwrap();
        }
        let s = g.state();
        assert!(s.over, "{h}x{n}: {}", with.line());
        assert_eq!(
            s.stores[0] - s.stores[1],
            want as i64,
            "{h}x{n}: {}",
            with.line()
        );
    }
}

#[test]
fn each_layer_holds_exactly_the_positions_it_indexes() {
    for (h, n) in [(2, 2), (2, 3), (3, 1), (3, 2), (4, 1)] {
        let (hs, ns) = (format!("holes={h}"), format!("seeds={n}"));
        let mut sets: Vec<&str> = vec![&hs, &ns];
        sets.extend_from_slice(TB);
        let g = oware(&sets);
        let template = g.board();
        // The layer sizes are known before any layer is built.
        let tb = Tablebase::empty(&g.rule, &template).unwrap();
        let total = 2 * h as u8 * n;
        let mut seen: Vec<Vec<bool>> = (0..=total as usize)
            .map(|k| vec![false; tb.layer_size(k) as usize])
            .collect();
        let mut counted = vec![0u64; total as usize + 1];
        for o in positions(h, total) {
            let k = o.pits.iter().map(|&x| x as usize).sum::<usize>();
            counted[k] += 1;
            let b = board_at(&template, &o);
            let (layer, i) = tb
                .index_of(&b)
                .unwrap_or_else(|| panic!("{o:?} not indexed"));
            assert_eq!(layer, k);
            assert!(!seen[k][i], "{h}x{n}: {o:?} shares index {i} of layer {k}");
            seen[k][i] = true;
        }
        for (k, &count) in counted.iter().enumerate() {
            assert_eq!(tb.layer_size(k), count, "{h}x{n} layer {k}");
        }
        // A position past the majority, or with seeds that do not add up, is in no layer.
        let mut b = board_at(&template, &start(h, n));
        b.reserves[0] = total as i64;
        assert_eq!(tb.index_of(&b), None);
        let mut pits = vec![0u8; 2 * h];
        pits[0] = 2;
        let past = Ow {
            pits,
            held: [total - 2, 0],
            mover: 1,
        };
        assert_eq!(tb.index_of(&board_at(&template, &past)), None);
    }
}

/// Compositions of `k` seeds into `n` houses, counted by adding a house at a time.
fn count_compositions(n: usize, k: usize) -> u64 {
    // ways[j]: compositions of j seeds into the houses added so far.
    let mut ways = vec![0u64; k + 1];
    ways[0] = 1;
    for _ in 0..n {
        let mut next = vec![0u64; k + 1];
        for j in 0..=k {
            next[j] = (0..=j).map(|x| ways[j - x]).sum();
        }
        ways = next;
    }
    ways[k]
}

#[test]
fn the_layers_of_the_boards_solved_hold_the_positions_not_over() {
    // The boards of BENCHMARKS.md, too large to list position by position here: each layer's
    // size against the splits nobody is past half in, counted one by one, times the houses'
    // compositions, counted by adding a house at a time, times two players to move.
    for (h, n) in [(6, 1), (4, 2), (4, 3), (6, 2)] {
        let (hs, ns) = (format!("holes={h}"), format!("seeds={n}"));
        let mut sets: Vec<&str> = vec![&hs, &ns];
        sets.extend_from_slice(TB);
        let g = oware(&sets);
        let tb = Tablebase::empty(&g.rule, &g.board()).unwrap();
        let total = 2 * h * n;
        for k in 0..=total {
            let taken = total - k;
            let splits = (0..=taken)
                .filter(|&a| {
                    2 * a <= total && 2 * (taken - a) <= total && !(k == 0 && 2 * a == taken)
                })
                .count() as u64;
            let want = 2 * splits * count_compositions(2 * h, k);
            assert_eq!(tb.layer_size(k), want, "{h}x{n} layer {k}");
        }
    }
}
