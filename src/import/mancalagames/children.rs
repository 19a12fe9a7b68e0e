//! The translation's children (child_type, child_cvt, child_rule, child_locs, the sow rules that
//! pass children) and the start hole's first seed (sow_start, move_one).

use std::fmt::Write as _;

use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The sowing keys of sow_start and move_one, added to `sowing`.
pub(super) fn start_hole(p: &Params, sowing: &mut String) -> Result<(), Refusal> {
    if !p.flag("sow_start") {
        return Ok(());
    }
    if !p.flag("move_one") && p.int("min_move") < 2 {
        // (a hole of one seed would sow nothing; MancalaGames' own check rejects the file)
        return Err(refuse(
            "sow_start",
            "true",
            "with min_move=1 and without move_one MancalaGames itself rejects the game (a single seed would sow nothing)",
        ));
    }
    sowing.push_str(if p.flag("move_one") {
        "  first_seed_back: true   # sow_start: the first seed falls back into the emptied hole; move_one: a single seed moves on\n"
    } else {
        "  first_seed_back: true   # sow_start: the first seed falls back into the emptied hole (min_move 2: never a single seed)\n"
    });
    Ok(())
}

/// The pipeline's `children:` block (empty for a game without children); the sow rules that
/// pass children add their key to `sowing`.
pub(super) fn children(p: &Params, sowing: &mut String) -> Result<String, Refusal> {
    let ty = word(p, "child_type");
    let sow_rule = word(p, "sow_rule");
    let child_sow = matches!(
        sow_rule.as_str(),
        "NO_OPP_CHILD" | "OPP_CHILD_ONLY1" | "NO_CHILDREN"
    );
    if ty == "NOCHILD" {
        // (no child is ever made: the child parameters and sow rules change nothing)
        let _ = child_sow;
        return Ok(String::new());
    }
    if !matches!(
        ty.as_str(),
        "NORMAL" | "ONE_CHILD" | "WEG" | "BULL" | "QUR" | "RAM"
    ) {
        return Err(refuse(
            "child_type",
            &ty,
            "only NORMAL, ONE_CHILD, WEG, BULL, QUR and RAM children are translated yet",
        ));
    }
    if ty == "RAM" {
        return super::children_of_nobody::rams(p);
    }
    // (in rounds decided by the seeds held, children last one round: their seeds go to their
    // owners at its end, and a territory round counts them for their owners and starts without
    // any; a tallied match starts each round afresh, which is not read yet)
    if word(p, "rounds") != "NO_ROUNDS"
        && word(p, "goal") != "TERRITORY"
        && super::ends::tally_of(&word(p, "goal")).is_some()
    {
        return Err(refuse(
            "child_type",
            &ty,
            "children in a match scored round by round (a tally) are not translated yet",
        ));
    }
    let locs = word(p, "child_locs");
    // (FIXED_ONE_RIGHT: each player's rightmost hole is his child from the start; no other is
    // made, child_cvt is ignored)
    let fixed = locs == "FIXED_ONE_RIGHT";
    let cvt = p.int("child_cvt");
    if cvt < 1 && !fixed {
        return Err(refuse(
            "child_cvt",
            cvt,
            "children need a count that makes them (child_cvt of at least 1)",
        ));
    }
    let any_captures = ty == "WEG"
        || p.int("crosscapt") != 0
        || p.int("capt_type") != 0
        || !p.list("capt_on").is_empty()
        || p.flag("evens")
        || p.int("capt_min") > 0
        || p.int("capt_max") > 0;
    // (without stores MancalaGames moves every gain into the children, the seeds swept at the
    // end too, also in a game without captures)
    let _ = any_captures;
    let into_child = !p.flag("stores");
    let rule = word(p, "child_rule");
    let side = match rule.as_str() {
        "NONE" => "any",
        "OPP_SIDE_ONLY" => "opponent",
        // (and a lap of a single seed makes none: below)
        "OPPS_ONLY_NOT_1ST" => "opponent",
        "OWN_SIDE_ONLY" => "own",
        // (by the hole's owner: its row's, or in a territory game this round's; sowlab's sides
        // read the owner so)
        "OPP_OWNER_ONLY" => "opponent",
        "OWN_OWNER_ONLY" => "own",
        other => {
            return Err(refuse(
                "child_rule",
                other,
                "only NONE, OPP_SIDE_ONLY, OWN_SIDE_ONLY, OPP_OWNER_ONLY, OWN_OWNER_ONLY and OPPS_ONLY_NOT_1ST are translated yet",
            ))
        }
    };
    match sow_rule.as_str() {
        "NO_OPP_CHILD" => sowing.push_str(
            "  pass_children: opponents   # sow_rule=NO_OPP_CHILD: the opponent's children get no seed\n",
        ),
        "OPP_CHILD_ONLY1" => sowing.push_str(
            "  pass_children: opponents_but_last   # sow_rule=OPP_CHILD_ONLY1: the opponent's children get only a last seed\n",
        ),
        "NO_CHILDREN" => {
            return Err(refuse(
                "sow_rule",
                "NO_CHILDREN",
                "passing every child while sowing is not translated yet",
            ))
        }
        _ => {}
    }
    // child_locs: where each player may make one (MancalaGames' five parts of a row: its two
    // end holes, the holes next to them, the middle), then the extra tests.
    let (pattern, facing, same_number) = match locs.as_str() {
        "ANYWHERE" | "FIXED_ONE_RIGHT" => (None, false, false),
        "NOT_SYM_OPP" => (Some("NO_OPP_LEFT"), false, true),
        "NOT_FACING" => (Some("NO_OPP_RIGHT"), true, false),
        other => (Some(other), false, false),
    };
    let mut text = if ty == "QUR" {
        format!(
            "  # child_type=QUR, child_cvt={cvt}, child_rule={rule}, child_locs={locs}: a last seed in an\n  # empty hole facing a hole of {cvt} makes both holes the mover's children\n  children:\n    make_when_last_makes: []\n    last_in_empty_facing: {cvt}\n    side: {side}\n"
        )
    } else if fixed {
        format!(
            "  # child_type={ty}, child_locs=FIXED_ONE_RIGHT: each player's rightmost hole is his child from the\n  # start (its seeds stay and count for him); no other is made\n  children:\n    make_when_last_makes: []\n    start_holes: [$holes]\n"
        )
    } else {
        format!(
            "  # child_type={ty}, child_cvt={cvt}, child_rule={rule}, child_locs={locs}: a last seed making\n  # {cvt} in a hole makes it the mover's child (its seeds stay and count for him)\n  children:\n    make_when_last_makes: [{cvt}]\n    side: {side}\n"
        )
    };
    if into_child {
        text.push_str(
            "    # stores=false: captures go into the capturer's child (none without one); at the end the seeds\n    # swept go into the children; when no player has one, they stay his (option end_gains)\n    captures_into_child: true\n    end_gains: $end_gains\n",
        );
    }
    if ty == "ONE_CHILD" {
        text.push_str("    one_each: true\n");
    }
    if rule == "OPPS_ONLY_NOT_1ST" {
        text.push_str("    # child_rule=OPPS_ONLY_NOT_1ST: and not by a lap of a single seed (the rightmost hole's one seed\n    # into the opponent's first hole)\n    not_by_single_seed: true\n");
    }
    if ty == "BULL" {
        text.push_str(
            "    # child_type=BULL: with the hole sown before it, a last hole holding one less or the count,\n    # the other holding the other one, both become children\n    pair_with_hole_before: true\n",
        );
    }
    if ty == "WEG" {
        text.push_str(
            "    # child_type=WEG: a last seed in an opponent's weg takes two seeds from it (one if it holds one)\n    last_in_opponents_child_takes: 2\n",
        );
    }
    if let Some(name) = pattern {
        let (own, opp) = allowed_holes(name, p.holes)
            .ok_or_else(|| refuse("child_locs", name, "this pattern is not translated yet"))?;
        let all: Vec<i64> = (1..=p.holes).collect();
        if own != all {
            let _ = writeln!(text, "    own_holes: {own:?}");
        }
        if opp != all {
            let _ = writeln!(text, "    opponent_holes: {opp:?}");
        }
    }
    if facing {
        text.push_str("    not_facing_a_child: true\n");
    }
    if same_number {
        text.push_str("    not_same_number_as_a_child: true\n");
    }
    Ok(text)
}

