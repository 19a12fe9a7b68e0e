//! The translation of the sowing rules that take `sow_param` (closing holes, passing holes by
//! their count, the last seeds going to the opponent): `sowing:` step keys
//! ([`crate::engine::declare::sow_steps`]).

use std::fmt::Write as _;

use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The sow rules translated here.
pub(super) fn handles(sow_rule: &str) -> bool {
    matches!(
        sow_rule,
        "SOW_BLKD_DIV" | "SOW_BLKD_DIV_NR" | "MAX_SOW" | "NO_SOW_OPP_NS" | "LAP_CAPT_OPP_GETS"
    )
}

/// Whether `prescribed=MLAPS_SOWER` (the first move of a game or round sown by the plain relay)
/// differs from the later moves only by the holes they pass over (`MAX_SOW`, `NO_SOW_OPP_NS`
/// with `mlaps=LAPPER`): then it is `pass_from_move: 2`.
pub(super) fn first_move_plain(p: &Params) -> bool {
    word(p, "mlaps") == "LAPPER"
        && matches!(word(p, "sow_rule").as_str(), "MAX_SOW" | "NO_SOW_OPP_NS")
        && word(p, "sow_stores") == "NEITHER"
        && word(p, "mlap_cont") == "NONE"
        && word(p, "child_type") == "NOCHILD"
        && word(p, "presowcapt") == "NONE"
}

/// The `sowing:` keys of `sow_rule` with `sow_param` (nothing for the other sow rules; a
/// `sow_param` that no translated rule reads is refused).
pub(super) fn sowing(p: &Params, sowing: &mut String) -> Result<(), Refusal> {
    let rule = word(p, "sow_rule");
    let n = p.int("sow_param");
    if !handles(&rule) {
        if n != 0 {
            return Err(refuse(
                "sow_param",
                n,
                "is translated only with sow_rule SOW_BLKD_DIV, SOW_BLKD_DIV_NR, MAX_SOW, NO_SOW_OPP_NS or LAP_CAPT_OPP_GETS",
            ));
        }
        return Ok(());
    }
    if n < 1 {
        return Err(refuse(
            "sow_param",
            n,
            &format!("sow_rule={rule} needs sow_param of at least 1"),
        ));
    }
    if word(p, "prescribed") == "MLAPS_SOWER" && first_move_plain(p) {
        sowing.push_str(
            "  pass_from_move: 2   # prescribed=MLAPS_SOWER: the first move of a game or round is sown by the plain relay, passing no hole
",
        );
    }
    match rule.as_str() {
        "SOW_BLKD_DIV" | "SOW_BLKD_DIV_NR" => {
            if word(p, "mlaps") != "LAPPER" || !p.flag("blocks") {
                return Err(refuse(
                    "sow_rule",
                    &rule,
                    "is translated only with mlaps=LAPPER and blocks yet",
                ));
            }
            let nr = rule == "SOW_BLKD_DIV_NR";
            let _ = writeln!(
                sowing,
                "  # sow_rule={rule}: a seed reaching an opponent's closed hole leaves the game (MancalaGames\n  # counts those seeds in South's store); a lap relaying from an opponent's hole of {n} seeds\n  # (sow_param) closes it{}\n  closed_opponent_takes_seeds: true\n  taken_seeds_to: 1\n  close_on_relay: {{ count: {n}, except_last_hole: {nr} }}",
                if nr { ", except the last hole of a row" } else { "" }
            );
        }
        "MAX_SOW" => {
            let _ = writeln!(
                sowing,
                "  pass_holding_at_least: {n}   # sow_rule=MAX_SOW, sow_param={n}: a hole of {n} or more seeds gets no seed"
            );
        }
        "NO_SOW_OPP_NS" => {
            let _ = writeln!(
                sowing,
                "  pass_opponent_holding: [{n}]   # sow_rule=NO_SOW_OPP_NS, sow_param={n}: an opponent's hole of {n} seeds gets no seed"
            );
        }
        _ => {
            // LAP_CAPT_OPP_GETS: the last seeds; the lap captures with the captures.
            let capt_on = p.list("capt_on");
            if capt_on.is_empty()
                || p.flag("evens")
                || p.int("capt_min") > 0
                || p.int("capt_max") > 0
                || word(p, "crosscapt") != "NONE"
                || word(p, "capt_type") != "NONE"
            {
                return Err(refuse(
                    "sow_rule",
                    &rule,
                    "is translated only with a capture by capt_on counts alone yet",
                ));
            }
            let side = match word(p, "capt_side").as_str() {
                "BOTH" => "any",
                "OPP_SIDE" => "opponent",
                "OWN_SIDE" => "own",
                other => {
                    return Err(refuse(
                        "capt_side",
                        other,
                        "LAP_CAPT_OPP_GETS is translated only with capt_side BOTH, OPP_SIDE or OWN_SIDE",
                    ))
                }
            };
            let _ = writeln!(
                sowing,
                "  # sow_rule=LAP_CAPT_OPP_GETS, sow_param={n}: a lap starting with {n} seeds or fewer in the holes gives\n  # the seeds reaching the opponent's holes to him, but a last seed that makes a capture\n  opponent_takes_when_few: {{ at_most: {n}, last_sown_if: {{ counts: {capt_on:?}, side: {side} }} }}"
            );
        }
    }
    Ok(())
}
