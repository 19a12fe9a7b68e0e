//! Check scripts: `sowlab run SCRIPT.rhai [ARGS...]` runs a Rhai script in a sandboxed engine with
//! an API to load games, play them, inspect traces, and call the native searches, plus `assert`.
//!
//! The API, as a script sees it (`g` is a game value; scripts/README.md is the user's page, and
//! a test keeps it naming every function registered here):
//! - `game(name)`, `game(name, #{option: value})`: a new game of a rule or preset on the rules
//!   path, or of a rule file or preset given by its path.
//! - `g.pits`, `g.stores`, `g.closed`, `g.penalties`, `g.to_move` (`()` when over), `g.over`,
//!   `g.winner` (`()` when none), `g.players`, `g.rule`, `g.vars` (the game variables, a map),
//!   `g.played` (labels of the moves played),
//!   `g.tracing` (get/set; on by default).
//! - `g.moves()` (legal move labels), `g.play("3")` / `g.play(3)`, `g.play_moves("3 4 1")`,
//!   `g.undo()`, `g.redo()`, `g.clone()`, `g.trace()` (the last move's events as maps: `event`,
//!   `pit`, `hole` (canonical index or `()`), `seeds`, `player`, `count` (the pit's seeds after the
//!   event), `hand` (seeds in hand after it), `text`), `g.json()`, `g.state()`, `g.picture()`,
//!   `g.svg()` (the position as an SVG picture, a string), `g.svg_trace()` (the last move's laps
//!   as SVG), `g.set_position(#{pits: [...], ...})`.
//! - `solve(g)`, `solve(g, #{max_positions, max_nodes, first})`: a map (`solvable`, `solution`,
//!   `positions`, `won_positions`, `lost_ends`, `depth`, `nodes`, `seconds`, `complete`,
//!   `stopped`); `count_positions(g)`; `value(g, depth)` (two players: `value`, `lo`, `hi`,
//!   `best`, ...); `perft(g, depth)` (sequences of `depth` moves), `perft_counts(g, depth)`.
//! - `rng(seed)` (a deterministic generator: `r.below(n)`, `r.pick(array)`, `r.next()`),
//!   `random_playout(g, seed)` / `random_playout(g, seed, max_moves)` (plays random legal moves
//!   until the game is over; returns the number played).
//! - `assert(cond)`, `assert(cond, msg)`, `assert_eq(a, b)`, `assert_eq(a, b, msg)`; `print`
//!   writes to stdout; `ARGS` holds the script's arguments (strings).
//!
//! Other modules add functions in one place, [`EXTENSIONS`]: write
//! `pub fn register(e: &mut Engine, c: &Context)` registering functions that take
//! `g: &mut ScriptGame` (read with `g.game()`, change with `g.game_mut()`, fail with
//! `script_err(&ctx, message)`, respect `c.deadline` / `c.limits()` in long loops), and add
//! `("name", crate::module::register)` to the list.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rhai::{Array, Dynamic, Engine, EvalAltResult, ImmutableString, Map, NativeCallContext, Scope};

use crate::engine::base::values;
use crate::engine::game::game::{split_moves, Game, Position};
use crate::engine::rule::library::RulePath;
use crate::engine::rule::rules::{board, Rule};
use crate::engine::script::primitives::{self as script, Limits, INTERRUPTED};
use crate::error::{Error, Result};
use crate::search::solve::{self, SearchLimits, Stop};

type RResult<T> = std::result::Result<T, Box<EvalAltResult>>;

/// A function that registers extra functions into the check-script engine.
pub type Extension = fn(&mut Engine, &Context);

/// Every set of functions a check script sees, registered in this order. Other modules (e.g.
/// simulations) add their `fn register(engine: &mut Engine, ctx: &Context)` here.
pub const EXTENSIONS: &[(&str, Extension)] = &[("core", register_api), ("simulate", register_sim)];

/// `simulate(rule, #{ games, agents, seed, options, ... })` from [`crate::experiment`].
fn register_sim(e: &mut Engine, c: &Context) {
    crate::experiment::register_sim_api_until(e, c.rules_dir.clone(), Some(c.deadline));
}

/// What a check run shares with the functions it calls: where rules are, the deadline, loaded rules.
#[derive(Clone)]
pub struct Context {
    /// Where rules are looked for by name.
    pub rules_dir: RulePath,
    /// The wall-clock limit of the whole run.
    pub timeout: Duration,
    /// When the run must stop.
    pub deadline: Instant,
    rules: Arc<Mutex<HashMap<String, Arc<Rule>>>>,
    /// Assertions that passed.
    pub passed: Arc<AtomicU64>,
}

