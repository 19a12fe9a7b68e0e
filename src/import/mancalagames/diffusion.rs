//! MancalaGames' classes Diffusion and DiffusionV2 as sowlab declarations: a move diffuses its
//! hole's seeds, one to each neighbour anticlockwise round it (`moves.diffuse`), a neighbour off
//! the board or holding five seeds sending its seed off the board, into South's store (where
//! MancalaGames keeps them: that store only counts the seeds out of play). Either player moves
//! from any hole (`no_sides`), and the goal is to clear one's own holes: DiffusionV2's are the
//! player's row; Diffusion's a half of the board (east and west: `board.owners: halves`).

use super::read::Params;
use super::refusal::{refuse, word, Refusal};

/// The `board:` keys, or why the game cannot be translated.
pub(super) fn board(p: &Params) -> Result<String, Refusal> {
    if p.holes % 2 == 1 || !p.flag("no_sides") || word(p, "goal") != "CLEAR" {
        return Err(refuse(
            "game_class",
            &p.class,
            "without an even number of holes, no_sides and goal=CLEAR (which MancalaGames requires) not translated",
        ));
    }
    if p.class == "Diffusion" {
        return Ok("  # game_class=Diffusion: each player's holes are a half of the board (South's the right half, of both rows)\n  owners: halves\n".into());
    }
    Ok(String::new())
}

/// The `moves:` keys.
pub(super) fn moves(p: &Params) -> String {
    let out = if p.flag("stores") {
        ", out_to: store S"
    } else {
        ""
    };
    format!("    diffuse: {{ full: 5{out} }}   # game_class={}: a move's seeds go one to each neighbour round its hole; off the board, or to a hole of five, a seed leaves the board (MancalaGames keeps them in South's store)\n", p.class)
}
