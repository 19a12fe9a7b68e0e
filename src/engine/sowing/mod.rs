//! Sowing: a whole sowing move of laps with relay, skipped pits and captures by count, natively:
//! the general traced loop ([`sow`]) and the tighter quiet loop that searches and playouts take
//! when nothing is traced ([`quiet`]); seeds given to and taken from reserves.

pub(crate) mod quiet;
pub mod sow;
