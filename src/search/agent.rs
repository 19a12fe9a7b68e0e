//! Computer players ("agents"), usable from the command line, the REPL and check scripts.
//!
//! Agents are named by spec strings: `random`, `greedy`, `alphabeta[:DEPTH]` (default depth 3),
//! `mcts[:ITERATIONS]` (default 200). Every agent is deterministic given the random generator it
//! is handed; all of them break ties between equally good moves at random, so two games between
//! the same agents can differ. Agents work on clones of the board with tracing off: the position
//! passed in is never changed.
//!
//! **Evaluation** (greedy and alphabeta): a finished game is worth ±[`WIN`] to a player (a draw 0;
//! a solitaire ending without winner is a loss), shifted by the number of moves it took so that
//! quicker wins and slower losses are preferred. An unfinished position is worth the rule script's
//! `evaluate(player)` when it defines one, otherwise the player's *material* minus the best
//! material among the other players, where material is the seeds in the stores the player owns
//! plus the player's reserve (in a solitaire, just the player's material).

use std::fmt;
use std::sync::atomic::Ordering;

use rhai::Dynamic;

use crate::engine::base::rng::Rng;
use crate::engine::board::state::Board;
use crate::engine::rule::rules::{board, board_mut, Rule};
use crate::engine::script::primitives::INTERRUPTED;
use crate::error::{Error, Result};

/// The value of a won game (a lost one is `-WIN`), before the adjustment for its length.
pub const WIN: i64 = 1_000_000_000;

/// Moves a random playout of `mcts` may make before it is scored by material.
pub const PLAYOUT_CAP: u64 = 1_000;

/// The exploration constant of UCT (√2).
pub const UCT_C: f64 = std::f64::consts::SQRT_2;

/// A computer player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agent {
    /// A uniformly random legal move.
    Random,
    /// The move with the best evaluation right after it (one move of look-ahead).
    Greedy,
    /// Depth-limited alpha-beta search (paranoid: every other player minimises the mover's value).
    AlphaBeta {
        /// Plies (moves) searched.
        depth: u32,
    },
    /// Monte-Carlo tree search (UCT) with uniformly random playouts.
    Mcts {
        /// Playouts per decision.
        iterations: u32,
    },
}

/// The agents, in words, for help texts and errors.
pub const AGENTS_HELP: &str = "random, greedy, alphabeta[:DEPTH] (1-12, default 3), mcts[:ITERATIONS] (1-1000000, default 200)";

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agent::Random => write!(f, "random"),
            Agent::Greedy => write!(f, "greedy"),
            Agent::AlphaBeta { depth } => write!(f, "alphabeta:{depth}"),
            Agent::Mcts { iterations } => write!(f, "mcts:{iterations}"),
        }
    }
}

impl Agent {
    /// Parses a spec: `random`, `greedy`, `alphabeta:4`, `mcts:500` (a missing number takes the
    /// default).
    pub fn parse(spec: &str) -> Result<Agent> {
        let spec = spec.trim();
        let (name, arg) = match spec.split_once(':') {
            Some((n, a)) => (n.trim(), Some(a.trim())),
            None => (spec, None),
        };
        let bad = || {
            Error::msg(format!(
                "unknown agent `{}` (agents: {AGENTS_HELP})",
                crate::engine::game::game::clip(spec)
            ))
        };
        let num = |lo: u32, hi: u32, default: u32| -> Result<u32> {
            match arg {
                None => Ok(default),
                Some(a) => match a.parse::<u32>() {
                    Ok(n) if (lo..=hi).contains(&n) => Ok(n),
                    _ => Err(Error::msg(format!(
                        "agent `{}`: `{}` must be a number from {lo} to {hi}",
                        crate::engine::game::game::clip(spec),
                        crate::engine::game::game::clip(a)
                    ))),
                },
            }
        };
        match name.to_ascii_lowercase().as_str() {
            "random" if arg.is_none() => Ok(Agent::Random),
            "greedy" if arg.is_none() => Ok(Agent::Greedy),
            "alphabeta" | "ab" => Ok(Agent::AlphaBeta {
                depth: num(1, 12, 3)?,
            }),
            "mcts" => Ok(Agent::Mcts {
                iterations: num(1, 1_000_000, 200)?,
            }),
            _ => Err(bad()),
        }
    }

