//! What a check script works with: its context (rules path, limits, deadline, counters), a game
//! as a script value, a seeded generator, and the helpers the functions share.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rhai::{Array, Dynamic, EvalAltResult, Map, NativeCallContext};

use crate::engine::base::values;
use crate::engine::game::game::Game;
use crate::engine::rule::library::RulePath;
use crate::engine::rule::rules::{board, Rule};
use crate::engine::script::primitives::INTERRUPTED;
use crate::error::Result;
use crate::search::solve::{self, SearchLimits, Stop};

/// A primitive's result: a value or a script error.
pub(crate) type RResult<T> = std::result::Result<T, Box<EvalAltResult>>;

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
pub(super) fn to_json(v: &Dynamic) -> serde_json::Value {
    values::to_json(v).unwrap_or_else(|_| v.to_string().into())
}

pub(super) fn ser(v: &impl serde::Serialize) -> Dynamic {
    values::to_dynamic(v)
}

pub(super) fn ints(v: impl IntoIterator<Item = i64>) -> Array {
    v.into_iter().map(Dynamic::from).collect()
}

pub(super) fn strs(v: impl IntoIterator<Item = String>) -> Array {
    v.into_iter().map(Dynamic::from).collect()
}

pub(super) fn new_game(
    ctx: &NativeCallContext,
    c: &Context,
    name: &str,
    opts: &Map,
) -> RResult<ScriptGame> {
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
pub(super) fn check_stop(ctx: &NativeCallContext, c: &Context, stop: Option<Stop>) -> RResult<()> {
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

pub(super) fn solve_limits(ctx: &NativeCallContext, c: &Context, o: &Map) -> RResult<SearchLimits> {
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

pub(super) fn do_solve(
    ctx: &NativeCallContext,
    c: &Context,
    g: &ScriptGame,
    o: &Map,
) -> RResult<Map> {
    let limits = solve_limits(ctx, c, o)?;
    let r = solve::explore(&g.game().rule, g.game().current(), &limits, None)
        .map_err(|e| script_err(ctx, e))?;
    check_stop(ctx, c, r.stats.stopped)?;
    Ok(ser(&r).try_cast::<Map>().unwrap_or_default())
}

pub(super) fn trace_of(g: &ScriptGame) -> Array {
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

pub(super) fn play_label(ctx: &NativeCallContext, g: &mut ScriptGame, label: &str) -> RResult<()> {
    g.game_mut()
        .play(label)
        .map(|_| ())
        .map_err(|e| script_err(ctx, e))
}

pub(super) fn random_playout(
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
