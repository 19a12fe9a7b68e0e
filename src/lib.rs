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
//! A rule written as data alone (YAML, no Rhai: the board, the sowing and the declared move),
//! here Kalah with two houses a side and one seed in each:
//!
//! ```
//! use std::sync::Arc;
//!
//! let yaml = r#"
//! name: Tiny Kalah
//! players: 2
//! description: "Kalah with two houses a side and one seed in each."
//! board:
//!   players: 2
//!   shape: two_rows
//!   pits:
//!     - { row: S, owner: 1, holes: 2, seeds: 1 }
//!     - { store: kalah S, owner: 1 }
//!     - { row: N, owner: 2, holes: 2, seeds: 1 }
//!     - { store: kalah N, owner: 2 }
//! sowing:
//!   stores: own
//! pipeline:
//!   extra_turn: store
//!   end:
//!     - { when: side_empty, sweep: owners, then: most_seeds }
//! "#;
//! let rule = Arc::new(sowlab::Rule::data_from_text(yaml.into(), "tiny.yaml".as_ref())?);
//! assert!(rule.plays_natively()); // every move is played by the core, no script call
//! let mut game = sowlab::Game::new(rule.clone(), rule.resolve_options::<&str>(&[])?)?;
//! assert_eq!(game.legal_labels()?, ["1", "2"]);
//! game.play("2")?; // the seed of house 2 falls into South's store: South moves again
//! assert_eq!(game.state().stores, [1, 0]);
//! assert_eq!(game.state().to_move, Some(1));
//! assert!(game.play("9").is_err()); // no house 9: an error, and the game is unchanged
//! assert_eq!(game.moves(), ["2"]);
//! # Ok::<(), sowlab::Error>(())
//! ```
//!
//! Playing, undoing and redoing, with the public state after each step:
//!
//! ```
//! use std::sync::Arc;
//!
//! let rule = Arc::new(sowlab::Rule::load("kalah", &sowlab::RulePath::builtin())?);
//! let mut game = sowlab::Game::new(rule.clone(), rule.resolve_options(&["holes=3", "seeds=2"])?)?;
//! let start = game.state();
//! assert_eq!(start.pits, [2, 2, 2, 2, 2, 2]);
//! game.play_all(&["1", "3"])?;
//! let after = game.state();
//! assert_ne!(after.pits, start.pits);
//! assert!(game.undo() && game.undo());
//! assert_eq!(game.state().pits, start.pits);
//! assert!(!game.undo()); // nothing left to undo
//! assert!(game.redo() && game.redo());
//! assert_eq!(game.state().pits, after.pits);
//! assert_eq!(game.moves(), ["1", "3"]);
//! # Ok::<(), sowlab::Error>(())
//! ```
//!
//! Simulating many games between agents (the same seed gives the same report, whatever the
//! number of threads), and counting moves with perft:
//!
//! ```
//! let rule = sowlab::Rule::load("kalah", &sowlab::RulePath::builtin())?;
//! let options = rule.resolve_options::<&str>(&[])?;
//! let cfg = sowlab::SimConfig { games: 40, seed: 7, ..sowlab::SimConfig::default() };
//! let one = sowlab::simulate(&rule, &options, &cfg)?;
//! let two = sowlab::simulate(&rule, &options, &sowlab::SimConfig { jobs: 2, ..cfg })?;
//! assert_eq!(one.finished, 40);
//! assert_eq!(one.total_moves, two.total_moves);
//! assert_eq!(one.players[0].wins.count, two.players[0].wins.count);
//!
//! let start = rule.new_board(&options)?;
//! let counts = sowlab::perft(&rule, &start, 2, &sowlab::SearchLimits::default(), None)?;
//! assert_eq!(counts.counts[..2], [1, 6]); // the start, then six houses to start from
//! # Ok::<(), sowlab::Error>(())
//! ```
//!
//! The layers, from the bottom (each imports only those below it; `tests/layers.rs` checks it,
//! and `docs/ARCHITECTURE.md` walks a move through them): [`text`] and [`error`]; `engine`, itself
//! in layers (base, geometry, trace events, the declared vocabulary, board state, sowing, the
//! native player, the script host, rules, games); `search` (solver, perft, agents); `render`
//! (pictures, rules in words); `experiment` (simulate, compare, sweep, diff, statistics); `check`
//! (check scripts); above them, behind the default `cli` feature, the command line ([`cli`]), the
//! REPL of `sowlab play` ([`repl`]) and the web playground ([`web`]). The items re-exported here
//! are the library's API; the modules themselves are the program's internals (public for the
//! command layer, the benches and the tests, hidden from the documentation, without a stability
//! promise).

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
pub mod import;
#[doc(hidden)]
pub mod render;
#[cfg(feature = "cli")]
pub mod repl;
#[doc(hidden)]
pub mod search;
pub mod text;
#[cfg(feature = "cli")]
pub mod web;

pub use engine::base::rng::{game_seed, Rng};
pub use engine::base::source::Source as RuleSource;
pub use engine::base::yaml;
pub use engine::board::state::{Board, SowEnd, StateJson};
pub use engine::declare::compiled::Compiled;
pub use engine::game::game::{split_moves, Game, Ply, Position};
pub use engine::geometry::layout::{Layout, Pit, PitKind, Row, Shape, NO_PIT};
pub use engine::rule::library::{Kind as RuleKind, RulePath};
pub use engine::rule::rules::{
    board, board_mut, names as rule_names, OptValue, Options, Preset, Rule,
};
pub use engine::trace::event::Event;
pub use error::{Error, Result};
pub use experiment::{simulate, SimConfig, SimReport};
pub use search::agent::Agent;
pub use search::solve::{
    explore as solve, perft, value, Perft, SearchLimits, Solution, Stats, Stop, Value,
};

/// The clock and limits of a call, for tests and tools that drive native work directly.
#[doc(hidden)]
pub use engine::script::primitives::{
    charge, check_now, start_call, start_move, work_done, MAX_ROW_HOLES, MAX_SEEDS,
    RULE_OPERATIONS, RULE_WORK,
};
pub use search::tablebase::Tablebase;
pub use search::twoplayer::{solve_exact, solve_exact_threads, Exact};

// Engine items the searches above the engine use, named here so that they do not depend on the
// engine's internal module paths.
#[doc(hidden)]
pub use engine::base::budget::Budget;
#[doc(hidden)]
pub use engine::base::clock::INTERRUPTED;
pub use engine::base::limits::solve_mb;
#[doc(hidden)]
pub use engine::declare::end::{Cond as EndWhen, Outcome as EndThen};
#[doc(hidden)]
pub use engine::rule::rules::board as board_of;
