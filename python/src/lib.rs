//! The native part of the `sowlab` Python package (`sowlab._sowlab`): rules, games, simulations,
//! comparisons, sweeps, the solver, and the merge of a run's parts, over the sowlab library.
//! Reports cross as JSON (the same documents the command line prints) and arrive in Python as
//! plain dicts; errors arrive as `sowlab.SowlabError` (a `ValueError`) with sowlab's one-line
//! message. Long work runs with the GIL released, on a worker thread, while the calling thread
//! looks at Python's signals: Ctrl-C stops it and raises `KeyboardInterrupt`.

mod interrupt;

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use interrupt::interruptible;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyList, PyString};

use sowlab::board;
use sowlab::experiment::{self, PartSpec, SimConfig};
use sowlab::RuleSource as Source;
use sowlab::{Agent, Game, Position, Rule, RulePath, SearchLimits};

mod search_board;
mod tablebase;

create_exception!(
    sowlab,
    SowlabError,
    PyValueError,
    "An error from sowlab: bad rule, option, move, agent, position or part, with sowlab's message."
);

fn err(e: sowlab::Error) -> PyErr {
    SowlabError::new_err(e.one_line())
}

fn msg(m: impl Into<String>) -> PyErr {
    SowlabError::new_err(m.into())
}

/// A JSON-serialisable value as a Python object (through the `json` module: plain dicts, lists,
/// numbers, strings, booleans and None).
fn to_py<T: serde::Serialize>(py: Python<'_>, v: &T) -> PyResult<PyObject> {
    let s = serde_json::to_string(v).map_err(|e| msg(e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (s,))?.unbind())
}

