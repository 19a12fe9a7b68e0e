//! The holes of the loser's row a round's winner owns, chosen (`territory.choose_owned:
//! winner`): at a round's end the winner, owning more holes than his own row, chooses which of
//! the loser's holes are his, one hole a move, before the round's first move. While the choice
//! is pending (the game variable `own_choices`, the holes he has still to choose) the loser's
//! row is all the loser's and the winner's moves are its holes, each written by the hole's own
//! label (`N3`): the move makes it the winner's for the round. With the last one the round's
//! starter moves.

use crate::engine::board::state::Board;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::{ChooseOwned, Pipeline};

/// The holes still to be chosen, when a choice is pending.
#[inline]
pub fn pending(b: &Board, p: &Pipeline) -> Option<usize> {
    let v = p.at.own_choice_var?;
    (b.vars[v] > 0).then_some(b.vars[v] as usize)
}

/// The other player of two.
fn other(pl: usize) -> usize {
    if pl == 1 {
        2
    } else {
        1
    }
}

/// The holes the chooser may choose: the other player's row's holes that are still his.
pub fn legal_into(b: &Board, p: &Pipeline, player: usize, out: &mut Vec<usize>) {
    let o = other(player);
    if let Some(holes) = p.at.holes_of.get(o) {
        out.extend(
            holes
                .iter()
                .copied()
                .filter(|&h| b.owners.get(h).is_some_and(|&w| w as usize == o)),
        );
    }
}

/// Makes hole `pit` of the other player's row the player to move's for the round; with the last
/// hole chosen, gives the move to the round's starter.
pub fn play(b: &mut Board, l: &Compiled, p: &Pipeline, pit: usize) -> Result<(), String> {
    let Some(v) = p.at.own_choice_var else {
        return Err("no choice of owned holes is declared".into());
    };
    let pl = b.to_move;
    let o = other(pl);
    let theirs = p.at.holes_of.get(o).is_some_and(|h| h.contains(&pit))
        && b.owners.get(pit).is_some_and(|&w| w as usize == o);
    if !theirs {
        return Err(format!(
            "hole {} is not one of player {o}'s holes still his to choose",
            l.pits.get(pit).map_or("?", |q| q.name.as_str())
        ));
    }
    b.owners[pit] = pl as u8;
    b.last.pit = pit;
    b.vars[v] -= 1;
    if b.vars[v] == 0 {
        if let Some(s) = p.at.round_starter_var {
            b.to_move = b.vars[s] as usize;
        }
    }
    Ok(())
}

/// Sets up the choice at a round's end won by `winner`, who owns `won` holes: when he owns more
/// than his row and less than the board, the loser's row is all the loser's again and the
/// winner has `won` less his row's holes to choose in it. The chooser, if any.
pub(in crate::engine::player) fn begin(
    b: &mut Board,
    p: &Pipeline,
    winner: usize,
    won: usize,
) -> Option<usize> {
    let t = p.territory.as_ref()?;
    let v = p.at.own_choice_var?;
    if t.choose_owned == ChooseOwned::Nobody {
        return None;
    }
    let (mine, theirs) = (
        p.at.holes_of.get(winner)?,
        p.at.holes_of.get(other(winner))?,
    );
    if won <= mine.len() || won - mine.len() >= theirs.len() {
        return None;
    }
    for &h in theirs {
        b.owners[h] = other(winner) as u8;
    }
    b.vars[v] = (won - mine.len()) as i64;
    Some(winner)
}
