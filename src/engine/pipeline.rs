//! The declared move: what a rule file says happens on every move (which holes are legal, the
//! captures after the sowing, extra turns, passing, what ends a game or a round, the sweep, rounds),
//! as data the core runs natively (see [`crate::engine::declared`]).
//!
//! A rule script declares it once in `setup()` with `this.pipeline(#{ ... })`; a data rule file
//! (`rules/NAME.yaml`) writes the same keys under `pipeline:`. Every key and word is checked when
//! the rule loads: an unknown one is one error line naming the key and the allowed words.

use serde::Deserialize;

use crate::engine::board::Layout;

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
    /// The last few seeds: when, after the other captures, the seeds in the holes on `counted`
    /// (any, the opponent's, the mover's own) are at most `at_most` (but some), the mover takes
    /// every seed left in the holes.
    pub last_seeds: Option<LastSeeds>,
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

/// Kalah's capture of the hole opposite.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Opposite {
    /// Capture the last seed even when the hole opposite is empty (the "empty capture" rule).
    pub when_opposite_empty: bool,
    /// Take the last seed too (default true); false leaves it in its hole.
    #[serde(default = "yes")]
    pub take_last: bool,
}

impl Default for Opposite {
    fn default() -> Self {
        Opposite {
            when_opposite_empty: false,
            take_last: true,
        }
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
    /// The reason its captures show in the trace ("2 or 3"), made when setup ends.
    #[serde(skip)]
    pub why: String,
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
}

/// When the mover moves again.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ExtraTurn {
    /// Never: the turn passes after every move.
    #[default]
    None,
    /// When the last seed fell into a store.
    Store,
    /// When the captures after the sowing took seeds.
    Capture,
    /// Either.
    StoreOrCapture,
}

/// What a player without a legal move does, when the turn comes to him.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Pass {
    /// The per-player counter a pass adds one to (declared by the core when missing).
    #[serde(default = "penalties")]
    pub counter: String,
    /// A player whose counter reaches this is out (skipped; the last player left in wins); 0:
    /// never out.
    #[serde(default)]
    pub out_at: i64,
}

fn penalties() -> String {
    "penalties".into()
}

/// A condition checked after each move.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Cond {
    /// Some player has no seeds in his open holes.
    SideEmpty,
    /// The player to move has no seeds in his open holes.
    ToMoveEmpty,
    /// The player who moved has no seeds left in his open holes.
    MoverEmpty,
    /// The player to move has no legal move (by the declared `moves`).
    NoMove,
    /// Every open hole is empty (all seeds stored or captured).
    AllStored,
    /// The last seed fell into a hole that was empty.
    LastInEmptyHole,
    /// The last seed fell into one of `pits` (default: into any hole).
    LastIn,
    /// A player holds more than half the seeds (stores plus reserve), or two players half each.
    Majority,
    /// The move counter (`count_moves`) reached `limit` (a `limit` of 0 never does).
    MovesReached,
    /// The sowing stopped at its lap limit (`at_max_laps: "stop"`).
    Stopped,
    /// The seeds a player does not hold (the others' stores and reserves, and every hole's)
    /// cannot fill `limit` holes of `rounds.fill` seeds: he has all but a few (a round or match
    /// decided).
    OthersCannotFill,
    /// Fewer than `limit` seeds are left in the open holes, but some (too few for any capture).
    FewLeft,
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
    /// The game ends without a winner (a draw, or a lost solitaire).
    NoWinner,
    /// The game ends; the player with the fewest seeds in his open holes wins (the mover when
    /// they hold as few), as in games won by emptying your own row.
    FewestInHoles,
    /// The round ends (see `rounds`).
    Round,
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
    /// Every open hole's seeds go to the player who moved.
    Mover,
    /// The seeds left are shared equally between two players; an odd seed goes to the player
    /// holding fewer (to player 2 when they hold as many).
    Split,
    /// The seeds left are taken out of the game, scored for nobody.
    Discard,
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
    /// The player who did not start the round that ended.
    Alternate,
    /// The round's winner (on a level round, the player to move).
    Winner,
    /// The round's loser (on a level round, the other of the player to move).
    Loser,
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
}

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

fn yes() -> bool {
    true
}

/// A trace note: `(kind, text)`.
pub type Note = (String, String);

