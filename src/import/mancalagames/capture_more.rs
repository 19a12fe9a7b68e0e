//! The translation of more capture types: `capt_type` MATCH_OPP, SINGLETONS and PULL_ACROSS,
//! and `presowcapt=ALL_SINGLE_XCAPT` (each a general capture step of sowlab's).

use std::fmt::Write as _;

use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The `capture:` keys of capture type `capt_type` (with `capt_side` `side`), for the types
/// this file translates (`None` for the others); relay keys go to `sowing`.
pub(super) fn typed(
    p: &Params,
    capt_type: &str,
    side: &str,
    sowing: &mut String,
) -> Result<Option<String>, Refusal> {
    if !matches!(capt_type, "MATCH_OPP" | "SINGLETONS" | "PULL_ACROSS") {
        return Ok(None);
    }
    let multicapt = p.int("multicapt");
    let grandslam = word(p, "grandslam");
    // (MATCH_OPP's take goes on from hole to hole with multicapt: `matching_run`)
    if (multicapt != 0 && capt_type != "MATCH_OPP")
        || grandslam != "LEGAL"
        || word(p, "child_type") != "NOCHILD"
    {
        return Err(refuse(
            "capt_type",
            capt_type,
            "SINGLETONS and PULL_ACROSS are translated only with a single capture, and these and MATCH_OPP with grandslam=LEGAL and no children yet",
        ));
    }
    let mut out = String::new();
    match capt_type {
        "MATCH_OPP" => {
            // MancalaGames tests capt_side on both holes; only BOTH is translated.
            if side != "BOTH" {
                return Err(refuse(
                    "capt_type",
                    capt_type,
                    "MATCH_OPP is translated only with capt_side=BOTH yet",
                ));
            }
            out.push_str("    # capt_type=MATCH_OPP: when the last hole holds as many seeds as the hole opposite, both are taken\n    matching_opposite: true\n");
            if multicapt != 0 {
                // MancalaGames goes on from the last hole (capt_dir: against the sowing, with
                // it, or with it and then against it from the last hole), at most multicapt
                // takes each way, the last hole counted (-1: no limit).
                let direction = match word(p, "capt_dir").as_str() {
                    "SOW" => "forward",
                    "BOTH" => "both",
                    _ => "back",
                };
                // (with BOTH, MancalaGames carries the first way's next hole over when the
                // second way's first hole does not match: the option matching_back)
                let _ = writeln!(
                    out,
                    "    # multicapt={multicapt}, capt_dir={}: the take goes on while the next holes match the holes opposite\n    matching_run: {{ direction: {direction}, max: {}{} }}",
                    word(p, "capt_dir"),
                    multicapt.max(0),
                    if direction == "both" {
                        ", back_fails: $matching_back"
                    } else {
                        ""
                    }
                );
            }
            if word(p, "mlaps") != "OFF" {
                // MancalaGames stops a lap where its capture (simulated) would take seeds.
                sowing.push_str("  # a lap ending where the matching pair is taken does not go on\n  relay_stops_matching: true\n");
            }
        }
        "SINGLETONS" => {
            let whose = whose(side, capt_type)?;
            let _ = writeln!(
                out,
                "    # capt_type=SINGLETONS: after every move the mover takes each hole (capt_side={side}) holding one seed\n    single_seed_holes: {{ side: {whose} }}"
            );
        }
        _ => {
            // capt_side is where the hole opposite (the one emptied) may lie.
            let last_in = match side {
                "OPP_SIDE" => "own",
                "OWN_SIDE" => "opponent",
                "BOTH" => "any",
                other => {
                    return Err(refuse(
                        "capt_side",
                        other,
                        "capt_type=PULL_ACROSS is translated only with capt_side BOTH, OPP_SIDE or OWN_SIDE yet",
                    ))
                }
            };
            if word(p, "mlaps") == "LAPPER_NEXT" || word(p, "capt_rturn") != "NO_REPEAT" {
                return Err(refuse(
                    "capt_type",
                    capt_type,
                    "PULL_ACROSS is translated only without mlaps=LAPPER_NEXT and capt_rturn yet",
                ));
            }
            let _ = writeln!(
                out,
                "    # capt_type=PULL_ACROSS: a last seed in an empty hole ({last_in}) pulls the seeds opposite into it\n    opposite: {{ take_last: false, last_in: {last_in}, pull_into_last: true }}"
            );
        }
    }
    Ok(Some(out))
}

/// `presowcapt=ALL_SINGLE_XCAPT`: the `capture:` key, or nothing for the other values (the
/// sowing translates them).
pub(super) fn presow(p: &Params) -> Result<&'static str, Refusal> {
    if word(p, "presowcapt") != "ALL_SINGLE_XCAPT" {
        return Ok("");
    }
    // MancalaGames makes it before each lap (from the position before the move), and not on a
    // prescribed opening: neither is translated.
    if word(p, "mlaps") != "OFF" || word(p, "prescribed") != "NONE" {
        return Err(refuse(
            "presowcapt",
            "ALL_SINGLE_XCAPT",
            "translated only without mlaps and prescribed openings yet",
        ));
    }
    Ok("    # presowcapt=ALL_SINGLE_XCAPT: before sowing, the mover takes each hole facing one of his single seeds\n    opposite_of_singles_first: true\n")
}

/// A sowlab side word for `capt_side`.
fn whose(side: &str, capt_type: &str) -> Result<&'static str, Refusal> {
    match side {
        "OPP_SIDE" => Ok("opponent"),
        "OWN_SIDE" => Ok("own"),
        "BOTH" => Ok("any"),
        other => Err(refuse(
            "capt_side",
            other,
            &format!("capt_type={capt_type} is translated only with capt_side BOTH, OPP_SIDE or OWN_SIDE yet"),
        )),
    }
}
