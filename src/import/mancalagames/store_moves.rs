//! MancalaGames' moves from a player's own store (`play_locs`) as sowlab declarations:
//! `BRD_OWN_STR_CHS` (the mover chooses how many of his store's seeds he sows) is
//! `moves.sow_from_store` (moves `store:4`); MancalaGames sows them from the store's place in the
//! player's circuit, the hole after it first, the game's way, and none falls back into the store.

use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The `moves:` keys of `play_locs` (added to `moves`).
pub(super) fn moves(p: &Params) -> Result<String, Refusal> {
    let locs = word(p, "play_locs");
    match locs.as_str() {
        "BOARD_ONLY" => return Ok(String::new()),
        "BRD_OWN_STR_CHS" => {}
        other => {
            return Err(refuse(
                "play_locs",
                other,
                "only BRD_OWN_STR_CHS (a chosen count of the store's seeds) is translated yet",
            ))
        }
    }
    // (the readings checked against MancalaGames' engine: its own rules ask for stores and a
    // fixed direction; its passing and its must-share ignore the store's seeds)
    let why = match () {
        _ if !p.flag("stores") => Some("without stores"),
        _ if word(p, "sow_stores") != "NEITHER" => Some("with sow_stores"),
        _ if p.flag("mustpass") => Some("with mustpass"),
        _ if p.flag("mustshare") => Some("with mustshare"),
        _ if !p.list("udir_holes").is_empty() => Some("with udir_holes"),
        _ if !matches!(word(p, "sow_direct").as_str(), "CW" | "CCW") => {
            Some("with a sow_direct other than CW and CCW")
        }
        _ if !matches!(p.class.as_str(), "Mancala" | "NorthSouthCycle") => {
            Some("in a game_class other than Mancala and NorthSouthCycle")
        }
        _ => None,
    };
    if let Some(why) = why {
        return Err(refuse(
            "play_locs",
            &locs,
            &format!("not translated {why} yet"),
        ));
    }
    Ok("    # play_locs=BRD_OWN_STR_CHS: the mover may also sow seeds from his store, as many as he chooses,\n    # from the store's place along his circuit (moves store:1, store:2, ...)\n    sow_from_store: true\n".into())
}

/// The seeds each store holds at the start (start_pattern=AZIGO: twice a hole's), or none.
pub(super) fn store_seeds(p: &Params) -> Option<i64> {
    (word(p, "start_pattern") == "AZIGO").then(|| 2 * p.nbr_start)
}
