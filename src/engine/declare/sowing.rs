//! How seeds are sown, as declared (`this.sowing(#{...})` in a rule script, `sowing:` in a data
//! rule): the direction, which stores are sown into, the skipped origin, relays, captures by
//! count during the sowing, the lap limit (the rule in words: [`super::sowing_words`]). Played by
//! [`crate::engine::sowing`].

pub use crate::engine::declare::hole_test::{HoleTest, Whose};
use crate::engine::geometry::hole_numbers;
use crate::engine::geometry::layout::Layout;

/// Which stores receive seeds when sowing passes them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stores {
    /// Every store on the track is sown into.
    All,
    /// Only the sower's own stores; others are skipped.
    Own,
    /// Stores are skipped.
    None,
}

/// What happens when a lap ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relay {
    /// The move ends.
    None,
    /// If the last seed fell into a hole that was occupied, take all its seeds and sow on from the
    /// next pit (Tchuka Ruma).
    Last,
    /// Look at the next pit: if it holds seeds, take them all and sow on from the pit after it;
    /// if it is empty the move ends (the Indian style, Raja Pasu).
    Next,
}

/// A step at the start of each lap, before its first seed is sown (MancalaGames' captures
/// before sowing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BeforeLap {
    /// Nothing: the lap sows its whole hand.
    #[default]
    Nothing,
    /// The sower keeps one seed of the hand: it goes to his store (or reserve), the rest is sown.
    KeepOneSeed,
    /// A lap of a single seed first takes the hole opposite the hole it starts from (when that
    /// holds seeds), for the sower.
    SingleTakesOpposite,
}

/// Who gets seeds captured by count during sowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureTo {
    /// The owner of the row the hole is on.
    RowOwner,
    /// The player sowing.
    Sower,
}

/// Which children (see [`crate::engine::declare::children`]) a sowing passes over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PassChildren {
    /// None: children are sown into like any hole.
    #[default]
    None,
    /// The opponents' children (of the sower's opponents) get no seed.
    Opponents,
    /// The opponents' children get no seed but the last of a lap (a last seed may fall into
    /// one).
    OpponentsButLast,
}

/// What to do when a move is still relaying after `max_laps` laps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AtMaxLaps {
    /// Stop at the end of that lap; `this.stopped` is true and the script decides what follows.
    Stop,
    /// Fail the move with an "endless sowing" error.
    Error,
    /// Stop, as `Stop`, but the seeds the next lap would have taken up leave the game
    /// (discarded): MancalaGames' reading of an endless relay.
    DropHand,
}

