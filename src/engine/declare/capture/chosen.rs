//! "The captor also takes holes of his choice" (`capture.chosen_holes`): after a move whose
//! captures took seeds, the mover takes more of the opponent's holes, each of his choice, one a
//! move: while the choice is pending (the game variable `chosen_holes`, the holes still to take)
//! his legal moves are the opponent's holes holding seeds (those `except` names aside), each
//! written by the hole's own label (`NO3`), and the turn passes with the last one (or when no
//! hole is left to choose). `gives_held`: "captures are forced on the opponent": the chosen
//! hole gets every seed the mover's stores and reserve hold instead of being taken. Played in
//! [`crate::engine::player::capture::chosen`].

use serde::Deserialize;

use crate::engine::geometry::layout::Layout;

/// Which captures are followed by the choice.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ChosenAfter {
    /// Any move whose captures took seeds.
    #[default]
    Capture,
    /// (four rows) only a move whose capture across took both of the opponent's holes of a
    /// file, his inner and his outer hole.
    BothAcross,
}

/// The holes taken by choice after a capture.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct ChosenHoles {
    /// How many holes each capture is followed by (0: none); see `by_capture`.
    pub count: i64,
    /// The player's first captures are followed by these many holes instead, in order (his
    /// first capture by `by_capture[0]`, ...); after them `count` (counted per player in the
    /// game variables `captures_1`, `captures_2`).
    pub by_capture: Vec<i64>,
    /// Which captures are followed by the choice.
    pub after: ChosenAfter,
    /// Empty holes of the opponent's may be chosen too (a choice that takes nothing: Ludii's
    /// reading of Nsolo); the choice is still made only while he holds seeds.
    pub empty_too: bool,
    /// The chosen hole is not taken: the mover gives it every seed his stores and reserve hold
    /// (his captures forced on the opponent); his empty holes may be chosen too, and the choice
    /// is made whatever the opponent holds.
    pub gives_held: bool,
    /// The holes the captor cannot take (none of the opponent's left that may be chosen) pass
    /// to the opponent, who takes as many of the captor's as his next move (Ludii's reading of
    /// Tsoro (Baia): its count of holes to take is the game's, not the captor's).
    pub left_to_opponent: bool,
    /// The opponent's heads (`pipeline.stop_in`, named or chosen) may not be chosen.
    pub except_heads: bool,
    /// Holes of the opponent's that may not be chosen, by row and number from his left:
    /// `{ outer: [1, 2] }` his outer row's first two holes.
    pub except: Except,
    /// `chosen_holes`: the holes the player to move has still to take (0: no choice pending).
    #[serde(skip)]
    pub var: usize,
    /// `captures_1`, `captures_2`, ... (with `by_capture`): the captures each player has made.
    #[serde(skip)]
    pub capture_vars: Vec<usize>,
    /// Per pit: whether it may never be chosen (resolved from `except`).
    #[serde(skip)]
    pub barred: Vec<bool>,
}

/// Holes never chosen, by row (the mover's opponent's rows, numbered from his left).
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Except {
    /// In his outer row (four rows) or his only row.
    pub outer: Vec<i64>,
    /// In his inner row (four rows).
    pub inner: Vec<i64>,
}

impl ChosenHoles {
    /// In words, for `sowlab rules`.
    pub fn describe(&self) -> String {
        let n = |k: i64| {
            if k == 1 {
                "1 hole".to_string()
            } else {
                format!("{k} holes")
            }
        };
        if self.gives_held {
            return format!(
                "capture: after {}, the mover gives all he holds to {} of the opponent's, chosen one a move",
                match self.after {
                    ChosenAfter::Capture => "a move whose captures took seeds",
                    ChosenAfter::BothAcross => "a move whose capture across took both holes of a file",
                },
                n(self.count)
            );
        }
        let mut s = format!(
            "capture: {} also takes {} of the opponent's{}, chosen one a move",
            match self.after {
                ChosenAfter::Capture => "a move whose captures took seeds",
                ChosenAfter::BothAcross => "a move whose capture across took both holes of a file",
            },
            n(self.count),
            if self.empty_too {
                " (empty ones too)"
            } else {
                " holding seeds"
            }
        );
        if !self.by_capture.is_empty() {
            let v: Vec<String> = self.by_capture.iter().map(|&k| n(k)).collect();
            s.push_str(&format!(
                " (a player's first captures: {}, in order)",
                v.join(", ")
            ));
        }
        if self.except_heads {
            s.push_str(", never his heads");
        }
        if self.left_to_opponent {
            s.push_str(", the holes he cannot take taken from his by the opponent");
        }
        for (row, list) in [("outer", &self.except.outer), ("inner", &self.except.inner)] {
            if !list.is_empty() {
                let v: Vec<String> = list.iter().map(|h| h.to_string()).collect();
                s.push_str(&format!(", never his {row} row's holes {}", v.join(", ")));
            }
        }
        s
    }

    /// Whether no capture is ever followed by a hole to choose.
    pub fn never(&self) -> bool {
        self.count == 0 && self.by_capture.iter().all(|&n| n == 0)
    }

    /// How many holes `captures` captures before this one (by the player) earn.
    #[inline]
    pub fn holes_for(&self, captures: i64) -> i64 {
        usize::try_from(captures)
            .ok()
            .and_then(|k| self.by_capture.get(k))
            .copied()
            .unwrap_or(self.count)
    }

    /// Checks the counts and resolves the holes barred, declaring the variables with `var`
    /// (`heads`: whether the rule has heads, for `except_heads`); one error line naming the key.
    pub fn link(
        &mut self,
        l: &mut Layout,
        var: &mut impl FnMut(&mut Layout, &str, i64) -> usize,
        heads: bool,
    ) -> Result<(), String> {
        if self.except_heads && !heads {
            return Err(
                "pipeline: capture: chosen_holes: except_heads needs heads (pipeline: stop_in)"
                    .into(),
            );
        }
        if self.count < 0 || self.by_capture.iter().any(|&n| n < 0) {
            return Err(
                "pipeline: capture: chosen_holes: `count` and `by_capture` must be at least 0"
                    .into(),
            );
        }
        let four = l.four_rows();
        if (!self.except.inner.is_empty() || self.after == ChosenAfter::BothAcross) && !four {
            return Err("pipeline: capture: chosen_holes: `except.inner` and `after: both_across` need a board of four rows of the same length, two a player, created outer, inner, inner, outer".into());
        }
        self.barred = vec![false; l.pits.len()];
        for &h in &l.holes {
            let inner = four && l.across(h).is_some();
            let list = if inner {
                &self.except.inner
            } else {
                &self.except.outer
            };
            let most = l
                .holes
                .iter()
                .filter(|&&q| l.pits[q].row == l.pits[h].row)
                .count() as i64;
            crate::engine::geometry::hole_numbers::check(
                "pipeline: capture: chosen_holes: except",
                list,
                most,
            )?;
            self.barred[h] = list.contains(&(l.pits[h].pos as i64));
        }
        self.var = var(l, "chosen_holes", 0);
        if !self.by_capture.is_empty() {
            self.capture_vars = (1..=l.players)
                .map(|pl| var(l, &format!("captures_{pl}"), 0))
                .collect();
        }
        Ok(())
    }
}
