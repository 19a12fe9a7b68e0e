//! The turn, as declared: when the mover moves again (`extra_turn:`) and what a player without a
//! legal move does (`pass:`).

use serde::Deserialize;

/// When the mover moves again.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ExtraTurn {
    /// Never: the turn passes after every move.
    #[default]
    None,
    /// When the last seed fell into a store.
    Store,
    /// When the captures after the sowing took seeds.
    Capture,
    /// Either.
    StoreOrCapture,
    /// When the last seed fell into one of the mover's own stores (a last seed in another
    /// player's store passes the turn).
    OwnStore,
    /// When the captures after the sowing took seeds, unless the move before (any player's)
    /// earned an extra move: at most one extra move in a row (a pass does not count as a move).
    CaptureOnce,
}

/// What a player without a legal move does, when the turn comes to him.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Pass {
    /// The per-player counter a pass adds one to (declared by the core when missing).
    #[serde(default = "penalties")]
    pub counter: String,
    /// A player whose counter reaches this is out (skipped; the last player left in wins); 0:
    /// never out.
    #[serde(default)]
    pub out_at: i64,
}

fn penalties() -> String {
    "penalties".into()
}
