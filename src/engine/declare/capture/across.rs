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
    /// Nothing: the capture is made whatever they hold, each holding seeds taken (Ludii's
    /// reading of Mefuvha, whose capture after it comes even when both are empty).
    Any,
    /// His inner hole, taken alone; when it holds too few, his outer hole behind it, taken
    /// alone (Ludii's reading of Katra).
    InnerElseOuter,
    /// His inner hole, taken alone; his outer hole behind it, taken alone, only once his whole
    /// inner row is empty ("when the opponent has no counters in his inner row, his outer row
    /// may be captured": Murray's Katra).
    InnerElseOuterOnceRowEmpty,
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
    /// Into the mover's hand, sown on from the hole after the one the capturing lap was sown
    /// from (into the same holes as that lap: the move's first lap, a relay's, or the lap of
    /// seeds taken before).
    SowOnFromLapStart,
    /// Into the mover's hand, sown on from the hole the capturing lap was sown from, that hole
    /// first (Ludii's reading of Nsumbi: "sown from the hole where the sowing began").
    SowOnAtLapStart,
    /// Into the mover's hand, sown from the hole after the one the capturing lap was sown from,
    /// anticlockwise, with no relay and no capture where they end; the turn then goes on from
    /// the capturing hole, lifted and sown on (Ludii's reading of Mweso). Played with
    /// `capture.reverse_laps` only, whose turns it is written for.
    SowOnFromLapStartThenLast,
    /// Into the mover's hand, sown on from the hole after his own outer hole behind the last
    /// hole (the hole of his outer row in its file), which keeps its seeds but for a single one,
    /// sown with them (Ludii's reading of Pereauni).
    SowOnFromOwnOuter,
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
    /// The same, and when it does, the opponent's inner hole facing that hole too, when it
    /// holds seeds (Ludii's reading of Makonn, whose capture looks at the two holes beyond the
    /// last one in its file from either row).
    OwnInnerAndFacing,
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
    /// where that lap ends, with no relay and no capture there. Written `true`/`false`, or in
    /// the words of an option's values, `ends_turn`/`goes_on`.
    #[serde(deserialize_with = "final_lap_words")]
    pub final_lap: bool,
    /// (with `then: out`) the last hole's seeds are taken too.
    pub take_last: bool,
    /// No capture when the last hole was empty and the two holes across hold one seed each
    /// ("a lone counter does not take two lone counters").
    pub not_empty_facing_ones: bool,
    /// The holes `needs` tests must hold at least this many seeds (0 and 1: any seed; 2: "when
    /// it holds more than one").
    pub at_least: i64,
    /// A lap ending in an occupied hole of the mover's inner row that captures nothing ends the
    /// move there (no relay): the move relays from his outer row, or from an inner hole with the
    /// seeds it takes (`then: into_last`).
    pub inner_relays_only_by_capture: bool,
}