impl Context {
    /// A context for a run starting now.
    pub fn new(rules_dir: impl Into<RulePath>, timeout: Duration) -> Context {
        Context {
            rules_dir: rules_dir.into(),
            timeout,
            deadline: Instant::now() + timeout,
            rules: Arc::default(),
            passed: Arc::default(),
        }
    }

    /// Loads (once) the rule or preset `name` (on the rules path), or the rule file or preset at
    /// a path, as every command does.
    pub fn rule(&self, name: &str) -> Result<Arc<Rule>> {
        let mut cache = self.rules.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(r) = cache.get(name) {
            return Ok(r.clone());
        }
        let r = Arc::new(Rule::load(name, &self.rules_dir)?);
        cache.insert(name.to_string(), r.clone());
        Ok(r)
    }

    /// Search limits that respect the run's deadline.
    pub fn limits(&self) -> SearchLimits {
        SearchLimits {
            deadline: Some(self.deadline),
            ..SearchLimits::default()
        }
    }
}

/// A game as a script value. Assigning it copies it, as every Rhai value (`g.clone()` too); the
/// copy is lazy: the game is shared until one of the copies changes, so passing a game with a long
/// history to a script function costs nothing.
#[derive(Clone)]
pub struct ScriptGame {
    inner: Arc<GameCell>,
}

struct GameCell(Game);

impl Clone for GameCell {
    fn clone(&self) -> Self {
        let g = &self.0;
        GameCell(Game {
            rule: g.rule.clone(),
            options: g.options.clone(),
            start: g.start.clone(),
            history: g.history.clone(),
            undone: g.undone.clone(),
            tracing: g.tracing,
        })
    }
}

impl ScriptGame {
    /// Wraps a game.
    pub fn new(game: Game) -> ScriptGame {
        ScriptGame {
            inner: Arc::new(GameCell(game)),
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.inner.0
    }

    /// The game, to change it (copied first if another script value shares it).
    pub fn game_mut(&mut self) -> &mut Game {
        &mut Arc::make_mut(&mut self.inner).0
    }
}

/// A deterministic random number generator (SplitMix64) for reproducible random checks.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: i64) -> Rng {
        Rng(seed as u64 ^ 0x853c_49e6_748f_ea9b)
    }

    /// The next 64 random bits (one SplitMix64 step).
    pub fn next_u64(&mut self) -> u64 {
        crate::engine::base::rng::splitmix64(&mut self.0)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
}

/// Turns an error into a script error at the call's position.
pub fn script_err(ctx: &NativeCallContext, e: impl std::fmt::Display) -> Box<EvalAltResult> {
    EvalAltResult::ErrorRuntime(e.to_string().into(), ctx.call_position()).into()
}

/// A script value as JSON; a value that is not data (a game) as its text.
fn to_json(v: &Dynamic) -> serde_json::Value {
    values::to_json(v).unwrap_or_else(|_| v.to_string().into())
}

fn ser(v: &impl serde::Serialize) -> Dynamic {
    values::to_dynamic(v)
}

fn ints(v: impl IntoIterator<Item = i64>) -> Array {
    v.into_iter().map(Dynamic::from).collect()
}

fn strs(v: impl IntoIterator<Item = String>) -> Array {
    v.into_iter().map(Dynamic::from).collect()
}

fn new_game(ctx: &NativeCallContext, c: &Context, name: &str, opts: &Map) -> RResult<ScriptGame> {
    let rule = c.rule(name).map_err(|e| script_err(ctx, e))?;
    let sets: Vec<String> = opts
        .iter()
        .map(|(k, v)| {
            let text = if v.is_string() {
                v.to_string()
            } else {
                to_json(v).to_string()
            };
            format!("{k}={text}")
        })
        .collect();
    let options = rule
        .resolve_options(&sets)
        .map_err(|e| script_err(ctx, e.context(format!("game(\"{name}\")"))))?;
    let game = Game::new(rule, options).map_err(|e| script_err(ctx, e))?;
    Ok(ScriptGame::new(game))
}

