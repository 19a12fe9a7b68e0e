//! Small holes first, until some of the player's counters are taken
//! (`moves.few_seeds_until_taken`): "in the first phase only holes of two counters or fewer may
//! be played; it ends for a player once two of his counters have been taken; his next move is
//! from his fullest hole, and after it he plays any hole". Each player's phase is his own.
//! Played by [`crate::engine::player::few_seeds_first`].

use serde::Deserialize;

/// `moves.few_seeds_until_taken`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct FewSeedsFirst {
    /// While it lasts, a player plays only holes holding at most this many counters.
    pub at_most: i64,
    /// It ends for a player once the others hold this many counters (in their stores and
    /// reserves: his counters taken).
    pub taken: i64,
    /// His first move after it is from one of his fullest holes (those holding the most).
    #[serde(default)]
    pub then_fullest: bool,
    /// Per player (index 0 unused), the game variable `few_seeds_over_N`: 1 once his first move
    /// after the phase has been played (then any hole); declared at load.
    #[serde(skip)]
    pub vars: Vec<usize>,
}

impl FewSeedsFirst {
    /// Checks the declaration and declares its variables with `var(name, start value)`; one
    /// error line naming the key.
    pub fn link(
        &mut self,
        players: usize,
        mut var: impl FnMut(&str, i64) -> usize,
    ) -> Result<(), String> {
        if self.at_most < 1 || self.taken < 1 {
            return Err(format!(
                "pipeline: moves: few_seeds_until_taken: at_most and taken must be at least 1, not {} and {}",
                self.at_most, self.taken
            ));
        }
        self.vars = std::iter::once(usize::MAX)
            .chain((1..=players).map(|pl| var(&format!("few_seeds_over_{pl}"), 0)))
            .collect();
        Ok(())
    }

    /// The step in words (for `sowlab rules NAME`).
    pub fn describe(&self) -> String {
        format!(
            "moves: a player plays only holes holding at most {} counters until {} of his counters have been taken{}",
            self.at_most,
            self.taken,
            if self.then_fullest {
                "; his next move is from one of his fullest holes, then any hole"
            } else {
                ", then any hole"
            }
        )
    }
}
