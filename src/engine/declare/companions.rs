//! Steps declared only together: what goes with `capture.reverse_laps` (a turn of its own) and
//! what does not; the keys of `capture.opposite` read only with `go_on_along_row`.

use crate::engine::declare::capture::across::AcrossThen;
use crate::engine::declare::end::Cond;
use crate::engine::declare::pipeline::Pipeline;

impl Pipeline {
    /// `across.then: sow_on_from_lap_start_then_last` and an end check `end_files_captured` need
    /// `capture.reverse_laps`; `stop_in` and `chosen_holes` (turns of their own) are refused
    /// beside it. Checked at link.
    pub(crate) fn check_companions(&self) -> Result<(), String> {
        let reverse = self.capture.reverse_laps.is_some();
        let then_last = self
            .capture
            .across
            .as_ref()
            .is_some_and(|a| a.then == AcrossThen::SowOnFromLapStartThenLast);
        if then_last && !reverse {
            return Err("pipeline: capture: across: `then: sow_on_from_lap_start_then_last` is played with `capture.reverse_laps` only".into());
        }
        if !reverse && self.end.iter().any(|c| c.when == Cond::EndFilesCaptured) {
            return Err("pipeline: an end check says `when: end_files_captured`, which counts the captures of `capture.reverse_laps`: none is declared".into());
        }
        if self.capture.from_end_hole.is_some()
            && (reverse
                || self.capture.across.is_some()
                || self.stop_in.is_some()
                || self.capture.chosen_holes.is_some()
                || self.place_from_hand.is_some()
                || self.arrange.is_some())
        {
            return Err("pipeline: capture: from_end_hole plays its own turns: not with capture.across, reverse_laps, stop_in, chosen_holes, place_from_hand or arrange".into());
        }
        if reverse && (self.stop_in.is_some() || self.capture.chosen_holes.is_some()) {
            return Err("pipeline: capture: reverse_laps plays its own turns: not with stop_in or chosen_holes".into());
        }
        if let Some(o) = self
            .capture
            .opposite
            .as_ref()
            .filter(|o| !o.go_on_along_row && (o.last_occupied_too || o.go_on_back))
        {
            return Err(format!(
                "pipeline: capture: opposite: `{}` is read with `go_on_along_row: true` only",
                if o.last_occupied_too {
                    "last_occupied_too"
                } else {
                    "go_on_back"
                }
            ));
        }
        Ok(())
    }
}