/// Raises an error for a search stopped by the deadline or Ctrl-C (limits give partial results).
fn check_stop(ctx: &NativeCallContext, c: &Context, stop: Option<Stop>) -> RResult<()> {
    match stop {
        Some(Stop::Deadline) => Err(script_err(
            ctx,
            format!(
                "time limit exceeded: the run took more than {} s (--timeout)",
                c.timeout.as_secs()
            ),
        )),
        Some(Stop::Interrupted) => Err(script_err(ctx, "interrupted")),
        _ => Ok(()),
    }
}

fn solve_limits(ctx: &NativeCallContext, c: &Context, o: &Map) -> RResult<SearchLimits> {
    let mut l = c.limits();
    for (k, v) in o {
        let int = || {
            v.as_int()
                .ok()
                .filter(|&n| n >= 0)
                .map(|n| n as u64)
                .ok_or_else(|| script_err(ctx, format!("solve: `{k}` takes a count")))
        };
        match k.as_str() {
            "max_positions" => l.max_positions = int()?,
            "max_nodes" => l.max_nodes = int()?,
            "first" => {
                l.first_solution = v
                    .as_bool()
                    .map_err(|_| script_err(ctx, "solve: `first` takes true or false"))?
            }
            o => {
                return Err(script_err(
                    ctx,
                    format!("solve: unknown setting `{o}` (max_positions, max_nodes, first)"),
                ))
            }
        }
    }
    Ok(l)
}

fn do_solve(ctx: &NativeCallContext, c: &Context, g: &ScriptGame, o: &Map) -> RResult<Map> {
    let limits = solve_limits(ctx, c, o)?;
    let r = solve::explore(&g.game().rule, g.game().current(), &limits, None)
        .map_err(|e| script_err(ctx, e))?;
    check_stop(ctx, c, r.stats.stopped)?;
    Ok(ser(&r).try_cast::<Map>().unwrap_or_default())
}

fn trace_of(g: &ScriptGame) -> Array {
    let Some(ply) = g.game().history.last() else {
        return Array::new();
    };
    let mut b = board(&ply.before).clone();
    let layout = b.layout.clone();
    let mut hole_index = vec![None; layout.pits.len()];
    for (i, &h) in layout.holes.iter().enumerate() {
        hole_index[h] = Some(i as i64);
    }
    let mut hand = 0;
    ply.events
        .iter()
        .map(|e| {
            e.apply(&mut b, &mut hand);
            let v = e.view(&layout);
            let pit = match e {
                crate::engine::trace::event::Event::Pickup { pit, .. }
                | crate::engine::trace::event::Event::Drop { pit, .. }
                | crate::engine::trace::event::Event::LapEnd { pit, .. }
                | crate::engine::trace::event::Event::Capture { pit, .. }
                | crate::engine::trace::event::Event::Fill { pit, .. }
                | crate::engine::trace::event::Event::Adjust { pit, .. }
                | crate::engine::trace::event::Event::Close { pit, .. } => Some(*pit),
                crate::engine::trace::event::Event::Move { to, .. } => Some(*to),
                _ => None,
            };
            let opt = |x: Option<i64>| x.map_or(Dynamic::UNIT, Dynamic::from);
            let mut m = Map::new();
            m.insert("event".into(), v.event.into());
            m.insert("pit".into(), v.pit.map_or(Dynamic::UNIT, Dynamic::from));
            m.insert("seeds".into(), v.seeds.into());
            m.insert("player".into(), opt(v.player.map(|p| p as i64)));
            m.insert("text".into(), v.text.into());
            m.insert("hole".into(), opt(pit.and_then(|p| hole_index[p])));
            m.insert("count".into(), opt(pit.map(|p| b.seeds[p])));
            m.insert("hand".into(), Dynamic::from(hand));
            Dynamic::from_map(m)
        })
        .collect()
}

fn play_label(ctx: &NativeCallContext, g: &mut ScriptGame, label: &str) -> RResult<()> {
    g.game_mut()
        .play(label)
        .map(|_| ())
        .map_err(|e| script_err(ctx, e))
}

