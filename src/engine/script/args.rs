//! What the primitives share: checking a script's arguments (a pit, a player, a count, a
//! reserve), the layout during setup, pits added to it, the conservation ledger, and a rule
//! script's sowing map read into a [`SowRule`].

use std::sync::Arc;

use rhai::{Array, Dynamic, EvalAltResult, Map, NativeCallContext};

use crate::engine::board::state::{Board, LedgerEntry, PitKind};
use crate::engine::declare::compiled::Compiled;
use crate::engine::sowing::sow::{AtMaxLaps, CaptureTo, Relay, SowRule, Stores};

/// A primitive's result: a value or a script error.
pub type RResult<T> = Result<T, Box<EvalAltResult>>;

pub(super) fn err<T>(msg: impl Into<String>) -> RResult<T> {
    Err(msg.into().into())
}

/// Checks a pit id.
pub fn pit(b: &Board, p: i64) -> RResult<usize> {
    if p < 0 || p as usize >= b.seeds.len() {
        return err(format!(
            "no pit {p} (pit ids go from 0 to {})",
            b.seeds.len() as i64 - 1
        ));
    }
    Ok(p as usize)
}

/// Checks a player number.
pub(super) fn player(b: &Board, pl: i64) -> RResult<usize> {
    if pl < 1 || pl as usize > b.layout.players {
        return err(format!(
            "no player {pl} (players go from 1 to {})",
            b.layout.players
        ));
    }
    Ok(pl as usize)
}

/// Fails in `setup()`: the sowing track is linked only when setup ends, so primitives that follow
/// it (`sow`, `next_pit`, `prev_pit`, `landing`, `lands_empty`) cannot run before.
pub(super) fn after_setup(b: &Board, what: &str) -> RResult<()> {
    if b.in_setup {
        return err(format!(
            "{what} cannot be used in setup() (the sowing track is built when setup ends)"
        ));
    }
    Ok(())
}

pub(super) fn layout_mut(b: &mut Board) -> RResult<&mut Compiled> {
    if !b.in_setup {
        return err("the layout can only be changed in setup()");
    }
    Ok(Arc::make_mut(&mut b.layout))
}

/// Most seeds a pit may hold.
pub const MAX_SEEDS: i64 = 1_000_000;

/// Most holes in one row (`add_row`, a data rule's `holes`): the chain capture and the pictures
/// handle rows up to this length. The shipped rules' `holes` options stop here.
pub const MAX_ROW_HOLES: i64 = 64;

pub(super) fn check_count(b: &Board, p: usize, n: i64) -> RResult<()> {
    let name = || match b.layout.pits[p].name.as_str() {
        "" => format!("pit {p}"),
        n => format!("pit {n}"),
    };
    if n < 0 {
        return err(format!(
            "{} would hold {n} seeds (counts cannot be negative)",
            name()
        ));
    }
    if n > MAX_SEEDS {
        return err(format!(
            "{} would hold {n} seeds (at most {MAX_SEEDS})",
            name()
        ));
    }
    Ok(())
}

/// A reserve may hold at most [`MAX_RESERVE`](crate::engine::base::limits::MAX_RESERVE) seeds.
pub(super) fn check_reserve(what: &str, pl: usize, n: i64) -> RResult<()> {
    let max = crate::engine::base::limits::MAX_RESERVE;
    if n > max {
        return err(format!(
            "{what}: the reserve of player {pl} would hold {n} seeds (at most {max})"
        ));
    }
    Ok(())
}

/// A counter or variable holds at most [`MAX_VALUE`](crate::engine::base::limits::MAX_VALUE) either
/// way, so the core's own increments cannot overflow.
pub(super) fn check_value(what: &str, v: i64) -> RResult<()> {
    let max = crate::engine::base::limits::MAX_VALUE;
    if !(-max..=max).contains(&v) {
        return err(format!("{what}: {v} is out of range (-{max} to {max})"));
    }
    Ok(())
}

pub(super) fn record(ctx: &NativeCallContext, b: &mut Board, what: &'static str, delta: i64) {
    if delta != 0 && !b.in_setup {
        let pos = ctx.call_position();
        b.ledger.push(LedgerEntry {
            line: pos.line().unwrap_or(0),
            col: pos.position().unwrap_or(0),
            what,
            delta,
        });
    }
}

pub(super) fn resize_players(b: &mut Board) {
    let n = b.layout.players;
    b.reserves.resize(n, 0);
    b.counters.resize(b.layout.counters.len() * n, 0);
}

