//! Rounds, as declared (`rounds:`): how a round's end refills the board from the players'
//! reserves, closing the holes that cannot be filled.

pub mod territory;

use serde::Deserialize;

use crate::engine::declare::end::End;
use crate::engine::declare::start::RandomStart;

/// Rounds: when a round ends (`then: round`), score it and refill the board (two players, one
/// row each, no stores).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Rounds {
    /// Play a match of rounds; false: one round, the bigger capture of the round wins.
    #[serde(default = "yes", rename = "full_match")]
    pub play_match: bool,
    /// Seeds put in each hole at a refill; a player who cannot fill one hole loses the match.
    pub fill: i64,
    /// The end of the row filling starts from; the holes a player cannot fill are closed.
    #[serde(default)]
    pub fill_from: End,
    /// The match ends after this many rounds, the bigger reserve winning (0: no limit).
    #[serde(default)]
    pub max_rounds: i64,
    /// Who wins a round: the bigger capture of the round (default), or the player holding the
    /// most seeds (stores plus reserve) when it ends.
    #[serde(default)]
    pub winner: RoundWinner,
    /// The match ends when a player cannot fill this many holes (default 1) with the seeds he
    /// holds and those left in his own holes; it then goes to the round's winner (a draw when
    /// level), the board as the round left it. Only with `winner: most_seeds`.
    #[serde(default = "one_hole")]
    pub min_holes: i64,
    /// Close the holes a player cannot fill (default true); false leaves them empty and open.
    #[serde(default = "yes")]
    pub close_unfilled: bool,
    /// A match scored round by round (`none`: the seeds held carry over, as above): each round
    /// starts afresh with `fill` seeds in every hole and empty stores, and the match goes to the
    /// first to reach `tally_to` (see [`Tally`]). Only with `winner: most_seeds`.
    #[serde(default)]
    pub tally: Tally,
    /// The tally that wins the match (with `tally`).
    #[serde(default)]
    pub tally_to: i64,
    /// With `tally`: each round starts from these counts, every hole in canonical order, rather
    /// than `fill` in every hole.
    #[serde(default)]
    pub layout: Option<Vec<i64>>,
    /// With `layout`: when a round's board is turned round (each player gets the other's row).
    #[serde(default)]
    pub turn_layout: TurnLayout,
    /// With `tally`: each round starts from a new random layout (its `seed` and the round's
    /// number give the draw), rather than `fill` in every hole.
    #[serde(default)]
    pub random_layout: Option<RandomStart>,
    /// Who chooses which of his holes are filled for the next round, rather than `fill_from`
    /// (with `winner: most_seeds`, no `tally`): `loser`, the round's loser, when he cannot fill
    /// them all, one hole a move (the hole's own label) until his seeds are placed.
    #[serde(default)]
    pub choose_filled: ChooseFilled,
    /// Each player fills his own holes himself, one hole a move, in turn (with `winner:
    /// most_seeds`, no `tally`, no `territory`, `refill: both`): the round's `starter` fills
    /// first, a player with nothing left to fill is passed over, and the player after the last
    /// fill starts the round. The hole is the next empty one from `fill_from`, or with
    /// `choose_filled: each` any empty one of his. With `territory` the holes are owned by
    /// filling: every hole is nobody's at a round's end, a player's move fills the next empty
    /// hole round the board from his own first hole (`choose_filled: each`: any empty hole of
    /// his row, any on the board once his row is full) and makes it his for the round; the holes
    /// nobody fills stay nobody's (or close, `close_unfilled`), and the seeds no whole hole takes
    /// stay held.
    #[serde(default)]
    pub fill_by_moves: bool,
    /// A player holding fewer than `fill` seeds (but some) when he has holes left to fill puts
    /// them all into one more hole, which is in play; the match then ends only when a player
    /// holds no seed (with `min_holes: 1`).
    #[serde(default)]
    pub fill_part: bool,
    /// With `fill_part`: the last few seeds fill one more hole only when they are at least this
    /// many (default 1: any); fewer stay held ("three counters make a hole, one or two do not").
    #[serde(default = "one_hole")]
    pub fill_part_min: i64,
    /// With `territory` and `fill_by_moves`: each player's fills go clockwise round the board
    /// from his own row's last (rightmost) hole, rather than anticlockwise from his first.
    #[serde(default)]
    pub fill_clockwise: bool,
    /// Whose holes a round's end gathers and refills (with `winner: most_seeds`, no `tally`):
    /// `both` (default), or `loser`: the round's loser's alone (see [`Refill`]).
    #[serde(default)]
    pub refill: Refill,
    /// With `refill: spread_loser`, the loser's seeds spread: `held` (default) the seeds he
    /// holds (his store or reserve, his children's and those left in his own holes), or `row`:
    /// his store and every seed left in his row's holes, children of either player's included
    /// (MancalaGames' reading; the winner's holdings make up the difference).
    #[serde(default)]
    pub spread_count: SpreadCount,
    /// With `refill: shorten_to_loser`: a refill filling fewer than this many holes of a row
    /// whole starts a round in which nobody makes a child (0: no such limit; the game variable
    /// `children_off`, a bit per player).
    #[serde(default)]
    pub no_children_below: i64,
}

