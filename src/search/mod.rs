//! Searching positions: [`solve`] (solitaire solutions, two-player values, perft), [`agent`]
//! (computer players: random, greedy, alpha-beta, MCTS) and [`advice`] (a solitaire's next move
//! from the solver). Built on the engine only.

pub mod advice;
pub mod agent;
pub mod position;
pub mod solve;
