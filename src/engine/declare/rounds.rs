//! Rounds, as declared (`rounds:`): how a round's end refills the board from the players'
//! reserves, closing the holes that cannot be filled.

use serde::Deserialize;

use crate::engine::declare::end::End;

/// Rounds: when a round ends (`then: round`), score it and refill the board (two players, one
/// row each, no stores).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Rounds {
    /// Play a match of rounds; false: one round, the bigger capture of the round wins.
    #[serde(default = "yes", rename = "full_match")]
    pub play_match: bool,
    /// Seeds put in each hole at a refill; a player who cannot fill one hole loses the match.
    pub fill: i64,
    /// The end of the row filling starts from; the holes a player cannot fill are closed.
    #[serde(default)]
    pub fill_from: End,
    /// The match ends after this many rounds, the bigger reserve winning (0: no limit).
    #[serde(default)]
    pub max_rounds: i64,
}

fn yes() -> bool {
    true
}
