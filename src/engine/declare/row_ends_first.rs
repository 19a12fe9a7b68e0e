//! The holes at the rows' ends out of play while an opening lasts (`moves.row_ends_out_first`):
//! at first a player neither plays from nor sows into the first and last hole of each of his
//! rows; he plays and sows on his other holes while one of them holds enough seeds to move
//! (`moves.min_seeds`), and on all his holes once none does. How long the opening lasts:
//! `for_good` (the first move that finds none of the middle holes playable ends the opening of
//! its player for the rest of the game; that move and every later one of his use every hole), or
//! `each_move` (judged afresh at each move, and before each relay lap of a move sown on every
//! hole: once a lap is sown on the middle holes, the rest of the move is too). Checked and
//! resolved when setup ends; played by the legal moves ([`crate::engine::player`]) and the
//! general sowing loop ([`crate::engine::sowing::sow`]).

use serde::Deserialize;

use crate::engine::geometry::layout::{Layout, PitKind, NO_PIT};

/// How long the opening on the middle holes lasts (`moves.row_ends_out_first`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RowEndsOut {
    /// Until a move of the player finds none of his middle holes playable: from that move on, he
    /// plays on all his holes for good.
    ForGood,
    /// Judged afresh at each move and before each relay lap sown on every hole.
    EachMove,
}

impl RowEndsOut {
    /// The step in words (for `sowlab rules NAME`), `min_seeds` the seeds a hole must hold to be
    /// played from.
    pub fn describe(self, min_seeds: i64) -> String {
        let lasts = match self {
            RowEndsOut::ForGood => {
                "; a move of his that finds none of them playable ends his opening for good: he plays and sows on all his holes from then on"
            }
            RowEndsOut::EachMove => {
                "; judged afresh at each move and before each relay lap sown on all his holes (once a lap is sown on the middle holes, the rest of the move is too)"
            }
        };
        format!(
            "moves: at first a player neither plays from nor sows into the holes at the ends of his rows, while one of his other holes holds {} seeds or more{lasts}",
            min_seeds.max(1)
        )
    }
}

/// The step, resolved on the board (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowEndsFirst {
    /// How long the opening lasts.
    pub lasts: RowEndsOut,
    /// The seeds a hole must hold to be played from (`moves.min_seeds`, at least 1).
    pub least: i64,
    /// Per player (index 0: nobody's), his holes away from the ends of his rows.
    pub middle: Vec<Vec<usize>>,
    /// Per player (index 0 unused), the game variable that is 1 once his opening is over for
    /// good (`row_ends_in_1`, ...).
    pub vars: Vec<usize>,
    /// `table[mover * pits + p]`: the first pit after `p` in the mover's sowing that is not a
    /// hole at a row's end (`NO_PIT` for none).
    pub table: Vec<usize>,
}

/// The variable of player `pl`'s opening over (see [`RowEndsFirst::vars`]).
pub fn var_name(pl: usize) -> String {
    format!("row_ends_in_{pl}")
}

/// Whether pit `q` is a hole at one end of its row.
fn at_row_end(l: &Layout, q: usize) -> bool {
    let pit = &l.pits[q];
    pit.kind == PitKind::Hole
        && pit
            .row
            .is_some_and(|r| pit.pos == 1 || pit.pos == l.rows[r].pits.len())
}

impl RowEndsFirst {
    /// Resolves the step on board `l` with its sowing table `sow_next` (see
    /// `Compiled::sow_next`; `rare_steps`: the sowing declares its rarer steps), the variables
    /// declared with `var`; one error line naming the key.
    pub fn link(
        lasts: RowEndsOut,
        min_seeds: i64,
        l: &Layout,
        sow_next: &[usize],
        rare_steps: bool,
        mut var: impl FnMut(&str) -> usize,
    ) -> Result<RowEndsFirst, String> {
        let n = l.pits.len();
        if sow_next.len() != (l.players + 1) * n {
            return Err("pipeline: moves: row_ends_out_first needs a board whose sowing goes round a track (this one has none)".into());
        }
        if rare_steps {
            return Err("pipeline: moves: row_ends_out_first is not played with the sowing's rarer steps (pass_holding_at_least, closed holes taking seeds, close_on_relay, opponent_takes_when_few) yet".into());
        }
        let mut middle = vec![Vec::new()];
        let mut vars = vec![usize::MAX];
        for pl in 1..=l.players {
            let mine: Vec<usize> = (l.holes.iter().copied())
                .filter(|&h| l.pits[h].owner == pl && !at_row_end(l, h))
                .collect();
            if mine.is_empty() {
                return Err(format!(
                    "pipeline: moves: row_ends_out_first needs rows of three holes or more (player {pl} has no hole away from the ends of his rows)"
                ));
            }
            middle.push(mine);
            vars.push(var(&var_name(pl)));
        }
        let mut table = vec![NO_PIT; (l.players + 1) * n];
        for mover in 0..=l.players {
            let base = &sow_next[mover * n..(mover + 1) * n];
            for p in 0..n {
                let mut q = base[p];
                for _ in 0..n {
                    if q == NO_PIT || !at_row_end(l, q) {
                        break;
                    }
                    q = base[q];
                }
                table[mover * n + p] = if q != NO_PIT && at_row_end(l, q) {
                    NO_PIT
                } else {
                    q
                };
            }
        }
        Ok(RowEndsFirst {
            lasts,
            least: min_seeds.max(1),
            middle,
            vars,
            table,
        })
    }

