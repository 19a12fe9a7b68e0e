//! Differences with MancalaGames' engine found by the differential test
//! (`tests/mancalagames.rs`), each fixed and checked here from a position to the position after
//! one move (positions in canonical order: South's holes from South's left, then North's from
//! North's left), on the game files of `tests/fixtures/mancalagames`.

// (a test reads the rule files it imports directly, as tests may)
#![allow(clippy::disallowed_methods)]

use std::path::PathBuf;
use std::sync::Arc;

use sowlab::{Game, Position, Rule, StateJson};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mancalagames")
}

fn rule(name: &str) -> Arc<Rule> {
    let f = fixtures().join(format!("{name}.txt"));
    Arc::new(
        Rule::load(f.to_str().unwrap(), &fixtures()).unwrap_or_else(|e| panic!("{}", e.one_line())),
    )
}

/// The state after `mv` from a position of `name`'s game.
fn after(name: &str, pos: &Position, mv: &str) -> StateJson {
    let r = rule(name);
    let opts = r.resolve_options::<&str>(&[]).unwrap();
    let mut g = Game::with_position(r, opts, pos).unwrap_or_else(|e| panic!("{}", e.one_line()));
    g.play(mv)
        .unwrap_or_else(|e| panic!("{mv}: {}", e.one_line()));
    g.state()
}

#[test]
fn a_ram_is_not_made_by_a_move_ending_in_the_store() {
    // Crosscapt Six (child_type=RAM): South's S4 (3 seeds) sows S5, S6 and his store: an extra
    // turn, which captures nothing, so S6's 8 seeds (enough to sow round back into South's row)
    // do not make it a ram yet.
    let pos = Position {
        pits: vec![1, 0, 7, 3, 7, 7, 0, 5, 5, 0, 7, 1],
        stores: Some(vec![2, 3]),
        to_move: Some(1),
        ..Position::default()
    };
    let s = after("crosscapt_six", &pos, "4");
    assert_eq!(s.pits, vec![1, 0, 7, 0, 8, 8, 0, 5, 5, 0, 7, 1]);
    assert_eq!(s.stores, vec![3, 3]);
    assert_eq!(s.to_move, Some(1));
    assert!(
        s.children.iter().flatten().all(Option::is_none),
        "{:?}",
        s.children
    );
    // The next move ends in a hole (S1's seed into the empty S2, taking N5's 7 across and
    // itself): S6 is a ram now.
    let pos = Position {
        pits: s.pits.clone(),
        stores: Some(s.stores.clone()),
        to_move: Some(1),
        ..Position::default()
    };
    let s = after("crosscapt_six", &pos, "1");
    assert_eq!(s.pits, vec![0, 0, 7, 0, 8, 8, 0, 5, 5, 0, 0, 1]);
    assert_eq!(s.stores, vec![11, 3]);
    assert_eq!(s.children.unwrap()[5], Some(0));
}

