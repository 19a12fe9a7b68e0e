//! The Rhai side: a sandboxed engine, and the board primitives a rule script calls on `this`.
//!
//! The sandbox: `eval` is disabled, `import` resolves only bare names to files of the rules
//! directory, every limit (operations, call depth, expression depth, string/array/map sizes) is set
//! explicitly, and each script call has a wall-clock limit. A rule script can compute a game and
//! nothing else: it cannot read files, run programs or reach the network.

use std::sync::Arc;
use std::time::Duration;

use rhai::module_resolvers::ModuleResolver;
use rhai::{
    Array, Dynamic, Engine, EvalAltResult, Map, Module, NativeCallContext, Position, Shared,
};

use crate::engine::base::source::Source;
use crate::engine::board::state::{Board, LedgerEntry, PitKind, Row, Shape, NO_PIT};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::player::play as declared;
use crate::engine::sowing::sow::{self, AtMaxLaps, CaptureTo, Relay, SowRule, Stores};
use crate::engine::trace::event::Event;

type RResult<T> = Result<T, Box<EvalAltResult>>;

pub use crate::engine::base::clock::{
    charge, check_now, start_call, start_move, CallGuard, MoveGuard, INTERRUPTED,
};

/// The limits of a sandboxed engine.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most operations one call may run (0: no limit).
    pub max_operations: u64,
    /// Wall-clock limit of one call.
    pub time_limit: Duration,
    /// Deepest call nesting.
    pub max_call_levels: usize,
    /// Longest string.
    pub max_string_size: usize,
    /// Largest array.
    pub max_array_size: usize,
    /// Largest object map.
    pub max_map_size: usize,
}

impl Limits {
    /// The limits for rule scripts: a move is a small computation.
    pub fn rules() -> Limits {
        Limits {
            max_operations: 50_000_000,
            time_limit: Duration::from_secs(1),
            max_call_levels: 48,
            max_string_size: 1 << 16,
            max_array_size: 10_000,
            max_map_size: 1_000,
        }
    }

    /// The limits for check scripts (`sowlab run`): long searches run natively, the script itself
    /// may loop for a while.
    pub fn checks(time_limit: Duration) -> Limits {
        Limits {
            max_operations: 0,
            time_limit,
            max_call_levels: 48,
            max_string_size: 1 << 20,
            max_array_size: 1 << 20,
            max_map_size: 1 << 16,
        }
    }
}

