//! sowlab: a sandbox for mancala (sowing) games whose rules are Rhai scripts.
//!
//! The library is the engine under the `sowlab` command: load a rule (by name, from a file or
//! from source text), start a game, play and undo moves, read the public state JSON and the trace
//! of each move, simulate many games between agents, and solve or value positions.
//!
//! ```
//! use std::sync::Arc;
//!
//! // The rules built into the library; `RulePath::new(["my_rules"])` puts a folder before them,
//! // `RulePath::standard(&[])` is the path the `sowlab` command uses.
//! let dir = sowlab::RulePath::builtin();
//! let rule = Arc::new(sowlab::Rule::load("tchuka_ruma", &dir)?);
//! let mut game = sowlab::Game::new(rule.clone(), rule.resolve_options::<&str>(&[])?)?;
//! assert_eq!(game.legal_labels()?, ["1", "2", "3", "4"]);
//! game.tracing = true;
//! game.play_all(&["3", "4", "3", "4", "2", "4"])?;
//! let state = game.state();
//! assert!(state.over);
//! assert_eq!(state.winner, Some(1)); // every seed in the ruma: won
//! assert!(!game.history[0].events.is_empty()); // the trace of the first move
//! assert!(game.undo());
//! assert!(!game.state().over);
//! # Ok::<(), sowlab::Error>(())
//! ```
//!
//! A rule can also come from source text, e.g. one typed into a notebook or a web page (here
//! Tchuka Ruma without relays: a lap ending anywhere but the ruma loses):
//!
//! ```
//! use std::sync::Arc;
//!
//! let src = r#"
//!     fn setup() {
//!         this.players = 1;
//!         this.shape = "row";
//!         this.add_row("", 1, 3, 1);
//!         this.add_store("ruma", 1);
//!         this.sowing(#{ stores: "all", relay: "none" });
//!     }
//!     fn play(pit) {
//!         let last = this.sow(pit);
//!         if !this.is_store(last) { this.end(0) } else if this.seeds_of(1) == 0 { this.end(1) }
//!     }
//! "#;
//! let rule = Arc::new(sowlab::Rule::from_source(src, "inline.rhai".as_ref(), ".".into())?);
//! let game = sowlab::Game::new(rule.clone(), rule.resolve_options::<&str>(&[])?)?;
//! let solution = sowlab::solve(&rule, game.current(), &sowlab::SearchLimits::default(), None)?;
//! // 1-1-1: only hole 3 reaches the ruma; after it every lap ends in a hole.
//! assert_eq!(solution.solvable, Some(false));
//! assert_eq!(solution.positions, 2);
//! # Ok::<(), sowlab::Error>(())
//! ```
//!
//! The layers, from the bottom: `engine` (board, sowing, trace, script bindings, rules, game),
//! `search` (solver, perft, agents), `experiment` (simulate, compare, sweep, diff, statistics),
//! `check` (check scripts) and `render` (pictures); above them, behind the default `cli`
//! feature, the command line ([`cli`]) and the REPL of `sowlab play` ([`repl`]). The items
//! re-exported here are the library's API; the modules themselves are the program's internals
//! (public for the command layer, the benches and the tests, hidden from the documentation,
//! without a stability promise).

#![warn(missing_docs)]

#[doc(hidden)]
pub mod check;
#[cfg(feature = "cli")]
pub mod cli;
#[doc(hidden)]
pub mod engine;
pub mod error;
#[doc(hidden)]
pub mod experiment;
#[doc(hidden)]
pub mod render;
#[cfg(feature = "cli")]
pub mod repl;
#[doc(hidden)]
pub mod search;
#[cfg(feature = "cli")]
pub mod web;

pub use engine::board::{Board, StateJson};
pub use engine::game::{split_moves, Game, Ply, Position};
pub use engine::library::RulePath;
pub use engine::rules::{names as rule_names, OptValue, Options, Rule};
pub use engine::trace::Event;
pub use error::{Error, Result};
pub use experiment::{simulate, SimConfig, SimReport};
pub use search::agent::Agent;
pub use search::solve::{explore as solve, perft, value, Perft, SearchLimits, Solution, Value};
pub use search::tablebase::Tablebase;
pub use search::twoplayer::{solve_exact, Exact};

// Engine items the searches above the engine use, named here so that they do not depend on the
// engine's internal module paths.
#[doc(hidden)]
pub use engine::limits::solve_mb;
#[doc(hidden)]
pub use engine::pipeline::{Cond as EndWhen, Outcome as EndThen};
#[doc(hidden)]
pub use engine::rules::board as board_of;
#[doc(hidden)]
pub use engine::script::INTERRUPTED;