/// A Python object (dict, list, ...) as JSON.
fn from_py(py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<serde_json::Value> {
    let s: String = py.import("json")?.call_method1("dumps", (v,))?.extract()?;
    serde_json::from_str(&s).map_err(|e| msg(e.to_string()))
}

// ---------------------------------------------------------------------------------------------
// Rules

/// Where rules are looked for: the given folder, then `$SOWLAB_RULES` and the user's rules
/// folder, then the rules built into sowlab (as the command line does).
fn rules_folder(given: Option<PathBuf>) -> PyResult<RulePath> {
    Ok(RulePath::standard(&given.into_iter().collect::<Vec<_>>()))
}

/// A compiled rule (a rule file, a preset, or source text).
#[pyclass(name = "Rule", module = "sowlab", frozen)]
#[derive(Clone)]
struct PyRule {
    rule: Arc<Rule>,
    /// How to make it again elsewhere (a Dask worker, through pickle).
    origin: Origin,
}

/// How a rule was made: the arguments of `Rule.load` or of `Rule.from_source`.
#[derive(Clone)]
enum Origin {
    Load(String, Option<PathBuf>),
    Source(String, String, Option<PathBuf>),
}

#[pymethods]
impl PyRule {
    /// Loads a rule by name (a shipped rule or preset, or one in `rules`), or from a `.rhai` /
    /// `.yaml` path.
    #[staticmethod]
    #[pyo3(signature = (spec, rules=None))]
    fn load(py: Python<'_>, spec: &str, rules: Option<PathBuf>) -> PyResult<PyRule> {
        let dir = rules_folder(rules.clone())?;
        let spec = spec.to_string();
        let rule = py.allow_threads(|| Rule::load(&spec, &dir)).map_err(err)?;
        Ok(PyRule {
            rule: Arc::new(rule),
            origin: Origin::Load(spec, rules),
        })
    }

    /// Compiles a rule from its source text; `name` names it (and its errors); its imports are
    /// looked for in `import_dir` (default: the rules folder).
    #[staticmethod]
    #[pyo3(signature = (text, name="inline.rhai", import_dir=None))]
    fn from_source(
        py: Python<'_>,
        text: &str,
        name: &str,
        import_dir: Option<PathBuf>,
    ) -> PyResult<PyRule> {
        let imports = Some(match &import_dir {
            Some(d) => Source::Dir(d.clone()),
            None => Source::BuiltIn,
        });
        let (text, name) = (text.to_string(), name.to_string());
        let rule = py
            .allow_threads(|| Rule::from_source_in(&text, Path::new(&name), imports))
            .map_err(err)?;
        Ok(PyRule {
            rule: Arc::new(rule),
            origin: Origin::Source(text, name, import_dir),
        })
    }

    /// Pickling (Dask ships rules to its workers so): a rule from source text travels as its
    /// text, a loaded one as what it was loaded by.
    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, PyObject)> {
        let cls = py.get_type::<PyRule>();
        Ok(match &self.origin {
            Origin::Load(spec, rules) => (
                cls.getattr("load")?.unbind(),
                (spec.clone(), rules.clone())
                    .into_pyobject(py)?
                    .into_any()
                    .unbind(),
            ),
            Origin::Source(text, name, dir) => (
                cls.getattr("from_source")?.unbind(),
                (text.clone(), name.clone(), dir.clone())
                    .into_pyobject(py)?
                    .into_any()
                    .unbind(),
            ),
        })
    }

    /// The name it was loaded by.
    #[getter]
    fn name(&self) -> String {
        self.rule.name.clone()
    }

    /// The rule file.
    #[getter]
    fn path(&self) -> String {
        self.rule.path.display().to_string()
    }

    /// SHA-256 of its text, imports and preset (`sha256:...`).
    #[getter]
    fn hash(&self) -> String {
        self.rule.content_hash.clone()
    }

    /// Its metadata: name, players, description, sources.
    #[getter]
    fn meta(&self, py: Python<'_>) -> PyResult<PyObject> {
        to_py(py, &self.rule.meta)
    }

    /// The options it declares: name, default, allowed values, help.
    #[getter]
    fn options(&self, py: Python<'_>) -> PyResult<PyObject> {
        let v: Vec<serde_json::Value> = self
            .rule
            .options
            .iter()
            .map(|o| {
                serde_json::json!({
                    "name": o.name,
                    "default": o.default,
                    "allowed": o.allowed(),
                    "help": o.help,
                })
            })
            .collect();
        to_py(py, &v)
    }

    /// The options in force with `options` set (checked): every declared option with its value.
    #[pyo3(signature = (options=None))]
    fn resolve(&self, py: Python<'_>, options: Option<&Bound<'_, PyDict>>) -> PyResult<PyObject> {
        let o = self.rule.resolve_options(&sets(options)?).map_err(err)?;
        to_py(py, &o)
    }

    /// The rule described in words (as `sowlab rules NAME`).
    fn describe(&self) -> String {
        sowlab::render::describe::describe(&self.rule, true)
    }

    fn __repr__(&self) -> String {
        format!(
            "<sowlab.Rule {} ({})>",
            self.rule.name,
            self.rule.path.display()
        )
    }
}

