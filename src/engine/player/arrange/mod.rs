//! The arrangement of counters (`arrange:`), played: while it lasts (the game variable
//! `arrange_left`, the moves it may still last, is above 0) the player to move either moves one
//! counter from one of his holes holding counters to another of his holes (written with both
//! holes' labels, `SO3-SI5`; with `with_store`, his store is `store`: `store-3`, `3-store`) or
//! passes (`pass`), and the turn passes (`by: round_loser`: he keeps it). With `copied`, each
//! counter moved is moved likewise in the other player's row. When every arranging player has
//! passed in a row (`arrange_passes`), or the moves allowed are used up, the arrangement ends
//! and the next player (`by: round_loser`: the round's starter) sows. Declared in
//! [`crate::engine::declare::arrange`].

mod capture;
pub(in crate::engine::player) mod first;

use crate::engine::board::state::{Board, PitKind};
use crate::engine::declare::arrange::{Arrange, ArrangeBy};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::trace::event::Event;

/// Whether the arrangement still lasts.
#[inline]
pub fn pending(b: &Board, p: &Pipeline) -> bool {
    p.arrange.as_ref().is_some_and(|a| b.vars[a.vars.0] > 0)
}

/// Player `pl`'s store, if he has one.
fn store_of(l: &Compiled, pl: usize) -> Option<usize> {
    l.stores.iter().copied().find(|&s| l.pits[s].owner == pl)
}

/// The pit of the other player's (of two) that copies pit `q` of player `pl`'s: the hole with
/// the same number from its owner's left, or his store.
fn copy_of(l: &Compiled, pl: usize, q: usize) -> Option<usize> {
    let other = 3 - pl;
    if l.pits[q].kind == PitKind::Store {
        return store_of(l, other);
    }
    let row = l.row_of(other)?;
    row.pits.get(l.pits[q].pos.checked_sub(1)?).copied()
}

/// Whether one counter may leave pit `q` (a hole keeps `keep`; a store gives what it holds).
fn gives(b: &Board, l: &Compiled, a: &Arrange, q: usize) -> bool {
    if l.pits[q].kind == PitKind::Store {
        b.seeds[q] > 0
    } else {
        !b.closed[q] && b.seeds[q] > a.keep
    }
}

/// The pits that are ends of `player`'s arrangement moves: his open holes in canonical order (his
/// store last, with `with_store`); none for a player without holes.
fn ends_of(b: &Board, p: &Pipeline, a: &Arrange, player: usize, out: &mut Vec<usize>) {
    let l = &*b.layout;
    if let Some(h) = p.at.holes_of.get(player) {
        out.extend(h.iter().copied().filter(|&q| !b.closed[q]));
        if a.with_store {
            out.extend(store_of(l, player));
        }
    }
}

/// Whether `player` may move a counter from `f` to `t` (both ends of his, `f` giving one).
fn is_move(b: &Board, a: &Arrange, player: usize, f: usize, t: usize) -> bool {
    let l = &*b.layout;
    if t == f || !gives(b, l, a, f) {
        return false;
    }
    if l.pits[f].kind == PitKind::Store && l.pits[t].kind == PitKind::Store {
        return false;
    }
    if !a.copied {
        return true;
    }
    // (copied: the other's counter must be able to move too, between two other pits)
    let cf = match copy_of(l, player, f) {
        Some(c) if gives(b, l, a, c) => c,
        _ => return false,
    };
    matches!(copy_of(l, player, t), Some(ct) if ct != cf && (l.pits[ct].kind == PitKind::Store || !b.closed[ct]))
}

/// The moves (from, to) of `player`'s arrangement, in the holes' canonical order (his store
/// last, with `with_store`), each pushed as `id(from, to)` onto `out`.
fn moves_into(
    b: &Board,
    p: &Pipeline,
    a: &Arrange,
    player: usize,
    out: &mut Vec<usize>,
    id: impl Fn(usize, usize) -> usize,
) {
    let mut ends = Vec::new();
    ends_of(b, p, a, player, &mut ends);
    for &f in &ends {
        if !gives(b, &b.layout, a, f) {
            continue;
        }
        for &t in &ends {
            if is_move(b, a, player, f, t) {
                out.push(id(f, t));
            }
        }
    }
}

