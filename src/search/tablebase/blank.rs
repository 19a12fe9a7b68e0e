//! A board with nothing on it: what each position of a layer is written onto (by the builders,
//! and by the check of a value read from a file).

use crate::Board;

/// A board like `template` with nothing on it and nothing decided.
pub fn blank(template: &Board) -> Board {
    let mut t = template.clone();
    t.seeds.iter_mut().for_each(|s| *s = 0);
    t.reserves.iter_mut().for_each(|r| *r = 0);
    t.vars.iter_mut().for_each(|v| *v = 0);
    t.over = false;
    t.winner = 0;
    t.trace = None;
    t
}
