//! sowlab: a sandbox for mancala (sowing) games whose rules are Rhai scripts.
//!
//! The layers, from the bottom: [`engine`] (board, sowing, trace, script bindings, rules, game),
//! [`search`] (solver, perft, agents), [`experiment`] (simulate, compare, sweep, diff, statistics),
//! [`check`] (check scripts) and [`render`] (text pictures); above them the command line
//! ([`cli`]) and the interactive session of `sowlab play` ([`repl`]).

#![warn(missing_docs)]

pub mod check;
pub mod cli;
pub mod engine;
pub mod error;
pub mod experiment;
pub mod render;
pub mod repl;
pub mod search;

pub use error::{Error, Result};
