//! Captures after the sowing, as declared (`capture:`): the hole facing the last one, the chain
//! of holes with the given counts, what a grand slam does.

pub mod across;
pub mod chosen;
pub mod end_hole;
pub mod laps;
pub mod reverse;
pub mod words;

use serde::Deserialize;

fn yes() -> bool {
    true
}

fn own_side() -> BeyondSide {
    BeyondSide::Own
}

/// Captures made when the move's sowing has ended.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Capture {
    /// The last seed in one of the mover's own holes that was empty: take the hole opposite and
    /// the last seed.
    pub opposite: Option<Opposite>,
    /// A chain backwards from the last pit over the opponent's holes holding given counts.
    pub chain: Option<Chain>,
    /// The capture across a gap: when the hole after the last one is empty, take the hole
    /// beyond it.
    pub beyond_empty: Option<BeyondEmpty>,
    /// "Capture the hole after the last": when the last seed falls in a hole on `last_in`, the
    /// mover takes the next hole with the sowing (when it holds seeds).
    pub next_hole: Option<NextHole>,
    /// When the last seed falls on the opponent's row (or in the mover's last hole), the mover
    /// takes every hole of the opponent's holding one of the counts.
    pub counted_holes: Option<CountedHoles>,
    /// A last seed in an empty hole on `last_in` gives the mover's store to the opponent.
    pub store_to_opponent: Option<StoreToOpponent>,
    /// A last seed in an opponent's store takes that store's seeds.
    pub opponent_store: bool,
    /// A move of a single seed captures nothing (none of the captures here, nor the capture
    /// across four rows, `sowing::across`).
    pub not_by_single_seed: bool,
    /// The last few seeds: when, after the other captures, the seeds in the holes on `counted`
    /// (any, the opponent's, the mover's own) are at most `at_most` (but some), the mover takes
    /// every seed left in the holes.
    pub last_seeds: Option<LastSeeds>,
    /// The first this many turns (a turn with extra moves counts once) capture nothing, and a
    /// relay does not stop for a capture then (0: captures from the first move).
    pub no_capture_turns: i64,
    /// After the sowing, the mover takes every hole on the side given holding exactly one seed
    /// (children are never taken), wherever the last seed fell.
    pub single_seed_holes: Option<SingleSeedHoles>,
    /// When the last hole holds as many seeds as the hole opposite, the mover takes both.
    pub matching_opposite: bool,
    /// With `matching_opposite`: after the last hole's pair is taken, the take goes on hole by
    /// hole (each hole matched against the hole opposite it) until a hole does not match.
    pub matching_run: Option<MatchingRun>,
    /// Before the sowing, the mover takes every hole facing one of his own holes that holds a
    /// single seed (the hole the move starts from counts with its seeds before the move).
    pub opposite_of_singles_first: bool,
    /// A lap ending where a capture is made captures and the sowing goes on
    /// ([`crate::engine::declare::capture::laps`]).
    pub lap_capture: Option<crate::engine::declare::capture::laps::LapCapture>,
    /// On four rows: a lap ending in the mover's inner row takes the opponent's two holes of
    /// its file ([`crate::engine::declare::capture::across`]); made at the end of each lap by the sowing.
    pub across: Option<crate::engine::declare::capture::across::Across>,
    /// On four rows, with `across`: from some of the mover's holes a lap may go clockwise to
    /// capture, a decision of its own inside the turn
    /// ([`crate::engine::declare::capture::reverse`]).
    pub reverse_laps: Option<crate::engine::declare::capture::reverse::ReverseLapsDecl>,
    /// On four rows: the seeds taken from the facing hole are sown from an end hole of the
    /// mover's inner row, the whole turn played with its decisions
    /// ([`crate::engine::declare::capture::end_hole`]).
    pub from_end_hole: Option<crate::engine::declare::capture::end_hole::FromEndHole>,
    /// After a capture the mover takes more of the opponent's holes, of his choice, one a move
    /// ([`crate::engine::declare::capture::chosen`]).
    pub chosen_holes: Option<crate::engine::declare::capture::chosen::ChosenHoles>,
}

