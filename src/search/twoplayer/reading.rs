//! What the exact search may assume about a rule, read from its declared move: whether the final
//! margin decides the game, whether seeds out of play ever come back, whether the moves and ends
//! look at the stores.

use crate::{Board, EndThen, EndWhen, Rule};

/// What the exact search knows of a rule.
#[derive(Clone, Debug)]
pub struct Reading {
    /// Every end gives the game to the player holding the most seeds (stores plus reserve): the
    /// final margin decides win, draw or loss, and is the value searched.
    pub margin_decides: bool,
    /// Seeds in stores and reserves never come back into play (a declared move without rounds
    /// or moves from a store): from a position with `s` seeds in the holes the margin can change by `s` at most.
    pub monotone: bool,
    /// Nothing of the move or of the ends reads the stores or reserves (no `majority` end): the
    /// margin still to be won depends on the holes, counters, variables and player to move only.
    pub store_free: bool,
    /// Why tablebases cannot be built for this rule (`None`: they can).
    pub no_tablebase: Option<String>,
    /// Whether a position may repeat along a line without the rule ending it (no move limit,
    /// no repetition end): the search then watches its own path.
    pub may_cycle: bool,
    /// A move counter that no end reads (a move limit of 0): left out of the keys, so that
    /// positions reached after different numbers of moves meet.
    pub idle_counter: Option<usize>,
}

impl Reading {
    /// Reads `rule`, whose games start like `b`.
    pub fn of(rule: &Rule, b: &Board) -> Reading {
        let declared = rule.plays_natively();
        let p = b.layout.pipeline.as_deref().filter(|_| declared);
        let Some(p) = p else {
            return Reading {
                margin_decides: false,
                monotone: false,
                store_free: false,
                no_tablebase: Some(format!(
                    "{}: tablebases do not apply: the rule's moves are played by its script, which the solver cannot bound (a declared move is needed)",
                    rule.name
                )),
                may_cycle: true,
                idle_counter: None,
            };
        };
        let margin_decides = p.end.iter().all(|c| c.then == EndThen::MostSeeds);
        // (a move sowing from the mover's store brings its seeds back onto the board)
        let from_store = p.moves.sow_from_store;
        let monotone = p.rounds.is_none() && !from_store;
        let reads_stores = p.end.iter().any(|c| c.when == EndWhen::Majority);
        let store_free = monotone && !reads_stores;
        let limited = p
            .end
            .iter()
            .any(|c| c.when == EndWhen::MovesReached && c.limit > 0);
        let counted = p.at.moves_var.is_some() && limited;
        let idle_counter = p.at.moves_var.filter(|_| !limited);
        let repetition = p.at.track_repetition;
        let no_tablebase = if b.players() != 2 {
            Some(format!("tablebases are for two players (this game has {})", b.players()))
        } else if from_store {
            Some("the mover may sow seeds from his store, which brings them back onto the board".into())
        } else if !monotone {
            Some("the rule plays rounds, which bring captured seeds back onto the board".into())
        } else if !margin_decides {
            Some("an end of the rule does not give the game to the player holding the most seeds".into())
        } else if reads_stores {
            Some("an end of the rule (`majority`) depends on the seeds captured, not only on the seeds in play".into())
        } else if repetition {
            Some("the rule ends a game on a repeated position, which depends on the moves played before".into())
        } else if limited {
            Some("the rule ends a game after a number of moves (set that option to 0, no limit)".into())
        } else if p.pass.is_some() || !b.counters.is_empty() {
            Some("the rule keeps per-player counters (passes, penalties)".into())
        } else if b
            .layout
            .vars
            .iter()
            .enumerate()
            .any(|(i, _)| Some(i) != p.at.moves_var)
        {
            Some("the rule keeps game variables besides a move counter".into())
        } else {
            None
        }
        .map(|why: String| format!("{}: tablebases do not apply: {why}", rule.name));
        Reading {
            margin_decides,
            monotone,
            store_free,
            no_tablebase,
            may_cycle: !counted && !repetition,
            idle_counter,
        }
    }
}

/// Seeds held by `player` (his stores plus his reserve): what a margin counts.
#[inline]
pub fn held(b: &Board, player: usize) -> i64 {
    let l = &*b.layout;
    let mut s = b.reserves.get(player - 1).copied().unwrap_or(0);
    for &p in &l.stores {
        if l.pits[p].owner == player {
            s += b.seeds[p];
        }
    }
    s
}

/// Seeds in the (open) holes.
#[inline]
pub fn in_play(b: &Board) -> i64 {
    b.layout
        .holes
        .iter()
        .filter(|&&h| !b.closed[h])
        .map(|&h| b.seeds[h])
        .sum()
}
