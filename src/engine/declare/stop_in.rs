//! "The mover may end his move in these holes instead of sowing on" (`pipeline.stop_in`): a lap
//! of a relay sowing whose last seed falls into one of the mover's own holes named here, occupied
//! (it would relay), pauses the move; the mover then decides, as a move of his own, `stop` (the
//! move ends there, capturing nothing) or `go` (its seeds are lifted and sown on as the relay
//! would have: the rest of the move is played as a move from that hole). Such holes are the
//! "heads" (musoro, misoro) of Zimbabwe's tsoro. The pending decision is the game variable
//! `stop_pending` (1 + the hole; 0: none). Played in [`crate::engine::player::stop_in`].

use serde::Deserialize;

use crate::engine::geometry::layout::Layout;

/// The move that ends the move in a head.
pub const STOP: &str = "stop";
/// The move that sows on from it.
pub const GO: &str = "go";

/// The holes a relaying mover may stop in, by row and number from each owner's left.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct StopIn {
    /// In his outer row (four rows) or his only row.
    pub outer: Vec<i64>,
    /// In his inner row (four rows).
    pub inner: Vec<i64>,
    /// Instead of naming them: before play each player in turn (the first player first) chooses
    /// a hole of his outer row (or only row) as a head, one a move, until each has this many
    /// (0: none chosen; the game variables `heads_1`, `heads_2`: a bit per hole, by number).
    pub choose: i64,
}

/// What [`StopIn::link`] resolves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StopLinked {
    /// Per pit: whether its owner may stop in it.
    pub heads: Vec<bool>,
    /// `stop_pending`.
    pub var: usize,
    /// The move ids of `stop` and `go`.
    pub stop: usize,
    pub go: usize,
    /// With `choose`: the heads each player chooses, and per player (from player 1) the variable
    /// of his heads chosen (`heads` then marks the holes he may choose).
    pub choose: i64,
    pub head_vars: Vec<usize>,
}

impl StopIn {
    /// In words, for `sowlab rules`.
    pub fn describe(&self) -> String {
        let mut rows = Vec::new();
        for (row, list) in [("outer", &self.outer), ("inner", &self.inner)] {
            if !list.is_empty() {
                let v: Vec<String> = list.iter().map(|h| h.to_string()).collect();
                rows.push(format!("his {row} row's holes {}", v.join(", ")));
            }
        }
        if self.choose > 0 {
            rows.push(format!(
                "{} of his outer row, each player choosing them in turn before play",
                self.choose
            ));
        }
        format!(
            "a relay lap ending in one of the mover's heads ({}), occupied, lets him stop there (`stop`) or sow on (`go`)",
            rows.join(" and ")
        )
    }

    /// Checks the hole numbers, resolves the holes, declares `stop_pending` with `var` and the
    /// named moves `stop` and `go`; one error line naming the key.
    pub fn link(
        &self,
        l: &mut Layout,
        var: &mut impl FnMut(&mut Layout, &str, i64) -> usize,
    ) -> Result<StopLinked, String> {
        let chosen = self.choose != 0;
        if chosen && (self.choose < 0 || !self.outer.is_empty() || !self.inner.is_empty()) {
            return Err(
                "pipeline: stop_in: `choose` is a number of heads, 1 or more, chosen instead of naming them in `outer` and `inner`"
                    .into(),
            );
        }
        if !chosen && self.outer.is_empty() && self.inner.is_empty() {
            return Err(
                "pipeline: stop_in: name some holes (`outer: [n, ...]`, four rows `inner: [n, ...]` too) or `choose: n`"
                    .into(),
            );
        }
        let four = l.four_rows();
        if !self.inner.is_empty() && !four {
            return Err("pipeline: stop_in: `inner` needs a board of four rows of the same length, two a player, created outer, inner, inner, outer".into());
        }
        let mut heads = vec![false; l.pits.len()];
        for &h in &l.holes {
            let inner = four && l.across(h).is_some();
            let list = if inner { &self.inner } else { &self.outer };
            let most = l
                .holes
                .iter()
                .filter(|&&q| l.pits[q].row == l.pits[h].row)
                .count() as i64;
            crate::engine::geometry::hole_numbers::check("pipeline: stop_in", list, most)?;
            if chosen && !inner && (self.choose > most || most > 62) {
                return Err(format!(
                    "pipeline: stop_in: choose: {} heads of an outer row of {most} holes (at most the row's holes, and rows of at most 62)",
                    self.choose
                ));
            }
            heads[h] = l.pits[h].owner != 0
                && if chosen {
                    !inner
                } else {
                    list.contains(&(l.pits[h].pos as i64))
                };
        }
        let head_vars = if chosen {
            (1..=l.players)
                .map(|pl| var(l, &format!("heads_{pl}"), 0))
                .collect()
        } else {
            Vec::new()
        };
        for name in [STOP, GO] {
            if l.named_move(name).is_none() {
                l.named_moves.push(name.to_string());
            }
        }
        let id = |l: &Layout, name: &str| l.named_move(name).unwrap_or(usize::MAX);
        Ok(StopLinked {
            heads,
            var: var(l, "stop_pending", 0),
            stop: id(l, STOP),
            go: id(l, GO),
            choose: self.choose,
            head_vars,
        })
    }
}
