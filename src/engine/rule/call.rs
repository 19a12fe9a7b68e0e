//! Calls into a rule script with the board bound as `this`: the general call and the fast path
//! that keeps Rhai's call state between calls, and the script's own evaluation.

use crate::engine::board::state::Board;
use crate::engine::script::primitives::{self as script};
use crate::error::{Error, Result};
use rhai::{Caches, CallFnOptions, Dynamic, EvalAltResult, EvalContext, FuncArgs, Scope};

use crate::engine::rule::rules::{CallState, Rule};

impl Rule {
    /// Calls script function `f` with `board` bound as `this`.
    pub fn call(&self, board: &mut Dynamic, f: &str, args: impl FuncArgs) -> Result<Dynamic> {
        // The call's wall clock (and memory) limit covers the script and the primitives it calls.
        let _clock = script::start_rule_call();
        let mut argv: rhai::StaticVec<Dynamic> = rhai::StaticVec::new();
        args.parse(&mut argv);
        let is_script_fn = self
            .script_fns
            .iter()
            .any(|(name, n)| name == f && *n == argv.len());
        let r = if !self.eval_ast && is_script_fn {
            self.call_reusing_state(board, f, &mut argv)
        } else {
            let mut scope = Scope::new();
            self.engine.call_fn_with_options::<Dynamic>(
                CallFnOptions::new()
                    .eval_ast(self.eval_ast)
                    .rewind_scope(false)
                    .bind_this_ptr(board),
                &mut scope,
                &self.ast,
                f,
                argv,
            )
        };
        let r = r.map_err(|e| match Error::from_eval(&self.path, &e) {
            // no place known (e.g. an empty endless loop): at least name the function
            e @ Error::Script { line: 0, .. } => e.context(format!("in {f}()")),
            e => e,
        })?;
        if !board.is::<Board>() {
            return Err(self.contract_error(&format!(
                "{f}() replaced `this` (the board) with another value"
            )));
        }
        Ok(r)
    }

    /// The fast path of [`Rule::call`] for a script without top-level statements: the same call
    /// as `Engine::call_fn_with_options` (method-call style, `this` bound by reference, an empty
    /// scope, the operation count starting at 0, the same errors) but with a Rhai state taken from
    /// the rule's pool, so functions resolved by earlier calls are not resolved again.
    pub(super) fn call_reusing_state(
        &self,
        board: &mut Dynamic,
        f: &str,
        argv: &mut [Dynamic],
    ) -> std::result::Result<Dynamic, Box<EvalAltResult>> {
        let pooled = self.states.lock().ok().and_then(|mut v| v.pop());
        let mut st = pooled.unwrap_or_else(|| {
            let mut global = self.engine.new_global_runtime_state();
            global.lib.push(self.ast.shared_lib().clone());
            global.source = self.ast.source().map(Into::into);
            CallState {
                global,
                caches: Caches::new(),
                scope: Scope::new(),
            }
        });
        // Each call starts counting operations from 0 (limits and the clock check rely on it).
        st.global.num_operations = Default::default();
        st.global.level = 0;
        let r = {
            let mut ctx = EvalContext::new(
                &self.engine,
                &mut st.global,
                &mut st.caches,
                &mut st.scope,
                None,
            );
            let mut refs: rhai::StaticVec<&mut Dynamic> = rhai::StaticVec::new();
            refs.push(board);
            refs.extend(argv.iter_mut());
            ctx.call_fn_raw(f, true, true, &mut refs)
        };
        // A state goes back to the pool only after a call that ended normally and left it as it
        // was made (an error may leave Rhai's stacks unwound halfway: drop that state).
        if r.is_ok() && st.global.lib.len() == 1 && st.global.num_imports() == 0 {
            st.scope.clear();
            if let Ok(mut v) = self.states.lock() {
                v.push(st);
            }
        }
        // As `call_fn_with_options`: `exit` ends the call with its value, and an error raised in
        // `f` itself is not wrapped in "in call to function f".
        r.or_else(|e| match *e {
            EvalAltResult::Exit(out, ..) => Ok(out),
            EvalAltResult::ErrorInFunctionCall(name, _, inner, _) if name == f => Err(inner),
            _ => Err(e),
        })
    }

    /// The script's evaluation of a position for `player` (`evaluate(player)`), if it has one.
    pub fn evaluate(&self, d: &mut Dynamic, player: usize) -> Result<Option<i64>> {
        if !self.has_evaluate {
            return Ok(None);
        }
        let r = self.call(d, "evaluate", (player as i64,))?;
        r.as_int().map(Some).map_err(|_| {
            self.contract_error(&format!(
                "evaluate() must return an integer, not {}",
                script::show(&r)
            ))
        })
    }
}
