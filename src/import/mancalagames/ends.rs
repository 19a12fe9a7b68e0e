//! The translation's ends: MancalaGames' rounds, and what ends a game (or a round) after a move.

use std::fmt::Write as _;

use super::capture::Caps;
use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The `rounds:` declaration (empty without rounds), the outcome word of the ends (`most_seeds`,
/// or `round, starter: ...`) and the holes a player must fill to go on.
pub(super) fn rounds(p: &Params, goal: &str) -> Result<(String, String, i64), Refusal> {
    // Rounds: MancalaGames' NO_MOVES rounds of a most-seeds game.
    let mut rounds = String::new();
    let mut then = "most_seeds".to_string();
    let gp = p.int("goal_param").max(1);
    if word(p, "rounds") == "NO_ROUNDS" && tally_of(goal).is_some() {
        return Err(refuse(
            "goal",
            goal,
            "a goal scored round by round needs rounds (rounds=NO_ROUNDS)",
        ));
    }
    if word(p, "rounds") == "NO_ROUNDS" && goal == "TERRITORY" {
        return Err(refuse(
            "goal",
            goal,
            "holes owned round by round need rounds (rounds=NO_ROUNDS)",
        ));
    }
    if word(p, "rounds") != "NO_ROUNDS" {
        let kind = word(p, "rounds");
        if !["NO_MOVES", "HALF_SEEDS", "END_S_SEEDS", "END_2S_SEEDS"].contains(&kind.as_str()) {
            return Err(refuse(
                "rounds",
                &kind,
                "only rounds=NO_MOVES, HALF_SEEDS, END_S_SEEDS and END_2S_SEEDS are translated yet",
            ));
        }
        if seeds_limit(p).is_some()
            && goal != "TERRITORY"
            && (tally_of(goal).is_none() || goal == "RND_WIN_COUNT_DEP")
        {
            return Err(refuse(
                "rounds",
                &kind,
                "rounds ended by the seeds left are translated only with goal=TERRITORY, RND_WIN_COUNT_MAX, RND_SEED_COUNT, RND_POINTS and RND_EXTRA_SEEDS yet",
            ));
        }
        let starter = match word(p, "round_starter").as_str() {
            "ALTERNATE" => "alternate",
            "LOSER" => "loser",
            "WINNER" => "winner",
            _ => "mover",
        };
        if let Some(tally) = tally_of(goal) {
            // A match scored into a tally: each round starts afresh, from the start layout
            // (MancalaGames reads no round_fill and no blocks for it).
            let pattern = word(p, "start_pattern");
            let layout = match super::starts::fixed_layout(p)? {
                _ if pattern == "RANDOM" => format!(
                    ", random_layout: {{ seeds: {}, at_least: 2, seed: $start_seed }}",
                    p.nbr_start
                ),
                _ if pattern == "RANDOM_ZEROS" => format!(
                    ", random_layout: {{ seeds: {}, at_least: 0, empty_or_at_least: 4, seed: $start_seed }}",
                    p.nbr_start
                ),
                Some((pits, turn, _)) => format!(
                    ", layout: {pits:?}{}",
                    if turn {
                        ", turn_layout: $round_layout"
                    } else {
                        ""
                    }
                ),
                None if pattern == "ALL_EQUAL" => String::new(),
                None => return Err(refuse(
                    "start_pattern",
                    &pattern,
                    "this start set up again each round of a tallied match is not translated yet",
                )),
            };
            let won = if goal == "RND_WIN_COUNT_DEP" {
                "the mover who leaves the opponent no seeds (or no move) wins a round"
            } else if goal == "RND_WIN_COUNT_CLR" {
                "the player who empties his own holes wins a round"
            } else {
                "the most seeds wins a round"
            };
            let _ = writeln!(
                rounds,
                "  # rounds={kind}, goal={goal}, goal_param={}: {won}, which adds to the\n  # tally ({tally}); the first to {gp} wins the match; each round starts afresh{}\n  rounds: {{ fill: $seeds, winner: most_seeds, tally: {tally}, tally_to: {gp}{layout} }}",
                p.int("goal_param"),
                if layout.is_empty() { "" } else { " from the start layout" },
            );
            return Ok((rounds, format!("round, starter: {starter}"), gp));
        }
        if goal == "TERRITORY" {
            rounds = super::territory::rounds(p, &kind)?;
            return Ok((rounds, format!("round, starter: {starter}"), gp));
        }
        if goal != "MAX_SEEDS" {
            return Err(refuse(
                "goal",
                goal,
                "rounds are translated only with goal=MAX_SEEDS, RND_WIN_COUNT_MAX, RND_SEED_COUNT and RND_POINTS yet",
            ));
        }
        let mut chosen = "";
        let fill_from = match word(p, "round_fill").as_str() {
            "LEFT_FILL" => "left",
            // (both rows shortened to the holes the loser fills, from his left, the winner's
            // facing them; with more than 3 holes a row, a round of 3 or fewer makes no children)
            "SHORTEN_ALL" => {
                chosen = if p.holes > 3 {
                    ", refill: shorten_to_loser, no_children_below: 4"
                } else {
                    ", refill: shorten_to_loser"
                };
                "left"
            }
            "RIGHT_FILL" => "right",
            // (alternately from both ends of each row, inwards)
            "NOT_APPLICABLE" => "outside_in",
            // (the round's loser chooses which of his holes are filled, one a move; MancalaGames
            // fills them as NOT_APPLICABLE does, then lets him move the seeds of a filled hole
            // into an empty one: the same choice of holes)
            "UCHOOSE" => {
                chosen = ", choose_filled: loser";
                "outside_in"
            }
            // (only the loser's row gathered and refilled, from his left, the holes his choice;
            // the ends sweep nothing: the seeds in a player's holes count for him)
            "LOSER_ONLY" => {
                chosen = ", choose_filled: loser, refill: loser";
                "left"
            }
            "UMOVE" => return umove(p, &kind, starter),
            choice @ "UCHOWN" => {
                return Err(refuse(
                    "round_fill",
                    choice,
                    "a player's choice between rounds (the holes the winner owns), which MancalaGames allows only with goal=TERRITORY",
                ))
            }
            other => {
                return Err(refuse(
                    "round_fill",
                    other,
                    "only LEFT_FILL, RIGHT_FILL, NOT_APPLICABLE, UCHOOSE, LOSER_ONLY, UMOVE and SHORTEN_ALL are translated yet",
                ))
            }
        };
        let _ = writeln!(
            rounds,
            "  # rounds={kind}, round_fill={}, goal_param={}, blocks={}: the most seeds wins a round; who\n  # cannot fill {gp} hole(s) ends the match; holes are refilled from the {fill_from}{}\n  rounds: {{ fill: $seeds, fill_from: {fill_from}, winner: most_seeds, min_holes: {gp}, close_unfilled: {}{chosen} }}",
            word(p, "round_fill"),
            p.int("goal_param"),
            p.flag("blocks"),
            match chosen {
                "" => "",
                ", choose_filled: loser" => ";\n  # the round's loser chooses which of his holes he fills, one a move",
                x if x.contains("shorten_to_loser") => ";\n  # both rows shortened to the loser's: the winner fills the holes facing the loser's, the\n  # loser's last seeds and as many of the winner's go into the next hole of each, the winner's\n  # other seeds stay in his store (a round of 3 holes or fewer, on a longer board, makes no\n  # children)",
                _ => ";\n  # only the round's loser's row is gathered and refilled, the holes his choice, one a\n  # move; the winner's seeds stay where they are (a level round ends the match, and so does\n  # a winner without a move)",
            },
            p.flag("blocks")
        );
        then = format!("round, starter: {starter}");
    }
    // Without rounds, goal_param, round_fill, round_starter and blocks do nothing in a
    // MAX_SEEDS or CLEAR game (MancalaGames reads them when a round ends or for other goals).
    Ok((rounds, then, gp))
}

/// `round_fill=UMOVE` (rounds NO_MOVES of a MAX_SEEDS game): at a round's end the loser's seeds
/// are spread evenly over every hole of both rows, then the loser may arrange his row (each hole
/// keeping a seed, seeds to and from his store), the winner's row copying it. MancalaGames ends
/// the match when a player holds fewer seeds than his row has holes, and a round only when a
/// player holds every seed (or cannot move).
fn umove(p: &Params, kind: &str, starter: &str) -> Result<(String, String, i64), Refusal> {
    if kind != "NO_MOVES" {
        return Err(refuse(
            "rounds",
            kind,
            "round_fill=UMOVE is translated only with rounds=NO_MOVES yet",
        ));
    }
    // (min_move above 1: the spread keeps a hole of each row playable, the match needs a seed a
    // hole and min_move-1 more, and the loser ends his arrangement only with a playable hole)
    let min_move = p.int("min_move");
    let (more, pass) = if min_move > 1 {
        (
            format!(" (and {} more, so that a hole can be played)", min_move - 1),
            format!(", pass_needs_seeds: {min_move}"),
        )
    } else {
        (String::new(), String::new())
    };
    let rounds = format!(
        "  # rounds={kind}, round_fill=UMOVE: the most seeds wins a round; who holds fewer seeds than his\n  # row has holes{more} ends the match; the loser's seeds are spread evenly over every hole of both\n  # rows (his remainder in his store, the winner keeping the rest in his)\n  rounds: {{ fill: 1, winner: most_seeds, min_holes: $holes, close_unfilled: false, refill: spread_loser, spread_count: $spread_count }}\n  # then the round's loser arranges his row, one seed a move (each hole keeping one, seeds to and\n  # from his store: `3-5`, `store-2`, `4-store`), the winner's row copying each move, until he\n  # passes (MancalaGames leaves it to its UI, without a bound; sowlab's: 100 moves)\n  arrange: {{ max_moves: 100, by: round_loser, copied: true, with_store: true, keep: 1{pass} }}\n"
    );
    // (a round won at once only by a player holding every seed: the rest cannot fill 1 hole of 1)
    Ok((rounds, format!("round, starter: {starter}"), 1))
}

/// The seeds left in play that end a round (MancalaGames' rounds END_S_SEEDS: a hole's start,
/// END_2S_SEEDS: two), if the rounds end so.
pub(super) fn seeds_limit(p: &Params) -> Option<i64> {
    match word(p, "rounds").as_str() {
        "END_S_SEEDS" => Some(p.nbr_start),
        "END_2S_SEEDS" => Some(2 * p.nbr_start),
        _ => None,
    }
}

/// The tally of a goal scored round by round (RND_*), in sowlab's word.
pub(super) fn tally_of(goal: &str) -> Option<&'static str> {
    match goal {
        "RND_WIN_COUNT_MAX" => Some("rounds_won"),
        "RND_SEED_COUNT" => Some("seeds_held"),
        "RND_POINTS" => Some("points"),
        "RND_WIN_COUNT_DEP" | "RND_WIN_COUNT_CLR" => Some("rounds_won"),
        "RND_EXTRA_SEEDS" => Some("extra_seeds"),
        _ => None,
    }
}

