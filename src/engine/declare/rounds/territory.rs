//! Holes are owned, and ownership changes between rounds (`territory:`): each hole has an owner
//! for the round, who alone plays from it and to whom its seeds go when seeds go "to the hole's
//! owner"; at a round's end the seeds each player holds are counted in holes of `hole_seeds`
//! seeds, the winner owns that many holes (from his own row's first hole on, anticlockwise), the
//! loser the rest, and every hole starts again with `hole_seeds` seeds. Played by
//! [`crate::engine::player::rounds::territory`].

use serde::Deserialize;

/// Territory: holes owned round by round (two players, one row each, with `rounds`).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Territory {
    /// Seeds a hole stands for: a round's winner owns a hole for each `hole_seeds` seeds he holds
    /// (his stores and children) when it ends; every hole starts each round with as many.
    pub hole_seeds: i64,
    /// Who owns the hole the winner's seeds fill only in part.
    #[serde(default)]
    pub part_hole: PartHole,
    /// The loser's first hole starts the round empty, and each player keeps in his store the
    /// seeds that fill no whole hole (when the winner's do not fill their last hole).
    #[serde(default)]
    pub part_kept: bool,
    /// The match ends (won by the round's winner) when a player holds fewer than this many seeds
    /// at a round's end (his stores, children and the seeds in the holes he owns).
    pub least_seeds: i64,
    /// Who chooses the holes of the loser's row the round's winner owns (those he wins beyond
    /// his own row), rather than taking them from the loser's first hole on: `winner`, one hole a
    /// move (the hole's label, `N3`), before the round's first move.
    #[serde(default)]
    pub choose_owned: ChooseOwned,
    /// With `part_hole: toss`: the seed its coin tosses are drawn from (each round's toss from
    /// this seed and the round's number, so a game is replayed with the same tosses).
    #[serde(default)]
    pub toss_seed: i64,
}

/// Who chooses the holes of the loser's row the winner owns (`territory.choose_owned`).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ChooseOwned {
    /// Nobody: they are the loser's first holes, anticlockwise.
    #[default]
    Nobody,
    /// The round's winner, one hole a move.
    Winner,
}

/// Who owns the hole a round's winner fills only in part.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum PartHole {
    /// The winner, when he fills it more than half (else the loser).
    #[default]
    OverHalf,
    /// The loser, always.
    Loser,
    /// The winner when he fills it more than half, the loser when less; exactly half (an even
    /// `hole_seeds`): a coin toss drawn from `toss_seed` decides.
    Toss,
}

impl PartHole {
    /// The word naming it in a rule.
    pub fn word(self) -> &'static str {
        match self {
            PartHole::OverHalf => "over_half",
            PartHole::Loser => "loser",
            PartHole::Toss => "toss",
        }
    }
}

impl Territory {
    /// The holes the winner of round `round` owns next, holding `held` seeds.
    pub fn holes_won(&self, held: i64, round: i64) -> i64 {
        let s = self.hole_seeds.max(1);
        let (whole, part) = (held / s, held % s);
        let half = s / 2;
        match self.part_hole {
            PartHole::Loser => whole,
            PartHole::OverHalf => whole + i64::from(part > half),
            PartHole::Toss if part == half && s % 2 == 0 => whole + i64::from(self.toss_won(round)),
            PartHole::Toss => whole + i64::from(part > half),
        }
    }

    /// Whether round `round`'s coin toss gives the hole filled half to the winner.
    pub fn toss_won(&self, round: i64) -> bool {
        let seed = self.toss_seed.wrapping_add(round.wrapping_mul(1_000_003));
        crate::engine::base::rng::Rng::new(seed as u64).below(2) == 1
    }

    /// Checks holes owned by filling (`rounds.fill_by_moves`): a filled hole holds `fill` seeds,
    /// the hole's measure, and nothing deals the holes otherwise.
    pub fn check_filled(&self, r: &super::Rounds) -> Result<(), String> {
        if r.fill_by_moves
            && (self.hole_seeds != r.fill
                || self.part_kept
                || self.choose_owned != ChooseOwned::Nobody
                || r.layout.is_some())
        {
            return Err(format!("pipeline: territory: holes owned by filling (`rounds.fill_by_moves`) need `hole_seeds` equal to `rounds.fill` ({}), and no `part_kept`, `choose_owned` or rounds `layout`", r.fill));
        }
        Ok(())
    }