/// The texts of the notes the core writes (an empty text writes none).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Notes {
    /// The mover moves again.
    pub extra: Note,
    /// The sowing stopped at the lap limit.
    pub stopped: Note,
    /// A grand slam captured nothing.
    pub grand_slam: Note,
    /// A player passed and took a penalty.
    pub penalty: Note,
    /// A player is out.
    pub out: Note,
    /// The last player left in wins.
    pub last_left: Note,
    /// A round was scored.
    pub round_result: Note,
    /// A player cannot fill a hole: the match ends.
    pub cannot_fill: Note,
    /// The round limit ended the match.
    pub max_rounds: Note,
    /// A player refilled his row.
    pub refill: Note,
    /// A round starts.
    pub round_start: Note,
}

fn note(kind: &str, text: &str) -> Note {
    (kind.to_string(), text.to_string())
}

impl Default for Notes {
    fn default() -> Notes {
        Notes {
            extra: note("extra", "the last seed fell into the store: move again"),
            stopped: note(
                "max_laps",
                "the move still relays after {laps} laps: it stops (max_laps)",
            ),
            grand_slam: note(
                "grand slam",
                "the move would capture all the opponent's seeds: nothing is captured",
            ),
            penalty: note(
                "penalty",
                "player {player} cannot move: he passes and takes penalty {penalties}",
            ),
            out: note("out", "player {player} has {penalties} penalties: he is out"),
            last_left: note("win", "player {winner} is the last player left in: he wins"),
            round_result: note(
                "round_result",
                "round {round}: {name1} captured {capture1}, {name2} {capture2}: {result}",
            ),
            cannot_fill: note(
                "match_end",
                "{loser_name} has {reserve} seeds and cannot fill a hole: {winner_name} wins the match",
            ),
            max_rounds: note(
                "match_end",
                "{round} rounds played (max_rounds): reserves {reserve1}/{reserve2}",
            ),
            refill: note(
                "refill",
                "{player_name} fills {filled} hole(s) from the {from}, closes {closed}, keeps {reserve} in reserve",
            ),
            round_start: note("round_start", "round {round}: {player_name} starts"),
        }
    }
}

/// A declared move pipeline.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Pipeline {
    /// Which holes are legal.
    pub moves: Moves,
    /// Captures after the sowing.
    pub capture: Capture,
    /// When the mover moves again.
    pub extra_turn: ExtraTurn,
    /// A game variable counting moves (declared by the core when missing; reset each round).
    pub count_moves: Option<String>,
    /// Passing: what a player without a legal move does (default: nothing; an `end` check
    /// `no_move` usually ends the game instead).
    pub pass: Option<Pass>,
    /// Checks after each move, in order; the first that holds applies.
    pub end: Vec<EndCheck>,
    /// Rounds, for `then: round`.
    pub rounds: Option<Rounds>,
    /// Player names for notes (`{mover_name}`, ...); default `player N`.
    pub names: Vec<String>,
    /// The texts of the core's notes.
    pub notes: Notes,
    /// Indices resolved against the layout when setup ends.
    #[serde(skip)]
    pub at: Resolved,
}

/// Variable and counter indices of a pipeline, resolved when setup ends.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolved {
    /// `count_moves`'s variable.
    pub moves_var: Option<usize>,
    /// The pass counter.
    pub pass_counter: Option<usize>,
    /// `round`.
    pub round_var: Option<usize>,
    /// `start_reserve_1`, `start_reserve_2`, ...
    pub start_reserve_vars: Vec<usize>,
    /// `round_starter`: who started the round (0 until the first check at setup).
    pub round_starter_var: Option<usize>,
    /// Hook functions the rule script defines: `on_pass`, `on_round_end`, `on_game_end`.
    pub hooks: Hooks,
    /// `holes_of[player]`: the player's holes in canonical order (index 0: holes of nobody).
    pub holes_of: Vec<Vec<usize>>,
    /// Whether an end check asks for `repeated_position`: the positions since the last capture
    /// are then remembered on the board ([`crate::engine::board::Seen`]).
    pub track_repetition: bool,
    /// No end check is made before the turn passes (that phase is skipped).
    pub none_before_turn: bool,
    /// No end check is made after the turn passes (that phase is skipped).
    pub none_after_turn: bool,
}

