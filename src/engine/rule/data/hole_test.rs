//! A test of one hole in a data rule (`relay_stops_on`, ...): its YAML keys and words.

use serde::Deserialize;

/// A test of one hole: its count and whose it is (`relay_stops_on`).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HoleTestDecl {
    /// The counts that pass (empty: any).
    pub counts: Vec<i64>,
    /// Only even counts.
    pub even: bool,
    /// Only counts of at least this.
    pub at_least: i64,
    /// Only counts of at most this.
    pub at_most: i64,
    /// Whose holes: `own`, `opponent`, `any` (default).
    pub side: Option<WhoseWord>,
}

impl HoleTestDecl {
    /// The test these keys give.
    pub fn test(&self) -> crate::engine::declare::sowing::HoleTest {
        use crate::engine::declare::sowing::{HoleTest, Whose};
        HoleTest {
            counts: self.counts.clone(),
            even: self.even,
            at_least: self.at_least,
            at_most: self.at_most,
            side: self.side.map_or(Whose::Any, WhoseWord::whose),
        }
    }
}

/// Whose holes, in words.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WhoseWord {
    /// The sower's.
    Own,
    /// The other players'.
    Opponent,
    /// Any hole.
    Any,
}

impl WhoseWord {
    /// The side these words name.
    pub fn whose(self) -> crate::engine::declare::sowing::Whose {
        use crate::engine::declare::sowing::Whose;
        match self {
            WhoseWord::Own => Whose::Own,
            WhoseWord::Opponent => Whose::Opponent,
            WhoseWord::Any => Whose::Any,
        }
    }
}
