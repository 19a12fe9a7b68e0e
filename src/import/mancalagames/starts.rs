//! The translation's start layouts and which holes may be played (MancalaGames' `start_pattern`
//! and `allow_rule`), and the opening moves without captures (`nocaptmoves`).

use std::fmt::Write as _;

use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The `moves:` keys of `allow_rule` (added to `moves`).
pub(super) fn allow(p: &Params, moves: &mut String) -> Result<(), Refusal> {
    let rule = word(p, "allow_rule");
    match rule.as_str() {
        "NONE" => {}
        "OPP_OR_EMPTY" => {
            // MancalaGames tries a single lap from each hole holding at most `holes` seeds; a
            // hole holding more is always allowed.
            let _ = writeln!(
                moves,
                "    landing: [opponent_hole, empty_hole, store]   # allow_rule=OPP_OR_EMPTY: a lap ends on the opponent's side or in an empty hole\n    landing_up_to: {}   # (MancalaGames allows a hole holding more seeds than a row has holes wherever it ends)",
                p.holes
            );
        }
        "OCCUPIED" => moves.push_str(
            "    landing: [occupied_hole, store]   # allow_rule=OCCUPIED: a lap must not end in an empty hole\n",
        ),
        "SINGLE_TO_ZERO" => moves.push_str(
            "    single_seed_to_empty: true   # allow_rule=SINGLE_TO_ZERO: a single seed only into an empty hole\n",
        ),
        "SINGLE_ONLY_ALL" => moves.push_str(
            "    last_resort_count: 1   # allow_rule=SINGLE_ONLY_ALL: a single seed only when every legal hole holds one\n",
        ),
        "SINGLE_ALL_TO_ZERO" => moves.push_str(
            "    last_resort_count: 1   # allow_rule=SINGLE_ALL_TO_ZERO: a single seed only when every legal hole holds one,\n    single_seed_to_empty: true   # and only into an empty hole\n",
        ),
        "TWO_ONLY_ALL" => moves.push_str(
            "    last_resort_count: 2   # allow_rule=TWO_ONLY_ALL: two seeds only when every legal hole holds two\n",
        ),
        "TWO_ONLY_ALL_RIGHT" => moves.push_str(
            "    last_resort_count: 2   # allow_rule=TWO_ONLY_ALL_RIGHT: two seeds only when every legal hole holds two,\n    last_resort_rightmost: true   # and then only from the rightmost of them\n",
        ),
        // (MancalaGames counts the first turn; with no extra turn it is the first move)
        "RIGHT_2_1ST_THEN_ALL_TWO"
            if word(p, "capt_rturn") == "NO_REPEAT"
                && word(p, "sow_stores") == "NEITHER" =>
        {
            moves.push_str(
                "    last_resort_count: 2   # allow_rule=RIGHT_2_1ST_THEN_ALL_TWO: two seeds only when every legal hole holds two;\n    first_move_rightmost: 2   # the first move of a game or round only from the two rightmost legal holes\n",
            )
        }
        "MOVE_ALL_HOLES_FIRST" => moves.push_str(
            "    every_hole_first: true   # allow_rule=MOVE_ALL_HOLES_FIRST: each player plays every one of his holes once before any again\n",
        ),
        "NOT_XFROM_1S" => moves.push_str(
            "    not_facing_single: true   # allow_rule=NOT_XFROM_1S: not from a hole facing a single seed\n",
        ),
        "RIGHT_HALF_1ST_OPE" => {
            let _ = writeln!(
                moves,
                "    landing: [opponent_hole, empty_hole, store]   # allow_rule=RIGHT_HALF_1ST_OPE: after the first two turns, a lap ends on the opponent's side or in an empty hole\n    landing_up_to: {}   # (MancalaGames allows a hole holding more seeds than a row has holes wherever it ends)",
                p.holes
            );
        }
        other => {
            return Err(refuse(
                "allow_rule",
                other,
                "only OPP_OR_EMPTY, OCCUPIED, SINGLE_TO_ZERO, SINGLE_ONLY_ALL, SINGLE_ALL_TO_ZERO, TWO_ONLY_ALL, TWO_ONLY_ALL_RIGHT, RIGHT_2_1ST_THEN_ALL_TWO (without extra turns or store sowing), MOVE_ALL_HOLES_FIRST, NOT_XFROM_1S and RIGHT_HALF_1ST_OPE are translated yet",
            ))
        }
    }
    opening(p, moves)
}

