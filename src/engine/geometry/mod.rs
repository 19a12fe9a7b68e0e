//! Geometry: the fixed shape of a board, built once by a rule's setup: pits (holes and stores)
//! with their owners and names, rows, how the board is drawn, the sowing track and its next and
//! previous pits, move labels. No seeds, no rule: what a position is laid out on.

pub mod halves;
pub mod hole_numbers;
pub mod layout;
pub mod loops;
pub mod three_lines;
pub mod zigzag;
