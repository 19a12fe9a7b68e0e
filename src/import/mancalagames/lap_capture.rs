//! The translation of the lap captures (`sow_rule` LAP_CAPT, LAP_CAPT_OPP_GETS, LAP_CAPT_SEEDS):
//! the `capture: lap_capture:` step ([`crate::engine::declare::capture::laps`]), and the sowing
//! keys it needs.

use std::fmt::Write as _;

use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The sow rules translated here.
pub(super) fn handles(sow_rule: &str) -> bool {
    matches!(
        sow_rule,
        "LAP_CAPT" | "LAP_CAPT_OPP_GETS" | "LAP_CAPT_SEEDS"
    )
}

/// Refuses the lap captures not translated (before the captures are written): what they need.
pub(super) fn check(p: &Params) -> Result<(), Refusal> {
    let rule = word(p, "sow_rule");
    if !handles(&rule) {
        return Ok(());
    }
    let cross = word(p, "crosscapt");
    let capt_type = word(p, "capt_type");
    let basic = !p.list("capt_on").is_empty()
        || p.flag("evens")
        || p.int("capt_min") > 0
        || p.int("capt_max") > 0;
    let why = if word(p, "mlaps") != "LAPPER" || word(p, "mlap_cont") != "NONE" {
        "is translated only with mlaps=LAPPER and no mlap_cont yet"
    } else if p.int("nocaptmoves") > 0 || word(p, "presowcapt") != "NONE" {
        "is not translated with nocaptmoves or presowcapt yet"
    } else if rule == "LAP_CAPT_SEEDS" {
        if cross == "ONE_ZEROS" && capt_type == "NONE" && !p.flag("stores") {
            return Ok(());
        }
        "LAP_CAPT_SEEDS is translated only with crosscapt=ONE_ZEROS, no capt_type and no stores yet"
    } else if !p.flag("stores") {
        "LAP_CAPT and LAP_CAPT_OPP_GETS are translated only with stores yet"
    } else if (cross == "ONE_ZEROS" && rule == "LAP_CAPT" && capt_type == "NONE")
        || (cross == "NONE" && capt_type == "TWO_OUT" && rule == "LAP_CAPT")
        || (cross == "NONE" && capt_type == "NONE" && basic)
    {
        return Ok(());
    } else {
        "is translated only with crosscapt=ONE_ZEROS, capt_type=TWO_OUT or a capture by count alone yet"
    };
    Err(refuse("sow_rule", &rule, why))
}

/// The `lap_capture` key (added to the capture block `capture`) and the sowing keys it needs
/// (in `sowing`), after the relays are written.
pub(super) fn translate(
    p: &Params,
    cross: &str,
    sowing: &mut String,
    capture: &mut String,
) -> Result<(), Refusal> {
    let rule = word(p, "sow_rule");
    if !handles(&rule) {
        return Ok(());
    }
    check(p)?;
    let capt_type = word(p, "capt_type");
    if rule == "LAP_CAPT_SEEDS" {
        sowing.push_str(
            "  relay_stops_when_opponent_empty: true   # sow_rule=LAP_CAPT_SEEDS without stores: no lap once the opponent's holes are empty\n",
        );
        capture.push_str(
            "    # sow_rule=LAP_CAPT_SEEDS: the seeds a lap takes opposite are put into its last hole and sown on\n    lap_capture: opposite_seeds_sown_on\n",
        );
    } else if cross == "ONE_ZEROS" {
        // (the hole opposite's `sow_on`, written with the capture)
    } else if capt_type == "TWO_OUT" {
        let relay = "  relay: last   # mlaps=LAPPER: a lap ending in an occupied hole goes on with its seeds\n";
        if !sowing.contains(relay) {
            return Err(refuse(
                "sow_rule",
                &rule,
                "with capt_type=TWO_OUT needs the relay from the last hole",
            ));
        }
        *sowing = sowing.replace(
            relay,
            "  relay: none   # mlaps=LAPPER with sow_rule=LAP_CAPT: the lap capture below relays\n",
        );
        capture.push_str(
            "    # sow_rule=LAP_CAPT, mlaps=LAPPER: each lap ending in an occupied hole captures across the gap,\n    # then sows on from that hole\n    lap_capture: gap_then_relay\n",
        );
    } else {
        let _ = writeln!(
            capture,
            "    # sow_rule={rule}: a lap ending where the capture takes its last hole captures, and sows on\n    # from the hole after it\n    lap_capture: chain_then_next_hole"
        );
    }
    Ok(())
}
