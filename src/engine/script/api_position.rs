//! The primitives a rule script calls on `this`: reading the position: the turn, the end, counts, pits, rows, owners, names, the track.

use rhai::{Array, Dynamic, Engine};

use crate::engine::board::state::{Board, PitKind, NO_PIT};
use crate::engine::sowing::sow::{self};

use crate::engine::script::args::{after_setup, err, ids, pit, player, RResult};

/// Registers the primitives of this file.
pub(super) fn register_position(e: &mut Engine) {
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
        // (a named move's id too: `this.label(this.move_id("stop"))`)
        if p >= 0 && b.layout.is_named_move(p as usize) {
            return Ok(b.layout.label(p as usize));
        }
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
}
