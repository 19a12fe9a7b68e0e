//! Differential tests: independent, plain-Rust models of Raja Pasu and Ruma written from
//! docs/readings.md (not from the scripts), played side by side with the rule scripts over seeded random
//! games. After every move the legal moves and the whole public state must agree.

mod common;

use std::collections::BTreeMap;

use sowlab::StateJson;
use sowlab::{board, Options, Rule};

use common::*;

/// Raja Pasu from docs/readings.md. Holes 0..7 are South's S1..S7, 7..14 North's N1..N7, in sowing order.
#[derive(Clone, Debug)]
struct RajaPasu {
    pits: [i64; 14],
    closed: [bool; 14],
    reserves: [i64; 2],
    to_move: usize,
    over: bool,
    winner: usize,
    round: i64,
    turns: i64,
    start_reserve: [i64; 2],
    last_seed_four: bool,
    rounds: bool,
    max_turns: i64,
    max_laps: i64,
    max_rounds: i64,
}

impl RajaPasu {
    fn new(o: &Options) -> RajaPasu {
        let int = |k: &str| o[k].to_string().parse::<i64>().unwrap();
        let flag = |k: &str| o[k].to_string() == "true";
        RajaPasu {
            pits: [7; 14],
            closed: [false; 14],
            reserves: [0; 2],
            to_move: if o["first"].to_string() == "north" {
                1
            } else {
                0
            },
            over: false,
            winner: 0,
            round: 1,
            turns: 0,
            start_reserve: [0; 2],
            last_seed_four: flag("last_seed_four"),
            rounds: flag("rounds"),
            max_turns: int("max_turns"),
            max_laps: int("max_laps"),
            max_rounds: int("max_rounds"),
        }
    }

    fn owner(p: usize) -> usize {
        p / 7
    }

    fn next_open(&self, p: usize) -> usize {
        let mut q = p;
        for _ in 0..14 {
            q = (q + 1) % 14;
            if !self.closed[q] {
                return q;
            }
        }
        p
    }

    fn seeds_of(&self, pl: usize) -> i64 {
        (pl * 7..pl * 7 + 7).map(|p| self.pits[p]).sum()
    }

    fn legal(&self) -> Vec<usize> {
        if self.over {
            return Vec::new();
        }
        let pl = self.to_move;
        (pl * 7..pl * 7 + 7)
            .filter(|&p| !self.closed[p] && self.pits[p] > 0)
            .collect()
    }

    fn play(&mut self, h: usize) {
        let mover = self.to_move;
        let mut hand = self.pits[h];
        self.pits[h] = 0;
        let mut pos = h;
        let mut laps = 0;
        let mut stopped = false;
        loop {
            laps += 1;
            while hand > 0 {
                pos = self.next_open(pos);
                self.pits[pos] += 1;
                hand -= 1;
                if self.pits[pos] == 4 && (hand > 0 || self.last_seed_four) {
                    self.reserves[Self::owner(pos)] += 4;
                    self.pits[pos] = 0;
                }
            }
            let n = self.next_open(pos);
            if self.pits[n] > 0 {
                if laps >= self.max_laps {
                    stopped = true;
                    break;
                }
                hand = self.pits[n];
                self.pits[n] = 0;
                pos = n;
                continue;
            }
            let beyond = self.next_open(n);
            if self.pits[beyond] > 0 {
                self.reserves[mover] += self.pits[beyond];
                self.pits[beyond] = 0;
            }
            break;
        }
        self.turns += 1;
        let other = 1 - mover;
        self.to_move = other;
        if self.seeds_of(other) == 0 {
            for p in 0..14 {
                self.reserves[mover] += self.pits[p];
                self.pits[p] = 0;
            }
            self.end_round(mover);
        } else if stopped || self.turns >= self.max_turns {
            for p in 0..14 {
                self.reserves[Self::owner(p)] += self.pits[p];
                self.pits[p] = 0;
            }
            self.end_round(other);
        }
    }