#[test]
fn a_move_feeds_only_if_the_opponent_holds_seeds_after_its_captures() {
    // Pallanguli (mustshare, mustpass, pickextra=PICKLASTSEEDS): North has no seeds. S5's 5 seeds
    // would reach N4..N6 (N1..N3 closed), but the hole beyond the empty one after them, S1, is
    // taken and then the last seeds with it: North has none again. No move feeds him, so every
    // move is legal (MancalaGames tries the sowing and the captures), S1 among them.
    let pos = Position {
        pits: vec![1, 0, 0, 0, 5, 1, 0, 0, 0, 0, 0, 0, 0, 0],
        stores: Some(vec![38, 39]),
        closed: vec![7, 8, 9],
        to_move: Some(1),
        ..Position::default()
    };
    let r = rule("pallanguli");
    let opts = r.resolve_options::<&str>(&[]).unwrap();
    let g = Game::with_position(r, opts, &pos).unwrap_or_else(|e| panic!("{}", e.one_line()));
    assert_eq!(g.legal_labels().unwrap(), ["1", "5", "6"]);
    let s = after("pallanguli", &pos, "1");
    assert_eq!(s.pits, vec![0, 1, 0, 0, 5, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(s.stores, vec![38, 39]);
    // (North cannot move: he passes, South moves again)
    assert_eq!(s.to_move, Some(1));
    // With S1 empty, S5 feeds North and is the one move.
    let pos = Position {
        pits: s.pits.clone(),
        ..pos
    };
    let r = rule("pallanguli");
    let opts = r.resolve_options::<&str>(&[]).unwrap();
    let g = Game::with_position(r, opts, &pos).unwrap();
    assert_eq!(g.legal_labels().unwrap(), ["5"]);
}

#[test]
fn an_endless_relay_without_stores_puts_the_seeds_left_into_the_children() {
    // Krur (no stores, children, relays, quitter=DIVVIED): South's S3 (5 seeds) relays past 75
    // laps, an endless move that ends the game. The seeds left go into the children (MancalaGames'
    // divvier without stores): North has the one child (S1), so all go into it and North wins.
    let pos = Position {
        pits: vec![16, 1, 5, 1, 0, 1, 6, 2],
        stores: Some(vec![0, 0]),
        children: Some(vec![Some(2), None, None, None, None, None, None, None]),
        to_move: Some(1),
        ..Position::default()
    };
    let r = rule("krur");
    for (set, child) in [("endless=stop", 32), ("endless=drop_hand", 29)] {
        let opts = r.resolve_options(&[set]).unwrap();
        let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
        g.play("3").unwrap();
        let s = g.state();
        assert_eq!(s.pits, vec![child, 0, 0, 0, 0, 0, 0, 0], "{set}");
        assert_eq!(s.to_move, None);
        assert_eq!(s.winner, Some(2), "{set}");
    }
}

#[test]
fn an_endless_relay_in_a_tallied_match_scores_its_round_and_the_tallies_decide() {
    // Long Night Game (rounds won tallied to 3, relays, quitter=DONT_SCORE): North won the first
    // round. In the second, South's S1 (9 seeds) relays past 75 laps: the seeds left leave the
    // game, South wins the round on his 7 seeds to 5, and the match ends level, 1 round each (a
    // draw; before, the most seeds won the match).
    let mut vars = std::collections::BTreeMap::new();
    vars.insert("round".to_string(), 2);
    vars.insert("tally_1".to_string(), 0);
    vars.insert("tally_2".to_string(), 1);
    let pos = Position {
        pits: vec![9, 0, 8, 5, 0, 3, 0, 3],
        stores: Some(vec![7, 5]),
        to_move: Some(1),
        vars,
        ..Position::default()
    };
    let r = rule("long_night_game");
    let opts = r.resolve_options(&["endless=drop_hand"]).unwrap();
    let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
    g.play("1").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![0; 8]);
    assert_eq!(s.stores, vec![7, 5]);
    assert_eq!((s.over, s.winner), (true, None));
    assert_eq!(s.vars["tally_1"], 1);
    // Had North won the first two rounds' tally, he wins the match though South won this round.
    let mut pos = pos;
    pos.vars.insert("tally_2".to_string(), 2);
    let opts = r.resolve_options(&["endless=drop_hand"]).unwrap();
    let mut g = Game::with_position(r, opts, &pos).unwrap();
    g.play("1").unwrap();
    assert_eq!(g.state().winner, Some(2));
}

#[test]
fn the_end_of_an_endless_relay_follows_the_goal() {
    // The endless end's outcome by goal, as imported: a goal of emptying or blocking a side (a
    // draw on the board as it is), its tallied form (the tallies decide), a tallied seed goal
    // (the round scored, then the tallies).
    let yaml = |name: &str| {
        let dir = tempfile::tempdir().unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sowlab"))
            .args(["import", "mancalagames"])
            .arg(fixtures().join(format!("{name}.txt")))
            .arg("--out")
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let f = std::fs::read_dir(dir.path())
            .unwrap()
            .next()
            .unwrap()
            .unwrap();
        std::fs::read_to_string(f.path()).unwrap()
    };
    for (name, want) in [
        (
            "goempty_one",
            "{ when: stopped, before_turn: true, then: no_winner }",
        ),
        (
            "sadeqa",
            "{ when: stopped, before_turn: true, then: tally_decides }",
        ),
        (
            "endodoi__rounds",
            "{ when: stopped, before_turn: true, sweep: split, then: last_round }",
        ),
    ] {
        let y = yaml(name);
        assert!(y.contains(want), "{name}: {y}");
    }
}

#[test]
fn a_forbidden_grand_slam_is_not_played_even_when_every_move_is_one() {
    // Modiar (grandslam=NOT_LEGAL, capt_on [2, 4, 6] going back, min_move 2, sow_start): South's
    // S2 (3 seeds) sows S2, S3 and N1, making 2 there: taken. North's N2 (5) and N3 (4) would
    // each take all South's seeds: neither may be played, so North has no move and the game ends,
    // each player taking the seeds of his own holes (South 6+2+5, North 20+9: North wins).
    let pos = Position {
        pits: vec![3, 3, 0, 1, 5, 4],
        stores: Some(vec![6, 20]),
        to_move: Some(1),
        // (past the first turn, which captures nothing: nocaptmoves=1)
        vars: [("turns".to_string(), 16)].into_iter().collect(),
        ..Position::default()
    };
    let s = after("modiar", &pos, "2");
    assert_eq!(s.pits, vec![0; 6]);
    assert_eq!(s.stores, vec![13, 29]);
    assert_eq!((s.over, s.winner), (true, Some(2)));
}

#[test]
fn a_move_taking_all_it_gave_an_empty_row_is_no_grand_slam_and_does_not_feed() {
    // Kale (mustshare without mustpass, grandslam=NO_CAPT, capt_on [2, 3] going back,
    // unclaimed=UNFED_PLAYER): South's S6 (3 seeds) sows N1..N3 and takes N3's 2; South's row is
    // empty. North's N2 (21 seeds) would give South 2 a hole and take them all back (no grand
    // slam: South held none before it), N1 gives nothing: no move of North's feeds South, the
    // game ends and the unfed South takes the seeds left (7+2+23).
    let pos = Position {
        pits: vec![0, 0, 0, 0, 0, 3, 1, 20, 1, 0, 0, 0],
        stores: Some(vec![7, 16]),
        to_move: Some(1),
        ..Position::default()
    };
    let s = after("kale", &pos, "6");
    assert_eq!(s.pits, vec![0; 12]);
    assert_eq!(s.stores, vec![32, 16]);
    assert_eq!((s.over, s.winner), (true, Some(1)));
    // Mangala II (the same must-share, capt_side=OPP_SIDE, capt_on [2, 4, 6]): South's last seed
    // goes to N1; North's N6 (18) would sow South's row and take it all back, his other moves stay
    // on his side: the game ends, each player taking his own holes' seeds.
    let pos = Position {
        pits: vec![0, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1, 18],
        stores: Some(vec![22, 28]),
        to_move: Some(1),
        ..Position::default()
    };
    let s = after("mangala_ii", &pos, "6");
    assert_eq!(s.pits, vec![0; 12]);
    assert_eq!(s.stores, vec![22, 50]);
    assert_eq!((s.over, s.winner), (true, Some(2)));
}

#[test]
fn a_start_pattern_move_is_part_of_the_start() {
    // Sadeqa IV (start_pattern=MOVE_RIGHTMOST): MancalaGames sets the board up with a move from
    // the rightmost hole of the player who does not move first (North, when South starts): the
    // start is the position after it, and South's first move is his first free one.
    let r = rule("sadeqa_iv");
    let mut g = Game::new(r.clone(), r.resolve_options::<&str>(&[]).unwrap()).unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![5, 5, 1, 4, 4, 4, 0, 4, 4, 0, 0, 1]);
    assert_eq!(s.stores, vec![0, 4]);
    assert_eq!(s.to_move, Some(1));
    g.play("4").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![0, 8, 1, 2, 7, 0, 1, 2, 1, 0, 3, 4]);
    assert_eq!(s.stores, vec![3, 4]);
    // MOVE_RANDOM (no MancalaGames game uses it): a move drawn from the game's seed, the same
    // for the same seed; then the first player moves.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(fixtures().join("sadeqa_iv.txt"))
        .unwrap()
        .replace("\"start_pattern\": 9", "\"start_pattern\": 10");
    let f = dir.path().join("move_random.txt");
    std::fs::write(&f, text).unwrap();
    let r = Arc::new(Rule::load(f.to_str().unwrap(), dir.path()).unwrap());
    let start = |seed: &str| {
        let opts = r.resolve_options(&[format!("start_seed={seed}")]).unwrap();
        Game::new(r.clone(), opts).unwrap().state()
    };
    let (a, b) = (start("3"), start("3"));
    assert_eq!((a.pits.clone(), a.stores.clone()), (b.pits, b.stores));
    assert_eq!(a.to_move, Some(1));
    assert_eq!(
        a.pits.iter().sum::<i64>() + a.stores.iter().sum::<i64>(),
        36
    );
    assert_ne!(a.pits, vec![3; 12], "a move was played");
    let starts: std::collections::BTreeSet<Vec<i64>> =
        (0..20).map(|s| start(&s.to_string()).pits).collect();
    assert!(starts.len() > 1, "the seed draws the move: {starts:?}");
}

