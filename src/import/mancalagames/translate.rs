//! Translating one MancalaGames game (its class, size and parameters) into a sowlab data rule:
//! the YAML text of `rules/NAME.yaml`, commented where a parameter became something that is not
//! obvious. A game that uses a parameter value sowlab's declared vocabulary cannot say yet is
//! refused with that parameter and value; nothing is translated approximately.
//!
//! What MancalaGames does after a move, and how it reads here:
//! - a player whose stores (plus reserve) hold more than half the seeds wins at once, the seeds
//!   left staying where they are: `when: majority`, no sweep;
//! - otherwise, when the player to move has no legal move (with `mustpass`: when neither has),
//!   the seeds left go by `unclaimed` (`sweep`), and most seeds wins;
//! - when fewer seeds are left on the board than any capture needs (but some), the same
//!   (`when: few_left`), except in games that sow into stores or must share, where
//!   MancalaGames has no such check.

use std::fmt::Write as _;

use super::params;
use super::read::{GameFile, Params};

/// Why a game cannot be translated: the parameter and its value, and what sowlab lacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The parameter (`sow_rule`, `game_class`).
    pub key: String,
    /// Its value, in MancalaGames' words.
    pub value: String,
    /// What is missing.
    pub why: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}: {}", self.key, self.value, self.why)
    }
}

fn refuse(key: &str, value: impl ToString, why: &str) -> Refusal {
    Refusal {
        key: key.to_string(),
        value: value.to_string(),
        why: why.to_string(),
    }
}

/// The parameters the translation reads; any other parameter with a value other than its
/// default is refused.
const HANDLED: &[&str] = &[
    "stores",
    "sow_direct",
    "sow_stores",
    "skip_start",
    "min_move",
    "mustshare",
    "mustpass",
    "crosscapt",
    "xcpickown",
    "capt_side",
    "capt_on",
    "evens",
    "capt_min",
    "capt_max",
    "multicapt",
    "capt_dir",
    "grandslam",
    "unclaimed",
    "quitter",
    "goal",
    "rounds",
    "mlaps",
    "end_cond",
    "capt_type",
    "sow_rule",
    "udir_holes",
    "capt_rturn",
    "pickextra",
    "round_fill",
    "round_starter",
    "blocks",
    "goal_param",
];

/// A translated game: the data rule's YAML text.
#[derive(Clone, Debug)]
pub struct Translation {
    /// The YAML text of the data rule.
    pub yaml: String,
}