pub(super) fn add_pit(b: &mut Board, kind: PitKind, owner: usize, name: String) -> RResult<usize> {
    let l = layout_mut(b)?;
    let id = l.pits.len();
    // (Pit ids are kept in 32 bits by the searches.)
    let max = crate::engine::base::limits::max_pits().min(u32::MAX as u64);
    if id as u64 >= max {
        return err(format!(
            "the board would have more than {max} pits (SOWLAB_MAX_PITS)"
        ));
    }
    l.pits.push(crate::engine::board::state::Pit {
        kind,
        owner,
        row: None,
        pos: 0,
        name,
    });
    if kind == PitKind::Store {
        l.stores.push(id);
    }
    b.seeds.push(0);
    b.closed.push(false);
    Ok(id)
}

/// Most counts `capture_counts` may list (each drop compares its pit with every one).
pub(super) const MAX_CAPTURE_COUNTS: usize = 64;

pub(super) fn parse_sowing(m: &Map) -> RResult<SowRule> {
    let mut r = SowRule::default();
    for (k, v) in m {
        let as_str = || -> RResult<String> {
            v.clone()
                .into_string()
                .or_else(|_| err(format!("sowing: `{k}` takes a string")))
        };
        let as_bool = || -> RResult<bool> {
            v.as_bool()
                .or_else(|_| err(format!("sowing: `{k}` takes true or false")))
        };
        let as_int = || -> RResult<i64> {
            v.as_int()
                .or_else(|_| err(format!("sowing: `{k}` takes an integer")))
        };
        match k.as_str() {
            "reverse" => r.reverse = as_bool()?,
            "skip_origin" => r.skip_origin = as_bool()?,
            "judge_at_skipped_origin" => r.judge_at_skipped_origin = as_bool()?,
            "first_seed_back" => r.first_seed_back = as_bool()?,
            "pass_children" => {
                use crate::engine::declare::sowing::PassChildren;
                r.pass_children = match as_str()?.as_str() {
                    "none" => PassChildren::None,
                    "opponents" => PassChildren::Opponents,
                    "opponents_but_last" => PassChildren::OpponentsButLast,
                    o => {
                        return err(format!(
                            "sowing: pass_children `{o}`: use none, opponents or opponents_but_last"
                        ))
                    }
                }
            }
            "capture_last" => r.capture_last = as_bool()?,
            "capture_beyond_empty" => r.capture_beyond_empty = as_bool()?,
            "stores" => {
                r.stores = match as_str()?.as_str() {
                    "all" => Stores::All,
                    "own" => Stores::Own,
                    "none" => Stores::None,
                    o => return err(format!("sowing: stores `{o}`: use all, own or none")),
                }
            }
            "relay" => {
                r.relay = match as_str()?.as_str() {
                    "none" => Relay::None,
                    "last" => Relay::Last,
                    "next" => Relay::Next,
                    o => return err(format!("sowing: relay `{o}`: use none, last or next")),
                }
            }
            "capture_to" => {
                r.capture_to = match as_str()?.as_str() {
                    "row_owner" => CaptureTo::RowOwner,
                    "sower" => CaptureTo::Sower,
                    o => return err(format!("sowing: capture_to `{o}`: use row_owner or sower")),
                }
            }
            "capture_counts" => {
                let a = v
                    .clone()
                    .into_array()
                    .or_else(|_| err("sowing: capture_counts takes an array of integers"))?;
                if a.len() > MAX_CAPTURE_COUNTS {
                    return err(format!(
                        "sowing: capture_counts has {} counts (at most {MAX_CAPTURE_COUNTS})",
                        a.len()
                    ));
                }
                r.capture_counts = a
                    .into_iter()
                    .map(|x| {
                        x.as_int()
                            .or_else(|_| err("sowing: capture_counts takes integers"))
                    })
                    .collect::<RResult<_>>()?;
            }
            "max_laps" => {
                let n = as_int()?;
                if n < 1 {
                    return err("sowing: max_laps must be at least 1");
                }
                r.max_laps = n;
            }
            "at_max_laps" => {
                r.at_max_laps = match as_str()?.as_str() {
                    "stop" => AtMaxLaps::Stop,
                    "error" => AtMaxLaps::Error,
                    o => return err(format!("sowing: at_max_laps `{o}`: use stop or error")),
                }
            }
            o => {
                return err(format!(
                    "sowing: unknown key `{o}` (keys: reverse, stores, skip_origin, judge_at_skipped_origin, first_seed_back, \
                     pass_children, relay, capture_counts, capture_to, capture_last, capture_beyond_empty, max_laps, at_max_laps)"
                ))
            }
        }
    }
    if r.judge_at_skipped_origin && !r.skip_origin {
        return err("sowing: judge_at_skipped_origin needs skip_origin: true");
    }
    Ok(r)
}

pub(super) fn ids(v: impl IntoIterator<Item = usize>) -> Array {
    v.into_iter().map(|p| Dynamic::from(p as i64)).collect()
}
