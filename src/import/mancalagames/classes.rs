//! MancalaGames' game classes other than Mancala, and the direction rules that are more than a
//! fixed direction, as sowlab declarations: a class is a board's circuits (NorthSouthCycle: each
//! player sows round his own row and store), a direction rule is a declared sowing step (the
//! first move choosing the game's directions, the first turns without a choice, a single seed
//! that may not be played straight back across the board's end).

use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The `board:` keys the game class adds (after `to_move`), or why it cannot be translated.
pub(super) fn board(p: &Params) -> Result<String, Refusal> {
    match p.class.as_str() {
        // (BearOff: two rows in one circuit, sown as Mancala until the bearing off: `sowing`)
        "Mancala" | "BearOff" => Ok(String::new()),
        "NorthSouthCycle" | "NSGratuitous" => {
            if matches!(word(p, "sow_stores").as_str(), "BOTH" | "BOTH_NR" | "BOTH_NR_OWN" | "BOTH_NR_OPP") {
                return Err(refuse(
                    "game_class",
                    &p.class,
                    "with sow_stores sowing both stores (each player's circuit then holds both stores) not yet",
                ));
            }
            if p.flag("no_sides") {
                return Err(refuse(
                    "game_class",
                    &p.class,
                    "with no_sides (a player sowing round the other's row) not yet",
                ));
            }
            Ok("  # game_class=NorthSouthCycle: each player sows round his own row (and store) only\n  circuits: per_player\n".into())
        }
        // (two circuits, each player's half of the board: MancalaGames' own check asks for an
        // even number of holes)
        "EWGratuitous" if p.flag("stores") => Err(refuse(
            "game_class",
            "EWGratuitous",
            "with stores (a store on a circuit of half the board) not yet",
        )),
        "EWGratuitous" => Ok("  # game_class=EWGratuitous: each player owns his half of the board, the right half seen\n  # from his side across both rows, and sows round it only\n  circuits: per_player\n  owners: halves\n".into()),
        "ShareOne" => {
            for key in ["no_sides", "blocks", "mustshare"] {
                if p.flag(key) {
                    return Err(refuse(
                        "game_class",
                        "ShareOne",
                        &format!("with {key} (which MancalaGames does not allow with it) not translated"),
                    ));
                }
            }
            Ok(String::new())
        }
        "ZigZag" => super::zigzag::board(p),
        "Diffusion" | "DiffusionV2" => super::diffusion::board(p),
        other => Err(refuse(
            "game_class",
            other,
            "only the classes Mancala (two rows sown in one circuit), BearOff, NorthSouthCycle (each row its own circuit), NSGratuitous, EWGratuitous, ShareOne, ZigZag, Diffusion and DiffusionV2 are translated yet",
        )),
    }
}

/// The `sowing:` keys of `sow_direct=PLAYALTDIR` and `prescribed=NO_UDIR_FIRSTS`.
pub(super) fn sowing(p: &Params) -> Result<String, Refusal> {
    let mut s = String::new();
    if p.class == "ZigZag" {
        s.push_str(&super::zigzag::sowing(p));
    }
    if p.class == "BearOff" {
        s.push_str("  # game_class=BearOff: once a move leaves every hole holding at most one seed, a lap's seeds that\n  # would go on into the opponent's holes leave the board for the mover's store (bearing off)\n  bear_off_after_singletons: true\n");
    }
    if word(p, "sow_direct") == "PLAYALTDIR" {
        s.push_str("  # sow_direct=PLAYALTDIR: the first move of a game or round names its direction (3ccw, 3cw);\n  # its player then sows that way, the other player the other way\n  direction_by_first_move: true\n");
    }
    match word(p, "prescribed").as_str() {
        // (SOW1OPP is the opening's sowing: `moves.opening`, in `starts.rs`)
        // (PLUS1MINUS1 is the first move's own step: `moves`, in `starts.rs`)
        "NONE" | "SOW1OPP" | "PLUS1MINUS1" | "ARNGE_LIMIT" => {}
        // (the sowing's `pass_from_move`: `sow_rules.rs`)
        "MLAPS_SOWER" if super::sow_rules::first_move_plain(p) => {}
        "NO_UDIR_FIRSTS" => {
            if p.list("udir_holes").is_empty() && word(p, "sow_direct") != "PLAYALTDIR" {
                // (no hole chooses its direction: nothing to forbid)
            } else if word(p, "sow_direct") == "PLAYALTDIR" {
                return Err(refuse(
                    "prescribed",
                    "NO_UDIR_FIRSTS",
                    "with sow_direct=PLAYALTDIR not yet",
                ));
            } else {
                s.push_str("  # prescribed=NO_UDIR_FIRSTS: each player's first turn is sown the game's way, without a choice\n  no_choice_turns: 2\n");
            }
        }
        other => {
            return Err(refuse(
                "prescribed",
                other,
                "only NO_UDIR_FIRSTS is translated yet",
            ))
        }
    }
    Ok(s)
}

/// The `moves:` keys of the class and the direction rules: ShareOne's gift of one seed; with `sow_direct=SPLIT` and `min_move=1` (and
/// neither end hole choosing its direction), a single seed sown across the board's end may not
/// be played straight back.
pub(super) fn moves(p: &Params) -> String {
    let mut s = String::new();
    if p.class == "ZigZag" {
        s.push_str(&super::zigzag::moves(p));
    }
    if p.class.starts_with("Diffusion") {
        s.push_str(&super::diffusion::moves(p));
    }
    if p.class == "ShareOne" {
        s.push_str("    give_one_to_empty: true   # game_class=ShareOne: to a player without seeds the mover gives one, from a hole of two or more into his first hole, and moves again\n");
    }
    let udir = p.list("udir_holes");
    if word(p, "sow_direct") == "SPLIT"
        && p.int("min_move") == 1
        && !udir.contains(&0)
        && !udir.contains(&(p.holes - 1))
    {
        s.push_str("    no_single_return: true   # sow_direct=SPLIT, min_move=1: a single seed sown across the board's end may not be played straight back\n");
    }
    s
}
