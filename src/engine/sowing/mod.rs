//! Sowing: a whole sowing move of laps with relay, skipped pits and captures by count, natively:
//! the general traced loop ([`sow`]) and the tighter quiet loop that searches and playouts take
//! when nothing is traced ([`quiet`]), one step to the next pit ([`step`]), seeds given to stores
//! and reserves and taken in captures ([`seeds`]).

pub(crate) mod across;
pub(crate) mod first_lap;
pub(crate) mod lap_counts;
pub(crate) mod quiet;
pub mod seeds;
pub(crate) mod skipped_origin;
pub mod sow;
pub mod step;
pub(crate) mod stepped;