    /// Whether `player` plays and sows on his middle holes only now (his opening not over, and
    /// one of them holding enough seeds to move).
    #[inline]
    pub fn narrow(&self, seeds: &[i64], vars: &[i64], player: usize) -> bool {
        (self.lasts == RowEndsOut::EachMove || vars[self.vars[player]] == 0)
            && self.middle[player].iter().any(|&h| seeds[h] >= self.least)
    }

    /// At the start of a move by `mover` (before its seeds are lifted): whether it is sown on
    /// the middle holes; `for_good`, a move that is not ends his opening for good.
    #[inline]
    pub fn at_move_start(&self, seeds: &[i64], vars: &mut [i64], mover: usize) -> bool {
        let narrow = self.narrow(seeds, vars, mover);
        if !narrow && self.lasts == RowEndsOut::ForGood {
            vars[self.vars[mover]] = 1;
        }
        narrow
    }

    /// Before a relay lap (its hole not yet lifted) of a move sown on every hole so far: whether
    /// the rest of the move is sown on the middle holes (`each_move` only).
    #[inline]
    pub fn before_relay(&self, seeds: &[i64], vars: &[i64], mover: usize) -> bool {
        self.lasts == RowEndsOut::EachMove && self.narrow(seeds, vars, mover)
    }

    /// The mover's row of the sowing table on the middle holes.
    #[inline]
    pub fn table_of(&self, mover: usize) -> Option<&[usize]> {
        let n = self.table.len() / self.middle.len();
        self.table.get(mover * n..(mover + 1) * n)
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;
    use crate::engine::rule::test_boards::{data_board, labels, play};

    /// Four rows of 4 (canonical order SO1..SO4, SI1..SI4, NI1..NI4, NO1..NO4), each player
    /// sowing round his own two rows, relaying; the holes at the rows' ends out as `lasts` says.
    fn board(lasts: &str, start: &str) -> Board {
        let text = format!(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - {{ row: SO, owner: 1, holes: 4, seeds: 0 }}\n    - {{ row: SI, owner: 1, holes: 4, seeds: 0 }}\n    - {{ row: NI, owner: 2, holes: 4, seeds: 0 }}\n    - {{ row: NO, owner: 2, holes: 4, seeds: 0 }}\nstart: {{ pits: [{start}] }}\nsowing: {{ relay: last }}\npipeline:\n  moves: {{ min_seeds: 2, row_ends_out_first: {lasts} }}\n  end:\n    - {{ when: no_move, then: to_move_loses }}\n"
        );
        data_board(text)
    }

    fn var(b: &Board, name: &str) -> i64 {
        b.vars[b.layout.var_index(name).unwrap()]
    }

    #[test]
    fn at_first_the_holes_at_the_rows_ends_are_neither_played_nor_sown() {
        // South: SO1 2, SO2 3 (SO1, SO4, SI1, SI4 are the ends of his rows); North: NO2 2.
        let start = "2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0";
        let mut b = board("for_good", start);
        assert_eq!(labels(&b), ["SO2"]);
        // SO2's three seeds pass over SO4 and SI4 (round South's circuit SO1..SO4, SI4..SI1):
        // SO3, SI3, SI2; the last falls into an empty hole.
        play(&mut b, "SO2");
        assert_eq!(b.seeds[..8], [2, 0, 1, 0, 0, 1, 1, 0], "SO1..SO4, SI1..SI4");
        assert_eq!(var(&b, "row_ends_in_1"), 0);
    }

    #[test]
    fn a_move_on_every_hole_ends_the_opening_for_good_or_for_that_move() {
        // South: SO1 2 and no middle hole of two or more: he plays SO1, on every hole (SO2, SO3).
        let start = "2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0";
        for (lasts, over) in [("for_good", 1), ("each_move", 0)] {
            let mut b = board(lasts, start);
            assert_eq!(labels(&b), ["SO1"], "{lasts}");
            // SO3 then holds two: a relay lap from it; for good, on every hole (SO4, SI4); each
            // move, on the middle holes again, SO2 and SO3 holding two (SI3, SI2).
            play(&mut b, "SO1");
            let after: [i64; 8] = if over == 1 {
                [0, 2, 0, 1, 0, 0, 0, 1]
            } else {
                [0, 2, 0, 0, 0, 1, 1, 0]
            };
            assert_eq!(b.seeds[..8], after, "{lasts}: SO1..SO4, SI1..SI4");
            assert_eq!(var(&b, "row_ends_in_1"), over, "{lasts}");
        }
    }
}
