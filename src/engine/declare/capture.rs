//! Captures after the sowing, as declared (`capture:`): the hole facing the last one, the chain
//! of holes with the given counts, what a grand slam does.

use serde::Deserialize;

/// Captures made when the move's sowing has ended.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Capture {
    /// The last seed in one of the mover's own holes that was empty: take the hole opposite and
    /// the last seed.
    pub opposite: Option<Opposite>,
    /// A chain backwards from the last pit over the opponent's holes holding given counts.
    pub chain: Option<Chain>,
}

/// Kalah's capture of the hole opposite.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Opposite {
    /// Capture the last seed even when the hole opposite is empty (the "empty capture" rule).
    pub when_opposite_empty: bool,
}

/// Oware's chain of captures.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Chain {
    /// The counts that are captured (e.g. `[2, 3]`), checked after the last seed fell.
    pub counts: Vec<i64>,
    /// What a move that would take every seed of the opponent does.
    #[serde(default)]
    pub grand_slam: GrandSlam,
    /// The reason its captures show in the trace ("2 or 3"), made when setup ends.
    #[serde(skip)]
    pub why: String,
}

/// Readings of a grand slam (a chain that would take all the opponent's seeds).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum GrandSlam {
    /// The move is played and captures nothing (Oware abapa).
    #[default]
    Nothing,
    /// The move captures them all.
    All,
    /// The move may not be played, unless every legal move is one (then it is played and
    /// captures nothing).
    Illegal,
}

/// "2 or 3" for counts `[2, 3]`.
pub fn chain_why(counts: &[i64]) -> String {
    let v: Vec<String> = counts.iter().map(|n| n.to_string()).collect();
    match v.len() {
        0 => String::new(),
        1 => v[0].clone(),
        k => format!("{} or {}", v[..k - 1].join(", "), v[k - 1]),
    }
}
