//! The translation of MancalaGames' TERRITORY goal: holes owned round by round (`territory:`).
//!
//! MancalaGames plays a territory game in rounds: at a round's end the seeds each player holds
//! (his store and children) are counted in holes of `nbr_start` seeds; the winner owns that many
//! holes from his own row's first hole on (anticlockwise), the loser the rest; every hole starts
//! again with `nbr_start` seeds. The winner's last, partly filled hole is his when he fills it
//! more than half (round_fill TERR_EX_LOSER, TERR_EX_EMPTY: always the loser's; TERR_EX_EMPTY
//! also empties the loser's first hole and leaves the seeds that fill no whole hole in the
//! stores). The match ends when a player holds too few seeds to go on.

use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The `rounds:` and `territory:` declarations of a TERRITORY game with rounds `kind`, its next
/// rounds started by `starter`.
pub(super) fn rounds(p: &Params, kind: &str) -> Result<String, Refusal> {
    if kind == "HALF_SEEDS" {
        return Err(refuse(
            "rounds",
            kind,
            "goal=TERRITORY is translated only with rounds=NO_MOVES, END_S_SEEDS and END_2S_SEEDS yet",
        ));
    }
    // A start pattern is set up again each round (MancalaGames turns it round for the player
    // who does not start the round); a hole then stands for the seeds of an average hole.
    let layout = if p.int("start_pattern") != 0 {
        match super::starts::fixed_layout(p)? {
            Some((pits, turn, _)) if word(p, "round_fill") != "TERR_EX_EMPTY" => format!(
                ", layout: {pits:?}{}",
                if turn {
                    ", turn_layout: non_starter"
                } else {
                    ""
                }
            ),
            _ => {
                return Err(refuse(
                    "start_pattern",
                    word(p, "start_pattern"),
                    "a territory game is translated only with a fixed start layout (not with round_fill=TERR_EX_EMPTY) yet",
                ))
            }
        }
    } else {
        String::new()
    };
    if p.flag("blocks") {
        return Err(refuse(
            "blocks",
            "true",
            "blocked holes in a territory game are not translated yet",
        ));
    }
    let fill = word(p, "round_fill");
    let (part_hole, part_kept) = match fill.as_str() {
        "NOT_APPLICABLE" | "LEFT_FILL" | "RIGHT_FILL" | "SHORTEN_ALL" | "UCHOWN" => {
            ("over_half", false)
        }
        "TERR_EX_LOSER" => ("loser", false),
        "TERR_EX_EMPTY" => ("loser", true),
        // (a coin toss for a hole filled exactly half: only with an even nbr_start)
        "TERR_EX_RANDOM" if p.nbr_start % 2 == 0 => ("toss", false),
        "TERR_EX_RANDOM" => ("over_half", false),
        other => {
            return Err(refuse(
                "round_fill",
                other,
                if other.starts_with('U') {
                    "a player's choice between rounds (which holes to fill, move or own), which MancalaGames leaves to its UI; sowlab has no move for it and does not pick one silently"
                } else {
                    "only TERR_EX_LOSER and TERR_EX_EMPTY are translated with goal=TERRITORY yet"
                },
            ))
        }
    };
    // (UCHOWN: the winner may choose which holes of the loser's row he owns, as many as he won
    // there; MancalaGames gives him the loser's first ones, as the other fills do)
    let chosen = if fill == "UCHOWN" {
        ", choose_owned: winner"
    } else if part_hole == "toss" {
        ", toss_seed: $start_seed"
    } else {
        ""
    };
    let h = p.holes;
    let total = super::starts::total_seeds(p);
    // (the seeds a hole stands for: MancalaGames' seed_equiv)
    let s = total / (2 * h).max(1);
    let hole_seeds = if layout.is_empty() {
        "$seeds".to_string()
    } else {
        s.to_string()
    };
    let gp = p.int("goal_param");
    // MancalaGames' end of the match: a player holding fewer seeds than the rest of the board
    // less what wins goal_param holes, plus one (a whole hole's reading) or half a hole.
    let least = if part_hole == "loser" {
        total - gp * s + 1
    } else {
        total - ((gp - 1) * s + s / 2 + 1) + s / 2
    };
    Ok(format!(
        "  # goal=TERRITORY, goal_param={gp}, rounds={kind}, round_fill={fill}: the most seeds wins a round; the\n  # winner then owns a hole for each {s} seeds he holds (a hole filled in part: {}), from his\n  # first hole on{}, the loser the rest; every hole starts again with {}{}; a player\n  # holding fewer than {least} seeds (with the holes he owns) ends the match ({gp} holes won;\n  # for {h} holes and {s} seeds)\n  rounds: {{ fill: $seeds, winner: most_seeds{layout} }}\n  territory: {{ hole_seeds: {hole_seeds}, part_hole: {part_hole}, part_kept: {part_kept}, least_seeds: {least}{chosen} }}\n",
        match part_hole {
            "loser" => "the loser's",
            "toss" => "the winner's if over half, by a coin toss if exactly half",
            _ => "the winner's if over half",
        },
        if fill != "UCHOWN" {
            ""
        } else {
            " (those in the loser's row chosen by\n  # the winner, one a move)"
        },
        if layout.is_empty() {
            format!("{s} seeds")
        } else {
            format!(
                "the start layout ({}, turned for\n  # the player who does not start)",
                word(p, "start_pattern")
            )
        },
        if part_kept {
            ", but the loser's first, empty, and the seeds filling no whole hole stay in the stores"
        } else {
            ""
        },
    ))
}

/// `capt_side` as the capture translation reads it: in a territory game sowlab's sides are the
/// holes each player owns this round, so OPP_TERR reads as OPP_SIDE (OWN_TERR as OWN_SIDE) and
/// the sides by rows are refused there; elsewhere the territory sides are refused.
pub(super) fn capture_side(p: &Params) -> Result<String, Refusal> {
    let side = word(p, "capt_side");
    let territory = word(p, "goal") == "TERRITORY";
    match (side.as_str(), territory) {
        ("OPP_TERR", true) => Ok("OPP_SIDE".into()),
        ("OWN_TERR", true) => Ok("OWN_SIDE".into()),
        ("BOTH", _) | (_, false) => Ok(side),
        (other, true) => Err(refuse(
            "capt_side",
            other,
            "a capture side by rows in a territory game (sowlab's sides there are the holes owned this round) is not translated yet",
        )),
    }
}

/// The seeds that win a territory round at once, in rounds ended by the seeds left (MancalaGames'
/// END_S_SEEDS, END_2S_SEEDS): more than enough to own goal_param holes, the last one more than
/// half filled (TERR_EX_LOSER, TERR_EX_EMPTY: goal_param whole holes). With NO_MOVES rounds it
/// needs every seed instead, which no end check has to say.
pub(super) fn round_win_seeds(p: &Params) -> i64 {
    let (s, gp) = (p.nbr_start, p.int("goal_param"));
    if matches!(
        word(p, "round_fill").as_str(),
        "TERR_EX_LOSER" | "TERR_EX_EMPTY"
    ) {
        gp * s
    } else {
        (gp - 1) * s + s / 2 + 1
    }
}
