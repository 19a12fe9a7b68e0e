//! The trace of a move: every pick-up, drop, lap end, capture, pass and script note, in order.
//!
//! Events are recorded only when tracing is on (REPL, `replay --trace`, snapshots), so searches pay
//! nothing for them. Each event that moves seeds can be re-applied to the position before the move,
//! which is how the REPL's `step` command shows a move seed by seed.

use serde::Serialize;

use crate::engine::geometry::layout::Layout;

/// One thing that happened during a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// All seeds of `pit` were taken into the hand.
    Pickup {
        /// The pit emptied.
        pit: usize,
        /// Seeds taken.
        seeds: i64,
    },
    /// One seed was dropped into `pit`; `hand` seeds are left.
    Drop {
        /// The pit sown into.
        pit: usize,
        /// Seeds still in hand.
        hand: i64,
    },
    /// A lap ended in `pit` (lap numbers start at 1).
    LapEnd {
        /// Where the last seed of the lap fell.
        pit: usize,
        /// The lap's number.
        lap: i64,
    },
    /// `seeds` from `pit` went to `player`'s store (or reserve, if the player has no store).
    Capture {
        /// The pit emptied.
        pit: usize,
        /// Seeds captured.
        seeds: i64,
        /// Who captured (1-based).
        player: usize,
        /// Why, in a few words ("four", "beyond empty", ...).
        why: String,
    },
    /// `seeds` from `player`'s reserve were put into `pit`.
    Fill {
        /// The pit filled.
        pit: usize,
        /// Seeds put in.
        seeds: i64,
        /// Whose reserve paid.
        player: usize,
    },
    /// `seeds` moved from pit `from` to pit `to`.
    Move {
        /// Source pit.
        from: usize,
        /// Destination pit.
        to: usize,
        /// Seeds moved.
        seeds: i64,
    },
    /// A low-level change of a pit's count by a script (creates or destroys seeds).
    Adjust {
        /// The pit changed.
        pit: usize,
        /// The change.
        delta: i64,
    },
    /// `seeds` moved from one player's reserve to another's (or to the same player's store).
    Reserve {
        /// Player whose reserve changed (1-based).
        player: usize,
        /// The change.
        delta: i64,
    },
    /// A hole was closed (`true`) or opened (`false`).
    Close {
        /// The hole.
        pit: usize,
        /// Closed after the event?
        closed: bool,
    },
    /// `player` passed.
    Pass {
        /// Who passed (1-based).
        player: usize,
    },
    /// A note from the rule script: a round end, a refill, a win, ...
    Note {
        /// A short kind (`round_end`, `refill`, `win`, ...).
        kind: String,
        /// What happened, in words.
        text: String,
    },
}

/// An event as shown to tools: pits by name, with a one-line description.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct EventView {
    /// The event's kind (`pickup`, `drop`, `lap_end`, `capture`, ...).
    pub event: String,
    /// The main pit involved, by name, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pit: Option<String>,
    /// Seeds involved (hand left, for drops).
    pub seeds: i64,
    /// The player involved, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<usize>,
    /// The event in words.
    pub text: String,
}

impl Event {
    /// The event's kind, as a word.
    pub fn kind(&self) -> &str {
        match self {
            Event::Pickup { .. } => "pickup",
            Event::Drop { .. } => "drop",
            Event::LapEnd { .. } => "lap_end",
            Event::Capture { .. } => "capture",
            Event::Fill { .. } => "fill",
            Event::Move { .. } => "move",
            Event::Adjust { .. } => "adjust",
            Event::Reserve { .. } => "reserve",
            Event::Close { .. } => "close",
            Event::Pass { .. } => "pass",
            Event::Note { kind, .. } => kind,
        }
    }

    /// The event in words, naming pits as the layout does.
    pub fn describe(&self, l: &Layout) -> String {
        let n = |p: usize| pit_name(l, p);
        match self {
            Event::Pickup { pit, seeds } => format!("pick up {seeds} from {}", n(*pit)),
            Event::Drop { pit, hand } => format!("drop in {} ({hand} left)", n(*pit)),
            Event::LapEnd { pit, lap } => format!("lap {lap} ends in {}", n(*pit)),
            Event::Capture {
                pit,
                seeds,
                player,
                why,
            } => format!("player {player} captures {seeds} from {} ({why})", n(*pit)),
            Event::Fill { pit, seeds, player } => {
                format!("player {player} fills {} with {seeds}", n(*pit))
            }
            Event::Move { from, to, seeds } => {
                format!("move {seeds} from {} to {}", n(*from), n(*to))
            }
            Event::Adjust { pit, delta } => format!("adjust {} by {delta:+}", n(*pit)),
            Event::Reserve { player, delta } => {
                format!("reserve of player {player} changes by {delta:+}")
            }
            Event::Close { pit, closed } => {
                format!(
                    "{} is {}",
                    n(*pit),
                    if *closed { "closed" } else { "opened" }
                )
            }
            Event::Pass { player } => format!("player {player} passes"),
            // A note's words come from a rule file: shown escaped, never as terminal controls.
            Event::Note { text, .. } => crate::text::escape(text).into_owned(),
        }
    }

    /// A serialisable view of the event.
    pub fn view(&self, l: &Layout) -> EventView {
        let (pit, seeds, player) = match self {
            Event::Pickup { pit, seeds } => (Some(*pit), *seeds, None),
            Event::Drop { pit, hand } => (Some(*pit), *hand, None),
            Event::LapEnd { pit, lap } => (Some(*pit), *lap, None),
            Event::Capture {
                pit, seeds, player, ..
            } => (Some(*pit), *seeds, Some(*player)),
            Event::Fill { pit, seeds, player } => (Some(*pit), *seeds, Some(*player)),
            Event::Move { from, seeds, .. } => (Some(*from), *seeds, None),
            Event::Adjust { pit, delta } => (Some(*pit), *delta, None),
            Event::Reserve { player, delta } => (None, *delta, Some(*player)),
            Event::Close { pit, .. } => (Some(*pit), 0, None),
            Event::Pass { player } => (None, 0, Some(*player)),
            Event::Note { .. } => (None, 0, None),
        };
        EventView {
            event: crate::text::escape(self.kind()).into_owned(),
            pit: pit.map(|p| pit_name(l, p)),
            seeds,
            player,
            text: self.describe(l),
        }
    }
}

/// The display name of pit `p` (`?` for an unknown id).
pub fn pit_name(l: &Layout, p: usize) -> String {
    l.pits
        .get(p)
        .map(|x| x.name.clone())
        .unwrap_or_else(|| "?".into())
}
