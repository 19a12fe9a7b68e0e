//! The translation's captures: cross captures, chains by count, en-passant captures, captures
//! across a gap, the last seeds, repeat turns.

use std::fmt::Write as _;

use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The sowlab word of a capture side MancalaGames names (`capt_side`), or the refusal saying
/// `why` for the sides not translated.
fn side_word(side: &str, why: &str) -> Result<&'static str, Refusal> {
    match side {
        "OPP_SIDE" => Ok("opponent"),
        "OWN_SIDE" => Ok("own"),
        "BOTH" => Ok("any"),
        other => Err(refuse("capt_side", other, why)),
    }
}

/// What the captures came to: their `capture:` keys, and facts the relays and ends need.
pub(super) struct Caps {
    /// The `capture:` keys.
    pub text: String,
    /// A capture by count (capt_on, evens, capt_min, capt_max).
    pub basic: bool,
    /// `crosscapt` in words.
    pub cross: String,
    /// A `capt_type` is set.
    pub typed: bool,
    /// `capt_side` in words.
    pub side: String,
}

/// The captures; en-passant captures add their keys to `sowing`.
pub(super) fn captures(
    p: &Params,
    sowing: &mut String,
    notes: &mut Vec<String>,
) -> Result<Caps, Refusal> {
    let direct = word(p, "sow_direct");
    // Captures.
    let mut capture = String::new();
    let cross = word(p, "crosscapt");
    let capt_on = p.list("capt_on");
    let evens = p.flag("evens");
    let (cmin, cmax) = (p.int("capt_min"), p.int("capt_max"));
    let basic = !capt_on.is_empty() || evens || cmin > 0 || cmax > 0;
    let side = super::territory::capture_side(p)?;
    let multicapt = p.int("multicapt");
    let capt_dir = word(p, "capt_dir");
    let grandslam = word(p, "grandslam");
    // En-passant captures (sow_rule ENPAS_*): made by the sowing, of the counts in capt_on.
    let sow_rule = word(p, "sow_rule");
    let mut final_by_chain = true;
    // (the sow rules about children are translated with the children)
    let child_sow = matches!(
        sow_rule.as_str(),
        "NO_OPP_CHILD" | "OPP_CHILD_ONLY1" | "NO_CHILDREN"
    );
    // sow_rule=LAP_CAPT: a lap ending where a capture is made captures and goes on.
    let lap_capt = sow_rule == "LAP_CAPT";
    // (the lap captures: `super::lap_capture`)
    super::lap_capture::check(p)?;
    let lap_capt = lap_capt && cross == "ONE_ZEROS";
    // (the sow rules that take sow_param: `super::sow_rules`)
    let stepped = super::sow_rules::handles(&sow_rule)
        || super::lap_capture::handles(&sow_rule)
        || sow_rule == "CHANGE_DIR_LAP";
    if sow_rule != "NONE" && !lap_capt && !child_sow && !stepped {
        let to = match sow_rule.as_str() {
            "ENPAS_ALL_OWNER_SOW" | "ENPAS_ALL_OWNER_OWN" => "row_owner",
            "ENPAS_ALL_SOWER" | "ENPAS_SOW_SOWER" => "sower",
            other => {
                return Err(refuse(
                    "sow_rule",
                    other,
                    "only the en-passant rules ENPAS_ALL_OWNER_SOW, ENPAS_ALL_OWNER_OWN, ENPAS_ALL_SOWER and ENPAS_SOW_SOWER are translated yet",
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
        if sow_rule == "ENPAS_SOW_SOWER" {
            sowing.push_str(
                "  # sow_rule=ENPAS_SOW_SOWER: only in the sower's own holes (the last seed's capture: either side)\n  capture_side: own\n",
            );
        }
        let _ = writeln!(
            sowing,
            "  # sow_rule={sow_rule}: a drop making {on:?} is captured at once by the {}{}\n  capture_counts: {on:?}\n  capture_to: {to}\n  capture_last: {last}",
            if to == "row_owner" { "hole's owner" } else { "sower" },
            if last { "" } else { " (the last seed's capture is the mover's, after the sowing)" },
        );
    }
    let typed = word(p, "capt_type") != "NONE";
    let capt_type = word(p, "capt_type");
    // CAPT_OPP_1CCW with PICKOPPBASIC: the counts are those the pick takes.
    let counted_pick = capt_type == "CAPT_OPP_1CCW" && word(p, "pickextra") == "PICKOPPBASIC";
    // END_OPP_STORE_CAPT: a last seed in the opponent's store takes it; otherwise the other
    // capture (here a cross capture) is tried.
    let store_capt = capt_type == "END_OPP_STORE_CAPT";
    // NEXT without relays: the counts test the hole after the last (its own translation below).
    let next_counted = capt_type == "NEXT" && word(p, "mlaps") == "OFF";
    if typed
        && ((cross != "NONE" && !store_capt)
            || (basic && sow_rule == "NONE" && !counted_pick && !next_counted))
    {
        return Err(refuse(
            "capt_type",
            word(p, "capt_type"),
            "a capture type with a capture by count or a cross capture is not translated yet",
        ));
    }
    if cross == "NONE" && p.flag("xc_sown") {
        return Err(refuse(
            "xc_sown",
            "true",
            "is read only with a cross capture (crosscapt)",
        ));
    }
    if cross != "NONE" {
        if basic && word(p, "xcpickown") == "ALWAYS_PICK" {
            return Err(refuse(
                "crosscapt",
                &cross,
                "a cross capture with count conditions and xcpickown=ALWAYS_PICK is not translated yet",
            ));
        }
        // The count conditions (capt_on, evens, capt_min, capt_max) test the hole opposite.
        let mut counted = String::new();
        if !capt_on.is_empty() {
            let _ = write!(counted, ", counts: {capt_on:?}");
        }
        if evens {
            counted.push_str(", even: true");
        }
        if cmin > 0 {
            let _ = write!(counted, ", at_least: {cmin}");
        }
        if cmax > 0 {
            let _ = write!(counted, ", at_most: {cmax}");
        }
        // ONE_ANY: the first take as ONE_ZEROS's; a multiple capture goes on along the row
        // whatever the next holes hold.
        // ANY: every take as ONE_ANY's later ones, the first too (whatever the last hole held);
        // with capt_dir=OPP_SOW they go back against the sowing.
        let any_first = cross == "ANY";
        let any_next = cross == "ONE_ANY" || any_first;
        if cross != "ONE_ZEROS" && !any_next {
            return Err(refuse(
                "crosscapt",
                &cross,
                "only ONE_ZEROS, ONE_ANY and ANY are translated yet",
            ));
        }
        if any_first && (multicapt != -1 || grandslam != "LEGAL") {
            return Err(refuse(
                "crosscapt",
                &cross,
                "ANY is translated only with multicapt=-1 and grandslam=LEGAL yet",
            ));
        }
        let back = any_first && capt_dir == "OPP_SOW";
        // (a grand slam: MancalaGames' rule changes a take of more than one hole only)
        if any_next && multicapt != 0 && !matches!(grandslam.as_str(), "LEGAL" | "LEAVE_RIGHT") {
            return Err(refuse(
                "grandslam",
                &grandslam,
                "a multiple cross capture with crosscapt=ONE_ANY is translated only with grandslam LEGAL and LEAVE_RIGHT yet",
            ));
        }
        if any_next && sow_rule == "LAP_CAPT" {
            return Err(refuse(
                "crosscapt",
                &cross,
                "ONE_ANY is not translated with sow_rule=LAP_CAPT yet",
            ));
        }
        // capt_side is where the captured hole (the one opposite the last) may lie.
        let last_in = match side.as_str() {
            "OPP_SIDE" => "",
            "OWN_SIDE" => ", last_in: opponent",
            "BOTH" => ", last_in: any",
            other => return Err(refuse(
                "capt_side",
                other,
                "a cross capture is translated only with capt_side OPP_SIDE, OWN_SIDE or BOTH yet",
            )),
        };
        let always = word(p, "xcpickown") == "ALWAYS_PICK";
        let take_last = match word(p, "xcpickown").as_str() {
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
        // multicapt=-1 with capt_dir=SOW: after the first take, each next hole along the
        // sowing that is empty has the hole opposite it taken too, while it passes the tests.
        let more = multicapt == -1 && (capt_dir == "SOW" || back) && !always && !lap_capt;
        if multicapt != 0 && !more {
            return Err(refuse(
                "multicapt",
                multicapt,
                "a multiple cross capture is translated only with multicapt=-1, capt_dir=SOW (OPP_SOW too with crosscapt=ANY), without xcpickown=ALWAYS_PICK and sow_rule=LAP_CAPT, yet",
            ));
        }
        // xc_sown: the take only after a move that sowed (changed) the opponent's row; a last
        // seed in an empty hole of the mover's after one that left it as it was moves again.
        let last_in = if p.flag("xc_sown") {
            if side != "OPP_SIDE" || any_next || lap_capt {
                return Err(refuse(
                    "xc_sown",
                    "true",
                    "is translated only with crosscapt=ONE_ZEROS, capt_side=OPP_SIDE and without sow_rule=LAP_CAPT yet",
                ));
            }
            capture.push_str("    # xc_sown: only after a move that changed the opponent's row; after one that left it\n    # as it was, a last seed in an empty hole of the mover's takes nothing and he moves again\n");
            format!("{last_in}, only_if_opponent_row_changed: true")
        } else {
            last_in.to_string()
        };
        // (MancalaGames' grand slam rule applies to any capture that empties the opponent's
        // holes, a single cross capture too: only the along-the-row take reads one yet)
        // OPP_GETS_REMAIN: a single take that empties the opponent's row gives him the mover's.
        let gets_remain = grandslam == "OPP_GETS_REMAIN" && !any_next && !more && !lap_capt;
        if grandslam != "LEGAL" && !(any_next && more && grandslam == "LEAVE_RIGHT") && !gets_remain
        {
            return Err(refuse(
                "grandslam",
                &grandslam,
                "a cross capture is translated only with grandslam=LEGAL yet (LEAVE_RIGHT for crosscapt=ONE_ANY with multicapt=-1, OPP_GETS_REMAIN for a single take)",
            ));
        }
        let _ = writeln!(
            capture,
            "    # crosscapt={cross}, capt_side={side}, xcpickown={}: a last seed in {} hole\n    # ({}) takes the hole opposite ({}){}{}{}\n    opposite: {{ when_opposite_empty: {always}, take_last: {take_last}{last_in}{counted}{} }}",
            word(p, "xcpickown"),
            if any_first { "any" } else { "an empty" },
            match side.as_str() {
                "OPP_SIDE" => "of your own",
                "OWN_SIDE" => "of the opponent's: the hole opposite is yours",
                _ => "on either side",
            },
            if always { "and itself, also when the hole opposite is empty" } else { "when it holds seeds" },
            if always { "" } else if take_last { " and itself" } else { "; the last seed stays" },
            if counted.is_empty() { "" } else { "; only when the hole opposite passes the count conditions" },
            if gets_remain { "\n    # grandslam=OPP_GETS_REMAIN: a take that empties the opponent's row (which held seeds) gives him the seeds left in the mover's" } else if lap_capt { "\n    # sow_rule=LAP_CAPT: a lap that takes the hole opposite goes on from its last hole" } else if back { "\n    # multicapt=-1, capt_dir=OPP_SOW: then each hole before it against the sowing, whatever it holds, takes the hole opposite it" } else if more && any_next { "\n    # multicapt=-1, capt_dir=SOW: then each next hole along the sowing, whatever it holds, takes the hole opposite it" } else if more { "\n    # multicapt=-1, capt_dir=SOW: then each next empty hole along the sowing takes the hole opposite it" } else { "" },
            if gets_remain { ", grand_slam: all_then_own_row_to_opponent".to_string() } else if lap_capt { ", sow_on: true".to_string() } else if more && any_next { format!(", go_on_along_row: true{}{}{}", if any_first { ", last_occupied_too: true" } else { "" }, if back { ", go_on_back: true" } else { "" }, match grandslam.as_str() { "LEAVE_RIGHT" => ", grand_slam: leave_first", _ => "" }) } else if more { ", go_on_while_next_empty: true".to_string() } else { String::new() }
        );
    } else if basic && !typed && final_by_chain {
        // OPP_CONT: the last hole must be the opponent's; the chain may go on into the mover's.
        let (side_word, first_on) = if side == "OPP_CONT" {
            ("any", ", first_on: opponent")
        } else {
            (
                side_word(
                    &side,
                    "only BOTH, OPP_SIDE, OWN_SIDE and OPP_CONT are translated yet",
                )?,
                "",
            )
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
            // (MancalaGames never plays one, even when every move is one: the player then has
            // no move)
            "NOT_LEGAL" => "forbidden",
            "LEAVE_RIGHT" => "leave_first",
            // (a grand slam moves again; with mustshare the mover must then feed)
            "LEGAL_SHARE" => "all_move_again",
            other => return Err(refuse(
                "grandslam",
                other,
                "only LEGAL, NO_CAPT, NOT_LEGAL, LEAVE_RIGHT and LEGAL_SHARE are translated yet",
            )),
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
        // pickextra=PICKCROSSMULT: each hole of a multiple capture takes the hole opposite too.
        let cross_mult = word(p, "pickextra") == "PICKCROSSMULT" && multicapt != 0;
        if cross_mult
            && (side != "BOTH" || grandslam != "LEGAL" || word(p, "child_type") != "NOCHILD")
        {
            return Err(refuse(
                "pickextra",
                "PICKCROSSMULT",
                "translated only with capt_side=BOTH, grandslam=LEGAL and no children yet",
            ));
        }
        if p.flag("moveunlock") {
            // (MancalaGames locks every hole at the start of a round until a move is played from it)
            chain.push_str(", only_played_from: true");
        }
        let _ = write!(
            chain,
            ", side: {side_word}{first_on}, direction: {direction}, max: {max}, grand_slam: {slam}{}{} }}",
            // (MancalaGames counts a grand slam only when the opponent held seeds before the move)
            if slam == "all" { "" } else { ", slam_if_held: true" },
            if cross_mult { ", and_opposite: true" } else { "" }
        );
        if p.flag("moveunlock") {
            capture.push_str("    # moveunlock: a hole is taken only once a move has been played from it this round\n");
        }
        if cross_mult {
            capture.push_str("    # pickextra=PICKCROSSMULT: each hole the chain takes takes the hole opposite too\n");
        }
        let _ = writeln!(
            capture,
            "    # the last hole, if its count is one of those captured (capt_on {capt_on:?}{}{}{}), on\n    # capt_side={side}; then the holes before it (capt_dir={capt_dir}) while they are too,\n    # {} (multicapt={multicapt}); grandslam={grandslam}\n    chain: {chain}",
            if evens { ", even" } else { "" },
            if cmin > 0 { format!(", at least {cmin}") } else { String::new() },
            if cmax > 0 { format!(", at most {cmax}") } else { String::new() },
            if max == 0 { "no limit".to_string() } else { format!("at most {max} holes in all") },
        );
    } else if word(p, "capt_type") == "TWO_OUT" {
        // (capt_on, if any, serves the en-passant captures only)
        let side_word = side_word(
            &side,
            "capt_type=TWO_OUT is translated only with capt_side BOTH, OPP_SIDE or OWN_SIDE yet",
        )?;
        let lapped = word(p, "mlaps") != "OFF";
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
        let cross_pick = word(p, "pickextra") == "PICKCROSS";
        let _ = writeln!(
            capture,
            "    # capt_type=TWO_OUT: across the gap after the last hole{}{}\n    beyond_empty: {{ last_occupied: {}, repeat: {repeat}, side: {side_word}, and_opposite: {} }}",
            if repeat { ", across each further gap (multicapt=-1)" } else { "" },
            if cross_pick { "; pickextra=PICKCROSS: and the hole opposite the first one taken" } else { "" },
            !lapped,
            cross_pick
        );
    } else if capt_type == "NEXT" && word(p, "mlaps") == "OFF" {
        // Without relays MancalaGames tests the hole after the last one: its count (capt_on),
        // and with multicapt=-1 goes on from the hole taken along the sowing.
        if capt_dir != "SOW"
            || !matches!(multicapt, 0 | -1)
            || grandslam != "LEGAL"
            || side != "BOTH"
            || evens
            || cmin > 0
            || cmax > 0
            || word(p, "pickextra") != "NONE"
        {
            return Err(refuse(
                "capt_type",
                &capt_type,
                "NEXT without relays is translated only with capt_dir=SOW, a single or unlimited capture, grandslam=LEGAL, capt_side=BOTH, capt_on counts alone and no pickextra yet",
            ));
        }
        let _ = writeln!(
            capture,
            "    # capt_type=NEXT: the hole after the last, when it holds {capt_on:?} (any count when none given){}\n    next_hole: {{ last_in: any, counts: {capt_on:?}, repeat: {} }}",
            if multicapt == -1 { "; multicapt=-1: then the hole after each hole taken while it does too" } else { "" },
            multicapt == -1
        );
    } else if capt_type == "NEXT" {
        // With relays MancalaGames tests the side of the last hole (without, of the next one).
        if word(p, "mlaps") != "LAPPER"
            || capt_dir != "SOW"
            || multicapt != 0
            || grandslam != "LEGAL"
        {
            return Err(refuse(
                "capt_type",
                &capt_type,
                "NEXT is translated only with mlaps=LAPPER, capt_dir=SOW, a single capture and grandslam=LEGAL yet",
            ));
        }
        let last_in = side_word(
            &side,
            "capt_type=NEXT is translated only with capt_side BOTH, OPP_SIDE or OWN_SIDE yet",
        )?;
        let pick = word(p, "pickextra") == "PICKFINAL";
        let _ = writeln!(
            capture,
            "    # capt_type=NEXT: a last seed on capt_side={side} takes the hole after it{}\n    next_hole: {{ last_in: {last_in}, and_last: {pick} }}",
            if pick { "; pickextra=PICKFINAL: and the last hole" } else { "" }
        );
    } else if counted_pick {
        if side != "OPP_SIDE"
            || evens
            || cmin > 0
            || cmax > 0
            || multicapt != 0
            || grandslam != "LEGAL"
        {
            return Err(refuse(
                "capt_type",
                &capt_type,
                "CAPT_OPP_1CCW is translated only with capt_on counts on OPP_SIDE, a single capture and grandslam=LEGAL yet",
            ));
        }
        let _ = writeln!(
            capture,
            "    # capt_type=CAPT_OPP_1CCW, pickextra=PICKOPPBASIC: a last seed on the opponent's row or in the\n    # mover's last hole takes every hole of the opponent's holding {capt_on:?}\n    counted_holes: {{ counts: {capt_on:?}, or_last_own_hole: true }}"
        );
    } else if capt_type == "PASS_STORE_CAPT" {
        let last_in = side_word(&side, "capt_type=PASS_STORE_CAPT is translated only with capt_side BOTH, OPP_SIDE or OWN_SIDE yet")?;
        if !p.flag("stores") || multicapt != 0 || grandslam != "LEGAL" {
            return Err(refuse(
                "capt_type",
                &capt_type,
                "PASS_STORE_CAPT is translated only with stores, a single capture and grandslam=LEGAL yet",
            ));
        }
        let _ = writeln!(
            capture,
            "    # capt_type=PASS_STORE_CAPT: a last seed in an empty hole on capt_side={side} gives the mover's store to the opponent\n    store_to_opponent: {{ last_in: {last_in} }}"
        );
    } else if let Some(t) = super::capture_more::typed(p, &capt_type, &side, sowing)? {
        capture.push_str(&t);
    } else if capt_type != "NONE" && !store_capt {
        return Err(refuse(
            "capt_type",
            &capt_type,
            "only TWO_OUT, NEXT, CAPT_OPP_1CCW (with PICKOPPBASIC), PASS_STORE_CAPT and END_OPP_STORE_CAPT are translated yet",
        ));
    } else if multicapt != 0 || grandslam != "LEGAL" || capt_dir != "OPP_SOW" || side != "BOTH" {
        notes.push(
            "capture parameters without a capture (no capt_on, evens, capt_min, capt_max or crosscapt) do nothing".into(),
        );
    }

    if store_capt {
        if !matches!(word(p, "sow_stores").as_str(), "BOTH" | "BOTH_NR_OPP") {
            return Err(refuse(
                "capt_type",
                &capt_type,
                "END_OPP_STORE_CAPT is translated only with sow_stores BOTH or BOTH_NR_OPP yet",
            ));
        }
        capture.push_str(
            "    # capt_type=END_OPP_STORE_CAPT: a last seed in the opponent's store takes its seeds\n    opponent_store: true\n",
        );
    }
    if p.flag("nosinglecapt") {
        if word(p, "mlaps") != "OFF" {
            return Err(refuse(
                "nosinglecapt",
                "true",
                "with relays MancalaGames counts the last lap's seeds; not translated yet",
            ));
        }
        capture.push_str(
            "    # nosinglecapt: a move of a single seed captures nothing\n    not_by_single_seed: true\n",
        );
    }

    // The last seeds (pickextra).
    match word(p, "pickextra").as_str() {
        "NONE" => {}
        // (with a capture across a gap: its `and_opposite`, above)
        "PICKCROSS" if word(p, "capt_type") == "TWO_OUT" => {}
        // (with capt_type NEXT and CAPT_OPP_1CCW: in their keys, above)
        "PICKFINAL" if capt_type == "NEXT" => {}
        "PICKOPPBASIC" if counted_pick => {}
        // (in the chain's keys, above; without a multiple capture it does nothing)
        "PICKCROSSMULT" if basic && cross == "NONE" && !typed => {}
        "PICKOPPBASIC"
            if cross != "NONE"
                && !capt_on.is_empty()
                && !evens
                && cmin == 0
                && cmax == 0
                && matches!(side.as_str(), "BOTH" | "OPP_SIDE") =>
        {
            let _ = writeln!(
                capture,
                "    # pickextra=PICKOPPBASIC: a move that captured also takes every hole of the opponent's holding {capt_on:?}
    counted_holes: {{ counts: {capt_on:?}, after_capture: true }}"
            );
        }
        pick @ ("PICKLASTSEEDS" | "PICK2XLASTSEEDS") => {
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
            if pick == "PICKLASTSEEDS" {
                let _ = writeln!(
                    capture,
                    "    # pickextra=PICKLASTSEEDS: at most one hole's start of seeds left (counted on capt_side={side}): the mover takes them all\n    last_seeds: {{ at_most: $seeds, counted: {counted} }}"
                );
            } else {
                // (MancalaGames' game.starter: who started the round, or the game)
                let _ = writeln!(
                    capture,
                    "    # pickextra=PICK2XLASTSEEDS: at most two holes' start of seeds left ({} for {} seeds a hole; counted on\n    # capt_side={side}): the player who started the round takes them all\n    last_seeds: {{ at_most: {}, counted: {counted}, to: round_starter }}",
                    2 * p.nbr_start,
                    p.nbr_start,
                    2 * p.nbr_start
                );
            }
        }
        other => {
            return Err(refuse(
                "pickextra",
                other,
                "only PICKLASTSEEDS and PICK2XLASTSEEDS are translated yet",
            ))
        }
    }
    if word(p, "capt_rturn") == "ONCE" && matches!(p.int("sow_stores"), 1 | 2) {
        return Err(refuse(
            "capt_rturn",
            "ONCE",
            "ONCE is translated only without repeat turns in stores (sow_stores OWN or BOTH) yet",
        ));
    }
    capture.push_str(super::capture_more::presow(p)?);

    Ok(Caps {
        text: capture,
        basic,
        cross,
        typed,
        side,
    })
}
