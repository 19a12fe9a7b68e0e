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
//!   writes to stdout, `debug` to stderr, both within an output budget (`SOWLAB_MAX_PRINT_MB`,
//!   64 MiB: past it the script stops with an error); `ARGS` holds the script's arguments
//!   (strings).
//!
//! Other modules add functions in one place, [`EXTENSIONS`]: write
//! `pub fn register(e: &mut Engine, c: &Context)` registering functions that take
//! `g: &mut ScriptGame` (read with `g.game()`, change with `g.game_mut()`, fail with
//! `script_err(&ctx, message)`, respect `c.deadline` / `c.limits()` in long loops), and add
//! `("name", crate::module::register)` to the list.
mod api;
mod context;

use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use rhai::{Engine, Scope};

use crate::engine::base::limits;
use crate::engine::script::primitives::{self as script, Limits};
use crate::error::{Error, Result};

pub use api::register_api;
use api::register_sim;
use context::strs;
pub use context::{script_err, Context, Rng, ScriptGame};

/// A function that registers extra functions into the check-script engine.
pub type Extension = fn(&mut Engine, &Context);

/// Every set of functions a check script sees, registered in this order. Other modules (e.g.
/// simulations) add their `fn register(engine: &mut Engine, ctx: &Context)` here.
pub const EXTENSIONS: &[(&str, Extension)] = &[("core", register_api), ("simulate", register_sim)];

/// Builds the check-script engine: the sandbox of [`script::engine`] (no imports, no `eval`)
/// with a wall-clock limit for the whole run, `print` to stdout and every [`EXTENSIONS`] entry.
pub fn engine(c: &Context) -> Engine {
    let mut e = script::engine(&Limits::checks(c.timeout), None);
    // What the script prints is held to an output budget: past it, nothing more is written and
    // the script stops at its next operation with a one-line error.
    let printed = Arc::new(AtomicU64::new(0));
    let mb = limits::max_print_mb();
    let cap = mb.saturating_mul(1 << 20);
    let seen = printed.clone();
    // Ctrl-C, the run's clock (--timeout, started by `run_file`) and memory, as in every script.
    e.on_progress(move |_| {
        if seen.load(Ordering::Relaxed) > cap {
            return Some(
                format!("the script printed more than {mb} MiB (SOWLAB_MAX_PRINT_MB)").into(),
            );
        }
        script::charge(1).err().map(Into::into)
    });
    let out = printed.clone();
    e.on_print(move |s| {
        if within(&out, s, cap) {
            let _ = writeln!(std::io::stdout().lock(), "{s}");
        }
    });
    e.on_debug(move |s, src, pos| {
        let line = match src {
            Some(f) => format!("{f}:{pos}: {s}"),
            None => s.to_string(),
        };
        if within(&printed, &line, cap) {
            let _ = writeln!(std::io::stderr().lock(), "{line}");
        }
    });
    for (_, register) in EXTENSIONS {
        register(&mut e, c);
    }
    e
}

/// Counts `s` and its newline into `printed`: whether it still fits the output budget `cap`.
fn within(printed: &AtomicU64, s: &str, cap: u64) -> bool {
    let n = s.len() as u64 + 1;
    printed.fetch_add(n, Ordering::Relaxed).saturating_add(n) <= cap
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
    let _clock = script::start_call(c.timeout, None, true);
    e.run_ast_with_scope(&mut scope, &ast)
        .map_err(|err| Error::from_eval(path, &err))
}
