//! The four-row games declared as data (`rules/*.yaml`, played natively) against the scripts
//! they replaced (`tests/fixtures/four_rows/*.rhai`, each game's `play(pit)` in Rhai): the same
//! legal moves, the same position and the same end after every move of seeded random games,
//! with the default options and the others each script offers.

// Tests read their fixtures directly; sowlab itself goes through its file door
// (engine::base::files, enforced by clippy.toml).
#![allow(clippy::disallowed_methods)]

#[path = "common/scratch.rs"]
mod scratch;
use scratch::scratch;

use std::sync::Arc;

use sowlab::{Game, Rule, RulePath};

/// The state of a game of the data rule, as its script shows it: a declared pass is counted in
/// `penalties` (Kisolo's), the scripts kept no count.
fn state(g: &Game) -> sowlab::StateJson {
    let mut s = g.state();
    s.penalties.clear();
    s
}

/// Plays `games` seeded random games of the declared rule `name` and of its retired script
/// with the options `sets`, comparing them after every move; the moves played in all.
fn twins(name: &str, sets: &[&str], games: u64) -> usize {
    twins_as(name, sets, sets, games, true).0
}

/// [`twins`] with the script's options `sets` and the declared rule's `data_sets` (where the
/// rule names an option's values in other words); `vars`: the game variables compared too
/// (where the rule keeps the turn's state in variables of its own, only the position is). The
/// moves played in all, and how many of them were named moves (`cw`: no hole's).
fn twins_as(
    name: &str,
    sets: &[&str],
    data_sets: &[&str],
    games: u64,
    vars: bool,
) -> (usize, usize) {
    let state = |g: &Game| {
        let mut s = state(g);
        if !vars {
            s.vars.clear();
        }
        s
    };
    let data = Arc::new(Rule::load(name, RulePath::builtin()).unwrap());
    assert!(
        data.ast.iter_functions().next().is_none(),
        "{name}: no script"
    );
    let script = format!(
        "{}/tests/fixtures/four_rows/{name}.rhai",
        env!("CARGO_MANIFEST_DIR")
    );
    let script = Arc::new(Rule::load(&script, RulePath::builtin()).unwrap());
    let (mut moves, mut named) = (0, 0);
    for seed in 0..games {
        let mut a = Game::new(script.clone(), script.resolve_options(sets).unwrap()).unwrap();
        let mut b = Game::new(data.clone(), data.resolve_options(data_sets).unwrap()).unwrap();
        assert_eq!(state(&a), state(&b), "{name} {sets:?}: the start");
        let mut k = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while !a.board().over {
            let mut la = a.legal().unwrap();
            let mut lb = b.legal().unwrap();
            la.sort_unstable();
            lb.sort_unstable();
            let at = format!("{name} {sets:?} seed {seed} move {}", moves + 1);
            assert_eq!(la, lb, "{at}: legal moves");
            k ^= k << 13;
            k ^= k >> 7;
            k ^= k << 17;
            let pit = la[(k % la.len() as u64) as usize];
            a.play_pit(pit).unwrap();
            b.play_pit(pit).unwrap();
            named += usize::from(a.board().layout.is_named_move(pit));
            let at = format!("{at}: after {}", a.board().layout.label(pit));
            assert_eq!(state(&a), state(&b), "{at}");
            moves += 1;
        }
        assert!(b.board().over, "{name} seed {seed}: the data rule ends too");
    }
    (moves, named)
}

#[test]
fn tsoro_as_data_plays_as_its_script() {
    assert!(twins("tsoro", &[], 20) > 1000);
    twins("tsoro", &["holes=6", "max_laps=3", "max_turns=60"], 20);
}

#[test]
fn moruba_as_data_plays_as_its_script() {
    assert!(twins("moruba", &[], 20) > 1000);
    twins("moruba", &["max_laps=2", "max_turns=50"], 20);
}

#[test]
fn hus_as_data_plays_as_its_script() {
    let n = twins("hus", &[], 30);
    assert!(n > 600, "{n}");
    twins("hus", &["capture=inner"], 30);
    twins("hus", &["max_laps=3", "max_turns=30"], 30);
}