thread_local! {
    /// The modules being imported on this thread, outermost first (to refuse cycles).
    static IMPORTING: std::cell::RefCell<Vec<std::path::PathBuf>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Deepest chain of imports (each import inside the one before).
const MAX_IMPORT_DEPTH: usize = 16;

/// Resolves `import "name"` to `name.rhai` of the source the importing rule came from (a rules
/// folder, or the built-in rules), and nothing else.
struct RulesResolver {
    from: Option<Source>,
}

impl ModuleResolver for RulesResolver {
    fn resolve(
        &self,
        engine: &Engine,
        source: Option<&str>,
        path: &str,
        pos: Position,
    ) -> RResult<Shared<Module>> {
        // Rhai replaces a resolver's "module not found" by the bare name: say why in a
        // runtime error instead.
        let bad = |why: String| -> Box<EvalAltResult> {
            EvalAltResult::ErrorRuntime(format!("cannot import \"{path}\": {why}").into(), pos)
                .into()
        };
        if !crate::engine::base::source::valid_name(path) {
            return Err(bad(
                "an import names a module beside the rule file: letters, digits, _ and -, no path"
                    .into(),
            ));
        }
        let Some(from) = &self.from else {
            return Err(bad(
                "only rule files import modules (from beside them)".into()
            ));
        };
        let rel = format!("{path}.rhai");
        let file = from.path_of(&rel);
        // A module that imports itself, or a cycle of imports, would recurse until the stack
        // overflows: refuse it, naming the chain.
        let id = std::fs::canonicalize(&file).unwrap_or_else(|_| file.clone());
        let importer = source.map(|s| std::fs::canonicalize(s).unwrap_or_else(|_| s.into()));
        let chain = IMPORTING.with(|v| v.borrow().clone());
        if importer.as_ref() == Some(&id) || chain.contains(&id) {
            let mut names: Vec<String> = chain
                .iter()
                .map(|p| crate::text::escape(&p.display().to_string()).into_owned())
                .collect();
            if names.is_empty() {
                if let Some(s) = source {
                    names.push(crate::text::escape(s).into_owned());
                }
            }
            names.push(crate::text::escape(&file.display().to_string()).into_owned());
            return Err(EvalAltResult::ErrorRuntime(
                format!("import cycle: {}", names.join(" imports ")).into(),
                pos,
            )
            .into());
        }
        if chain.len() >= MAX_IMPORT_DEPTH {
            return Err(EvalAltResult::ErrorRuntime(
                format!("imports nested more than {MAX_IMPORT_DEPTH} deep").into(),
                pos,
            )
            .into());
        }
        let text = from.read(&rel).ok_or_else(|| match from {
            Source::BuiltIn => bad(format!("no built-in module {rel}")),
            Source::Dir(d) => bad(format!("no file {rel} in {}", d.display())),
        })?;
        IMPORTING.with(|v| v.borrow_mut().push(id));
        struct Pop;
        impl Drop for Pop {
            fn drop(&mut self) {
                IMPORTING.with(|v| v.borrow_mut().pop());
            }
        }
        let _pop = Pop;
        let mut ast = engine.compile(&text).map_err(|e| {
            Box::new(EvalAltResult::ErrorInModule(
                file.display().to_string(),
                EvalAltResult::ErrorParsing(e.err_type().clone(), e.position()).into(),
                pos,
            ))
        })?;
        ast.set_source(file.display().to_string());
        let m = Module::eval_ast_as_new(rhai::Scope::new(), &ast, engine)
            .map_err(|e| EvalAltResult::ErrorInModule(file.display().to_string(), e, pos))?;
        Ok(m.into())
    }
}

/// Builds a sandboxed engine with the board API, resolving imports in `imports` (none when
/// `None`).
pub fn engine(limits: &Limits, imports: Option<Source>) -> Engine {
    let mut e = Engine::new();
    e.set_module_resolver(RulesResolver { from: imports });
    e.disable_symbol("eval");
    e.set_max_operations(limits.max_operations);
    e.set_max_call_levels(limits.max_call_levels);
    e.set_max_expr_depths(64, 48);
    e.set_max_string_size(limits.max_string_size);
    e.set_max_array_size(limits.max_array_size);
    e.set_max_map_size(limits.max_map_size);
    e.set_max_modules(32);
    e.set_max_variables(10_000);
    e.set_max_functions(1_000);
    // Rhai's string interner is one lock shared by every thread using the engine: threads that
    // play games with the same rule (simulate --jobs) would take turns on it. No interning.
    e.set_max_strings_interned(0);
    // Every operation is work: the clock, Ctrl-C and memory are checked every few microseconds
    // of work, script or native (see `charge`).
    e.on_progress(|_| charge(1).err().map(Into::into));
    e.on_print(|s| eprintln!("{s}"));
    e.on_debug(|s, src, pos| eprintln!("{}:{}: {s}", src.unwrap_or("script"), pos));
    register_board_api(&mut e);
    e
}

fn err<T>(msg: impl Into<String>) -> RResult<T> {
    Err(msg.into().into())
}

/// Checks a pit id.
pub fn pit(b: &Board, p: i64) -> RResult<usize> {
    if p < 0 || p as usize >= b.seeds.len() {
        return err(format!(
            "no pit {p} (pit ids go from 0 to {})",
            b.seeds.len() as i64 - 1
        ));
    }
    Ok(p as usize)
}

/// Checks a player number.
fn player(b: &Board, pl: i64) -> RResult<usize> {
    if pl < 1 || pl as usize > b.layout.players {
        return err(format!(
            "no player {pl} (players go from 1 to {})",
            b.layout.players
        ));
    }
    Ok(pl as usize)
}

/// Fails in `setup()`: the sowing track is linked only when setup ends, so primitives that follow
/// it (`sow`, `next_pit`, `prev_pit`, `landing`, `lands_empty`) cannot run before.
fn after_setup(b: &Board, what: &str) -> RResult<()> {
    if b.in_setup {
        return err(format!(
            "{what} cannot be used in setup() (the sowing track is built when setup ends)"
        ));
    }
    Ok(())
}

fn layout_mut(b: &mut Board) -> RResult<&mut Compiled> {
    if !b.in_setup {
        return err("the layout can only be changed in setup()");
    }
    Ok(Arc::make_mut(&mut b.layout))
}

/// Most seeds a pit may hold.
pub const MAX_SEEDS: i64 = 1_000_000;

/// Most holes in one row (`add_row`, a data rule's `holes`): the chain capture and the pictures
/// handle rows up to this length. The shipped rules' `holes` options stop here.
pub const MAX_ROW_HOLES: i64 = 64;

fn check_count(b: &Board, p: usize, n: i64) -> RResult<()> {
    let name = || match b.layout.pits[p].name.as_str() {
        "" => format!("pit {p}"),
        n => format!("pit {n}"),
    };
    if n < 0 {
        return err(format!(
            "{} would hold {n} seeds (counts cannot be negative)",
            name()
        ));
    }
    if n > MAX_SEEDS {
        return err(format!(
            "{} would hold {n} seeds (at most {MAX_SEEDS})",
            name()
        ));
    }
    Ok(())
}

/// A reserve may hold at most [`MAX_RESERVE`](crate::engine::base::limits::MAX_RESERVE) seeds.
fn check_reserve(what: &str, pl: usize, n: i64) -> RResult<()> {
    let max = crate::engine::base::limits::MAX_RESERVE;
    if n > max {
        return err(format!(
            "{what}: the reserve of player {pl} would hold {n} seeds (at most {max})"
        ));
    }
    Ok(())
}

/// A counter or variable holds at most [`MAX_VALUE`](crate::engine::base::limits::MAX_VALUE) either
/// way, so the core's own increments cannot overflow.
fn check_value(what: &str, v: i64) -> RResult<()> {
    let max = crate::engine::base::limits::MAX_VALUE;
    if !(-max..=max).contains(&v) {
        return err(format!("{what}: {v} is out of range (-{max} to {max})"));
    }
    Ok(())
}

fn record(ctx: &NativeCallContext, b: &mut Board, what: &'static str, delta: i64) {
    if delta != 0 && !b.in_setup {
        let pos = ctx.call_position();
        b.ledger.push(LedgerEntry {
            line: pos.line().unwrap_or(0),
            col: pos.position().unwrap_or(0),
            what,
            delta,
        });
    }
}

fn resize_players(b: &mut Board) {
    let n = b.layout.players;
    b.reserves.resize(n, 0);
    b.counters.resize(b.layout.counters.len() * n, 0);
}

fn add_pit(b: &mut Board, kind: PitKind, owner: usize, name: String) -> RResult<usize> {
    let l = layout_mut(b)?;
    let id = l.pits.len();
    // (Pit ids are kept in 32 bits by the searches.)
    let max = crate::engine::base::limits::max_pits().min(u32::MAX as u64);
    if id as u64 >= max {
        return err(format!(
            "the board would have more than {max} pits (SOWLAB_MAX_PITS)"
        ));
    }
    l.pits.push(crate::engine::board::state::Pit {
        kind,
        owner,
        row: None,
        pos: 0,
        name,
    });
    if kind == PitKind::Store {
        l.stores.push(id);
    }
    b.seeds.push(0);
    b.closed.push(false);
    Ok(id)
}

/// Most counts `capture_counts` may list (each drop compares its pit with every one).
const MAX_CAPTURE_COUNTS: usize = 64;

fn parse_sowing(m: &Map) -> RResult<SowRule> {
    let mut r = SowRule::default();
    for (k, v) in m {
        let as_str = || -> RResult<String> {
            v.clone()
                .into_string()
                .or_else(|_| err(format!("sowing: `{k}` takes a string")))
        };
        let as_bool = || -> RResult<bool> {
            v.as_bool()
                .or_else(|_| err(format!("sowing: `{k}` takes true or false")))
        };
        let as_int = || -> RResult<i64> {
            v.as_int()
                .or_else(|_| err(format!("sowing: `{k}` takes an integer")))
        };
        match k.as_str() {
            "reverse" => r.reverse = as_bool()?,
            "skip_origin" => r.skip_origin = as_bool()?,
            "capture_last" => r.capture_last = as_bool()?,
            "capture_beyond_empty" => r.capture_beyond_empty = as_bool()?,
            "stores" => {
                r.stores = match as_str()?.as_str() {
                    "all" => Stores::All,
                    "own" => Stores::Own,
                    "none" => Stores::None,
                    o => return err(format!("sowing: stores `{o}`: use all, own or none")),
                }
            }
            "relay" => {
                r.relay = match as_str()?.as_str() {
                    "none" => Relay::None,
                    "last" => Relay::Last,
                    "next" => Relay::Next,
                    o => return err(format!("sowing: relay `{o}`: use none, last or next")),
                }
            }
            "capture_to" => {
                r.capture_to = match as_str()?.as_str() {
                    "row_owner" => CaptureTo::RowOwner,
                    "sower" => CaptureTo::Sower,
                    o => return err(format!("sowing: capture_to `{o}`: use row_owner or sower")),
                }
            }
            "capture_counts" => {
                let a = v
                    .clone()
                    .into_array()
                    .or_else(|_| err("sowing: capture_counts takes an array of integers"))?;
                if a.len() > MAX_CAPTURE_COUNTS {
                    return err(format!(
                        "sowing: capture_counts has {} counts (at most {MAX_CAPTURE_COUNTS})",
                        a.len()
                    ));
                }
                r.capture_counts = a
                    .into_iter()
                    .map(|x| {
                        x.as_int()
                            .or_else(|_| err("sowing: capture_counts takes integers"))
                    })
                    .collect::<RResult<_>>()?;
            }
            "max_laps" => {
                let n = as_int()?;
                if n < 1 {
                    return err("sowing: max_laps must be at least 1");
                }
                r.max_laps = n;
            }
            "at_max_laps" => {
                r.at_max_laps = match as_str()?.as_str() {
                    "stop" => AtMaxLaps::Stop,
                    "error" => AtMaxLaps::Error,
                    o => return err(format!("sowing: at_max_laps `{o}`: use stop or error")),
                }
            }
            o => {
                return err(format!(
                    "sowing: unknown key `{o}` (keys: reverse, stores, skip_origin, relay, \
                     capture_counts, capture_to, capture_last, capture_beyond_empty, max_laps, at_max_laps)"
                ))
            }
        }
    }
    Ok(r)
}

fn ids(v: impl IntoIterator<Item = usize>) -> Array {
    v.into_iter().map(|p| Dynamic::from(p as i64)).collect()
}

/// Registers the `Board` type and every primitive a rule script may call on it.
pub fn register_board_api(e: &mut Engine) {
    e.register_type_with_name::<Board>("Board");

    // ---- layout (setup only) ----
    e.register_get("players", |b: &mut Board| b.layout.players as i64);
    e.register_set("players", |b: &mut Board, n: i64| -> RResult<()> {
        if !(1..=16).contains(&n) {
            return err(format!("players must be 1 to 16, not {n}"));
        }
        layout_mut(b)?.players = n as usize;
        resize_players(b);
        Ok(())
    });
    e.register_get("shape", |b: &mut Board| b.layout.shape.name().to_string());
    e.register_set("shape", |b: &mut Board, s: &str| -> RResult<()> {
        let shape =
            Shape::parse(s).ok_or_else(|| format!("shape `{s}`: use row, two_rows or square"))?;
        layout_mut(b)?.shape = shape;
        Ok(())
    });
    e.register_fn(
        "add_row",
        |b: &mut Board, name: &str, owner: i64, holes: i64, seeds: i64| -> RResult<Array> {
            if !(1..=MAX_ROW_HOLES).contains(&holes) {
                return err(format!(
                    "add_row: a row has 1 to {MAX_ROW_HOLES} holes, not {holes}"
                ));
            }
            let owner = player(b, owner)?;
            let mut pits = Vec::new();
            for _ in 0..holes {
                let id = add_pit(b, PitKind::Hole, owner, String::new())?;
                check_count(b, id, seeds)?;
                b.seeds[id] = seeds;
                pits.push(id);
            }
            let l = layout_mut(b)?;
            let r = l.rows.len();
            for (i, &p) in pits.iter().enumerate() {
                l.pits[p].row = Some(r);
                l.pits[p].pos = i + 1;
                l.holes.push(p);
            }
            l.rows.push(Row {
                name: name.to_string(),
                owner,
                pits: pits.clone(),
            });
            // Names change everywhere only when the label style does (a second row on the board,
            // or a second row for this owner); otherwise only the new row needs names, so that
            // building a big board is not quadratic.
            let owner_rows = l.rows.iter().filter(|r| r.owner == owner).count();
            if l.rows.len() <= 2 || (owner_rows == 2 && !l.labels_with_row) {
                charge(u32::try_from(l.pits.len() / 8).unwrap_or(u32::MAX))?;
                l.name_pits();
            } else {
                for (i, &p) in pits.iter().enumerate() {
                    l.pits[p].name = format!("{name}{}", i + 1);
                }
            }
            Ok(ids(pits))
        },
    );
    e.register_fn(
        "add_store",
        |b: &mut Board, name: &str, owner: i64| -> RResult<i64> {
            let owner = if owner == 0 { 0 } else { player(b, owner)? };
            Ok(add_pit(b, PitKind::Store, owner, name.to_string())? as i64)
        },
    );
    e.register_fn("set_track", |b: &mut Board, track: Array| -> RResult<()> {
        let n = b.seeds.len();
        let mut seen = vec![false; n];
        let mut t = Vec::new();
        for v in track {
            let p = pit(b, v.as_int().map_err(|_| "set_track takes pit ids")?)?;
            if seen[p] {
                return err(format!("set_track: pit {p} is on the track twice"));
            }
            seen[p] = true;
            t.push(p);
        }
        layout_mut(b)?.track = t;
        Ok(())
    });
    e.register_fn("sowing", |b: &mut Board, m: Map| -> RResult<()> {
        let r = parse_sowing(&m)?;
        layout_mut(b)?.sow = r;
        Ok(())
    });
    // The declared move: read and checked now (an unknown key or word is an error at this call).
    e.register_fn("pipeline", |b: &mut Board, m: Map| -> RResult<()> {
        let v = to_json(&Dynamic::from(m)).map_err(|e| format!("pipeline: {e}"))?;
        let p = Pipeline::from_json(v)?;
        layout_mut(b)?.pipeline = Some(Box::new(p));
        Ok(())
    });
    e.register_fn(
        "declare_counter",
        |b: &mut Board, name: &str| -> RResult<()> {
            let l = layout_mut(b)?;
            if l.counter_index(name).is_none() {
                l.counters.push(name.to_string());
            }
            resize_players(b);
            Ok(())
        },
    );
    e.register_fn(
        "declare_var",
        |b: &mut Board, name: &str, v: i64| -> RResult<()> {
            let l = layout_mut(b)?;
            match l.var_index(name) {
                Some(i) => b.vars[i] = v,
                None => {
                    l.vars.push(name.to_string());
                    b.vars.push(v);
                }
            }
            Ok(())
        },
    );
    e.register_fn("opt", |b: &mut Board, name: &str| -> RResult<Dynamic> {
        b.layout
            .options
            .get(name)
            .cloned()
            .ok_or_else(|| format!("opt: no option `{name}` (declare it in options())").into())
    });

    // ---- reading the position ----
    e.register_get("to_move", |b: &mut Board| b.to_move as i64);
    e.register_set("to_move", |b: &mut Board, pl: i64| -> RResult<()> {
        b.to_move = player(b, pl)?;
        Ok(())
    });
    e.register_get("over", |b: &mut Board| b.over);
    // Whether this move's events are recorded: a script can skip building the text of a
    // `note` (string interpolation runs even when the note is then dropped) when it is false.
    e.register_get("tracing", |b: &mut Board| b.trace.is_some());
    e.register_get("winner", |b: &mut Board| b.winner as i64);
    e.register_fn("end", |b: &mut Board, winner: i64| -> RResult<()> {
        b.winner = if winner == 0 { 0 } else { player(b, winner)? };
        b.over = true;
        Ok(())
    });
    e.register_fn("count", |b: &mut Board, p: i64| -> RResult<i64> {
        Ok(b.seeds[pit(b, p)?])
    });
    e.register_get("pits", |b: &mut Board| -> Array {
        b.layout
            .holes
            .iter()
            .map(|&p| Dynamic::from(b.seeds[p]))
            .collect()
    });
    e.register_get("size", |b: &mut Board| b.seeds.len() as i64);
    e.register_fn("holes", |b: &mut Board| ids(b.layout.holes.iter().copied()));
    e.register_fn("stores", |b: &mut Board| {
        ids(b.layout.stores.iter().copied())
    });
    e.register_fn("holes_of", |b: &mut Board, pl: i64| -> RResult<Array> {
        let pl = player(b, pl)?;
        Ok(ids(b
            .layout
            .holes
            .iter()
            .copied()
            .filter(|&p| b.layout.pits[p].owner == pl)))
    });
    e.register_fn("rows", |b: &mut Board| b.layout.rows.len() as i64);
    e.register_fn("row", |b: &mut Board, r: i64| -> RResult<Array> {
        match b.layout.rows.get(r as usize) {
            Some(row) if r >= 0 => Ok(ids(row.pits.iter().copied())),
            _ => err(format!("no row {r}")),
        }
    });
    e.register_fn("row_of", |b: &mut Board, p: i64| -> RResult<i64> {
        Ok(b.layout.pits[pit(b, p)?].row.map_or(-1, |r| r as i64))
    });
    e.register_fn("row_owner", |b: &mut Board, r: i64| -> RResult<i64> {
        match b.layout.rows.get(r as usize) {
            Some(row) if r >= 0 => Ok(row.owner as i64),
            _ => err(format!("no row {r}")),
        }
    });
    e.register_fn("pos", |b: &mut Board, p: i64| -> RResult<i64> {
        Ok(b.layout.pits[pit(b, p)?].pos as i64)
    });
    e.register_fn("owner", |b: &mut Board, p: i64| -> RResult<i64> {
        Ok(b.layout.pits[pit(b, p)?].owner as i64)
    });
    e.register_fn("is_store", |b: &mut Board, p: i64| -> RResult<bool> {
        Ok(b.layout.pits[pit(b, p)?].kind == PitKind::Store)
    });
    e.register_fn("is_hole", |b: &mut Board, p: i64| -> RResult<bool> {
        Ok(b.layout.pits[pit(b, p)?].kind == PitKind::Hole)
    });
    e.register_fn("is_closed", |b: &mut Board, p: i64| -> RResult<bool> {
        Ok(b.closed[pit(b, p)?])
    });
    e.register_fn("name", |b: &mut Board, p: i64| -> RResult<String> {
        Ok(b.layout.pits[pit(b, p)?].name.clone())
    });
    e.register_fn("label", |b: &mut Board, p: i64| -> RResult<String> {
        Ok(b.layout.label(pit(b, p)?))
    });
    e.register_fn("store_of", |b: &mut Board, pl: i64| -> RResult<i64> {
        let pl = player(b, pl)?;
        Ok(b.layout.store_of(pl).map_or(-1, |s| s as i64))
    });
    e.register_fn("opposite", |b: &mut Board, p: i64| -> RResult<i64> {
        Ok(b.layout.opposite(pit(b, p)?).map_or(-1, |s| s as i64))
    });
    e.register_fn("next_pit", |b: &mut Board, p: i64| -> RResult<i64> {
        after_setup(b, "next_pit")?;
        let p = pit(b, p)?;
        Ok(sow::next_target(&b.layout, b, p, NO_PIT, b.to_move).map_or(-1, |q| q as i64))
    });
    e.register_fn("prev_pit", |b: &mut Board, p: i64| -> RResult<i64> {
        after_setup(b, "prev_pit")?;
        let p = pit(b, p)?;
        let l = &b.layout;
        let mut q = p;
        for _ in 0..l.track.len() {
            q = if l.sow.reverse { l.next[q] } else { l.prev[q] };
            if q == NO_PIT {
                return Ok(-1);
            }
            if !b.closed[q] {
                return Ok(q as i64);
            }
        }
        Ok(-1)
    });
    e.register_fn("seeds_of", |b: &mut Board, pl: i64| -> RResult<i64> {
        Ok(b.seeds_of(player(b, pl)?))
    });
    e.register_fn("total", |b: &mut Board| b.total());
    e.register_fn("default_moves", |b: &mut Board| -> Array {
        b.default_moves().into_iter().map(Dynamic::from).collect()
    });
    e.register_fn("next_player", |b: &mut Board| -> i64 {
        (b.to_move % b.layout.players) as i64 + 1
    });

    // ---- sowing ----
    e.register_fn("sow", |b: &mut Board, p: i64| -> RResult<i64> {
        after_setup(b, "sow")?;
        let p = pit(b, p)?;
        let end = sow::sow(b, p)?;
        Ok(end.pit as i64)
    });
    e.register_get("last", |b: &mut Board| {
        if b.last.pit == NO_PIT {
            -1
        } else {
            b.last.pit as i64
        }
    });
    e.register_get("last_was_empty", |b: &mut Board| b.last.was_empty);
    e.register_get("laps", |b: &mut Board| b.last.laps);
    e.register_get("stopped", |b: &mut Board| b.last.stopped);
    e.register_get("captured", |b: &mut Board| b.last.captured);
    e.register_fn("landing", |b: &mut Board, p: i64| -> RResult<i64> {
        after_setup(b, "landing")?;
        let p = pit(b, p)?;
        Ok(sow::landing(b, p).map_or(-1, |(q, _)| q as i64))
    });
    e.register_fn("lands_empty", |b: &mut Board, p: i64| -> RResult<bool> {
        after_setup(b, "lands_empty")?;
        let p = pit(b, p)?;
        Ok(sow::landing(b, p).is_some_and(|(_, empty)| empty))
    });
    // The player's playable holes (open, holding seeds) whose single lap would end in a pit of
    // an allowed kind: an empty hole, an occupied hole, a store. For landing rules such as
    // Ruma's "the last ball may not fall into an empty pocket", in one call.
    e.register_fn(
        "holes_landing",
        |b: &mut Board,
         pl: i64,
         empty_hole: bool,
         occupied_hole: bool,
         store: bool|
         -> RResult<Array> {
            after_setup(b, "holes_landing")?;
            let pl = player(b, pl)?;
            let mut out = Array::new();
            for &p in &b.layout.holes {
                if !b.playable_by(p, pl) {
                    continue;
                }
                let Some((last, empty)) = sow::landing_as(b, p, pl) else {
                    continue;
                };
                let ok = if b.layout.pits[last].kind == PitKind::Store {
                    store
                } else if empty {
                    empty_hole
                } else {
                    occupied_hole
                };
                if ok {
                    out.push(Dynamic::from(p as i64));
                }
            }
            Ok(out)
        },
    );

    // The declared move and legal holes, for a rule whose own play()/moves() mixes them with
    // its code (hooks are not called from here).
    e.register_fn("declared_move", |b: &mut Board, p: i64| -> RResult<()> {
        after_setup(b, "declared_move")?;
        let p = pit(b, p)?;
        let mut hooks = Vec::new();
        declared::play(b, p, &mut hooks)?;
        Ok(())
    });
    e.register_fn("declared_moves", |b: &mut Board| -> RResult<Array> {
        after_setup(b, "declared_moves")?;
        let layout = b.layout.clone();
        let Some(p) = layout.pipeline.as_deref() else {
            return err(
                "declared_moves: the rule declares no pipeline (this.pipeline(#{...}) in setup())",
            );
        };
        let mut out = Vec::new();
        declared::legal_into(b, p, b.to_move, &mut out);
        Ok(ids(out))
    });

    // ---- moving seeds (conserving) ----
    e.register_fn(
        "capture",
        |b: &mut Board, p: i64, pl: i64, why: &str| -> RResult<i64> {
            let p = pit(b, p)?;
            let pl = player(b, pl)?;
            Ok(sow::capture(b, p, pl, why))
        },
    );
    // Every open hole's seeds to player `pl` (one capture event per hole holding seeds): a round
    // or game settled by one player taking the board. Returns the seeds taken.
    e.register_fn(
        "capture_all",
        |b: &mut Board, pl: i64, why: &str| -> RResult<i64> {
            let pl = player(b, pl)?;
            let mut total = 0;
            for i in 0..b.layout.holes.len() {
                let p = b.layout.holes[i];
                if !b.closed[p] {
                    total += sow::capture(b, p, pl, why);
                }
            }
            Ok(total)
        },
    );
    // Every open hole's seeds to the hole's owner (holes owned by nobody are left): a settlement
    // where each player takes his own row(s). Returns the seeds taken.
    e.register_fn(
        "capture_to_owners",
        |b: &mut Board, why: &str| -> RResult<i64> {
            let mut total = 0;
            for i in 0..b.layout.holes.len() {
                let p = b.layout.holes[i];
                let owner = b.layout.pits[p].owner;
                if !b.closed[p] && owner >= 1 {
                    total += sow::capture(b, p, owner, why);
                }
            }
            Ok(total)
        },
    );
    e.register_fn(
        "move_seeds",
        |b: &mut Board, from: i64, to: i64, n: i64| -> RResult<()> {
            let (from, to) = (pit(b, from)?, pit(b, to)?);
            let over = || format!("move_seeds: moving {n} seeds overflows a count");
            check_count(b, from, b.seeds[from].checked_sub(n).ok_or_else(over)?)?;
            check_count(b, to, b.seeds[to].checked_add(n).ok_or_else(over)?)?;
            b.seeds[from] -= n;
            b.seeds[to] += n;
            b.emit(|| Event::Move { from, to, seeds: n });
            Ok(())
        },
    );
    e.register_fn(
        "fill",
        |b: &mut Board, p: i64, pl: i64, n: i64| -> RResult<()> {
            let p = pit(b, p)?;
            let pl = player(b, pl)?;
            if n < 0 || b.reserves[pl - 1] < n {
                return err(format!(
                    "fill: player {pl} has {} in reserve, cannot pay {n}",
                    b.reserves[pl - 1]
                ));
            }
            check_count(b, p, b.seeds[p].saturating_add(n))?;
            b.reserves[pl - 1] -= n;
            b.seeds[p] += n;
            b.emit(|| Event::Fill {
                pit: p,
                seeds: n,
                player: pl,
            });
            Ok(())
        },
    );
    e.register_fn(
        "transfer",
        |b: &mut Board, from: i64, to: i64, n: i64| -> RResult<()> {
            let (from, to) = (player(b, from)?, player(b, to)?);
            if n < 0 || b.reserves[from - 1] < n {
                return err(format!(
                    "transfer: player {from} has {} in reserve, cannot pay {n}",
                    b.reserves[from - 1]
                ));
            }
            check_reserve("transfer", to, b.reserves[to - 1].saturating_add(n))?;
            b.reserves[from - 1] -= n;
            b.reserves[to - 1] += n;
            b.emit(|| Event::Reserve {
                player: from,
                delta: -n,
            });
            b.emit(|| Event::Reserve {
                player: to,
                delta: n,
            });
            Ok(())
        },
    );
    e.register_fn("reserve", |b: &mut Board, pl: i64| -> RResult<i64> {
        Ok(b.reserves[player(b, pl)? - 1])
    });
    e.register_fn("close", |b: &mut Board, p: i64| -> RResult<()> {
        let p = pit(b, p)?;
        if b.seeds[p] != 0 {
            return err(format!(
                "close: hole {} still holds {} seeds",
                b.layout.pits[p].name, b.seeds[p]
            ));
        }
        b.closed[p] = true;
        b.emit(|| Event::Close {
            pit: p,
            closed: true,
        });
        Ok(())
    });
    e.register_fn("open", |b: &mut Board, p: i64| -> RResult<()> {
        let p = pit(b, p)?;
        b.closed[p] = false;
        b.emit(|| Event::Close {
            pit: p,
            closed: false,
        });
        Ok(())
    });

    // ---- creating or destroying seeds (checked by the conservation ledger) ----
    e.register_fn(
        "set_count",
        |ctx: NativeCallContext, b: &mut Board, p: i64, n: i64| -> RResult<()> {
            let p = pit(b, p)?;
            check_count(b, p, n)?;
            let delta = n - b.seeds[p];
            b.seeds[p] = n;
            record(&ctx, b, "set_count", delta);
            b.emit(|| Event::Adjust { pit: p, delta });
            Ok(())
        },
    );
    e.register_fn(
        "add",
        |ctx: NativeCallContext, b: &mut Board, p: i64, n: i64| -> RResult<()> {
            let p = pit(b, p)?;
            let Some(sum) = b.seeds[p].checked_add(n) else {
                return err(format!("add: adding {n} seeds overflows a count"));
            };
            check_count(b, p, sum)?;
            b.seeds[p] = sum;
            record(&ctx, b, "add", n);
            b.emit(|| Event::Adjust { pit: p, delta: n });
            Ok(())
        },
    );
    e.register_fn(
        "take",
        |ctx: NativeCallContext, b: &mut Board, p: i64| -> RResult<i64> {
            let p = pit(b, p)?;
            let n = b.seeds[p];
            b.seeds[p] = 0;
            record(&ctx, b, "take", -n);
            b.emit(|| Event::Adjust { pit: p, delta: -n });
            Ok(n)
        },
    );
    e.register_fn(
        "set_reserve",
        |ctx: NativeCallContext, b: &mut Board, pl: i64, n: i64| -> RResult<()> {
            let pl = player(b, pl)?;
            if n < 0 {
                return err(format!("set_reserve: a reserve cannot be negative ({n})"));
            }
            check_reserve("set_reserve", pl, n)?;
            let delta = n - b.reserves[pl - 1];
            b.reserves[pl - 1] = n;
            record(&ctx, b, "set_reserve", delta);
            b.emit(|| Event::Reserve { player: pl, delta });
            Ok(())
        },
    );

    // ---- counters, variables, events ----
    e.register_fn(
        "counter",
        |b: &mut Board, name: &str, pl: i64| -> RResult<i64> {
            let c = counter(b, name)?;
            let pl = player(b, pl)?;
            Ok(b.counter(c, pl))
        },
    );
    e.register_fn(
        "set_counter",
        |b: &mut Board, name: &str, pl: i64, v: i64| -> RResult<()> {
            let c = counter(b, name)?;
            let pl = player(b, pl)?;
            check_value("set_counter", v)?;
            let n = b.layout.players;
            b.counters[c * n + pl - 1] = v;
            Ok(())
        },
    );
    e.register_fn("get_var", |b: &mut Board, name: &str| -> RResult<i64> {
        Ok(b.vars[var(b, name)?])
    });
    e.register_fn(
        "set_var",
        |b: &mut Board, name: &str, v: i64| -> RResult<()> {
            let i = var(b, name)?;
            check_value("set_var", v)?;
            b.vars[i] = v;
            Ok(())
        },
    );
    e.register_fn("pass", |b: &mut Board, pl: i64| -> RResult<()> {
        let pl = player(b, pl)?;
        b.emit(|| Event::Pass { player: pl });
        Ok(())
    });
    e.register_fn("note", |b: &mut Board, kind: &str, text: &str| {
        b.emit(|| Event::Note {
            kind: kind.to_string(),
            text: text.to_string(),
        });
    });
    e.register_fn("to_string", |b: &mut Board| {
        serde_json::to_string(&b.state_json()).unwrap_or_default()
    });
    e.register_fn("to_debug", |b: &mut Board| {
        serde_json::to_string(&b.state_json()).unwrap_or_default()
    });
}

fn counter(b: &Board, name: &str) -> RResult<usize> {
    b.layout
        .counter_index(name)
        .ok_or_else(|| format!("no counter `{name}` (declare_counter in setup)").into())
}

fn var(b: &Board, name: &str) -> RResult<usize> {
    b.layout
        .var_index(name)
        .ok_or_else(|| format!("no variable `{name}` (declare_var in setup)").into())
}

pub use crate::engine::base::values::to_json;

/// Converts a Rhai value to a string for messages.
pub fn show(v: &Dynamic) -> String {
    if v.is_string() {
        format!("\"{v}\"")
    } else {
        v.to_string()
    }
}