    /// Parses a comma-separated list of specs (`random,alphabeta:3`).
    pub fn parse_list(specs: &str) -> Result<Vec<Agent>> {
        specs
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(Agent::parse)
            .collect()
    }

    /// Chooses a move (a pit id) for the player to move. Errors when the game is over or the
    /// player has no legal move, and on any rule-script error met while searching.
    pub fn choose(&self, rule: &Rule, position: &Dynamic, rng: &mut Rng) -> Result<usize> {
        let d = untraced(position);
        let legal = rule.legal(&mut d.clone())?;
        self.choose_from(rule, &d, &legal, rng)
    }

    /// Chooses among `legal` (the legal moves of `position`, already computed, not empty).
    pub fn choose_from(
        &self,
        rule: &Rule,
        position: &Dynamic,
        legal: &[usize],
        rng: &mut Rng,
    ) -> Result<usize> {
        {
            let b = board(position);
            if b.over {
                return Err(Error::msg("the game is over: there is no move to choose"));
            }
            if legal.is_empty() {
                return Err(Error::msg(format!(
                    "player {} has no legal move, yet the game is not over",
                    b.to_move
                )));
            }
        }
        if legal.len() == 1 {
            return Ok(legal[0]);
        }
        match *self {
            Agent::Random => Ok(legal[rng.index(legal.len())]),
            Agent::Greedy => alphabeta_root(rule, position, legal, 1, rng),
            Agent::AlphaBeta { depth } => alphabeta_root(rule, position, legal, depth, rng),
            Agent::Mcts { iterations } => mcts(rule, position, legal, iterations, rng),
        }
    }
}

/// A copy of a position with tracing off.
fn untraced(d: &Dynamic) -> Dynamic {
    let mut c = d.clone();
    board_mut(&mut c).trace = None;
    c
}

fn check_interrupt() -> Result<()> {
    if INTERRUPTED.load(Ordering::Relaxed) {
        return Err(Error::msg("interrupted"));
    }
    Ok(())
}

/// Seeds in the stores `player` owns plus the player's reserve.
pub fn material(b: &Board, player: usize) -> i64 {
    let l = &b.layout;
    let stores: i64 = l
        .stores
        .iter()
        .filter(|&&s| l.pits[s].owner == player)
        .map(|&s| b.seeds[s])
        .sum();
    stores + b.reserves.get(player - 1).copied().unwrap_or(0)
}

/// The default evaluation of an unfinished position for `player`: own material minus the best
/// material of the others (own material alone in a solitaire).
pub fn default_eval(b: &Board, player: usize) -> i64 {
    let own = material(b, player);
    let best_other = (1..=b.players())
        .filter(|&q| q != player)
        .map(|q| material(b, q))
        .max();
    own - best_other.unwrap_or(0)
}

/// The value of a finished game for `player`, `ply` moves from the searching position.
fn terminal_value(b: &Board, player: usize, ply: i64) -> i64 {
    if b.winner == player {
        WIN - ply
    } else if b.winner == 0 && b.players() > 1 {
        0
    } else {
        -WIN + ply
    }
}

/// The evaluation of a position for `player` (see the module documentation).
pub fn evaluate(rule: &Rule, d: &Dynamic, player: usize, ply: i64) -> Result<i64> {
    {
        let b = board(d);
        if b.over {
            return Ok(terminal_value(&b, player, ply));
        }
        if !rule.has_evaluate {
            return Ok(default_eval(&b, player));
        }
    }
    let mut c = d.clone();
    let v = rule
        .evaluate(&mut c, player)
        .map_err(|e| e.context("evaluate()"))?
        .unwrap_or(0);
    // Keep script values clear of the win/loss band.
    Ok(v.clamp(-WIN / 2, WIN / 2))
}