/// How `sow` sows: set by the rule script, fixed for a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SowRule {
    /// Sow along the track backwards (clockwise, for an anticlockwise track).
    pub reverse: bool,
    /// Which stores are sown into.
    pub stores: Stores,
    /// Skip the pit a lap started from when the sowing comes round to it.
    pub skip_origin: bool,
    /// With `skip_origin`: a lap whose last seed is sown just past its skipped start hole ends
    /// at that start hole, empty (the hole as many steps from the start as seeds sown, the
    /// skipped hole counted): its relay and captures are judged there
    /// ([`crate::engine::sowing::skipped_origin`]).
    pub judge_at_skipped_origin: bool,
    /// A lap whose next pit along the sowing is an empty hole does not relay (the capture
    /// across that gap, `capture.beyond_empty`, may then be made).
    pub relay_stops_before_empty: bool,
    /// A step at the start of each lap.
    pub before_lap: BeforeLap,
    /// What happens at the end of a lap.
    pub relay: Relay,
    /// A lap whose last hole passes this test does not relay (the move ends there, e.g. to
    /// capture it).
    pub relay_stop: Option<HoleTest>,
    /// A lap relays only when its last pit is a hole that passes this test (e.g. on the
    /// opponent's side, or holding exactly 6 seeds); a lap ending elsewhere ends the move.
    pub relay_only: Option<HoleTest>,
    /// A move's first lap relays only when one of its seeds fell into an opponent's hole ("the
    /// sowing goes on only once it has reached the opponent's side"); later laps as usual.
    pub relay_needs_opponent_sown: bool,
    /// A lap whose last seed fell into an empty hole on this side, facing a hole with seeds, does
    /// not relay (so that the capture of the hole opposite can take it).
    pub relay_stop_opposite: Option<Whose>,
    /// A lap whose last hole holds as many seeds as the hole opposite does not relay (so that
    /// the capture of a matching pair can take them).
    pub relay_stop_matching: bool,
    /// Per pit (empty: none): a lap whose last hole is one of these of the mover's does not
    /// relay: the mover decides whether to sow on (`pipeline.stop_in`, set when setup ends).
    pub heads: Vec<bool>,
    /// `(v, n)`: `relay_stop` applies only once game variable `v` reaches `n` (before, captures
    /// are off: see the capture's `no_capture_turns`).
    pub relay_stop_from: Option<(usize, i64)>,
    /// The game variable naming a player whose moves' relays do not stop for a capture, nor
    /// capture by count (`arrange.declined_blocks`'s `blocked_player`), set when setup ends.
    pub relay_stop_block: Option<usize>,
    /// `(v, n)`: no lap relays until game variable `v` reaches `n` (the opening's turns sown as
    /// one lap, `moves.opening.one_lap`).
    pub relay_from: Option<(usize, i64)>,
    /// Counts that are captured as soon as a drop makes them (e.g. `[4]`); empty for none.
    pub capture_counts: Vec<i64>,
    /// Who gets those captures.
    pub capture_to: CaptureTo,
    /// Whether the last seed of a lap can make a capture by count.
    pub capture_last: bool,
    /// The counts are judged once a lap is sown, not at each drop: the holes from the lap's
    /// start hole on, as many as its seeds less whole rounds of the board, the lap's last hole
    /// left out ([`crate::engine::sowing::lap_counts`]).
    pub capture_counts_after_lap: bool,
    /// Whose holes a drop captures by count in (default any: the sower's own, or the opponent's).
    pub capture_side: Whose,
    /// When the move ends because the pit after the last one is empty, the sower captures the
    /// pit beyond that empty one (the Indian "capture beyond an empty hole"). Not after a move
    /// stopped at the lap limit.
    pub capture_beyond_empty: bool,
    /// Holes (numbered from each owner's left, 1-based) whose moves are sown the other way.
    pub reverse_holes: Vec<i64>,
    /// Holes sown the other way, by row index: each row's hole numbers from its owner's left
    /// (empty: none; a zigzag track's holes toward the middle, say).
    pub reverse_row_holes: Vec<Vec<i64>>,
    /// A move from a hole holding an even count is sown the other way.
    pub reverse_when_even: bool,
    /// Holes (numbered from each owner's left, 1-based) where the mover chooses the direction:
    /// each gives two moves, `3ccw` and `3cw` (move ids `p` and `p + pits`, see
    /// [`crate::engine::board::Layout::move_pit`]).
    pub choose_direction: Vec<i64>,
    /// The first seed of a move falls back into the hole it was taken from (which keeps one
    /// seed); a hole holding a single seed sows it into the next hole as usual.
    pub first_seed_back: bool,
    /// With `first_seed_back`: a hole holding a single seed keeps it (the move leaves the board
    /// as it was; the captures after the sowing are still made) instead of sowing it on.
    pub single_seed_stays: bool,
    /// Every relay lap too puts its first seed back into the hole it lifts (which keeps one
    /// seed) and sows the others from the next pit ("each sowing starts in the hole emptied").
    pub relay_first_seed_back: bool,
    /// Which children the sowing passes over.
    pub pass_children: PassChildren,
    /// The first move of a game (and of each round) chooses its direction, from any hole
    /// (`3ccw`, `3cw`); after it the player who made it sows that way and every other player the
    /// other way (moves then name no direction).
    pub direction_by_first_move: bool,
    /// Each player chooses his own direction on his turn of this number (1: his first turn; 0:
    /// nobody chooses so), from any hole (`3ccw`, `3cw`), and sows that way for the rest of the
    /// game (and round); his turns before it are sown this rule's way.
    pub direction_by_own_turn: i64,
    /// The first this many turns of a game (and of each round; a turn is a player's moves until
    /// the next player's, extra moves included) offer no choice of direction: the holes of
    /// `choose_direction` are sown this rule's way and named without it (`3`).
    pub no_choice_turns: i64,
    /// The game variables these read, declared when setup ends ([`SowRule::link`]): the
    /// direction the first move chose, and the turns played.
    pub at: SowVars,
    /// Lap limit for one move.
    pub max_laps: i64,
    /// What happens at the lap limit.
    pub at_max_laps: AtMaxLaps,
    /// The rarer steps (passing holes by count, closed holes that take seeds, ...): `None` for a
    /// rule that declares none, whose moves are sown by the usual loops.
    pub steps: Option<Box<crate::engine::declare::sow_steps::SowSteps>>,
    /// The capture across a four-row board made at the end of each lap (the pipeline's
    /// `capture.across`, set when setup ends).
    pub across: Option<crate::engine::declare::capture::across::Across>,
    /// The holes at the rows' ends out of play while an opening lasts (the pipeline's
    /// `moves.row_ends_out_first`, resolved when setup ends).
    pub row_ends_first: Option<Box<crate::engine::declare::row_ends_first::RowEndsFirst>>,
}