/// Registers the core check API (see the module documentation).
pub fn register_api(e: &mut Engine, c: &Context) {
    e.register_type_with_name::<ScriptGame>("Game");
    e.register_type_with_name::<Rng>("Rng");

    // ---- assertions ----
    let cc = c.clone();
    e.register_fn(
        "assert",
        move |ctx: NativeCallContext, cond: bool, msg: ImmutableString| -> RResult<()> {
            if cond {
                cc.passed.fetch_add(1, Ordering::Relaxed);
                Ok(())
            } else {
                Err(script_err(&ctx, format!("assertion failed: {msg}")))
            }
        },
    );
    let cc = c.clone();
    e.register_fn(
        "assert",
        move |ctx: NativeCallContext, cond: bool| -> RResult<()> {
            if cond {
                cc.passed.fetch_add(1, Ordering::Relaxed);
                Ok(())
            } else {
                Err(script_err(&ctx, "assertion failed"))
            }
        },
    );
    // assert_eq(a, b [, msg]): compares the values as Rhai shows them.
    fn check_eq(
        c: &Context,
        ctx: &NativeCallContext,
        a: &Dynamic,
        b: &Dynamic,
        msg: Option<&str>,
    ) -> RResult<()> {
        if format!("{a:?}") == format!("{b:?}") {
            c.passed.fetch_add(1, Ordering::Relaxed);
            return Ok(());
        }
        let what = msg.map(|m| format!(": {m}")).unwrap_or_default();
        Err(script_err(
            ctx,
            format!(
                "assertion failed{what}: {} != {}",
                script::show(a),
                script::show(b)
            ),
        ))
    }
    let cc = c.clone();
    e.register_fn(
        "assert_eq",
        move |ctx: NativeCallContext, a: Dynamic, b: Dynamic, msg: ImmutableString| {
            check_eq(&cc, &ctx, &a, &b, Some(&msg))
        },
    );
    let cc = c.clone();
    e.register_fn(
        "assert_eq",
        move |ctx: NativeCallContext, a: Dynamic, b: Dynamic| check_eq(&cc, &ctx, &a, &b, None),
    );

    // ---- games ----
    let cc = c.clone();
    e.register_fn("game", move |ctx: NativeCallContext, name: &str| {
        new_game(&ctx, &cc, name, &Map::new())
    });
    let cc = c.clone();
    e.register_fn(
        "game",
        move |ctx: NativeCallContext, name: &str, opts: Map| new_game(&ctx, &cc, name, &opts),
    );
    e.register_get("pits", |g: &mut ScriptGame| ints(g.game().state().pits));
    e.register_get("stores", |g: &mut ScriptGame| ints(g.game().state().stores));
    e.register_get("closed", |g: &mut ScriptGame| {
        ints(g.game().state().closed.into_iter().map(|c| c as i64))
    });
    e.register_get("penalties", |g: &mut ScriptGame| {
        ints(g.game().state().penalties)
    });
    e.register_get("to_move", |g: &mut ScriptGame| {
        g.game()
            .state()
            .to_move
            .map_or(Dynamic::UNIT, |p| Dynamic::from(p as i64))
    });
    e.register_get("over", |g: &mut ScriptGame| g.game().state().over);
    e.register_get("winner", |g: &mut ScriptGame| {
        g.game()
            .state()
            .winner
            .map_or(Dynamic::UNIT, |p| Dynamic::from(p as i64))
    });
    e.register_get("players", |g: &mut ScriptGame| {
        board(g.game().current()).players() as i64
    });
    e.register_get("rule", |g: &mut ScriptGame| g.game().rule.name.clone());
    e.register_get("vars", |g: &mut ScriptGame| {
        let b = board(g.game().current());
        b.layout
            .vars
            .iter()
            .zip(&b.vars)
            .map(|(k, &v)| (k.as_str().into(), Dynamic::from(v)))
            .collect::<Map>()
    });
    e.register_get("played", |g: &mut ScriptGame| strs(g.game().moves()));
    e.register_get("tracing", |g: &mut ScriptGame| g.game().tracing);
    e.register_set("tracing", |g: &mut ScriptGame, on: bool| {
        g.game_mut().tracing = on
    });
    e.register_fn(
        "moves",
        |ctx: NativeCallContext, g: &mut ScriptGame| -> RResult<Array> {
            g.game()
                .legal_labels()
                .map(strs)
                .map_err(|e| script_err(&ctx, e))
        },
    );
    e.register_fn(
        "play",
        |ctx: NativeCallContext, g: &mut ScriptGame, label: &str| play_label(&ctx, g, label),
    );
    e.register_fn(
        "play",
        |ctx: NativeCallContext, g: &mut ScriptGame, hole: i64| {
            play_label(&ctx, g, &hole.to_string())
        },
    );
    e.register_fn(
        "play_moves",
        |ctx: NativeCallContext, g: &mut ScriptGame, moves: &str| -> RResult<()> {
            g.game_mut()
                .play_all(&split_moves(moves))
                .map_err(|e| script_err(&ctx, e))
        },
    );
    e.register_fn("undo", |g: &mut ScriptGame| g.game_mut().undo());
    e.register_fn("redo", |g: &mut ScriptGame| g.game_mut().redo());
    e.register_fn("clone", |g: &mut ScriptGame| g.clone());
    e.register_fn("trace", |g: &mut ScriptGame| trace_of(g));
    e.register_fn("json", |g: &mut ScriptGame| {
        serde_json::to_string(&g.game().state()).unwrap_or_default()
    });
    e.register_fn("state", |g: &mut ScriptGame| ser(&g.game().state()));
    e.register_fn("picture", |g: &mut ScriptGame| {
        crate::render::picture(&g.game().board(), crate::render::Style::default())
    });
    e.register_fn("svg", |g: &mut ScriptGame| {
        crate::render::svg::game_svg(g.game())
    });
    e.register_fn("svg_trace", |g: &mut ScriptGame| {
        crate::render::svg::last_move_svg(g.game())
    });
    e.register_fn("to_string", |g: &mut ScriptGame| {
        serde_json::to_string(&g.game().state()).unwrap_or_default()
    });
    e.register_fn("to_debug", |g: &mut ScriptGame| {
        format!(
            "Game({}: {})",
            g.game().rule.name,
            serde_json::to_string(&g.game().state()).unwrap_or_default()
        )
    });
    e.register_fn(
        "set_position",
        |ctx: NativeCallContext, g: &mut ScriptGame, pos: Map| -> RResult<()> {
            let j = to_json(&Dynamic::from_map(pos));
            let pos: Position = serde_json::from_value(j).map_err(|e| {
                script_err(
                    &ctx,
                    format!("set_position: {}", crate::engine::rule::rules::one_line(&e)),
                )
            })?;
            let mut b = board(g.game().current()).clone();
            pos.apply_to(&mut b).map_err(|e| script_err(&ctx, e))?;
            b.trace = None;
            g.game_mut().start = Dynamic::from(b);
            g.game_mut().history.clear();
            g.game_mut().undone.clear();
            Ok(())
        },
    );

    // ---- searches ----
    let cc = c.clone();
    e.register_fn(
        "solve",
        move |ctx: NativeCallContext, g: &mut ScriptGame| do_solve(&ctx, &cc, g, &Map::new()),
    );
    let cc = c.clone();
    e.register_fn(
        "solve",
        move |ctx: NativeCallContext, g: &mut ScriptGame, o: Map| do_solve(&ctx, &cc, g, &o),
    );
    let cc = c.clone();
    e.register_fn(
        "count_positions",
        move |ctx: NativeCallContext, g: &mut ScriptGame| -> RResult<i64> {
            let r = solve::explore(&g.game().rule, g.game().current(), &cc.limits(), None)
                .map_err(|e| script_err(&ctx, e))?;
            check_stop(&ctx, &cc, r.stats.stopped)?;
            Ok(r.positions as i64)
        },
    );
    let cc = c.clone();
    e.register_fn(
        "value",
        move |ctx: NativeCallContext, g: &mut ScriptGame, depth: i64| -> RResult<Map> {
            if board(g.game().current()).players() != 2 {
                return Err(script_err(
                    &ctx,
                    "value(): for two-player games (use solve() for a solitaire)",
                ));
            }
            let depth = u16::try_from(depth.clamp(0, 1000)).unwrap_or(0);
            let r = solve::value(
                &g.game().rule,
                g.game().current(),
                depth,
                &cc.limits(),
                None,
            )
            .map_err(|e| script_err(&ctx, e))?;
            check_stop(&ctx, &cc, r.stats.stopped)?;
            Ok(ser(&r).try_cast::<Map>().unwrap_or_default())
        },
    );
    let cc = c.clone();
    let perft_counts =
        move |ctx: &NativeCallContext, g: &ScriptGame, depth: i64| -> RResult<Vec<u64>> {
            if !(0..=64).contains(&depth) {
                return Err(script_err(
                    ctx,
                    format!("perft: depth {depth} (use 0 to 64)"),
                ));
            }
            let r = solve::perft(
                &g.game().rule,
                g.game().current(),
                depth as usize,
                &cc.limits(),
                None,
            )
            .map_err(|e| script_err(ctx, e))?;
            check_stop(ctx, &cc, r.stats.stopped)?;
            Ok(r.counts)
        };
    let pc = perft_counts.clone();
    e.register_fn(
        "perft",
        move |ctx: NativeCallContext, g: &mut ScriptGame, depth: i64| -> RResult<i64> {
            Ok(*pc(&ctx, g, depth)?.last().unwrap_or(&0) as i64)
        },
    );
    e.register_fn(
        "perft_counts",
        move |ctx: NativeCallContext, g: &mut ScriptGame, depth: i64| -> RResult<Array> {
            Ok(ints(
                perft_counts(&ctx, g, depth)?.into_iter().map(|c| c as i64),
            ))
        },
    );

    // ---- randomness ----
    e.register_fn("rng", Rng::new);
    e.register_fn("next", |r: &mut Rng| (r.next_u64() >> 1) as i64);
    e.register_fn(
        "below",
        |ctx: NativeCallContext, r: &mut Rng, n: i64| -> RResult<i64> {
            if n <= 0 {
                return Err(script_err(
                    &ctx,
                    format!("below({n}): give a positive bound"),
                ));
            }
            Ok(r.below(n as u64) as i64)
        },
    );
    e.register_fn(
        "pick",
        |ctx: NativeCallContext, r: &mut Rng, a: Array| -> RResult<Dynamic> {
            if a.is_empty() {
                return Err(script_err(&ctx, "pick(): the array is empty"));
            }
            Ok(a[r.below(a.len() as u64) as usize].clone())
        },
    );
    let cc = c.clone();
    e.register_fn(
        "random_playout",
        move |ctx: NativeCallContext, g: &mut ScriptGame, seed: i64| {
            random_playout(&ctx, &cc, g, seed, 100_000)
        },
    );
    let cc = c.clone();
    e.register_fn(
        "random_playout",
        move |ctx: NativeCallContext, g: &mut ScriptGame, seed: i64, max_moves: i64| {
            random_playout(&ctx, &cc, g, seed, max_moves.max(0) as u64)
        },
    );
}

