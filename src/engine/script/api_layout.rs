//! The primitives a rule script calls on `this`: the board's layout, during setup only: players, shape, rows and stores, the track, the sowing
//! rule and the declared move, counters and variables, option values.

use rhai::{Array, Dynamic, Engine, Map};

use crate::engine::base::clock::charge;
use crate::engine::base::values::to_json;
use crate::engine::board::state::{Board, PitKind, Row, Shape};
use crate::engine::declare::pipeline::Pipeline;

use crate::engine::script::args::{
    add_pit, check_count, err, ids, layout_mut, parse_sowing, pit, player, resize_players, RResult,
    MAX_ROW_HOLES,
};

/// Registers the primitives of this file.
pub(super) fn register_layout(e: &mut Engine) {
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
        let shape = Shape::parse(s)
            .ok_or_else(|| format!("shape `{s}`: use row, two_rows, three_rows or square"))?;
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
            // (owner 0: nobody's holes, as a circle every player sows from; the script's
            // `moves()` says which)
            let owner = if owner == 0 { 0 } else { player(b, owner)? };
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
    // (a script whose player may move in another's row, as when one player lays out the
    // counters of both rows: `S3`, `N3`)
    e.register_fn("labels_name_rows", |b: &mut Board| -> RResult<()> {
        layout_mut(b)?.labels_with_row = true;
        Ok(())
    });
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
    // A named move (a decision of a turn that is no hole: `stop`, `left`, or a count chosen,
    // `drop:3`); its id is `this.move_id(name)`, listed by moves() and given to play(pit) like
    // a hole's.
    e.register_fn("declare_move", |b: &mut Board, name: &str| -> RResult<()> {
        let l = layout_mut(b)?;
        if !is_move_name(name) {
            return err(format!(
                "declare_move: `{}` is not a move name (1 to 24 letters, `_` or `-`, then optionally `:` and a count, as `drop:3`; no other digits, which name holes)",
                crate::text::escape(name)
            ));
        }
        if l.named_move(name).is_some() {
            return err(format!("declare_move: `{name}` is declared twice"));
        }
        l.named_moves.push(name.to_string());
        Ok(())
    });
    e.register_fn("move_id", |b: &mut Board, name: &str| -> RResult<i64> {
        match b.layout.named_move(name) {
            Some(id) => Ok(id as i64),
            None => err(format!(
                "move_id: no named move `{}` (declare it in setup() with this.declare_move)",
                crate::text::escape(name)
            )),
        }
    });
    e.register_fn("opt", |b: &mut Board, name: &str| -> RResult<Dynamic> {
        b.layout
            .options
            .get(name)
            .cloned()
            .ok_or_else(|| format!("opt: no option `{name}` (declare it in options())").into())
    });
}

/// Whether `name` may name a move: 1 to 24 characters, letters, `_` or `-`, optionally followed
/// by `:` and a count (`drop:3`, as a store's move is written `store:3`): a hole's label never
/// reads so.
fn is_move_name(name: &str) -> bool {
    let word = |w: &str| {
        !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_alphabetic() || c == '_' || c == '-')
    };
    let ok = match name.split_once(':') {
        Some((w, n)) => word(w) && !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()),
        None => word(name),
    };
    ok && name.len() <= 24
}
