//! A move that diffuses its seeds (`moves.diffuse`): rather than being sown along the track,
//! the seeds of the hole played go one to each of its neighbours on a two-row board, in turn
//! anticlockwise round it: the next hole along its row (anticlockwise), the three holes
//! across from it (that one's, its own, the previous one's), the previous hole along its row;
//! round again when more seeds are left. A neighbour off the board's end, or holding `full`
//! seeds already, takes none: that seed leaves the board, into the pit `out_to` (or out of the
//! game, counted as discarded). Played by [`crate::engine::player::diffuse`].

use serde::Deserialize;

/// The declaration of a diffusing move.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Diffuse {
    /// A neighbour holding this many seeds takes no more (0: no limit).
    #[serde(default)]
    pub full: i64,
    /// The store (by name, e.g. `store S`) the seeds that leave the board go to; none: they
    /// leave the game (discarded).
    #[serde(default)]
    pub out_to: Option<String>,
}