    fn end_round(&mut self, starter: usize) {
        let c = [
            self.reserves[0] - self.start_reserve[0],
            self.reserves[1] - self.start_reserve[1],
        ];
        let bigger = |a: i64, b: i64| {
            if a > b {
                1
            } else if b > a {
                2
            } else {
                0
            }
        };
        if !self.rounds {
            self.over = true;
            self.winner = bigger(c[0], c[1]);
            return;
        }
        for pl in 0..2 {
            if self.reserves[pl] < 7 {
                self.over = true;
                self.winner = 2 - pl;
                return;
            }
        }
        if self.max_rounds > 0 && self.round >= self.max_rounds {
            self.over = true;
            self.winner = bigger(self.reserves[0], self.reserves[1]);
            return;
        }
        for pl in 0..2 {
            let k = (self.reserves[pl] / 7).min(7) as usize;
            for i in 0..7 {
                let p = pl * 7 + i;
                self.closed[p] = i < 7 - k;
                if !self.closed[p] {
                    self.pits[p] = 7;
                    self.reserves[pl] -= 7;
                }
            }
        }
        self.start_reserve = self.reserves;
        self.round += 1;
        self.turns = 0;
        self.to_move = starter;
    }

    fn state(&self) -> StateJson {
        let vars: BTreeMap<String, i64> = [
            ("round", self.round),
            ("turns", self.turns),
            ("start_reserve_1", self.start_reserve[0]),
            ("start_reserve_2", self.start_reserve[1]),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        StateJson {
            pits: self.pits.to_vec(),
            closed: (0..14).filter(|&p| self.closed[p]).collect(),
            children: None,
            owners: None,
            stores: self.reserves.to_vec(),
            reserves: None,
            penalties: Vec::new(),
            to_move: if self.over {
                None
            } else {
                Some(self.to_move + 1)
            },
            over: self.over,
            winner: if self.winner == 0 {
                None
            } else {
                Some(self.winner)
            },
            vars,
        }
    }
}

/// Ruma from docs/readings.md, on the 28-pit circuit: row r (S, E, N, W) has pockets at 7r..7r+6 and its
/// ruma at 7r+6 (these are also the rule script's pit ids).
#[derive(Clone, Debug)]
struct Ruma {
    pits: [i64; 28],
    owner: [usize; 4],
    players: usize,
    penalties: Vec<i64>,
    to_move: usize,
    over: bool,
    winner: usize,
    ruma_allowed: bool,
    max_penalties: i64,
}

impl Ruma {
    fn new(o: &Options) -> Ruma {
        let int = |k: &str| o[k].to_string().parse::<i64>().unwrap();
        let players = int("players") as usize;
        let mut pits = [int("seeds"); 28];
        for r in 0..4 {
            pits[7 * r + 6] = 0;
        }
        Ruma {
            pits,
            owner: match players {
                2 => [1, 2, 1, 2],
                3 => [1, 2, 1, 3],
                _ => [1, 2, 3, 4],
            },
            players,
            penalties: vec![0; players],
            to_move: 1,
            over: false,
            winner: 0,
            ruma_allowed: o["last_in_ruma"].to_string() == "allowed",
            max_penalties: int("max_penalties"),
        }
    }

    fn pockets_of(&self, pl: usize) -> Vec<usize> {
        (0..4)
            .filter(|&r| self.owner[r] == pl)
            .flat_map(|r| 7 * r..7 * r + 6)
            .collect()
    }

    fn sow(&mut self, p: usize) -> usize {
        let mut hand = self.pits[p];
        self.pits[p] = 0;
        let mut q = p;
        while hand > 0 {
            q = (q + 1) % 28;
            self.pits[q] += 1;
            hand -= 1;
        }
        q
    }

    fn legal_for(&self, pl: usize) -> Vec<usize> {
        self.pockets_of(pl)
            .into_iter()
            .filter(|&p| {
                if self.pits[p] == 0 {
                    return false;
                }
                let mut after = self.clone();
                let last = after.sow(p);
                if last % 7 == 6 {
                    self.ruma_allowed
                } else {
                    after.pits[last] > 1
                }
            })
            .collect()
    }

    fn legal(&self) -> Vec<usize> {
        if self.over {
            Vec::new()
        } else {
            self.legal_for(self.to_move)
        }
    }

    fn out(&self, pl: usize) -> bool {
        self.penalties[pl - 1] >= self.max_penalties
    }

