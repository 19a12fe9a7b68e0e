//! The primitives a rule script calls on `this`: circuits of its own (an array of pit ids, such as
//! a player's two rows joined into a loop): building one, sowing round it, and the pits of one
//! holding enough seeds. Each does in one native call what a script would otherwise loop over,
//! one primitive call per pit or per seed.

use rhai::{Array, Dynamic, Engine, NativeCallContext};

use crate::engine::base::clock::charge;
use crate::engine::board::state::Board;
use crate::engine::trace::event::Event;

use crate::engine::script::args::{check_count, err, pit, record, RResult};

/// Registers the primitives of this file.
pub(super) fn register_circuits(e: &mut Engine) {
    // Row `first` from its hole 1, then row `second` back from its last hole: two rows joined at
    // their ends into one loop (a player's circuit round his own two rows).
    e.register_fn(
        "loop_of_rows",
        |b: &mut Board, first: i64, second: i64| -> RResult<Array> {
            let rows = &b.layout.rows;
            let row = |r: i64| match rows.get(r as usize) {
                Some(row) if r >= 0 => Ok(row),
                _ => err(format!("loop_of_rows: no row {r}")),
            };
            let (a, z) = (row(first)?, row(second)?);
            Ok(a.pits
                .iter()
                .chain(z.pits.iter().rev())
                .map(|&p| Dynamic::from(p as i64))
                .collect())
        },
    );
    // Sows `n` seeds from the hand one a pit round the circuit `c`, starting with the pit after
    // index `i` in direction `d` (1 along the array, -1 against it), going round as often as the
    // seeds last; returns the index of the last pit sown (`i` when `n` is 0).
    e.register_fn(
        "sow_round",
        |ctx: NativeCallContext, b: &mut Board, c: Array, i: i64, d: i64, n: i64| -> RResult<i64> {
            let pits = circuit(b, "sow_round", &c, i, d)?;
            if n < 0 {
                return err(format!("sow_round: cannot sow {n} seeds"));
            }
            let k = lap(b, &pits, i, d, n)?;
            record(&ctx, b, "sow_round", n);
            Ok(k)
        },
    );
    // Relay sowing round the circuit `c`: sows `n` seeds from the hand as `sow_round` does, then,
    // while the last pit now holds more than one seed, lifts them and sows them on the same way,
    // until a lap ends in a pit that was empty, `max_laps` laps are sown, or a lap ends in one of
    // the pits `stops` (where the script decides what follows: a capture, a choice). Returns
    // `[last, start, laps]`: the index of the last pit sown, the index that lap was sown from,
    // and the laps sown.
    e.register_fn(
        "relay_round",
        |ctx: NativeCallContext,
         b: &mut Board,
         c: Array,
         i: i64,
         d: i64,
         n: i64,
         stops: Array,
         max_laps: i64|
         -> RResult<Array> {
            let pits = circuit(b, "relay_round", &c, i, d)?;
            if n < 0 {
                return err(format!("relay_round: cannot sow {n} seeds"));
            }
            if max_laps < 1 {
                return err(format!(
                    "relay_round: max_laps is at least 1, not {max_laps}"
                ));
            }
            let mut stop = vec![false; b.seeds.len()];
            for v in &stops {
                let p = v
                    .as_int()
                    .map_err(|_| "relay_round: the stops are an array of pit ids")?;
                stop[pit(b, p)?] = true;
            }
            let (mut start, mut hand, mut laps, mut sown) = (i, n, 0, 0i64);
            let last = loop {
                let k = lap(b, &pits, start, d, hand)?;
                sown += hand;
                laps += 1;
                let p = pits[k as usize];
                if hand == 0 || b.seeds[p] <= 1 || laps >= max_laps || stop[p] {
                    break k;
                }
                hand = std::mem::take(&mut b.seeds[p]);
                sown -= hand;
                if b.trace.is_some() {
                    b.emit(|| Event::Adjust {
                        pit: p,
                        delta: -hand,
                    });
                }
                start = k;
            };
            record(&ctx, b, "relay_round", sown);
            Ok(vec![
                Dynamic::from(last),
                Dynamic::from(start),
                Dynamic::from(laps),
            ])
        },
    );
    // The pits of `pits` holding at least `min` seeds, in their order.
    e.register_fn(
        "holding",
        |b: &mut Board, pits: Array, min: i64| -> RResult<Array> {
            let mut out = Array::new();
            for v in pits {
                let p = v
                    .as_int()
                    .map_err(|_| "holding: takes an array of pit ids")?;
                if b.seeds[pit(b, p)?] >= min {
                    out.push(v);
                }
            }
            Ok(out)
        },
    );
    // The counts of `pits`, in their order (one call for a loop that reads several).
    e.register_fn("counts", |b: &mut Board, pits: Array| -> RResult<Array> {
        let mut out = Array::with_capacity(pits.len());
        for v in &pits {
            let p = v
                .as_int()
                .map_err(|_| "counts: takes an array of pit ids")?;
            out.push(Dynamic::from(b.seeds[pit(b, p)?]));
        }
        Ok(out)
    });
    // Whether a pit of `pits` holds at least `min` seeds.
    e.register_fn(
        "any_holding",
        |b: &mut Board, pits: Array, min: i64| -> RResult<bool> {
            for v in &pits {
                let p = v
                    .as_int()
                    .map_err(|_| "any_holding: takes an array of pit ids")?;
                if b.seeds[pit(b, p)?] >= min {
                    return Ok(true);
                }
            }
            Ok(false)
        },
    );
}

/// The pit ids of circuit `c`, checked, with the start index `i` and the direction `d`.
fn circuit(b: &Board, what: &str, c: &Array, i: i64, d: i64) -> RResult<Vec<usize>> {
    let len = c.len() as i64;
    if len == 0 {
        return err(format!("{what}: the circuit is empty"));
    }
    if !(0..len).contains(&i) {
        return err(format!(
            "{what}: index {i} is not in the circuit (0 to {})",
            len - 1
        ));
    }
    if d != 1 && d != -1 {
        return err(format!("{what}: the direction is 1 or -1, not {d}"));
    }
    let mut pits = Vec::with_capacity(c.len());
    for v in c {
        let p = v
            .as_int()
            .map_err(|_| format!("{what}: the circuit is an array of pit ids"))?;
        pits.push(pit(b, p)?);
    }
    Ok(pits)
}

/// Sows `n` seeds one a pit round `pits` from the pit after index `i` in direction `d` (whole
/// rounds at once, the events one a seed); the index of the last pit sown.
fn lap(b: &mut Board, pits: &[usize], i: i64, d: i64, n: i64) -> RResult<i64> {
    // (A unit of work a seed, as the native sowing counts.)
    charge(u32::try_from(n).unwrap_or(u32::MAX))?;
    let len = pits.len() as i64;
    let (rounds, rest) = (n / len, n % len);
    let mut k = i;
    for s in 0..n.min(len) {
        k = (k + d).rem_euclid(len);
        let p = pits[k as usize];
        let add = rounds + i64::from(s < rest);
        check_count(b, p, b.seeds[p].saturating_add(add))?;
        b.seeds[p] += add;
    }
    if b.trace.is_some() {
        let mut k = i;
        for _ in 0..n {
            k = (k + d).rem_euclid(len);
            let p = pits[k as usize];
            b.emit(|| Event::Adjust { pit: p, delta: 1 });
        }
    }
    // (a lap of the move, for its counts: `this.laps`, the laps a move takes in reports)
    if n > 0 {
        b.last.laps += 1;
    }
    Ok((i + d * rest).rem_euclid(len))
}