fn random_playout(
    ctx: &NativeCallContext,
    c: &Context,
    g: &mut ScriptGame,
    seed: i64,
    max_moves: u64,
) -> RResult<i64> {
    let mut rng = Rng::new(seed);
    let mut n = 0u64;
    while n < max_moves && !board(g.game().current()).over {
        if n.is_multiple_of(64) {
            if INTERRUPTED.load(Ordering::Relaxed) {
                return Err(script_err(ctx, "interrupted"));
            }
            check_stop(
                ctx,
                c,
                (Instant::now() >= c.deadline).then_some(Stop::Deadline),
            )?;
        }
        let legal = g.game().legal().map_err(|e| script_err(ctx, e))?;
        if legal.is_empty() {
            break;
        }
        let pit = legal[rng.below(legal.len() as u64) as usize];
        g.game_mut().play_pit(pit).map_err(|e| script_err(ctx, e))?;
        n += 1;
    }
    Ok(n as i64)
}

/// Builds the check-script engine: the sandbox of [`script::engine`] (no imports, no `eval`)
/// with a wall-clock limit for the whole run, `print` to stdout and every [`EXTENSIONS`] entry.
pub fn engine(c: &Context) -> Engine {
    let mut e = script::engine(&Limits::checks(c.timeout), None);
    // Ctrl-C, the run's clock (--timeout, started by `run_file`) and memory, as in every script.
    e.on_progress(|_| script::charge(1).err().map(Into::into));
    e.on_print(|s| println!("{s}"));
    for (_, register) in EXTENSIONS {
        register(&mut e, c);
    }
    e
}

/// Runs a check script with its arguments; `Ok` when it ran to the end without a failed assert.
pub fn run_file(path: &Path, args: &[String], c: &Context) -> Result<()> {
    let text = crate::engine::base::files::read_text(path, "script")?;
    let e = engine(c);
    let mut ast = e
        .compile(&text)
        .map_err(|err| Error::from_parse(path, &err))?;
    ast.set_source(path.display().to_string());
    let mut scope = Scope::new();
    scope.push_constant("ARGS", strs(args.iter().cloned()));
    // The run's clock (--timeout) bounds the script and every native call it makes; it started
    // with the context.
    let _clock = script::start_call(c.timeout, true);
    e.run_ast_with_scope(&mut scope, &ast)
        .map_err(|err| Error::from_eval(path, &err))
}
