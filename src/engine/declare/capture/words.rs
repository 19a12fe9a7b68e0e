//! The newer capture steps in words, for `sowlab rules
//! NAME`: the holes holding a single seed, a matching pair, the holes facing single seeds before
//! the sowing, the seeds opposite pulled into the last hole, a chain that also takes the holes
//! opposite.

use crate::engine::declare::capture::{BeyondSide, Capture, GrandSlam};

impl Capture {
    /// The newer capture steps in words, one line each (see [`crate::engine::declare::words`]).
    pub fn describe_more(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.opposite_of_singles_first {
            out.push("capture: before the sowing, the mover takes every hole facing one of his holes that holds a single seed".into());
        }
        if let Some(c) = &self.single_seed_holes {
            out.push(format!(
                "capture: after the sowing, the mover takes every {}hole holding {}",
                match c.side {
                    BeyondSide::Any => "",
                    BeyondSide::Opponent => "opponent's ",
                    BeyondSide::Own => "own ",
                },
                if c.counts.is_empty() {
                    "a single seed".to_string()
                } else {
                    format!("{:?} seeds", c.counts)
                }
            ));
        }
        if self.matching_opposite {
            out.push("capture: when the last hole holds as many seeds as the hole opposite, the mover takes both".into());
            if let Some(r) = &self.matching_run {
                out.push(format!(
                    "capture: after a matching pair is taken, the take goes on {} while each next hole holds as many seeds as the hole opposite it{}",
                    match r.direction {
                        super::MatchingWay::Back => "against the sowing",
                        super::MatchingWay::Forward => "with the sowing",
                        super::MatchingWay::Both => "with the sowing, then against it from the last hole,",
                    },
                    if r.max > 0 {
                        format!(" (at most {} holes each way, the last counted)", r.max)
                    } else {
                        String::new()
                    }
                ));
                if r.back_fails == super::BackFails::BeyondLimit {
                    out.push("capture: when the run with the sowing was cut by its limit and the first hole against it does not match, the hole past the limit is taken if it matches".into());
                }
            }
        }
        if self.opposite.as_ref().is_some_and(|o| o.to_last_hole_owner) {
            out.push("capture: the seeds taken opposite the last hole go to that hole's owner (a last seed in an empty hole of the opponent's gives him the hole opposite)".into());
        }
        if self.opposite.as_ref().is_some_and(|o| o.pull_into_last) {
            out.push("capture: the seeds of the hole opposite are moved into the last hole (they stay on the board)".into());
        }
        if let Some(o) = self.opposite.as_ref().filter(|o| o.go_on_along_row) {
            out.push(format!(
                "capture: after the take opposite{}, each next hole {} the sowing, whatever it holds, takes the hole opposite it too{}",
                if o.last_occupied_too {
                    " (made whatever the last hole held)"
                } else {
                    ""
                },
                if o.go_on_back { "against" } else { "along" },
                if o.grand_slam == GrandSlam::LeaveFirst {
                    "; a grand slam leaves the opponent his first hole holding seeds"
                } else {
                    ""
                }
            ));
        }
        if self
            .opposite
            .as_ref()
            .is_some_and(|o| o.grand_slam == GrandSlam::AllThenOwnRowToOpponent)
        {
            out.push("capture: a take opposite that empties the opponent's row (which held seeds before the move) gives him the seeds left in the mover's own holes".into());
        }
        if self.chain.as_ref().is_some_and(|c| c.and_opposite) {
            out.push("capture: each hole the chain takes takes the hole opposite it too".into());
        }
        if self
            .chain
            .as_ref()
            .is_some_and(|c| c.and_opposite && c.as_sown)
        {
            out.push("capture: the chain's holes are judged by the counts the sowing left, before any take".into());
        }
        if self.chain.as_ref().is_some_and(|c| c.stops_at_start) {
            out.push("capture: the chain stops at the hole the move was sown from (it takes it only as the last hole)".into());
        }
        out
    }
}
