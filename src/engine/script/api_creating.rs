//! The primitives a rule script calls on `this`: creating or destroying seeds (checked by the conservation ledger).

use rhai::{Engine, NativeCallContext};

use crate::engine::board::state::Board;
use crate::engine::trace::event::Event;

use crate::engine::script::args::{check_count, check_reserve, err, pit, player, record, RResult};

/// Registers the primitives of this file.
pub(super) fn register_creating(e: &mut Engine) {
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
}