#[test]
fn igisoro_as_data_plays_as_its_script() {
    // (random games of Igisoro mostly run to max_turns: a few long ones, many short ones)
    let n = twins("igisoro", &[], 2);
    assert!(n > 600, "{n}");
    twins("igisoro", &["max_turns=150"], 6);
    twins("igisoro", &["max_laps=2", "max_turns=40"], 20);
}

#[test]
fn kisolo_as_data_plays_as_its_script() {
    let n = twins("kisolo", &[], 3);
    assert!(n > 600, "{n}");
    twins("kisolo", &["holes=6", "max_turns=150"], 6);
    twins("kisolo", &["holes=7", "max_laps=2", "max_turns=40"], 20);
}

#[test]
fn lobudok_as_data_plays_as_its_script() {
    let n = twins("lobudok", &[], 12);
    assert!(n > 600, "{n}");
    twins("lobudok", &["max_turns=150"], 10);
    twins("lobudok", &["max_laps=2", "max_turns=40"], 20);
    // Ludii's reading: each move judged afresh, the captured counters' lap ends the turn.
    twins(
        "lobudok",
        &[
            "capture_sowing=ends_turn",
            "opening=each_move",
            "max_turns=150",
        ],
        10,
    );
    twins(
        "lobudok",
        &["capture_sowing=ends_turn", "max_turns=150"],
        10,
    );
    twins("lobudok", &["opening=each_move", "max_turns=150"], 10);
}

#[test]
fn omweso_as_data_plays_as_its_script() {
    // The sources' reading (R2-R8), then Ludii's (R9), whose options the rule names in words of
    // its own. Each run plays some `cw`/`ccw` decisions (reverse laps, R6), and the arrangement
    // before play is 64 moves of each game but with arrange=fixed.
    let omweso = |sets: &[&str], data_sets: &[&str], games: u64| {
        let (n, named) = twins_as("omweso", sets, data_sets, games, false);
        assert!(
            n > 600 && named > 5,
            "{sets:?}: {n} moves, {named} directions chosen"
        );
    };
    omweso(&[], &[], 20);
    let fixed = ["arrange=fixed", "max_turns=150"];
    omweso(&fixed, &fixed, 30);
    let short = ["arrange=alternate", "max_laps=3", "max_turns=60"];
    omweso(&short, &short, 12);
    omweso(
        &["arrange=fixed", "both_ends=false", "max_turns=150"],
        &["arrange=fixed", "end_files=0", "max_turns=150"],
        30,
    );
    let ludii = [
        "reverse_when=ends_facing",
        "reverse_laps=first_lap",
        "captured=sow_on_from_lap_start_then_last",
        "end_files=0",
    ];
    omweso(
        &["reading=ludii", "arrange=alternate", "max_turns=150"],
        &[&ludii[..], &["arrange=alternate", "max_turns=150"]].concat(),
        12,
    );
    omweso(
        &[
            "reading=ludii",
            "arrange=fixed",
            "max_laps=4",
            "max_turns=150",
        ],
        &[
            &ludii[..],
            &["arrange=fixed", "max_laps=4", "max_turns=150"],
        ]
        .concat(),
        30,
    );
}

#[test]
fn bao_la_kiswahili_as_data_plays_as_its_script() {
    // de Voogt's reading (R1-R10): every run plays the decisions inside a turn (directions,
    // end holes, stop or go at the house), the namua stage's moves and the mtaji's; then the
    // learners' game (R11) and short laps.
    let bao = |sets: &[&str], games: u64| {
        let (n, named) = twins_as("bao_la_kiswahili", sets, sets, games, false);
        assert!(
            n > 600 && named > 100,
            "{sets:?}: {n} moves, {named} decisions"
        );
    };
    bao(&[], 12);
    bao(&["max_turns=120"], 30);
    bao(&["house_min=3", "max_turns=150"], 20);
    bao(&["variant=kujifunza", "max_turns=150"], 20);
    bao(&["max_laps=3", "max_turns=100"], 20);
    // (each decision of R12 is played in those games)
    let seen = decisions_seen("bao_la_kiswahili", 30);
    for m in ["cw", "ccw", "left", "right", "stop", "go"] {
        assert!(seen.contains(m), "{m} never played: {seen:?}");
    }
}

