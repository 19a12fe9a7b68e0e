//! Searching positions: [`solve`] (solitaire solutions, two-player values, perft), [`agent`]
//! (computer players: random, greedy, alpha-beta, MCTS) and [`advice`] (a solitaire's next move
//! from the solver), [`twoplayer`] (exact values and margins of two-player games: MTD(f) with a
//! transposition table) and [`tablebase`] (every position with few seeds in play, by retrograde
//! analysis). Built on the engine only.

pub mod advice;
pub mod agent;
pub mod memory;
pub mod position;
pub mod solve;
pub mod tablebase;
pub mod twoplayer;
