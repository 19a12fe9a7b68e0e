//! The exact two-player search (`solve_exact`) and tablebases, checked against the published
//! Kalah table (Irving, Donkers and Uiterwijk, "Solving Kalah", ICGA Journal 23(3), 2000, tables
//! 9 and 10, with the empty-capture rule) and against a plain negamax over Kalah written here,
//! independently of the engine.

// Tests make and read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

mod common;

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use common::{kalah, rules_dir, sowlab};
use sowlab::search::tablebase::build::build_all;
use sowlab::search::tablebase::index::Index;
use sowlab::{solve_exact, Exact, Game, Position, Rule, SearchLimits, Tablebase};

fn exact(g: &Game, tb: Option<&Tablebase>) -> Exact {
    solve_exact(&g.rule, g.current(), &SearchLimits::default(), tb, None).unwrap()
}

/// Plays the principal variation of `r` from `g` and checks it ends the game with the margin
/// claimed, for the player who moved first.
fn pv_ends_with_the_margin(g: &Game, r: &Exact, what: &str) {
    let mut g =
        Game::with_position(g.rule.clone(), g.options.clone(), &position_of(&g.board())).unwrap();
    let p = r.player;
    for m in &r.pv {
        g.play(m)
            .unwrap_or_else(|e| panic!("{what}: pv move {m}: {}", e.one_line()));
    }
    let s = g.state();
    assert!(s.over, "{what}: the pv {:?} does not end the game", r.pv);
    let margin = s.stores[p - 1] - s.stores[2 - p];
    assert_eq!(Some(margin), r.margin, "{what}: pv {:?}", r.pv);
}

#[test]
fn the_published_table_with_empty_capture() {
    // Table 10 (W/D/L for the first player), rows m = 1..3, columns n = 1..6.
    let wdl = [
        ["draw", "loss", "win", "loss", "win", "draw"],
        ["win", "loss", "loss", "loss", "win", "win"],
        ["draw", "win", "win", "win", "win", "loss"],
    ];
    for (m, row) in wdl.iter().enumerate() {
        for (n, &want) in row.iter().enumerate() {
            let g = kalah(m + 1, n + 1, true);
            let r = exact(&g, None);
            let what = format!("Kalah({},{})", m + 1, n + 1);
            assert!(r.stats.complete, "{what}");
            assert_eq!(r.result, Some(want), "{what}: {}", r.line());
            pv_ends_with_the_margin(&g, &r, &what);
        }
    }
    // Table 9 (margins) where the debug build is quick: (4,1)..(4,3), (5,1), (5,2). The larger
    // cells run in `cargo bench --bench figures` (BENCHMARKS.md).
    for (m, n, want) in [(4, 1, 2), (4, 2, 6), (4, 3, 8), (5, 1, 0), (5, 2, 0)] {
        let g = kalah(m, n, true);
        let r = exact(&g, None);
        let what = format!("Kalah({m},{n})");
        assert_eq!(r.margin, Some(want), "{what}: {}", r.line());
        assert_eq!(
            r.result,
            Some(if want > 0 { "win" } else { "draw" }),
            "{what}"
        );
        assert_eq!((r.lower, r.upper), (want, want), "{what}");
        assert_eq!(r.best.as_ref(), r.pv.first(), "{what}");
        pv_ends_with_the_margin(&g, &r, &what);
    }
}

// ---------------------------------------------------------------------------------------------
// Kalah by hand: pits S1..Sm, South's store, N1..Nm, North's store; the mover 0 (South) or 1.

#[derive(Clone, PartialEq, Eq, Hash)]
struct Kalah {
    m: usize,
    pits: Vec<i32>,
    south: bool,
}

