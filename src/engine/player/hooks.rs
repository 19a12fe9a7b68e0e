//! The hooks a declared move asks its rule script to run (`on_pass`, `on_round_end`,
//! `on_game_end`), returned to the rule layer, which holds the script; and the end of a game,
//! which asks for `on_game_end`.

use crate::engine::board::state::Board;
use crate::engine::declare::pipeline::Pipeline;

/// A hook the core calls after a declared move, for an event that happened during it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookCall {
    /// `on_pass(player)`: the player passed.
    Pass(usize),
    /// `on_round_end(round)`: the round ended (before the next one was set up).
    RoundEnd(i64),
    /// `on_game_end()`: the game ended.
    GameEnd,
}

pub(super) fn finish(b: &mut Board, p: &Pipeline, winner: usize, hooks: &mut Vec<HookCall>) {
    b.winner = winner;
    b.over = true;
    if p.at.hooks.game_end {
        hooks.push(HookCall::GameEnd);
    }
}
