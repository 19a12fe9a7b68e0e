//! sowlab: a sandbox for mancala (sowing) games whose rules are Rhai scripts.
//!
//! The Rust core holds positions ([`board`]), sows natively ([`sow`]), records what happens
//! ([`trace`]) and exposes all of it to rule scripts ([`script`]); [`rules`] loads and calls the
//! scripts, [`game`] keeps a game with its history, [`render`] draws boards and [`cli`] is the
//! command line; [`repl`] is the interactive session of `sowlab play`; [`agent`] (computer
//! players), [`sim`] and [`sim_cmd`] run experiments with variants (simulate, compare, sweep, diff).
//! [`solve`] searches positions (solitaire solutions, two-player values, perft) and [`check`] runs
//! check scripts (`sowlab run`).

#![warn(missing_docs)]

pub mod agent;
pub mod board;
pub mod check;
pub mod cli;
pub mod error;
pub mod game;
pub mod render;
pub mod repl;
pub mod rng;
pub mod rules;
pub mod script;
pub mod sim;
pub mod sim_cmd;
pub mod solve;
pub mod sow;
pub mod stats;
pub mod trace;

pub use error::{Error, Result};
