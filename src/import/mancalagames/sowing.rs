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
        "BOTH" if stores => {
            sowing.push_str("  stores: all   # sow_stores=BOTH: a lap passing either store drops a seed in it\n");
        }
        other => {
            return Err(refuse(
                "sow_stores",
                other,
                "only NEITHER, and OWN or BOTH with stores, are translated yet",
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
    if mlaps != "OFF" {
        match mlaps.as_str() {
            "LAPPER" => sowing.push_str(
                "  relay: last   # mlaps=LAPPER: a lap ending in an occupied hole goes on with its seeds\n",
            ),
            _ => {
                if c.cross != "NONE" {
                    return Err(refuse(
                        "mlaps",
                        &mlaps,
                        "LAPPER_NEXT with a cross capture is not translated yet",
                    ));
                }
                sowing.push_str(
                    "  relay: next   # mlaps=LAPPER_NEXT: a lap goes on with the seeds of the next hole, when it has some\n",
                )
            }
        }
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
        let line = match quitter.as_str() {
            "HOLE_OWNER" => {
                "{ when: stopped, before_turn: true, sweep: owners, then: game_most_seeds }"
            }
            "DONT_SCORE" => {
                "{ when: stopped, before_turn: true, sweep: discard, then: game_most_seeds }"
            }
            "LAST_MOVER" => {
                "{ when: stopped, before_turn: true, sweep: mover, then: game_most_seeds }"
            }
            "DIVVIED" if stores => {
                "{ when: stopped, before_turn: true, sweep: split, then: game_most_seeds }"
            }
            "DIVVIED" => "{ when: stopped, before_turn: true, then: no_winner }",
            other => {
                return Err(refuse(
                    "quitter",
                    other,
                    "an endless relay scored by UNFED_PLAYER is not translated yet",
                ))
            }
        };
        let _ = writeln!(
            stopped_end,
            "    # an endless relay: no capture; the seeds left go by quitter={quitter}; the game ends\n    - {line}"
        );
    }

    Ok(stopped_end)
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
