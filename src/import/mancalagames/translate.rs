//! Translating one MancalaGames game (its class, size and parameters) into a sowlab data rule:
//! the YAML text of `rules/NAME.yaml`, commented where a parameter became something that is not
//! obvious. A game that uses a parameter value sowlab's declared vocabulary cannot say yet is
//! refused with that parameter and value; nothing is translated approximately.
//!
//! What MancalaGames does after a move, and how it reads here:
//! - a player whose stores (plus reserve) hold more than half the seeds wins at once, the seeds
//!   left staying where they are: `when: majority`, no sweep;
//! - otherwise, when the player to move has no legal move (with `mustpass`: when neither has),
//!   the seeds left go by `unclaimed` (`sweep`), and most seeds wins;
//! - when fewer seeds are left on the board than any capture needs (but some), the same
//!   (`when: few_left`), except in games that sow into stores or must share, where
//!   MancalaGames has no such check.
//!
//! The pieces are translated in [`super::sowing`] (stores, direction, relays), [`super::capture`],
//! [`super::ends`] (rounds and end checks) and put together in [`super::text`].

use std::fmt::Write as _;

use super::read::{GameFile, Params};
pub use super::refusal::Refusal;
use super::refusal::{refuse, word};

/// The parameters the translation reads; any other parameter with a value other than its
/// default is refused.
const HANDLED: &[&str] = &[
    "stores",
    "sow_direct",
    "sow_stores",
    "skip_start",
    "min_move",
    "mustshare",
    "mustpass",
    "crosscapt",
    "xcpickown",
    "xc_sown",
    "capt_side",
    "capt_on",
    "evens",
    "capt_min",
    "capt_max",
    "multicapt",
    "capt_dir",
    "grandslam",
    "unclaimed",
    "quitter",
    "goal",
    "rounds",
    "mlaps",
    "mlap_cont",
    "nosinglecapt",
    "presowcapt",
    "mlap_param",
    "end_cond",
    "capt_type",
    "no_sides",
    "sow_rule",
    "udir_holes",
    "capt_rturn",
    "pickextra",
    "round_fill",
    "round_starter",
    "blocks",
    "goal_param",
    "end_param",
    "sow_start",
    "move_one",
    "child_type",
    "child_cvt",
    "child_rule",
    "child_locs",
    "allow_rule",
    "start_pattern",
    "nocaptmoves",
    "prescribed",
    "sow_param",
    "moveunlock",
    "play_locs",
];

/// A translated game: the data rule's YAML text.
#[derive(Clone, Debug)]
pub struct Translation {
    /// The YAML text of the data rule.
    pub yaml: String,
    /// The options (`endless=drop_hand`) that give MancalaGames' engine's reading where the
    /// rule's defaults follow the game's sources (its `mancalagames: set`).
    pub engine_set: Vec<String>,
}

