//! The arrangement before play, as declared (`arrange:`): "before play, each player arranges his
//! counters in his holes as he likes". Played in [`crate::engine::player::arrange`].

use serde::Deserialize;

/// An arrangement of each player's counters before the game's first sowing: in turn, each
/// player moves one counter from one of his holes to another of his holes, or passes; the
/// arrangement ends when every player has passed in a row, or after `max_moves` moves in all
/// (passes counted), and play begins with the player whose turn it then is.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Arrange {
    /// The most moves the arrangement lasts (every player's moves and passes, at least 1): a
    /// bound, so that it cannot last for ever.
    pub max_moves: i64,
    /// The game variables `arrange_left` (the moves still allowed, 0 once play has begun) and
    /// `arrange_passes` (the passes in a row), declared when setup ends.
    #[serde(skip)]
    pub vars: (usize, usize),
}

impl Arrange {
    /// Checks the declaration against the board.
    pub fn check(&self, players: usize) -> Result<(), String> {
        if self.max_moves < 1 {
            return Err(format!(
                "pipeline: arrange: max_moves must be at least 1, not {}",
                self.max_moves
            ));
        }
        if players < 2 {
            return Err(format!(
                "pipeline: arrange: needs two players or more, the board has {players}"
            ));
        }
        Ok(())
    }
}

impl Arrange {
    /// Checks the declaration and declares its game variables (`vars`) with
    /// `var(name, start value)`.
    pub fn link(
        &mut self,
        players: usize,
        mut var: impl FnMut(&str, i64) -> usize,
    ) -> Result<(), String> {
        self.check(players)?;
        self.vars = (
            var("arrange_left", self.max_moves),
            var("arrange_passes", 0),
        );
        Ok(())
    }
}
