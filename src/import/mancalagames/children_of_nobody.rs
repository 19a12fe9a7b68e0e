//! The translation of child_type=RAM: holes that are children of nobody while they hold enough
//! seeds to sow round the board back into their own row.

use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The pipeline's `children:` block for child_type=RAM.
pub(super) fn rams(p: &Params) -> Result<String, Refusal> {
    for (key, ok) in [
        ("child_rule", "NONE"),
        ("child_locs", "ANYWHERE"),
        ("mlaps", "OFF"),
        ("sow_rule", "NONE"),
        ("rounds", "NO_ROUNDS"),
    ] {
        let v = word(p, key);
        if v != ok {
            return Err(refuse(
                key,
                &v,
                &format!("child_type=RAM is translated only with {key}={ok} yet"),
            ));
        }
    }
    let direct = word(p, "sow_direct");
    if !matches!(direct.as_str(), "CW" | "CCW") || !p.list("udir_holes").is_empty() {
        return Err(refuse(
            "child_type",
            "RAM",
            "rams are counted for a fixed direction: MancalaGames reads them with sow_direct CW or CCW only (and no udir_holes)",
        ));
    }
    let stores = word(p, "sow_stores");
    if !matches!(stores.as_str(), "NONE" | "OWN" | "BOTH") {
        return Err(refuse(
            "sow_stores",
            &stores,
            "child_type=RAM is translated only with sow_stores NONE, OWN or BOTH yet",
        ));
    }
    Ok(
        "  # child_type=RAM: after each move, a hole holding enough seeds to sow round the board back into\n  # its own row is a ram (a child of nobody: never played, counted for no one, captured like any\n  # hole) while it does\n  children:\n    make_when_last_makes: []\n    nobodys_while_holding_a_round: true\n"
            .into(),
    )
}