/// Kalah's capture of the hole opposite.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Opposite {
    /// Capture the last seed even when the hole opposite is empty (the "empty capture" rule).
    pub when_opposite_empty: bool,
    /// Take the last seed too (default true); false leaves it in its hole.
    #[serde(default = "yes")]
    pub take_last: bool,
    /// Where the last seed must fall: in a hole of the mover's (default), of the opponent's (the
    /// mover then takes his own hole opposite), or any.
    #[serde(default = "own_side")]
    pub last_in: BeyondSide,
    /// The hole opposite is taken only when it holds one of these counts (empty: any count).
    pub counts: Vec<i64>,
    /// ... at least this many seeds (0: no bound).
    pub at_least: i64,
    /// ... at most this many seeds (0: no bound).
    pub at_most: i64,
    /// ... an even count.
    pub even: bool,
    /// After taking the hole opposite, the sowing goes on from the last hole with its seeds
    /// (a lap ending in an empty hole relays when it captures), until a lap ends without a take.
    pub sow_on: bool,
    /// The seeds of the hole opposite are moved into the last hole (they stay on the board,
    /// in the mover's hole) instead of going to the mover's store; `take_last` must be false.
    pub pull_into_last: bool,
    /// After the take, the next hole along the sowing, while it is empty and where the last
    /// seed may fall, has the hole opposite it taken as well (when that passes the tests above),
    /// and so on along the row.
    pub go_on_while_next_empty: bool,
    /// After the take, the next hole along the sowing, whatever it holds (where the last seed
    /// may fall), has the hole opposite it taken as well (when that passes the tests above), and
    /// so on along the row until a hole opposite fails them. `last_in` is then read by the
    /// holes taken (the first one too), by their owners this round: `own` takes the opponent's
    /// holes, `opponent` the mover's (on two rows of fixed owners, the same as where the last
    /// seed falls).
    pub go_on_along_row: bool,
    /// With `go_on_along_row`: the take is made whatever the last hole held (the last seed need
    /// not fall into an empty hole).
    pub last_occupied_too: bool,
    /// With `go_on_along_row`: the holes after the first go back against the sowing (the
    /// hole before the last, then the one before that, round the mover's circuit), not with it.
    pub go_on_back: bool,
    /// The seeds taken go to the owner of the last hole, not to the mover: a last seed in an
    /// empty hole of the opponent's (with `last_in` `opponent` or `any`) gives him the hole
    /// opposite it, the mover's own.
    pub to_last_hole_owner: bool,
    /// With `go_on_along_row`: what takes that would leave the opponent's row empty do, when
    /// it held seeds before the move: `all` (default) they are made; `leave_first` the mover
    /// takes every hole of the opponent's but his first one holding seeds (his holes in
    /// canonical order), all when only one holds seeds. Without it, `all` or
    /// `all_then_own_row_to_opponent` (the take is made, then the mover's own holes go to the
    /// opponent).
    pub grand_slam: GrandSlam,
    /// The take is made only after a move that changed the opponent's row (one of his holes
    /// holds another count than before the move); after a move that left it as it was, a last
    /// seed in an empty hole of the mover's takes nothing and the mover moves again.
    pub only_if_opponent_row_changed: bool,
}

impl Opposite {
    /// Checks `only_if_opponent_row_changed` against the other keys, in one line.
    pub fn check_row_changed(&self) -> Result<(), String> {
        if self.only_if_opponent_row_changed
            && (self.go_on_along_row || self.sow_on || self.last_in != BeyondSide::Own)
        {
            return Err("pipeline: capture: opposite: `only_if_opponent_row_changed` goes with `last_in: own` and neither `go_on_along_row` nor `sow_on`".into());
        }
        Ok(())
    }

    /// Whether the hole opposite, holding `n` seeds (at least one), passes the count test.
    #[inline]
    pub fn count_ok(&self, n: i64) -> bool {
        (self.counts.is_empty() || self.counts.contains(&n))
            && (!self.even || n % 2 == 0)
            && (self.at_least <= 0 || n >= self.at_least)
            && (self.at_most <= 0 || n <= self.at_most)
    }
}

