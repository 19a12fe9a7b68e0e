//! The translation's sowing: stores, direction, the mover's choice of direction, relays.

use std::fmt::Write as _;

use super::capture::Caps;
use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The `sowing:` keys of the stores, the direction and the start hole.
pub(super) fn board(p: &Params) -> Result<String, Refusal> {
    let stores = p.flag("stores");
    let sow_stores = word(p, "sow_stores");
    let direct = word(p, "sow_direct");
    let mut sowing = String::new();
    match sow_stores.as_str() {
        "NEITHER" => {
            if stores {
                sowing.push_str(
                    "  stores: none   # sow_stores=NEITHER: the stores only receive captures\n",
                );
            }
        }
        "OWN" if stores => {
            sowing.push_str("  stores: own   # sow_stores=OWN: a lap passing your own store drops a seed in it\n");
        }
        "BOTH_NR_OPP" if stores && word(p, "capt_rturn") == "NO_REPEAT" => {
            sowing.push_str("  stores: all   # sow_stores=BOTH_NR_OPP: a lap passing either store drops a seed in it\n");
        }
        "BOTH" if stores => {
            sowing.push_str("  stores: all   # sow_stores=BOTH: a lap passing either store drops a seed in it\n");
        }
        other => {
            return Err(refuse(
                "sow_stores",
                other,
                "only NEITHER, and OWN, BOTH or BOTH_NR_OPP with stores, are translated yet",
            ))
        }
    }
    match direct.as_str() {
        "CCW" => {}
        "CW" => {
            sowing.push_str("  reverse: true   # sow_direct=CW: clockwise\n");
        }
        "EVEN_ODD_DIR" => {
            sowing.push_str(
                "  reverse_when_even: true   # sow_direct=EVEN_ODD_DIR: an odd count sows anticlockwise, an even one clockwise\n",
            );
        }
        // (PLAYALTDIR: see `classes::sowing`)
        "PLAYALTDIR" => {}
        "SPLIT" if p.holes % 2 == 0 || p.list("udir_holes").contains(&(p.holes / 2)) => {
            let udir = p.list("udir_holes");
            let left: Vec<i64> = (1..=p.holes / 2).filter(|h| !udir.contains(&(h - 1))).collect();
            let _ = writeln!(
                sowing,
                "  reverse_holes: {left:?}   # sow_direct=SPLIT: the left half of each row sows clockwise, the right half anticlockwise"
            );
        }
        // (ZigZag: toward the middle along its track, see `zigzag::sowing`)
        "TOCENTER" if p.class == "ZigZag" => {}
        "TOCENTER" if p.holes % 2 == 0 || p.list("udir_holes").contains(&(p.holes / 2)) => {
            let udir = p.list("udir_holes");
            let right: Vec<i64> = (p.holes - p.holes / 2 + 1..=p.holes)
                .filter(|h| !udir.contains(&(h - 1)))
                .collect();
            let _ = writeln!(
                sowing,
                "  reverse_holes: {right:?}   # sow_direct=TOCENTER: the left half of each row sows anticlockwise, the right half clockwise (towards the middle)"
            );
        }
        other => {
            return Err(refuse(
                "sow_direct",
                other,
                "only CCW, CW, EVEN_ODD_DIR, PLAYALTDIR, and SPLIT and TOCENTER (with the middle hole's direction chosen) are translated yet",
            ))
        }
    }
    let udir = p.list("udir_holes");
    if !udir.is_empty() && direct != "PLAYALTDIR" {
        let holes: Vec<i64> = udir.iter().map(|h| h + 1).collect();
        let _ = writeln!(
            sowing,
            "  choose_direction: {holes:?}   # udir_holes {udir:?} (from each player's left, 0-based): the mover chooses, 3ccw or 3cw"
        );
    }
    match word(p, "presowcapt").as_str() {
        "NONE" => {}
        "CAPT_ONE" => sowing.push_str(
            "  before_lap: keep_one_seed   # presowcapt=CAPT_ONE: each lap, one seed of the hand goes to the mover's store first\n",
        ),
        "DRAW_1_XCAPT" => sowing.push_str(
            "  before_lap: single_takes_opposite   # presowcapt=DRAW_1_XCAPT: a lap of one seed first takes the hole opposite its start\n",
        ),
        // (a capture step: translated with the captures)
        "ALL_SINGLE_XCAPT" => {}
        other => {
            return Err(refuse(
                "presowcapt",
                other,
                "only CAPT_ONE, DRAW_1_XCAPT and ALL_SINGLE_XCAPT are translated yet",
            ))
        }
    }
    if p.flag("skip_start") {
        sowing.push_str("  skip_origin: true   # skip_start\n");
    }

    Ok(sowing)
}