/// `{key: value}` as `key=value` settings (booleans as true/false).
fn sets(options: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<String>> {
    let mut out = Vec::new();
    if let Some(d) = options {
        for (k, v) in d.iter() {
            let k: String = k
                .extract()
                .map_err(|_| msg("option names must be strings"))?;
            let v = if v.is_instance_of::<PyBool>() {
                v.extract::<bool>()?.to_string()
            } else if let Ok(s) = v.downcast::<PyString>() {
                s.to_string()
            } else {
                v.str()?.to_string()
            };
            out.push(format!("{k}={v}"));
        }
    }
    Ok(out)
}

/// A rule given as a `Rule` or as a name or path.
fn rule_of(py: Python<'_>, r: &Bound<'_, PyAny>, rules: Option<PathBuf>) -> PyResult<Arc<Rule>> {
    Ok(py_rule_of(py, r, rules)?.rule)
}

/// [`rule_of`], with how the rule was made.
fn py_rule_of(py: Python<'_>, r: &Bound<'_, PyAny>, rules: Option<PathBuf>) -> PyResult<PyRule> {
    if let Ok(r) = r.downcast::<PyRule>() {
        return Ok(r.get().clone());
    }
    let spec: String = r
        .extract()
        .map_err(|_| msg("a rule is a sowlab.Rule, a rule name or a path"))?;
    PyRule::load(py, &spec, rules)
}

/// A start position from a dict (the state JSON, or `pits`, `stores`, `to_move`, ...).
fn position_of(py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<Position> {
    let mut v = from_py(py, p)?;
    if let Some(m) = v.as_object_mut() {
        if m.get("over").and_then(serde_json::Value::as_bool) == Some(true) {
            return Err(msg(
                "the position is a finished game (`over: true`): no move can follow it",
            ));
        }
        let unset = |x: Option<&serde_json::Value>| {
            x.is_none_or(|x| x.is_null() || x.as_bool() == Some(false))
        };
        if unset(m.get("over")) && unset(m.get("winner")) {
            m.remove("over");
            m.remove("winner");
        }
    }
    serde_json::from_value(v).map_err(|e| msg(format!("position: {e}")))
}

/// The names of the rules and presets (shipped, or in `rules`).
#[pyfunction]
#[pyo3(signature = (rules=None))]
fn rule_names(rules: Option<PathBuf>) -> PyResult<Vec<String>> {
    Ok(rules_folder(rules)?.names())
}

/// Where rules are loaded from by default (folders, then the built-in rules).
#[pyfunction]
fn rules_dir() -> PyResult<String> {
    Ok(rules_folder(None)?.describe())
}

// ---------------------------------------------------------------------------------------------
// Games

/// A game in progress: legal moves, play, undo/redo, the state and the trace of each move.
/// Threads may share one: each call takes the game's lock (and never calls Python, nor waits
/// for the GIL, while holding it).
#[pyclass(name = "Game", module = "sowlab", frozen)]
struct PyGame {
    g: Mutex<Game>,
    rule: PyRule,
}

impl PyGame {
    /// The game, locked (a panic inside a call leaves it whole: every change is one call).
    fn g(&self) -> MutexGuard<'_, Game> {
        self.g.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[pymethods]
impl PyGame {
    /// A new game of `rule` (a `Rule`, a name or a path) with `options`, from its start or from
    /// `position` (a dict like the state JSON).
    #[new]
    #[pyo3(signature = (rule, options=None, position=None, rules=None))]
    fn new(
        py: Python<'_>,
        rule: &Bound<'_, PyAny>,
        options: Option<&Bound<'_, PyDict>>,
        position: Option<&Bound<'_, PyAny>>,
        rules: Option<PathBuf>,
    ) -> PyResult<PyGame> {
        let py_rule = py_rule_of(py, rule, rules)?;
        let rule = py_rule.rule.clone();
        let opts = rule.resolve_options(&sets(options)?).map_err(err)?;
        let mut g = match position {
            None => Game::new(rule, opts),
            Some(p) => Game::with_position(rule, opts, &position_of(py, p)?),
        }
        .map_err(err)?;
        g.tracing = true;
        Ok(PyGame {
            g: Mutex::new(g),
            rule: py_rule,
        })
    }

    /// The legal moves, in the public notation (`"3"`, `"S3"`).
    fn legal_moves(&self) -> PyResult<Vec<String>> {
        self.g().legal_labels().map_err(err)
    }

    /// Plays a move (`"3"`), several (`"3 4 1"`) or a list of them; a refused move leaves the
    /// game as it was before it.
    fn play(&self, moves: &Bound<'_, PyAny>) -> PyResult<()> {
        let list: Vec<String> = if let Ok(s) = moves.extract::<String>() {
            sowlab::split_moves(&s)
        } else if let Ok(n) = moves.extract::<i64>() {
            vec![n.to_string()]
        } else {
            moves.extract::<Vec<String>>().map_err(|_| {
                msg("play: give a move (\"3\"), moves (\"3 4 1\") or a list of moves")
            })?
        };
        let mut g = self.g();
        for m in &list {
            g.play(m).map_err(err)?;
        }
        Ok(())
    }

    /// Takes back the last move (False when there is none).
    fn undo(&self) -> bool {
        self.g().undo()
    }

    /// Plays again the last move undone (False when there is none).
    fn redo(&self) -> bool {
        self.g().redo()
    }

    /// The state as a dict (the public state JSON: pits, closed, stores, to_move, over, winner).
    fn state(&self, py: Python<'_>) -> PyResult<PyObject> {
        let state = self.g().state();
        to_py(py, &state)
    }

    /// The events of move `n` (1-based; default the last), each a dict: event, pit, seeds,
    /// player, text.
    #[pyo3(signature = (n=None))]
    fn trace(&self, py: Python<'_>, n: Option<usize>) -> PyResult<PyObject> {
        let g = self.g();
        let len = g.history.len();
        let i = match n {
            None if len > 0 => len - 1,
            Some(k) if k >= 1 && k <= len => k - 1,
            _ => {
                return Err(msg(format!(
                    "trace: no move {} (the game has {len} move{})",
                    n.map_or("yet".to_string(), |k| k.to_string()),
                    if len == 1 { "" } else { "s" }
                )))
            }
        };
        let views: Vec<_> = {
            let layout = &board(g.current()).layout;
            g.history[i].events.iter().map(|e| e.view(layout)).collect()
        };
        drop(g);
        to_py(py, &views)
    }

    /// The moves played, in order.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.g().moves()
    }

    /// Whether the game is over.
    #[getter]
    fn over(&self) -> bool {
        self.g().state().over
    }

    /// The winner (1-based), None while playing, on a draw or a lost solitaire.
    #[getter]
    fn winner(&self) -> Option<usize> {
        self.g().state().winner
    }

    /// The player to move (1-based), None when over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.g().state().to_move
    }

    /// The options in force.
    #[getter]
    fn options(&self, py: Python<'_>) -> PyResult<PyObject> {
        let options = self.g().options.clone();
        to_py(py, &options)
    }

    /// The rule.
    #[getter]
    fn rule(&self) -> PyRule {
        self.rule.clone()
    }

    /// A copy of the game (its history included) to explore without changing this one.
    fn copy(&self) -> PyResult<PyGame> {
        let me = self.g();
        let mut g = Game::new(me.rule.clone(), me.options.clone()).map_err(err)?;
        g.start = me.start.clone();
        g.history = me.history.clone();
        g.undone = me.undone.clone();
        g.tracing = me.tracing;
        Ok(PyGame {
            g: Mutex::new(g),
            rule: self.rule.clone(),
        })
    }

    /// The position as a text picture.
    fn picture(&self) -> String {
        sowlab::render::picture(
            &board(self.g().current()),
            sowlab::render::Style { colour: false },
        )
    }

    fn __str__(&self) -> String {
        self.picture()
    }

    /// The position as SVG, its legal moves marked (what a notebook shows).
    fn svg(&self) -> PyResult<String> {
        search_board::game_svg(&self.g())
    }

    fn _repr_svg_(&self) -> PyResult<String> {
        search_board::game_svg(&self.g())
    }

    /// Move `n` (1-based; default the last) as SVG: its laps drawn over the position it left,
    /// or only up to lap `lap` (0: the position before it). Returns (svg, number of laps).
    #[pyo3(signature = (n=None, lap=None))]
    fn move_svg(&self, n: Option<usize>, lap: Option<usize>) -> PyResult<(String, usize)> {
        search_board::move_svg(&self.g(), n, lap)
    }

    fn __repr__(&self) -> String {
        let g = self.g();
        format!(
            "<sowlab.Game {} after {} move{}>",
            g.rule.name,
            g.history.len(),
            if g.history.len() == 1 { "" } else { "s" }
        )
    }
}

// ---------------------------------------------------------------------------------------------
// Experiments

/// The part of a run: `shard` as (K, N) or "K/N", or `range` as (start, end).
fn part_of(
    shard: Option<&Bound<'_, PyAny>>,
    range: Option<(u64, u64)>,
) -> PyResult<Option<PartSpec>> {
    match (shard, range) {
        (Some(_), Some(_)) => Err(msg("give a shard or a range, not both")),
        (Some(s), None) => {
            let text = if let Ok((k, n)) = s.extract::<(u64, u64)>() {
                format!("{k}/{n}")
            } else {
                s.extract::<String>()
                    .map_err(|_| msg("shard: give (K, N) or \"K/N\""))?
            };
            Ok(Some(PartSpec::parse_shard(&text).map_err(err)?))
        }
        (None, Some((a, b))) => Ok(Some(
            PartSpec::parse_range(&format!("{a}..{b}")).map_err(err)?,
        )),
        (None, None) => Ok(None),
    }
}

/// Agents as "random", "greedy,random" or a list.
fn agents_of(a: &Bound<'_, PyAny>) -> PyResult<Vec<Agent>> {
    let text = if let Ok(s) = a.extract::<String>() {
        s
    } else {
        a.extract::<Vec<String>>()
            .map_err(|_| {
                msg("agents: give \"random\", \"greedy,random\" or a list of agent names")
            })?
            .join(",")
    };
    let agents = Agent::parse_list(&text).map_err(err)?;
    if agents.is_empty() {
        return Err(msg(
            "agents: name an agent (random, greedy, alphabeta[:DEPTH], mcts[:ITERATIONS])",
        ));
    }
    Ok(agents)
}

#[allow(clippy::too_many_arguments)]
fn config(
    games: u64,
    agents: &Bound<'_, PyAny>,
    seed: u64,
    jobs: Option<usize>,
    max_moves: u64,
    rotate: bool,
    shard: Option<&Bound<'_, PyAny>>,
    range: Option<(u64, u64)>,
) -> PyResult<SimConfig> {
    if jobs == Some(0) {
        return Err(msg("jobs must be at least 1"));
    }
    Ok(SimConfig {
        games,
        agents: agents_of(agents)?,
        seed,
        jobs: jobs.unwrap_or_else(|| {
            std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
        }),
        max_moves,
        rotate,
        part: part_of(shard, range)?,
        ..SimConfig::default()
    })
}

/// Plays `games` games of `rule` between `agents` and returns the report (a dict, as
/// `sowlab simulate --json`). `shard=(K, N)` or `range=(A, B)` plays that part of the run only;
/// `games_out` writes every game as a JSON line.
#[pyfunction]
#[pyo3(signature = (rule, games=100, agents=None, seed=0, options=None, jobs=None, max_moves=10_000, rotate=false, shard=None, range=None, position=None, games_out=None, rules=None))]
#[allow(clippy::too_many_arguments)]
fn simulate(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    games: u64,
    agents: Option<&Bound<'_, PyAny>>,
    seed: u64,
    options: Option<&Bound<'_, PyDict>>,
    jobs: Option<usize>,
    max_moves: u64,
    rotate: bool,
    shard: Option<&Bound<'_, PyAny>>,
    range: Option<(u64, u64)>,
    position: Option<&Bound<'_, PyAny>>,
    games_out: Option<PathBuf>,
    rules: Option<PathBuf>,
) -> PyResult<PyObject> {
    let rule = rule_of(py, rule, rules)?;
    let opts = rule.resolve_options(&sets(options)?).map_err(err)?;
    let random = PyString::new(py, "random").into_any();
    let mut cfg = config(
        games,
        agents.unwrap_or(&random),
        seed,
        jobs,
        max_moves,
        rotate,
        shard,
        range,
    )?;
    let start = match position {
        None => rule.new_board(&opts).map_err(err)?,
        Some(p) => {
            Game::with_position(rule.clone(), opts.clone(), &position_of(py, p)?)
                .map_err(err)?
                .start
        }
    };
    // Through the safe writer: put in place when the run is over, never opened if a pipe.
    let mut file = None;
    if let Some(f) = &games_out {
        let out = experiment::GamesFile::create(f).map_err(err)?;
        let first = experiment::Part::of(cfg.part, cfg.games)
            .map_err(err)?
            .start;
        cfg.games_out = Some(Arc::new(experiment::JsonLines::new(
            Box::new(out.clone()),
            first,
        )));
        file = Some(out);
    }
    let rep = interruptible(py, || experiment::simulate_from(&rule, &opts, &start, &cfg))?
        .map_err(err)?;
    if let Some(f) = file {
        f.commit().map_err(err)?;
    }
    to_py(py, &rep)
}

/// Plays the same games (seeds, agents) under two variants and tests the differences (a dict,
/// as `sowlab compare --json`).
#[pyfunction]
#[pyo3(signature = (rule_a, rule_b, games=100, agents=None, seed=0, options=None, options_a=None, options_b=None, alpha=0.05, jobs=None, max_moves=10_000, rotate=false, shard=None, range=None, rules=None))]
#[allow(clippy::too_many_arguments)]
fn compare(
    py: Python<'_>,
    rule_a: &Bound<'_, PyAny>,
    rule_b: &Bound<'_, PyAny>,
    games: u64,
    agents: Option<&Bound<'_, PyAny>>,
    seed: u64,
    options: Option<&Bound<'_, PyDict>>,
    options_a: Option<&Bound<'_, PyDict>>,
    options_b: Option<&Bound<'_, PyDict>>,
    alpha: f64,
    jobs: Option<usize>,
    max_moves: u64,
    rotate: bool,
    shard: Option<&Bound<'_, PyAny>>,
    range: Option<(u64, u64)>,
    rules: Option<PathBuf>,
) -> PyResult<PyObject> {
    if !(alpha > 0.0 && alpha < 1.0) {
        return Err(msg("alpha must be between 0 and 1"));
    }
    let both = sets(options)?;
    let side = |r: &Bound<'_, PyAny>, own: Option<&Bound<'_, PyDict>>, tag: &str| -> PyResult<_> {
        let rule =
            rule_of(py, r, rules.clone()).map_err(|e| msg(format!("{tag}: {}", e.value(py))))?;
        let mut s = both.clone();
        s.extend(sets(own)?);
        let o = rule.resolve_options(&s).map_err(|e| err(e.context(tag)))?;
        Ok((rule, o))
    };
    let (ra, oa) = side(rule_a, options_a, "A")?;
    let (rb, ob) = side(rule_b, options_b, "B")?;
    let random = PyString::new(py, "random").into_any();
    let cfg = config(
        games,
        agents.unwrap_or(&random),
        seed,
        jobs,
        max_moves,
        rotate,
        shard,
        range,
    )?;
    let c = interruptible(py, || -> sowlab::Result<_> {
        let a = experiment::simulate(&ra, &oa, &cfg).map_err(|e| e.context("A"))?;
        let b = experiment::simulate(&rb, &ob, &cfg).map_err(|e| e.context("B"))?;
        Ok(experiment::compare_reports(a, b, alpha))
    })?
    .map_err(err)?;
    to_py(py, &c)
}

/// Simulates every combination of option values: `vary={"holes": [3, 4], "seeds": [2, 3]}` (a
/// dict, as `sowlab sweep --json`; the first key varies slowest).
#[pyfunction]
#[pyo3(signature = (rule, vary, games=100, agents=None, seed=0, options=None, jobs=None, max_moves=10_000, rotate=false, shard=None, range=None, rules=None))]
#[allow(clippy::too_many_arguments)]
fn sweep(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    vary: &Bound<'_, PyDict>,
    games: u64,
    agents: Option<&Bound<'_, PyAny>>,
    seed: u64,
    options: Option<&Bound<'_, PyDict>>,
    jobs: Option<usize>,
    max_moves: u64,
    rotate: bool,
    shard: Option<&Bound<'_, PyAny>>,
    range: Option<(u64, u64)>,
    rules: Option<PathBuf>,
) -> PyResult<PyObject> {
    let rule = rule_of(py, rule, rules)?;
    let mut grid = Vec::new();
    for (k, vs) in vary.iter() {
        let k: String = k
            .extract()
            .map_err(|_| msg("vary: option names must be strings"))?;
        let list = vs
            .downcast::<PyList>()
            .map_err(|_| msg(format!("vary: give a list of values for `{k}`")))?;
        let one = PyDict::new(py);
        let mut values = Vec::new();
        for v in list.iter() {
            one.set_item(&k, v)?;
            let s = sets(Some(&one))?.remove(0);
            values.push(
                s.split_once('=')
                    .map(|x| x.1.to_string())
                    .unwrap_or_default(),
            );
        }
        if values.is_empty() {
            return Err(msg(format!("vary: no values for `{k}`")));
        }
        grid.push((k, values));
    }
    if grid.is_empty() {
        return Err(msg("vary: give at least one option and its values"));
    }
    let base = sets(options)?;
    let random = PyString::new(py, "random").into_any();
    let cfg = config(
        games,
        agents.unwrap_or(&random),
        seed,
        jobs,
        max_moves,
        rotate,
        shard,
        range,
    )?;
    let s = interruptible(py, || experiment::sweep(&rule, &base, &grid, &cfg))?.map_err(err)?;
    to_py(py, &s)
}

/// Solves a solitaire (shortest solution, positions) or values a two-player position to `depth`
/// moves (a dict, as `sowlab solve --json`).
#[pyfunction]
#[pyo3(signature = (rule, options=None, position=None, max_positions=0, max_nodes=0, depth=16, first=false, rules=None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    position: Option<&Bound<'_, PyAny>>,
    max_positions: u64,
    max_nodes: u64,
    depth: u16,
    first: bool,
    rules: Option<PathBuf>,
) -> PyResult<PyObject> {
    let g = PyGame::new(py, rule, options, position, rules)?
        .g
        .into_inner()
        .unwrap_or_else(|p| p.into_inner());
    let limits = SearchLimits {
        max_nodes,
        max_positions,
        first_solution: first,
        ..SearchLimits::default()
    };
    let players = board(g.current()).players();
    let mut v = interruptible(py, || -> sowlab::Result<serde_json::Value> {
        let v = if players == 1 {
            serde_json::to_value(sowlab::solve(&g.rule, g.current(), &limits, None)?)
        } else if players == 2 {
            if depth == 0 {
                return Err(sowlab::Error::msg("depth must be at least 1"));
            }
            serde_json::to_value(sowlab::value(&g.rule, g.current(), depth, &limits, None)?)
        } else {
            return Err(sowlab::Error::msg(format!(
                "solve: {} has {players} players; solve handles solitaires and two-player games",
                g.rule.name
            )));
        };
        v.map_err(|e| sowlab::Error::msg(e.to_string()))
    })?
    .map_err(err)?;
    v["rule"] = g.rule.name.clone().into();
    v["rule_hash"] = g.rule.content_hash.clone().into();
    v["options"] = serde_json::to_value(&g.options).unwrap_or_default();
    to_py(py, &v)
}