/// A chain of captures by count (Oware's, by default): the last hole, when it is on the `side`
/// and holds a count that is captured, is taken, then the holes before it (or after it, going
/// `forward`) while they are too, at most `max` holes in all.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Chain {
    /// The counts that are captured (e.g. `[2, 3]`), checked after the last seed fell; empty:
    /// any count (of at least one seed) that passes the other tests.
    pub counts: Vec<i64>,
    /// Only even counts.
    #[serde(default)]
    pub even: bool,
    /// Only counts of at least this (0: no bound).
    #[serde(default)]
    pub at_least: i64,
    /// Only counts of at most this (0: no bound).
    #[serde(default)]
    pub at_most: i64,
    /// Whose holes are taken: the opponent's (default), the mover's own, or any.
    #[serde(default)]
    pub side: ChainSide,
    /// Where the last hole must be for the chain to start at all (default: anywhere `side`
    /// allows); then the chain goes on through the holes on `side` (e.g. `first_on: opponent,
    /// side: any`: a chain that starts on the opponent's row and may go on into the mover's).
    #[serde(default)]
    pub first_on: Option<ChainSide>,
    /// Which way the chain goes on from the last hole: back against the sowing (default) or
    /// forward with it. Stores and closed holes are passed over.
    #[serde(default)]
    pub direction: ChainDirection,
    /// At most this many holes in all (0: no limit; 1: the last hole alone).
    #[serde(default)]
    pub max: i64,
    /// What a move that would take every seed of the opponent does.
    #[serde(default)]
    pub grand_slam: GrandSlam,
    /// A move is a grand slam only when the opponent held seeds in his row before it (a move
    /// taking all the seeds it just gave an empty row is an ordinary capture).
    #[serde(default)]
    pub slam_if_held: bool,
    /// Each hole the chain takes also takes the hole opposite it (when it holds seeds and is no
    /// child); the chain then goes on over the board as those takes leave it. Only with
    /// `grand_slam: all`.
    #[serde(default)]
    pub and_opposite: bool,
    /// The chain goes back (or on) no further than the hole the move was sown from: it never
    /// takes that hole, unless the last seed fell there.
    #[serde(default)]
    pub stops_at_start: bool,
    /// With `and_opposite`: each hole of the line is judged by the count the sowing left in it,
    /// before any take (a hole already taken as the hole opposite an earlier one still carries
    /// the line on); the plain chain is always judged so.
    #[serde(default)]
    pub as_sown: bool,
    /// The last hole is taken on either side (it passes the count tests); the line before it
    /// goes on only from a last hole on `side`, through holes on `side` ("the previous holes of
    /// his own row too"; `rules/baqura.yaml`).
    #[serde(default)]
    pub last_any_side: bool,
    /// Only holes a move has been played from this round are taken (each hole is locked until
    /// its owner plays it); the chain stops at a locked hole.
    #[serde(default)]
    pub only_played_from: bool,
    /// Per player, the variable of his holes played from (resolved when setup ends).
    #[serde(skip)]
    pub played_vars: Vec<usize>,
    /// The mover's own holes with these numbers (from his left) are taken too, whatever `side`
    /// says, as a last hole and along the chain ("a last seed in the opponent's row or in the
    /// mover's rightmost hole").
    #[serde(default)]
    pub also_own_holes: Vec<i64>,
    /// When the last hole is taken, the holes beside it in its row (one each side, not round
    /// the row's ends) are taken too when they pass the same tests ("and the adjacent holes").
    #[serde(default)]
    pub and_row_neighbours: bool,
    /// The seeds taken go to the owner of each hole taken (his store or reserve), not to the
    /// mover ("the owner of the hole captures them").
    #[serde(default)]
    pub to_hole_owner: bool,
    /// A player's first captures by the chain must be of these counts, in order (`[3, 1]`: his
    /// first capture a hole of 3, his second one of 1); after them `counts` apply. Each is one of
    /// `counts` too. Counted per player in the game variables `chain_captures_1`, ...
    #[serde(default)]
    pub first_counts: Vec<i64>,
    /// The game variables counting each player's captures (with `first_counts`; index: player
    /// - 1), made when setup ends.
    #[serde(skip)]
    pub capture_vars: Vec<usize>,
    /// The reason its captures show in the trace ("2 or 3"), made when setup ends.
    #[serde(skip)]
    pub why: String,
}

impl Default for Opposite {
    fn default() -> Self {
        Opposite {
            when_opposite_empty: false,
            take_last: true,
            last_in: BeyondSide::Own,
            counts: Vec::new(),
            at_least: 0,
            at_most: 0,
            even: false,
            sow_on: false,
            pull_into_last: false,
            go_on_while_next_empty: false,
            go_on_along_row: false,
            last_occupied_too: false,
            go_on_back: false,
            grand_slam: GrandSlam::All,
            to_last_hole_owner: false,
            only_if_opponent_row_changed: false,
        }
    }
}

/// The capture across a gap (after the sowing, with the sowing's direction; stores and closed
/// holes are passed over): when the hole after the last one is empty, the mover takes the hole
/// beyond it (on `side`, when it holds seeds); with `repeat`, from there on while the next hole
/// is empty, the one beyond it too.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct BeyondEmpty {
    /// Only when the last hole held seeds before the last seed fell.
    pub last_occupied: bool,
    /// Go on across further gaps.
    pub repeat: bool,
    /// Whose holes are taken (default any).
    pub side: BeyondSide,
    /// Also take the hole opposite the first hole taken (when it holds seeds).
    pub and_opposite: bool,
}

/// The capture of the hole after the last (see [`Capture::next_hole`]).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct NextHole {
    /// Where the last seed must fall (default any hole).
    pub last_in: BeyondSide,
    /// After a take, the mover takes his last hole too.
    pub and_last: bool,
    /// The hole after is taken only when it holds one of these counts (empty: any count).
    pub counts: Vec<i64>,
    /// After a take, the hole after the one taken is taken too when it passes the same tests,
    /// and so on along the sowing.
    pub repeat: bool,
}