/// The `end:` checks, and whether the goal is CLEAR (its ends say their own outcomes).
pub(super) fn ends(
    p: &Params,
    goal: &str,
    c: &Caps,
    stopped_end: String,
    gp: i64,
    rounds: &str,
    notes: &mut Vec<String>,
) -> Result<(String, bool), Refusal> {
    // The ends.
    let unclaimed = word(p, "unclaimed");
    // UNFED_PLAYER: the seeds left go by `quitter`, except when the player to move cannot feed
    // the mover (who has no seeds): then the unfed mover takes them (MancalaGames' must-share end).
    let unfed = unclaimed == "UNFED_PLAYER";
    if unfed && !(p.flag("mustshare") && !p.flag("mustpass") && p.int("min_move") == 1) {
        return Err(refuse(
            "unclaimed",
            &unclaimed,
            "UNFED_PLAYER is translated only with mustshare, without mustpass, with min_move=1 yet",
        ));
    }
    // (with no_sides MancalaGames scores the seeds left for nobody, whatever unclaimed says)
    let reading = if p.flag("no_sides") {
        "DONT_SCORE".to_string()
    } else if unfed {
        word(p, "quitter")
    } else {
        unclaimed.clone()
    };
    let sweep = match reading.as_str() {
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
    // (round_fill=LOSER_ONLY: nothing is swept, the seeds in a player's holes count for him)
    let sweep = if word(p, "round_fill") == "LOSER_ONLY" && !rounds.is_empty() {
        "none"
    } else {
        sweep
    };
    let total = super::starts::total_seeds(p);
    let mut end = stopped_end;
    if goal == "CLEAR" {
        // MancalaGames' CLEAR goal has no other end: only the emptied rows decide.
        end.push_str(
            "    # goal=CLEAR: the mover wins by emptying his own holes; when the other has none left\n    # (and the mover still has some), the other wins\n    - { when: mover_empty, before_turn: true, then: mover_wins }\n    - { when: side_empty, before_turn: true, then: fewest_in_holes }\n",
        );
        return Ok((end, true));
    }
    if goal == "DEPRIVE" || goal == "IMMOBILIZE" {
        return eliminate(p, goal, end, notes).map(|e| (e, true));
    }
    if goal == "RND_WIN_COUNT_CLR" {
        // Each round a CLEAR game, its winner scoring a round won.
        end.push_str(
            "    # goal=RND_WIN_COUNT_CLR: each round the mover wins by emptying his own holes; when the\n    # other has none left (and the mover still has some), the other wins it\n    - { when: mover_empty, before_turn: true, then: round_mover_wins }\n    - { when: side_empty, before_turn: true, then: round_mover_loses }\n",
        );
        return Ok((end, false));
    }
    if goal == "RND_WIN_COUNT_DEP" {
        // Each round a DEPRIVE game, its winner scoring a round won.
        let e = eliminate(p, "DEPRIVE", end, notes)?;
        let e = e
            .replace("then: mover_wins", "then: round_mover_wins")
            .replace("then: mover_loses", "then: round_mover_loses")
            .replace("then: to_move_loses", "then: round_to_move_loses");
        return Ok((e, false));
    }
    match word(p, "end_cond").as_str() {
        "NO_ADDTL" => {}
        "CLEARED_OPP" => {
            let _ = writeln!(
                end,
                "    # end_cond=CLEARED_OPP: the mover's opponent has no seeds in his holes; the seeds left go by unclaimed={unclaimed}\n    - {{ when: opponent_empty, before_turn: true, sweep: {sweep}, then: most_seeds }}"
            );
        }
        "SEEDS_LIMIT" => {
            let limit = p.int("end_param");
            let _ = writeln!(
                end,
                "    # end_cond=SEEDS_LIMIT, end_param={limit}: at most {limit} seeds left in the holes; they go by unclaimed={unclaimed}\n    - {{ when: left_at_most, limit: {limit}, before_turn: true, sweep: {sweep}, then: most_seeds }}"
            );
        }
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
                "only CLEARED_OWN, CLEARED_OPP and SEEDS_LIMIT are translated yet",
            ))
        }
    }
    if let Some(limit) = seeds_limit(p) {
        // (MancalaGames' last-seeds take, when the game has one, does this end's work: it
        // leaves no seeds, and nobody can move)
        if !matches!(p.int("pickextra"), 3 | 4) {
            let _ = writeln!(
                end,
                "    # rounds={}: at most {limit} seeds left in the holes end the round; they go by unclaimed={unclaimed}\n    - {{ when: left_at_most, limit: {limit}, before_turn: true, sweep: {sweep}, then: most_seeds }}",
                word(p, "rounds")
            );
        }
        if goal == "TERRITORY" {
            let win = super::territory::round_win_seeds(p);
            let _ = writeln!(
                end,
                "    # goal=TERRITORY, goal_param={gp}: a player holding more than {win} seeds (or both {win}) ends the round\n    # (the other then cannot go on: the match is his)\n    - {{ when: holds_more_than, limit: {win}, before_turn: true, then: most_seeds }}"
            );
        }
    }
    if tally_of(goal).is_some() && word(p, "rounds") != "HALF_SEEDS" {
        // (MancalaGames' outright win needs every seed: the round then ends as the other cannot move)
    } else if word(p, "rounds") == "HALF_SEEDS" {
        end.push_str(
            "    # rounds=HALF_SEEDS: a player holding more than half the seeds (or both half) ends the round\n    - { when: majority, then: most_seeds }\n",
        );
    } else if goal == "TERRITORY" {
        // (MancalaGames' outright win needs every seed: the round then ends as nobody can move)
    } else if rounds.is_empty() {
        end.push_str(
            "    # a player holding more than half the seeds wins at once; the board stays as it is\n    - { when: majority, then: most_seeds }\n",
        );
    } else {
        let _ = writeln!(
            end,
            "    # a player holding so many seeds that the rest cannot fill {gp} hole(s) wins the round at once\n    - {{ when: others_cannot_fill, limit: {gp}, then: most_seeds }}"
        );
    }
    if unfed {
        let _ = writeln!(
            end,
            "    # unclaimed=UNFED_PLAYER: the player to move has no seeds: the seeds left go by quitter={reading};\n    # he has seeds but none feeds the other (the mover, or after a grand slam's extra turn the\n    # opponent): that unfed player takes them\n    - {{ when: to_move_empty, sweep: {sweep}, then: most_seeds }}\n    - {{ when: no_move, sweep: waiting, then: most_seeds }}"
        );
    } else {
        let _ = writeln!(
            end,
            "    # the player to move has no legal move{}: the seeds left go by unclaimed={unclaimed}\n    - {{ when: no_move, sweep: {sweep}, then: most_seeds }}",
            if p.flag("mustpass") {
                " (he passes first, while the other can move)"
            } else {
                ""
            }
        );
    }
    // MancalaGames' "no outcome change" end: fewer seeds left than any capture needs.
    let few = few_left_limit(
        p,
        total,
        c.basic || c.cross != "NONE" || p.int("capt_type") != 0,
    );
    if let Some(limit) = few {
        let _ = writeln!(
            end,
            "    # fewer than {limit} seeds left on the board (but some): no capture can change the result\n    - {{ when: few_left, limit: {limit}, sweep: {sweep}, then: most_seeds }}"
        );
    }
    if word(p, "quitter") != "DIVVIED" && p.int("mlaps") == 0 {
        notes.push(format!(
            "quitter={} applies only when a player concedes, which sowlab has no move for",
            word(p, "quitter")
        ));
    }

    Ok((end, false))
}