/// Which hook functions a rule script defines (the core calls them on declared events).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hooks {
    /// `fn on_pass(player)`.
    pub pass: bool,
    /// `fn on_round_end(round)`.
    pub round_end: bool,
    /// `fn on_game_end()`.
    pub game_end: bool,
}

/// The keys of a pipeline, in the order of the guide.
pub const KEYS: &[&str] = &[
    "moves",
    "capture",
    "extra_turn",
    "count_moves",
    "pass",
    "end",
    "rounds",
    "names",
    "notes",
];

impl Pipeline {
    /// Reads a pipeline from a JSON value (a Rhai map converted), naming the key that is wrong.
    pub fn from_json(v: serde_json::Value) -> Result<Pipeline, String> {
        match serde_json::from_value::<Pipeline>(v.clone()) {
            Ok(p) => Ok(p),
            Err(e) => Err(locate(&v, e.to_string())),
        }
    }

    /// Checks the declaration against the layout and resolves names (when setup ends). Declares
    /// the variables and counters it uses that the script did not declare.
    pub fn link(&mut self, l: &mut Layout, vars: &mut Vec<i64>) -> Result<(), String> {
        let mut var = |l: &mut Layout, name: &str, init: i64| -> usize {
            match l.var_index(name) {
                Some(i) => i,
                None => {
                    l.vars.push(name.to_string());
                    vars.push(init);
                    l.vars.len() - 1
                }
            }
        };
        if let Some(c) = &mut self.capture.chain {
            c.why = crate::engine::declared::chain_why(&c.counts);
        }
        self.at.moves_var = self.count_moves.as_deref().map(|n| var(l, n, 0));
        self.at.holes_of = (0..=l.players)
            .map(|pl| {
                l.holes
                    .iter()
                    .copied()
                    .filter(|&h| l.pits[h].owner == pl)
                    .collect()
            })
            .collect();
        if self.rounds.is_some() {
            if l.players != 2 {
                return Err(format!(
                    "pipeline: rounds are for two players, the board has {}",
                    l.players
                ));
            }
            for p in 1..=2 {
                if l.rows.iter().filter(|r| r.owner == p).count() != 1 {
                    return Err(format!(
                        "pipeline: rounds need one row per player (player {p} has {})",
                        l.rows.iter().filter(|r| r.owner == p).count()
                    ));
                }
            }
            for p in 1..=2 {
                if l.stores.iter().filter(|&&s| l.pits[s].owner == p).count() > 1 {
                    return Err(format!(
                        "pipeline: rounds need at most one store per player (player {p} has more)"
                    ));
                }
            }
            if self.rounds.as_ref().is_some_and(|r| r.min_holes < 1) {
                return Err("pipeline: rounds: `min_holes` must be at least 1".into());
            }
            if self.end.iter().any(|c| c.starter == Starter::Alternate) {
                self.at.round_starter_var = Some(var(l, "round_starter", 0));
            }
            self.at.round_var = Some(var(l, "round", 1));
            self.at.start_reserve_vars = (1..=2)
                .map(|p| var(l, &format!("start_reserve_{p}"), 0))
                .collect();
        }
        for (i, c) in self.end.iter_mut().enumerate() {
            if let Some(pits) = &c.pits {
                let mut mask = vec![false; l.pits.len()];
                for &q in pits {
                    if q < 0 || q as usize >= l.pits.len() {
                        return Err(format!(
                            "pipeline: end[{i}].pits: no pit {q} (pit ids go from 0 to {})",
                            l.pits.len() as i64 - 1
                        ));
                    }
                    mask[q as usize] = true;
                }
                c.pit_mask = mask;
            }
        }
        let round_checks = self.end.iter().any(|c| c.then == Outcome::Round);
        if round_checks && self.rounds.is_none() {
            return Err(
                "pipeline: an end check says `then: round` but no `rounds` are declared".into(),
            );
        }
        if self.rounds.as_ref().is_some_and(|r| r.fill < 1) {
            return Err("pipeline: rounds: `fill` must be at least 1".into());
        }
        if let Some(p) = &self.pass {
            if l.counter_index(&p.counter).is_none() {
                l.counters.push(p.counter.clone());
            }
            self.at.pass_counter = l.counter_index(&p.counter);
        }
        if let Some(i) = self
            .end
            .iter()
            .position(|c| c.when == Cond::RepeatedPosition && c.before_turn)
        {
            return Err(format!(
                "pipeline: end[{i}]: `when: repeated_position` is checked after the turn passes (the position includes the player to move): drop `before_turn`"
            ));
        }
        self.at.track_repetition = self.end.iter().any(|c| c.when == Cond::RepeatedPosition);
        if self.end.iter().any(|c| c.when == Cond::MovesReached) && self.count_moves.is_none() {
            return Err(
                "pipeline: an end check says `when: moves_reached` but `count_moves` names no variable"
                    .into(),
            );
        }
        self.at.none_before_turn = !self.end.iter().any(|c| c.before_turn);
        self.at.none_after_turn = self.end.iter().all(|c| c.before_turn);
        Ok(())
    }

