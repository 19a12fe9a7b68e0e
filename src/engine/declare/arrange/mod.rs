//! The arrangement of counters, as declared (`arrange:`): "before play, each player arranges his
//! counters in his holes as he likes", or "at each later round's start, the round's loser
//! arranges his row, and the winner's row copies it". Played in
//! [`crate::engine::player::arrange`].

pub mod shape;

use serde::Deserialize;

/// An arrangement of counters: in turn, each arranging player moves one counter from one of his
/// holes to another of his holes, or passes; the arrangement ends when every arranging player
/// has passed in a row, or after `max_moves` moves in all (passes counted), and play begins with
/// the player whose turn it then is (`by: round_loser`: the round's starter).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Arrange {
    /// The most moves the arrangement lasts (every player's moves and passes, at least 1): a
    /// bound, so that it cannot last for ever.
    pub max_moves: i64,
    /// Who arranges, and when: `each` player before play (default), or `round_loser`: the
    /// round's loser alone, at the start of each later round (after its refill; on a level round
    /// nobody), his single pass ending it.
    #[serde(default)]
    pub by: ArrangeBy,
    /// Each counter the arranger moves is moved likewise in the other player's row (the hole
    /// with the same number from its owner's left; his store for the arranger's store): the
    /// rows stay copies of each other. A move is legal only where both counters can move.
    #[serde(default)]
    pub copied: bool,
    /// The arranger's store is one end of a move too: a counter from his store into one of his
    /// holes (`store-3`), or from one of his holes into his store (`3-store`).
    #[serde(default)]
    pub with_store: bool,
    /// The fewest counters a hole keeps: a move takes no counter from a hole holding `keep` or
    /// fewer (default 0).
    #[serde(default)]
    pub keep: i64,
    /// The arranger may pass (end his arrangement) only while one of his holes holds at least
    /// this many counters, so that a move can be played from it (0: always; he may pass anyway
    /// when he has no other move).
    #[serde(default)]
    pub pass_needs_seeds: i64,
    /// (With `by: first_player`) a first player who ends his arrangement with his row as it
    /// was (he declines it) is blocked: in his moves nothing is captured, no child is made and
    /// no relay stops for a capture, until a move (either player's) takes seeds into its
    /// mover's store or reserve or makes a child, or the round ends (the game variable
    /// `blocked_player`).
    #[serde(default)]
    pub declined_blocks: bool,
    /// The arranger may pass only when his holes pass these tests ("the arrangement must end
    /// with his outer row's first hole the fullest, ..."; four rows; see
    /// [`crate::engine::declare::arrange::shape`]).
    #[serde(default)]
    pub pass_only_when: Option<crate::engine::declare::arrange::shape::Shape>,
    /// A counter moved into an empty hole of the arranger's inner row facing an occupied hole
    /// of the opponent's inner row takes that hole, and the opponent's outer hole behind it
    /// (into the arranger's store or reserve), at most this many times a player (0: never;
    /// four rows). The game variables `arrange_captures_1`, ... count them.
    #[serde(default)]
    pub captures_across: i64,
    /// `arrange_captures_N` of each player (index 0 unused), with `captures_across`.
    #[serde(skip)]
    pub capture_vars: Vec<usize>,
    /// The game variables `arrange_left` (the moves still allowed, 0 once play has begun) and
    /// `arrange_passes` (the passes in a row), declared when setup ends.
    #[serde(skip)]
    pub vars: (usize, usize),
    /// (With `by: first_player`) the game variables `arrange_row_1`, ... holding his row as it
    /// was when he began (-1 before), and `blocked_player` (0: nobody), declared when setup
    /// ends.
    #[serde(skip)]
    pub first_vars: (Vec<usize>, Option<usize>),
}

/// Who arranges, and when (`arrange.by`).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ArrangeBy {
    /// Every player, in turn, before the game's first sowing.
    #[default]
    Each,
    /// The round's loser alone, at the start of each later round (none before play).
    RoundLoser,
    /// The game's first player alone, before play, his single pass ending it: when his row
    /// then differs from what it was, the arrangement was his turn and the other player sows
    /// first; otherwise (he declined) he sows first.
    FirstPlayer,
    /// Every player in turn makes his whole arrangement before the next begins his: he keeps
    /// the turn until he passes (the first player first); the last one's pass ends it.
    EachUntilPass,
}