impl Default for SowRule {
    fn default() -> Self {
        SowRule {
            reverse: false,
            stores: Stores::All,
            skip_origin: false,
            judge_at_skipped_origin: false,
            relay_stops_before_empty: false,
            before_lap: BeforeLap::Nothing,
            relay: Relay::None,
            relay_stop: None,
            relay_only: None,
            relay_needs_opponent_sown: false,
            heads: Vec::new(),
            relay_stop_opposite: None,
            relay_stop_matching: false,
            relay_stop_from: None,
            relay_stop_block: None,
            relay_from: None,
            capture_counts: Vec::new(),
            capture_to: CaptureTo::RowOwner,
            capture_last: true,
            capture_counts_after_lap: false,
            capture_side: Whose::Any,
            capture_beyond_empty: false,
            reverse_holes: Vec::new(),
            reverse_row_holes: Vec::new(),
            reverse_when_even: false,
            choose_direction: Vec::new(),
            first_seed_back: false,
            single_seed_stays: false,
            relay_first_seed_back: false,
            pass_children: PassChildren::None,
            direction_by_first_move: false,
            direction_by_own_turn: 0,
            no_choice_turns: 0,
            at: SowVars::default(),
            max_laps: 10_000,
            at_max_laps: AtMaxLaps::Error,
            steps: None,
            across: None,
            row_ends_first: None,
        }
    }
}

/// The game variables a sowing rule reads (indices in the layout's `vars`), and what the rule
/// decides once for every move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SowVars {
    /// Some moves may be sown the other way ([`SowRule::reverses`], kept so that the hot path
    /// tests one flag).
    pub flips: bool,
    /// `sow_direction` (with `direction_by_first_move`): 0 before the first move, else the
    /// player who made it, negative when he sowed against the rule's direction.
    pub direction: Option<usize>,
    /// `turns` (with `no_choice_turns`): the turns played.
    pub turns: Option<usize>,
    /// With `direction_by_own_turn`: the first of the variables `sow_direction_1`,
    /// `sow_direction_2`, ... (one a player, in a row: 0 before he chose, 1 when he sows this
    /// rule's way, -1 the other way), and, when he chooses on a later turn than his first, the
    /// first of `own_turns_1`, `own_turns_2`, ... (the turns he has played).
    pub each: Option<(usize, Option<usize>)>,
    /// Whether a move may use one of the rarer sowing steps ([`SowRule::uses_rare_steps`]);
    /// set when setup ends.
    pub rare: bool,
}

/// The variable names [`SowRule::link`] declares.
pub const DIRECTION_VAR: &str = "sow_direction";
/// See [`DIRECTION_VAR`].
pub const TURNS_VAR: &str = "turns";

impl SowRule {
    /// Whether a relay's stops for a capture apply to `mover`'s move now: not while captures
    /// are off (`relay_stop_from`), nor for a player blocked (`relay_stop_block`).
    #[inline]
    pub fn relay_stops_apply(&self, vars: &[i64], mover: usize) -> bool {
        self.relay_stop_from.is_none_or(|(v, n)| vars[v] >= n)
            && self
                .relay_stop_block
                .is_none_or(|v| vars[v] != mover as i64)
    }