    fn play(&mut self, p: usize) {
        let mover = self.to_move;
        self.sow(p);
        if self.pockets_of(mover).iter().all(|&q| self.pits[q] == 0) {
            self.over = true;
            self.winner = mover;
            return;
        }
        let mut pl = mover;
        loop {
            pl = pl % self.players + 1;
            if self.out(pl) {
                continue;
            }
            self.to_move = pl;
            if !self.legal_for(pl).is_empty() {
                return;
            }
            self.penalties[pl - 1] += 1;
            let left: Vec<usize> = (1..=self.players).filter(|&q| !self.out(q)).collect();
            if left.len() == 1 {
                self.over = true;
                self.winner = left[0];
                return;
            }
        }
    }

    fn state(&self) -> StateJson {
        StateJson {
            pits: (0..4)
                .flat_map(|r| 7 * r..7 * r + 6)
                .map(|p| self.pits[p])
                .collect(),
            closed: Vec::new(),
            children: None,
            owners: None,
            stores: (0..4).map(|r| self.pits[7 * r + 6]).collect(),
            reserves: None,
            penalties: self.penalties.clone(),
            to_move: if self.over { None } else { Some(self.to_move) },
            over: self.over,
            winner: if self.winner == 0 {
                None
            } else {
                Some(self.winner)
            },
            vars: BTreeMap::new(),
        }
    }
}

/// A model that can be played beside the script.
trait Model {
    fn legal(&self) -> Vec<usize>;
    fn play(&mut self, pit: usize);
    fn state(&self) -> StateJson;
}

impl Model for RajaPasu {
    fn legal(&self) -> Vec<usize> {
        RajaPasu::legal(self)
    }
    fn play(&mut self, pit: usize) {
        RajaPasu::play(self, pit)
    }
    fn state(&self) -> StateJson {
        RajaPasu::state(self)
    }
}

impl Model for Ruma {
    fn legal(&self) -> Vec<usize> {
        Ruma::legal(self)
    }
    fn play(&mut self, pit: usize) {
        Ruma::play(self, pit)
    }
    fn state(&self) -> StateJson {
        Ruma::state(self)
    }
}

fn differential<M: Model>(
    rule: &Rule,
    opts: &Options,
    new: impl Fn(&Options) -> M,
    seeds: std::ops::Range<u64>,
) -> usize {
    let mut moves = 0;
    for seed in seeds {
        let mut model = new(opts);
        let mut d = rule.new_board(opts).unwrap();
        let mut rng = Rng::new(seed);
        let mut n = 0;
        loop {
            let what = format!(
                "{} {} seed {seed} after {n} moves",
                rule.name,
                show_options(opts)
            );
            let mut legal = rule.legal(&mut d).unwrap();
            legal.sort();
            let mut want = model.legal();
            want.sort();
            assert_eq!(legal, want, "{what}: legal moves");
            assert_eq!(board(&d).state_json(), model.state(), "{what}: state");
            if legal.is_empty() {
                assert!(model.state().over, "{what}: no moves but not over");
                break;
            }
            assert!(n < 100_000, "{what}: no end");
            let pit = legal[rng.below(legal.len())];
            rule.apply(&mut d, pit).unwrap();
            model.play(pit);
            n += 1;
        }
        moves += n;
    }
    moves
}

#[test]
fn raja_pasu_agrees_with_an_independent_model() {
    for sets in [
        vec![],
        vec!["last_seed_four=false"],
        vec!["rounds=false"],
        vec!["first=north", "max_turns=30"],
        vec!["max_laps=3", "max_rounds=20"],
    ] {
        let rule = load("raja_pasu");
        let sets: Vec<String> = sets.into_iter().map(String::from).collect();
        let opts = options(&rule, &sets);
        let n = differential(&rule, &opts, RajaPasu::new, 0..8);
        assert!(n > 50, "{sets:?}: games too short to mean anything");
    }
}

#[test]
fn ruma_agrees_with_an_independent_model() {
    for sets in [
        vec![],
        vec!["last_in_ruma=forbidden"],
        vec!["players=3", "seeds=3"],
        vec!["players=4", "seeds=2"],
        vec!["players=4", "last_in_ruma=forbidden", "max_penalties=5"],
    ] {
        let rule = load("ruma");
        let sets: Vec<String> = sets.into_iter().map(String::from).collect();
        let opts = options(&rule, &sets);
        let n = differential(&rule, &opts, Ruma::new, 0..10);
        assert!(n > 50, "{sets:?}: games too short to mean anything");
    }
}