fn play_copy(rule: &Rule, d: &Dynamic, pit: usize) -> Result<Dynamic> {
    let mut c = d.clone();
    rule.apply(&mut c, pit)?;
    Ok(c)
}

/// Alpha-beta at the root: moves in random order, the first strictly best kept.
fn alphabeta_root(
    rule: &Rule,
    d: &Dynamic,
    legal: &[usize],
    depth: u32,
    rng: &mut Rng,
) -> Result<usize> {
    let me = board(d).to_move;
    let mut moves = legal.to_vec();
    rng.shuffle(&mut moves);
    let mut best = moves[0];
    let mut alpha = i64::MIN;
    for &m in &moves {
        let c = play_copy(rule, d, m)?;
        let v = alphabeta(rule, &c, depth - 1, alpha, i64::MAX, me, 1)?;
        if v > alpha {
            alpha = v;
            best = m;
        }
    }
    Ok(best)
}

/// Paranoid alpha-beta: `me` maximises, every other player minimises `me`'s value.
fn alphabeta(
    rule: &Rule,
    d: &Dynamic,
    depth: u32,
    mut alpha: i64,
    mut beta: i64,
    me: usize,
    ply: i64,
) -> Result<i64> {
    let (over, mover) = {
        let b = board(d);
        (b.over, b.to_move)
    };
    if over || depth == 0 {
        return evaluate(rule, d, me, ply);
    }
    check_interrupt()?;
    let moves = rule.legal(&mut d.clone())?;
    if moves.is_empty() {
        return evaluate(rule, d, me, ply);
    }
    if mover == me {
        let mut v = i64::MIN;
        for m in moves {
            let c = play_copy(rule, d, m)?;
            v = v.max(alphabeta(rule, &c, depth - 1, alpha, beta, me, ply + 1)?);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        Ok(v)
    } else {
        let mut v = i64::MAX;
        for m in moves {
            let c = play_copy(rule, d, m)?;
            v = v.min(alphabeta(rule, &c, depth - 1, alpha, beta, me, ply + 1)?);
            beta = beta.min(v);
            if alpha >= beta {
                break;
            }
        }
        Ok(v)
    }
}

/// The result of a game (finished or cut) as one reward per player, summing to 1 when some player
/// is rewarded: the winner gets 1; a draw gives every player 1/n; an unfinished game (a playout
/// cut at [`PLAYOUT_CAP`]) gives equal shares to the players with the most material; a solitaire
/// that ends without winner, or is cut, gives 0.
pub fn rewards(b: &Board) -> Vec<f64> {
    let n = b.players();
    let mut r = vec![0.0; n];
    if b.over {
        if b.winner >= 1 {
            r[b.winner - 1] = 1.0;
            return r;
        }
        if n == 1 {
            return r;
        }
        // A draw: equal shares.
        return vec![1.0 / n as f64; n];
    }
    let m: Vec<i64> = (1..=n).map(|p| material(b, p)).collect();
    let top = m.iter().copied().max().unwrap_or(0);
    if n == 1 {
        // An unfinished solitaire playout: no win.
        return r;
    }
    let k = m.iter().filter(|&&x| x == top).count() as f64;
    for (i, &x) in m.iter().enumerate() {
        if x == top {
            r[i] = 1.0 / k;
        }
    }
    r
}

struct Node {
    board: Dynamic,
    to_move: usize,
    untried: Vec<usize>,
    children: Vec<usize>,
    visits: f64,
    reward: Vec<f64>,
}

fn new_node(rule: &Rule, board_d: Dynamic) -> Result<Node> {
    let (over, to_move, n) = {
        let b = board(&board_d);
        (b.over, b.to_move, b.players())
    };
    let untried = if over {
        Vec::new()
    } else {
        rule.legal(&mut board_d.clone())?
    };
    Ok(Node {
        board: board_d,
        to_move,
        untried,
        children: Vec::new(),
        visits: 0.0,
        reward: vec![0.0; n],
    })
}

/// UCT: select by the reward of the player to move at each node, expand one untried move, play
/// out at random (up to [`PLAYOUT_CAP`] moves), back the rewards up. The most visited root move
/// is chosen.
fn mcts(
    rule: &Rule,
    d: &Dynamic,
    legal: &[usize],
    iterations: u32,
    rng: &mut Rng,
) -> Result<usize> {
    let mut root = new_node(rule, d.clone())?;
    root.untried = legal.to_vec();
    let mut nodes = vec![root];
    let mut moves_of: Vec<usize> = vec![usize::MAX];
    for _ in 0..iterations {
        check_interrupt()?;
        let mut path = vec![0usize];
        let mut cur = 0usize;
        // Selection.
        while nodes[cur].untried.is_empty() && !nodes[cur].children.is_empty() {
            let parent = &nodes[cur];
            let who = parent.to_move - 1;
            let ln_n = parent.visits.max(1.0).ln();
            let mut best = parent.children[0];
            let mut best_v = f64::NEG_INFINITY;
            for &c in &parent.children {
                let ch = &nodes[c];
                let v = if ch.visits == 0.0 {
                    f64::INFINITY
                } else {
                    ch.reward[who] / ch.visits + UCT_C * (ln_n / ch.visits).sqrt()
                };
                if v > best_v {
                    best_v = v;
                    best = c;
                }
            }
            cur = best;
            path.push(cur);
        }
        // Expansion.
        if !nodes[cur].untried.is_empty() {
            let i = rng.index(nodes[cur].untried.len());
            let m = nodes[cur].untried.swap_remove(i);
            let child = new_node(rule, play_copy(rule, &nodes[cur].board, m)?)?;
            let id = nodes.len();
            nodes.push(child);
            moves_of.push(m);
            nodes[cur].children.push(id);
            cur = id;
            path.push(cur);
        }
        // Playout.
        let mut p = nodes[cur].board.clone();
        let mut steps = 0;
        loop {
            if board(&p).over || steps >= PLAYOUT_CAP {
                break;
            }
            let moves = rule.legal(&mut p)?;
            if moves.is_empty() {
                let who = board(&p).to_move;
                return Err(Error::msg(format!(
                    "player {who} has no legal move, yet the game is not over"
                )));
            }
            let m = moves[rng.index(moves.len())];
            rule.apply(&mut p, m)?;
            steps += 1;
        }
        let r = rewards(&board(&p));
        // Backpropagation.
        for &n in &path {
            let node = &mut nodes[n];
            node.visits += 1.0;
            for (acc, x) in node.reward.iter_mut().zip(&r) {
                *acc += x;
            }
        }
    }
    let root = &nodes[0];
    let mut best = legal[0];
    let mut most = -1.0;
    for &c in &root.children {
        if nodes[c].visits > most {
            most = nodes[c].visits;
            best = moves_of[c];
        }
    }
    Ok(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_specs() {
        assert_eq!(Agent::parse("random").unwrap(), Agent::Random);
        assert_eq!(Agent::parse(" Greedy ").unwrap(), Agent::Greedy);
        assert_eq!(
            Agent::parse("alphabeta").unwrap(),
            Agent::AlphaBeta { depth: 3 }
        );
        assert_eq!(
            Agent::parse("alphabeta:5").unwrap().to_string(),
            "alphabeta:5"
        );
        assert_eq!(
            Agent::parse("mcts:500").unwrap(),
            Agent::Mcts { iterations: 500 }
        );
        for bad in [
            "",
            "randm",
            "random:3",
            "alphabeta:0",
            "alphabeta:x",
            "mcts:-1",
        ] {
            let e = Agent::parse(bad).unwrap_err().to_string();
            assert!(e.contains("agent"), "{bad}: {e}");
        }
        assert_eq!(
            Agent::parse_list("random, mcts:10").unwrap(),
            vec![Agent::Random, Agent::Mcts { iterations: 10 }]
        );
    }
}