#[test]
fn a_take_that_empties_the_opponents_row_gives_him_the_movers_holes() {
    // NS Kalah (each player sows round his own row; grandslam=OPP_GETS_REMAIN): South's S7 (2
    // seeds) sows his store and his empty S1, which takes N7's single seed, North's last one.
    // That grand slam gives North the seeds left in South's holes (S1, S5, S6: 3), and the game
    // ends (recorded: seed 26, move 7).
    let pos = Position {
        pits: vec![0, 0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 0, 1],
        stores: Some(vec![27, 24]),
        to_move: Some(1),
        ..Position::default()
    };
    let s = after("ns_kalah", &pos, "7");
    assert_eq!(s.pits, vec![0; 14]);
    assert_eq!(s.stores, vec![29, 27]);
    assert!(s.over);
    // A take leaving the opponent seeds is an ordinary one: South keeps his holes.
    let pos = Position {
        pits: vec![0, 0, 0, 0, 1, 1, 2, 0, 0, 0, 0, 0, 1, 1],
        stores: Some(vec![27, 23]),
        to_move: Some(1),
        ..Position::default()
    };
    let s = after("ns_kalah", &pos, "7");
    assert_eq!(s.pits, vec![1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0]);
    assert_eq!(s.stores, vec![29, 23]);
}

