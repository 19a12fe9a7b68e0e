//! Oware's two readings that sources differ on (issue 13 item 13), as options of
//! `rules/oware.rhai`, and the `illegal` grand slam:
//! - `sweep_at_win`: when a player passes half the seeds, the seeds left stay (`none`, the
//!   default) or go to the owners of their sides (`owners`);
//! - `repetition`: a position repeated since the last capture ends the game, each player taking
//!   his side;
//! - `grand_slam=illegal`: a move capturing all the opponent's seeds may not be played unless
//!   every move is one.
//!
//! With `sweep_at_win=owners repetition=true max_turns=0` sowlab's Oware is OpenSpiel's `oware`:
//! checked on hand-built positions where each point matters, and on random games against a small
//! model of OpenSpiel's reading written here from its documented behaviour (no OpenSpiel needed).

use std::collections::HashSet;

use sowlab::search::solve::{self, SearchLimits};
use sowlab::RulePath;
use sowlab::{Game, Position};

mod common;
use common::scratch;
use common::{game_at, load, play};

const OPENSPIEL: &[&str] = &["sweep_at_win=owners", "repetition=true", "max_turns=0"];

/// The declared move in words (as `sowlab rules oware` prints it), with options `sets`.
fn describe(sets: &[&str]) -> String {
    let r = load("oware");
    let d = r.new_board(&r.resolve_options(sets).unwrap()).unwrap();
    let b = sowlab::board(&d);
    b.layout.pipeline.as_deref().unwrap().describe().join("\n")
}

fn cat(s: &[i64], n: &[i64]) -> Vec<i64> {
    s.iter().chain(n).copied().collect()
}

/// One seed each, in S1 and N1, South to move: every move is forced (a single seed, then must
/// feed), and after S1 N1 S2 N2 ... S6 (into N1) N6 (must feed: into S1) the start is back.
const CYCLE: &str = "1 1 2 2 3 3 4 4 5 5 6 6";

fn cycle_start(sets: &[&str]) -> Game {
    game_at(
        "oware",
        sets,
        &cat(&[1, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0]),
        &[22, 24],
        1,
    )
}

#[test]
fn the_seeds_left_at_a_capture_win_stay_by_default_and_go_to_their_owners_when_asked() {
    // S6 (2): N1 -> 2, N2 -> 2: 4 captured (N3 keeps 4). 21 + 4 = 25: South wins at once.
    let pits = cat(&[0, 0, 0, 0, 1, 2], &[1, 1, 4, 0, 0, 0]);
    // Today's reading (default): the game is over and N3's 4 and S5's 1 stay on the board,
    // counted for nobody.
    let mut g = game_at("oware", &[], &pits, &[21, 19], 1);
    play(&mut g, "6");
    let s = g.state();
    assert_eq!(s.pits, cat(&[0, 0, 0, 0, 1, 0], &[0, 0, 4, 0, 0, 0]));
    assert_eq!((s.stores, s.over, s.winner), (vec![25, 19], true, Some(1)));
    // `owners`: South takes his 1, North his 4.
    let mut g = game_at("oware", &["sweep_at_win=owners"], &pits, &[21, 19], 1);
    play(&mut g, "6");
    let s = g.state();
    assert_eq!(s.pits, vec![0; 12]);
    assert_eq!((s.stores, s.over, s.winner), (vec![26, 23], true, Some(1)));
}

#[test]
fn a_repeated_position_ends_the_game_only_when_asked() {
    let mut g = cycle_start(&["repetition=true"]);
    let moves: Vec<&str> = CYCLE.split_whitespace().collect();
    play(&mut g, &moves[..11].join(" "));
    assert!(!g.state().over, "no repetition before the 12th move");
    play(&mut g, moves[11]);
    let s = g.state();
    assert_eq!(s.pits, vec![0; 12]);
    assert_eq!((s.stores, s.over, s.winner), (vec![23, 25], true, Some(2)));
    // The note says why.
    let last = g.history.last().unwrap();
    assert!(
        format!("{:?}", last.events).contains("the position repeats"),
        "{:?}",
        last.events
    );
    // Default: play goes on round the cycle (max_turns ends it later).
    let mut g = cycle_start(&[]);
    play(&mut g, CYCLE);
    play(&mut g, CYCLE);
    assert!(!g.state().over);
    assert_eq!(
        g.state().pits,
        cat(&[1, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0])
    );
}

