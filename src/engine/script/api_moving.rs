//! The primitives a rule script calls on `this`: moving seeds, conserving them: captures, settlements, moves between pits, reserves, closing holes.

use rhai::Engine;

use crate::engine::board::state::Board;
use crate::engine::sowing::sow::{self};
use crate::engine::trace::event::Event;

use crate::engine::script::args::{check_count, check_reserve, err, pit, player, RResult};

/// Registers the primitives of this file.
pub(super) fn register_moving(e: &mut Engine) {
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
}
