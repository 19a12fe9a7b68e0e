//! Searching positions: [`solve`] (solitaire solutions, two-player values, perft) and [`agent`]
//! (computer players: random, greedy, alpha-beta, MCTS). Built on the engine only.

pub mod agent;
pub mod solve;