/// The relay keys (added to `sowing`) and the end of an endless relay.
pub(super) fn relays(p: &Params, c: &Caps, sowing: &mut String) -> Result<String, Refusal> {
    let stores = p.flag("stores");
    // Relays (MancalaGames' "multiple laps").
    let mlaps = word(p, "mlaps");
    let mut stopped_end = String::new();
    if mlaps == "OFF" && word(p, "sow_rule") == "CHANGE_DIR_LAP" {
        return Err(refuse(
            "sow_rule",
            "CHANGE_DIR_LAP",
            "changes the direction between relay laps: it needs mlaps",
        ));
    }
    if mlaps != "OFF" {
        match mlaps.as_str() {
            "LAPPER" => sowing.push_str(
                "  relay: last   # mlaps=LAPPER: a lap ending in an occupied hole goes on with its seeds\n",
            ),
            _ => {
                sowing.push_str(
                    "  relay: next   # mlaps=LAPPER_NEXT: a lap goes on with the seeds of the next hole, when it has some\n",
                );
                if c.cross != "NONE" {
                    // MancalaGames stops such a lap where its cross capture can be made.
                    let side = match (c.cross.as_str(), c.side.as_str()) {
                        _ if c.basic => "",
                        ("ONE_ZEROS", "OPP_SIDE") => "own",
                        ("ONE_ZEROS", "OWN_SIDE") => "opponent",
                        ("ONE_ZEROS", "BOTH") => "any",
                        _ => "",
                    };
                    if side.is_empty() {
                        return Err(refuse(
                            "mlaps",
                            &mlaps,
                            "LAPPER_NEXT is translated with crosscapt=ONE_ZEROS (no count conditions) and capt_side OPP_SIDE, OWN_SIDE or BOTH only, yet",
                        ));
                    }
                    let _ = writeln!(
                        sowing,
                        "  # a lap ending where the cross capture is made does not go on\n  relay_stops_facing_seeds: {side}"
                    );
                }
            }
        }
        if word(p, "sow_rule") == "CHANGE_DIR_LAP" {
            sowing.push_str(
                "  relay_reverses: true   # sow_rule=CHANGE_DIR_LAP: each relay lap is sown the other way from the lap before\n",
            );
        }
        relay_condition(p, sowing)?;
        if c.basic && c.cross == "NONE" && !c.typed {
            let _ = writeln!(
                sowing,
                "  # a lap ending where a capture is made does not go on (MancalaGames stops for the capture)\n  relay_stops_on: {}",
                count_test(p, &c.side)?
            );
        }
        sowing.push_str(
            "  # more than 75 laps: MancalaGames calls the move endless and ends the game as if conceded\n  # (option endless: MancalaGames loses the seeds its 76th lap took up, drop_hand)\n  max_laps: 75\n  at_max_laps: $endless\n",
        );
        let quitter = word(p, "quitter");
        let goal = word(p, "goal");
        let tally = super::ends::tally_of(&goal).is_some();
        // (MancalaGames' quitter: a goal of emptying or blocking a side, or DIVVIED without
        // stores or children, is a draw on the board as it is; in a tallied match that round is
        // level and the tallies decide the match; otherwise the seeds left go by `quitter` and
        // the most seeds win, in a tallied match the round so scored and then the tallies)
        let eliminate = matches!(
            goal.as_str(),
            "DEPRIVE"
                | "CLEAR"
                | "IMMOBILIZE"
                | "RND_WIN_COUNT_CLR"
                | "RND_WIN_COUNT_DEP"
                | "RND_WIN_COUNT_IMB"
        );
        let sweep = match quitter.as_str() {
            _ if eliminate => None,
            "HOLE_OWNER" => Some("owners"),
            "DONT_SCORE" => Some("discard"),
            "LAST_MOVER" => Some("mover"),
            "DIVVIED" if stores => Some("split"),
            "DIVVIED" if word(p, "child_type") != "NOCHILD" => Some("into_children"),
            "DIVVIED" => None,
            other => {
                return Err(refuse(
                    "quitter",
                    other,
                    "an endless relay scored by UNFED_PLAYER is not translated yet",
                ))
            }
        };
        let line = match (sweep, tally) {
            (None, false) => "{ when: stopped, before_turn: true, then: no_winner }".to_string(),
            (None, true) => "{ when: stopped, before_turn: true, then: tally_decides }".to_string(),
            // (in rounds without stores a player carries seeds over in his reserve: MancalaGames
            // scores the children alone, the option `endless_score`)
            (Some("into_children"), false) if word(p, "rounds") != "NO_ROUNDS" => {
                "{ when: stopped, before_turn: true, sweep: into_children, then: $endless_score }"
                    .to_string()
            }
            (Some(s), false) => {
                format!("{{ when: stopped, before_turn: true, sweep: {s}, then: game_most_seeds }}")
            }
            (Some(s), true) => {
                format!("{{ when: stopped, before_turn: true, sweep: {s}, then: last_round }}")
            }
        };
        let _ = writeln!(
            stopped_end,
            "    # an endless relay: no capture; the seeds left go by quitter={quitter}; the game (the match) ends\n    - {line}"
        );
    }

    Ok(stopped_end)
}