/// Which seeds of the round's loser `refill: spread_loser` spreads (`rounds.spread_count`).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum SpreadCount {
    /// The seeds he holds (a child's seeds are its owner's).
    #[default]
    Held,
    /// His store and every seed left in his row's holes (children included, whoever owns them).
    Row,
}

/// Whose holes a round's end gathers and refills (`rounds.refill`).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Refill {
    /// Both players': every seed left goes to its hole's owner and each fills his row.
    #[default]
    Both,
    /// The round's loser's alone: the winner's seeds stay where the round left them (his holes,
    /// closed ones too, and his store). The round is scored by the seeds each holds and those in
    /// his own holes; a level round ends the match (a draw), and so does a winner who then has no
    /// move (his win).
    Loser,
    /// Every seed gathered as with `both`, then the round's loser's seeds spread evenly over
    /// every hole of both rows (two rows of as many holes): each hole gets as many as the
    /// loser's seeds fill in every hole of his row (at least `fill`: a player holding fewer than
    /// `min_holes` times `fill` ends the match); his remainder stays in his store (or reserve),
    /// and the winner's seeds beyond his row stay in his. On a level round the two hold as many:
    /// either's seeds spread alike.
    SpreadLoser,
    /// Every seed gathered as with `both`, then both rows shortened to the loser's: he fills as
    /// many holes as his seeds fill whole (from `fill_from`) and the winner the holes facing
    /// them; the loser's remainder goes into his next hole, and as many of the winner's seeds
    /// into the hole facing it; the other holes are closed (with `close_unfilled`); the winner
    /// keeps the rest in his store (or reserve). A level round: the second player fills as the
    /// loser.
    ShortenToLoser,
}

/// Who chooses the holes filled for a round (`rounds.choose_filled`).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ChooseFilled {
    /// Nobody: the holes are filled from `fill_from`.
    #[default]
    Nobody,
    /// The round's loser (on a level round, nobody), one hole a move, before the next round's
    /// first move.
    Loser,
    /// Each player his own, one hole a move, in turn (`fill_by_moves`).
    Each,
}

/// When `rounds.layout` is turned round for a round.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum TurnLayout {
    /// Never: the layout as written.
    #[default]
    Never,
    /// When player 2 starts the round (a layout written for player 1 starting).
    Starter,
    /// When player 1 starts the round (the layout, written for player 1, is the one of the
    /// player who does not start).
    NonStarter,
    /// When player 1 started the round before (the layout for the other of the last round's
    /// starter, whoever starts this one).
    Alternate,
}

impl Rounds {
    /// Checks `refill`, `fill_part`, `choose_filled` and `fill_by_moves` against the rest
    /// (`territory`: the rounds are of owned holes).
    pub fn check_fills(&self, territory: bool) -> Result<(), String> {
        let by_seeds = self.winner == RoundWinner::MostSeeds && self.tally == Tally::None;
        if self.refill != Refill::Both && (!by_seeds || territory) {
            return Err("pipeline: rounds: `refill: loser`, `spread_loser` and `shorten_to_loser` need `winner: most_seeds`, no `tally` and no `territory`".into());
        }
        if self.no_children_below != 0
            && (self.refill != Refill::ShortenToLoser || self.no_children_below < 0)
        {
            return Err("pipeline: rounds: `no_children_below` needs `refill: shorten_to_loser` and a count of 0 or more".into());
        }
        if matches!(self.refill, Refill::SpreadLoser | Refill::ShortenToLoser)
            && (self.fill_part || self.choose_filled != ChooseFilled::Nobody || self.fill_by_moves)
        {
            return Err("pipeline: rounds: `refill: spread_loser` and `shorten_to_loser` fill by their own rule: not with `fill_part`, `choose_filled` or `fill_by_moves`".into());
        }
        if self.fill_part && (!by_seeds || (territory && !self.fill_by_moves)) {
            return Err("pipeline: rounds: `fill_part` needs `winner: most_seeds`, no `tally`, and no `territory` unless its holes are owned by filling (`fill_by_moves`)".into());
        }
        if self.fill_part_min < 1 || self.fill_part_min > self.fill.max(1) {
            return Err(format!(
                "pipeline: rounds: `fill_part_min` must be 1 to `fill` ({}), not {}",
                self.fill, self.fill_part_min
            ));
        }
        if self.fill_part_min != 1 && !self.fill_part {
            return Err("pipeline: rounds: `fill_part_min` needs `fill_part: true`".into());
        }
        if self.fill_clockwise
            && !(territory && self.fill_by_moves && self.choose_filled == ChooseFilled::Nobody)
        {
            return Err("pipeline: rounds: `fill_clockwise` needs `territory` and `fill_by_moves`, without `choose_filled`".into());
        }
        if self.choose_filled == ChooseFilled::Nobody && !self.fill_by_moves {
            return Ok(());
        }
        if !by_seeds {
            return Err("pipeline: rounds: `choose_filled` and `fill_by_moves` need `winner: most_seeds` and no `tally`".into());
        }
        if territory && !self.fill_by_moves {
            return Err("pipeline: rounds: `choose_filled` is not for holes owned round by round (`territory`) without `fill_by_moves`".into());
        }
        if self.fill_by_moves && self.choose_filled == ChooseFilled::Loser {
            return Err("pipeline: rounds: `fill_by_moves` fills both players' holes: write `choose_filled: each` or `nobody`, not `loser`".into());
        }
        if self.fills_by_moves() && self.refill != Refill::Both {
            return Err("pipeline: rounds: `fill_by_moves` needs `refill: both`".into());
        }
        Ok(())
    }

