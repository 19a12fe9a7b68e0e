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

/// `pass`: a map, or `true` (the map `{}`) / `false` (no passing), so that an option can turn
/// passing on or off.
pub(crate) fn pass_or_flag<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<Pass>, D::Error> {
    struct Flag;
    impl<'de> serde::de::Visitor<'de> for Flag {
        type Value = Option<Pass>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map (`counter`, `out_at`), true or false")
        }
        fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Self::Value, E> {
            Ok(v.then(|| Pass {
                counter: penalties(),
                out_at: 0,
            }))
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, m: A) -> Result<Self::Value, A::Error> {
            Pass::deserialize(serde::de::value::MapAccessDeserializer::new(m)).map(Some)
        }
    }
    d.deserialize_any(Flag)
}
