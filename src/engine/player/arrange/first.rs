//! The game's first player's arrangement before play (`arrange.by: first_player`): his row as
//! he began it, kept to see at his pass whether he changed it (then the arrangement was his
//! turn) or declined, and the block a decline brings with `declined_blocks` (nothing captured,
//! no child made) until a move captures or makes a child.

use crate::engine::board::state::Board;
use crate::engine::declare::arrange::Arrange;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::trace::event::Event;

/// Keeps the first player's row as he begins (once: the game variables `arrange_row_N`).
pub(super) fn keep_row(b: &mut Board, l: &Compiled, a: &Arrange, pl: usize) {
    if a.first_vars.0.first().is_some_and(|&r| b.vars[r] < 0) {
        for (q, &v) in row_holes(l, pl).zip(&a.first_vars.0) {
            b.vars[v] = b.seeds[q];
        }
    }
}

/// The holes of player `pl`'s row, from his left.
fn row_holes(l: &Compiled, pl: usize) -> impl Iterator<Item = usize> + '_ {
    l.row_of(pl)
        .into_iter()
        .flat_map(|r| r.pits.iter().copied())
}

/// The end of the first player's arrangement (`by: first_player`): a row changed from what it
/// was hands the turn over; a row as it was keeps it, and with `declined_blocks` blocks him.
pub(super) fn ends(b: &mut Board, l: &Compiled, a: &Arrange, pl: usize) {
    let changed = row_holes(l, pl)
        .zip(&a.first_vars.0)
        .any(|(q, &v)| b.seeds[q] != b.vars[v]);
    if changed {
        b.to_move = 3 - pl;
        return;
    }
    if let Some(v) = a.first_vars.1 {
        b.vars[v] = pl as i64;
        b.emit(|| Event::Note {
            kind: "blocked".into(),
            text: format!(
                "player {pl} left his row as it was: he captures nothing and makes no child until a move captures or makes one"
            ),
        });
    }
}

/// After a move by `mover` that took seeds (`took`) or made a child (`made`): a player blocked
/// by `arrange.declined_blocks` is blocked no longer.
#[cold]
pub(in crate::engine::player) fn lift_block(b: &mut Board, p: &Pipeline, took: bool, made: bool) {
    let Some(v) = p.blocked_var().filter(|&v| b.vars[v] != 0) else {
        return;
    };
    if took || made {
        b.vars[v] = 0;
        b.emit(|| Event::Note {
            kind: "unblocked".into(),
            text: "a move captured or made a child: captures and children are allowed again".into(),
        });
    }
}
