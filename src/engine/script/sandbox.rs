//! The sandbox a rule script runs in: the limits of an engine, the module resolver that lets a
//! script import only files of its own rules source, and the engine itself with every
//! primitive registered.

use std::time::Duration;

use rhai::module_resolvers::ModuleResolver;
use rhai::{Engine, EvalAltResult, Module, Position, Shared};

use crate::engine::base::clock::{charge, start_call, start_move, CallGuard, MoveGuard};
use crate::engine::base::source::Source;

use crate::engine::script::api::register_board_api;
use crate::engine::script::args::RResult;

/// Most script operations one rule call may run: about what a release build ran in the second
/// the wall clock once allowed, two hundred times the costliest move of the shipped rules'
/// recorded games (Lobudok: 26 000 units), reached in seconds by an endless loop in a debug build.
pub const RULE_OPERATIONS: u64 = 5_000_000;

/// Most units of work (script operations, seeds sown: a seed counts one unit per 16 pits of the
/// track) one rule call or declared move may do: above [`RULE_OPERATIONS`], so an endless script
/// loop meets Rhai's operation limit first, whose error names the line.
pub const RULE_WORK: u64 = 100_000_000;

/// The wall-clock backstop of one rule call, in seconds: for work the budgets do not count; a
/// call within its budgets ends long before it, even in a debug build on a loaded machine.
pub const RULE_SECONDS: u64 = 120;

/// Starts the limits of one rule call ([`Limits::rules`]): its work budget and the clock's
/// backstop (see [`start_call`]).
pub fn start_rule_call() -> CallGuard {
    let l = Limits::rules();
    start_call(l.time_limit, Some(l.max_work), false)
}

/// Starts the limits of one declared move that calls no script, lazily (see [`start_move`]).
pub fn start_rule_move() -> MoveGuard {
    start_move(Duration::from_secs(RULE_SECONDS), Some(RULE_WORK))
}

/// The limits of a sandboxed engine.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most script operations one call may run (0: no limit).
    pub max_operations: u64,
    /// Most units of work one call may do, script operations and native work (seeds sown) alike
    /// (see [`charge`]): what bounds a rule call, the same on every machine.
    pub max_work: u64,
    /// Wall-clock limit of one call: a backstop for work nothing counts, far above what the
    /// budgets above let a call run.
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
            max_operations: RULE_OPERATIONS,
            max_work: RULE_WORK,
            time_limit: Duration::from_secs(RULE_SECONDS),
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
            max_work: 0,
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
pub(super) const MAX_IMPORT_DEPTH: usize = 16;

/// Resolves `import "name"` to `name.rhai` of the source the importing rule came from (a rules
/// folder, or the built-in rules), and nothing else.
pub(super) struct RulesResolver {
    pub(super) from: Option<Source>,
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
        let canonical = crate::engine::base::files::canonical;
        let id = canonical(&file).unwrap_or_else(|_| file.clone());
        let importer =
            source.map(|s| canonical(std::path::Path::new(s)).unwrap_or_else(|_| s.into()));
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
