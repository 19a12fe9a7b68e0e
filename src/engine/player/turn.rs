//! The turn passing, played: a player without a legal move passes (with its counter and
//! penalty) or the game ends.

use crate::engine::board::state::Board;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::trace::event::Event;

use crate::engine::player::end::{no_move, Lister};
use crate::engine::player::hooks::finish;
use crate::engine::player::hooks::HookCall;
use crate::engine::player::material::{is_out, next_of};
use crate::engine::player::notes::note;

/// The pass step: while the player to move has no legal move he passes (his counter + 1; out at
/// `out_at`, the last player left in winning) and the turn goes on. True when the game ended.
/// "No legal move" as the `no_move` end judges it: with `feed_after_captures`, by the moves
/// `list` gives (trial moves: a move that would leave the opponent no seeds is none).
pub(super) fn passes(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    hooks: &mut Vec<HookCall>,
    list: Lister,
) -> bool {
    let Some(pass) = &p.pass else { return false };
    let Some(c) = p.at.pass_counter else {
        return false;
    };
    // (whose turn the move left, kept when every player passes: a level round's starter then
    // reads it; 0 otherwise)
    let handed = b.to_move;
    if let Some(v) = p.at.turn_after_move_var {
        b.vars[v] = 0;
    }
    let mut in_a_row = 0;
    loop {
        let pl = b.to_move;
        if !no_move(b, p, pl, list) {
            return false;
        }
        let n = l.players;
        let pen = b.counter(c, pl) + 1;
        b.counters[c * n + pl - 1] = pen;
        b.emit(|| Event::Pass { player: pl });
        if let Some(v) = p.at.last_start_var {
            // (a pass is the move before the next one: no move started anywhere)
            b.vars[v] = 0;
        }
        note(b, p, &p.notes.penalty, pl, || {
            vec![("penalties", pen.to_string())]
        });
        if p.at.hooks.pass {
            hooks.push(HookCall::Pass(pl));
        }
        if pass.out_at > 0 && pen >= pass.out_at {
            note(b, p, &p.notes.out, pl, || {
                vec![("penalties", pen.to_string())]
            });
            let left: Vec<usize> = (1..=n).filter(|&q| !is_out(b, p, q)).collect();
            if left.len() == 1 {
                let w = left[0];
                note(b, p, &p.notes.last_left, pl, || {
                    vec![("winner", w.to_string())]
                });
                finish(b, p, w, hooks);
                return true;
            }
        }
        in_a_row += 1;
        if pass.out_at <= 0 && in_a_row >= n {
            // Nobody can move and nobody goes out: leave it to the end checks.
            if let Some(v) = p.at.turn_after_move_var {
                b.vars[v] = handed as i64;
            }
            return false;
        }
        let mut q = pl;
        for _ in 0..n {
            q = next_of(l, q);
            if !is_out(b, p, q) {
                break;
            }
        }
        b.to_move = q;
    }
}