/// The named moves (decisions inside a turn) played in `games` seeded random games of the
/// declared rule `name`.
fn decisions_seen(name: &str, games: u64) -> std::collections::BTreeSet<String> {
    let data = Arc::new(Rule::load(name, RulePath::builtin()).unwrap());
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..games {
        let mut g = Game::new(data.clone(), data.resolve_options::<&str>(&[]).unwrap()).unwrap();
        let mut k = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while !g.board().over {
            let la = g.legal().unwrap();
            k ^= k << 13;
            k ^= k >> 7;
            k ^= k << 17;
            let pit = la[(k % la.len() as u64) as usize];
            if g.board().layout.is_named_move(pit) {
                seen.insert(g.board().layout.label(pit).to_lowercase());
            }
            g.play_pit(pit).unwrap();
        }
    }
    seen
}

/// Loads the text of `rules/tsoro.yaml` changed by `edit` from a temporary file; the error.
fn tsoro_error(name: &str, edit: impl Fn(&str) -> String) -> String {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/tsoro.yaml")).unwrap();
    let dir = scratch("four-rows");
    let file = dir.join(format!("{name}.yaml"));
    std::fs::write(&file, edit(&text)).unwrap();
    let r = Rule::load(file.to_str().unwrap(), RulePath::builtin()).and_then(|r| {
        let o = r.resolve_options::<&str>(&[])?;
        Game::new(Arc::new(r), o).map(|_| ())
    });
    r.unwrap_err().one_line()
}

#[test]
fn a_wrong_four_row_word_is_one_line_naming_the_key_and_the_words() {
    let e = tsoro_error("bad_then", |t| t.replace("then: $captured,", "then: sow,"));
    assert!(
        e.contains("pipeline.capture.across.then: unknown variant `sow`")
            && e.contains("`out`, `sow_on`, `sow_on_from_start`"),
        "{e}"
    );
    let e = tsoro_error("bad_circuits", |t| {
        t.replace("circuits: per_player_loops", "circuits: per_player_loop")
    });
    assert!(
        e.contains("board.circuits: unknown variant `per_player_loop`")
            && e.contains("`per_player_loops`"),
        "{e}"
    );
    // Three rows: the loops and the capture across name what they need.
    let three = |t: &str| t.replace("    - { row: NI, owner: 2, holes: $holes, seeds: 0 }\n", "");
    let e = tsoro_error("three_rows", three);
    assert!(
        e.contains("per_player_loops needs two rows for each player (player 2 has 1)"),
        "{e}"
    );
    let e = tsoro_error("three_rows_one_circuit", |t| {
        three(t).replace("  circuits: per_player_loops\n", "")
    });
    assert!(
        e.contains("pipeline: capture: across needs a board of four rows"),
        "{e}"
    );
}

/// Loads the text of `rules/omweso.yaml` changed by `edit` with the options `sets`; the error.
fn omweso_error(name: &str, sets: &[&str], edit: impl Fn(&str) -> String) -> String {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/omweso.yaml")).unwrap();
    let dir = scratch("omweso");
    let file = dir.join(format!("{name}.yaml"));
    let edited = edit(&text);
    assert_ne!(edited, text, "{name}: the edit changes the rule");
    std::fs::write(&file, edited).unwrap();
    let r = Rule::load(file.to_str().unwrap(), RulePath::builtin()).and_then(|r| {
        let o = r.resolve_options(sets)?;
        Game::new(Arc::new(r), o).map(|_| ())
    });
    r.unwrap_err().one_line()
}