#[test]
fn a_repetition_leaves_the_seeds_to_nobody_with_repetition_sweep_none() {
    let mut g = cycle_start(&["repetition=true", "repetition_sweep=none"]);
    let moves: Vec<&str> = CYCLE.split_whitespace().collect();
    play(&mut g, &moves[..11].join(" "));
    assert!(!g.state().over, "no repetition before the 12th move");
    play(&mut g, moves[11]);
    let s = g.state();
    // The start is back: its two seeds stay on the board, counted for nobody; 22-24 decides.
    assert_eq!(s.pits, cat(&[1, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0]));
    assert_eq!((s.stores, s.over, s.winner), (vec![22, 24], true, Some(2)));
    let last = g.history.last().unwrap();
    assert!(
        format!("{:?}", last.events).contains("count for nobody"),
        "{:?}",
        last.events
    );
}

#[test]
fn repetitions_survive_undo_redo_and_replay() {
    let mut g = cycle_start(&["repetition=true"]);
    play(&mut g, CYCLE);
    assert!(g.state().over);
    // Undo the last move and play it again: the game ends again, as it did.
    assert!(g.undo());
    assert!(!g.state().over);
    assert!(g.redo());
    assert!(g.state().over);
    assert!(g.undo());
    play(&mut g, "6");
    assert!(g.state().over);
    // Undo down to the start and replay: the positions seen are rebuilt move by move.
    while g.undo() {}
    assert!(!g.state().over);
    play(&mut g, CYCLE);
    assert!(g.state().over);
    assert_eq!(g.state().stores, vec![23, 25]);
}

#[test]
fn a_capture_clears_the_positions_seen() {
    // Quiet moves S1, N2, S2, N3 are remembered (5 positions with the start); then S6 makes N1
    // two and captures it: no earlier position can come back (fewer seeds in play), so the list
    // holds only the new one, and play goes on.
    let mut g = game_at(
        "oware",
        &["repetition=true"],
        &cat(&[1, 0, 0, 0, 0, 1], &[1, 1, 0, 0, 0, 0]),
        &[20, 24],
        1,
    );
    play(&mut g, "1 2 2 3");
    assert_eq!(g.board().seen.hashes.len(), 5);
    play(&mut g, "6");
    let s = g.state();
    assert_eq!(s.stores, vec![22, 24]);
    assert!(!s.over);
    assert_eq!(g.board().seen.hashes.len(), 1);
    // Without the option nothing is remembered (the default costs nothing).
    let mut g = cycle_start(&[]);
    play(&mut g, "1 1 2");
    assert!(g.board().seen.hashes.is_empty());
}

#[test]
fn the_solver_sees_repetitions() {
    // Two houses a side, small even totals (odd totals end differently in OpenSpiel: it also
    // stops at floor(total/2) each): the solver's value must equal a plain negamax over the
    // OpenSpiel model below, for every position whose tree is small enough for that negamax.
    // With max_turns=0 only repeated positions make these games finite.
    let r = load("oware");
    let mut sets: Vec<String> = vec!["holes=2".into()];
    sets.extend(OPENSPIEL.iter().map(|s| s.to_string()));
    let opts = r.resolve_options(&sets).unwrap();
    let mut compared = 0;
    for code in 0..3usize.pow(4) {
        let pits: Vec<i64> = (0..4).map(|i| (code / 3usize.pow(i) % 3) as i64).collect();
        let total: i64 = pits.iter().sum();
        if total < 2 || total % 2 == 1 {
            continue;
        }
        for to_move in [1, 2] {
            let m = Model::at(2, pits.clone(), [0, 0], to_move - 1);
            if m.legal().is_empty() {
                continue;
            }
            let mut budget = 20_000;
            let Some(want) = m.negamax(&mut budget) else {
                continue;
            };
            let pos = Position {
                pits: pits.clone(),
                stores: Some(vec![0, 0]),
                to_move: Some(to_move),
                ..Position::default()
            };
            let g = Game::with_position(r.clone(), opts.clone(), &pos).unwrap();
            let v =
                solve::value(&g.rule, g.current(), 200, &SearchLimits::default(), None).unwrap();
            assert_eq!(
                v.value,
                Some(want),
                "{pits:?}, player {to_move} to move: {v:?}"
            );
            compared += 1;
        }
    }
    assert!(compared >= 40, "{compared} positions compared");
}