    /// The pipeline in words, one step a line (for `sowlab rules NAME`).
    pub fn describe(&self) -> Vec<String> {
        let mut out = Vec::new();
        let m = &self.moves;
        let mut legal = "the mover's open holes that hold seeds".to_string();
        if let Some(kinds) = &m.landing {
            let k: Vec<&str> = kinds.iter().map(|k| landing_word(*k)).collect();
            legal.push_str(&format!(", whose last seed falls into {}", or_list(&k)));
        }
        if m.seeds_equal_number {
            legal.push_str(", holding exactly as many seeds as their number");
        }
        if m.min_seeds > 1 {
            legal.push_str(&format!(", holding at least {} seeds", m.min_seeds));
        }
        if m.must_feed {
            legal.push_str("; when the next player has no seeds, only moves that give him some");
            if m.feed_if_able {
                legal.push_str(" (any move when none does)");
            }
        }
        out.push(format!("legal moves: {legal}"));
        if let Some(o) = &self.capture.opposite {
            out.push(format!(
                "capture: a last seed in an empty hole of the mover's takes the hole opposite and itself{}",
                if o.when_opposite_empty {
                    " (also when the hole opposite is empty)"
                } else {
                    " (when the hole opposite holds seeds)"
                }
            ));
        }
        if let Some(c) = &self.capture.chain {
            let mut counts = if c.counts.is_empty() {
                "any count".to_string()
            } else {
                let v: Vec<String> = c.counts.iter().map(|n| n.to_string()).collect();
                or_list(&v.iter().map(String::as_str).collect::<Vec<_>>())
            };
            if c.even {
                counts.push_str(" (even)");
            }
            if c.at_least > 0 {
                counts.push_str(&format!(" (at least {})", c.at_least));
            }
            if c.at_most > 0 {
                counts.push_str(&format!(" (at most {})", c.at_most));
            }
            let whose = match c.side {
                ChainSide::Opponent => "an opponent's hole",
                ChainSide::Own => "a hole of the mover's",
                ChainSide::Any => "any hole",
            };
            let on = if c.max == 1 {
                String::new()
            } else {
                format!(
                    ", and the holes {} it holding {counts}{}",
                    match c.direction {
                        ChainDirection::Back => "before",
                        ChainDirection::Forward => "after",
                        ChainDirection::AgainstTrack =>
                            "before it on the track (whichever way it was sown),",
                        ChainDirection::AlongTrack =>
                            "after it on the track (whichever way it was sown),",
                    },
                    if c.max > 1 {
                        format!(", {} holes at most", c.max)
                    } else {
                        String::new()
                    }
                )
            };
            out.push(format!(
                "capture: a last seed making {counts} in {whose} takes it{on}; a move taking all the opponent's seeds {}",
                match c.grand_slam {
                    GrandSlam::Nothing => "captures nothing",
                    GrandSlam::All => "takes them all",
                    GrandSlam::Illegal =>
                        "may not be played, unless every legal move is one (then it captures nothing)",
                }
            ));
        }
        if let Some(g) = &self.capture.beyond_empty {
            out.push(format!(
                "capture: when the hole after the last{} is empty, the mover takes the hole beyond it{}{}",
                if g.last_occupied { " (which held seeds)" } else { "" },
                match g.side {
                    BeyondSide::Any => "",
                    BeyondSide::Opponent => " (an opponent's)",
                    BeyondSide::Own => " (his own)",
                },
                if g.repeat { ", and so on across each further gap" } else { "" }
            ));
        }
        if let Some(t) = &self.capture.last_seeds {
            out.push(format!(
                "capture: when at most {} seeds are left in {}holes (but some), the mover takes every seed left",
                t.at_most,
                match t.counted {
                    BeyondSide::Any => "the ",
                    BeyondSide::Opponent => "the opponent's ",
                    BeyondSide::Own => "his own ",
                }
            ));
        }
        if self.extra_turn == ExtraTurn::Capture {
            out.push("extra turn: a move whose captures took seeds".into());
        }
        if self.extra_turn == ExtraTurn::StoreOrCapture {
            out.push(
                "extra turn: a last seed in a store, or a move whose captures took seeds".into(),
            );
        }
        if self.extra_turn == ExtraTurn::Store {
            out.push("extra turn: a last seed in a store".into());
        }
        if let Some(v) = &self.count_moves {
            out.push(format!("moves are counted in `{v}`"));
        }
        if let Some(p) = &self.pass {
            out.push(format!(
                "a player without a legal move passes and adds one to `{}`{}",
                p.counter,
                if p.out_at > 0 {
                    format!(
                        "; at {} he is out, and the last player left in wins",
                        p.out_at
                    )
                } else {
                    String::new()
                }
            ));
        }
        for c in &self.end {
            let mut s = format!(
                "{}when {}",
                if c.before_turn {
                    "before the turn passes, "
                } else {
                    ""
                },
                cond_words(c)
            );
            s.push_str(": ");
            match c.sweep {
                Sweep::None => {}
                Sweep::Owners => s.push_str("each hole's seeds go to its owner, "),
                Sweep::Mover => s.push_str("the mover takes the seeds left, "),
                Sweep::Split => s.push_str(
                    "the seeds left are shared equally (an odd one to the player holding fewer), ",
                ),
                Sweep::Discard => s.push_str("the seeds left are taken out of the game, "),
            }
            s.push_str(match c.then {
                Outcome::MostSeeds => "the game ends: most seeds wins",
                Outcome::MoverWins => "the game ends: the mover wins",
                Outcome::FewestInHoles => {
                    "the game ends: the fewest seeds in his holes wins (the mover when level)"
                }
                Outcome::NoWinner => "the game ends without a winner",
                Outcome::Round => match c.starter {
                    Starter::Mover => "the round ends: the mover starts the next",
                    Starter::ToMove => "the round ends: the player to move starts the next",
                    Starter::Alternate => {
                        "the round ends: the player who did not start it starts the next"
                    }
                    Starter::Winner => "the round ends: its winner starts the next",
                    Starter::Loser => "the round ends: its loser starts the next",
                },
            });
            out.push(s);
        }
        if let Some(r) = self
            .rounds
            .as_ref()
            .filter(|r| r.winner == RoundWinner::MostSeeds)
        {
            out.push(format!(
                "rounds: the most seeds held wins a round; who cannot fill {} hole{} of {} seeds (with his own holes' seeds) ends the match, won by the round's winner; else each player fills his holes with {} from the {} end{}",
                r.min_holes,
                if r.min_holes == 1 { "" } else { "s" },
                r.fill,
                r.fill,
                match r.fill_from {
                    End::Right => "right",
                    End::Left => "left",
                },
                if r.close_unfilled { ", closing those he cannot fill" } else { "" }
            ));
        } else if let Some(r) = &self.rounds {
            if r.play_match {
                out.push(format!(
                    "rounds: the bigger capture wins a round; each player fills his holes with {} from the {} end, closing those he cannot fill; who cannot fill one hole loses the match{}",
                    r.fill,
                    match r.fill_from {
                        End::Right => "right",
                        End::Left => "left",
                    },
                    if r.max_rounds > 0 {
                        format!("; after {} rounds the bigger reserve wins", r.max_rounds)
                    } else {
                        String::new()
                    }
                ));
            } else {
                out.push("one round: the bigger capture wins, level is a draw".into());
            }
        }
        out
    }
}

