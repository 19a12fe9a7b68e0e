//! Experiments with rule variants: many games between agents ([`sim`]: simulate, compare,
//! sweep, diff) and the statistics that summarise them ([`stats`]). Built on the engine and the
//! agents of [`crate::search`]; it prints nothing: reports are values the command layer formats.

pub mod sim;
pub mod stats;
