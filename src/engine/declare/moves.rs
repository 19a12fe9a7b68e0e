//! Which holes the mover may play: beyond his open holes that hold seeds, where the last seed
//! may or must land, grand slams, feeding an opponent without seeds. Parsed from the
//! declaration's `moves:`.

use serde::Deserialize;

/// Which holes the mover may play (beyond "his open holes that hold seeds").
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Moves {
    /// Only holes whose single lap ends in a pit of one of these kinds.
    pub landing: Option<Vec<Landing>>,
    /// Only holes holding exactly as many seeds as their number (Tchoukaillon's c == d).
    pub seeds_equal_number: bool,
    /// When the next player has no seeds, only moves that give him some (Oware's must-feed).
    pub must_feed: bool,
    /// Only holes holding at least this many seeds (0 or 1: any hole holding seeds).
    pub min_seeds: i64,
    /// With `must_feed`: when no move gives the next player seeds, every move is legal (rather
    /// than none).
    pub feed_if_able: bool,
    /// With `must_feed` and holes where the mover chooses the direction: such a hole is legal in
    /// both directions when either direction feeds (default: only the directions that feed).
    pub feed_either_direction: bool,
    /// With `must_feed`: a move feeds when the next player holds seeds after its sowing and its
    /// captures (a capture may take the seeds just given), not after the sowing alone.
    pub feed_after_captures: bool,
    /// With `must_feed` and `feed_after_captures`: every move must leave the next player seeds
    /// (once sown and captured), not only when he has none before it ("play so that the
    /// opponent can play next turn": a move taking his last seeds is not legal when another
    /// leaves him some).
    pub feed_always: bool,
    /// With `must_feed` and `feed_after_captures`: a move feeds only when the next player also
    /// holds seeds after its first lap, sown alone (an engine that checks the feeding after
    /// each lap of a relay sowing, Ludii's).
    pub feed_after_first_lap: bool,
    /// The mover may play from any open hole, his opponent's too (moves are then written with
    /// the row: `S3`, `N5`).
    pub any_row: bool,
    /// Two players: the mover plays only from his opponent's holes (moves are then written
    /// with the row: `N3`); the holes he owns stay his for everything else (the seeds he holds,
    /// the captures by side, the ends).
    pub from_opponent_row: bool,
    /// With `landing`: only holes holding at most this many seeds are tested; a hole holding
    /// more is legal wherever it lands (0: every hole is tested).
    pub landing_up_to: i64,
    /// A hole holding a single seed is legal only when that seed falls into an empty hole.
    pub single_seed_to_empty: bool,
    /// The same, but only once a move of the mover's has left every hole of his holding one
    /// seed or none, for the rest of the game ("once his holes hold single counters, a single
    /// counter moves only into an empty hole").
    pub single_seed_to_empty_once_all_single: bool,
    /// Per player (index 0 unused), the game variable `all_single_N` of
    /// `single_seed_to_empty_once_all_single`: 1 once a move of his has left his holes so
    /// (declared when setup ends).
    #[serde(skip)]
    pub all_single_vars: Vec<usize>,
    /// Holes of few seeds only, until some of the player's seeds are taken (see
    /// [`crate::engine::declare::few_seeds_first`]).
    pub few_seeds_until_taken: Option<crate::engine::declare::few_seeds_first::FewSeedsFirst>,
    /// On four rows (two a player): a move starts only from a hole of the mover's inner row.
    pub inner_row_only: bool,
    /// Holes holding exactly this many seeds are legal only when every other legal hole holds
    /// as many (0: no such rule).
    pub last_resort_count: i64,
    /// A single seed that the previous move sowed from an end hole of a row into the hole facing
    /// it (across the board's end) may not be played straight back: that hole is not a legal
    /// move while it holds that one seed.
    pub no_single_return: bool,
    /// The same across the middle of the board: a single seed that the previous move sowed
    /// from one of the two middle holes of a row into the hole of the same number in the other
    /// row (a zigzag track's crossing of the middle) may not be played straight back, unless
    /// that move captured.
    pub no_single_return_across_middle: bool,
    /// When the next player has no seeds in his holes, the move gives him one instead of
    /// sowing: from the hole played (one holding two seeds or more) one seed goes into his
    /// first hole, and the mover moves again.
    pub give_one_to_empty: bool,
    /// The first turns of a game (and of each round) are played differently: from some holes
    /// only, and perhaps sown so that the last seed falls on the opponent's side.
    pub opening: Option<Opening>,
    /// Until a player has played from every one of his holes, he may play only from those he
    /// has not played from yet (counted afresh each round).
    pub every_hole_first: bool,
    /// A hole facing an opponent's hole that holds exactly one seed is not legal.
    pub not_facing_single: bool,
    /// A hole holding a single seed is not legal when that seed would fall into an opponent's
    /// hole holding one of these counts ("a lone seed may not make a four in the opponent's
    /// row"; empty: no such rule).
    pub single_seed_not_into_opponent_holding: Vec<i64>,
    /// A hole holding a single seed is not legal when that seed would fall into the hole the
    /// previous move was sown from ("a lone seed may not go straight back"; the game variable
    /// `last_start` keeps that hole).
    pub single_seed_not_to_last_start: bool,
    /// A move starts only from a hole whose hole before it along the mover's sowing is empty
    /// ("sow from a hole that follows an empty one"); not in an opening without its filters.
    pub after_empty_hole: bool,
    /// With `last_resort_count`: when every legal hole holds that count, only the rightmost of
    /// them (the highest-numbered from the mover's left) is legal.
    pub last_resort_rightmost: bool,
    /// The first move of a game (and of each round) may be played only from the this many
    /// rightmost legal holes (0: no such rule).
    pub first_move_rightmost: i64,
    /// The first move of a game (and of each round) is not sown: the hole played keeps its
    /// seeds; going round the board from it the way of the sowing, the next holes lose one seed
    /// and gain one in turn (the first one loses; a hole holding none loses none); the hole
    /// opposite the hole played then gains one more, and the captures are judged there, as
    /// where a last seed fell.
    pub first_move_takes_and_gives: bool,
    /// Besides his holes, the mover may sow seeds from his own store: as many as he chooses (one
    /// to all it holds), sown from the store's place along the track, the pit after it first;
    /// written `store:4` (see [`crate::engine::declare::from_store`]).
    pub sow_from_store: bool,
    /// The game variable counting the moves of the round, for `first_move_rightmost` (declared
    /// when setup ends).
    #[serde(skip)]
    pub moves_var: Option<usize>,
    /// A move diffuses the seeds of its hole, one to each neighbour, rather than sowing them
    /// (see [`crate::engine::declare::diffuse`]).
    pub diffuse: Option<crate::engine::declare::diffuse::Diffuse>,
    /// At first the holes at the ends of the mover's rows are out of play (neither played
    /// from nor sown into), for as long as this says (see
    /// [`crate::engine::declare::row_ends_first`]).
    pub row_ends_out_first: Option<crate::engine::declare::row_ends_first::RowEndsOut>,
}