/// When a lap may go on (`mlap_cont`, `mlap_param`): the `relay_only_on` key. MancalaGames tests
/// the last hole sown (before a `LAPPER_NEXT` relay looks at the next one).
fn relay_condition(p: &Params, sowing: &mut String) -> Result<(), Refusal> {
    let cont = word(p, "mlap_cont");
    let n = p.int("mlap_param");
    let (test, why) = match cont.as_str() {
        "NONE" => return Ok(()),
        "ON_PARAM" => (
            format!("{{ counts: [{n}] }}"),
            format!("holds exactly {n} seeds"),
        ),
        "GREQ_PARAM" => (
            format!("{{ at_least: {n} }}"),
            format!("holds at least {n} seeds"),
        ),
        "OWN_SIDE" => ("{ side: own }".into(), "is the mover's".into()),
        "OPP_SIDE" => ("{ side: opponent }".into(), "is the opponent's".into()),
        "STOP_STORE" => ("{}".into(), "is a hole (not a store)".into()),
        "VISIT_OPP" => {
            sowing.push_str("  # mlap_cont=VISIT_OPP: the first lap goes on only once it has sown into the opponent's holes\n  relay_needs_opponent_sown: true\n");
            return Ok(());
        }
        other => return Err(refuse(
            "mlap_cont",
            other,
            "only NONE, ON_PARAM, GREQ_PARAM, OWN_SIDE, OPP_SIDE, STOP_STORE and VISIT_OPP are translated yet",
        )),
    };
    let _ = writeln!(
        sowing,
        "  # mlap_cont={cont}: a lap goes on only when its last hole {why}\n  relay_only_on: {test}"
    );
    Ok(())
}

/// The count test of a capture (capt_on, evens, capt_min, capt_max, on `side`), as YAML.
fn count_test(p: &Params, side: &str) -> Result<String, Refusal> {
    let side = match side {
        "OPP_SIDE" => "opponent",
        "OWN_SIDE" => "own",
        "BOTH" => "any",
        other => {
            return Err(refuse(
                "capt_side",
                other,
                "only BOTH, OPP_SIDE and OWN_SIDE are translated yet",
            ))
        }
    };
    let mut t = format!("{{ counts: {:?}", p.list("capt_on"));
    if p.flag("evens") {
        t.push_str(", even: true");
    }
    if p.int("capt_min") > 0 {
        let _ = write!(t, ", at_least: {}", p.int("capt_min"));
    }
    if p.int("capt_max") > 0 {
        let _ = write!(t, ", at_most: {}", p.int("capt_max"));
    }
    let _ = write!(t, ", side: {side} }}");
    Ok(t)
}
