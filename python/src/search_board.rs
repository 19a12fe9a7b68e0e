//! `sowlab.Board`: a position of a rule for search and learning libraries (OpenSpiel,
//! PettingZoo). Actions are integers, the 0-based index of a hole in the canonical pit order of
//! the state JSON (so the same number names the same hole for every player); after the holes,
//! in a rule where the mover chooses the direction, each hole sown the other way and each hole
//! named the other way round (two more blocks of the holes' length), then the rule's named moves
//! (`stop`, `left`: a decision of a turn that is no hole), in their order, then in a rule with an
//! arrangement before play its pass and its moves of a counter from each hole to each other hole
//! (holes in canonical order, the one left first), then in a rule whose mover may sow from his
//! store its moves `store:1`, `store:2`, ... up to every seed of the game; a copy is one board
//! clone (no history); the observation is a flat list of numbers of a size fixed by the layout.
//! The position is sowlab's own board, played by sowlab's rule code: nothing is copied into Python.
//!
//! Also the pictures a notebook shows: [`game_svg`] and [`move_svg`] for `sowlab.Game`.

use std::sync::Arc;

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use rhai::Dynamic;
use sowlab::render::svg::{
    board_svg, check_pits, lap_frames, trace_svg, SvgOptions, MAX_PICTURE_EVENTS,
};
// `board_of`: the board inside a position value (the core stores only boards there).
use sowlab::{board as board_of, Board, Game, Options, Rule};

use crate::{err, msg, position_of, rule_of, sets, to_py};

/// What stays the same for every position of one game: the rule, its options, the hole ids in
/// canonical order and the way back from a pit id to its action.
struct Fixed {
    /// How the rule was named (a name or path), for pickling.
    spec: String,
    /// The rules folder it was looked for in, if one was given.
    rules: Option<std::path::PathBuf>,
    /// The start position given, if any (for pickling).
    position: Option<serde_json::Value>,
    rule: Arc<Rule>,
    options: Options,
    /// The position at plies 0.
    start: Dynamic,
    /// The move id of each action: the holes, then (see the module's comment) the other
    /// directions and the named moves.
    holes: Vec<usize>,
    /// The action of each move id (`3 * pits + named moves` long).
    action_of: Vec<Option<usize>>,
    players: usize,
    obs_len: usize,
    /// The seeds of the game (holes, stores and reserves at the start): what bounds a score.
    total: i64,
    /// Why the seeds held at the end are not this rule's score (`None`: they are).
    no_score: Option<String>,
}

/// Why the seeds a player holds at the end (stores plus reserve) are not what decides `rule`'s
/// games: `None` when every end of its declared move gives the game to the player holding the
/// most seeds (a round's end leads to the next round), or for a solitaire (its score is the
/// seeds it stores).
fn no_score(rule: &Rule, b: &Board) -> Option<String> {
    use sowlab::EndThen;
    if b.layout.players == 1 {
        return None;
    }
    let why = match b.layout.pipeline.as_deref() {
        _ if !rule.plays_natively() => {
            "its moves or ends are played by its script, which says who wins".to_string()
        }
        None => "it declares no move".to_string(),
        Some(p) => match p
            .end
            .iter()
            .find(|c| !matches!(c.then, EndThen::MostSeeds | EndThen::Round))
        {
            None => return None,
            Some(c) => format!(
                "an end of the rule (`{:?}` then `{:?}`) does not give the game to the player holding the most seeds",
                c.when, c.then
            ),
        },
    };
    Some(format!(
        "returns=score: {}: {why}, so the seeds held are not its score (use returns=win)",
        rule.name
    ))
}

/// Seeds held by `player` (his stores plus his reserve).
fn held(b: &Board, player: usize) -> i64 {
    let l = &*b.layout;
    let mut s = b.reserves.get(player - 1).copied().unwrap_or(0);
    for &p in &l.stores {
        if l.pits[p].owner == player {
            s += b.seeds[p];
        }
    }
    s
}

