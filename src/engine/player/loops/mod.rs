//! The turns played round each player's own loop of holes (his two rows on a four-row board),
//! whole turns with their decisions inside: captured seeds sown from an end hole
//! (`end_hole.rs`), laps that may go the other way to capture (`reverse_laps.rs`), and the sowing
//! round a loop both use (`sow.rs`).

pub mod end_hole;
pub mod reverse_laps;
pub(crate) mod sow;