/// The take of the opponent's holes by count (see [`Capture::counted_holes`]).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct CountedHoles {
    /// The counts taken (empty: any count of at least one seed).
    pub counts: Vec<i64>,
    /// Also when the last seed falls in the mover's last hole (the one before his store).
    pub or_last_own_hole: bool,
    /// Instead: whenever the move's other captures (those before this one) took seeds, wherever
    /// the last seed fell.
    pub after_capture: bool,
}

/// The loss of the mover's store (see [`Capture::store_to_opponent`]).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct StoreToOpponent {
    /// Where the empty hole must be (default any hole).
    pub last_in: BeyondSide,
}

/// The take of every hole holding one seed (see [`Capture::single_seed_holes`]).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct SingleSeedHoles {
    /// Whose holes are taken (default any).
    pub side: BeyondSide,
    /// The counts taken ("every hole holding 2, 4 or 6"); empty: a single seed.
    pub counts: Vec<i64>,
}

/// Whose holes a capture across a gap takes.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum BeyondSide {
    /// Any hole.
    #[default]
    Any,
    /// The opponent's.
    Opponent,
    /// The mover's own.
    Own,
}

/// The take of the last few seeds (see [`Capture::last_seeds`]).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct LastSeeds {
    /// At most this many seeds left (on `counted`).
    pub at_most: i64,
    /// Whose holes are counted (default any).
    #[serde(default)]
    pub counted: BeyondSide,
    /// Who takes them (default the mover).
    #[serde(default)]
    pub to: LastSeedsTo,
}

/// Who takes the last few seeds.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum LastSeedsTo {
    /// The player who moved.
    #[default]
    Mover,
    /// The player who started the round (the game, without rounds): the game variable
    /// `round_starter`.
    RoundStarter,
}

/// Whose holes a chain takes.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ChainSide {
    /// The opponent's holes.
    #[default]
    Opponent,
    /// The mover's own holes.
    Own,
    /// Any hole.
    Any,
}

/// The take of matching pairs going on from the last hole (`capture.matching_run`): each next
/// hole (stores passed over) holding as many seeds as the hole opposite it is taken with it,
/// until one does not; at most `max` holes each way, the last one counted (0: no limit).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MatchingRun {
    /// Which way the take goes on from the last hole.
    pub direction: MatchingWay,
    /// At most this many holes each way, the last hole counted (0: no limit).
    #[serde(default)]
    pub max: i64,
    /// With `both`: what follows when the first hole against the sowing does not match.
    #[serde(default)]
    pub back_fails: BackFails,
}

/// What a two-way run of matching pairs does when its first hole against the sowing does not
/// match.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum BackFails {
    /// The take ends.
    #[default]
    Stop,
    /// When the run with the sowing was cut by `max` (at least 3), the hole past the last one
    /// it took (with the sowing) is taken if it matches, and the take ends (MancalaGames'
    /// reading: its two-way run carries the first way's next hole over).
    BeyondLimit,
}

/// Which way a run of matching pairs goes on from the last hole.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum MatchingWay {
    /// Against the sowing.
    Back,
    /// With the sowing.
    Forward,
    /// With the sowing, then against it from the last hole (each way up to `max`).
    Both,
}

/// Which way a chain goes on.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ChainDirection {
    /// Against the sowing, to the holes sown before the last one.
    #[default]
    Back,
    /// With the sowing.
    Forward,
    /// Against the track's own direction, whichever way the move was sown.
    AgainstTrack,
    /// Along the track's own direction, whichever way the move was sown.
    AlongTrack,
}

/// Readings of a grand slam (a chain that would take all the opponent's seeds).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum GrandSlam {
    /// The move is played and captures nothing (Oware abapa).
    #[default]
    Nothing,
    /// The move captures them all.
    All,
    /// The move may not be played, unless every legal move is one (then it is played and
    /// captures nothing).
    Illegal,
    /// The move may not be played, even when every move is one (the player then has no move).
    Forbidden,
    /// The move takes all the opponent's seeds but those of his first hole holding seeds (in
    /// sowing order: the mover's rightmost, facing him); a move reaching a single occupied hole
    /// of his takes it.
    LeaveFirst,
    /// The move captures them all and the mover moves again (with `moves.must_feed` he must
    /// then give the opponent seeds, or the game ends as when no move feeds). The opponent
    /// must have held seeds before the move.
    AllMoveAgain,
    /// The move captures them all, then the seeds left in the mover's own holes go to the
    /// opponent (his store, or his reserve without one). The opponent must have held seeds in
    /// his row before the move. Read by `opposite` (a single take) only.
    AllThenOwnRowToOpponent,
}

/// "2 or 3" for counts `[2, 3]`.
pub fn chain_why(counts: &[i64]) -> String {
    let v: Vec<String> = counts.iter().map(|n| n.to_string()).collect();
    match v.len() {
        0 => String::new(),
        1 => v[0].clone(),
        k => format!("{} or {}", v[..k - 1].join(", "), v[k - 1]),
    }
}
