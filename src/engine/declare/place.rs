//! "Before play each player puts the seeds of his hand into his own holes as he likes"
//! (`place_from_hand:`): every player starts with `seeds` in his hand (his reserve) and the
//! holes as the board says; while the player to move holds seeds in his hand, his move puts one
//! of them into one of his own holes, written with the hole's label (`SO3`). Played in
//! [`crate::engine::player::place`].

use serde::Deserialize;

use crate::engine::geometry::layout::Layout;

/// The most seeds a hand may start with (a hole's limit, `MAX_SEEDS` of the script host).
const MAX_HAND: i64 = 1_000_000;

/// Who places the next seed.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PlaceOrder {
    /// The first player places all of his seeds, then the next player all of his, who sees the
    /// arrangement before him.
    #[default]
    Sequence,
    /// A seed each in turn (a player whose hand is empty is passed over).
    Alternate,
    /// No placing: each hand is spread evenly over its owner's outer row (on four rows, the row
    /// farther from the middle; his only row otherwise) before play.
    Fixed,
}

/// What is declared.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PlaceFromHand {
    /// The seeds in each player's hand at the start (at least 1).
    pub seeds: i64,
    /// Who places next.
    #[serde(default)]
    pub order: PlaceOrder,
    /// The game variable `sowing_starter`: the player who moves first, who makes the first
    /// sowing once every hand is empty (declared when setup ends).
    #[serde(skip)]
    pub var: usize,
}

impl PlaceFromHand {
    /// In words, for `sowlab rules`.
    pub fn describe(&self) -> String {
        match self.order {
            PlaceOrder::Fixed => format!(
                "before play: each player's {} seeds are spread evenly over his outer row",
                self.seeds
            ),
            PlaceOrder::Sequence => format!(
                "before play: each player puts his {} seeds into his own holes as he likes, a seed a move, the first player all of his first",
                self.seeds
            ),
            PlaceOrder::Alternate => format!(
                "before play: each player puts his {} seeds into his own holes as he likes, a seed a move, the players in turn",
                self.seeds
            ),
        }
    }

    /// Checks the declaration against the layout and declares `sowing_starter`; one error line
    /// naming the key.
    pub fn link(
        &mut self,
        l: &mut Layout,
        var: &mut impl FnMut(&mut Layout, &str, i64) -> usize,
    ) -> Result<(), String> {
        // (a hand's seeds: as many as a hole may hold, sowlab's limit of a count)
        if self.seeds < 1 || self.seeds > MAX_HAND {
            return Err(format!(
                "pipeline: place_from_hand: seeds is the seeds in each hand, 1 to {MAX_HAND}, not {}",
                self.seeds
            ));
        }
        if l.players < 2 {
            return Err(format!(
                "pipeline: place_from_hand: needs two players or more, the board has {}",
                l.players
            ));
        }
        if self.order == PlaceOrder::Fixed {
            for pl in 1..=l.players {
                let row = outer_row(l, pl)
                    .ok_or_else(|| format!("pipeline: place_from_hand: player {pl} has no row"))?;
                let n = l.rows[row].pits.len() as i64;
                if self.seeds % n != 0 {
                    return Err(format!(
                        "pipeline: place_from_hand: order: fixed spreads {} seeds evenly over player {pl}'s outer row of {n} holes: not a multiple of {n}",
                        self.seeds
                    ));
                }
            }
        }
        self.var = var(l, "sowing_starter", 0);
        Ok(())
    }
}

/// The row of `player`'s farthest from the board's middle (his outer row; his only row).
pub fn outer_row(l: &Layout, player: usize) -> Option<usize> {
    let mid = (l.rows.len() as f64 - 1.0) / 2.0;
    (0..l.rows.len())
        .filter(|&r| l.rows[r].owner == player)
        .max_by(|&a, &b| {
            let (da, db) = ((a as f64 - mid).abs(), (b as f64 - mid).abs());
            da.partial_cmp(&db)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(b.cmp(&a))
        })
}