#[test]
fn the_hole_after_the_last_is_taken_by_its_count_and_so_on_along_the_sowing() {
    // Adji-boto (capt_type=NEXT, capt_on [1, 3, 5], multicapt=-1, capt_dir=SOW, sow_start):
    // South's S5 (8 seeds) sows S5 itself, North's row and S1, S2. The hole after the last,
    // S3, holds 3: taken; then S4 (5) and S5 (1): taken too (9 seeds). (Recorded: seed 2,
    // move 5; the first two turns capture nothing, nocaptmoves=2.)
    let mut vars = std::collections::BTreeMap::new();
    vars.insert("turns".to_string(), 4);
    let pos = Position {
        pits: vec![4, 1, 3, 5, 8, 3, 1, 5, 15, 35],
        stores: Some(vec![9, 11]),
        to_move: Some(1),
        vars,
        ..Position::default()
    };
    let s = after("adji_boto", &pos, "5");
    assert_eq!(s.pits, vec![5, 2, 0, 0, 0, 4, 2, 6, 16, 36]);
    assert_eq!(s.stores, vec![18, 11]);
    assert_eq!(s.to_move, Some(2));
}

#[test]
fn the_lap_limit_counts_the_laps_before_a_capture_that_sows_on() {
    // Tegre (mlaps=LAPPER, sow_rule=LAP_CAPT with a cross capture): North's N6 relays lap after
    // lap, each take opposite sowing on; MancalaGames calls a move endless past 75 laps in all,
    // the laps before a take counted, and ends the game there: the seeds in hand leave the game
    // (endless=drop_hand) and the rest go by quitter (recorded: seed 1874, move 40).
    let r = rule("tegre");
    let opts = r.resolve_options(&["endless=drop_hand"]).unwrap();
    let pos = Position {
        pits: vec![2, 0, 3, 0, 1, 2, 1, 2, 1, 0, 4, 15],
        stores: Some(vec![8, 9]),
        to_move: Some(2),
        ..Position::default()
    };
    let mut g = Game::with_position(r, opts, &pos).unwrap_or_else(|e| panic!("{}", e.one_line()));
    g.play("6").unwrap_or_else(|e| panic!("{}", e.one_line()));
    let s = g.state();
    assert_eq!(s.pits, vec![0; 12]);
    assert_eq!(s.stores, vec![18, 26]);
    assert!(s.over);
}

