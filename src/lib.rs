//! sowlab: a sandbox for mancala (sowing) games whose rules are Rhai scripts.
//!
//! The Rust core holds positions ([`board`]), sows natively ([`sow`]), records what happens
//! ([`trace`]) and exposes all of it to rule scripts ([`script`]); [`rules`] loads and calls the
//! scripts, [`game`] keeps a game with its history, [`render`] draws boards and [`cli`] is the
//! command line.

pub mod board;
pub mod check;
pub mod cli;
pub mod error;
pub mod game;
pub mod render;
pub mod rules;
pub mod script;
pub mod solve;
pub mod sow;
pub mod trace;

pub use error::{Error, Result};
