//! The capture across a four-row board, as declared (`capture: across: ...`): a lap ending in
//! the mover's inner row takes the opponent's two holes of that file (his inner hole facing it,
//! his outer hole behind), and the seeds taken leave the board or are sown on. Played at the
//! end of each lap by the sowing loops ([`crate::engine::sowing::across`]).

use serde::Deserialize;

use crate::engine::geometry::layout::Layout;

/// Where the lap's last seed must fall for the capture.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum AcrossLast {
    /// In an empty hole of the mover's inner row (the lap would end there).
    #[default]
    Empty,
    /// In an occupied hole of the mover's inner row (the capture comes instead of the relay).
    Occupied,
    /// In any hole of the mover's inner row, empty or occupied ("a last seed falling in the
    /// inner row captures").
    Any,
}

/// Which of the opponent's two holes of the file must hold seeds.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum AcrossNeeds {
    /// His inner hole (his outer hole is taken too when it holds seeds).
    #[default]
    Inner,
    /// Both of them.
    Both,
    /// His inner hole, which alone is taken (his outer hole is left).
    InnerOnly,
    /// Either of them: each that holds seeds is taken, his outer hole even when his inner hole
    /// is empty.
    Either,
    /// His inner hole empty and his outer hole holding seeds: the outer hole alone is taken
    /// ("the back hole behind an empty front hole").
    OuterIfInnerEmpty,
}

/// Where the seeds taken go.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum AcrossThen {
    /// Out of the board, to the mover's store (or reserve); the move ends.
    #[default]
    Out,
    /// Into the mover's hand: they are sown on from the hole after the last one (the last
    /// hole keeps its seeds), and the move goes on lap by lap.
    SowOn,
    /// Into the mover's hand, sown on from the hole after the one the move began in (into the
    /// same holes as the move's first lap).
    SowOnFromStart,
    /// Out of the board with the last hole's seeds too, to the mover's store (or reserve); the
    /// move goes on from the hole after the last one when it holds two seeds or more (they are
    /// lifted and sown on), else it ends.
    OutThenNext,
    /// Into the last hole: the lap then relays from it as the sowing says, the seeds taken
    /// sown on with the hole's own ("continue sowing with these and the last hole's").
    IntoLast,
}

/// What a lap ending in the mover's outer row takes (the inner row's capture aside).
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum AcrossFromOuter {
    /// Nothing: only the inner row captures.
    #[default]
    Nothing,
    /// A lap ending in his outer row as `last` says (an empty hole, with `last: empty`) takes
    /// his own inner hole in front of it, when that holds seeds (Ludii's reading of Chiana wa Bwalo, whose
    /// capture looks at "the hole opposite" from either row).
    OwnInner,
}

/// "Capture from the inner row the facing holes of both opposing rows".
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields, default)]
pub struct Across {
    /// Where the last seed must fall.
    pub last: AcrossLast,
    /// Which of the opponent's holes of the file must hold seeds.
    pub needs: AcrossNeeds,
    /// Where the seeds taken go.
    pub then: AcrossThen,
    /// What a lap ending in the mover's outer row takes.
    pub from_outer: AcrossFromOuter,
    /// (with a `then` that sows on) the lap of the seeds taken is the move's last: it ends
    /// where that lap ends, with no relay and no capture there.
    pub final_lap: bool,
}

