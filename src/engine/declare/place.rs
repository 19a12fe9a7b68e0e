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

/// Which of the winner's holes gets as many seeds as each hole of the loser's, once the
/// round's loser has placed his hand (`by_round_loser`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum CopyTo {
    /// The hole facing it (two rows: the arrangement mirrored across the board).
    Facing,
    /// The hole with the same number from its owner's left (each player sees the same row).
    SameNumber,
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
    /// Later rounds (with `rounds`, `winner: most_seeds`): every seed is gathered to its
    /// holder, the round's loser (player 2 on a level round) puts all of his into his own holes,
    /// a seed a move, then the winner's holes get as many as the loser's (this hole of his
    /// copying each) from what the winner holds, the rest staying in his store or reserve, and
    /// the winner sows first.
    #[serde(default)]
    pub by_round_loser: Option<CopyTo>,
    /// The game variable `placing` (with `by_round_loser`): -1 while every player places (the
    /// start), a player's number while that player places, 0 once play has begun.
    #[serde(skip)]
    pub placing_var: Option<usize>,
    /// The game variable `sowing_starter`: the player who moves first, who makes the first
    /// sowing once every hand is empty (declared when setup ends).
    #[serde(skip)]
    pub var: usize,
}

impl PlaceFromHand {
    /// In words, for `sowlab rules`.
    pub fn describe(&self) -> String {
        let first = self.describe_start();
        match self.by_round_loser {
            None => first,
            Some(c) => format!(
                "{first}; before each later round, the round's loser (player 2 on a level round) puts all his seeds into his own holes, a seed a move, the winner's holes then getting as many as {} from what he holds, and the winner sows first",
                match c {
                    CopyTo::Facing => "the hole facing each",
                    CopyTo::SameNumber => "the loser's hole with the same number",
                }
            ),
        }
    }

    /// The placing before play, in words.
    fn describe_start(&self) -> String {
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
        if self.by_round_loser.is_some() {
            if l.players != 2 {
                return Err(format!(
                    "pipeline: place_from_hand: by_round_loser needs two players, the board has {}",
                    l.players
                ));
            }
            if self.order == PlaceOrder::Fixed {
                return Err("pipeline: place_from_hand: by_round_loser needs seeds placed by moves (order: sequence or alternate), not order: fixed".into());
            }
            self.placing_var = Some(var(l, "placing", 0));
        }
        Ok(())
    }

    /// Checks `by_round_loser` against the rule's rounds (`territory`: holes owned round by
    /// round); one error line naming the key.
    pub fn check_rounds(
        &self,
        rounds: Option<&crate::engine::declare::rounds::Rounds>,
        territory: bool,
    ) -> Result<(), String> {
        let by_seeds = rounds.is_some_and(|r| {
            r.winner == crate::engine::declare::rounds::RoundWinner::MostSeeds
                && r.tally == crate::engine::declare::rounds::Tally::None
                && r.refill == crate::engine::declare::rounds::Refill::Both
                && r.choose_filled == crate::engine::declare::rounds::ChooseFilled::Nobody
                && !r.fill_by_moves
        });
        if self.by_round_loser.is_some() && (!by_seeds || territory) {
            return Err("pipeline: place_from_hand: by_round_loser needs `rounds` with `winner: most_seeds`, no `tally`, `refill`, `choose_filled`, `fill_by_moves` or `territory`".into());
        }
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
