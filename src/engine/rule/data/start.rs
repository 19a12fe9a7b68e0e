//! The start layout of a data rule (`start:`), when it is not the same count in every hole: an
//! explicit count per hole, turned round when the second player starts, or a random layout drawn
//! from a seed (so that one seed always gives one layout, on any machine).

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::engine::board::state::Board;
use crate::engine::declare::start::layout_of;
pub use crate::engine::declare::start::RandomStart;
pub use crate::engine::rule::data::opening::OpeningStep;
use crate::engine::script::primitives::MAX_SEEDS;

/// The start layout of a data rule.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartDecl {
    /// Seeds per hole, every hole in canonical order (each row's `seeds` is then not used).
    #[serde(default)]
    pub pits: Option<Vec<i64>>,
    /// With `pits`: the layout is written for player 1 moving first; when player 2 moves first,
    /// the board is turned round (each player gets the other's row, two rows only).
    #[serde(default)]
    pub turn_round: bool,
    /// A random layout.
    #[serde(default)]
    pub random: Option<RandomStart>,
    /// A move played as the board is set up by the player who does not move first (two players):
    /// the start is the position after it, the first player to move.
    #[serde(default)]
    pub first_move: Option<FirstMove>,
    /// A set opening played as the board is set up, step by step (before `first_move`): the
    /// start is the position after it. Its steps, or the name of one of `openings`.
    #[serde(default)]
    pub opening: OpeningDecl,
    /// Named set openings, one of which `opening` names (so that an option chooses it:
    /// `opening: $gambit`).
    #[serde(default)]
    pub openings: BTreeMap<String, Vec<OpeningStep>>,
    /// With `opening`: the player who makes it, as his turn; the player after him moves first
    /// (none: the player to move is unchanged).
    #[serde(default)]
    pub opened_by: Option<usize>,
    /// Named start layouts (`NAME: { pits: [...], reserves: [...] }`), one of which `layout`
    /// picks: so that an option (`layout: $variant`) can choose the start.
    #[serde(default)]
    pub layouts: std::collections::BTreeMap<String, NamedLayout>,
    /// The name of the layout of `layouts` the game starts from.
    #[serde(default)]
    pub layout: Option<String>,
}

/// A start layout of `start.layouts`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NamedLayout {
    /// Seeds per hole, every hole in canonical order.
    pub pits: Vec<i64>,
    /// Seeds in each player's hand (reserve) at the start, player 1's first (none: empty).
    #[serde(default)]
    pub reserves: Vec<i64>,
}

/// `start.opening`: the steps, or the name of one of `start.openings`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningDecl {
    /// The steps, in order.
    Steps(Vec<OpeningStep>),
    /// The name of one of `start.openings`.
    Named(String),
}

// By hand rather than untagged, so that a wrong step keeps its own error (an unknown field...).
impl<'de> Deserialize<'de> for OpeningDecl {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = OpeningDecl;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of opening steps, or the name of one of `openings`")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<OpeningDecl, E> {
                Ok(OpeningDecl::Named(v.to_string()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                a: A,
            ) -> Result<OpeningDecl, A::Error> {
                Deserialize::deserialize(serde::de::value::SeqAccessDeserializer::new(a))
                    .map(OpeningDecl::Steps)
            }
        }
        d.deserialize_any(V)
    }
}

impl Default for OpeningDecl {
    fn default() -> Self {
        OpeningDecl::Steps(Vec::new())
    }
}

/// The move played as the board is set up (`start.first_move`).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct FirstMove {
    /// Which move.
    pub from: FirstFrom,
    /// The draw's seed (`random`).
    #[serde(default)]
    pub seed: i64,
}

/// Which move `first_move` plays.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum FirstFrom {
    /// From the player's rightmost hole (the last of his row, from his left); the player to move
    /// after it as the move says (an extra turn: the same player again).
    Rightmost,
    /// A legal move drawn from `seed`; the first player moves next (never the same again).
    Random,
}