/// Translates game `g` with parameters `p` (its base game or one of its variants) into a data
/// rule named `title`.
pub fn translate(g: &GameFile, title: &str, p: &Params) -> Result<Translation, Refusal> {
    if p.class != "Mancala" {
        return Err(refuse(
            "game_class",
            &p.class,
            "only the class Mancala (two rows sown in one circuit) is translated yet",
        ));
    }
    for (key, value) in p.non_default() {
        if !HANDLED.contains(&key) {
            return Err(refuse(
                key,
                value,
                "not yet in sowlab's declared vocabulary",
            ));
        }
    }
    let word = |k: &str| params::find(k).map_or_else(String::new, |x| x.word(p.int(k)));
    let goal = word("goal");
    if goal != "MAX_SEEDS" && goal != "CLEAR" {
        return Err(refuse(
            "goal",
            &goal,
            "only the goals MAX_SEEDS and CLEAR are translated yet",
        ));
    }
    // Rounds: MancalaGames' NO_MOVES rounds of a most-seeds game.
    let mut rounds = String::new();
    let mut then = "most_seeds".to_string();
    let gp = p.int("goal_param").max(1);
    if word("rounds") != "NO_ROUNDS" {
        if word("rounds") != "NO_MOVES" {
            return Err(refuse(
                "rounds",
                word("rounds"),
                "only rounds=NO_MOVES is translated yet",
            ));
        }
        if goal != "MAX_SEEDS" {
            return Err(refuse(
                "goal",
                &goal,
                "rounds are translated only with goal=MAX_SEEDS yet",
            ));
        }
        let fill_from = match word("round_fill").as_str() {
            "LEFT_FILL" => "left",
            "RIGHT_FILL" => "right",
            other => {
                return Err(refuse(
                    "round_fill",
                    other,
                    "only LEFT_FILL and RIGHT_FILL are translated yet",
                ))
            }
        };
        let starter = match word("round_starter").as_str() {
            "ALTERNATE" => "alternate",
            "LOSER" => "loser",
            "WINNER" => "winner",
            _ => "mover",
        };
        let _ = writeln!(
            rounds,
            "  # rounds=NO_MOVES, round_fill={}, goal_param={}, blocks={}: the most seeds wins a round; who\n  # cannot fill {gp} hole(s) ends the match; holes are refilled from the {fill_from}\n  rounds: {{ fill: $seeds, fill_from: {fill_from}, winner: most_seeds, min_holes: {gp}, close_unfilled: {} }}",
            word("round_fill"),
            p.int("goal_param"),
            p.flag("blocks"),
            p.flag("blocks")
        );
        then = format!("round, starter: {starter}");
    } else if p.int("goal_param") != 0 {
        return Err(refuse(
            "goal_param",
            p.int("goal_param"),
            "a goal parameter without rounds is not translated yet",
        ));
    } else if word("round_fill") != "NOT_APPLICABLE" {
        return Err(refuse(
            "round_fill",
            word("round_fill"),
            "a round fill without rounds is not translated",
        ));
    } else if p.flag("blocks") {
        return Err(refuse(
            "blocks",
            "true",
            "blocked holes without rounds are not translated yet",
        ));
    }
    let stores = p.flag("stores");
    let sow_stores = word("sow_stores");
    let direct = word("sow_direct");
    let mut notes: Vec<String> = Vec::new();
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
        other => {
            return Err(refuse(
                "sow_stores",
                other,
                "only NEITHER, and OWN with stores, are translated yet",
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
        "SPLIT"
            if p.int("min_move") == 1
                && !p.list("udir_holes").contains(&0)
                && !p.list("udir_holes").contains(&(p.holes - 1)) =>
        {
            return Err(refuse(
                "sow_direct",
                "SPLIT",
                "with min_move=1 MancalaGames forbids playing a single seed straight back across a row's end; not yet",
            ));
        }
        "SPLIT" if p.holes % 2 == 0 || p.list("udir_holes").contains(&(p.holes / 2)) => {
            let udir = p.list("udir_holes");
            let left: Vec<i64> = (1..=p.holes / 2).filter(|h| !udir.contains(&(h - 1))).collect();
            let _ = writeln!(
                sowing,
                "  reverse_holes: {left:?}   # sow_direct=SPLIT: the left half of each row sows clockwise, the right half anticlockwise"
            );
        }
        other => {
            return Err(refuse(
                "sow_direct",
                other,
                "only CCW, CW, EVEN_ODD_DIR and SPLIT (with the middle hole's direction chosen) are translated yet",
            ))
        }
    }
    let udir = p.list("udir_holes");
    if !udir.is_empty() {
        let holes: Vec<i64> = udir.iter().map(|h| h + 1).collect();
        let _ = writeln!(
            sowing,
            "  choose_direction: {holes:?}   # udir_holes {udir:?} (from each player's left, 0-based): the mover chooses, 3ccw or 3cw"
        );
    }
    if p.flag("skip_start") {
        sowing.push_str("  skip_origin: true   # skip_start\n");
    }

    // Legal moves.
    let mut moves = String::new();
    let min_move = p.int("min_move");
    if min_move > 1 {
        let _ = writeln!(moves, "    min_seeds: {min_move}   # min_move");
    }
    if p.flag("mustshare") {
        moves.push_str("    must_feed: true   # mustshare\n");
        if p.flag("mustpass") {
            // MancalaGames ends a game where the feed is impossible only without mustpass; with
            // it, any move is allowed then.
            moves.push_str(
                "    feed_if_able: true   # mustshare with mustpass: any move when none feeds\n",
            );
        }
    }

    // Captures.
    let mut capture = String::new();
    let cross = word("crosscapt");
    let capt_on = p.list("capt_on");
    let evens = p.flag("evens");
    let (cmin, cmax) = (p.int("capt_min"), p.int("capt_max"));
    let basic = !capt_on.is_empty() || evens || cmin > 0 || cmax > 0;
    let side = word("capt_side");
    let multicapt = p.int("multicapt");
    let capt_dir = word("capt_dir");
    let grandslam = word("grandslam");
    // En-passant captures (sow_rule ENPAS_*): made by the sowing, of the counts in capt_on.
    let sow_rule = word("sow_rule");
    let mut final_by_chain = true;
    if sow_rule != "NONE" {
        let to = match sow_rule.as_str() {
            "ENPAS_ALL_OWNER_SOW" | "ENPAS_ALL_OWNER_OWN" => "row_owner",
            "ENPAS_ALL_SOWER" => "sower",
            other => {
                return Err(refuse(
                    "sow_rule",
                    other,
                    "only the en-passant rules ENPAS_ALL_OWNER_SOW, ENPAS_ALL_OWNER_OWN and ENPAS_ALL_SOWER are translated yet",
                ))
            }
        };
        let on = p.list("capt_on");
        if on.is_empty() || evens || cmin > 0 || cmax > 0 || side != "BOTH" || cross != "NONE" {
            return Err(refuse(
                "sow_rule",
                &sow_rule,
                "en-passant captures are translated only by capt_on counts on both sides, without a cross capture, yet",
            ));
        }
        let last = sow_rule == "ENPAS_ALL_OWNER_OWN";
        final_by_chain = !last;
        let _ = writeln!(
            sowing,
            "  # sow_rule={sow_rule}: a drop making {on:?} is captured at once by the {}{}\n  capture_counts: {on:?}\n  capture_to: {to}\n  capture_last: {last}",
            if to == "row_owner" { "hole's owner" } else { "sower" },
            if last { "" } else { " (the last seed's capture is the mover's, after the sowing)" },
        );
    }
    let typed = word("capt_type") != "NONE";
    if typed && (cross != "NONE" || (basic && sow_rule == "NONE")) {
        return Err(refuse(
            "capt_type",
            word("capt_type"),
            "a capture type with a capture by count or a cross capture is not translated yet",
        ));
    }
    if cross != "NONE" {
        if basic {
            return Err(refuse(
                "crosscapt",
                &cross,
                "a cross capture with count conditions (capt_on, evens, capt_min, capt_max) is not translated yet",
            ));
        }
        if cross != "ONE_ZEROS" {
            return Err(refuse(
                "crosscapt",
                &cross,
                "only ONE_ZEROS is translated yet",
            ));
        }
        if side != "OPP_SIDE" {
            return Err(refuse(
                "capt_side",
                &side,
                "a cross capture is translated only with capt_side=OPP_SIDE yet",
            ));
        }
        let always = word("xcpickown") == "ALWAYS_PICK";
        let take_last = match word("xcpickown").as_str() {
            "PICK_ON_CAPT" | "ALWAYS_PICK" => true,
            "LEAVE" => false,
            other => {
                return Err(refuse(
                    "xcpickown",
                    other,
                    "a cross capture is translated only with xcpickown PICK_ON_CAPT, ALWAYS_PICK or LEAVE yet",
                ))
            }
        };
        if multicapt != 0 {
            return Err(refuse(
                "multicapt",
                multicapt,
                "a multiple cross capture is not translated yet",
            ));
        }
        let _ = writeln!(
            capture,
            "    # crosscapt=ONE_ZEROS, capt_side=OPP_SIDE, xcpickown={}: a last seed in an empty hole\n    # of your own takes the hole opposite ({}){}\n    opposite: {{ when_opposite_empty: {always}, take_last: {take_last} }}",
            word("xcpickown"),
            if always { "and itself, also when the hole opposite is empty" } else { "when it holds seeds" },
            if always { "" } else if take_last { " and itself" } else { "; the last seed stays" }
        );
    } else if basic && !typed && final_by_chain {
        let side_word = match side.as_str() {
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
        // With a fixed sowing direction MancalaGames captures against (or along) that direction,
        // also after a move the mover sowed the other way (udir_holes).
        let fixed = matches!(direct.as_str(), "CCW" | "CW") && !p.list("udir_holes").is_empty();
        let direction = match capt_dir.as_str() {
            "OPP_SOW" if fixed => "against_track",
            "SOW" if fixed => "along_track",
            "OPP_SOW" => "back",
            "SOW" => "forward",
            other => {
                return Err(refuse(
                    "capt_dir",
                    other,
                    "only OPP_SOW and SOW are translated yet",
                ))
            }
        };
        let slam = match grandslam.as_str() {
            "LEGAL" => "all",
            "NO_CAPT" => "nothing",
            "NOT_LEGAL" => "illegal",
            other => {
                return Err(refuse(
                    "grandslam",
                    other,
                    "only LEGAL, NO_CAPT and NOT_LEGAL are translated yet",
                ))
            }
        };
        let max = match multicapt {
            0 => 1,
            -1 => 0,
            n => n,
        };
        let mut chain = format!("{{ counts: {capt_on:?}");
        if evens {
            chain.push_str(", even: true");
        }
        if cmin > 0 {
            let _ = write!(chain, ", at_least: {cmin}");
        }
        if cmax > 0 {
            let _ = write!(chain, ", at_most: {cmax}");
        }
        let _ = write!(
            chain,
            ", side: {side_word}, direction: {direction}, max: {max}, grand_slam: {slam} }}"
        );
        let _ = writeln!(
            capture,
            "    # the last hole, if its count is one of those captured (capt_on {capt_on:?}{}{}{}), on\n    # capt_side={side}; then the holes before it (capt_dir={capt_dir}) while they are too,\n    # {} (multicapt={multicapt}); grandslam={grandslam}\n    chain: {chain}",
            if evens { ", even" } else { "" },
            if cmin > 0 { format!(", at least {cmin}") } else { String::new() },
            if cmax > 0 { format!(", at most {cmax}") } else { String::new() },
            if max == 0 { "no limit".to_string() } else { format!("at most {max} holes in all") },
        );
    } else if word("capt_type") == "TWO_OUT" {
        // (capt_on, if any, serves the en-passant captures only)
        let side_word = match side.as_str() {
            "OPP_SIDE" => "opponent",
            "OWN_SIDE" => "own",
            "BOTH" => "any",
            other => {
                return Err(refuse(
                    "capt_side",
                    other,
                    "capt_type=TWO_OUT is translated only with capt_side BOTH, OPP_SIDE or OWN_SIDE yet",
                ))
            }
        };
        let lapped = word("mlaps") != "OFF";
        if !(multicapt == 0 || (multicapt == -1 && capt_dir == "SOW")) {
            return Err(refuse(
                "multicapt",
                multicapt,
                "capt_type=TWO_OUT is translated only with a single capture or multicapt=-1 with capt_dir=SOW yet",
            ));
        }
        if grandslam != "LEGAL" {
            return Err(refuse(
                "grandslam",
                &grandslam,
                "capt_type=TWO_OUT is translated only with grandslam=LEGAL yet",
            ));
        }
        // Without relays MancalaGames needs the last hole occupied (more than the last seed), and
        // its repeated capture then never goes on: the hole it took is empty.
        let repeat = multicapt == -1 && lapped;
        let _ = writeln!(
            capture,
            "    # capt_type=TWO_OUT: across the gap after the last hole{}\n    beyond_empty: {{ last_occupied: {}, repeat: {repeat}, side: {side_word} }}",
            if repeat { ", across each further gap (multicapt=-1)" } else { "" },
            !lapped
        );
    } else if word("capt_type") != "NONE" {
        return Err(refuse(
            "capt_type",
            word("capt_type"),
            "only TWO_OUT is translated yet",
        ));
    } else if multicapt != 0 || grandslam != "LEGAL" || capt_dir != "OPP_SOW" || side != "BOTH" {
        notes.push(
            "capture parameters without a capture (no capt_on, evens, capt_min, capt_max or crosscapt) do nothing".into(),
        );
    }

    // The last seeds (pickextra).
    match word("pickextra").as_str() {
        "NONE" => {}
        "PICKLASTSEEDS" => {
            let counted = if cross == "NONE" {
                match side.as_str() {
                    "OPP_SIDE" => "opponent",
                    "OWN_SIDE" => "own",
                    "BOTH" => "any",
                    other => {
                        return Err(refuse(
                            "capt_side",
                            other,
                            "pickextra=PICKLASTSEEDS is translated only with capt_side BOTH, OPP_SIDE or OWN_SIDE yet",
                        ))
                    }
                }
            } else {
                "any"
            };
            let _ = writeln!(
                capture,
                "    # pickextra=PICKLASTSEEDS: at most one hole's start of seeds left (counted on capt_side={side}): the mover takes them all\n    last_seeds: {{ at_most: $seeds, counted: {counted} }}"
            );
        }
        other => {
            return Err(refuse(
                "pickextra",
                other,
                "only PICKLASTSEEDS is translated yet",
            ))
        }
    }
    if !matches!(word("capt_rturn").as_str(), "NO_REPEAT" | "ALWAYS") {
        return Err(refuse(
            "capt_rturn",
            word("capt_rturn"),
            "only ALWAYS is translated yet",
        ));
    }

    // Relays (MancalaGames' "multiple laps").
    let mlaps = word("mlaps");
    let mut stopped_end = String::new();
    if mlaps != "OFF" {
        match mlaps.as_str() {
            "LAPPER" => sowing.push_str(
                "  relay: last   # mlaps=LAPPER: a lap ending in an occupied hole goes on with its seeds\n",
            ),
            _ => {
                if cross != "NONE" {
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
        if basic && cross == "NONE" && !typed {
            let _ = writeln!(
                sowing,
                "  # a lap ending where a capture is made does not go on (MancalaGames stops for the capture)\n  relay_stops_on: {}",
                count_test(p, &side)?
            );
        }
        sowing.push_str(
            "  # more than 75 laps: MancalaGames calls the move endless and ends the game as if conceded\n  # (option endless: MancalaGames loses the seeds its 76th lap took up, drop_hand)\n  max_laps: 75\n  at_max_laps: $endless\n",
        );
        let quitter = word("quitter");
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

    // The ends.
    let unclaimed = word("unclaimed");
    let sweep = match unclaimed.as_str() {
        "HOLE_OWNER" => "owners",
        "DONT_SCORE" => "discard",
        "LAST_MOVER" => "mover",
        "DIVVIED" => "split",
        other => {
            return Err(refuse(
                "unclaimed",
                other,
                "only HOLE_OWNER, DONT_SCORE, LAST_MOVER and DIVVIED are translated yet",
            ))
        }
    };
    let total = 2 * p.holes * p.nbr_start;
    let mut end = stopped_end;
    if goal == "CLEAR" {
        // MancalaGames' CLEAR goal has no other end: only the emptied rows decide.
        end.push_str(
            "    # goal=CLEAR: the mover wins by emptying his own holes; when the other has none left\n    # (and the mover still has some), the other wins\n    - { when: mover_empty, before_turn: true, then: mover_wins }\n    - { when: side_empty, before_turn: true, then: fewest_in_holes }\n",
        );
        let parts = Parts {
            notes: &notes,
            stores,
            sowing: &sowing,
            moves: &moves,
            capture: &capture,
            end: &end,
            rounds: "",
        };
        return Ok(Translation {
            yaml: assemble(g, title, p, &parts),
        });
    }
    match word("end_cond").as_str() {
        "NO_ADDTL" => {}
        "CLEARED_OWN" => {
            let _ = writeln!(
                end,
                "    # end_cond=CLEARED_OWN: the mover's holes are empty; the seeds left go by unclaimed={unclaimed}\n    - {{ when: mover_empty, before_turn: true, sweep: {sweep}, then: most_seeds }}"
            );
        }
        other => {
            return Err(refuse(
                "end_cond",
                other,
                "only CLEARED_OWN is translated yet",
            ))
        }
    }
    if rounds.is_empty() {
        end.push_str(
            "    # a player holding more than half the seeds wins at once; the board stays as it is\n    - { when: majority, then: most_seeds }\n",
        );
    } else {
        let _ = writeln!(
            end,
            "    # a player holding so many seeds that the rest cannot fill {gp} hole(s) wins the round at once\n    - {{ when: others_cannot_fill, limit: {gp}, then: most_seeds }}"
        );
    }
    let _ = writeln!(
        end,
        "    # the player to move has no legal move{}: the seeds left go by unclaimed={unclaimed}\n    - {{ when: no_move, sweep: {sweep}, then: most_seeds }}",
        if p.flag("mustpass") {
            " (he passes first, while the other can move)"
        } else {
            ""
        }
    );
    // MancalaGames' "no outcome change" end: fewer seeds left than any capture needs.
    let few = few_left_limit(
        p,
        total,
        basic || cross != "NONE" || p.int("capt_type") != 0,
    );
    if let Some(limit) = few {
        let _ = writeln!(
            end,
            "    # fewer than {limit} seeds left on the board (but some): no capture can change the result\n    - {{ when: few_left, limit: {limit}, sweep: {sweep}, then: most_seeds }}"
        );
    }
    if word("quitter") != "DIVVIED" && mlaps == "OFF" {
        notes.push(format!(
            "quitter={} applies only when a player concedes, which sowlab has no move for",
            word("quitter")
        ));
    }

    let end = end.replace("then: most_seeds", &format!("then: {then}"));
    let parts = Parts {
        notes: &notes,
        stores,
        sowing: &sowing,
        moves: &moves,
        capture: &capture,
        end: &end,
        rounds: &rounds,
    };
    Ok(Translation {
        yaml: assemble(g, title, p, &parts),
    })
}

/// The pieces of a translation, put together by [`assemble`].
struct Parts<'a> {
    notes: &'a [String],
    stores: bool,
    sowing: &'a str,
    moves: &'a str,
    capture: &'a str,
    end: &'a str,
    rounds: &'a str,
}

/// The data rule's text from its pieces.
fn assemble(g: &GameFile, title: &str, p: &Params, parts: &Parts) -> String {
    let Parts {
        notes,
        stores,
        sowing,
        moves,
        capture,
        end,
        rounds,
    } = *parts;
    let mut y = String::new();
    let _ = writeln!(
        y,
        "# Translated by `sowlab import mancalagames` from the MancalaGames game file {}.",
        g.path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default()
    );
    let pairs: Vec<String> = p
        .non_default()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let _ = writeln!(
        y,
        "# Its parameters other than the defaults: {}",
        if pairs.is_empty() {
            "none".to_string()
        } else {
            pairs.join(" ")
        }
    );
    for n in notes {
        let _ = writeln!(y, "# Note: {n}.");
    }
    let _ = writeln!(y, "name: {}", json(title));
    y.push_str("players: 2\n");
    let about = if g.about.is_empty() {
        format!("{title}, as MancalaGames describes it.")
    } else {
        g.about.clone()
    };
    let _ = writeln!(y, "description: {}", json(&about));
    let _ = writeln!(
        y,
        "sources:\n  - {}",
        json(&format!(
            "MancalaGames (https://github.com/StoneShark/MancalaGames), game file {}",
            g.path
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_default()
        ))
    );
    y.push_str("options:\n");
    let _ = writeln!(
        y,
        "  holes: {{ value: {}, min: 2, max: 21, help: \"holes per side (holes)\" }}",
        p.holes
    );
    let _ = writeln!(
        y,
        "  seeds: {{ value: {}, min: 1, max: 100, help: \"seeds in each hole at the start (nbr_start)\" }}",
        p.nbr_start
    );
    y.push_str(
        "  first: { value: south, values: [south, north], help: \"who moves first (MancalaGames draws the starter at random)\" }\n",
    );
    if p.int("mlaps") != 0 {
        y.push_str(
            "  endless: { value: stop, values: [stop, drop_hand], help: \"an endless relay (a 76th lap) stops the move; drop_hand: the seeds that lap took up leave the game, as in MancalaGames (which loses them)\" }\n",
        );
    }
    y.push_str("board:\n  players: 2\n  shape: two_rows\n  to_move: $first\n  pits:\n");
    y.push_str("    - { row: S, owner: 1, holes: $holes, seeds: $seeds }\n");
    if stores {
        y.push_str("    - { store: store S, owner: 1 }\n");
    }
    y.push_str("    - { row: N, owner: 2, holes: $holes, seeds: $seeds }\n");
    if stores {
        y.push_str("    - { store: store N, owner: 2 }\n");
    } else {
        y.push_str("  # stores=false: captures go to each player's reserve\n");
    }
    if !sowing.is_empty() {
        y.push_str("sowing:\n");
        y.push_str(sowing);
    }
    y.push_str("pipeline:\n  names: [South, North]\n");
    if !moves.is_empty() {
        y.push_str("  moves:\n");
        y.push_str(moves);
    }
    if !capture.is_empty() {
        y.push_str("  capture:\n");
        y.push_str(capture);
    }
    match (p.int("sow_stores") == 1, p.int("capt_rturn") == 1) {
        (true, false) => y.push_str(
            "  extra_turn: store   # sow_stores=OWN: a last seed in your store moves again\n",
        ),
        (false, true) => y.push_str(
            "  extra_turn: capture   # capt_rturn=ALWAYS: a move that captured moves again\n",
        ),
        (true, true) => {
            y.push_str("  extra_turn: store_or_capture   # sow_stores=OWN, capt_rturn=ALWAYS\n")
        }
        (false, false) => {}
    }
    if p.flag("mustpass") {
        y.push_str("  pass: { counter: passes }   # mustpass: a player without a move passes\n");
    }
    y.push_str(rounds);
    y.push_str("  end:\n");
    // (an endless relay ends the game, also in a game of rounds)
    y.push_str(&end.replace("then: game_most_seeds", "then: most_seeds"));
    y
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

/// The limit of MancalaGames' "too few seeds to change the outcome" end, where it has one.
fn few_left_limit(p: &Params, total: i64, captures: bool) -> Option<i64> {
    // (MancalaGames leaves this end out where its other ends cover it: store sowing, must share,
    // an extra end condition, the last-seeds takes.)
    if p.int("sow_stores") != 0
        || (p.flag("mustshare") && !p.flag("mustpass"))
        || p.int("end_cond") != 0
        || matches!(p.int("pickextra"), 3 | 4)
        || !captures
    {
        return None;
    }
    let mut need = total;
    if p.flag("evens") || p.int("crosscapt") != 0 {
        need = need.min(2);
    }
    if word_of(p, "capt_type") == "TWO_OUT" {
        need = need.min(if p.int("mlaps") != 0 { 2 } else { 3 });
    }
    let on = p.list("capt_on");
    if let Some(m) = on.iter().min() {
        // (MancalaGames takes the smallest capt_on value alone when evens is also set)
        need = if p.flag("evens") { *m } else { need.min(*m) };
    }
    let cmin = p.int("capt_min");
    if cmin > 0 {
        need = if need == total { cmin } else { need.max(cmin) };
    }
    (p.int("min_move") < need && need < total).then_some(need)
}

fn word_of(p: &Params, key: &str) -> String {
    params::find(key).map_or_else(String::new, |x| x.word(p.int(key)))
}

/// A string as a YAML (JSON) double-quoted scalar.
fn json(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}