fn landing_word(k: Landing) -> &'static str {
    match k {
        Landing::Store => "a store",
        Landing::OccupiedHole => "an occupied hole",
        Landing::EmptyHole => "an empty hole",
    }
}

fn or_list(v: &[&str]) -> String {
    match v.len() {
        0 => "nothing".into(),
        1 => v[0].to_string(),
        n => format!("{} or {}", v[..n - 1].join(", "), v[n - 1]),
    }
}

fn cond_words(c: &EndCheck) -> String {
    match c.when {
        Cond::SideEmpty => "a player has no seeds in his holes".into(),
        Cond::ToMoveEmpty => "the player to move has no seeds".into(),
        Cond::MoverEmpty => "the mover has emptied his holes".into(),
        Cond::NoMove => "the player to move has no legal move".into(),
        Cond::AllStored => "every hole is empty".into(),
        Cond::LastIn => match &c.pits {
            None => "the last seed fell into a hole".into(),
            Some(p) => format!("the last seed fell into one of pits {p:?}"),
        },
        Cond::LastInEmptyHole => match &c.pits {
            None => "the last seed fell into an empty hole".into(),
            Some(p) => format!("the last seed fell into an empty hole among pits {p:?}"),
        },
        Cond::Majority => "a player holds more than half the seeds (or both half)".into(),
        Cond::MovesReached => format!("{} moves were played", c.limit),
        Cond::Stopped => "the sowing stopped at its lap limit".into(),
        Cond::OthersCannotFill => format!(
            "a player holds so many seeds that the rest cannot fill {} holes",
            c.limit
        ),
        Cond::FewLeft => format!(
            "fewer than {} seeds are left in the holes (but some)",
            c.limit
        ),
        Cond::RepeatedPosition => {
            "a position repeats (same seeds everywhere, same player to move) since the last capture"
                .into()
        }
    }
}

