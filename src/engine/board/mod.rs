//! Board state: one position on a compiled rule: seeds in each pit, closed holes, reserves,
//! counters and variables, whose turn it is, whether the game is over, the trace being recorded,
//! its transposition key and its public state JSON. Cloning a board clones only the state.

pub mod events;
pub mod state;
