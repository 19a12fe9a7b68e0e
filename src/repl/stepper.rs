//! A move being shown seed by seed: the position its events replayed so far left, and the
//! keys at its prompt.

use crate::engine::board::state::Board;
use crate::engine::trace::event::Event;

/// A move being shown seed by seed (`step`, interactive mode).
#[derive(Clone, Debug)]
pub(super) struct Stepper {
    /// The position as the events replayed so far left it.
    pub(super) board: Board,
    /// Seeds in hand.
    pub(super) hand: i64,
    /// The move's events.
    pub(super) events: Vec<Event>,
    /// Index of the next event to show.
    pub(super) next: usize,
    /// The move's label.
    pub(super) label: String,
    /// Whether Enter shows a lap (`step laps`) rather than a seed.
    pub(super) by_lap: bool,
}

/// The keys at the step prompt, in words.
pub(super) const STEP_KEYS: &str = "Enter: next seed, l: next lap, c: to the end, q: stop stepping";

/// The keys when Enter shows a lap.
const LAP_KEYS: &str = "Enter: next lap, s: next seed, c: to the end, q: stop stepping";

/// How far one key press goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Unit {
    /// One event (a seed picked up or dropped, a capture, ...).
    Seed,
    /// To the end of the current lap.
    Lap,
    /// To the end of the move.
    All,
}

impl Stepper {
    pub(super) fn keys(&self) -> &'static str {
        if self.by_lap {
            LAP_KEYS
        } else {
            STEP_KEYS
        }
    }

    /// The prompt while the move is being stepped.
    pub(super) fn prompt(&self) -> String {
        format!(
            "step {} [{}/{}] ({})> ",
            self.label,
            self.next,
            self.events.len(),
            self.keys()
        )
    }
}