impl Arrange {
    /// Checks the declaration against the board.
    pub fn check(&self, players: usize) -> Result<(), String> {
        if self.max_moves < 1 {
            return Err(format!(
                "pipeline: arrange: max_moves must be at least 1, not {}",
                self.max_moves
            ));
        }
        if players < 2 {
            return Err(format!(
                "pipeline: arrange: needs two players or more, the board has {players}"
            ));
        }
        if self.pass_needs_seeds < 0 {
            return Err(format!(
                "pipeline: arrange: pass_needs_seeds must be at least 0, not {}",
                self.pass_needs_seeds
            ));
        }
        if self.keep < 0 {
            return Err(format!(
                "pipeline: arrange: keep must be at least 0, not {}",
                self.keep
            ));
        }
        if self.declined_blocks && self.by != ArrangeBy::FirstPlayer {
            return Err("pipeline: arrange: `declined_blocks` needs `by: first_player`".into());
        }
        if self.captures_across < 0 {
            return Err(format!(
                "pipeline: arrange: captures_across must be at least 0, not {}",
                self.captures_across
            ));
        }
        if self.captures_across > 0 && self.copied {
            return Err("pipeline: arrange: captures_across is not played with `copied`".into());
        }
        if (self.copied || matches!(self.by, ArrangeBy::RoundLoser | ArrangeBy::FirstPlayer))
            && players != 2
        {
            return Err(format!(
                "pipeline: arrange: `copied`, `by: round_loser` and `by: first_player` need two players, the board has {players}"
            ));
        }
        Ok(())
    }
}

impl Arrange {
    /// Whether the round's loser arranges, at each later round's start.
    pub fn by_round_loser(&self) -> bool {
        self.by == ArrangeBy::RoundLoser
    }

    /// Checks `by: round_loser` against the rule's rounds (`territory`: holes owned round by
    /// round).
    pub fn check_rounds(
        &self,
        rounds: Option<&crate::engine::declare::rounds::Rounds>,
        territory: bool,
    ) -> Result<(), String> {
        use crate::engine::declare::rounds::{RoundWinner, Tally};
        let by_seeds =
            rounds.is_some_and(|r| r.winner == RoundWinner::MostSeeds && r.tally == Tally::None);
        if self.by_round_loser() && (!by_seeds || territory) {
            return Err("pipeline: arrange: `by: round_loser` needs `rounds` with `winner: most_seeds`, no `tally` and no `territory`".into());
        }
        Ok(())
    }

    /// Checks the steps that read the board's rows (`pass_only_when`, `captures_across`: four
    /// rows) against board `l`, and resolves them.
    pub fn link_board(
        &mut self,
        l: &crate::engine::geometry::layout::Layout,
    ) -> Result<(), String> {
        if let Some(s) = self.pass_only_when.as_mut() {
            s.link(l)?;
        }
        if self.captures_across > 0 && !l.four_rows() {
            return Err("pipeline: arrange: captures_across needs a board of four rows of the same length, two a player, created outer, inner, inner, outer".into());
        }
        Ok(())
    }

    /// Checks the declaration and declares its game variables (`vars`) with
    /// `var(name, start value)`.
    /// (`row_holes`: the holes of a player's row, for `by: first_player`.)
    pub fn link(
        &mut self,
        players: usize,
        row_holes: usize,
        mut var: impl FnMut(&str, i64) -> usize,
    ) -> Result<(), String> {
        self.check(players)?;
        // (by the round's loser: nothing before play)
        if self.captures_across > 0 {
            self.capture_vars = std::iter::once(usize::MAX)
                .chain((1..=players).map(|pl| var(&format!("arrange_captures_{pl}"), 0)))
                .collect();
        }
        let first = match self.by {
            ArrangeBy::Each | ArrangeBy::EachUntilPass | ArrangeBy::FirstPlayer => self.max_moves,
            ArrangeBy::RoundLoser => 0,
        };
        self.vars = (var("arrange_left", first), var("arrange_passes", 0));
        if self.by == ArrangeBy::FirstPlayer {
            let row = (1..=row_holes)
                .map(|i| var(&format!("arrange_row_{i}"), -1))
                .collect();
            let blocked = self.declined_blocks.then(|| var("blocked_player", 0));
            self.first_vars = (row, blocked);
        }
        Ok(())
    }
}