#[test]
fn grand_slam_illegal_forbids_the_move_unless_every_move_is_one() {
    // S6 (2) into N1, N2 would take all North's seeds; S1 (1) into S2 is a quiet move.
    let pits = cat(&[1, 0, 0, 0, 0, 2], &[1, 1, 0, 0, 0, 0]);
    let g = game_at("oware", &["grand_slam=illegal"], &pits, &[0, 0], 1);
    assert_eq!(g.legal_labels().unwrap(), ["1"]);
    let e = game_at("oware", &["grand_slam=illegal"], &pits, &[0, 0], 1)
        .play("6")
        .unwrap_err();
    assert!(e.one_line().contains("illegal move"), "{}", e.one_line());
    // The other readings allow it.
    for gs in ["nothing", "all"] {
        let g = game_at("oware", &[&format!("grand_slam={gs}")], &pits, &[0, 0], 1);
        assert_eq!(g.legal_labels().unwrap(), ["1", "6"], "{gs}");
    }
    // When every move is a grand slam, it is played and captures nothing.
    let pits = cat(&[0, 0, 0, 0, 0, 2], &[1, 1, 0, 0, 0, 0]);
    let mut g = game_at("oware", &["grand_slam=illegal"], &pits, &[0, 0], 1);
    assert_eq!(g.legal_labels().unwrap(), ["6"]);
    play(&mut g, "6");
    let events = format!("{:?}", g.history.last().unwrap().events);
    assert!(events.contains("grand slam"), "{events}");
    // North's 2 + 2 were not captured; North cannot feed South, so he takes them at the end.
    let s = g.state();
    assert_eq!((s.stores, s.over, s.winner), (vec![0, 4], true, Some(2)));
    // `sowlab rules oware` says it in words.
    let d = describe(&["grand_slam=illegal"]);
    assert!(d.contains("may not be played"), "{d}");
}

#[test]
fn the_options_are_described_in_words() {
    let d = describe(OPENSPIEL);
    assert!(
        d.contains("when a player holds more than half the seeds (or both half): each hole's seeds go to its owner"),
        "{d}"
    );
    assert!(d.contains("when a position repeats"), "{d}");
    let d = describe(&[]);
    assert!(!d.contains("repeats"), "{d}");
}

// ------------------------------------------------------------------ OpenSpiel's reading

/// OpenSpiel's `oware` as its source documents it: houses `0..n` are player 0's (South), `n..2n`
/// player 1's; sowing goes up the indices skipping the origin; a last seed in the opponent's row
/// captures backwards while 2 or 3 (within that row) unless that takes all his seeds; a capture
/// forgets the boards seen; the turn passes; a board (seeds, scores, player) seen since the last
/// capture ends the game, and so does no legal move, which includes a score past half (the
/// seeds left go to the owners of their sides in both cases). Must feed: when the opponent is
/// empty, only houses whose seeds reach his row.
#[derive(Clone)]
struct Model {
    n: usize,
    seeds: Vec<i64>,
    score: [i64; 2],
    player: usize,
    total: i64,
    seen: HashSet<(Vec<i64>, [i64; 2], usize)>,
    repeated: bool,
}

impl Model {
    fn new(n: usize, per_house: i64) -> Model {
        Model::at(n, vec![per_house; 2 * n], [0, 0], 0)
    }