/// `final_lap`: a boolean, or `ends_turn` (true) / `goes_on` (false).
fn final_lap_words<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Word {
        Flag(bool),
        Said(String),
    }
    match Word::deserialize(d)? {
        Word::Flag(b) => Ok(b),
        Word::Said(w) => match w.as_str() {
            "ends_turn" => Ok(true),
            "goes_on" => Ok(false),
            _ => Err(serde::de::Error::custom(format!(
                "final_lap: `{w}` is none of true, false, ends_turn, goes_on"
            ))),
        },
    }
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
        if self.from_outer != AcrossFromOuter::Nothing {
            if let Some(front) = own_inner_in_front(l, pos) {
                let facing = match self.from_outer {
                    AcrossFromOuter::OwnInnerAndFacing => l.across(front).map_or(front, |a| a.0),
                    _ => front,
                };
                return (seeds[front] > 0).then_some((front, facing));
            }
        }
        let (inner, outer) = l.across(pos)?;
        if matches!(
            self.needs,
            AcrossNeeds::InnerElseOuter | AcrossNeeds::InnerElseOuterOnceRowEmpty
        ) {
            return self.inner_else_outer(l, seeds, inner, outer);
        }
        if self.not_empty_facing_ones && was_empty && seeds[inner] == 1 && seeds[outer] == 1 {
            return None;
        }
        let ok = match self.needs {
            AcrossNeeds::Inner | AcrossNeeds::InnerOnly => seeds[inner] > 0,
            AcrossNeeds::Both => seeds[inner] > 0 && seeds[outer] > 0,
            AcrossNeeds::Either => seeds[inner] > 0 || seeds[outer] > 0,
            AcrossNeeds::OuterIfInnerEmpty => seeds[inner] == 0 && seeds[outer] > 0,
            AcrossNeeds::Any => true,
            AcrossNeeds::InnerElseOuter | AcrossNeeds::InnerElseOuterOnceRowEmpty => false,
        };
        let (inner, outer) = match self.needs {
            AcrossNeeds::InnerOnly => (inner, inner),
            AcrossNeeds::OuterIfInnerEmpty => (outer, outer),
            _ => (inner, outer),
        };
        ok.then_some((inner, outer))
    }

    /// `inner_else_outer` (and `..._once_row_empty`): the opponent's inner hole `inner` alone
    /// when it holds `at_least` seeds, else his outer hole `outer` alone when it does (and, with
    /// `once_row_empty`, his whole inner row is empty). Out of line: rare.
    #[cold]
    #[inline(never)]
    fn inner_else_outer(
        &self,
        l: &Layout,
        seeds: &[i64],
        inner: usize,
        outer: usize,
    ) -> Option<(usize, usize)> {
        let least = self.at_least.max(1);
        if seeds[inner] >= least {
            return Some((inner, inner));
        }
        if seeds[outer] < least {
            return None;
        }
        if self.needs == AcrossNeeds::InnerElseOuterOnceRowEmpty {
            let row = l.pits[inner].row?;
            if l.rows.get(row)?.pits.iter().any(|&q| seeds[q] > 0) {
                return None;
            }
        }
        Some((outer, outer))
    }

    /// Whether a lap ending in `pos` (occupied before its last seed: `!was_empty`) that took
    /// nothing ends the move there (`inner_relays_only_by_capture`: `pos` is in the mover's
    /// inner row).
    #[inline]
    pub fn ends_uncaptured(&self, l: &Layout, pos: usize, was_empty: bool, mover: usize) -> bool {
        self.inner_relays_only_by_capture
            && !was_empty
            && l.pits[pos].owner == mover
            && l.across(pos).is_some()
    }

    /// Whether the seeds taken are sown on (not taken out of the board).
    pub fn sows_on(&self) -> bool {
        matches!(
            self.then,
            AcrossThen::SowOn
                | AcrossThen::SowOnFromStart
                | AcrossThen::SowOnFromLapStart
                | AcrossThen::SowOnAtLapStart
                | AcrossThen::SowOnFromLapStartThenLast
                | AcrossThen::SowOnFromOwnOuter
        )
    }

    /// Checks the board it is declared on (when setup ends).
    pub fn check(&self, l: &Layout) -> Result<(), String> {
        if self.take_last && self.then != AcrossThen::Out {
            return Err(
                "pipeline: capture: across: `take_last` is played only with `then: out`".into(),
            );
        }
        if self.at_least < 0 {
            return Err(format!(
                "pipeline: capture: across: at_least is {}, not a count of seeds (0 or more)",
                self.at_least
            ));
        }
        if self.at_least > 1
            && !matches!(
                self.needs,
                AcrossNeeds::InnerElseOuter | AcrossNeeds::InnerElseOuterOnceRowEmpty
            )
        {
            return Err(
                "pipeline: capture: across: `at_least` is played only with `needs: inner_else_outer` or `inner_else_outer_once_row_empty`".into(),
            );
        }
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
            AcrossNeeds::Any => "takes each of them that holds seeds (a capture even when both are empty)",
            AcrossNeeds::InnerElseOuter => {
                "takes his inner hole alone when it holds enough seeds, else his outer hole behind it alone when that does"
            }
            AcrossNeeds::InnerElseOuterOnceRowEmpty => {
                "takes his inner hole alone when it holds enough seeds, and his outer hole behind it alone when that does once his whole inner row is empty"
            }
        };
        let least = if self.at_least > 1 {
            format!(" (enough: at least {})", self.at_least)
        } else {
            String::new()
        };
        let ends = if self.inner_relays_only_by_capture {
            "; a lap ending in an occupied inner hole that takes nothing ends the move"
        } else {
            ""
        };
        let then = match self.then {
            AcrossThen::Out => "; the seeds taken leave the board and the move ends",
            AcrossThen::SowOn => {
                "; the seeds taken are sown on from the hole after the last (instead of a relay)"
            }
            AcrossThen::SowOnFromStart => {
                "; the seeds taken are sown on from the hole after the one the move began in (instead of a relay)"
            }
            AcrossThen::SowOnFromLapStart => {
                "; the seeds taken are sown on from the hole after the one the capturing lap was sown from (instead of a relay)"
            }
            AcrossThen::SowOnAtLapStart => {
                "; the seeds taken are sown on from the hole the capturing lap was sown from, that hole first (instead of a relay)"
            }
            AcrossThen::SowOnFromLapStartThenLast => {
                "; the seeds taken are sown from the hole after the one the capturing lap was sown from, with no relay nor capture where they end, and the move goes on from the capturing hole"
            }
            AcrossThen::OutThenNext => {
                "; the seeds taken and the last hole's leave the board, and the move goes on from the hole after the last when it holds two seeds or more"
            }
            AcrossThen::IntoLast => {
                "; the seeds taken go into the last hole, which relays as the sowing says"
            }
            AcrossThen::SowOnFromOwnOuter => {
                "; the seeds taken are sown on from the hole after the mover's own outer hole behind the last one, with that hole's seed when it holds a single one (instead of a relay)"
            }
        };
        let outer = match self.from_outer {
            AcrossFromOuter::Nothing => "",
            AcrossFromOuter::OwnInner => {
                "; a lap ending so in the mover's outer row takes his own inner hole in front of it (when it holds seeds)"
            }
            AcrossFromOuter::OwnInnerAndFacing => {
                "; a lap ending so in the mover's outer row takes his own inner hole in front of it (when it holds seeds), and then the opponent's inner hole facing that one (when it holds seeds)"
            }
        };
        let last_too = if self.take_last && self.then == AcrossThen::Out {
            "; the last hole's seeds are taken too"
        } else {
            ""
        };
        let final_lap = if self.final_lap && self.sows_on() {
            "; the move ends where that lap ends, with no relay and no capture there"
        } else {
            ""
        };
        format!(
            "capture: {last} looks across at the opponent's two holes of its file, and {needs}{least}{then}{last_too}{outer}{final_lap}{ends}"
        )
    }
}