impl Kalah {
    fn store(&self, south: bool) -> usize {
        if south {
            self.m
        } else {
            2 * self.m + 1
        }
    }
    fn houses(&self, south: bool) -> std::ops::Range<usize> {
        if south {
            0..self.m
        } else {
            self.m + 1..2 * self.m + 1
        }
    }
    fn side_empty(&self) -> bool {
        [true, false]
            .iter()
            .any(|&s| self.houses(s).all(|h| self.pits[h] == 0))
    }
    /// Plays house `h`; whether the game is over after it.
    fn play(&mut self, h: usize, empty_capture: bool) -> bool {
        let n = self.pits.len();
        let (own, theirs) = (self.store(self.south), self.store(!self.south));
        let mut seeds = std::mem::take(&mut self.pits[h]);
        let mut at = h;
        while seeds > 0 {
            at = (at + 1) % n;
            if at == theirs {
                continue;
            }
            self.pits[at] += 1;
            seeds -= 1;
        }
        if at != own {
            if self.houses(self.south).contains(&at) && self.pits[at] == 1 {
                let opp = 2 * self.m - at;
                if self.pits[opp] > 0 || empty_capture {
                    self.pits[own] += self.pits[opp] + 1;
                    self.pits[opp] = 0;
                    self.pits[at] = 0;
                }
            }
            self.south = !self.south;
        }
        if self.side_empty() {
            for s in [true, false] {
                let st = self.store(s);
                for h in self.houses(s) {
                    self.pits[st] += std::mem::take(&mut self.pits[h]);
                }
            }
            return true;
        }
        false
    }
    fn margin(&self, south: bool) -> i32 {
        self.pits[self.store(south)] - self.pits[self.store(!south)]
    }
}

/// The margin still to be won by the mover: plain negamax, memoised on the holes and the mover.
fn negamax(k: &Kalah, ec: bool, memo: &mut HashMap<(Vec<i32>, bool), i32>) -> i32 {
    let holes: Vec<i32> = k
        .houses(true)
        .chain(k.houses(false))
        .map(|h| k.pits[h])
        .collect();
    if let Some(&v) = memo.get(&(holes.clone(), k.south)) {
        return v;
    }
    let mut best = i32::MIN;
    for h in k.houses(k.south) {
        if k.pits[h] == 0 {
            continue;
        }
        let mut c = k.clone();
        let over = c.play(h, ec);
        let gain = c.margin(k.south) - k.margin(k.south);
        let v = if over {
            gain
        } else if c.south == k.south {
            gain + negamax(&c, ec, memo)
        } else {
            gain - negamax(&c, ec, memo)
        };
        best = best.max(v);
    }
    memo.insert((holes, k.south), best);
    best
}

fn start(m: usize, n: i32) -> Kalah {
    let mut pits = vec![n; 2 * m + 2];
    pits[m] = 0;
    pits[2 * m + 1] = 0;
    Kalah {
        m,
        pits,
        south: true,
    }
}

#[test]
fn both_rules_agree_with_a_plain_negamax_on_small_cells() {
    for ec in [false, true] {
        for (m, n) in [
            (1, 1),
            (1, 4),
            (2, 1),
            (2, 2),
            (2, 3),
            (2, 5),
            (3, 1),
            (3, 2),
            (3, 3),
            (4, 1),
            (4, 2),
        ] {
            let want = negamax(&start(m, n as i32), ec, &mut HashMap::new());
            let g = kalah(m, n, ec);
            let r = exact(&g, None);
            let what = format!("Kalah({m},{n}) empty_capture={ec}");
            assert_eq!(r.margin, Some(want as i64), "{what}: {}", r.line());
            pv_ends_with_the_margin(&g, &r, &what);
        }
    }
}

/// The position of board `b` (holes, stores, mover).
fn position_of(b: &sowlab::Board) -> Position {
    let s = b.state_json();
    position(&s.pits, [s.stores[0], s.stores[1]], b.to_move)
}

/// A Kalah position of `m` houses a side from holes (canonical order), stores and mover.
fn position(holes: &[i64], stores: [i64; 2], to_move: usize) -> Position {
    Position {
        pits: holes.to_vec(),
        stores: Some(stores.to_vec()),
        reserves: None,
        closed: Vec::new(),
        children: None,
        owners: None,
        penalties: None,
        to_move: Some(to_move),
        vars: Default::default(),
    }
}

