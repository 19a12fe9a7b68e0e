//! An end check's condition in words, for `sowlab rules NAME` (see [`super::words`]).

use crate::engine::declare::end::{Cond, EndCheck};

/// What `c` waits for, as a clause ("a player has no seeds in his holes").
pub(super) fn cond_words(c: &EndCheck) -> String {
    match c.when {
        Cond::SideEmpty => "a player has no seeds in his holes".into(),
        Cond::RowEmpty => "a player's row is empty, whoever owns its holes".into(),
        Cond::ToMoveEmpty => "the player to move has no seeds".into(),
        Cond::ToMoveInnerEmpty => "the player to move has no seeds in his inner row".into(),
        Cond::MoverEmpty => "the mover has emptied his holes".into(),
        Cond::OpponentEmpty => "the mover's opponent has no seeds in his holes".into(),
        Cond::OpponentNoMove => "the mover's opponent has no legal move".into(),
        Cond::NoMove => "the player to move has no legal move".into(),
        Cond::AllStored => "every hole is empty".into(),
        Cond::LastIn => match &c.pits {
            None => "the last seed fell into a hole".into(),
            Some(p) => format!("the last seed fell into one of pits {p:?}"),
        },
        Cond::LastInEmptyHole => match &c.pits {
            None => "the last seed fell into an empty hole".into(),
            Some(p) => format!("the last seed fell into an empty hole among pits {p:?}"),
        },
        Cond::Majority => "a player holds more than half the seeds (or both half)".into(),
        Cond::HoldsMoreThan => format!(
            "a player holds more than {} seeds (or both {})",
            c.limit, c.limit
        ),
        Cond::HoldsNothing => "a player holds no seeds at all (holes, store and reserve)".into(),
        Cond::MovesReached => format!("{} moves were played", c.limit),
        Cond::Stopped => "the sowing stopped at its lap limit".into(),
        Cond::EndFilesCaptured if c.limit >= 2 => {
            "the mover's captures this turn took both end files of the board".into()
        }
        Cond::EndFilesCaptured => format!(
            "the mover's captures this turn took {} of the board's end files",
            c.limit
        ),
        Cond::OthersCannotFill => format!(
            "a player holds so many seeds that the rest cannot fill {} holes",
            c.limit
        ),
        Cond::FewLeft => format!(
            "fewer than {} seeds are left in the holes (but some)",
            c.limit
        ),
        Cond::LeftAtMost => format!("at most {} seeds are left in the holes", c.limit),
        Cond::HolesAtMost => format!("every hole holds at most {} seeds", c.limit),
        Cond::RepeatedPosition => {
            "a position repeats (same seeds everywhere, same player to move) since the last capture"
                .into()
        }
    }
}