    /// Whether a lap that ended in `pos` (holding `n` seeds, sown by `mover`) may relay, by
    /// `relay_only`, and by `relay_stop` and `relay_stop_opposite` when `stops` (they stop a
    /// relay for a capture: not while captures are off, see `relay_stop_from`). Checked once
    /// per lap. With `RARE` false (a rule without the rarer steps, [`SowRule::uses_rare_steps`])
    /// only `relay_stop` is tested. `owner`: the hole's owner now, asked only when a test reads it.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn lap_may_relay<const RARE: bool>(
        &self,
        l: &Layout,
        pos: usize,
        seeds: &[i64],
        was_empty: bool,
        mover: usize,
        stops: bool,
        owner: impl Fn() -> usize,
    ) -> bool {
        let n = seeds[pos];
        if stops
            && self
                .relay_stop
                .as_ref()
                .is_some_and(|t| t.holds_owned(l, pos, n, mover, owner()))
        {
            return false;
        }
        if !RARE {
            return true;
        }
        let owner = owner();
        let only = self
            .relay_only
            .as_ref()
            .is_none_or(|t| t.holds_owned(l, pos, n, mover, owner));
        let facing = self.relay_stop_opposite.is_some_and(|side| {
            stops
                && was_empty
                && side.holds_owned(l, pos, mover, owner)
                && l.opposite(pos).is_some_and(|o| seeds[o] > 0)
        });
        let matching =
            stops && self.relay_stop_matching && l.opposite(pos).is_some_and(|o| seeds[o] == n);
        only && !facing && !matching && !self.head(pos, mover, owner)
    }

    /// Whether hole `pos`, owned by `owner`, is a head of `mover`'s (`heads`).
    #[inline]
    pub fn head(&self, pos: usize, mover: usize, owner: usize) -> bool {
        owner == mover && self.heads.get(pos).copied().unwrap_or(false)
    }

    /// Whether a drop into `q` by `mover` is on the side `capture_side` captures by count in.
    #[inline]
    pub fn capture_side_ok(&self, l: &Layout, q: usize, mover: usize) -> bool {
        self.capture_side_ok_for(l.pits[q].owner, mover)
    }

    /// Whether a drop by `mover` into a hole owned by `owner` is on the side `capture_side`
    /// captures by count in.
    #[inline]
    pub fn capture_side_ok_for(&self, owner: usize, mover: usize) -> bool {
        match self.capture_side {
            Whose::Any => true,
            Whose::Own => owner == mover,
            Whose::Opponent => owner != mover && owner != 0,
        }
    }

    /// Whether a move may use one of the rarer sowing steps: a move sown the other way, the
    /// first seed back into its hole, a step before each lap, captures that wait for some
    /// turns, relays only from some holes or stopped facing seeds (or as many), captures by count on one
    /// side. The quiet sowing of a rule with none of them tests none (read when setup ends,
    /// after `relay_stop_from` is set).
    pub fn uses_rare_steps(&self) -> bool {
        self.at.flips
            || self.first_seed_back
            || self.relay_first_seed_back
            || self.before_lap != BeforeLap::Nothing
            || self.relay_stop_from.is_some()
            || self.relay_stop_block.is_some()
            || self.relay_from.is_some()
            || self.relay_only.is_some()
            || self.relay_needs_opponent_sown
            || !self.heads.is_empty()
            || self.relay_stop_opposite.is_some()
            || self.relay_stop_matching
            || self.capture_side != Whose::Any
            || self.across.is_some()
    }

    /// Whether some moves are sown the other way.
    pub fn reverses(&self) -> bool {
        !self.reverse_holes.is_empty()
            || !self.reverse_row_holes.is_empty()
            || self.reverse_when_even
            || !self.choose_direction.is_empty()
            || self.direction_by_first_move
            || self.direction_by_own_turn > 0
    }

    /// Declares the game variables the rule reads (`names`, with their start values in
    /// `values`), when setup ends.
    pub fn link(&mut self, players: usize, names: &mut Vec<String>, values: &mut Vec<i64>) {
        let mut var = |name: &str| match names.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                names.push(name.to_string());
                values.push(0);
                names.len() - 1
            }
        };
        self.at.direction = self.direction_by_first_move.then(|| var(DIRECTION_VAR));
        self.at.turns = (self.no_choice_turns > 0).then(|| var(TURNS_VAR));
        self.at.each = (self.direction_by_own_turn > 0).then(|| {
            let first = (1..=players)
                .map(|pl| var(&format!("sow_direction_{pl}")))
                .min()
                .unwrap_or(0);
            let turns = (self.direction_by_own_turn > 1).then(|| {
                (1..=players)
                    .map(|pl| var(&format!("own_turns_{pl}")))
                    .min()
                    .unwrap_or(0)
            });
            (first, turns)
        });
        self.at.flips = self.reverses();
    }

    /// Whether the move from `from` (holding `n` seeds, `other`: its move id says the other
    /// way) by `mover` is sown the other way, the game variables being `vars`. (Once the rule is
    /// linked, `at.flips` false says no at once: the sowing loops test it first.)
    #[inline]
    pub fn move_flips(
        &self,
        l: &Layout,
        vars: &[i64],
        mover: usize,
        from: usize,
        n: i64,
        other: bool,
    ) -> bool {
        if !self.reverses() {
            return other;
        }
        if let Some((d, _)) = self.at.each {
            // (his own choice once made; before it the move id says)
            let d = vars[d + mover - 1];
            return if d == 0 { other } else { d < 0 };
        }
        if let Some(v) = self.at.direction {
            // (before the first move the move id says; after it, who made it)
            let d = vars[v];
            return if d == 0 {
                other
            } else {
                (d < 0) != (d.unsigned_abs() as usize != mover)
            };
        }
        self.flips(l, from, n) != other
    }

    /// Whether `mover` chooses the direction of this move (the board's variables `vars`):
    /// at the first move of `direction_by_first_move`, and in his turn of
    /// `direction_by_own_turn` until he has chosen, at any hole; past the first
    /// `no_choice_turns`, at the holes of `choose_direction`.
    #[inline]
    pub fn choice_now(&self, vars: &[i64], mover: usize) -> Choice {
        if let Some((d, turns)) = self.at.each {
            // (his turn of choice, before he chose)
            let played = turns.map_or(0, |t| vars[t + mover - 1]);
            if vars[d + mover - 1] == 0 && played == self.direction_by_own_turn - 1 {
                return Choice::AnyHole;
            }
        }
        if let Some(v) = self.at.direction {
            if vars[v] == 0 {
                return Choice::AnyHole;
            }
        }
        if let Some(v) = self.at.turns {
            if vars[v] < self.no_choice_turns {
                return Choice::NotYet;
            }
        }
        Choice::AsDeclared
    }

    /// Checks the hole numbers the rule names (`reverse_holes`, `choose_direction`) against the
    /// board's holes (one check for every key that names holes: [`hole_numbers::check`]).
    pub fn check_holes(&self, l: &Layout) -> Result<(), String> {
        let most = hole_numbers::most(l);
        hole_numbers::check("sowing: reverse_holes", &self.reverse_holes, most)?;
        hole_numbers::check("sowing: choose_direction", &self.choose_direction, most)
    }

    /// Whether hole `p` is one where the mover chooses the direction.
    #[inline]
    pub fn chooses(&self, l: &Layout, p: usize) -> bool {
        !self.choose_direction.is_empty()
            && l.pits[p].row.is_some()
            && self.choose_direction.contains(&(l.pits[p].pos as i64))
    }

    /// Whether the move from `from` (holding `n` seeds) is sown the other way.
    #[inline]
    pub fn flips(&self, l: &Layout, from: usize, n: i64) -> bool {
        // (a hole where the mover chooses is sown as he says, by its move id)
        !self.chooses(l, from)
            && ((self.reverse_when_even && n % 2 == 0)
                || (!self.reverse_holes.is_empty()
                    && l.pits[from].row.is_some()
                    && self.reverse_holes.contains(&(l.pits[from].pos as i64)))
                || (!self.reverse_row_holes.is_empty()
                    && l.pits[from].row.is_some_and(|r| {
                        self.reverse_row_holes
                            .get(r)
                            .is_some_and(|v| v.contains(&(l.pits[from].pos as i64)))
                    })))
    }
}

/// Where the mover chooses the direction of a move, in a given position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// At the holes of `choose_direction`.
    AsDeclared,
    /// At every hole (the first move of `direction_by_first_move`).
    AnyHole,
    /// Nowhere yet (the first `no_choice_turns`).
    NotYet,
}
