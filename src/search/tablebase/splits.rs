//! What the positions of a captures tablebase carry besides the holes (the game's seeds, from which
//! a layer's captured splits follow), and whether a rule's tablebases can be built that way. The
//! layers themselves are built in [`super::captures`].

use crate::search::twoplayer::reading::held;
use crate::{Board, EndThen, EndWhen, Error, Result, Rule};

/// What positions of a captures tablebase carry besides the holes: the game's seeds (the
/// captured split of a layer follows from it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Captures {
    /// Seeds of the game (holes, stores and reserves).
    pub total: i64,
}

impl Captures {
    /// The splits of layer `k`: player 1's captures from `.0`, `.1` of them (0: none, the layer
    /// is out of reach).
    pub fn splits(&self, k: usize) -> (i64, u64) {
        let taken = self.total - k as i64;
        // No seed in play: every split is over (half each is a draw).
        if taken < 0 || k == 0 {
            return (0, 0);
        }
        let half = self.total / 2;
        let lo = (taken - half).max(0);
        let hi = taken.min(half);
        (lo, (hi - lo + 1).max(0) as u64)
    }

    /// The split of `b` (layer `k`) as its number among the layer's splits, when it is one of
    /// them (nothing discarded, held seeds adding up, no player past half).
    #[inline]
    pub fn split_of(&self, b: &Board, k: usize) -> Option<u64> {
        let (lo, n) = self.splits(k);
        let (a, c) = (held(b, 1), held(b, 2));
        if b.discarded != 0 || a + c + k as i64 != self.total {
            return None;
        }
        let s = a - lo;
        (s >= 0 && (s as u64) < n).then_some(s as u64)
    }
}

/// Whether a rule that the plain tablebases refuse (`why`) has captures tablebases: `Ok` with
/// what its positions carry, or the reason it has none.
pub fn applies(rule: &Rule, b: &Board, why: String) -> Result<Captures> {
    let refuse = |more: &str| Err(Error::msg(format!("{why}{more}")));
    let Some(p) = b
        .layout
        .pipeline
        .as_deref()
        .filter(|_| rule.plays_natively())
    else {
        return refuse("");
    };
    if b.players() != 2
        || p.rounds.is_some()
        || p.pass.is_some()
        || !b.counters.is_empty()
        || !p.end.iter().all(|c| c.then == EndThen::MostSeeds)
        || (0..b.layout.vars.len()).any(|i| Some(i) != p.at.moves_var)
    {
        return refuse("");
    }
    if b.reserves.len() != 2 || !b.layout.stores.is_empty() {
        return refuse("; tablebases whose positions carry the captures are for boards whose captures go to the players' reserves (no stores)");
    }
    if p.end
        .iter()
        .any(|c| c.when == EndWhen::MovesReached && c.limit > 0)
    {
        return refuse("; tablebases whose positions carry the captures need no move limit (a counted move is part of every position): for Oware, `repetition=true repetition_sweep=none max_turns=0`");
    }
    let reps: Vec<_> = p
        .end
        .iter()
        .filter(|c| c.when == EndWhen::RepeatedPosition)
        .collect();
    if reps.is_empty() {
        return refuse(
            "; tablebases whose positions carry the captures need a rule that ends a game on a repeated position (else a cycle without a capture has no value): for Oware, `repetition=true repetition_sweep=none max_turns=0`",
        );
    }
    if reps
        .iter()
        .any(|c| c.sweep != crate::engine::declare::end::Sweep::None)
    {
        return refuse(
            "; and its repetition end gives the seeds on the board to someone, which makes a value depend on where the cycle closes, that is on the moves before (with the seeds left to nobody it does not: for Oware, `repetition_sweep=none`)",
        );
    }
    Ok(Captures { total: b.total() })
}
