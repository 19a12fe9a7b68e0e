//! The heads a relaying mover may end his move in (`pipeline.stop_in`, declared in
//! [`crate::engine::declare::stop_in`]): a lap ending in one of his heads, occupied, pauses the
//! move (the game variable `stop_pending`, 1 + the hole); his moves are then `stop` and `go`,
//! played in [`crate::engine::player::play`].

use crate::engine::board::state::{Board, PitKind, SowEnd};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::declare::stop_in::StopLinked;
use crate::engine::trace::event::Event;

/// The head the move paused in, when the decision is pending.
#[inline]
pub fn pending(b: &Board, p: &Pipeline) -> Option<usize> {
    let s = p.at.stop.as_ref()?;
    (b.vars[s.var] > 0).then(|| b.vars[s.var] as usize - 1)
}

/// The moves of the pending decision: `stop`, then `go`.
pub fn legal_into(p: &Pipeline, out: &mut Vec<usize>) {
    if let Some(s) = p.at.stop.as_ref() {
        out.push(s.stop);
        out.push(s.go);
    }
}

/// After a sowing by `mover` that ended at `end`: whether it ended in one of his heads, occupied,
/// where the relay paused; if so the decision is set pending (and noted).
pub(in crate::engine::player) fn pauses(
    b: &mut Board,
    l: &Compiled,
    s: &StopLinked,
    mover: usize,
    end: &SowEnd,
) -> bool {
    let h = end.pit;
    let head = !end.stopped
        && !end.was_empty
        && l.pits[h].kind == PitKind::Hole
        && b.seeds[h] > 1
        && l.sow.head(h, mover, b.hole_owner(h));
    if head {
        b.vars[s.var] = h as i64 + 1;
        let name = &l.pits[h].name;
        b.emit(|| Event::Note {
            kind: "decision".into(),
            text: format!("player {mover} may end his move in {name} (stop) or sow on (go)"),
        });
    }
    head
}

/// Clears the pending decision for the move `id` (`stop` or `go`) of `mover`, noting it; the head
/// to sow on from (`go`), or none (`stop`: the move ends). An error for another move.
pub(in crate::engine::player) fn decide(
    b: &mut Board,
    l: &Compiled,
    s: &StopLinked,
    id: usize,
) -> Result<Option<usize>, String> {
    let h = b.vars[s.var] as usize - 1;
    if id != s.stop && id != s.go {
        return Err(format!(
            "the move paused in {}: its moves are `stop` and `go`",
            l.pits[h].name
        ));
    }
    b.vars[s.var] = 0;
    let mover = b.to_move;
    let name = &l.pits[h].name;
    let go = id == s.go;
    b.emit(|| Event::Note {
        kind: "decision".into(),
        text: if go {
            format!("player {mover} sows on from {name}")
        } else {
            format!("player {mover} ends his move in {name}")
        },
    });
    Ok(go.then_some(h))
}

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;
    use crate::engine::rule::test_boards::{data_board, labels, play};

    /// Two rows of four, relay sowing, each player's head his hole 4 (`stop_in` keys `heads`).
    fn text(heads: &str, relay: &str) -> String {
        format!("name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 4, seeds: 2 }}\n    - {{ row: N, owner: 2, holes: 4, seeds: 2 }}\nsowing: {{ relay: {relay} }}\npipeline:\n  stop_in: {heads}\n  end:\n    - {{ when: no_move, then: most_seeds }}\n")
    }

    fn board() -> Board {
        data_board(text("{ outer: [4] }", "last"))
    }

    #[test]
    fn a_lap_ending_in_the_movers_head_pauses_then_stops() {
        let mut b = board();
        // S2's two seeds: S3, then S4, South's head (2, now 3): the move pauses
        play(&mut b, "2");
        assert_eq!(b.seeds, [2, 0, 3, 3, 2, 2, 2, 2]);
        assert_eq!(b.to_move, 1);
        assert_eq!(labels(&b), ["stop", "go"]);
        // stop: the move ends in S4; North moves
        play(&mut b, "stop");
        assert_eq!(b.seeds, [2, 0, 3, 3, 2, 2, 2, 2]);
        assert_eq!(b.to_move, 2);
        assert_eq!(labels(&b), ["1", "2", "3", "4"]);
    }

    #[test]
    fn go_sows_on_from_the_head_as_the_relay_would() {
        let mut b = board();
        play(&mut b, "2");
        // go: S4's 3 into N1, N2, N3 (3): relay, N4, S1, S2 (emptied): the move ends
        play(&mut b, "go");
        assert_eq!(b.seeds, [3, 1, 3, 0, 3, 3, 0, 3]);
        assert_eq!(b.to_move, 2);
        // the decision is no move any more
        assert!(b.layout.parse_label(2, "stop").is_some());
        assert!(!labels(&b).contains(&"stop".to_string()));
    }

    #[test]
    fn the_opponents_head_relays_as_any_hole() {
        let mut b = board();
        b.seeds = vec![0, 0, 5, 0, 2, 2, 2, 2];
        // S3's 5 end in N4, North's head (3): South relays on, S1, S2, S3 (emptied)
        play(&mut b, "3");
        assert_eq!(b.seeds, [1, 1, 1, 1, 3, 3, 3, 0]);
        assert_eq!(b.to_move, 2);
    }

    #[test]
    fn bad_heads_are_one_line_errors_naming_the_key() {
        let error = |heads: &str, relay: &str| {
            let t = text(heads, relay);
            match crate::Rule::data_from_text(t, std::path::Path::new("t.yaml")) {
                Err(e) => e.one_line(),
                Ok(rule) => {
                    let opts = rule.resolve_options::<&str>(&[]).unwrap();
                    match rule.new_board(&opts) {
                        Err(e) => e.one_line(),
                        Ok(_) => panic!("{heads} {relay}: the rule loads and starts"),
                    }
                }
            }
        };
        let e = error("{ outer: [5] }", "last");
        assert!(e.contains("pipeline: stop_in: no hole 5"), "{e}");
        let e = error("{ inner: [1] }", "last");
        assert!(
            e.contains("pipeline: stop_in: `inner` needs a board of four rows"),
            "{e}"
        );
        let e = error("{}", "last");
        assert!(e.contains("pipeline: stop_in: name some holes"), "{e}");
        let e = error("{ outer: [4] }", "none");
        assert!(e.contains("pipeline: stop_in needs a relay sowing"), "{e}");
        let e = error("{ outer: [4], heads: [1] }", "last");
        assert!(e.contains("heads"), "{e}");
    }
}