/// The opening turns (`moves.opening`): what differs in the first `turns` turns of a game and
/// of each round (a turn: one player's moves until the turn passes).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Opening {
    /// How many turns (at least 1).
    pub turns: i64,
    /// The holes the mover may play from in them, numbered from his left (empty: any).
    pub holes: Vec<i64>,
    /// Whether the other filters of `moves` (landing, single seeds, ...) apply in them too
    /// (default true).
    pub filters: bool,
    /// Each move of the opening is sown as one lap (no relay), and its last seed, when it would
    /// fall into one of the mover's holes (or a store), goes on to the next hole of another
    /// player's.
    pub last_to_opponent: bool,
    /// Each move of the opening takes its hole's seeds out of the game rather than sowing them
    /// ("empty one of your holes before play"): they count for nobody, and the move captures
    /// nothing.
    pub removes: bool,
    /// Each move of the opening is sown as one lap: no relay.
    pub one_lap: bool,
    /// (four rows) the holes of the opening are those of the mover's inner row only (of them,
    /// those `holes` numbers, when it names any).
    pub inner_row: bool,
    /// (four rows) the holes of the opening are those of the mover's outer row only (of them,
    /// those `holes` numbers, when it names any).
    pub outer_row: bool,
    /// What the mover plays when none of the opening's holes gives him a move (one emptied by a
    /// capture, say).
    pub when_blocked: WhenBlocked,
}

/// What a mover plays in the opening when none of its holes gives him a move
/// (`moves.opening.when_blocked`).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum WhenBlocked {
    /// Nothing: he has no move.
    #[default]
    NoMove,
    /// Any move of his after the opening (from any of his holes, with the other filters).
    AnyHole,
    /// Only a move of the last resort (`last_resort_count`), from any of his holes.
    LastResort,
}

impl Default for Opening {
    fn default() -> Opening {
        Opening {
            turns: 0,
            holes: Vec::new(),
            filters: true,
            last_to_opponent: false,
            removes: false,
            inner_row: false,
            outer_row: false,
            one_lap: false,
            when_blocked: WhenBlocked::NoMove,
        }
    }
}

impl Moves {
    /// Whether a legal hole is more than an open hole holding enough seeds (the slow path).
    #[inline]
    pub fn filtered(&self) -> bool {
        self.seeds_equal_number
            || self.landing.is_some()
            || self.single_seed_to_empty
            || self.single_seed_to_empty_once_all_single
            || self.few_seeds_until_taken.is_some()
            || self.last_resort_count > 0
            || self.first_move_rightmost > 0
    }
}

/// A kind of pit a lap can end in.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Landing {
    /// Any store.
    Store,
    /// A hole holding seeds when the last seed falls.
    OccupiedHole,
    /// A hole that is empty when the last seed falls.
    EmptyHole,
    /// A hole of another player's (empty or not).
    OpponentHole,
}

impl Moves {
    /// Declares the variables of the players' phases of the legal holes (`few_seeds_until_taken`,
    /// `single_seed_to_empty_once_all_single`) with `var(name, start value)`, for `players`
    /// players; one error line naming the key.
    pub fn link_phases(
        &mut self,
        players: usize,
        mut var: impl FnMut(&str, i64) -> usize,
    ) -> Result<(), String> {
        if self.single_seed_to_empty_once_all_single {
            self.all_single_vars = std::iter::once(usize::MAX)
                .chain((1..=players).map(|pl| var(&format!("all_single_{pl}"), 0)))
                .collect();
        }
        if let Some(f) = self.few_seeds_until_taken.as_mut() {
            f.link(players, var)?;
        }
        Ok(())
    }
}
