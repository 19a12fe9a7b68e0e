//! What ends a game or a round, as declared (`end:`): the checks after each move, their
//! conditions and outcomes, the sweep of the seeds left, who starts the next round.

use serde::Deserialize;

/// A condition checked after each move.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Cond {
    /// Some player has no seeds in his open holes.
    SideEmpty,
    /// Some player's row has no seeds in its open holes, whoever owns them this round (with
    /// holes owned round by round; otherwise as `side_empty`).
    RowEmpty,
    /// The player to move has no seeds in his open holes.
    ToMoveEmpty,
    /// The player to move has no seeds in his inner row (his row nearest the board's middle:
    /// on four rows the one facing the opponent's).
    ToMoveInnerEmpty,
    /// The player who moved has no seeds left in his open holes.
    MoverEmpty,
    /// The other player (two players) of the one who moved has no seeds in his open holes.
    OpponentEmpty,
    /// The other player (two players) of the one who moved has no legal move, whoever moves next.
    OpponentNoMove,
    /// The player to move has no legal move (by the declared `moves`).
    NoMove,
    /// Every open hole is empty (all seeds stored or captured; a child's seeds are its owner's).
    AllStored,
    /// The last seed fell into a hole that was empty.
    LastInEmptyHole,
    /// The last seed fell into one of `pits` (default: into any hole).
    LastIn,
    /// A player holds more than half the seeds (stores plus reserve), or two players half each.
    Majority,
    /// A player holds more than `limit` seeds (stores plus reserve), or two players `limit` each:
    /// enough to decide a round or a match before the seeds run out.
    HoldsMoreThan,
    /// Some player holds no seeds at all: none in his own open holes (children aside), his
    /// store or his reserve ("a player left with no counters has lost").
    HoldsNothing,
    /// The move counter (`count_moves`) reached `limit` (a `limit` of 0 never does).
    MovesReached,
    /// The sowing stopped at its lap limit (`at_max_laps: "stop"`).
    Stopped,
    /// The mover's captures across this turn took the files at `limit` of the board's two
    /// ends (2: both; 0: never), with `capture.reverse_laps` ("capturing on both ends of the
    /// board in one turn wins").
    EndFilesCaptured,
    /// The seeds a player does not hold (the others' stores and reserves, and every hole's)
    /// cannot fill `limit` holes of `rounds.fill` seeds: he has all but a few (a round or match
    /// decided).
    OthersCannotFill,
    /// Fewer than `limit` seeds are left in the open holes, but some (too few for any capture).
    FewLeft,
    /// At most `limit` seeds are left in the open holes (none included).
    LeftAtMost,
    /// Every open hole holds at most `limit` seeds (no capture or relay is left to make: "the
    /// holes hold only single seeds").
    HolesAtMost,
    /// The position (every pit's seeds, the reserves, the closed holes and the player to move)
    /// is one already seen since the number of seeds in the holes last changed (a capture).
    RepeatedPosition,
}

/// What a condition that holds does.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The game ends; the player holding the most seeds (stores plus reserve) wins, equal is a draw.
    MostSeeds,
    /// The game ends; the player who moved wins.
    MoverWins,
    /// The game ends; the other player (two players) of the one who moved wins.
    MoverLoses,
    /// The game ends; the other player (two players) of the one to move wins.
    ToMoveLoses,
    /// The game ends without a winner (a draw, or a lost solitaire).
    NoWinner,
    /// The game ends; the player with the fewest seeds in his open holes wins (the mover when
    /// they hold as few), as in games won by emptying your own row.
    FewestInHoles,
    /// The game ends; the player with the most seeds in his open holes wins (what he captured
    /// not counted), equal is a draw: games whose captures leave the board.
    MostInHoles,
    /// The game ends; the player whose children hold the most seeds wins (his store and reserve
    /// not counted), equal is a draw; with `sweep: into_children` the odd seed then goes to the
    /// player whose children hold fewer.
    MostInChildren,
    /// The round ends (see `rounds`).
    Round,
    /// The round of a tallied match (`rounds.tally`) ends, won by the mover (whatever the seeds
    /// held).
    RoundMoverWins,
    /// The round of a tallied match ends, won by the mover's opponent (two players).
    RoundMoverLoses,
    /// The round of a tallied match ends, lost by the player to move.
    RoundToMoveLoses,
    /// The round of a tallied match ends, scored as any round (by the seeds held), and it is the
    /// match's last: the bigger tally wins, level a draw.
    LastRound,
    /// The tallied match ends as its tallies stand (the round not scored): the bigger tally
    /// wins, level a draw.
    TallyDecides,
}

impl Outcome {
    /// Whether it ends a round (`round`, `round_mover_wins`, ...).
    pub fn ends_round(self) -> bool {
        matches!(
            self,
            Outcome::Round
                | Outcome::RoundMoverWins
                | Outcome::RoundMoverLoses
                | Outcome::RoundToMoveLoses
                | Outcome::LastRound
                | Outcome::TallyDecides
        )
    }
}