impl Across {
    /// The holes a lap by `mover` ending in `pos` takes (the opponent's inner and outer hole of
    /// its file; with `inner_only` his inner hole twice), when the capture applies; `was_empty`:
    /// the last hole was empty before the last seed.
    #[inline]
    pub fn takes(
        &self,
        l: &Layout,
        seeds: &[i64],
        pos: usize,
        was_empty: bool,
        mover: usize,
    ) -> Option<(usize, usize)> {
        let last_ok = match self.last {
            AcrossLast::Empty => was_empty,
            AcrossLast::Occupied => !was_empty,
            AcrossLast::Any => true,
        };
        if !last_ok || l.pits[pos].owner != mover {
            return None;
        }
        if self.from_outer == AcrossFromOuter::OwnInner {
            if let Some(front) = own_inner_in_front(l, pos) {
                return (seeds[front] > 0).then_some((front, front));
            }
        }
        let (inner, outer) = l.across(pos)?;
        let ok = match self.needs {
            AcrossNeeds::Inner | AcrossNeeds::InnerOnly => seeds[inner] > 0,
            AcrossNeeds::Both => seeds[inner] > 0 && seeds[outer] > 0,
            AcrossNeeds::Either => seeds[inner] > 0 || seeds[outer] > 0,
            AcrossNeeds::OuterIfInnerEmpty => seeds[inner] == 0 && seeds[outer] > 0,
        };
        let (inner, outer) = match self.needs {
            AcrossNeeds::InnerOnly => (inner, inner),
            AcrossNeeds::OuterIfInnerEmpty => (outer, outer),
            _ => (inner, outer),
        };
        ok.then_some((inner, outer))
    }

    /// Whether the seeds taken are sown on (not taken out of the board).
    pub fn sows_on(&self) -> bool {
        matches!(self.then, AcrossThen::SowOn | AcrossThen::SowOnFromStart)
    }

    /// Checks the board it is declared on (when setup ends).
    pub fn check(&self, l: &Layout) -> Result<(), String> {
        if !l.four_rows() {
            return Err(format!(
                "pipeline: capture: across needs a board of four rows of the same length, two a \
                 player, created outer, inner, inner, outer (this one has {} rows)",
                l.rows.len()
            ));
        }
        Ok(())
    }

    /// The step in words (for `sowlab rules NAME`).
    pub fn describe(&self) -> String {
        let last = match self.last {
            AcrossLast::Empty => "a lap ending in an empty hole of the mover's inner row",
            AcrossLast::Occupied => "a lap ending in an occupied hole of the mover's inner row",
            AcrossLast::Any => "a lap ending in any hole of the mover's inner row",
        };
        let needs = match self.needs {
            AcrossNeeds::Inner => {
                "when his inner hole holds seeds takes it, and his outer hole behind it"
            }
            AcrossNeeds::Both => "when both hold seeds takes them",
            AcrossNeeds::InnerOnly => "when his inner hole holds seeds takes it alone",
            AcrossNeeds::Either => "takes each of them that holds seeds (his outer hole even when his inner hole is empty)",
            AcrossNeeds::OuterIfInnerEmpty => {
                "when his inner hole is empty takes his outer hole behind it"
            }
        };
        let then = match self.then {
            AcrossThen::Out => "; the seeds taken leave the board and the move ends",
            AcrossThen::SowOn => {
                "; the seeds taken are sown on from the hole after the last (instead of a relay)"
            }
            AcrossThen::SowOnFromStart => {
                "; the seeds taken are sown on from the hole after the one the move began in (instead of a relay)"
            }
            AcrossThen::OutThenNext => {
                "; the seeds taken and the last hole's leave the board, and the move goes on from the hole after the last when it holds two seeds or more"
            }
            AcrossThen::IntoLast => {
                "; the seeds taken go into the last hole, which relays as the sowing says"
            }
        };
        let outer = match self.from_outer {
            AcrossFromOuter::Nothing => "",
            AcrossFromOuter::OwnInner => {
                "; a lap ending so in the mover's outer row takes his own inner hole in front of it (when it holds seeds)"
            }
        };
        let final_lap = if self.final_lap && self.sows_on() {
            "; the move ends where that lap ends, with no relay and no capture there"
        } else {
            ""
        };
        format!(
            "capture: {last} looks across at the opponent's two holes of its file, and {needs}{then}{outer}{final_lap}"
        )
    }
}

/// For a hole of an outer row of the four-row board (created outer, inner, inner, outer), its
/// owner's inner hole of the same file, in front of it; `None` for any other pit.
fn own_inner_in_front(l: &Layout, p: usize) -> Option<usize> {
    let pit = l.pits.get(p)?;
    let inner = match pit.row? {
        0 => 1,
        3 => 2,
        _ => return None,
    };
    // Both rows of a player are numbered from his left: the same number is the same file.
    l.rows
        .get(inner)?
        .pits
        .get(pit.pos.checked_sub(1)?)
        .copied()
}
