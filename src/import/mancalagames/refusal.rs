//! Why a game cannot be translated, and the parameter words the translation reads.

use super::params;
use super::read::Params;

/// Why a game cannot be translated: the parameter and its value, and what sowlab lacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// The parameter (`sow_rule`, `game_class`).
    pub key: String,
    /// Its value, in MancalaGames' words.
    pub value: String,
    /// What is missing.
    pub why: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}={}: {}", self.key, self.value, self.why)
    }
}

pub(super) fn refuse(key: &str, value: impl ToString, why: &str) -> Refusal {
    Refusal {
        key: key.to_string(),
        value: value.to_string(),
        why: why.to_string(),
    }
}

/// A parameter's value in MancalaGames' words (an enumeration's name, else the number).
pub(super) fn word(p: &Params, key: &str) -> String {
    params::find(key).map_or_else(String::new, |x| x.word(p.int(key)))
}