/// A position for search: legal actions as integers, play by index, cheap copies, returns,
/// an observation vector.
#[pyclass(name = "Board", module = "sowlab")]
pub struct PyBoard {
    fixed: Arc<Fixed>,
    d: Dynamic,
    /// Moves played since the start this board was made from.
    plies: u64,
    /// The actions played since that start (what a pickle replays).
    actions: Vec<u32>,
    /// After this many moves (`plies`) the game is cut: no more legal actions (OpenSpiel's
    /// `max_game_length`, PettingZoo's truncation). `u64::MAX`: never.
    max_moves: u64,
    /// The legal moves (pit ids) of this position, once asked for.
    legal: Option<Vec<usize>>,
}

impl PyBoard {
    fn from_game(
        g: Game,
        spec: String,
        rules: Option<std::path::PathBuf>,
        position: Option<serde_json::Value>,
    ) -> PyResult<PyBoard> {
        let b = board_of(g.current());
        let l = &b.layout;
        let n = l.pits.len();
        let mut holes = l.holes.clone();
        let s = &l.sow;
        if !s.choose_direction.is_empty()
            || s.direction_by_first_move
            || s.direction_by_own_turn > 0
            || s.no_choice_turns > 0
        {
            for k in [1, 2] {
                holes.extend(l.holes.iter().map(|&p| p + k * n));
            }
        }
        holes.extend((0..l.named_moves.len()).map(|i| 3 * n + i));
        let mut ids = 3 * n + l.named_moves.len();
        if let Some(pass) = l.arrange_pass() {
            // (the arrangement before play: its pass, then a counter from each hole to each other)
            holes.push(pass);
            for &a in &l.holes {
                holes.extend(
                    l.holes
                        .iter()
                        .filter(|&&c| c != a)
                        .map(|&c| pass + 1 + a * n + c),
                );
            }
            ids = pass + 1 + n * n;
        }
        if let Some(first) = l.store_moves_from() {
            // (seeds sown from the mover's store: a move for each count, up to every seed)
            let most = usize::try_from(b.total()).unwrap_or(0);
            holes.extend(first..first + most);
            ids = first + most;
        }
        let mut action_of = vec![None; ids];
        for (i, &p) in holes.iter().enumerate() {
            action_of[p] = Some(i);
        }
        let players = l.players;
        let obs_len = observation(&b, players).len();
        let total = b.total();
        let no_score = no_score(&g.rule, &b);
        drop(b);
        Ok(PyBoard {
            fixed: Arc::new(Fixed {
                spec,
                rules,
                position,
                rule: g.rule.clone(),
                options: g.options.clone(),
                start: g.current().clone(),
                holes,
                action_of,
                players,
                obs_len,
                total,
                no_score,
            }),
            d: g.current().clone(),
            plies: 0,
            actions: Vec::new(),
            max_moves: u64::MAX,
            legal: None,
        })
    }

    fn legal_pits(&mut self) -> PyResult<&Vec<usize>> {
        if self.legal.is_none() {
            let mut out = Vec::new();
            if self.plies < self.max_moves {
                self.fixed
                    .rule
                    .legal_into(&mut self.d, &mut out)
                    .map_err(err)?;
            }
            self.legal = Some(out);
        }
        Ok(self.legal.as_ref().expect("just set"))
    }

    /// The position after `actions` from the start again (after a move failed half-way).
    fn restore(&mut self) {
        let mut d = self.fixed.start.clone();
        for &a in &self.actions {
            let pit = self.fixed.holes[a as usize];
            if self.fixed.rule.apply(&mut d, pit).is_err() {
                break; // played before, so it cannot fail; if it does, stop there
            }
        }
        self.d = d;
        self.legal = None;
    }