impl StartDecl {
    /// The set opening's steps (those `opening` names among `openings`); an error names the
    /// name and the openings there are.
    pub fn opening_steps(&self) -> Result<&[OpeningStep], String> {
        match &self.opening {
            OpeningDecl::Steps(v) => Ok(v),
            OpeningDecl::Named(name) => {
                self.openings.get(name).map(Vec::as_slice).ok_or_else(|| {
                    format!(
                        "start: opening `{name}` names none of `openings` ({})",
                        if self.openings.is_empty() {
                            "none declared".to_string()
                        } else {
                            self.openings.keys().cloned().collect::<Vec<_>>().join(", ")
                        }
                    )
                })
            }
        }
    }

    /// Puts the start layout on `b` (holes built, player to move set); an error names the key.
    pub fn apply(&self, b: &mut Board) -> Result<(), String> {
        let holes = b.layout.holes.clone();
        if let Some(name) = &self.layout {
            return self.apply_named(b, name);
        }
        if !self.layouts.is_empty() {
            return Err("start: layouts are named layouts, one of which `layout: NAME` picks: no `layout` is given".into());
        }
        match (&self.pits, &self.random) {
            (None, None) => {
                if self.turn_round {
                    return Err("start: turn_round needs `pits`".into());
                }
                Ok(())
            }
            (Some(_), Some(_)) => Err("start: write either `pits` or `random`, not both".into()),
            (Some(pits), None) => {
                if pits.len() != holes.len() {
                    return Err(format!(
                        "start: pits has {} counts, the board has {} holes",
                        pits.len(),
                        holes.len()
                    ));
                }
                if let Some(x) = pits.iter().find(|x| !(0..=MAX_SEEDS).contains(*x)) {
                    return Err(format!(
                        "start: pits holds {x}, not a count of seeds (0 to {MAX_SEEDS})"
                    ));
                }
                let mut v = pits.clone();
                if self.turn_round && b.to_move == 2 {
                    if b.layout.rows.len() != 2 || !holes.len().is_multiple_of(2) {
                        return Err("start: turn_round is for two rows of equal size".into());
                    }
                    v.rotate_left(holes.len() / 2);
                }
                for (&h, n) in holes.iter().zip(v) {
                    b.seeds[h] = n;
                }
                Ok(())
            }
            (None, Some(r)) => {
                if self.turn_round {
                    return Err("start: turn_round is for `pits`, not `random`".into());
                }
                let v = random_layout(r, holes.len())?;
                for (&h, n) in holes.iter().zip(v) {
                    b.seeds[h] = n;
                }
                Ok(())
            }
        }
    }
}

impl StartDecl {
    /// Puts the layout `name` of `layouts` on `b`; an error names the key.
    fn apply_named(&self, b: &mut Board, name: &str) -> Result<(), String> {
        if self.pits.is_some() || self.random.is_some() || self.turn_round {
            return Err(
                "start: `layout` picks one of `layouts`: not with `pits`, `random` or `turn_round`"
                    .into(),
            );
        }
        let Some(named) = self.layouts.get(name) else {
            let names: Vec<&str> = self.layouts.keys().map(|k| k.as_str()).collect();
            return Err(format!(
                "start: layout `{name}` is none of layouts ({})",
                names.join(", ")
            ));
        };
        let holes = b.layout.holes.clone();
        if named.pits.len() != holes.len() {
            return Err(format!(
                "start: layouts: {name}: pits has {} counts, the board has {} holes",
                named.pits.len(),
                holes.len()
            ));
        }
        let bad = |x: &i64| !(0..=MAX_SEEDS).contains(x);
        if let Some(x) = named.pits.iter().chain(&named.reserves).find(|x| bad(x)) {
            return Err(format!(
                "start: layouts: {name}: {x} is not a count of seeds (0 to {MAX_SEEDS})"
            ));
        }
        if named.reserves.len() > b.reserves.len() {
            return Err(format!(
                "start: layouts: {name}: reserves has {} counts, for {} players",
                named.reserves.len(),
                b.reserves.len()
            ));
        }
        for (&h, &n) in holes.iter().zip(&named.pits) {
            b.seeds[h] = n;
        }
        for (r, &n) in b.reserves.iter_mut().zip(&named.reserves) {
            *r = n;
        }
        Ok(())
    }
}

