//! The native player of a declared move: the legal holes, and a whole move (sowing, captures,
//! extra turn, the turn passing, the end checks, the sweep, the rounds) played from the
//! declaration, with the same trace events and notes a rule script would record.

pub mod arrange;
pub mod capture;
pub mod children;
pub(crate) mod choices;
pub mod diffuse;
pub mod directions;
pub mod end;
pub(crate) mod feed_lap;
pub mod few_seeds_first;
pub mod from_store;
pub mod hooks;
pub mod legal;
pub(crate) mod legal_rightmost;
pub mod loops;
pub mod material;
pub mod notes;
pub mod opening;
pub mod place;
pub mod play;
pub mod repetition;
pub mod rounds;
pub mod share;
pub mod start_checks;
pub mod stop_in;
pub mod turn;