    /// The declaration in words, holes owned by filling (`rounds.fill_by_moves`; `each`:
    /// `choose_filled: each`, `close`: `close_unfilled`), for `sowlab rules NAME`.
    pub fn describe_filled(&self, r: &super::Rounds) -> String {
        let (each, close) = (
            r.choose_filled == super::ChooseFilled::Each,
            r.close_unfilled,
        );
        format!(
            "territory: each hole has an owner for the round, who alone plays from it; at a round's end every hole is nobody's and the players fill holes with {} seeds in turn, one a move ({}{}), each owning the holes he fills; holes nobody fills are {}; a player holding fewer than {} seeds then ends the match",
            self.hole_seeds,
            if each {
                "any empty hole of his row, any on the board once his row is full"
            } else if r.fill_clockwise {
                "the next empty hole clockwise round the board from his own last hole"
            } else {
                "the next empty hole round the board from his own first hole"
            },
            if r.fill_part {
                format!(", the last few seeds, at least {}, into one more", r.fill_part_min)
            } else {
                String::new()
            },
            if close {
                "closed"
            } else {
                "sown into but played by nobody"
            },
            self.least_seeds
        )
    }

    /// The declaration in words, for `sowlab rules NAME`.
    pub fn describe(&self) -> String {
        format!(
            "territory: each hole has an owner for the round, who alone plays from it; at a round's end the winner owns a hole for each {} seeds he holds ({}), from his first hole on, the loser the rest, and every hole gets {} seeds again{}; a player holding fewer than {} seeds then ends the match",
            self.hole_seeds,
            match self.part_hole {
                PartHole::OverHalf => "a hole filled more than half is his",
                PartHole::Loser => "a hole filled in part is the loser's",
                PartHole::Toss => "a hole filled more than half is his, one filled exactly half goes by a coin toss drawn from the game's seed",
            },
            self.hole_seeds,
            if self.part_kept {
                " (the loser's first hole empty, the seeds filling no whole hole kept in the stores)"
            } else {
                ""
            },
            self.least_seeds
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(part_hole: PartHole) -> Territory {
        Territory {
            hole_seeds: 4,
            part_hole,
            part_kept: false,
            least_seeds: 11,
            choose_owned: ChooseOwned::Nobody,
            toss_seed: 0,
        }
    }

    #[test]
    fn the_winner_owns_a_hole_for_each_full_measure_of_seeds() {
        // 7 holes and 2 seeds: half full is not more than half
        assert_eq!(t(PartHole::OverHalf).holes_won(30, 1), 7);
        assert_eq!(t(PartHole::OverHalf).holes_won(31, 1), 8);
        assert_eq!(t(PartHole::OverHalf).holes_won(32, 1), 8);
        assert_eq!(t(PartHole::Loser).holes_won(31, 1), 7);
        assert_eq!(t(PartHole::Loser).holes_won(32, 1), 8);
    }

    #[test]
    fn a_hole_filled_exactly_half_goes_by_a_toss_drawn_from_the_seed() {
        let toss = t(PartHole::Toss);
        // over and under half: as over_half
        assert_eq!(toss.holes_won(31, 1), 8);
        assert_eq!(toss.holes_won(29, 1), 7);
        // exactly half: the toss, the same for a seed and round, both outcomes over the rounds
        let won: Vec<i64> = (1..40).map(|r| toss.holes_won(30, r)).collect();
        assert_eq!(
            won,
            (1..40).map(|r| toss.holes_won(30, r)).collect::<Vec<_>>()
        );
        assert!(won.contains(&7) && won.contains(&8), "{won:?}");
        for (r, &w) in (1..40).zip(&won) {
            assert_eq!(w, 7 + i64::from(toss.toss_won(r)));
        }
    }
}