#[test]
fn omwesos_steps_refuse_what_they_cannot_play_in_one_line_naming_the_key() {
    let reverse = "reverse_laps: { outer: [1, 2], inner: [1, 2],";
    let cases: &[(&str, &[&str], &str, &str, &str)] = &[
        (
            "no_across",
            &[],
            "    across: { last: occupied, needs: both, then: $captured }\n",
            "",
            "pipeline: capture: reverse_laps needs capture.across with `last: occupied, needs: both`",
        ),
        (
            "across_empty",
            &[],
            "last: occupied, needs: both, then: $captured",
            "last: empty, needs: both, then: $captured",
            "pipeline: capture: reverse_laps needs capture.across with `last: occupied, needs: both`",
        ),
        (
            "hole_nine",
            &[],
            reverse,
            "reverse_laps: { outer: [1, 2], inner: [1, 9],",
            "pipeline: capture: reverse_laps: no hole 9 (holes are numbered 1 to 8, from their owner's left)",
        ),
        (
            "no_holes",
            &[],
            reverse,
            "reverse_laps: {",
            "pipeline: capture: reverse_laps: name some holes",
        ),
        (
            "bad_when",
            &[],
            "when: $reverse_when",
            "when: sometimes",
            "unknown variant `sometimes`, expected `captures` or `ends_facing`",
        ),
        (
            "no_relay",
            &[],
            "  relay: last\n",
            "  relay: none\n",
            "pipeline: capture: reverse_laps plays relay sowing round each player's loop: it needs `sowing: relay: last`",
        ),
        (
            "no_hand",
            &[],
            "seeds: 32, order",
            "seeds: 0, order",
            "pipeline: place_from_hand: seeds is the seeds in each hand, 1 to 1000000, not 0",
        ),
        (
            "uneven",
            &["arrange=fixed"],
            "seeds: 32, order",
            "seeds: 30, order",
            "order: fixed spreads 30 seeds evenly over player 1's outer row of 8 holes: not a multiple of 8",
        ),
        (
            "bad_order",
            &["arrange=fixed"],
            "order: $arrange",
            "order: shuffled",
            "unknown variant `shuffled`, expected one of `sequence`, `alternate`, `fixed`",
        ),
        (
            "end_files_alone",
            &[],
            "    reverse_laps: {",
            "    #reverse_laps: {",
            "an end check says `when: end_files_captured`, which counts the captures of `capture.reverse_laps`: none is declared",
        ),
    ];
    for (name, sets, from, to, want) in cases {
        let e = omweso_error(name, sets, |t| t.replacen(from, to, 1));
        assert!(e.contains(want), "{name}: {e}");
    }
    // Ludii's reading of the capture is played by the reverse laps' turn only.
    let e = omweso_error(
        "then_last_alone",
        &["captured=sow_on_from_lap_start_then_last"],
        |t| {
            t.replacen("    reverse_laps: {", "    #reverse_laps: {", 1)
                .replacen("    - { when: end_files_captured", "    #- {", 1)
        },
    );
    assert!(
        e.contains(
            "`then: sow_on_from_lap_start_then_last` is played with `capture.reverse_laps` only"
        ),
        "{e}"
    );
}

/// The start of `name` with `sets`: every hole's seeds in canonical order.
fn start(name: &str, sets: &[&str]) -> Vec<i64> {
    let r = Arc::new(Rule::load(name, RulePath::builtin()).unwrap());
    let o = r.resolve_options(sets).unwrap();
    Game::new(r, o).unwrap().state().pits
}