/// Translates game `g` with parameters `p` (its base game or one of its variants) into a data
/// rule named `title`.
pub fn translate(g: &GameFile, title: &str, p: &Params) -> Result<Translation, Refusal> {
    let board = super::classes::board(p)?;
    for (key, value) in p.non_default() {
        if !HANDLED.contains(&key) {
            return Err(refuse(
                key,
                value,
                "not yet in sowlab's declared vocabulary",
            ));
        }
    }
    // (the start and the allowed holes first: a game refused for them is named by them)
    let start = super::starts::start(p)?;
    let mut allowed = String::new();
    super::starts::allow(p, &mut allowed)?;
    super::starts::prescribed(p)?;
    let goal = word(p, "goal");
    if !["MAX_SEEDS", "CLEAR", "DEPRIVE", "IMMOBILIZE", "TERRITORY"].contains(&goal.as_str())
        && super::ends::tally_of(&goal).is_none()
    {
        return Err(refuse(
            "goal",
            &goal,
            "only the goals MAX_SEEDS, CLEAR, DEPRIVE, IMMOBILIZE, TERRITORY, RND_WIN_COUNT_MAX, RND_SEED_COUNT and RND_POINTS are translated yet",
        ));
    }
    let (rounds, then, gp) = super::ends::rounds(p, &goal)?;
    let stores = p.flag("stores");
    let mut notes: Vec<String> = Vec::new();
    let mut sowing = super::sowing::board(p)?;
    super::sow_rules::sowing(p, &mut sowing)?;
    super::children::start_hole(p, &mut sowing)?;
    let children = super::children::children(p, &mut sowing)?;
    sowing.push_str(&super::classes::sowing(p)?);

    // Legal moves.
    let mut moves = String::new();
    let min_move = p.int("min_move");
    if min_move > 1 {
        let _ = writeln!(moves, "    min_seeds: {min_move}   # min_move");
    }
    moves.push_str(&super::classes::moves(p));
    if p.flag("no_sides") {
        moves.push_str(
            "    any_row: true   # no_sides: the mover plays from either row (moves S3, N5)\n",
        );
    }
    moves.push_str(&allowed);
    moves.push_str(&super::store_moves::moves(p)?);
    if p.flag("mustshare") {
        moves.push_str("    must_feed: true   # mustshare\n");
        if !p.list("udir_holes").is_empty() {
            // MancalaGames marks a hole whose one direction feeds with the pair of directions,
            // which its move list reads as allowed: both directions are played.
            moves.push_str("    feed_either_direction: true   # mustshare with udir_holes: both directions of a hole when either feeds\n");
        }
        if p.flag("mustpass") {
            // MancalaGames ends a game where the feed is impossible only without mustpass; with
            // it, any move is allowed then.
            moves.push_str(
                "    feed_if_able: true   # mustshare with mustpass: any move when none feeds\n",
            );
        }
        // (MancalaGames tries a move's sowing and its captures to see whether it feeds)
        moves.push_str("    feed_after_captures: true   # mustshare: a move feeds if the opponent holds seeds after its captures\n");
    }

    let mut c = super::capture::captures(p, &mut sowing, &mut notes)?;
    if p.class.ends_with("Gratuitous") && !c.text.is_empty() {
        // (MancalaGames' captures to the store, forced on the opponent at once)
        c.text.push_str("    # game_class={class}: after a move whose captures took seeds, the mover gives all he\n    # captured to one of the opponent's holes, his choice (a move of its own, the hole's label)\n    chosen_holes: { count: 1, gives_held: true }\n".replace("{class}", &p.class).as_str());
    }
    // moveunlock: read by the capture chain (only_played_from); with other captures, or with
    // relays stopping for a capture, not yet.
    if p.flag("moveunlock")
        && (!c.text.contains("chain: {")
            || c.cross != "NONE"
            || word(p, "mlaps") != "OFF"
            || word(p, "allow_rule") == "MOVE_ALL_HOLES_FIRST"
            || word(p, "pickextra") != "NONE")
    {
        return Err(super::refusal::refuse(
            "moveunlock",
            "true",
            "translated only with a capture chain alone (no cross capture, relays, pickextra or allow_rule=MOVE_ALL_HOLES_FIRST) yet",
        ));
    }
    let stopped_end = super::sowing::relays(p, &c, &mut sowing)?;
    let mut lap = String::new();
    super::lap_capture::translate(p, &c.cross, &mut sowing, &mut lap)?;
    c.text.push_str(&lap);
    super::starts::no_capture_turns(p, &sowing, &mut c.text)?;
    let (end, clear) = super::ends::ends(p, &goal, &c, stopped_end, gp, &rounds, &mut notes)?;
    let (end, rounds) = if clear {
        (end, String::new())
    } else {
        // (the round outcomes of goal=RND_WIN_COUNT_DEP say their winner: they take the starter)
        let starter = then.strip_prefix("round").unwrap_or("");
        (
            end.replace("then: most_seeds", &format!("then: {then}"))
                .replace(
                    "then: round_mover_wins",
                    &format!("then: round_mover_wins{starter}"),
                )
                .replace(
                    "then: round_mover_loses",
                    &format!("then: round_mover_loses{starter}"),
                )
                .replace(
                    "then: round_to_move_loses",
                    &format!("then: round_to_move_loses{starter}"),
                ),
            rounds,
        )
    };
    let rounds = format!("{rounds}{}", super::starts::arrangement(p));
    let parts = Parts {
        board: &board,
        notes: &notes,
        stores,
        start: &start,
        sowing: &sowing,
        moves: &moves,
        capture: &c.text,
        children: &children,
        end: &end,
        rounds: &rounds,
    };
    let engine_set = super::readings::used(&parts.body())
        .iter()
        .map(|r| format!("{}={}", r.name, r.engine))
        .collect();
    Ok(Translation {
        yaml: assemble(g, title, p, &parts),
        engine_set,
    })
}

pub(super) use super::text::{assemble, Parts};