#[test]
fn tablebase_values_equal_the_negamax_and_the_search() {
    let m = 3;
    let k_max = 8;
    for ec in [false, true] {
        let g = kalah(m, 2, ec);
        let tb = build_all(&g.rule, &g.board(), k_max, 2).unwrap().unwrap();
        let ix = Index::new(2 * m, k_max);
        let mut parts = vec![0usize; 2 * m];
        let mut memo = HashMap::new();
        let mut checked = 0;
        for k in 0..=k_max {
            assert_eq!(tb.layer(k).len() as u64, 2 * ix.size(k), "layer {k}");
            for r in 0..ix.size(k) {
                ix.unrank(k, r, &mut parts);
                let mut pits = vec![0i32; 2 * m + 2];
                for i in 0..m {
                    pits[i] = parts[i] as i32;
                    pits[m + 1 + i] = parts[m + i] as i32;
                }
                for south in [true, false] {
                    let kp = Kalah {
                        m,
                        pits: pits.clone(),
                        south,
                    };
                    if kp.side_empty() {
                        continue; // over as soon as it arises: never probed
                    }
                    let i = if south { 0 } else { ix.size(k) } + r;
                    let want = negamax(&kp, ec, &mut memo);
                    assert_eq!(
                        tb.layer(k)[i as usize] as i32,
                        want,
                        "ec={ec} {:?} south={south}",
                        kp.pits
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{checked}");
        // Random positions (with seeds in the stores too): the search alone, and the search
        // with the tablebase, give the stores' margin plus the tablebase's value.
        let mut rng = common::Rng::new(if ec { 7 } else { 11 });
        let mut solved = 0;
        while solved < 25 {
            let k = 3 + rng.below(k_max - 2);
            let mut holes = vec![0i64; 2 * m];
            for _ in 0..k {
                holes[rng.below(2 * m)] += 1;
            }
            let stores = [rng.below(6) as i64, rng.below(6) as i64];
            let to_move = 1 + rng.below(2);
            let pos = position(&holes, stores, to_move);
            let g = Game::with_position(g.rule.clone(), g.options.clone(), &pos).unwrap();
            let b = g.board();
            if b.over || holes[..m].iter().all(|&h| h == 0) || holes[m..].iter().all(|&h| h == 0) {
                continue; // an empty side ends the game: no position to solve
            }
            let v = tb.probe(&g.rule, &b).unwrap().unwrap() as i64;
            let base = stores[to_move - 1] - stores[2 - to_move];
            let plain = exact(&g, None);
            let probed = exact(&g, Some(&tb));
            assert_eq!(
                plain.margin,
                Some(base + v),
                "{holes:?} {stores:?} {to_move}"
            );
            assert_eq!(
                probed.margin, plain.margin,
                "{holes:?} {stores:?} {to_move}"
            );
            assert!(probed.tablebase_hits > 0);
            assert!(probed.stats.nodes <= plain.stats.nodes);
            solved += 1;
        }
    }
}

#[test]
fn layer_sizes_equal_the_positions_they_index() {
    // Oware's small boards (6 houses a side: 12 holes; 4 houses: 8) and Kalah(3,x): every
    // composition of k seeds counted by enumeration is one index, and the layer's size.
    for (n, k_max) in [(12, 6), (8, 12), (6, 12)] {
        let ix = Index::new(n, k_max);
        for k in 0..=k_max {
            let mut count = 0u64;
            let mut c = vec![0usize; n];
            let mut seen = vec![false; ix.size(k) as usize];
            enumerate(&mut c, 0, k, &mut |c| {
                let r = ix.rank(c.iter().copied()) as usize;
                assert!(!seen[r]);
                seen[r] = true;
                count += 1;
            });
            assert_eq!(count, ix.size(k), "n={n} k={k}");
        }
    }
    // Oware's ends read the captures (more than half wins) and its default counts the moves:
    // its tablebases are refused, saying why.
    let o = sowlab(&[
        "tablebase",
        "build",
        "oware",
        "--seeds",
        "2",
        "--out",
        "unused-dir",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("oware: tablebases do not apply: an end of the rule (`majority`) depends on the seeds captured"),
        "{err}"
    );
    // ... and the message names the reading in which they apply (tests/oware_exact.rs).
    assert!(
        err.contains("need no move limit")
            && err.contains("`repetition=true repetition_sweep=none max_turns=0`"),
        "{err}"
    );
    // OpenSpiel's repetition (each player takes his side) makes values depend on the history.
    let o = sowlab(&[
        "tablebase",
        "build",
        "oware",
        "--set",
        "repetition=true",
        "--set",
        "max_turns=0",
        "--seeds",
        "2",
        "--out",
        "unused-dir",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("depend on where the cycle closes"), "{err}");
    assert!(!std::path::Path::new("unused-dir").exists());
    // Raja Pasu's rounds bring the captured seeds back; a solitaire has no opponent.
    for (rule, why) in [
        ("raja_pasu", "raja_pasu: tablebases do not apply: the rule plays rounds, which bring captured seeds back onto the board"),
        ("tchuka_ruma", "tchuka_ruma: tablebases do not apply: tablebases are for two players (this game has 1)"),
    ] {
        let o = sowlab(&["tablebase", "build", rule, "--seeds", "2", "--out", "unused-dir"]);
        assert_eq!(o.status.code(), Some(1));
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(why), "{err}");
    }
}

fn enumerate(c: &mut [usize], at: usize, left: usize, f: &mut dyn FnMut(&[usize])) {
    if at + 1 == c.len() {
        c[at] = left;
        f(c);
        return;
    }
    for x in 0..=left {
        c[at] = x;
        enumerate(c, at + 1, left - x, f);
    }
}

#[test]
fn the_command_line_says_it_in_one_line_and_as_json() {
    let o = sowlab(&[
        "solve",
        "kalah",
        "--set",
        "holes=4",
        "--set",
        "seeds=3",
        "--set",
        "empty_capture=true",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with(
            "kalah (empty_capture=true end=side_empty holes=4 seeds=3): player 1 wins by 8: "
        ),
        "{out}"
    );
    let o = sowlab(&[
        "solve", "kalah", "--set", "holes=2", "--set", "seeds=2", "--json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["result"], "loss");
    assert_eq!(v["margin"], -2);
    assert_eq!(v["complete"], true);
    assert_eq!(v["player"], 1);
    assert_eq!(v["best"], v["pv"][0]);
    // A node limit stops it with bounds, exit 3.
    let o = sowlab(&[
        "solve",
        "kalah",
        "--set",
        "holes=4",
        "--set",
        "seeds=4",
        "--max-nodes",
        "2000",
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(3));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["complete"], false);
    assert_eq!(v["stopped"], "node_limit");
    assert!(v["result"].is_null() && v["margin"].is_null());
    let (lo, hi) = (v["lower"].as_i64().unwrap(), v["upper"].as_i64().unwrap());
    assert!(-32 <= lo && lo < hi && hi <= 32, "{v}");
}

#[test]
fn tablebases_on_the_command_line_are_kept_checked_and_refused_for_other_moves() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let set = ["--set", "holes=3", "--set", "empty_capture=true"];
    let build = |seeds: &str| {
        let mut a = vec!["tablebase", "build", "kalah"];
        a.extend(set);
        a.extend(["--seeds", seeds, "--out", d]);
        sowlab(&a)
    };
    let o = build("6");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // Each layer file: the header says its size and packing; the bytes follow. Kalah's players
    // are alike (player 2's half is not written) and its values of 6 seeds in play are even
    // (-6 to 6 in steps of 2: 7 codes, grouped in at most 3 bits a code).
    let f = std::fs::read(dir.path().join("layer-006.sowtb")).unwrap();
    let text = String::from_utf8_lossy(&f);
    let header: serde_json::Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
    assert_eq!(header["positions"], 2 * 462); // 2 x C(6 + 5, 5)
    assert_eq!(header["layer"], 6);
    assert_eq!(header["packing"]["mirrored"], true);
    assert_eq!(header["packing"]["step"], 2);
    let bits = header["packing"]["bits"].as_u64().unwrap();
    let group = header["packing"]["group"].as_u64().unwrap();
    assert!(bits <= 3 * group, "{header}");
    let head = text.lines().take(2).map(|l| l.len() + 1).sum::<usize>();
    assert_eq!(
        (f.len() - head) as u64,
        (462u64.div_ceil(group) * bits).div_ceil(8)
    );
    // Two workers write the same files (same checksums in the headers).
    let dir2 = tempfile::tempdir().unwrap();
    let d2 = dir2.path().to_str().unwrap();
    let mut a = vec!["tablebase", "build", "kalah"];
    a.extend(set);
    a.extend(["--seeds", "6", "--out", d2, "--jobs", "2"]);
    assert_eq!(sowlab(&a).status.code(), Some(0));
    for k in 0..=6 {
        let name = format!("layer-{k:03}.sowtb");
        let one = std::fs::read(dir.path().join(&name)).unwrap();
        let two = std::fs::read(dir2.path().join(&name)).unwrap();
        assert!(one == two, "{name}: --jobs 2 wrote another file");
    }
    // A second build keeps the finished layers and adds the next.
    let o = build("8");
    assert_eq!(o.status.code(), Some(0));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("layer 6: 924 positions, kept from"), "{err}");
    // Another number of seeds at the start declares the same moves: served.
    let o = sowlab(&[
        "solve",
        "kalah",
        "--set",
        "holes=3",
        "--set",
        "seeds=2",
        "--set",
        "empty_capture=true",
        "--tablebase",
        d,
    ]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.starts_with(
            "kalah (empty_capture=true end=side_empty holes=3 seeds=2): player 1 wins by 4: "
        ),
        "{out}"
    );
    assert!(out.contains("tablebase hits (up to 8 seeds)"), "{out}");
    // The standard capture declares other moves: refused, saying which file and why.
    let o = sowlab(&["solve", "kalah", "--set", "holes=3", "--tablebase", d]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("layer-000.sowtb: built for kalah (empty_capture=true"),
        "{err}"
    );
    assert!(
        err.contains("another rule, or options that declare other moves"),
        "{err}"
    );
    // A build whose layers would not fit the memory budget is refused before it starts.
    let o = sowlab(&[
        "tablebase",
        "build",
        "kalah",
        "--seeds",
        "30",
        "--out",
        d,
        "--max-memory",
        "64",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("tablebase build: layers 0 to 30 of 12 holes take")
            && err.contains("over the budget of 64 MiB"),
        "{err}"
    );
    assert!(!dir.path().join("layer-009.sowtb").exists());
    // A damaged file is refused.
    let mut f = std::fs::read(dir.path().join("layer-003.sowtb")).unwrap();
    let last = f.len() - 1;
    f[last] ^= 1;
    std::fs::write(dir.path().join("layer-003.sowtb"), f).unwrap();
    let o = sowlab(&[
        "solve",
        "kalah",
        "--set",
        "holes=3",
        "--set",
        "empty_capture=true",
        "--tablebase",
        d,
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("layer-003.sowtb: the checksum does not match")
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_in_a_tablebase_build_keeps_the_finished_layers() {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    // Layers up to 20 seeds on 12 holes: minutes of work, far more than the test waits.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sowlab"))
        .arg("--rules")
        .arg(rules_dir())
        .args(["tablebase", "build", "kalah", "--seeds", "20", "--out", d])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
    // Wait until the program says layer 3 is written.
    for l in lines.by_ref() {
        if l.unwrap().starts_with("layer 3: ") {
            break;
        }
    }
    let ok = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap()
        .success();
    assert!(ok);
    let rest: Vec<String> = lines.map(|l| l.unwrap()).collect();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{rest:?}");
    let last = rest.last().unwrap();
    assert!(last.starts_with("interrupted in layer "), "{rest:?}");
    assert!(last.contains(&format!("are kept in {d}")), "{last}");
    for k in 0..=3 {
        assert!(
            dir.path().join(format!("layer-{k:03}.sowtb")).exists(),
            "layer {k}"
        );
    }
    // No half-written layer is left as a layer file.
    let stopped: usize = last["interrupted in layer ".len()..]
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(!dir
        .path()
        .join(format!("layer-{stopped:03}.sowtb"))
        .exists());
    // The next build goes on from the layers kept.
    let o = sowlab(&["tablebase", "build", "kalah", "--seeds", "4", "--out", d]);
    assert_eq!(o.status.code(), Some(0));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("layer 3: 728 positions, kept from"), "{err}");
}

fn oware(sets: &[&str]) -> Game {
    let rule = Arc::new(Rule::load("oware", &rules_dir()).unwrap());
    let opts = rule.resolve_options(sets).unwrap();
    Game::new(rule, opts).unwrap()
}

#[test]
fn oware_small_boards_and_endless_play() {
    // Captures go to reserves (the state's `stores`); a win on captures leaves the seeds on the
    // board to nobody; after 300 moves each player takes his side. The pv, replayed, ends with
    // the margin claimed; the old win/draw/loss search agrees where it reaches the ends.
    for (sets, want, short) in [
        (&["holes=2", "seeds=1"][..], 2, false),
        (&["holes=2", "seeds=2"], 5, true),
        (&["holes=3", "seeds=1"], 0, false),
        (&["holes=3", "seeds=2"], 8, true),
    ] {
        let g = oware(sets);
        let r = exact(&g, None);
        assert_eq!(r.margin, Some(want), "{sets:?}: {}", r.line());
        pv_ends_with_the_margin(&g, &r, &format!("oware {sets:?}"));
        if short {
            // (The other two last 300 moves: too deep for the old search in a debug test.)
            let v =
                sowlab::value(&g.rule, g.current(), 40, &SearchLimits::default(), None).unwrap();
            assert_eq!(v.value, Some(want.signum() as i8), "{sets:?}");
        }
    }
    // Without a move limit a position can come back forever: refused, not misvalued.
    let g = oware(&["holes=2", "seeds=1", "max_turns=0"]);
    let e = solve_exact(&g.rule, g.current(), &SearchLimits::default(), None, None).unwrap_err();
    assert!(
        e.one_line().contains(
            "a position repeats along a line and the rule does not end it (endless play)"
        ),
        "{}",
        e.one_line()
    );
}

/// A rule whose lines run to the search's 4096-ply limit (an imported game of rounds) is an
/// error naming that limit, on a thread of 2 MiB (a helper thread's, less than a debug build's
/// frames for 4096 plies take), not a stack overflow that aborts the program.
#[test]
fn a_line_as_deep_as_the_limit_is_an_error_on_a_small_stack() {
    let dir = tempfile::tempdir().unwrap();
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mancalagames/adji_kui_i.txt");
    let mut names = sowlab::import::mancalagames::Names::default();
    let imported = sowlab::import::mancalagames::import_file(&file, dir.path(), &mut names);
    assert!(imported.result.is_ok(), "{:?}", imported.result);
    let rule = Arc::new(Rule::load("adji_kui_i", dir.path()).expect("rule loads"));
    let opts = rule.resolve_options::<&str>(&[]).expect("options");
    let g = Game::new(rule, opts).expect("game starts");
    let err = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            solve_exact(&g.rule, g.current(), &SearchLimits::default(), None, None)
                .err()
                .map(|e| e.to_string())
        })
        .unwrap()
        .join()
        .expect("the search thread returns");
    let err = err.expect("the search stops at its limit");
    assert!(err.contains("a line of more than 4096 moves"), "{err}");
}

#[test]
fn a_tablebase_of_an_edited_rule_says_the_rule_changed() {
    // A rule file of its own, whose tablebase is built, then the file edited: the layers are
    // refused naming the change (not "another rule": the name and options are the same).
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("mykalah.yaml");
    let text = std::fs::read_to_string(rules_dir().join("kalah_data.yaml")).unwrap();
    std::fs::write(&rule, &text).unwrap();
    let tb = dir.path().join("tb");
    let (r, t) = (rule.to_str().unwrap(), tb.to_str().unwrap());
    let set = ["--set", "holes=2", "--set", "seeds=1"];
    let mut a = vec!["tablebase", "build", r];
    a.extend(set);
    a.extend(["--seeds", "3", "--out", t]);
    let o = sowlab(&a);
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let mut a = vec!["solve", r];
    a.extend(set);
    a.extend(["--tablebase", t]);
    assert_eq!(sowlab(&a).status.code(), Some(0));
    std::fs::write(&rule, format!("{text}\n# edited\n")).unwrap();
    let o = sowlab(&a);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("layer-000.sowtb: built from another text of mykalah (rule hash ")
            && err.contains("changed since; build it again"),
        "{err}"
    );
}

#[test]
fn a_tablebase_whose_moves_fingerprint_differs_says_another_sowlab_built_it() {
    // The same rule text and options, but the header's fingerprint of the moves is not this
    // sowlab's (as after an upgrade whose declared steps differ): refused, saying so, not
    // blaming the rule or its options.
    let dir = tempfile::tempdir().unwrap();
    let tb = dir.path().join("tb");
    let t = tb.to_str().unwrap();
    let set = [
        "--set",
        "holes=2",
        "--set",
        "seeds=1",
        "--set",
        "empty_capture=true",
    ];
    let mut a = vec!["tablebase", "build", "kalah"];
    a.extend(set);
    a.extend(["--seeds", "3", "--out", t]);
    assert_eq!(sowlab(&a).status.code(), Some(0));
    let layer = tb.join("layer-000.sowtb");
    let bytes = std::fs::read(&layer).unwrap();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let at = text.find("\"moves\":\"").expect("a moves fingerprint") + 9;
    let mut forged = bytes.clone();
    // (one hex digit changed: the header keeps its length)
    forged[at] = if forged[at] == b'0' { b'1' } else { b'0' };
    std::fs::write(&layer, forged).unwrap();
    let mut a = vec!["solve", "kalah"];
    a.extend(set);
    a.extend(["--tablebase", t]);
    let o = sowlab(&a);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("layer-000.sowtb: built for kalah (empty_capture=true end=side_empty holes=2 seeds=1) by a sowlab whose moves for it differ from this one's (another version of sowlab): build it again"),
        "{err}"
    );
}

/// The iterative deepening run before the complete search (`SOWLAB_DEEPEN`): any plan, or none,
/// gives the same value on Kalah and Oware; a malformed plan is refused in one line.
#[test]
fn every_deepening_plan_gives_the_same_value_and_a_bad_one_is_refused() {
    let run = |deepen: Option<&str>, args: &[&str]| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_sowlab"));
        c.arg("--rules")
            .arg(common::rules_dir())
            .arg("solve")
            .args(args);
        c.args(["--json", "--time", "0"]).env_remove("SOWLAB_RULES");
        match deepen {
            Some(d) => c.env("SOWLAB_DEEPEN", d),
            None => c.env_remove("SOWLAB_DEEPEN"),
        };
        c.output().unwrap()
    };
    let cells: &[&[&str]] = &[
        &[
            "kalah",
            "--set",
            "empty_capture=true",
            "--set",
            "holes=4",
            "--set",
            "seeds=3",
        ],
        &["kalah", "--set", "holes=3", "--set", "seeds=4"],
        &["oware", "--set", "holes=2", "--set", "seeds=2"],
    ];
    for args in cells {
        let mut margins = Vec::new();
        for d in [
            None,
            Some("off"),
            Some("1,1,3"),
            Some("2,2,10"),
            Some("0,5,40"),
        ] {
            let o = run(d, args);
            assert_eq!(o.status.code(), Some(0), "{args:?} {d:?}: {o:?}");
            let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
            assert_eq!(v["complete"], true, "{args:?} {d:?}");
            margins.push((v["result"].clone(), v["margin"].clone()));
        }
        assert!(
            margins.iter().all(|m| *m == margins[0]),
            "{args:?}: {margins:?}"
        );
    }
    // Endless play is still refused whatever the plan (a shallow search takes a repetition for
    // its horizon; the complete search meets it).
    for d in [None, Some("1,1,6")] {
        let o = run(
            d,
            &[
                "oware",
                "--set",
                "holes=2",
                "--set",
                "seeds=1",
                "--set",
                "max_turns=0",
            ],
        );
        assert_ne!(o.status.code(), Some(0), "{d:?}");
        assert!(
            String::from_utf8_lossy(&o.stderr).contains("endless"),
            "{d:?}: {o:?}"
        );
    }
    for bad in ["2,x,10", "2,0,10", "3", ""] {
        let o = run(Some(bad), cells[0]);
        assert_ne!(o.status.code(), Some(0), "{bad:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(
            err.contains("SOWLAB_DEEPEN") && err.trim().lines().count() == 1,
            "{bad:?}: {err}"
        );
    }
}
