//! The engine: positions and their layout ([`board`]), native sowing ([`sow`]), the declared move
//! of a rule ([`pipeline`]) and its native player ([`declared`]), the record of
//! what a move did ([`trace`]), the sandboxed Rhai engine and the primitives it gives rule
//! scripts ([`script`]), where rules come from ([`library`]: folders and the built-in rules), rule
//! files loaded once and called ([`rules`]), a game with its history ([`game`]), the seeded random
//! numbers every experiment uses ([`rng`]), the YAML of presets and saves ([`yaml`]), and script
//! values to and from serde ([`values`]). Nothing here knows about terminals, command lines or
//! files other than rule files.

pub mod board;
pub mod content_hash;
pub mod data_rule;
pub mod declared;
mod declared_rounds;
pub mod files;
pub mod game;
pub mod library;
pub mod limits;
pub mod pipeline;
mod quiet_sow;
pub mod replay;
pub mod rng;
pub mod rules;
pub mod script;
pub mod sow;
pub mod trace;
pub mod values;
pub mod yaml;