/// Where the seeds left in the holes go.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Sweep {
    /// They stay.
    #[default]
    None,
    /// Each open hole's seeds go to the hole's owner.
    Owners,
    /// Each open hole's seeds go to its row's owner, whoever owns the hole this round.
    RowOwners,
    /// Every open hole's seeds go to the player who moved.
    Mover,
    /// Every open hole's seeds go to the player who is not to move (of two players; after an
    /// extra turn the mover's opponent, otherwise the mover): the one the player to move could
    /// not give seeds to, when the end is his lack of a move.
    Waiting,
    /// Every open hole's seeds go to the one player (of two) whose holes still hold seeds,
    /// "the player who cannot move, the other takes the rest" (with `territory`, the holes he
    /// owns this round); when both or neither do, each open hole's seeds go to its owner.
    StillHolding,
    /// Every open hole's seeds go to the second player, whoever moved or emptied his holes.
    SecondPlayer,
    /// The seeds left are shared equally between two players; an odd seed goes to the player
    /// holding fewer (to player 2 when they hold as many).
    Split,
    /// The seeds left are taken out of the game, scored for nobody.
    Discard,
    /// The seeds left go into the players' children (two players): shared equally, an odd seed
    /// to the player holding fewer (stores, reserve and children; to player 2 when level), each
    /// share into its player's last child in board order; a player without a child gets none
    /// (the other takes it all); with no child on the board they leave the game.
    IntoChildren,
}

/// Who starts the next round.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Starter {
    /// The player who made the last move.
    Mover,
    /// The player to move.
    #[default]
    ToMove,
    /// The player after the one who moved (his opponent, of two), whatever passes follow; the
    /// mover himself when his turn is not over (a relay cut short by an emptied side,
    /// `relay_stops_when_side_empty`).
    AfterMover,
    /// The player who did not start the round that ended.
    Alternate,
    /// The round's winner (on a level round, the player to move: where players pass, the one
    /// the last move handed the turn to, before the passes).
    Winner,
    /// The round's loser (on a level round, the other of the player to move, read as for
    /// `Winner`).
    Loser,
}

impl Starter {
    /// Whether the starter is read from the round's result (`winner`, `loser`): a level round
    /// then reads the player to move.
    pub fn by_result(self) -> bool {
        matches!(self, Starter::Winner | Starter::Loser)
    }
}

/// One check of the `end` list.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct EndCheck {
    /// The condition.
    pub when: Cond,
    /// The number `moves_reached` compares with.
    #[serde(default)]
    pub limit: i64,
    /// Checked before the turn passes (default: after).
    #[serde(default)]
    pub before_turn: bool,
    /// For `last_in` and `last_in_empty_hole`: only when the last seed fell into one of these
    /// pits (ids).
    #[serde(default)]
    pub pits: Option<Vec<i64>>,
    /// `pits` as a mask by pit id (resolved when setup ends).
    #[serde(skip)]
    pub pit_mask: Vec<bool>,
    /// A note for the trace: `[kind, text]` (text placeholders in braces, see rules/README.md).
    #[serde(default)]
    pub note: Option<(String, String)>,
    /// Where the seeds left in the holes go first.
    #[serde(default)]
    pub sweep: Sweep,
    /// The reason of the sweep's captures in the trace.
    #[serde(default = "end_of_game")]
    pub why: String,
    /// What happens.
    pub then: Outcome,
    /// Who starts the next round (`then: round`).
    #[serde(default)]
    pub starter: Starter,
}

fn end_of_game() -> String {
    "end of game".into()
}

/// Which end of a row the refill starts from.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum End {
    /// The owner's right end (holes close from the left).
    #[default]
    Right,
    /// The owner's left end (holes close from the right).
    Left,
    /// Alternately from the two ends, inwards, each row starting at the end on the board's left
    /// as drawn (the first player's left end, the second player's right end); the middle holes
    /// are filled last and close first.
    OutsideIn,
}

impl End {
    /// The word naming it in a rule.
    pub fn word(self) -> &'static str {
        match self {
            End::Right => "right",
            End::Left => "left",
            End::OutsideIn => "outside_in",
        }
    }

    /// The index into a row of `n` holes (as the row lists them, from its owner's left) of the
    /// `i`-th hole filled; `first`: the row is the first player's.
    pub fn nth(self, i: usize, n: usize, first: bool) -> usize {
        let from_left = match self {
            End::Right => return n - 1 - i,
            End::Left => return i,
            End::OutsideIn => i.is_multiple_of(2) == first,
        };
        if from_left {
            i / 2
        } else {
            n - 1 - i / 2
        }
    }
}

/// What a pipeline's end checks need of the move, read once at load.
pub struct ChecksFlags {
    /// A check ends the game on a repeated position: positions are recorded.
    pub repetition: bool,
    /// No check runs before the turn passes.
    pub none_before_turn: bool,
    /// Every check runs before the turn passes.
    pub none_after_turn: bool,
}

/// The flags of `end` (the checks of a pipeline that counts its moves with `counts_moves`), or
/// the error of a check that cannot work.
pub fn checks_flags(end: &[EndCheck], counts_moves: bool) -> Result<ChecksFlags, String> {
    if let Some(i) = end
        .iter()
        .position(|c| c.when == Cond::RepeatedPosition && c.before_turn)
    {
        return Err(format!(
            "pipeline: end[{i}]: `when: repeated_position` is checked after the turn passes (the position includes the player to move): drop `before_turn`"
        ));
    }
    if end.iter().any(|c| c.when == Cond::MovesReached) && !counts_moves {
        return Err(
            "pipeline: an end check says `when: moves_reached` but `count_moves` names no variable"
                .into(),
        );
    }
    Ok(ChecksFlags {
        repetition: end.iter().any(|c| c.when == Cond::RepeatedPosition),
        none_before_turn: !end.iter().any(|c| c.before_turn),
        none_after_turn: end.iter().all(|c| c.before_turn),
    })
}