    fn pit_of(&self, action: i64) -> PyResult<usize> {
        usize::try_from(action)
            .ok()
            .and_then(|a| self.fixed.holes.get(a).copied())
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "action {action}: actions are 0 to {} (the holes, then the moves that are no plain hole)",
                    self.fixed.holes.len() - 1
                ))
            })
    }
}

/// The observation: per hole its seeds (0 when closed), per hole 1 when closed, the stores (or
/// reserves) as in the state JSON, the reserves of a game that has both, the counters
/// (penalties, ...), the game variables, and the player to move one-hot (all zero when over).
fn observation(b: &Board, players: usize) -> Vec<f32> {
    let l = &b.layout;
    let mut v = Vec::with_capacity(2 * l.holes.len() + l.stores.len() + 8);
    v.extend(
        l.holes
            .iter()
            .map(|&p| if b.closed[p] { 0.0 } else { b.seeds[p] as f32 }),
    );
    v.extend(l.holes.iter().map(|&p| if b.closed[p] { 1.0 } else { 0.0 }));
    if l.stores.is_empty() {
        v.extend(b.reserves.iter().map(|&r| r as f32));
    } else {
        v.extend(l.stores.iter().map(|&s| b.seeds[s] as f32));
        v.extend(b.reserves.iter().map(|&r| r as f32));
    }
    v.extend(b.counters.iter().map(|&c| c as f32));
    v.extend(b.vars.iter().map(|&x| x as f32));
    v.extend((1..=players).map(|p| if !b.over && b.to_move == p { 1.0 } else { 0.0 }));
    v
}

#[pymethods]
impl PyBoard {
    /// The start of `rule` (a `Rule`, a name or a path) with `options`, or `position` (a dict
    /// like the state JSON).
    #[new]
    #[pyo3(signature = (rule, options=None, position=None, rules=None))]
    fn new(
        py: Python<'_>,
        rule: &Bound<'_, PyAny>,
        options: Option<&Bound<'_, PyDict>>,
        position: Option<&Bound<'_, PyAny>>,
        rules: Option<std::path::PathBuf>,
    ) -> PyResult<PyBoard> {
        let given = rule.extract::<String>().ok();
        let folder = rules.clone();
        let rule = rule_of(py, rule, rules)?;
        let spec = given.unwrap_or_else(|| rule.name.clone());
        let opts = rule.resolve_options(&sets(options)?).map_err(err)?;
        let (g, pos) = match position {
            None => (Game::new(rule, opts), None),
            Some(p) => (
                Game::with_position(rule, opts, &position_of(py, p)?),
                Some(crate::from_py(py, p)?),
            ),
        };
        PyBoard::from_game(g.map_err(err)?, spec, folder, pos)
    }

    /// The legal actions (hole indices in canonical order), ascending; empty when over.
    fn legal_actions(&mut self) -> PyResult<Vec<usize>> {
        self.legal_pits()?;
        let pits = self.legal.as_deref().unwrap_or_default();
        let mut a: Vec<usize> = pits
            .iter()
            .filter_map(|&p| self.fixed.action_of.get(p).copied().flatten())
            .collect();
        a.sort_unstable();
        Ok(a)
    }

    /// 1 for each legal action, 0 for the others (a list as long as `num_actions`).
    fn action_mask(&mut self) -> PyResult<Vec<i8>> {
        let f = self.fixed.clone();
        let mut m = vec![0i8; f.holes.len()];
        for &p in self.legal_pits()? {
            if let Some(&Some(a)) = f.action_of.get(p) {
                m[a] = 1;
            }
        }
        Ok(m)
    }

