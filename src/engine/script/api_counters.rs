//! The primitives a rule script calls on `this`: counters, variables, trace notes, and the board as text.

use rhai::Engine;

use crate::engine::board::state::Board;
use crate::engine::trace::event::Event;

use crate::engine::script::args::{check_value, player, RResult};

/// Registers the primitives of this file.
pub(super) fn register_counters(e: &mut Engine) {
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

pub(super) fn counter(b: &Board, name: &str) -> RResult<usize> {
    b.layout
        .counter_index(name)
        .ok_or_else(|| format!("no counter `{name}` (declare_counter in setup)").into())
}

pub(super) fn var(b: &Board, name: &str) -> RResult<usize> {
    b.layout
        .var_index(name)
        .ok_or_else(|| format!("no variable `{name}` (declare_var in setup)").into())
}