/// Whether `player` has a move of the arrangement (a counter to move).
fn has_moves(b: &Board, p: &Pipeline, a: &Arrange, player: usize) -> bool {
    let mut ends = Vec::new();
    ends_of(b, p, a, player, &mut ends);
    ends.iter()
        .any(|&f| ends.iter().any(|&t| is_move(b, a, player, f, t)))
}

/// The arrangement's moves of `player`: a counter from each of his pits that may give one to
/// each of his other pits (in the holes' canonical order), then the pass.
pub fn legal_into(b: &Board, p: &Pipeline, player: usize, out: &mut Vec<usize>) {
    let l = &*b.layout;
    let (Some(a), Some(pass)) = (&p.arrange, l.arrange_pass()) else {
        return;
    };
    let n = l.pits.len();
    let start = out.len();
    moves_into(b, p, a, player, out, |f, t| pass + 1 + f * n + t);
    let none = out.len() == start;
    if none || may_pass_with(b, p, a, player, !none) {
        out.push(pass);
    }
}

/// Whether `player` may pass (`pass_needs_seeds`: while one of his holes holds that many
/// counters; `pass_only_when`: once his holes have that shape; a player with no other move may
/// pass anyway).
fn may_pass(b: &Board, p: &Pipeline, a: &Arrange, player: usize) -> bool {
    may_pass_with(b, p, a, player, has_moves(b, p, a, player))
}

/// [`may_pass`], knowing whether he has a counter to move (`moves`).
fn may_pass_with(b: &Board, p: &Pipeline, a: &Arrange, player: usize, moves: bool) -> bool {
    // (the shape his arrangement must reach first: no move lets him out of it otherwise)
    if let Some(s) = &a.pass_only_when {
        return s.holds(&b.seeds, player) || !moves;
    }
    a.pass_needs_seeds <= 0
        || p.at.holes_of.get(player).is_some_and(|h| {
            h.iter()
                .any(|&q| !b.closed[q] && b.seeds[q] >= a.pass_needs_seeds)
        })
        || !moves
}

/// Whether `f` and `t` are both ends of `pl`'s arrangement moves: open holes of his, or his
/// store with `with_store`.
fn owns_end(b: &Board, p: &Pipeline, a: &Arrange, pl: usize, f: usize, t: usize) -> bool {
    let own = |q: usize| {
        let hole = p.at.holes_of.get(pl).is_some_and(|h| h.contains(&q)) && !b.closed[q];
        hole || (a.with_store && store_of(&b.layout, pl) == Some(q))
    };
    own(f) && own(t)
}

/// Moves one counter from `f` to `t`, with its event.
fn move_one(b: &mut Board, f: usize, t: usize) {
    b.seeds[f] -= 1;
    b.seeds[t] += 1;
    b.emit(|| Event::Move {
        from: f,
        to: t,
        seeds: 1,
    });
}

/// Plays the arrangement's move `id` of the player to move; the turn passes (by the round's
/// loser: he keeps it until he passes).
pub fn play(b: &mut Board, l: &Compiled, p: &Pipeline, id: usize) -> Result<(), String> {
    let (Some(a), Some(pass)) = (&p.arrange, l.arrange_pass()) else {
        return Err("no arrangement is declared".into());
    };
    let (left, passes) = a.vars;
    let pl = b.to_move;
    first::keep_row(b, l, a, pl);
    if id == pass {
        if let Some(s) = a.pass_only_when.as_ref().filter(|_| !may_pass(b, p, a, pl)) {
            return Err(format!(
                "player {pl} may not end his arrangement until {}",
                s.describe()
            ));
        }
        if !may_pass(b, p, a, pl) {
            return Err(format!(
                "player {pl} may not end his arrangement yet: none of his holes holds {} counters, which a move needs",
                a.pass_needs_seeds
            ));
        }
        b.vars[passes] += 1;
        b.emit(|| Event::Pass { player: pl });
    } else {
        match l.arrange_holes(id) {
            Some((f, t)) if owns_end(b, p, a, pl, f, t) && is_move(b, a, pl, f, t) => {
                move_one(b, f, t);
                if a.copied {
                    if let (Some(cf), Some(ct)) = (copy_of(l, pl, f), copy_of(l, pl, t)) {
                        move_one(b, cf, ct);
                    }
                }
                if a.by != ArrangeBy::EachUntilPass {
                    b.vars[passes] = 0;
                }
                b.last.pit = t;
                if a.captures_across > 0 {
                    capture::capture_across(b, l, a, pl, t);
                }
            }
            _ => {
                let what = l.arrange_holes(id).map_or_else(
                    || l.label(id),
                    |(f, t)| format!("{}-{}", l.pits[f].name, l.pits[t].name),
                );
                return Err(format!(
                    "`{what}` is no move of player {pl}'s arrangement: {} (`{}`), or `pass`",
                    rule_words(a),
                    example(l, p, pl)
                ));
            }
        }
    }
    b.vars[left] -= 1;
    let arrangers = match a.by {
        ArrangeBy::Each | ArrangeBy::EachUntilPass => l.players as i64,
        ArrangeBy::RoundLoser | ArrangeBy::FirstPlayer => 1,
    };
    if b.vars[passes] >= arrangers {
        b.vars[left] = 0;
    }
    match a.by {
        ArrangeBy::Each => b.to_move = pl % l.players + 1,
        ArrangeBy::FirstPlayer if b.vars[left] == 0 => first::ends(b, l, a, pl),
        ArrangeBy::FirstPlayer => {}
        // (he keeps the turn until he passes)
        ArrangeBy::EachUntilPass if id == pass => b.to_move = pl % l.players + 1,
        ArrangeBy::EachUntilPass => {}
        // (the round's starter sows once the loser has arranged)
        ArrangeBy::RoundLoser if b.vars[left] == 0 => {
            if let Some(s) = p.at.round_starter_var {
                b.to_move = b.vars[s] as usize;
            }
        }
        ArrangeBy::RoundLoser => {}
    }
    if b.vars[left] == 0 {
        b.emit(|| Event::Note {
            kind: "arranged".into(),
            text: "the arrangement ends: play begins".into(),
        });
    }
    Ok(())
}