/// For a hole of an inner row of the four-row board (created outer, inner, inner, outer), its
/// owner's outer hole of the same file, behind it; `None` for any other pit.
pub fn own_outer_behind(l: &Layout, p: usize) -> Option<usize> {
    let pit = l.pits.get(p)?;
    let outer = match pit.row? {
        1 => 0,
        2 => 3,
        _ => return None,
    };
    l.rows
        .get(outer)?
        .pits
        .get(pit.pos.checked_sub(1)?)
        .copied()
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

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;

    #[test]
    fn seeds_taken_are_sown_again_from_the_start_of_the_capturing_lap() {
        // Four rows of 4 (SO1..SO4, SI1..SI4, NI1..NI4, NO1..NO4), each player round his own
        // two rows (South: SO1..SO4, SI4..SI1), relaying; North holds one in every hole.
        let text = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - { row: SO, owner: 1, holes: 4, seeds: 0 }\n    - { row: SI, owner: 1, holes: 4, seeds: 0 }\n    - { row: NI, owner: 2, holes: 4, seeds: 1 }\n    - { row: NO, owner: 2, holes: 4, seeds: 1 }\nstart: { pits: [2, 0, 1, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1] }\nsowing: { relay: last }\npipeline:\n  capture:\n    across: { last: occupied, needs: both, then: sow_on_from_lap_start }\n  end:\n    - { when: no_move, then: to_move_loses }\n".to_string();
        let rule = crate::Rule::data_from_text(text, std::path::Path::new("t.yaml")).unwrap();
        let opts = rule.resolve_options::<&str>(&[]).unwrap();
        let mut b = rule.new_board(&opts).unwrap().cast::<Board>();
        // SO1: SO2, SO3 (occupied: relay its two), SO4, SI4 (occupied, in the inner row, both
        // North's holes of its file holding one): the two taken are sown again from the start
        // of that relay lap, SO3: SO4, SI4; SI4's three relay to SI3, SI2, SI1 (empty: the end).
        let id = b.layout.parse_label(1, "SO1").unwrap();
        crate::engine::player::play::play(&mut b, id, &mut Vec::new()).unwrap();
        assert_eq!(b.seeds[..8], [0, 1, 0, 2, 1, 1, 1, 0], "SO1..SO4, SI1..SI4");
        assert_eq!(b.seeds[8..16].iter().sum::<i64>(), 6, "North's holes");
    }

    /// South's move SO4 on four rows of 4 (its one seed into SI4, which held one) with `needs`,
    /// North's NI1 (across SI4) and NO1 (behind it) and NI2 as given: the board after it, South's
    /// SO1..SO4, SI1..SI4, then North's NI1..NI4, NO1..NO4.
    fn after_so4(needs: &str, ni1: i64, no1: i64, ni2: i64) -> Vec<i64> {
        let text = format!("name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - {{ row: SO, owner: 1, holes: 4, seeds: 0 }}\n    - {{ row: SI, owner: 1, holes: 4, seeds: 0 }}\n    - {{ row: NI, owner: 2, holes: 4, seeds: 0 }}\n    - {{ row: NO, owner: 2, holes: 4, seeds: 0 }}\nstart: {{ pits: [0, 0, 0, 1, 0, 0, 0, 1, {ni1}, {ni2}, 0, 0, {no1}, 0, 0, 0] }}\nsowing: {{ relay: last }}\npipeline:\n  capture:\n    across: {{ last: occupied, needs: {needs}, at_least: 2, then: into_last, inner_relays_only_by_capture: true }}\n  end:\n    - {{ when: no_move, then: to_move_loses }}\n");
        let rule = crate::Rule::data_from_text(text, std::path::Path::new("t.yaml")).unwrap();
        let opts = rule.resolve_options::<&str>(&[]).unwrap();
        let mut b = rule.new_board(&opts).unwrap().cast::<Board>();
        let id = b.layout.parse_label(1, "SO4").unwrap();
        crate::engine::player::play::play(&mut b, id, &mut Vec::new()).unwrap();
        b.seeds[..16].to_vec()
    }

    #[test]
    fn the_inner_hole_across_else_the_outer_one_is_taken_into_the_last_hole_and_sown_on() {
        // NI1 holds 2 (more than one): it alone goes into SI4 (4), sown on: SI3, SI2, SI1, SO1.
        for needs in ["inner_else_outer", "inner_else_outer_once_row_empty"] {
            assert_eq!(
                after_so4(needs, 2, 3, 2),
                [1, 0, 0, 0, 1, 1, 1, 0, 0, 2, 0, 0, 3, 0, 0, 0],
                "{needs}"
            );
        }
        // NI1 holds one: inner_else_outer takes NO1 (3) into SI4 (5): SI3, SI2, SI1, SO1, SO2.
        assert_eq!(
            after_so4("inner_else_outer", 1, 3, 2),
            [1, 1, 0, 0, 1, 1, 1, 0, 1, 2, 0, 0, 0, 0, 0, 0]
        );
        // ...and `once_row_empty` takes nothing while North's inner row holds seeds: the move ends
        // in SI4, an occupied inner hole, without relaying.
        assert_eq!(
            after_so4("inner_else_outer_once_row_empty", 1, 3, 2),
            [0, 0, 0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 3, 0, 0, 0]
        );
        // Once North's inner row is empty, it takes NO1 too.
        assert_eq!(
            after_so4("inner_else_outer_once_row_empty", 0, 3, 0),
            [1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        );
        // A single seed behind is too few (at_least: 2): nothing taken, the move ends in SI4.
        assert_eq!(
            after_so4("inner_else_outer", 0, 1, 0),
            [0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0]
        );
    }

    #[test]
    fn at_least_goes_only_with_the_needs_that_read_it() {
        let text = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - { row: SO, owner: 1, holes: 4, seeds: 2 }\n    - { row: SI, owner: 1, holes: 4, seeds: 2 }\n    - { row: NI, owner: 2, holes: 4, seeds: 2 }\n    - { row: NO, owner: 2, holes: 4, seeds: 2 }\nsowing: { relay: last }\npipeline:\n  capture:\n    across: { last: occupied, needs: both, at_least: 2 }\n  end:\n    - { when: no_move, then: to_move_loses }\n".to_string();
        let err = match crate::Rule::data_from_text(text, std::path::Path::new("t.yaml")) {
            Err(e) => e.to_string(),
            Ok(rule) => {
                let opts = rule.resolve_options::<&str>(&[]).unwrap();
                rule.new_board(&opts).err().unwrap().to_string()
            }
        };
        assert!(
            err.contains("`at_least` is played only with `needs: inner_else_outer`"),
            "{err}"
        );
        assert!(!err.trim_end().contains('\n'), "{err}");
    }

    #[test]
    fn seeds_taken_are_sown_on_from_the_movers_own_outer_hole_behind_the_last_one() {
        // Four rows of 4, South's loop SO1..SO4, SI4..SI1; SO4 (1) into SI4 (1: occupied),
        // facing NI1 (2) with NO1 (1) behind: the 3 taken go to the outer hole of that file,
        // SO4 (empty now), and are sown on from the hole after it: SI4 (3), SI3, SI2 (empty:
        // the end).
        let after = |start: &str, mv: &str| {
            let text = format!("name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - {{ row: SO, owner: 1, holes: 4, seeds: 0 }}\n    - {{ row: SI, owner: 1, holes: 4, seeds: 0 }}\n    - {{ row: NI, owner: 2, holes: 4, seeds: 0 }}\n    - {{ row: NO, owner: 2, holes: 4, seeds: 0 }}\nstart: {{ pits: [{start}] }}\nsowing: {{ relay: last }}\npipeline:\n  capture:\n    across: {{ last: occupied, needs: inner, then: sow_on_from_own_outer }}\n  end:\n    - {{ when: no_move, then: to_move_loses }}\n");
            let rule = crate::Rule::data_from_text(text, std::path::Path::new("t.yaml")).unwrap();
            let opts = rule.resolve_options::<&str>(&[]).unwrap();
            let mut b = rule.new_board(&opts).unwrap().cast::<Board>();
            let id = b.layout.parse_label(1, mv).unwrap();
            crate::engine::player::play::play(&mut b, id, &mut Vec::new()).unwrap();
            b.seeds[..16].to_vec()
        };
        assert_eq!(
            after("0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 0, 0, 1, 0, 0, 0", "SO4"),
            [0, 0, 0, 0, 0, 1, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0]
        );
        // SO3 (2): SO4 (1: it holds one), SI4 (occupied): the 3 taken and SO4's single seed
        // sown on from SO4: SI4, SI3, SI2, SI1.
        assert_eq!(
            after("0, 0, 2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 1, 0, 0, 0", "SO3"),
            [0, 0, 0, 0, 1, 1, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0]
        );
        // SO2 (3): SO3, SO4 (1 before: 2 now), SI4 (occupied): SO4 keeps its 2; the 3 taken
        // are sown on from it: SI4, SI3, SI2.
        assert_eq!(
            after("0, 3, 0, 1, 0, 0, 0, 1, 2, 0, 0, 0, 1, 0, 0, 0", "SO2"),
            [0, 0, 1, 2, 0, 1, 1, 3, 0, 0, 0, 0, 0, 0, 0, 0]
        );
    }
}