    /// Whether the players fill their holes by moves, in turn (`fill_by_moves`, or
    /// `choose_filled: each`).
    pub fn fills_by_moves(&self) -> bool {
        self.fill_by_moves || self.choose_filled == ChooseFilled::Each
    }

    /// The seeds a player must hold to start a round with `min_holes` holes (the last of them
    /// with a single seed, with `fill_part`).
    pub fn seeds_needed(&self) -> i64 {
        if self.fill_part {
            (self.min_holes - 1) * self.fill + self.fill_part_min.max(1)
        } else {
            self.min_holes * self.fill
        }
    }

    /// The holes of a row of `n` a player holding `held` seeds fills (one in part, with
    /// `fill_part`).
    pub fn holes_filled(&self, held: i64, n: usize) -> usize {
        let whole = (held / self.fill.max(1)) as usize;
        let part = self.fill_part && held % self.fill.max(1) >= self.fill_part_min.max(1);
        (whole + usize::from(part)).min(n)
    }

    /// Checks `layout`, `turn_layout` and `random_layout` for a board of `holes` holes.
    /// (`territory`: the rounds are of owned holes, which may start from a `layout` too.)
    pub fn check_layouts(&self, holes: usize, territory: bool) -> Result<(), String> {
        let any = self.layout.is_some() || self.random_layout.is_some();
        if any && self.tally == Tally::None && !(territory && self.random_layout.is_none()) {
            return Err(
                "pipeline: rounds: `layout` needs a `tally` or a `territory`, `random_layout` a `tally`"
                    .into(),
            );
        }
        if self.layout.is_some() && self.random_layout.is_some() {
            return Err(
                "pipeline: rounds: write either `layout` or `random_layout`, not both".into(),
            );
        }
        if let Some(v) = &self.layout {
            if v.len() != holes {
                return Err(format!(
                    "pipeline: rounds: layout has {} counts, the board has {holes} holes",
                    v.len()
                ));
            }
            if let Some(x) = v.iter().find(|&&x| x < 0) {
                return Err(format!(
                    "pipeline: rounds: layout holds {x}, not a count of seeds"
                ));
            }
        } else if self.turn_layout != TurnLayout::Never {
            return Err("pipeline: rounds: `turn_layout` needs a `layout`".into());
        }
        if let Some(r) = &self.random_layout {
            if r.seeds < 0 || r.at_least < 0 {
                return Err(format!(
                    "pipeline: rounds: random_layout: seeds {} and at_least {} must be at least 0",
                    r.seeds, r.at_least
                ));
            }
        }
        Ok(())
    }
}

/// What a match scored round by round counts.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Tally {
    /// Nothing: the seeds held carry over to the next round.
    #[default]
    None,
    /// Rounds won.
    RoundsWon,
    /// The seeds held at each round's end, summed.
    SeedsHeld,
    /// A point for winning a round, another for holding three quarters of the seeds (rounded
    /// down) or more when it ends.
    Points,
    /// The seeds the round's winner holds more than the loser.
    ExtraSeeds,
}

impl Tally {
    /// The word naming it in a rule.
    pub fn word(self) -> &'static str {
        match self {
            Tally::None => "none",
            Tally::RoundsWon => "rounds_won",
            Tally::SeedsHeld => "seeds_held",
            Tally::Points => "points",
            Tally::ExtraSeeds => "extra_seeds",
        }
    }
}

fn yes() -> bool {
    true
}

fn one_hole() -> i64 {
    1
}

/// Who wins a round.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RoundWinner {
    /// The bigger capture of the round (seeds held now less those held when it started).
    #[default]
    Capture,
    /// The player holding the most seeds when the round ends.
    MostSeeds,
}