#[test]
fn a_rows_first_and_last_holes_start_as_written_whatever_its_length() {
    // Hus: two seeds in the four rightmost holes of each inner row (seeds_last).
    let two = |n: usize| [vec![2; n], vec![0; n - 4], vec![2; 4]].concat();
    let s = start("hus", &["holes=12"]);
    assert_eq!(&s[..24], &two(12)[..], "South's rows");
    assert_eq!(
        &s[24..36],
        &[vec![0; 8], vec![2; 4]].concat()[..],
        "North's inner row"
    );
    assert_eq!(s.iter().sum::<i64>(), 2 * (24 + 8));
    // A run of holes whose length is an option (Owela's, written `{ holes: $inner_seeded, ... }`).
    let s = start("hus", &["holes=12", "inner_seeded=5"]);
    assert_eq!(&s[12..24], &[vec![0; 7], vec![2; 5]].concat()[..]);
    assert_eq!(s.iter().sum::<i64>(), 2 * (24 + 10));
    let r = Rule::load("hus", RulePath::builtin()).unwrap();
    let o = r.resolve_options(&["holes=4", "inner_seeded=5"]).unwrap();
    let e = Game::new(Arc::new(r), o)
        .map(|_| ())
        .unwrap_err()
        .one_line();
    assert!(
        e.contains("board: pits[1]: seeds_first and seeds_last name 5 holes, the row has 4"),
        "{e}"
    );
    // Moruba: its inner row's first holes hold 0 and 1 (seeds_first).
    let s = start("moruba", &["holes=12"]);
    assert_eq!(&s[12..16], &[0, 1, 2, 2]);
    assert_eq!(&s[24..28], &[0, 1, 2, 2]);
    assert_eq!(s.iter().sum::<i64>(), 2 * (48 - 4) + 2);
    // More counts than holes: one line naming the row.
    let e = tsoro_error("long_first", |t| {
        t.replace(
            "{ row: SI, owner: 1, holes: $holes, seeds: 0 }",
            "{ row: SI, owner: 1, holes: 2, seeds: 0, seeds_first: [1, 2, 3] }",
        )
    });
    assert!(
        e.contains("board: pits[1]: seeds_first and seeds_last name 3 holes, the row has 2"),
        "{e}"
    );
    let e = tsoro_error("bad_last", |t| {
        t.replace(
            "{ row: SI, owner: 1, holes: $holes, seeds: 0 }",
            "{ row: SI, owner: 1, holes: $holes, seeds: 0, seeds_last: [-1] }",
        )
    });
    assert!(
        e.contains("board: pits[1]: seeds_first/seeds_last hold -1"),
        "{e}"
    );
}

/// Ludii's site order (South's outer row, his inner row right to left, North's inner row,
/// North's outer row right to left) to sowlab's canonical pits.
fn tsoro_pits(sites: [i64; 32]) -> Vec<i64> {
    let mut p = sites[..16].to_vec();
    p.extend((16..24).rev().map(|s| sites[s]));
    p.extend((24..32).rev().map(|s| sites[s]));
    p
}

#[test]
fn captured_counters_sown_on_make_the_last_lap_of_the_move() {
    // Ludii's Tsoro (Reentered Captures), seed 1, ply 10: South's 2 from SI6 end in SI4, empty;
    // North's NI5 (1) and NO5 (2) are taken and their 3 sown on into SI3, SI2, SI1, and the move
    // ends there (SI1 was empty: no second capture, no relay).
    let r = Arc::new(Rule::load("tsoro", RulePath::builtin()).unwrap());
    let before = [
        2, 2, 0, 1, 0, 2, 4, 1, 0, 0, 0, 0, 0, 2, 2, 0, 2, 0, 2, 1, 0, 0, 0, 0, 1, 0, 0, 2, 2, 2,
        2, 2,
    ];
    let after = [
        2, 2, 0, 1, 0, 2, 4, 1, 1, 1, 1, 1, 1, 0, 2, 0, 2, 0, 2, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 2,
        2, 2,
    ];
    let pos = sowlab::Position {
        pits: tsoro_pits(before),
        to_move: Some(1),
        ..sowlab::Position::default()
    };
    let opts = r.resolve_options(&["captured=sow_on"]).unwrap();
    let mut g = Game::with_position(r.clone(), opts, &pos).unwrap();
    g.play_pit(13).unwrap();
    let s = g.state();
    assert_eq!(s.pits, tsoro_pits(after));
    assert_eq!(s.to_move, Some(2));
    // The source's reading: the counters taken leave the board and the move ends in SI4.
    let opts = r.resolve_options::<&str>(&[]).unwrap();
    let mut g = Game::with_position(r, opts, &pos).unwrap();
    g.play_pit(13).unwrap();
    let mut out = tsoro_pits(before);
    out[13] = 0;
    out[12] = 1;
    out[11] = 1;
    out[16 + 23 - 19] = 0;
    out[24 + 31 - 27] = 0;
    assert_eq!(g.state().pits, out);
}