    /// Plays the legal action `action`; a refused action leaves the board as it was.
    fn apply(&mut self, action: i64) -> PyResult<()> {
        let pit = self.pit_of(action)?;
        if self.plies >= self.max_moves {
            return Err(msg(format!(
                "action {action}: the game was cut at max_moves = {}",
                self.max_moves
            )));
        }
        if !self.legal_pits()?.contains(&pit) {
            let label = self.label(action)?;
            let legal = self.legal_actions()?;
            return Err(msg(format!(
                "action {action} (`{label}`) is not legal here: legal actions are {legal:?}"
            )));
        }
        // Played in place (no copy per move): a move that fails half-way (a script error, a
        // limit) is rare, and then the position is rebuilt from the start and the actions.
        if let Err(e) = self.fixed.rule.apply(&mut self.d, pit) {
            self.restore();
            return Err(err(e.context(format!("action {action}"))));
        }
        self.plies += 1;
        self.actions.push(action as u32);
        self.legal = None;
        Ok(())
    }

    /// The move label of `action` for the player to move (`3`, `S3`).
    fn label(&self, action: i64) -> PyResult<String> {
        let pit = self.pit_of(action)?;
        Ok(board_of(&self.d).layout.label(pit))
    }

    /// The action a move label names for the player to move.
    fn action(&self, label: &str) -> PyResult<usize> {
        let b = board_of(&self.d);
        b.layout
            .parse_label(b.to_move, label)
            .and_then(|p| self.fixed.action_of.get(p).copied().flatten())
            .ok_or_else(|| msg(format!("`{label}` names no move of player {}", b.to_move)))
    }

    /// A copy to explore without changing this one.
    fn copy(&self) -> PyBoard {
        PyBoard {
            fixed: self.fixed.clone(),
            d: self.d.clone(),
            plies: self.plies,
            actions: self.actions.clone(),
            max_moves: self.max_moves,
            legal: self.legal.clone(),
        }
    }

    fn __copy__(&self) -> PyBoard {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.copy()
    }