/// The holes (numbered from the row owner's left) where a player may make a child on his own
/// row and on the opponent's, for one of MancalaGames' child location patterns on `holes` holes;
/// `None` for a pattern that is not the same for both players.
fn allowed_holes(pattern: &str, holes: i64) -> Option<(Vec<i64>, Vec<i64>)> {
    // Per part of a row (seen from its owner: left end, next, middle, next, right end): who may
    // make a child there, the row's owner (`o`), the opponent (`x`), both (`b`), nobody (`-`).
    // Read from MancalaGames' table for the bottom row (its owner's left first); the patterns
    // it applies are the same for both players.
    let parts: [char; 5] = match pattern {
        "ENDS_ONLY" => ['b', '-', '-', '-', 'b'],
        "NO_ENDS" => ['-', 'b', 'b', 'b', '-'],
        "INV_ENDS_PLUS_MID" => ['x', 'o', 'o', 'o', 'x'],
        "ENDS_PLUS_ONE_OPP" => ['b', 'x', '-', 'x', 'b'],
        "NO_OWN_RIGHT" => ['b', 'b', 'b', 'b', 'x'],
        "NO_OPP_RIGHT" => ['o', 'b', 'b', 'b', 'b'],
        "NO_OPP_LEFT" => ['b', 'b', 'b', 'b', 'o'],
        "ENDS_PLUS_ALL_OPP" => ['b', 'x', 'x', 'x', 'b'],
        _ => return None,
    };
    // Which part each hole is in (short rows share parts as MancalaGames maps them).
    let part_of = |h: i64| -> usize {
        let i = h - 1;
        match holes {
            2 => [0, 4][i as usize],
            3 => [0, 2, 4][i as usize],
            4 => [0, 1, 3, 4][i as usize],
            _ => {
                if i == 0 {
                    0
                } else if i == 1 {
                    1
                } else if i == holes - 2 {
                    3
                } else if i == holes - 1 {
                    4
                } else {
                    2
                }
            }
        }
    };
    let mut own = Vec::new();
    let mut opp = Vec::new();
    for h in 1..=holes {
        let c = parts[part_of(h)];
        if matches!(c, 'o' | 'b') {
            own.push(h);
        }
        if matches!(c, 'x' | 'b') {
            opp.push(h);
        }
    }
    Some((own, opp))
}
