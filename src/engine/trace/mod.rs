//! The trace of a move: the events (pick-ups, drops, lap ends, captures, passes, notes) a move
//! records when tracing is on, named in the geometry's words. Replaying an event on a board is
//! the board layer's business ([`crate::engine::board`]).

pub mod event;
