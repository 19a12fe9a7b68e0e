//! Hole numbers a rule declares (`reverse_holes: [1, 2]`, `children.own_holes`, `opening.holes`,
//! ...): holes numbered from their owner's left, 1-based. One check for every key that names
//! them, so that every key refuses the holes the board does not have, with the same one-line
//! error naming the key, the number and the allowed range.

use super::layout::Layout;

/// The highest hole number of the board (the longest row's holes; 0 without holes).
pub fn most(l: &Layout) -> i64 {
    l.holes.iter().map(|&h| l.pits[h].pos).max().unwrap_or(0) as i64
}

/// Checks the hole numbers `holes` that `key` names (e.g. `sowing: reverse_holes`) against
/// `1..=most`: the one-line error naming the key, the first number out of range and the range.
pub fn check(key: &str, holes: &[i64], most: i64) -> Result<(), String> {
    match holes.iter().find(|&&h| h < 1 || h > most) {
        None => Ok(()),
        Some(h) if most < 1 => Err(format!("{key}: no hole {h} (the board has no holes)")),
        Some(h) => Err(format!(
            "{key}: no hole {h} (holes are numbered 1 to {most}, from their owner's left)"
        )),
    }
}
