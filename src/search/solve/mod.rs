//! Searches on top of the scripted rules: solitaire solving (breadth-first, shortest solution,
//! position counts), game values of small two-player positions (negamax with alpha-beta and a
//! transposition table) and perft-style move counts.
//!
//! Every search plays moves through [`Rule::legal`] and [`Rule::apply`] on `Dynamic` boards with
//! tracing off, so it works for any rule file. Positions are stored as compact byte keys (see
//! [`Codec`]): keys of up to 15 bytes (Tchuka Ruma up to 6 holes, small boards) live inline in the
//! table; longer ones on the heap. Every search stops cleanly, with partial statistics, on Ctrl-C
//! ([`crate::engine::script::primitives::INTERRUPTED`]), a node or position limit, or a deadline.

mod boards;
mod entries;
mod explore;
mod keys;
mod layered;
mod limits;
mod line;
mod packed;
mod perft;
mod radix;
mod steps;
mod value;

pub use explore::{explore, Solution};
pub use keys::Codec;
pub use limits::{OnProgress, Progress, SearchLimits, Stats, Stop};
pub use perft::{perft, Perft};
pub use value::{value, Value};
