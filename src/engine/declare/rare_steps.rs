//! Which declared steps are the rarer ones: a rule that uses none of them is played by the plain
//! build of the declared move ([`crate::engine::player::play`]), which tests none of them.

use crate::engine::declare::pipeline::{GrandSlam, Pipeline};

impl Pipeline {
    /// Whether a move may use one of the rarer steps: the gift of one seed, waiting or
    /// single-seed captures, a blocked player's, sowing on after a capture, children, captures of the opponent's
    /// store, of the next hole, of counted holes, the store handed to the opponent, or the
    /// variables of the directions, captures before the sowing, of single seeds, of matching
    /// holes, a grand slam that moves again. A move of a rule with none of them (Kalah, Oware) is
    /// played without testing any (`play`'s plain build). Read once, when setup ends (after
    /// `odd_moves`, `move_vars` and `turns_var` are set).
    pub fn uses_rare_steps(&self) -> bool {
        let c = &self.capture;
        self.at.odd_moves
            || self.at.move_vars
            || self.at.turns_var.is_some()
            || self.blocked_var().is_some()
            || self.children.is_some()
            || c.not_by_single_seed
            || c.chosen_holes.is_some()
            || self.stop_in.is_some()
            || c.opposite.as_ref().is_some_and(|o| {
                o.sow_on
                    || o.go_on_along_row
                    || o.grand_slam != GrandSlam::All
                    || o.only_if_opponent_row_changed
            })
            || c.opponent_store
            || c.next_hole.is_some()
            || c.counted_holes.is_some()
            || c.store_to_opponent.is_some()
            || c.opposite_of_singles_first
            || c.single_seed_holes.is_some()
            || c.matching_opposite
            || self.moves.first_move_takes_and_gives
            || c.lap_capture.is_some()
            || self.at.slam_again
            || self
                .capture
                .chain
                .as_ref()
                .is_some_and(|c| c.slam_if_held || c.only_played_from)
    }
}

impl Pipeline {
    /// Whether `mover` may make no child now (the game variable `children_off`: a round without
    /// children, `rounds.no_children_below`; or `blocked_player`, `arrange.declined_blocks`).
    #[inline]
    pub fn children_off(&self, vars: &[i64], mover: usize) -> bool {
        self.at
            .children_off_var
            .is_some_and(|v| vars[v] & (1 << mover) != 0)
            || self.blocked(vars, mover)
    }

    /// Whether `mover` is blocked (`arrange.declined_blocks`): he captures nothing and makes no
    /// child now.
    #[inline]
    pub fn blocked(&self, vars: &[i64], mover: usize) -> bool {
        self.blocked_var().is_some_and(|v| vars[v] == mover as i64)
    }

    /// The game variable `blocked_player` (`arrange.declined_blocks`; 0: nobody).
    #[inline]
    pub fn blocked_var(&self) -> Option<usize> {
        self.arrange.as_ref().and_then(|a| a.first_vars.1)
    }
}