/// Finds the key an error is about, trying each key (and each item of a list) alone.
fn locate(v: &serde_json::Value, msg: String) -> String {
    let serde_json::Value::Object(m) = v else {
        return format!("pipeline: {msg}");
    };
    for (k, x) in m {
        if !KEYS.contains(&k.as_str()) {
            return format!("pipeline: unknown key `{k}` (keys: {})", KEYS.join(", "));
        }
        let one = serde_json::json!({ k.clone(): x.clone() });
        if let Err(e) = serde_json::from_value::<Pipeline>(one) {
            if let serde_json::Value::Array(items) = x {
                for (i, it) in items.iter().enumerate() {
                    let one = serde_json::json!({ k.clone(): [it.clone()] });
                    if let Err(e) = serde_json::from_value::<Pipeline>(one) {
                        let e = words(&e.to_string());
                        return format!("pipeline: {k}[{i}]{}: {e}", key_of(it, &e));
                    }
                }
            }
            let e = words(&e.to_string());
            return format!("pipeline: {k}{}: {e}", key_of(x, &e));
        }
    }
    format!("pipeline: {}", words(&msg))
}

/// `.key` of the field whose word an "unknown variant" error names (searched in `v`), if found.
fn key_of(v: &serde_json::Value, err: &str) -> String {
    let Some(word) = err
        .strip_prefix("unknown variant `")
        .and_then(|r| r.split('`').next())
    else {
        return String::new();
    };
    fn find(v: &serde_json::Value, word: &str, path: &mut String) -> bool {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    if x.as_str() == Some(word) {
                        path.push_str(&format!(".{k}"));
                        return true;
                    }
                    let len = path.len();
                    path.push_str(&format!(".{k}"));
                    if find(x, word, path) {
                        return true;
                    }
                    path.truncate(len);
                }
                false
            }
            serde_json::Value::Array(a) => a.iter().any(|x| find(x, word, path)),
            _ => false,
        }
    }
    let mut path = String::new();
    if find(v, word, &mut path) {
        path
    } else {
        String::new()
    }
}

/// serde's message without its position suffix (meaningless for a converted Rhai map).
fn words(s: &str) -> String {
    match s.find(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s.to_string(),
    }
}

/// Fills `{name}` placeholders of a note's text from `get`; unknown names stay as written.
pub fn fill(text: &str, get: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        match after.find('}') {
            Some(j) => {
                let name = &after[..j];
                match get(name) {
                    Some(v) => out.push_str(&v),
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
                rest = &after[j + 1..];
            }
            None => {
                out.push_str(&rest[i..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}
