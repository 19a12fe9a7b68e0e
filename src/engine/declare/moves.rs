//! Which holes the mover may play: beyond his open holes that hold seeds, where the last seed
//! may or must land, grand slams, feeding an opponent without seeds. Parsed from the
//! declaration's `moves:`.

use serde::Deserialize;

/// Which holes the mover may play (beyond "his open holes that hold seeds").
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Moves {
    /// Only holes whose single lap ends in a pit of one of these kinds.
    pub landing: Option<Vec<Landing>>,
    /// Only holes holding exactly as many seeds as their number (Tchoukaillon's c == d).
    pub seeds_equal_number: bool,
    /// When the next player has no seeds, only moves that give him some (Oware's must-feed).
    pub must_feed: bool,
}

/// A kind of pit a lap can end in.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Landing {
    /// Any store.
    Store,
    /// A hole holding seeds when the last seed falls.
    OccupiedHole,
    /// A hole that is empty when the last seed falls.
    EmptyHole,
}
