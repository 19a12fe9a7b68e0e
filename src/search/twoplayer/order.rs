//! A node's moves: every move is played into the ply's scratch boards, then ordered (the table's
//! best move first, then moves that keep the turn, then by the seeds they win at once), and the
//! table and tablebases are asked about every position reached (enhanced transposition
//! cut-off: one of them may already prove the node's value beyond `beta`).

use std::sync::atomic::Ordering;

use super::key::key_of;
use super::search::{Frame, Kid, Search};
use super::tt::{EXACT, NO_MOVE};
use crate::search::position::Position;
use crate::search::solve::Stop;
use crate::{Error, Result, INTERRUPTED};

/// What the move that led to `b` gives the node's `mover`, whose margin now is `base`.
#[inline]
pub fn kid_of(s: &Search, b: &crate::Board, mover: usize, base: i32) -> Kid {
    if b.over {
        Kid {
            over: true,
            exact: s.final_abs(b, mover) - base,
            valued: false,
            sign: 1,
            off: 0,
        }
    } else {
        let m2 = b.to_move;
        let sign = if m2 == mover { 1 } else { -1 };
        Kid {
            over: false,
            exact: 0,
            valued: false,
            sign,
            off: sign * s.base(b, m2) - base,
        }
    }
}

/// Plays every legal move of `node` into `f` and orders them into `f.order`. `Ok(None)`: a limit
/// stopped the search; `Ok(Some(Some(v)))`: a position reached proves the node worth `v >= beta`.
pub fn expand<P: Position>(
    s: &mut Search,
    node: &mut P,
    f: &mut Frame<P>,
    mover: usize,
    tt_move: u8,
    beta: i32,
) -> Result<Option<Option<i32>>> {
    let interrupted = |e: Error| {
        if INTERRUPTED.load(Ordering::Relaxed) {
            Ok(None)
        } else {
            Err(e)
        }
    };
    if let Err(e) = node.legal_into(s.rule, &mut f.moves) {
        s.stopped = Some(Stop::Interrupted);
        return interrupted(e);
    }
    let n = f.moves.len();
    if n == 0 {
        return Err(Error::msg(format!(
            "{}: a position that is not over has no legal moves (the rule should end the game or pass)",
            s.rule.name
        )));
    }
    while f.kids.len() < n {
        f.kids.push(P::from_board(&node.board()));
    }
    f.info.clear();
    f.order.clear();
    let base = s.base(&node.board(), mover);
    // Ordering scores, kept beside the moves' indices.
    let mut score = [0i32; 256];
    let mut cut = None;
    // A depth-limited entry was read (the cut-off, if any, then rests on a horizon).
    let mut shallow = false;
    // The moves played first, each position's tablebase value and table slot asked of the
    // memory at once (their misses overlap), then read.
    f.spots.clear();
    f.keys.clear();
    for i in 0..n {
        if let Some(_stop) = s.check() {
            return Ok(None);
        }
        let kid = &mut f.kids[i];
        kid.copy_from(node);
        if let Err(e) = kid.apply(s.rule, f.moves[i]) {
            s.stopped = Some(Stop::Interrupted);
            return interrupted(e);
        }
        s.nodes += 1;
        let b = kid.board();
        let k = kid_of(s, &b, mover, base);
        let spot = if k.over {
            None
        } else {
            s.tb.and_then(|t| t.spot(&b).inspect(|p| t.prefetch(p)))
        };
        let key = if k.over || spot.is_some() {
            None
        } else {
            let key = key_of(s.spec, &b);
            s.tt.prefetch(&key);
            Some(key)
        };
        f.spots.push(spot);
        f.keys.push(key);
        f.info.push(k);
    }
    for i in 0..n {
        let mut k = f.info[i];
        // What the move wins at once (for the ordering), and a bound from what is known of the
        // position reached.
        let (gain, known) = if k.over {
            (k.exact, Some(k.exact))
        } else {
            // `off` is the margin the move wins at once (the same for either sign).
            let gain = if s.k == 0 { k.off } else { 0 };
            let known = if let Some(v) = f.spots[i]
                .as_ref()
                .and_then(|p| s.tb.and_then(|t| t.probe_spot(s.rule, p)))
            {
                // Valued once, here: the move is then never searched.
                k.valued = true;
                k.exact = k.sign * v + k.off;
                Some(k.exact)
            } else {
                let key = f.keys[i].unwrap_or_else(|| key_of(s.spec, &f.kids[i].board()));
                f.keys[i] = Some(key);
                s.etc_now
                    .then(|| s.tt.get(&key))
                    .flatten()
                    .filter(|e| s.bounds_hold(e.draft, s.left))
                    .map(|e| {
                        shallow |= e.draft != EXACT;
                        if k.sign == 1 {
                            e.lo as i32 + k.off
                        } else {
                            k.off - e.hi as i32
                        }
                    })
            };
            (gain, known)
        };
        if let Some(v) = known {
            if v >= beta && cut.is_none_or(|c| v > c) {
                cut = Some(v);
            }
        }
        let extra = !k.over && k.sign == 1;
        // Then the smaller sowing: of two moves that keep the turn, the shorter one leaves the
        // longer one playable after it.
        // (a move id past the pits: the hole sown the other way, or a named move, which sows
        // nothing of its own)
        let sown = {
            let nb = node.board();
            let from = nb.layout.move_pit(f.moves[i]);
            nb.seeds.get(from).copied().unwrap_or(0).clamp(0, 255) as i32
        };
        score[i.min(255)] = if i as u8 == tt_move && tt_move != NO_MOVE {
            1 << 30
        } else {
            (extra as i32) << 24 | (gain + 2048).clamp(0, 4095) << 8 | (255 - sown)
        };
        f.info[i] = k;
        f.order.push(i);
    }
    if cut.is_some() {
        if shallow {
            s.cut_short += 1;
        }
        return Ok(Some(cut));
    }
    f.order
        .sort_by_key(|&i| std::cmp::Reverse(score[i.min(255)]));
    Ok(Some(None))
}
