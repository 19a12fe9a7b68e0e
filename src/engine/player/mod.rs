//! The native player of a declared move: the legal holes, and a whole move (sowing, captures,
//! extra turn, the turn passing, the end checks, the sweep, the rounds) played from the
//! declaration, with the same trace events and notes a rule script would record.

pub mod capture;
pub mod capture_along;
pub mod capture_more;
pub mod children;
pub mod diffuse;
pub mod directions;
pub mod end;
pub(crate) mod feed_lap;
pub mod fill_choice;
pub mod hooks;
pub(crate) mod lap_capture;
pub mod legal;
pub(crate) mod legal_rightmost;
pub mod material;
pub mod notes;
pub mod opening;
pub mod own_choice;
pub mod play;
pub mod rounds;
pub mod rounds_by_seeds;
pub mod rounds_layout;
pub mod rounds_tally;
pub mod share;
pub mod territory;
pub mod turn;