    fn at(n: usize, seeds: Vec<i64>, score: [i64; 2], player: usize) -> Model {
        let total = seeds.iter().sum::<i64>() + score[0] + score[1];
        let mut m = Model {
            n,
            seeds,
            score,
            player,
            total,
            seen: HashSet::new(),
            repeated: false,
        };
        m.seen.insert(m.board());
        m
    }

    fn board(&self) -> (Vec<i64>, [i64; 2], usize) {
        (self.seeds.clone(), self.score, self.player)
    }

    fn terminal(&self) -> bool {
        let half = self.total / 2;
        self.score[0] > half || self.score[1] > half || (self.score == [half, half])
    }

    fn side(&self, p: usize) -> std::ops::Range<usize> {
        p * self.n..(p + 1) * self.n
    }

    /// Legal actions (0-based from the mover's first house).
    fn legal(&self) -> Vec<usize> {
        if self.terminal() {
            return Vec::new();
        }
        let own = self.side(self.player);
        let opp_empty = self.side(1 - self.player).all(|h| self.seeds[h] == 0);
        own.clone()
            .filter(|&h| {
                let to_row_end = (own.end - 1 - h) as i64;
                if opp_empty {
                    self.seeds[h] > to_row_end
                } else {
                    self.seeds[h] > 0
                }
            })
            .map(|h| h - own.start)
            .collect()
    }

    fn collect(&mut self) {
        for h in 0..2 * self.n {
            self.score[h / self.n] += self.seeds[h];
            self.seeds[h] = 0;
        }
    }

    fn apply(&mut self, action: usize) {
        let houses = 2 * self.n;
        let from = self.side(self.player).start + action;
        let mut hand = std::mem::take(&mut self.seeds[from]);
        let mut at = from;
        while hand > 0 {
            at = (at + 1) % houses;
            if at != from {
                self.seeds[at] += 1;
                hand -= 1;
            }
        }
        let opp = self.side(1 - self.player);
        if opp.contains(&at) {
            let takes = |s: i64| s == 2 || s == 3;
            let beyond_empty = (at + 1..opp.end).all(|h| self.seeds[h] == 0);
            let all_taken = beyond_empty && (opp.start..=at).all(|h| takes(self.seeds[h]));
            if !all_taken {
                let mut got = 0;
                let mut h = at;
                while takes(self.seeds[h]) {
                    got += std::mem::take(&mut self.seeds[h]);
                    if h == opp.start {
                        break;
                    }
                    h -= 1;
                }
                self.score[self.player] += got;
                if got > 0 {
                    self.seen.clear();
                }
            }
        }
        self.player = 1 - self.player;
        if !self.seen.insert(self.board()) {
            self.repeated = true;
            self.collect();
        }
        if self.legal().is_empty() {
            self.collect();
        }
    }

    /// The value for the player to move: 1 win, 0 draw, -1 loss; `None` past `budget` nodes.
    fn negamax(&self, budget: &mut u32) -> Option<i8> {
        *budget = budget.checked_sub(1)?;
        let legal = self.legal();
        if legal.is_empty() {
            let (me, other) = (self.score[self.player], self.score[1 - self.player]);
            return Some((me > other) as i8 - (me < other) as i8);
        }
        let mut best = -1;
        for a in legal {
            let mut c = self.clone();
            c.apply(a);
            let v = c.negamax(budget)?;
            best = best.max(if c.player == self.player { v } else { -v });
        }
        Some(best)
    }
}