/// Joins the parts of a run (the dicts that `simulate`, `compare` or `sweep` return for shards or
/// ranges) into the whole run's report, exactly. With `partial`, parts covering one unbroken
/// range give the part for that range.
#[pyfunction]
#[pyo3(signature = (parts, partial=false))]
fn merge(py: Python<'_>, parts: &Bound<'_, PyAny>, partial: bool) -> PyResult<PyObject> {
    let mut named = Vec::new();
    for (i, p) in parts.try_iter()?.enumerate() {
        named.push((format!("part {}", i + 1), from_py(py, &p?)?));
    }
    let m = interruptible(py, || experiment::merge(&named, !partial))?.map_err(err)?;
    to_py(py, &m.json())
}

/// Joins the files `parts` (in order) into `target` through sowlab's one safe writer (a temporary
/// file of an unpredictable name beside `target`, flushed, then renamed over it): `target` must be
/// a regular file or nothing (never a pipe, a device or a folder, which are refused, untouched),
/// and each part a regular file (a pipe is refused, not waited on). `sowlab.dask` joins its
/// shards' games files with it.
#[pyfunction]
fn _join_files(py: Python<'_>, target: PathBuf, parts: Vec<PathBuf>) -> PyResult<()> {
    use sowlab::engine::base::files;
    interruptible(py, || -> sowlab::Result<()> {
        let mut out = files::SafeFile::create(&target, "write")?;
        for p in &parts {
            let mut f = files::open_regular(p)
                .map_err(|e| sowlab::Error::msg(format!("cannot read {}: {e}", p.display())))?;
            std::io::copy(&mut f, &mut out).map_err(|e| out.fail(&e))?;
        }
        out.commit()
    })?
    .map_err(err)
}

/// sowlab's version and the git commit it was built from.
#[pyfunction]
fn version() -> (String, String) {
    (
        experiment::record::VERSION.to_string(),
        experiment::record::COMMIT.to_string(),
    )
}

/// The native module.
#[pymodule]
fn _sowlab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("SowlabError", m.py().get_type::<SowlabError>())?;
    m.add_class::<PyRule>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<search_board::PyBoard>()?;
    m.add_function(wrap_pyfunction!(search_board::_board_replay, m)?)?;
    m.add_function(wrap_pyfunction!(rule_names, m)?)?;
    m.add_function(wrap_pyfunction!(rules_dir, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(sweep, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_layers, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_layers_in, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_chunk, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_chunk_round, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_classes, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_chunk_classes, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_write_layer, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_one_side, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_options, m)?)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(_join_files, m)?)?;
    Ok(())
}