#[test]
fn after_a_grand_slams_extra_turn_that_cannot_feed_the_unfed_opponent_takes_the_seeds_left() {
    // Ouri (mustshare, grandslam=LEGAL_SHARE, unclaimed=UNFED_PLAYER): North's N6 sows its seed
    // into S1, making 2: taken, South's last seeds, a grand slam: North moves again. His one
    // seed left (N1) cannot reach South, so the game ends and South, the unfed player, takes it
    // (recorded: seed 10, move 128).
    let pos = Position {
        pits: vec![1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
        stores: Some(vec![24, 21]),
        to_move: Some(2),
        ..Position::default()
    };
    let s = after("ouri", &pos, "6");
    assert_eq!(s.pits, vec![0; 12]);
    assert_eq!(s.stores, vec![25, 23]);
    assert!(s.over);
}

#[test]
fn a_grand_slam_reads_the_opponents_row_whoever_owns_its_holes() {
    // Ayo (goal=TERRITORY, mustshare, grandslam=LEAVE_RIGHT): North owns S1 (3 seeds) and his
    // row; South owns S2..S6, all empty. North's N2 relays through N3 and N6 round to S1, whose
    // 5 seeds end in S6: S2..S6 hold 2 each. South's row held seeds before the move (S1's,
    // North's hole) and would be emptied: a grand slam, which leaves South his first hole
    // holding seeds (S2). So the move feeds him and is legal (recorded: seed 1592, move 134).
    let mut pos = Position {
        pits: vec![3, 0, 0, 0, 0, 0, 2, 1, 2, 1, 0, 12],
        stores: Some(vec![11, 16]),
        to_move: Some(2),
        ..Position::default()
    };
    pos.owners = Some(vec![2, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    let s = after("ayo", &pos, "N2");
    assert_eq!(s.pits, vec![0, 2, 0, 0, 0, 0, 3, 1, 1, 3, 2, 1]);
    assert_eq!(s.stores, vec![11, 24]);
    assert_eq!(s.to_move, Some(1));
}

#[test]
fn a_hole_is_captured_only_once_a_move_has_been_played_from_it() {
    // Bechi (moveunlock, evens on either side): every hole starts the round locked; a move
    // unlocks the hole it is played from, and captures take unlocked holes only. South plays S4;
    // North's N2 (7 seeds, the first sown back into N2, sow_start) ends in his own N4, making 8,
    // an even count, taken were every hole unlocked; N4 has not been played from: nothing is
    // taken. (MancalaGames' engine from the start, compared with the same move with every hole
    // unlocked, which takes N4.)
    let r = rule("bechi");
    let opts = r.resolve_options::<&str>(&[]).unwrap();
    let mut g = Game::new(r, opts).unwrap();
    g.play("4").unwrap_or_else(|e| panic!("{}", e.one_line()));
    assert_eq!(g.state().pits, vec![7, 6, 6, 1, 7, 7, 7, 7]);
    g.play("2").unwrap_or_else(|e| panic!("{}", e.one_line()));
    let s = g.state();
    assert_eq!(s.pits, vec![8, 7, 7, 2, 8, 1, 7, 8]);
    assert_eq!(s.stores, vec![0, 0]);
    assert_eq!(s.to_move, Some(1));
}

#[test]
fn a_random_start_with_empties_leaves_each_hole_empty_or_holding_at_least_four() {
    // Leab el-Akil (start_pattern=RANDOM_ZEROS, 72 seeds): the start is drawn from the game's
    // seed (option start_seed), each hole empty or holding at least 4; the same seed, the same
    // start.
    let r = rule("leab_el_akil");
    let mut starts = Vec::new();
    for seed in 0..20 {
        let opts = r
            .resolve_options(&[format!("start_seed={seed}").as_str()])
            .unwrap();
        let g = Game::new(r.clone(), opts).unwrap();
        let s = g.state();
        assert_eq!(s.pits.iter().sum::<i64>(), 72, "{:?}", s.pits);
        assert!(s.pits.iter().all(|&x| x == 0 || x >= 4), "{:?}", s.pits);
        starts.push(s.pits);
    }
    assert!(starts.iter().any(|p| p.contains(&0)), "{starts:?}");
    let opts = r.resolve_options(&["start_seed=3"]).unwrap();
    assert_eq!(Game::new(r.clone(), opts).unwrap().state().pits, starts[3]);
}

#[test]
fn an_endless_relay_in_rounds_without_stores_is_scored_by_the_children_as_mancalagames_does() {
    // Krur in rounds (no stores, children, relays, quitter=DIVVIED): South carried 1 seed over
    // from the last round and North 11, in their reserves. North's N3 relays past 75 laps (the
    // 76th lap's 11 seeds lost, as in MancalaGames): the seeds left go into the one child, South's
    // (S2 of North's row), 9 seeds. Counting all a player holds, North's 11 beat South's 10; the
    // option `endless_score=most_in_children` counts the children alone, as MancalaGames does:
    // South wins.
    let pos = Position {
        pits: vec![0, 0, 0, 0, 5, 4, 8, 3],
        stores: Some(vec![1, 11]),
        children: Some(vec![None, None, None, None, None, Some(1), None, None]),
        closed: vec![1, 2, 3],
        to_move: Some(2),
        ..Position::default()
    };
    let r = rule("krur__rounds");
    for (set, winner) in [
        ("endless_score=most_seeds", 2),
        ("endless_score=most_in_children", 1),
    ] {
        let opts = r.resolve_options(&["endless=drop_hand", set]).unwrap();
        let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
        g.play("3").unwrap();
        let s = g.state();
        assert_eq!(s.pits, vec![0, 0, 0, 0, 0, 9, 0, 0], "{set}");
        assert_eq!(s.stores, vec![1, 11], "{set}");
        assert_eq!(s.to_move, None);
        assert_eq!(s.winner, Some(winner), "{set}");
    }
}

#[test]
fn a_player_whose_children_hold_all_but_a_hole_wins_the_round_at_once() {
    // Krur in rounds: North's children (S2, S4) hold 25 seeds and his reserve 3. North's N2
    // makes S2 16: with his reserve 29 seeds, so the other 3 cannot fill a hole of 4, and North
    // wins the match at once (a child's seeds are his).
    let pos = Position {
        pits: vec![0, 15, 0, 10, 1, 1, 1, 0],
        stores: Some(vec![1, 3]),
        children: Some(vec![None, Some(2), None, Some(2), None, None, None, None]),
        closed: vec![7],
        to_move: Some(2),
        ..Position::default()
    };
    let s = after("krur__rounds", &pos, "2");
    assert_eq!(s.pits, vec![1, 16, 0, 10, 1, 0, 0, 0]);
    assert_eq!(s.to_move, None);
    assert_eq!(s.winner, Some(2));
}

#[test]
fn seeds_swept_at_the_end_without_a_child_go_back_onto_the_board_as_mancalagames_shows_them() {
    // Krur in rounds, no child on the board: North's N3 leaves South no move; the seeds left are
    // North's (HOLE_OWNER) and he wins with 32. By default they are in his reserve; with
    // `end_gains=board` they go back onto the board into its last hole, N4, as MancalaGames
    // shows them (its store keeps only what North carried over).
    let pos = Position {
        pits: vec![0, 0, 0, 0, 2, 1, 11, 6],
        stores: Some(vec![0, 12]),
        children: Some(vec![None; 8]),
        closed: vec![1, 2, 3],
        to_move: Some(2),
        ..Position::default()
    };
    let r = rule("krur__rounds");
    for (set, pits, stores) in [
        ("end_gains=reserve", vec![0; 8], vec![0, 32]),
        (
            "end_gains=board",
            vec![0, 0, 0, 0, 0, 0, 0, 20],
            vec![0, 12],
        ),
    ] {
        let opts = r.resolve_options(&[set]).unwrap();
        let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
        g.play("3").unwrap();
        let s = g.state();
        assert_eq!(s.pits, pits, "{set}");
        assert_eq!(s.stores, stores, "{set}");
        assert_eq!(s.winner, Some(2), "{set}");
    }
}

#[test]
fn a_gratuitous_capture_is_given_to_an_opponents_hole_of_the_movers_choice() {
    // Ohojichi (EWGratuitous: each player sows round his half of the board, the right half seen
    // from his side; CLEAR; captures of 4 on his own half): South's S4 (9 seeds) sows S5 S6 N1 N2
    // N3 S4 S5 S6 N1, round his half; the last hole, N1, makes 4 and is taken (S6 before it, 2,
    // is not). He then gives the 4 to a hole of North's half of his choice, N5, and the turn
    // passes.
    let pos = Position {
        pits: vec![4, 0, 10, 9, 1, 0, 2, 3, 9, 1, 8, 1],
        stores: Some(vec![0, 0]),
        to_move: Some(1),
        ..Position::default()
    };
    let r = rule("ohojichi");
    let opts = r.resolve_options::<&str>(&[]).unwrap();
    let mut g = Game::with_position(r, opts, &pos).unwrap();
    g.play("S4").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![4, 0, 10, 1, 3, 2, 0, 4, 10, 1, 8, 1]);
    assert_eq!(s.stores, vec![4, 0]);
    assert_eq!(s.to_move, Some(1), "South chooses where his captures go");
    // (only North's half: his holes S1 S2 N4 N5 N6, empty or not; South's own holes are not his
    // to give to)
    assert!(g.play("S5").is_err());
    g.play("N5").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![4, 0, 10, 1, 3, 2, 0, 4, 10, 1, 12, 1]);
    assert_eq!(s.stores, vec![0, 0]);
    assert_eq!(s.to_move, Some(2));
}

#[test]
fn a_round_won_by_a_capture_drops_the_choice_of_where_the_captures_go() {
    // Sameside (NSGratuitous, rounds won by emptying one's own row, tallied to 3): South's S1
    // sows its seed into S2, which makes 2, an even count: taken, it empties his row and wins
    // him the round before he gives it away; the next round starts afresh with two seeds a
    // hole, North to move, no gift pending.
    let pos = Position {
        pits: vec![1, 1, 0, 0, 0, 4, 3, 5, 5, 1],
        stores: Some(vec![0, 0]),
        to_move: Some(1),
        ..Position::default()
    };
    let r = rule("sameside");
    let opts = r.resolve_options::<&str>(&[]).unwrap();
    let mut g = Game::with_position(r, opts, &pos).unwrap();
    g.play("S1").unwrap();
    let s = g.state();
    assert_eq!(s.pits, vec![2; 10]);
    assert_eq!(s.to_move, Some(2));
    g.play("N3").unwrap();
    assert_eq!(g.state().pits, vec![2, 2, 2, 2, 2, 2, 2, 0, 3, 3]);
}