/// One rule's part of the opening: its turns, holes, whether the other filters are off, whether
/// the last seed goes to the opponent's side, and what it is.
type OpeningPart = (i64, Option<Vec<i64>>, bool, bool, &'static str);

/// A fixed layout: the counts, whether turned round when North starts, what it is.
pub(super) type Layout = (Vec<i64>, bool, &'static str);

/// The `opening:` of `moves` (the first turns of a game and of each round), from
/// start_pattern=MOVE_RIGHTMOST, allow_rule=RIGHT_HALF_1ST_OPE and prescribed=SOW1OPP.
fn opening(p: &Params, moves: &mut String) -> Result<(), Refusal> {
    if word(p, "prescribed") == "PLUS1MINUS1" {
        moves.push_str("    # prescribed=PLUS1MINUS1: the first move of a game or round is not sown: its hole keeps its\n    # seeds, the next holes lose one and gain one in turn, the hole opposite gains one more and\n    # the captures are judged there\n    first_move_takes_and_gives: true\n");
    }
    let h = p.holes;
    // (turns, holes, the other filters off, what it is)
    let mut parts: Vec<OpeningPart> = Vec::new();
    if word(p, "allow_rule") == "RIGHT_HALF_1ST_OPE" {
        parts.push((
            2,
            Some((h - h / 2 + 1..=h).collect()),
            true,
            false,
            "allow_rule=RIGHT_HALF_1ST_OPE: each player's first turn from the right half of his holes, wherever it ends",
        ));
    }
    if word(p, "prescribed") == "SOW1OPP" {
        parts.push((
            2,
            None,
            false,
            true,
            "prescribed=SOW1OPP: the first two turns are one lap each, the last seed passing the mover's holes to fall on the opponent's side",
        ));
    }
    if parts.is_empty() {
        return Ok(());
    }
    let turns = parts[0].0;
    if parts.iter().any(|x| x.0 != turns) {
        return Err(refuse(
            "start_pattern",
            word(p, "start_pattern"),
            "an opening of one turn with another of two turns (prescribed or allow_rule) is not translated yet",
        ));
    }
    let holes = parts.iter().find_map(|x| x.1.clone());
    let unfiltered = parts.iter().any(|x| x.2);
    let to_opp = parts.iter().any(|x| x.3);
    for x in &parts {
        let _ = writeln!(moves, "    # {}", x.4);
    }
    let _ = write!(moves, "    opening: {{ turns: {turns}");
    if let Some(hs) = holes {
        let _ = write!(moves, ", holes: {hs:?}");
    }
    if unfiltered {
        moves.push_str(", filters: false");
    }
    if to_opp {
        moves.push_str(", last_to_opponent: true");
    }
    moves.push_str(" }\n");
    Ok(())
}

/// The capture key of `nocaptmoves` (added to the capture block `capture`).
pub(super) fn no_capture_turns(
    p: &Params,
    sowing: &str,
    capture: &mut String,
) -> Result<(), Refusal> {
    let n = p.int("nocaptmoves");
    if n == 0 {
        return Ok(());
    }
    // (captures made during the sowing, sow_rule ENPAS_*, are off in those turns too)
    if capture.is_empty()
        && !sowing.contains("relay_stops_on")
        && !sowing.contains("close_on_relay")
    {
        // Nothing to hold back.
        return Ok(());
    }
    let _ = writeln!(
        capture,
        "    no_capture_turns: {n}   # nocaptmoves: the first {n} turns capture nothing (nor does a relay stop for a capture)"
    );
    Ok(())
}

/// The seeds on the board at the start: MancalaGames' start pattern's total (`nbr_start` is the
/// total itself for a random start).
pub(super) fn total_seeds(p: &Params) -> i64 {
    let (h, s) = (p.holes, p.nbr_start);
    match word(p, "start_pattern").as_str() {
        "RANDOM" | "RANDOM_ZEROS" => s,
        "GAMACHA" => (h - 1) * s,
        "ALTERNATES" | "ALTS_SPLIT" => h * s,
        "ALTS_WITH_1" => (h - (2 - h % 2)) * s + 1,
        "CLIPPEDTRIPLES" => h / 3 * s * 4,
        "TWOEMPTY" => (h - 2) * s * 2,
        "RIGHTMOST_PLUS_ONE" => 2 * h * s + 2,
        "AZIGO" => 2 * ((h / 2 - 3) * s + 1) + 4 * s,
        _ => 2 * h * s,
    }
}

/// The `start:` block of the data rule for `start_pattern` (empty for ALL_EQUAL). Layouts are
/// MancalaGames' own, for South moving first, in the canonical order (South's holes from his
/// left, then North's from his).
pub(super) fn start(p: &Params) -> Result<String, Refusal> {
    let (h, s) = (p.holes as usize, p.nbr_start);
    let pattern = word(p, "start_pattern");
    // (MancalaGames plays these moves as it sets the board up: the start is the position after
    // them, the starter's first move in the game his next one)
    if (pattern == "MOVE_RIGHTMOST" || pattern == "MOVE_RANDOM") && word(p, "rounds") != "NO_ROUNDS"
    {
        return Err(refuse(
            "start_pattern",
            &pattern,
            "in a game of rounds (MancalaGames plays the move again at each round's start) not yet",
        ));
    }
    if pattern == "MOVE_RIGHTMOST" {
        return Ok("start:\n  # start_pattern=MOVE_RIGHTMOST: the starter's move from his rightmost hole is part of the start\n  first_move: { from: rightmost }\n".into());
    }
    if pattern == "MOVE_RANDOM" {
        return Ok("start:\n  # start_pattern=MOVE_RANDOM: a move drawn from the game's seed is part of the start (then the\n  # other player moves)\n  first_move: { from: random, seed: $start_seed }\n".into());
    }
    if pattern == "RANDOM_ZEROS" {
        return Ok(format!(
            "start:\n  # start_pattern=RANDOM_ZEROS: {s} seeds spread at random, each hole empty or holding at least 4\n  # (MancalaGames draws its own layout: the same properties, not the same layout for a seed)\n  random: {{ seeds: {s}, at_least: 0, empty_or_at_least: 4, seed: $start_seed }}\n"
        ));
    }
    if pattern == "RANDOM" {
        return Ok(format!(
            "start:\n  # start_pattern=RANDOM: {s} seeds spread at random, at least 2 in each hole when there are enough\n  # (MancalaGames draws its own layout: the same properties, not the same layout for a seed)\n  random: {{ seeds: {s}, at_least: 2, seed: $start_seed }}\n"
        ));
    }
    let Some((pits, turn, what)) = fixed_layout(p)? else {
        return Ok(String::new());
    };
    let mut y = format!(
        "start:\n  # start_pattern={pattern}: {what} (written for {h} holes a row)\n  pits: {pits:?}\n"
    );
    if turn {
        y.push_str("  turn_round: true   # when North starts, the board is turned round\n");
    }
    Ok(y)
}

/// The fixed start layout of `start_pattern` (None for ALL_EQUAL, RANDOM and the opening move
/// MOVE_RIGHTMOST): the counts in canonical order for South moving first, whether the board
/// is turned round when North starts, and what it is.
pub(super) fn fixed_layout(p: &Params) -> Result<Option<Layout>, Refusal> {
    let (h, s) = (p.holes as usize, p.nbr_start);
    let n = 2 * h;
    let pattern = word(p, "start_pattern");
    // (layout, turned round when North starts, what it is)
    let (pits, turn, what): (Vec<i64>, bool, &'static str) = match pattern.as_str() {
        // (MOVE_RIGHTMOST is the opening move, in `moves`)
        "ALL_EQUAL" | "MOVE_RIGHTMOST" | "RANDOM" | "RANDOM_ZEROS" => return Ok(None),
        "RIGHTMOST_PLUS_ONE" => {
            let mut row = vec![s; h];
            row[h - 1] += 1;
            (
                row.repeat(2),
                false,
                "each player's rightmost hole holds one seed more",
            )
        }
        "CLIPPEDTRIPLES" if h >= 3 => {
            let row: Vec<i64> = (0..h)
                .map(|i| if i % 3 == 0 || i >= h / 3 * 3 { 0 } else { s })
                .collect();
            (
                row.repeat(2),
                false,
                "each row from its owner's left: 0, s, s repeated; holes left over empty",
            )
        }
        "TWOEMPTY" if h >= 4 => {
            let mut row = vec![s; h];
            row[h - 2] = 0;
            row[h - 1] = 0;
            (
                row.repeat(2),
                false,
                "each player's two rightmost holes empty",
            )
        }
        "NO_REPEAT_SOW_OWN" if h > 2 => {
            let mut row = vec![s; h];
            let (hi, si) = (h as i64, s);
            let moved = if si <= 2 {
                let p1 = hi - si;
                Some((p1, (p1 - 2).max(0)))
            } else if si <= hi {
                Some((hi - si, hi + 2 - si))
            } else {
                let sstore = si % (2 * hi + 1);
                let p1 = hi - sstore;
                (0..hi).contains(&p1).then(|| {
                    let m1 = hi + 2 - sstore;
                    (p1, if m1 >= hi { 0 } else { m1 })
                })
            };
            if let Some((p1, m1)) = moved {
                row[m1 as usize] -= 1;
                row[p1 as usize] += 1;
            }
            (
                row.repeat(2),
                false,
                "one seed moved in each row so that no opening move ends in the mover's store",
            )
        }
        "GAMACHA" if h >= 3 => {
            let mut b = vec![0; n];
            for loc in (2..n).step_by(2) {
                b[loc] = s;
            }
            let dest = 1 + 2 * ((h - 1) / 4);
            let source = n - dest - 1;
            b[dest] = b[source];
            b[source] = 0;
            (
                b,
                true,
                "alternate holes from the third filled, one of North's moved to South",
            )
        }
        "ALTS_WITH_1" if h >= 3 => {
            let mut b = vec![0; n];
            for loc in (1..n).step_by(2) {
                b[loc] = s;
            }
            b[h + 3 - h % 2] = 1;
            if h.is_multiple_of(2) {
                b[h - 3] = 0;
            }
            (
                b,
                true,
                "alternate holes filled, one of North's holding a single seed",
            )
        }
        "ALTS_SPLIT" if h.is_multiple_of(2) => {
            let mut b = vec![0; n];
            for loc in (1..n).step_by(2) {
                b[loc] = s;
            }
            let m = s / 4;
            b[h] += m;
            b[h - 1] -= m;
            // (MancalaGames writes this layout for North starting and turns it round for South)
            b.rotate_left(h);
            (
                b,
                true,
                "alternate holes filled, a quarter of a hole's seeds moved across",
            )
        }
        // (MancalaGames' own check asks for 8 to 20 holes)
        "AZIGO" if (8..=20).contains(&h) => {
            let mut row = vec![0; h];
            row[..h / 2 - 3].fill(s);
            row[h / 2 - 3] = 1;
            (
                row.repeat(2),
                false,
                "each player's first holes hold the seeds up to three short of his row's middle, the next one a\n  # single seed, the rest none; each store twice a hole's seeds (the board's `seeds`)",
            )
        }
        other => {
            return Err(refuse(
                "start_pattern",
                other,
                "not yet in sowlab's declared vocabulary (or not for this size)",
            ))
        }
    };
    Ok(Some((pits, turn, what)))
}

/// Refuses the prescribed openings not translated yet, each with what it needs
/// (`NO_UDIR_FIRSTS` is a sowing rule: `classes.rs`).
pub(super) fn prescribed(p: &Params) -> Result<(), Refusal> {
    let v = word(p, "prescribed");
    let why = match v.as_str() {
        // (SOW1OPP is the opening's sowing, in `moves`)
        // (PLUS1MINUS1: `moves.first_move_takes_and_gives`, in `opening`)
        "NONE" | "NO_UDIR_FIRSTS" | "SOW1OPP" | "PLUS1MINUS1" => return Ok(()),
        // (the first move sown without passing holes by count: `sow_rules.rs`)
        "MLAPS_SOWER" if super::sow_rules::first_move_plain(p) => return Ok(()),
        // (the first player's arrangement: `pipeline.arrange`, from `arrangement`)
        "ARNGE_LIMIT" if word(p, "round_fill") != "UMOVE" => return Ok(()),
        "ARNGE_LIMIT" => {
            "with round_fill=UMOVE (a second arrangement, by the round's loser) not yet"
        }
        "MLAPS_SOWER" => "the first move sown with relays in a game without them: not yet",
        _ => "not yet in sowlab's declared vocabulary",
    };
    Err(refuse("prescribed", &v, why))
}

/// The `arrange:` of the pipeline for prescribed=ARNGE_LIMIT (empty otherwise): the game's first
/// player may arrange his row before play, the other row copying it, which is his turn; a first
/// player who leaves his row as it was (he declines) captures nothing and makes no child until
/// a move captures or makes one (MancalaGames leaves the arrangement to its UI: its traces play
/// it as its UI would, a few random moves of one seed then `pass`, or `pass` at once).
pub(super) fn arrangement(p: &Params) -> String {
    if word(p, "prescribed") != "ARNGE_LIMIT" {
        return String::new();
    }
    "  # prescribed=ARNGE_LIMIT: before play the first player may arrange his row, one seed a move\n  # (`3-5`), the other row copying it, until he passes; a row changed was his turn, a row as it\n  # was (declined) blocks his captures and children until a move captures or makes one\n  # (MancalaGames leaves it to its UI, without a bound; sowlab's: 100 moves)\n  arrange: { max_moves: 100, by: first_player, copied: true, declined_blocks: true }\n".into()
}
