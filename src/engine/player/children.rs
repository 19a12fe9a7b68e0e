//! Children, played ([`crate::engine::declare::children`]): making one after the sowing, and
//! what a child is to the other steps (never played from, captured or swept; its seeds count
//! for its owner).

use crate::engine::board::state::Board;
use crate::engine::declare::children::{Children, Made, CHILD_OF_NOBODY};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::sowing::sow;
use crate::engine::trace::event::Event;

use crate::engine::player::notes::name;

/// Makes the hole of the last seed `last` the mover's child when the declaration says so, or
/// takes seeds from an opponent's child it fell into; true when either was done (the move then
/// captures nothing else).
pub(super) fn make(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    c: &Children,
    mover: usize,
    last: usize,
) -> bool {
    let k = c.last_in_opponents_child_takes;
    if k > 0 {
        if let Some(o) = b.child_owner(last) {
            if o != 0 && o != mover {
                let n = b.seeds[last].min(k);
                if n > 0 {
                    // (a part of the hole: capture it all, then give the rest back)
                    let rest = b.seeds[last] - n;
                    b.seeds[last] = n;
                    sow::capture(b, last, mover, "from an opponent's child");
                    b.seeds[last] = rest;
                    // (`plain_when_emptied`: a child so emptied is a plain hole again)
                    if rest == 0 && c.plain_when_emptied {
                        b.children[last] = 0;
                        if b.trace.is_some() {
                            let text = format!("{} is a plain hole again", l.pits[last].name);
                            b.emit(|| Event::Note {
                                kind: "child".into(),
                                text,
                            });
                        }
                    }
                }
                return true;
            }
        }
    }
    // (a move of one lap of a single seed)
    if c.not_by_single_seed && b.last.laps == 1 && b.last.hand == 1 {
        return false;
    }
    let reverse = l.sow.reverse != b.last.reversed;
    let also = match c.made(l, reverse, &b.seeds, &b.children, &b.owners, mover, last) {
        Made::Nothing => return false,
        Made::One => None,
        Made::Two(o) => Some(o),
    };
    for q in std::iter::once(last).chain(also) {
        b.children[q] = mover as u8;
        if b.trace.is_some() {
            let text = format!("{} becomes {}'s child", l.pits[q].name, name(p, mover));
            b.emit(|| Event::Note {
                kind: "child".into(),
                text,
            });
        }
    }
    true
}

/// After a move's captures, for `nobodys_while_holding_a_round`: each hole holding at least
/// its count of `round` (see [`Children::round_counts`]) is a child of nobody, each child of
/// nobody holding fewer a plain hole again.
pub(super) fn update_nobodys(b: &mut Board, l: &Compiled, round: &[i64]) {
    for i in 0..l.holes.len() {
        let h = l.holes[i];
        let c = b.children[h];
        let holds = round[h] > 0 && b.seeds[h] >= round[h];
        let now = if holds && c == 0 {
            CHILD_OF_NOBODY
        } else if !holds && c == CHILD_OF_NOBODY {
            0
        } else {
            continue;
        };
        b.children[h] = now;
        if b.trace.is_some() {
            let text = if now == 0 {
                format!("{} is a plain hole again", l.pits[h].name)
            } else {
                format!("{} becomes a child of nobody", l.pits[h].name)
            };
            b.emit(|| Event::Note {
                kind: "child".into(),
                text,
            });
        }
    }
}

/// Each player's seeds in children, added into `m[player]` (children of nobody count for no
/// one).
#[inline]
pub(super) fn add_children_seeds(b: &Board, m: &mut [i64; 17]) {
    for (q, &c) in b.children.iter().enumerate() {
        if c != 0 && c != CHILD_OF_NOBODY {
            m[c as usize] += b.seeds[q];
        }
    }
}

/// Whether a board holds any child.
#[inline]
pub(super) fn any_child(b: &Board) -> bool {
    b.children.iter().any(|&c| c != 0)
}

/// A player's first child in canonical order (pit order), if he has one.
fn first_child(b: &Board, l: &Compiled, pl: usize) -> Option<usize> {
    l.holes
        .iter()
        .copied()
        .find(|&h| b.children.get(h).copied() == Some(pl as u8))
}

/// Whether the mover has no child to put captures into and makes none with his last seed.
pub(super) fn no_child_to_take(
    b: &Board,
    l: &Compiled,
    p: &Pipeline,
    mover: usize,
    last: usize,
) -> bool {
    first_child(b, l, mover).is_none()
        && !p.children.as_ref().is_some_and(|c| {
            c.makes(
                l,
                l.sow.reverse != b.last.reversed,
                &b.seeds,
                &b.children,
                &b.owners,
                mover,
                last,
            )
        })
}

/// The reserves, to see what a capture or a sweep added to them.
pub(super) fn reserves_now(b: &Board) -> [i64; 17] {
    let mut r = [0i64; 17];
    for (i, &x) in b.reserves.iter().enumerate().take(16) {
        r[i + 1] = x;
    }
    r
}