/// The ends of the goals won by taking the opponent's seeds (DEPRIVE) or moves (IMMOBILIZE):
/// no seed count decides, no seeds are swept, and MancalaGames reads no `end_cond` for them.
fn eliminate(
    p: &Params,
    goal: &str,
    mut end: String,
    notes: &mut Vec<String>,
) -> Result<String, Refusal> {
    if p.flag("mustpass") {
        return Err(refuse(
            "mustpass",
            "true",
            "passing is not translated with goal=DEPRIVE or IMMOBILIZE yet",
        ));
    }
    if word(p, "end_cond") != "NO_ADDTL" {
        notes.push(format!(
            "end_cond={} does nothing with goal={goal}",
            word(p, "end_cond")
        ));
    }
    if goal == "DEPRIVE" {
        end.push_str(
            "    # goal=DEPRIVE: the mover wins by leaving the opponent no seeds in his holes (even with none\n    # left himself); he loses by emptying his own holes while the opponent has seeds\n    - { when: opponent_empty, before_turn: true, then: mover_wins }\n    - { when: mover_empty, before_turn: true, then: mover_loses }\n",
        );
    } else {
        end.push_str(
            "    # goal=IMMOBILIZE: the mover wins by leaving the opponent no legal move\n    - { when: opponent_no_move, before_turn: true, then: mover_wins }\n",
        );
    }
    end.push_str("    # a player who cannot move (as on an extra turn) loses\n    - { when: no_move, then: to_move_loses }\n");
    Ok(end)
}

/// The limit of MancalaGames' "too few seeds to change the outcome" end, where it has one.
fn few_left_limit(p: &Params, total: i64, captures: bool) -> Option<i64> {
    // (MancalaGames leaves this end out where its other ends cover it: store sowing, must share,
    // an extra end condition, the last-seeds takes.)
    if p.int("sow_stores") != 0
        || (p.flag("mustshare") && !p.flag("mustpass"))
        || p.int("end_cond") != 0
        || matches!(p.int("pickextra"), 3 | 4)
        || seeds_limit(p).is_some()
    {
        return None;
    }
    // Children (but a ram) need child_cvt seeds to change the result; MancalaGames leaves the
    // end out in games with children and no stores, and with wegs but no other capture.
    let ty = word(p, "child_type");
    let kids = ty != "NOCHILD" && ty != "RAM";
    if (!captures && (!kids || ty == "WEG")) || (kids && !p.flag("stores")) {
        return None;
    }
    let mut need = if kids { p.int("child_cvt") } else { total };
    if p.flag("evens") || p.int("crosscapt") != 0 || word(p, "capt_type") == "NEXT" {
        need = need.min(2);
    }
    if word(p, "capt_type") == "TWO_OUT" {
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
