//! The primitives a rule script calls on `this`: sowing: `sow`, the facts of the last sowing, landings, and the declared move and legal holes.

use rhai::{Array, Dynamic, Engine};

use crate::engine::board::state::{Board, PitKind, NO_PIT};
use crate::engine::player::play as declared;
use crate::engine::sowing::sow::{self};

use crate::engine::script::args::{after_setup, err, ids, pit, player, RResult};

/// Registers the primitives of this file.
pub(super) fn register_sowing(e: &mut Engine) {
    // ---- sowing ----
    e.register_fn("sow", |b: &mut Board, p: i64| -> RResult<i64> {
        after_setup(b, "sow")?;
        let p = pit(b, p)?;
        // (the move's laps add up over its sowings: `this.laps`, and the laps in reports)
        let before = b.last.laps;
        let end = sow::sow(b, p)?;
        b.last.laps += before;
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
}
