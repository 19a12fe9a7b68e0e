//! The arrangement before play (`arrange:`), played: while it lasts (the game variable
//! `arrange_left`, the moves it may still last, is above 0) the player to move either moves one
//! counter from one of his holes holding counters to another of his holes (written with both
//! holes' labels, `SO3-SI5`) or passes (`pass`), and the turn passes. When every player has
//! passed in a row (`arrange_passes`), or the moves allowed are used up, the arrangement ends
//! and the next player makes the game's first sowing. Declared in
//! [`crate::engine::declare::arrange`].

use crate::engine::board::state::Board;
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::trace::event::Event;

/// Whether the arrangement still lasts.
#[inline]
pub fn pending(b: &Board, p: &Pipeline) -> bool {
    p.arrange.as_ref().is_some_and(|a| b.vars[a.vars.0] > 0)
}

/// The arrangement's moves of `player`: a counter from each of his holes holding counters to
/// each of his other holes (in the holes' canonical order), then the pass.
pub fn legal_into(b: &Board, p: &Pipeline, player: usize, out: &mut Vec<usize>) {
    let l = &*b.layout;
    let Some(pass) = l.arrange_pass() else { return };
    let n = l.pits.len();
    if let Some(holes) = p.at.holes_of.get(player) {
        for &a in holes.iter().filter(|&&a| b.seeds[a] > 0 && !b.closed[a]) {
            for &c in holes.iter().filter(|&&c| c != a && !b.closed[c]) {
                out.push(pass + 1 + a * n + c);
            }
        }
    }
    out.push(pass);
}

/// Plays the arrangement's move `id` of the player to move; the turn passes.
pub fn play(b: &mut Board, l: &Compiled, p: &Pipeline, id: usize) -> Result<(), String> {
    let (Some(a), Some(pass)) = (&p.arrange, l.arrange_pass()) else {
        return Err("no arrangement is declared".into());
    };
    let (left, passes) = a.vars;
    let pl = b.to_move;
    if id == pass {
        b.vars[passes] += 1;
        b.emit(|| Event::Pass { player: pl });
    } else {
        let mine =
            |h: usize| p.at.holes_of.get(pl).is_some_and(|hs| hs.contains(&h)) && !b.closed[h];
        match l.arrange_holes(id) {
            Some((a, c)) if a != c && mine(a) && mine(c) && b.seeds[a] > 0 => {
                b.seeds[a] -= 1;
                b.seeds[c] += 1;
                b.vars[passes] = 0;
                b.last.pit = c;
                b.emit(|| Event::Move {
                    from: a,
                    to: c,
                    seeds: 1,
                });
            }
            _ => {
                let what = l.arrange_holes(id).map_or_else(
                    || l.label(id),
                    |(a, c)| format!("{}-{}", l.pits[a].name, l.pits[c].name),
                );
                return Err(format!(
                    "`{what}` is no move of player {pl}'s arrangement: one counter from one of his holes holding counters to another of his holes (`{}`), or `pass`",
                    example(l, p, pl)
                ));
            }
        }
    }
    b.vars[left] -= 1;
    if b.vars[passes] >= l.players as i64 {
        b.vars[left] = 0;
    }
    b.to_move = pl % l.players + 1;
    if b.vars[left] == 0 {
        b.emit(|| Event::Note {
            kind: "arranged".into(),
            text: "the arrangement ends: play begins".into(),
        });
    }
    Ok(())
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
    fn an_arrangement_without_moves_is_refused_naming_the_key() {
        let text = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 3, seeds: 1 }\n    - { row: N, owner: 2, holes: 3, seeds: 1 }\npipeline:\n  arrange: { max_moves: 0 }\n".to_string();
        let e = crate::Rule::data_from_text(text, std::path::Path::new("t.yaml"))
            .and_then(|r| {
                let opts = r.resolve_options::<&str>(&[])?;
                r.new_board(&opts).map(|_| ())
            })
            .unwrap_err();
        assert!(
            e.to_string()
                .contains("pipeline: arrange: max_moves must be at least 1, not 0"),
            "{e}"
        );
    }
}
