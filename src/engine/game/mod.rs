//! Games: a game in progress with its history, undo and redo ([`game`]), and a game replayed
//! under a reloaded, edited rule ([`replay`]).

#[allow(clippy::module_inception)]
pub mod game;
pub mod replay;
