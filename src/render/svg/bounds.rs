//! How much one picture draws: a board of a hundred thousand pits, or a move of a million seeds,
//! would be a picture of hundreds of MB built whole. Every caller that draws for someone else (the
//! playground, Python's pictures) asks first and refuses, in one line, what is past these bounds.

use crate::Board;

/// The most pits (holes and stores) one picture draws (a few hundred bytes of SVG each).
pub const MAX_PICTURE_PITS: usize = 4_096;

/// The most sowing events one picture of a move draws (about 150 bytes of SVG each).
pub const MAX_PICTURE_EVENTS: usize = 20_000;

/// `Err` (what is past the bound, in words) when a picture of `b` would draw more pits than
/// [`MAX_PICTURE_PITS`].
pub fn check_pits(b: &Board) -> Result<(), String> {
    let n = b.layout.pits.len();
    if n > MAX_PICTURE_PITS {
        return Err(format!(
            "the board has {n} pits, more than one picture draws ({MAX_PICTURE_PITS})"
        ));
    }
    Ok(())
}
