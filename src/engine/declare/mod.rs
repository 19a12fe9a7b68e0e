//! The declared vocabulary: what a rule says happens on every move, as data the core plays
//! natively: how seeds are sown, which holes are legal, the captures, the turn, what ends a game or
//! a round, the rounds. Each kind of step has its types, its parse (from a rule script's map or a
//! data rule's YAML) and its words for `sowlab rules`. Nothing here plays a move (that is
//! [`crate::engine::player`]).

pub mod arrange;
pub mod capture;
pub mod children;
mod companions;
pub mod compiled;
pub mod diffuse;
pub mod end;
mod end_words;
pub mod few_seeds_first;
pub mod from_store;
pub mod hole_test;
pub mod moves;
pub mod notes;
pub mod opening;
pub(crate) mod opponent_row;
pub mod pipeline;
mod pipeline_errors;
pub mod place;
pub mod rare_steps;
pub mod rounds;
pub mod row_ends_first;
pub mod sow_steps;
pub mod sowing;
mod sowing_words;
pub mod start;
pub mod stop_in;
pub mod turn;
pub mod words;
