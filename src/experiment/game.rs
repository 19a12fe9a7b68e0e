//! One game of a simulation: played from a start position by one agent per player until the
//! rules end it or the move cap cuts it, and what it ended with.

use std::sync::atomic::Ordering;
use std::time::Instant;

use rhai::Dynamic;

use crate::engine::base::rng::Rng;
use crate::engine::rule::rules::{board, board_mut, Rule};
use crate::engine::script::primitives::INTERRUPTED;
use crate::error::{Error, Result};
use crate::search::agent::{material, Agent};

/// Most moves listed in an error's replay hint.
const HINT_MOVES: usize = 300;

/// Appends the moves played before a failure, so the game can be replayed (`sowlab replay`).
fn with_replay_hint(
    e: Error,
    layout: &crate::engine::board::state::Layout,
    played: &[usize],
) -> Error {
    let hint = if played.is_empty() {
        " [at the start position]".to_string()
    } else if played.len() <= HINT_MOVES {
        let labels: Vec<String> = played.iter().map(|&p| layout.label(p)).collect();
        format!(
            " [replay the moves before it: --moves \"{}\"]",
            labels.join(" ")
        )
    } else {
        format!(" [after {} moves]", played.len())
    };
    e.map_message(|m| format!("{m}{hint}"))
}

/// How one game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameResult {
    /// Whether the rules ended the game.
    pub over: bool,
    /// The winner (1-based), 0 for none.
    pub winner: usize,
    /// Whether the driver's move cap cut the game.
    pub capped: bool,
    /// Moves played.
    pub moves: u64,
    /// Laps sown: the sum over moves of the last sowing's lap count (`this.laps` after the move;
    /// a move that does not sow adds the previous sowing's count again).
    pub laps: u64,
    /// The value of the rule's `round` variable at the end, if it declares one.
    pub round: Option<i64>,
    /// Each player's material at the end: seeds in owned stores plus reserve.
    pub material: Vec<i64>,
    /// The moves played, in the public notation (kept only when asked).
    pub labels: Vec<String>,
}

/// Plays one game from `start` with one agent per player, until the rules end it or `max_moves`
/// moves have been played.
pub(crate) fn play_game(
    rule: &Rule,
    start: &Dynamic,
    agents: &[Agent],
    rng: &mut Rng,
    max_moves: u64,
    keep_moves: bool,
    deadline: Option<Instant>,
) -> Result<GameResult> {
    let mut d = start.clone();
    board_mut(&mut d).trace = None;
    let layout = board(&d).layout.clone();
    // The pits played, to say how to replay a game that fails.
    let mut played: Vec<usize> = Vec::new();
    // The legal moves, in one buffer for the whole game.
    let mut legal: Vec<usize> = Vec::new();
    let mut laps = 0u64;
    loop {
        // One look at the board for both (listing the legal moves does not change whose turn
        // it is: `Rule::legal` refuses a `moves()` that changes the board).
        let (over, player) = {
            let b = board(&d);
            (b.over, b.to_move)
        };
        if over || played.len() as u64 >= max_moves {
            break;
        }
        if INTERRUPTED.load(Ordering::Relaxed) {
            return Err(Error::msg("interrupted"));
        }
        if played.len().is_multiple_of(16) && deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(Error::msg("time limit exceeded (--timeout)"));
        }
        let fail = |e: Error, pit: Option<usize>| {
            let n = played.len() + 1;
            let e = match pit {
                Some(p) => e.context(format!("move {n} ({})", layout.label(p))),
                None => e.context(format!("move {n}")),
            };
            with_replay_hint(e, &layout, &played)
        };
        rule.legal_into(&mut d, &mut legal)
            .map_err(|e| fail(e, None))?;
        let agent = agents.get(player - 1).copied().unwrap_or(Agent::Random);
        let pit = agent
            .choose_from(rule, &d, &legal, rng)
            .map_err(|e| fail(e, None))?;
        rule.apply(&mut d, pit).map_err(|e| fail(e, Some(pit)))?;
        played.push(pit);
        laps += board(&d).last.laps.max(0) as u64;
    }
    let moves = played.len() as u64;
    let b = board(&d);
    let round = b.layout.var_index("round").map(|i| b.vars[i]);
    Ok(GameResult {
        over: b.over,
        winner: if b.over { b.winner } else { 0 },
        capped: !b.over,
        moves,
        laps,
        round,
        material: (1..=b.players()).map(|p| material(&b, p)).collect(),
        labels: if keep_moves {
            played.iter().map(|&p| layout.label(p)).collect()
        } else {
            Vec::new()
        },
    })
}