/// Moves what each player's reserve gained since `before` into his first child. After a sweep
/// (`swept`), when only one player has a child, every gain goes into his; a gain without a
/// child to take it stays in the reserve.
pub(super) fn gains_into_children(b: &mut Board, l: &Compiled, before: &[i64; 17], swept: bool) {
    let players = l.players.min(16);
    let kids: Vec<Option<usize>> = (0..=players).map(|pl| first_child(b, l, pl)).collect();
    let with: Vec<usize> = (1..=players).filter(|&pl| kids[pl].is_some()).collect();
    for pl in 1..=players {
        let gain = b.reserves[pl - 1] - before[pl];
        if gain <= 0 {
            continue;
        }
        let to = match kids[pl] {
            Some(k) => Some(k),
            None if swept && with.len() == 1 => kids[with[0]],
            None => None,
        };
        if let Some(k) = to {
            b.reserves[pl - 1] -= gain;
            b.seeds[k] += gain;
            if b.trace.is_some() {
                let text = format!("{gain} seeds go into {}", l.pits[k].name);
                b.emit(|| Event::Note {
                    kind: "into child".into(),
                    text,
                });
            }
        }
    }
}

/// `end_gains: board` (the caller has seen that no player had a child at the sweep): once the
/// game is over, what each of two players' reserves gained since `before` (the end's sweep)
/// goes back onto the board, player 1's into the board's first hole and player 2's into its last.
pub(super) fn end_gains_on_board(b: &mut Board, l: &Compiled, before: &[i64; 17]) {
    if !b.over || l.players != 2 {
        return;
    }
    let ends = [l.holes.first().copied(), l.holes.last().copied()];
    for (pl, to) in [(1, ends[0]), (2, ends[1])] {
        let gain = b.reserves[pl - 1] - before[pl];
        let Some(to) = to.filter(|_| gain > 0) else {
            continue;
        };
        b.reserves[pl - 1] -= gain;
        b.seeds[to] += gain;
        if b.trace.is_some() {
            let text = format!(
                "{gain} seeds of player {pl} go back onto {}",
                l.pits[to].name
            );
            b.emit(|| Event::Note {
                kind: "end".into(),
                text,
            });
        }
    }
}

/// The seeds in player `pl`'s children (0 on a board without children).
pub(super) fn seeds_of(b: &Board, pl: usize) -> i64 {
    b.children
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c != 0 && c as usize == pl)
        .map(|(q, _)| b.seeds[q])
        .sum()
}

/// A round's end, for children: each child's seeds go to its owner (a child of nobody's to the
/// hole's owner) and it is a plain hole again, for the next round to start without children.
pub(super) fn end_with_round(b: &mut Board, l: &Compiled) {
    for i in 0..l.holes.len() {
        let h = l.holes[i];
        let Some(c) = b.children.get(h).copied().filter(|&c| c != 0) else {
            continue;
        };
        let to = if c == CHILD_OF_NOBODY {
            l.pits[h].owner
        } else {
            c as usize
        };
        b.children[h] = 0;
        if b.seeds[h] > 0 && to >= 1 {
            sow::capture(b, h, to, "a child's seeds at the round's end");
        }
    }
}

/// Each pit's count for `nobodys_while_holding_a_round` on the compiled rule `l`: the seeds
/// its row owner's sowing from it takes to come back into its row (stores he sows into and a
/// first seed back into the hole counted).
pub(crate) fn round_counts(l: &Compiled) -> Vec<i64> {
    use crate::engine::declare::sowing::Stores;
    let links = if l.sow.reverse { &l.prev } else { &l.next };
    Children::round_counts(
        l,
        links,
        |s, owner| match l.sow.stores {
            Stores::All => true,
            Stores::Own => l.pits[s].owner == owner,
            Stores::None => false,
        },
        l.sow.first_seed_back,
    )
}

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;
    use crate::engine::rule::test_boards::{data_board, play};

    /// Two rows of 3 (S1..S3, N1..N3) without stores, a last seed making 3 in an opponent's
    /// hole making a child, with `not_by_single_seed` or without (`single`).
    fn board(single: bool) -> Board {
        let mut b = data_board(format!(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 3, seeds: 1 }}\n    - {{ row: N, owner: 2, holes: 3, seeds: 1 }}\nsowing:\n  stores: none\npipeline:\n  children: {{ make_when_last_makes: [3], side: opponent, not_by_single_seed: {single} }}\n  end:\n    - {{ when: no_move, then: to_move_loses }}\n"
        ));
        b.seeds[..6].copy_from_slice(&[0, 2, 1, 2, 1, 1]);
        b
    }

    #[test]
    fn a_single_seed_makes_no_child_where_more_seeds_would() {
        // S3's single seed makes 3 in N1: no child with the step, a child without it.
        let mut b = board(true);
        play(&mut b, "3");
        assert_eq!(b.seeds[..6], [0, 2, 0, 3, 1, 1]);
        assert!(!b.is_child(3));
        let mut b = board(false);
        play(&mut b, "3");
        assert!(b.is_child(3));
        // Two seeds from S2 make 2 in S3 and 3 in N1: a child, with the step too.
        let mut b = board(true);
        play(&mut b, "2");
        assert_eq!(b.seeds[..6], [0, 0, 2, 3, 1, 1]);
        assert!(b.is_child(3));
    }
}