    /// The player to move (1-based), None when over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        let b = board_of(&self.d);
        (!b.over).then_some(b.to_move)
    }

    /// Whether the game is over.
    #[getter]
    fn over(&self) -> bool {
        board_of(&self.d).over
    }

    /// The winner (1-based); None while playing, on a draw, or on a lost solitaire.
    #[getter]
    fn winner(&self) -> Option<usize> {
        let b = board_of(&self.d);
        (b.winner != 0).then_some(b.winner)
    }

    /// Moves played since this board's start.
    #[getter]
    fn plies(&self) -> u64 {
        self.plies
    }

    /// The move count at which the game is cut (no legal actions after it); None: never.
    #[getter]
    fn get_max_moves(&self) -> Option<u64> {
        (self.max_moves != u64::MAX).then_some(self.max_moves)
    }

    #[setter]
    fn set_max_moves(&mut self, n: Option<u64>) {
        self.max_moves = n.unwrap_or(u64::MAX);
        self.legal = None;
    }

    /// Over, or cut at `max_moves`.
    #[getter]
    fn done(&self) -> bool {
        self.plies >= self.max_moves || board_of(&self.d).over
    }

    /// Cut at `max_moves` before the game was over.
    #[getter]
    fn truncated(&self) -> bool {
        self.plies >= self.max_moves && !board_of(&self.d).over
    }

    /// The player to move in OpenSpiel's numbering: 0-based, -4 (`pyspiel.PlayerId.TERMINAL`)
    /// when done.
    #[getter]
    fn current_player(&self) -> i64 {
        let b = board_of(&self.d);
        if b.over || self.plies >= self.max_moves {
            -4
        } else {
            b.to_move as i64 - 1
        }
    }

    /// The legal actions of `player` in OpenSpiel's numbering (0-based): those of the player to
    /// move, none for another.
    fn legal_actions_of(&mut self, player: i64) -> PyResult<Vec<usize>> {
        if player == self.current_player() {
            self.legal_actions()
        } else {
            Ok(Vec::new())
        }
    }

    /// The actions played since this board's start, in order.
    #[getter]
    fn actions(&self) -> Vec<u32> {
        self.actions.clone()
    }

    /// Pickles as the rule's name (or path), the options, the start position and the actions
    /// played: unpickling replays them (the rule must load by that name where it is unpickled).
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, PyObject)> {
        let max = self.get_max_moves();
        let f = &self.fixed;
        let replay = py
            .import("sowlab._sowlab")?
            .getattr("_board_replay")?
            .unbind();
        let pos = match &f.position {
            Some(p) => to_py(py, p)?,
            None => py.None(),
        };
        let args = (
            f.spec.clone(),
            to_py(py, &f.options)?,
            pos,
            self.actions.clone(),
            f.rules.clone(),
            max,
        )
            .into_pyobject(py)?
            .into_any()
            .unbind();
        Ok((replay, args))
    }

    /// Players of the game.
    #[getter]
    fn players(&self) -> usize {
        self.fixed.players
    }

    /// The number of distinct actions (the holes of the board, then the moves that are no plain
    /// hole: see the module's comment).
    #[getter]
    fn num_actions(&self) -> usize {
        self.fixed.holes.len()
    }

    /// The length of `observation()`.
    #[getter]
    fn observation_size(&self) -> usize {
        self.fixed.obs_len
    }

    /// The seeds in play (holes, stores and reserves) at this position.
    #[getter]
    fn total_seeds(&self) -> i64 {
        board_of(&self.d).total()
    }

    /// Per player (player 1 first): the winner +1 and the others -1/(players-1), 0 each on a
    /// draw or while playing; a solitaire: 1 when won, 0 otherwise.
    fn returns(&self) -> Vec<f64> {
        let b = board_of(&self.d);
        let n = self.fixed.players;
        if !b.over {
            return vec![0.0; n];
        }
        if n == 1 {
            return vec![if b.winner == 1 { 1.0 } else { 0.0 }];
        }
        if b.winner == 0 {
            return vec![0.0; n];
        }
        let lose = -1.0 / (n as f64 - 1.0);
        (1..=n)
            .map(|p| if p == b.winner { 1.0 } else { lose })
            .collect()
    }

    /// The seeds each player holds (stores plus reserve), player 1 first: the score.
    fn scores(&self) -> Vec<i64> {
        let b = board_of(&self.d);
        (1..=self.fixed.players).map(|p| held(&b, p)).collect()
    }

    /// Per player (player 1 first), at the end: his seeds held minus the mean of the others'
    /// (two players: the difference; zero-sum); a solitaire: the seeds held. 0 each while playing
    /// (and for a game cut at `max_moves`). An error for a rule whose winner is not the player
    /// holding the most seeds (see `score_refusal`).
    fn score_returns(&self) -> PyResult<Vec<f64>> {
        if let Some(why) = &self.fixed.no_score {
            return Err(msg(why.clone()));
        }
        let b = board_of(&self.d);
        let n = self.fixed.players;
        if !b.over {
            return Ok(vec![0.0; n]);
        }
        let h: Vec<i64> = (1..=n).map(|p| held(&b, p)).collect();
        if n == 1 {
            return Ok(vec![h[0] as f64]);
        }
        let sum: i64 = h.iter().sum();
        let others = (n - 1) as f64;
        Ok(h.iter()
            .map(|&x| x as f64 - (sum - x) as f64 / others)
            .collect())
    }

    /// `None` when the seeds held at the end are the rule's score (every end gives the game to
    /// the player holding the most; a solitaire); else why not.
    #[getter]
    fn score_refusal(&self) -> Option<String> {
        self.fixed.no_score.clone()
    }

    /// The least and the most `score_returns` can give a player: the seeds of the game bound them
    /// (two players: -total to total; n players: -total/(n-1) to total; a solitaire: 0 to total).
    #[getter]
    fn score_bounds(&self) -> (f64, f64) {
        let t = self.fixed.total as f64;
        match self.fixed.players {
            1 => (0.0, t),
            n => (-t / (n - 1) as f64, t),
        }
    }

    /// The position as numbers (see the module's documentation), `observation_size` long.
    fn observation(&self) -> Vec<f32> {
        observation(&board_of(&self.d), self.fixed.players)
    }

    /// The state as a dict (the public state JSON).
    fn state(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &board_of(&self.d).state_json())
    }

    /// The options in force.
    #[getter]
    fn options(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &self.fixed.options)
    }

    /// The rule's name.
    #[getter]
    fn rule_name(&self) -> String {
        self.fixed.rule.name.clone()
    }

    /// The position as a text picture.
    fn picture(&self) -> String {
        sowlab::render::picture(&board_of(&self.d), sowlab::render::Style { colour: false })
    }

    /// The position as SVG (its legal moves marked).
    fn svg(&mut self) -> PyResult<String> {
        check_pits(&board_of(&self.d)).map_err(msg)?;
        let legal = self.legal_pits()?.clone();
        Ok(board_svg(
            &board_of(&self.d),
            &SvgOptions { legal, title: None },
        ))
    }

    fn _repr_svg_(&mut self) -> PyResult<String> {
        self.svg()
    }

    fn __str__(&self) -> String {
        self.picture()
    }

    fn __repr__(&self) -> String {
        format!(
            "<sowlab.Board {} after {} move{}>",
            self.fixed.rule.name,
            self.plies,
            if self.plies == 1 { "" } else { "s" }
        )
    }
}