/// A random layout of `r.seeds` seeds over `n` holes (see [`layout_of`]), its counts checked.
pub fn random_layout(r: &RandomStart, n: usize) -> Result<Vec<i64>, String> {
    layout_of(r, n, MAX_SEEDS)
}

/// Plays `first` on a board just set up (its pipeline compiled): the start becomes the position
/// after it. An error says why the move cannot be played.
pub fn play_first_move(b: &mut Board, first: &FirstMove) -> Result<(), String> {
    let layout = b.layout.clone();
    let Some(p) = layout.pipeline.as_deref() else {
        return Err("start: first_move needs declared moves (a pipeline)".into());
    };
    if layout.players != 2 {
        return Err("start: first_move is for two players".into());
    }
    if b.over {
        return Ok(());
    }
    let first_player = b.to_move;
    let player = 3 - first_player;
    b.to_move = player;
    let mut legal = Vec::new();
    crate::engine::player::play::legal_into(b, p, player, &mut legal);
    let pit = match first.from {
        FirstFrom::Rightmost => {
            let right = p.at.holes_of.get(player).and_then(|h| h.last().copied());
            legal
                .iter()
                .copied()
                .find(|&mv| Some(layout.split_move(mv).0) == right)
                .ok_or_else(|| {
                    "start: first_move rightmost: the rightmost hole of the player to move is no legal move".to_string()
                })?
        }
        FirstFrom::Random => {
            if legal.is_empty() {
                return Err(
                    "start: first_move random: the player to move has no legal move".into(),
                );
            }
            let mut rng = crate::engine::base::rng::Rng::new(first.seed as u64);
            legal[rng.index(legal.len())]
        }
    };
    // (the move is part of the start: no trace of it)
    let trace = b.trace.take();
    let mut hooks = Vec::new();
    crate::engine::player::play::play(b, pit, &mut hooks)
        .map_err(|e| format!("start: first_move: {e}"))?;
    if first.from == FirstFrom::Random && !b.over && b.to_move == player {
        b.to_move = first_player;
    }
    b.ledger.clear();
    b.last.pit = crate::engine::board::state::NO_PIT;
    b.trace = trace;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_layout_keeps_the_total_and_each_holes_minimum() {
        for seed in 0..200 {
            for (seeds, at_least, n) in [(98, 2, 14), (40, 2, 24), (60, 2, 12), (7, 0, 10)] {
                let r = RandomStart {
                    seeds,
                    at_least,
                    seed,
                    empty_or_at_least: 0,
                };
                let v = random_layout(&r, n).unwrap();
                assert_eq!(v.len(), n);
                assert_eq!(v.iter().sum::<i64>(), seeds, "seed {seed}: {v:?}");
                let least = if at_least * n as i64 <= seeds {
                    at_least
                } else {
                    0
                };
                assert!(v.iter().all(|&x| x >= least), "seed {seed}: {v:?}");
            }
        }
    }

    #[test]
    fn a_hole_of_a_layout_with_empties_is_empty_or_holds_at_least_the_bound() {
        for seed in 0..200 {
            let r = RandomStart {
                seeds: 72,
                at_least: 0,
                seed,
                empty_or_at_least: 4,
            };
            let v = random_layout(&r, 12).unwrap();
            assert_eq!(v.iter().sum::<i64>(), 72, "seed {seed}: {v:?}");
            assert!(v.iter().all(|&x| x == 0 || x >= 4), "seed {seed}: {v:?}");
        }
    }

    #[test]
    fn one_seed_gives_one_layout_and_seeds_differ() {
        let r = |seed| RandomStart {
            seeds: 98,
            at_least: 2,
            seed,
            empty_or_at_least: 0,
        };
        assert_eq!(random_layout(&r(3), 14), random_layout(&r(3), 14));
        assert_ne!(random_layout(&r(3), 14), random_layout(&r(4), 14));
    }
}