/// A small deterministic generator.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Plays random games in both, move for move: same legal moves, same end, same totals.
fn agree(holes: usize, per_house: i64, games: usize, seed: u64) -> (usize, usize) {
    let r = load("oware");
    let mut sets = vec![format!("holes={holes}"), format!("seeds={per_house}")];
    sets.extend(OPENSPIEL.iter().map(|s| s.to_string()));
    let opts = r.resolve_options(&sets).unwrap();
    let mut rng = Lcg(seed);
    let (mut moves, mut repetitions) = (0, 0);
    for game in 0..games {
        let mut g = Game::new(r.clone(), opts.clone()).unwrap();
        g.tracing = false;
        let mut m = Model::new(holes, per_house);
        loop {
            let legal = m.legal();
            let labels: Vec<String> = legal.iter().map(|a| (a + 1).to_string()).collect();
            let s = g.state();
            let at = format!("holes={holes} seeds={per_house} game {game} move {moves}");
            assert_eq!(s.over, labels.is_empty(), "{at}: over");
            if s.over {
                assert_eq!(s.stores, m.score.to_vec(), "{at}: final captures");
                assert_eq!(s.pits, m.seeds, "{at}: final board");
                break;
            }
            assert_eq!(g.legal_labels().unwrap(), labels, "{at}: legal moves");
            let a = legal[rng.below(legal.len())];
            m.apply(a);
            play(&mut g, &labels[legal.iter().position(|&x| x == a).unwrap()]);
            moves += 1;
            repetitions += m.repeated as usize;
            m.repeated = false;
        }
    }
    (moves, repetitions)
}

#[test]
fn random_games_agree_with_openspiels_reading() {
    // Full Oware, and small boards where repetitions are common.
    let (moves, _) = agree(6, 4, 12, 1);
    assert!(moves > 12 * 20, "{moves}");
    let mut reps = 0;
    for (holes, seeds) in [(2, 1), (2, 2), (3, 1), (3, 2), (4, 3)] {
        reps += agree(holes, seeds, 25, 7 + holes as u64).1;
    }
    assert!(
        reps > 0,
        "the small boards should end on repetitions sometimes"
    );
}

#[test]
fn the_model_of_openspiel_reads_the_hand_built_positions_the_same_way() {
    // The cycle: OpenSpiel's reading ends it at the 12th move, each taking his side.
    let mut m = Model::at(
        6,
        cat(&[1, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0]),
        [22, 24],
        0,
    );
    for (i, a) in CYCLE.split_whitespace().enumerate() {
        assert!(!m.legal().is_empty(), "over early, at move {i}");
        m.apply(a.parse::<usize>().unwrap() - 1);
    }
    assert_eq!((m.score, m.legal().is_empty()), ([23, 25], true));
    let mut g = cycle_start(OPENSPIEL);
    play(&mut g, CYCLE);
    assert_eq!(g.state().stores, m.score.to_vec());
    // The capture win: the seeds left go to their owners.
    let pits = cat(&[0, 0, 0, 0, 1, 2], &[1, 1, 4, 0, 0, 0]);
    let mut m = Model::at(6, pits.clone(), [21, 19], 0);
    m.apply(5);
    let mut g = game_at("oware", OPENSPIEL, &pits, &[21, 19], 1);
    play(&mut g, "6");
    assert_eq!(g.state().stores, m.score.to_vec());
    assert_eq!(m.score, [26, 23]);
}

#[test]
fn repetitions_survive_save_and_load() {
    use sowlab::repl::save;
    let dir = scratch("oware-save");
    let start = Position {
        pits: cat(&[1, 0, 0, 0, 0, 0], &[1, 0, 0, 0, 0, 0]),
        stores: Some(vec![22, 24]),
        to_move: Some(1),
        ..Position::default()
    };
    let mut g = cycle_start(&["repetition=true"]);
    let moves: Vec<&str> = CYCLE.split_whitespace().collect();
    play(&mut g, &moves[..11].join(" "));
    // Saved one move before the repetition: the loaded game replays the moves, so the positions
    // seen come back with it and the 12th move ends the game as it would have.
    let file = dir.join("cycle.yaml");
    save::write(&file, &save::to_save("oware", Some(&start), &g)).unwrap();
    let mut loaded = save::read(&file, RulePath::builtin()).unwrap().game;
    assert_eq!(loaded.board().seen, g.board().seen);
    play(&mut loaded, moves[11]);
    assert!(loaded.state().over);
    assert_eq!(loaded.state().stores, vec![23, 25]);
    std::fs::remove_dir_all(&dir).ok();
}
