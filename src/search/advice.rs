//! Advice for a solitaire: the first move of a shortest win from a position, found by the solver,
//! so that `hint` and `ai` never step from a winnable position into a lost one.

use std::time::{Duration, Instant};

use rhai::Dynamic;

use crate::engine::rule::rules::{board, Rule};
use crate::error::Result;
use crate::search::solve::{explore, SearchLimits, Stop};

/// What a front end says when [`Advice::NoWin`] (each adds its own way back).
pub const NO_WIN: &str = "no win from here";

/// How long the advice may search by default.
pub const ADVICE_TIME: Duration = Duration::from_secs(5);

/// What the solver says about a solitaire position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// A win is reachable: play `pit` (labelled `label`), the first of `moves_left` moves.
    Win {
        /// The move's pit id.
        pit: usize,
        /// The move's label.
        label: String,
        /// Moves of the shortest win from here, this one included.
        moves_left: usize,
    },
    /// The game is already won.
    Won,
    /// No move sequence wins from here (the search was complete).
    NoWin,
    /// The search stopped before knowing (time, size or Ctrl-C).
    Unknown(Stop),
}

/// The solver's advice for a solitaire position, searching at most `time`.
pub fn solitaire_advice(rule: &Rule, position: &Dynamic, time: Duration) -> Result<Advice> {
    {
        let b = board(position);
        if b.over {
            return Ok(if b.winner != 0 {
                Advice::Won
            } else {
                Advice::NoWin
            });
        }
    }
    let limits = SearchLimits {
        deadline: Some(Instant::now() + time),
        first_solution: true,
        ..SearchLimits::default()
    };
    let s = explore(rule, position, &limits, None)?;
    Ok(
        match (s.solvable, s.solution_pits.first(), s.stats.stopped) {
            (Some(true), Some(&pit), _) => Advice::Win {
                pit,
                label: s.solution[0].clone(),
                moves_left: s.solution.len(),
            },
            (Some(true), None, _) => Advice::Won,
            (Some(false), _, _) => Advice::NoWin,
            (_, _, stop) => Advice::Unknown(stop.unwrap_or(Stop::Deadline)),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::game::Game;
    use crate::engine::rule::library::RulePath;
    use std::sync::Arc;

    /// The wall clock is only a backstop here: these searches end by themselves, in milliseconds,
    /// so their answers never depend on the machine's speed.
    const BACKSTOP: Duration = Duration::from_secs(3600);

    fn tchuka(seeds: u32) -> Game {
        let r = Arc::new(Rule::load("tchuka_ruma", RulePath::builtin()).unwrap());
        let o = r.resolve_options(&[format!("seeds={seeds}")]).unwrap();
        Game::new(r, o).unwrap()
    }

    #[test]
    fn following_the_advice_wins_a_winnable_solitaire_in_the_fewest_moves() {
        // 7-7-7-7 is solvable in 11 moves.
        let mut g = tchuka(7);
        let mut played = 0;
        loop {
            match solitaire_advice(&g.rule, g.current(), BACKSTOP).unwrap() {
                Advice::Win {
                    label, moves_left, ..
                } => {
                    assert_eq!(moves_left, 11 - played, "a shortest win from each position");
                    g.play(&label).unwrap();
                    played += 1;
                }
                Advice::Won => break,
                other => panic!("after {played} moves: {other:?}"),
            }
        }
        assert_eq!(played, 11);
        assert_eq!(g.state().winner, Some(1));
    }

    #[test]
    fn a_lost_start_has_no_win() {
        // 3-3-3-3 cannot be won.
        let g = tchuka(3);
        assert_eq!(
            solitaire_advice(&g.rule, g.current(), BACKSTOP).unwrap(),
            Advice::NoWin
        );
    }
}