/// At a later round's start (its board refilled, its starter named), the round's loser (the
/// other of `rw`; on a level round, `rw` 0, nobody) begins his arrangement: he moves.
pub(in crate::engine::player) fn begin_round(b: &mut Board, p: &Pipeline, rw: usize) {
    let Some(a) = p.arrange.as_ref().filter(|a| a.by == ArrangeBy::RoundLoser) else {
        return;
    };
    if rw == 0 {
        return;
    }
    b.vars[a.vars.0] = a.max_moves;
    b.vars[a.vars.1] = 0;
    b.to_move = 3 - rw;
}

/// What a move of the arrangement is, in words, for an error message.
fn rule_words(a: &Arrange) -> String {
    let mut s = String::from("one counter from one of his holes holding counters");
    if a.keep > 0 {
        s.push_str(&format!(" (more than {})", a.keep));
    }
    s.push_str(" to another of his holes");
    if a.with_store {
        s.push_str(", his store (`store`) at either end");
    }
    if a.copied {
        s.push_str(", the other row copying it");
    }
    s
}

/// A move of the arrangement's, written out, for an error message.
fn example(l: &Compiled, p: &Pipeline, pl: usize) -> String {
    match p.at.holes_of.get(pl).map(|h| &h[..]) {
        Some([a, c, ..]) => format!("{}-{}", l.layout.label(*a), l.layout.label(*c)),
        _ => "pass".into(),
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;
    use crate::engine::rule::test_boards::{data_board, labels, play};
    use crate::engine::trace::event::Event;

    /// Two rows of 3 (S1..S3, N1..N3), a counter a hole, each player arranging before play
    /// (`max_moves` moves at most).
    fn board(max_moves: i64) -> Board {
        data_board(format!(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 3, seeds: 1 }}\n    - {{ row: N, owner: 2, holes: 3, seeds: 1 }}\npipeline:\n  arrange: {{ max_moves: {max_moves} }}\n  end:\n    - {{ when: no_move, then: to_move_loses }}\n"
        ))
    }

    fn var(b: &Board, name: &str) -> i64 {
        b.vars[b.layout.var_index(name).unwrap()]
    }

    #[test]
    fn a_counter_moves_between_the_movers_own_holes_or_he_passes() {
        let mut b = board(100);
        assert_eq!(
            labels(&b),
            ["1-2", "1-3", "2-1", "2-3", "3-1", "3-2", "pass"]
        );
        play(&mut b, "1-3");
        assert_eq!(b.seeds[..6], [0, 1, 2, 1, 1, 1]);
        // North's turn: his holes only; then South's, whose empty S1 gives no counter.
        assert_eq!(b.to_move, 2);
        assert_eq!(labels(&b)[0], "1-2");
        play(&mut b, "3-1");
        assert_eq!(b.seeds[..6], [0, 1, 2, 2, 1, 0]);
        assert_eq!(
            labels(&b),
            ["2-1", "2-3", "3-1", "3-2", "pass"],
            "S1 is empty"
        );
        assert_eq!(var(&b, "arrange_left"), 98);
    }

    #[test]
    fn two_passes_in_a_row_end_the_arrangement_and_play_begins() {
        let mut b = board(100);
        play(&mut b, "pass");
        play(&mut b, "2-1");
        // (a move between two passes: the count of passes in a row starts again)
        play(&mut b, "pass");
        assert_eq!(b.to_move, 2);
        assert!(labels(&b).contains(&"pass".to_string()));
        play(&mut b, "pass");
        assert_eq!(var(&b, "arrange_left"), 0);
        // South, next in turn, sows: his holes holding counters.
        assert_eq!(b.to_move, 1);
        assert_eq!(labels(&b), ["1", "2", "3"]);
        // (S3's counter into N1, which North's 2-1 made 2)
        play(&mut b, "3");
        assert_eq!(b.seeds[..6], [1, 1, 0, 3, 0, 1]);
    }

    #[test]
    fn the_arrangement_ends_after_its_moves_allowed() {
        let mut b = board(3);
        play(&mut b, "1-2");
        play(&mut b, "pass");
        play(&mut b, "2-1");
        assert_eq!(var(&b, "arrange_left"), 0);
        assert_eq!(b.to_move, 2);
        assert_eq!(labels(&b), ["1", "2", "3"]);
    }

    #[test]
    fn a_move_not_of_the_arrangement_is_refused_in_one_line() {
        let mut b = board(10);
        // N1 is North's: South may not move a counter into it.
        let n1 = b.layout.holes[3];
        let s1 = b.layout.holes[0];
        let pass = b.layout.arrange_pass().unwrap();
        let id = pass + 1 + s1 * b.layout.pits.len() + n1;
        let e = crate::engine::player::play::play(&mut b, id, &mut Vec::new()).unwrap_err();
        assert_eq!(
            e,
            "`S1-N1` is no move of player 1's arrangement: one counter from one of his holes holding counters to another of his holes (`1-2`), or `pass`"
        );
        // (its label, naming the rows, is none of his legal moves)
        assert_eq!(b.layout.parse_label(1, "S1-N1"), Some(id));
        assert!(!labels(&b).contains(&"S1-N1".to_string()));
        assert_eq!(b.layout.parse_label(1, "1-2"), Some(pass + 1 + s1 * 6 + 1));
    }

    #[test]
    fn a_pass_only_once_the_arrangers_holes_have_the_shape_asked() {
        // Four rows of three, a counter a hole: South's outer row's first hole must hold the
        // most and each inner hole one counter before he may pass.
        let mut b = data_board(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - { row: SO, owner: 1, holes: 3, seeds: 1 }\n    - { row: SI, owner: 1, holes: 3, seeds: 1 }\n    - { row: NI, owner: 2, holes: 3, seeds: 1 }\n    - { row: NO, owner: 2, holes: 3, seeds: 1 }\npipeline:\n  arrange: { max_moves: 100, pass_only_when: { first_outer_fullest: true, inner_each: 1 } }\n  end:\n    - { when: no_move, then: to_move_loses }\n".into(),
        );
        assert!(!labels(&b).contains(&"pass".to_string()));
        play(&mut b, "SO2-SO1");
        assert_eq!(b.seeds[..12], [2, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
        // (North's shape is not reached: no pass)
        assert!(!labels(&b).contains(&"pass".to_string()));
        play(&mut b, "NO3-NO1");
        // South's is: he may pass, and then North.
        assert!(labels(&b).contains(&"pass".to_string()));
        play(&mut b, "pass");
        play(&mut b, "pass");
        assert_eq!(var(&b, "arrange_left"), 0);
        assert_eq!(b.seeds[..12], [2, 0, 1, 1, 1, 1, 1, 1, 1, 2, 1, 0]);
        assert_eq!(b.to_move, 1);
        // (a pass played before the shape is refused in one line naming it)
        let mut b = data_board(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  circuits: per_player_loops\n  pits:\n    - { row: SO, owner: 1, holes: 3, seeds: 1 }\n    - { row: SI, owner: 1, holes: 3, seeds: 1 }\n    - { row: NI, owner: 2, holes: 3, seeds: 1 }\n    - { row: NO, owner: 2, holes: 3, seeds: 1 }\npipeline:\n  arrange: { max_moves: 100, pass_only_when: { first_outer_fullest: true, inner_each: 1 } }\n  end:\n    - { when: no_move, then: to_move_loses }\n".into(),
        );
        let pass = b.layout.arrange_pass().unwrap();
        let e = crate::engine::player::play::play(&mut b, pass, &mut Vec::new()).unwrap_err();
        assert_eq!(
            e,
            "player 1 may not end his arrangement until his outer row's first hole holds more than each other hole of his and each hole of his inner row holds 1"
        );
    }

    /// Two rows of 3 with stores, rounds refilled by spreading the loser's seeds, and the
    /// loser's arrangement of his row (copied, with his store, each hole keeping one), set up
    /// one move before a round's end: South's S1 (1 seed) sows into S2, North has no seed to
    /// move. Pits: S1..S3, store S, N1..N3, store N.
    fn round_end_board() -> Board {
        let mut b = data_board(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 1 }\n    - { store: store S, owner: 1 }\n    - { row: N, owner: 2, holes: 3, seeds: 1 }\n    - { store: store N, owner: 2 }\nsowing:\n  stores: none\npipeline:\n  rounds: { fill: 1, winner: most_seeds, min_holes: 3, close_unfilled: false, refill: spread_loser }\n  arrange: { max_moves: 10, by: round_loser, copied: true, with_store: true, keep: 1 }\n  end:\n    - { when: no_move, sweep: owners, then: round, starter: alternate }\n".into(),
        );
        b.seeds[..8].copy_from_slice(&[1, 0, 0, 10, 0, 0, 0, 7]);
        b
    }

    #[test]
    fn a_round_refilled_by_the_losers_spread_seeds_then_he_arranges_his_row() {
        let mut b = round_end_board();
        // (before play nobody arranges: the round's loser does, at a later round's start)
        assert_eq!(var(&b, "arrange_left"), 0);
        assert_eq!(labels(&b), ["1"]);
        b.trace = Some(Vec::new());
        play(&mut b, "1");
        // (the spread is in the move's events: a fill of each hole)
        let fills = |b: &Board| {
            b.trace
                .iter()
                .flatten()
                .filter(|e| matches!(e, Event::Fill { .. }))
                .count()
        };
        assert_eq!(fills(&b), 6);
        // South holds 11, North 7: North's 7 spread over both rows, 2 a hole; his remainder
        // 1 in his store, South's 11 - 6 in his.
        assert_eq!(b.seeds[..8], [2, 2, 2, 5, 2, 2, 2, 1]);
        // North, the loser, arranges first (the round's starter, South, waits).
        assert_eq!(b.to_move, 2);
        assert_eq!(var(&b, "arrange_left"), 10);
        let l = labels(&b);
        assert_eq!(l.len(), 3 * 3 + 3 + 1, "{l:?}");
        assert!(l.contains(&"store-3".to_string()) && l.contains(&"2-store".to_string()));
        // A counter from his store into his N3: South's store gives one into S3 as well.
        b.trace = Some(Vec::new());
        play(&mut b, "store-3");
        assert_eq!(b.seeds[..8], [2, 2, 3, 4, 2, 2, 3, 0]);
        // (its events: both counters moved, the copy from South's store to his S3)
        assert_eq!(
            b.trace.take().unwrap(),
            [
                Event::Move {
                    from: 7,
                    to: 6,
                    seeds: 1
                },
                Event::Move {
                    from: 3,
                    to: 2,
                    seeds: 1
                }
            ]
        );
        assert_eq!(b.to_move, 2, "he arranges until he passes");
        // His store is empty: no move from it now; N1 to N2, copied from S1 to S2.
        assert!(!labels(&b).iter().any(|m| m.starts_with("store-")));
        play(&mut b, "1-2");
        assert_eq!(b.seeds[..8], [1, 3, 3, 4, 1, 3, 3, 0]);
        // Each hole keeps one: N1 (1 seed) gives nothing.
        assert!(!labels(&b).iter().any(|m| m.starts_with("1-")));
        b.trace = Some(Vec::new());
        play(&mut b, "pass");
        assert!(matches!(
            b.trace.as_deref(),
            Some([Event::Pass { player: 2 }, ..])
        ));
        assert_eq!(var(&b, "arrange_left"), 0);
        // The round's starter (by `starter: alternate`) sows.
        assert_eq!(b.to_move, var(&b, "round_starter") as usize);
        assert!(!labels(&b).contains(&"pass".to_string()));
    }

    /// The load error of a two-row rule whose `arrange` is `{ arrange }`.
    fn refusal(arrange: &str) -> crate::Error {
        let text = format!("name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 3, seeds: 1 }}\n    - {{ row: N, owner: 2, holes: 3, seeds: 1 }}\npipeline:\n  arrange: {{ {arrange} }}\n");
        crate::Rule::data_from_text(text, std::path::Path::new("t.yaml"))
            .and_then(|r| {
                let opts = r.resolve_options::<&str>(&[])?;
                r.new_board(&opts).map(|_| ())
            })
            .unwrap_err()
    }

    #[test]
    fn an_arrangement_by_the_rounds_loser_without_rounds_is_refused_naming_the_key() {
        let e = refusal("max_moves: 5, by: round_loser");
        assert!(
            e.to_string().contains(
                "pipeline: arrange: `by: round_loser` needs `rounds` with `winner: most_seeds`"
            ),
            "{e}"
        );
    }

    #[test]
    fn a_block_on_a_decliner_without_the_first_players_arrangement_is_refused() {
        let e = refusal("max_moves: 5, declined_blocks: true");
        assert!(
            e.to_string()
                .contains("pipeline: arrange: `declined_blocks` needs `by: first_player`"),
            "{e}"
        );
    }

    #[test]
    fn an_arrangement_without_moves_is_refused_naming_the_key() {
        let e = refusal("max_moves: 0");
        assert!(
            e.to_string()
                .contains("pipeline: arrange: max_moves must be at least 1, not 0"),
            "{e}"
        );
    }

    /// Two rows of 3 with stores (S1..S3, store S, N1..N3, store N), a seed a hole, the first
    /// player arranging his row before play (copied), a last seed in an empty hole of the
    /// mover's taking the hole opposite.
    fn first_player_board() -> Board {
        data_board("name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 1 }\n    - { store: store S, owner: 1 }\n    - { row: N, owner: 2, holes: 3, seeds: 1 }\n    - { store: store N, owner: 2 }\nsowing:\n  stores: none\npipeline:\n  capture:\n    opposite: { when_opposite_empty: false }\n  arrange: { max_moves: 10, by: first_player, copied: true, declined_blocks: true }\n  end:\n    - { when: no_move, then: to_move_loses }\n".into())
    }

    #[test]
    fn the_first_players_changed_row_is_his_turn() {
        let mut b = first_player_board();
        play(&mut b, "1-2");
        assert_eq!(
            b.seeds[..8],
            [0, 2, 1, 0, 0, 2, 1, 0],
            "the other row copies it"
        );
        assert_eq!(b.to_move, 1, "he arranges until he passes");
        play(&mut b, "pass");
        assert_eq!(b.to_move, 2, "a changed row was his turn");
        assert_eq!(var(&b, "arrange_left"), 0);
        assert_eq!(var(&b, "blocked_player"), 0);
    }

    #[test]
    fn a_row_left_as_it_was_blocks_the_first_players_captures_until_a_move_captures() {
        let mut b = first_player_board();
        b.trace = Some(Vec::new());
        play(&mut b, "pass");
        assert!(matches!(
            b.trace.as_deref(),
            Some([Event::Pass { player: 1 }, ..])
        ));
        assert_eq!(b.to_move, 1, "he declined: he sows first");
        assert_eq!(var(&b, "blocked_player"), 1);
        // His S1 into his empty S2 facing N2 would take it: blocked, it takes nothing.
        b.seeds[..8].copy_from_slice(&[1, 0, 1, 0, 1, 1, 1, 0]);
        play(&mut b, "1");
        assert_eq!(b.seeds[..8], [0, 1, 1, 0, 1, 1, 1, 0]);
        assert_eq!(var(&b, "blocked_player"), 1);
        // North's N1 into his empty N2 takes S2 (facing it) and the seed: the block is lifted.
        b.seeds[..8].copy_from_slice(&[0, 1, 1, 0, 1, 0, 1, 0]);
        play(&mut b, "1");
        assert_eq!(b.seeds[..8], [0, 0, 1, 0, 0, 0, 1, 2]);
        assert_eq!(var(&b, "blocked_player"), 0);
    }
}