/// The picture of a game's current position, its legal moves marked; a `SowlabError` (a
/// `ValueError`) for a board past what one picture draws.
pub fn game_svg(g: &Game) -> PyResult<String> {
    check_pits(&g.board()).map_err(msg)?;
    Ok(sowlab::render::svg::game_svg(g))
}

/// The picture of move `n` (1-based; default the last) of a game: its laps drawn over the
/// position it left, or up to lap `lap` (0: the position before it); and how many laps it has.
pub fn move_svg(g: &Game, n: Option<usize>, lap: Option<usize>) -> PyResult<(String, usize)> {
    let len = g.history.len();
    let i = match n {
        None if len > 0 => len - 1,
        Some(k) if k >= 1 && k <= len => k - 1,
        _ => {
            return Err(msg(format!(
                "move {}: the game has {len} move{}",
                n.map_or("(the last)".to_string(), |k| k.to_string()),
                if len == 1 { "" } else { "s" }
            )))
        }
    };
    let p = &g.history[i];
    let frames = lap_frames(&p.events);
    let laps = frames.len().saturating_sub(1);
    if let Some(k) = lap {
        if k > laps {
            return Err(msg(format!(
                "lap {k}: move {} has {laps} lap{}",
                i + 1,
                if laps == 1 { "" } else { "s" }
            )));
        }
    }
    // The picture draws the board and every event up to the lap shown: both are bounded.
    let before = board_of(&p.before).clone();
    check_pits(&before).map_err(msg)?;
    let events = frames.get(lap.unwrap_or(laps)).copied().unwrap_or(0);
    if events > MAX_PICTURE_EVENTS {
        return Err(msg(format!(
            "move {} up to lap {} is {events} sowing events, more than one picture draws ({MAX_PICTURE_EVENTS}): ask for an earlier lap",
            i + 1,
            lap.unwrap_or(laps)
        )));
    }
    let after = board_of(&p.after);
    Ok((
        trace_svg(before, Some(&after), &p.events, lap, &SvgOptions::default()),
        laps,
    ))
}

/// A board of `rule` with `options` from `position`, after `actions` (what unpickling calls).
#[pyfunction]
#[pyo3(signature = (rule, options, position, actions, rules=None, max_moves=None))]
pub fn _board_replay(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    position: Option<&Bound<'_, PyAny>>,
    actions: Vec<i64>,
    rules: Option<std::path::PathBuf>,
    max_moves: Option<u64>,
) -> PyResult<PyBoard> {
    let mut b = PyBoard::new(py, rule, options, position, rules)?;
    b.set_max_moves(max_moves);
    for a in actions {
        b.apply(a)?;
    }
    Ok(b)
}
