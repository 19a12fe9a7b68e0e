//! The script host: the sandboxed Rhai engine (limits, the module resolver, the clock of a call)
//! and the board primitives a rule script calls on `this`. A rule script can compute a game and
//! nothing else: it cannot read files, run programs or reach the network.

pub mod api;
mod api_circuits;
mod api_counters;
mod api_creating;
mod api_layout;
mod api_moving;
mod api_position;
mod api_sowing;
pub mod args;
pub mod primitives;
pub mod sandbox;
