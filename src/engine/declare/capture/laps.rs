//! Laps that capture and sow on, as declared (`capture: lap_capture: ...`): a lap that ends where
//! a capture is made captures there and the sowing goes on, from the hole after it, from the
//! same hole, or with the seeds it took. Played by [`crate::engine::player::capture::laps`].

use serde::Deserialize;

/// How a lap's capture goes on sowing (the capture that [`crate::engine::declare::capture`]
/// declares: the chain, the capture across a gap, or the hole opposite).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum LapCapture {
    /// No lap capture (the value an option may give; the same as leaving the key out).
    None,
    /// A lap whose last hole the chain takes (its count is one the chain captures) makes the
    /// chain's capture, then the sowing goes on from the hole after it with that hole's seeds
    /// (an empty hole after it ends the move), until a lap ends where the chain takes nothing.
    ChainThenNextHole,
    /// Each lap ending in a hole that was occupied makes the capture across the gap, then the
    /// sowing goes on from that hole with its seeds (the sowing's own relay is `none`); a lap
    /// ending in an empty hole ends the move.
    GapThenRelay,
    /// A lap ending where the hole opposite is taken puts the seeds it took (the last seed's
    /// too, where the capture takes it) into its last hole, and the sowing goes on from there;
    /// not once the opponent's holes are empty.
    OppositeSeedsSownOn,
    /// A lap whose next hole (with the sowing) holds seeds takes that hole, then the sowing goes
    /// on from the lap's last hole with its seeds (the sowing's own relay is `none`); a lap
    /// whose next hole is empty ends the move (the sowing's `capture_beyond_empty` then takes
    /// the hole beyond), and so does a take that leaves seeds in the last hole alone.
    NextHoleThenLastHole,
}

impl LapCapture {
    /// The step in words (for `sowlab rules NAME`).
    pub fn describe(self) -> &'static str {
        match self {
            LapCapture::ChainThenNextHole => {
                "capture: a lap ending where the chain takes its last hole captures, and the sowing goes on from the hole after it"
            }
            LapCapture::GapThenRelay => {
                "capture: a lap ending in an occupied hole makes the capture across the gap, then sows on from that hole"
            }
            LapCapture::None => "",
            LapCapture::NextHoleThenLastHole => {
                "capture: a lap whose next hole holds seeds takes it, then sows on from its last hole"
            }
            LapCapture::OppositeSeedsSownOn => {
                "capture: a lap taking the hole opposite puts the seeds taken into its last hole and sows on from it (not once the opponent's holes are empty)"
            }
        }
    }
}
