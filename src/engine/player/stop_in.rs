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

/// Where a sowing that ended at `end` stopped, for `stop_in`.
enum Head {
    /// Not in a head: the move goes on as any other.
    No,
    /// In one of the mover's heads: the decision is now pending (and noted).
    Paused,
    /// In a hole of his he may choose as a head but did not: the relay goes on from it.
    RelayOn,
}

/// After a sowing by `mover` that ended at `end`: whether it ended in one of his heads,
/// occupied, where the relay paused; if so the decision is set pending (and noted).
fn at_head(b: &mut Board, l: &Compiled, s: &StopLinked, mover: usize, end: &SowEnd) -> Head {
    let h = end.pit;
    let candidate = !end.stopped
        && !end.was_empty
        && l.pits[h].kind == PitKind::Hole
        && b.seeds[h] > 1
        && l.sow.head(h, mover, b.hole_owner(h));
    if !candidate {
        return Head::No;
    }
    if !s.head_vars.is_empty() && b.vars[s.head_vars[mover - 1]] & (1 << l.pits[h].pos) == 0 {
        return Head::RelayOn;
    }
    b.vars[s.var] = h as i64 + 1;
    let name = &l.pits[h].name;
    b.emit(|| Event::Note {
        kind: "decision".into(),
        text: format!("player {mover} may end his move in {name} (stop) or sow on (go)"),
    });
    Head::Paused
}

/// After a sowing by `mover` that ended at `end`: relays on from holes he might have chosen as
/// heads but did not (the lap limit counting the move's laps before), then whether the move
/// paused in one of his heads (the decision pending). `end` and the board's last end are the
/// move's end so far.
pub(in crate::engine::player) fn after_sowing(
    b: &mut Board,
    l: &Compiled,
    s: &StopLinked,
    mover: usize,
    end: &mut SowEnd,
) -> Result<bool, String> {
    let mut laps = end.laps;
    let mut paused = false;
    loop {
        match at_head(b, l, s, mover, end) {
            Head::No => break,
            Head::Paused => {
                paused = true;
                break;
            }
            Head::RelayOn => {
                if laps >= l.sow.max_laps {
                    let from = end.pit;
                    crate::engine::player::capture::laps::at_limit(b, l, end, from)?;
                    break;
                }
                *end = crate::engine::sowing::sow::sow_after(b, end.pit, laps)?;
                laps += end.laps;
            }
        }
    }
    end.laps = laps;
    b.last = *end;
    Ok(paused)
}

/// Whether hole `h` is a head of its owner's (named, or chosen by him).
pub fn is_head(b: &Board, h: usize) -> bool {
    let l = &*b.layout;
    let Some(s) = l.pipeline.as_deref().and_then(|p| p.at.stop.as_ref()) else {
        return false;
    };
    let owner = b.hole_owner(h);
    l.sow.head(h, owner, owner)
        && s.head_vars
            .get(owner.wrapping_sub(1))
            .is_none_or(|&v| b.vars[v] & (1 << l.pits[h].pos) != 0)
}

/// With `choose`: whether the player to move has still to choose a head.
#[inline]
pub fn choosing(b: &Board, p: &Pipeline) -> bool {
    p.at.stop.as_ref().is_some_and(|s| {
        s.head_vars
            .get(b.to_move.wrapping_sub(1))
            .is_some_and(|&v| (b.vars[v].count_ones() as i64) < s.choose)
    })
}

/// The holes `player` may choose as a head: those of his the rule lets him, not chosen yet.
pub fn heads_into(b: &Board, p: &Pipeline, player: usize, out: &mut Vec<usize>) {
    let Some(s) = p.at.stop.as_ref() else { return };
    let Some(&v) = s.head_vars.get(player.wrapping_sub(1)) else {
        return;
    };
    let l = &*b.layout;
    out.extend(l.holes.iter().copied().filter(|&h| {
        l.sow.head(h, player, b.hole_owner(h)) && b.vars[v] & (1 << l.pits[h].pos) == 0
    }));
}

/// The player to move chooses hole `pit` as a head (noted); an error for a hole he may not.
pub(in crate::engine::player) fn choose(
    b: &mut Board,
    p: &Pipeline,
    pit: usize,
) -> Result<(), String> {
    let mover = b.to_move;
    let mut legal = Vec::new();
    heads_into(b, p, mover, &mut legal);
    let l = b.layout.clone();
    if !legal.contains(&pit) {
        return Err(format!(
            "hole {} is not one of the holes player {mover} may choose as a head",
            l.pits.get(pit).map_or("?", |q| q.name.as_str())
        ));
    }
    if let Some(&v) = p.at.stop.as_ref().and_then(|s| s.head_vars.get(mover - 1)) {
        b.vars[v] |= 1 << l.pits[pit].pos;
    }
    let name = &l.pits[pit].name;
    b.emit(|| Event::Note {
        kind: "decision".into(),
        text: format!("player {mover} chooses {name} as a head"),
    });
    Ok(())
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
    fn heads_chosen_before_play_pause_and_the_others_relay() {
        let mut b = data_board(text("{ choose: 1 }", "last"));
        // each player chooses one hole of his row, South first
        assert_eq!(labels(&b), ["1", "2", "3", "4"]);
        play(&mut b, "3");
        assert_eq!((b.to_move, labels(&b).len()), (2, 4));
        play(&mut b, "4");
        assert_eq!(b.seeds, [2, 2, 2, 2, 2, 2, 2, 2]);
        assert!(b.layout.parse_label(1, "9").is_none());
        // play: S1's two seeds end in S3, South's head (3): the move pauses
        assert_eq!(b.to_move, 1);
        play(&mut b, "1");
        assert_eq!(b.seeds, [0, 3, 3, 2, 2, 2, 2, 2]);
        assert_eq!(labels(&b), ["stop", "go"]);
        play(&mut b, "stop");
        // North's N2 ends in N4, his head: it pauses too
        play(&mut b, "2");
        assert_eq!(labels(&b), ["stop", "go"]);
        play(&mut b, "stop");
        assert_eq!(b.seeds, [0, 3, 3, 2, 2, 0, 3, 3]);
        // a hole he might have chosen but did not relays as any other
        let mut c = data_board(text("{ choose: 1 }", "last"));
        play(&mut c, "1");
        play(&mut c, "1");
        // S2's two seeds end in S4 (3), which South did not choose: his relay goes on, N1, N2,
        // N3 (3): on, N4, S1, S2 (emptied): the move ends
        play(&mut c, "2");
        assert_eq!(c.seeds, [3, 1, 3, 0, 3, 3, 0, 3]);
        assert_eq!(c.to_move, 2);
    }

    #[test]
    fn the_opponents_heads_may_not_be_taken_as_chosen_holes() {
        let t = text("{ outer: [4] }", "last").replace(
            "  end:",
            "  capture:\n    opposite: { when_opposite_empty: false }\n    chosen_holes: { count: 2, except_heads: true }\n  end:",
        );
        let mut b = data_board(t);
        b.seeds = vec![1, 0, 0, 0, 2, 2, 3, 2];
        // S1's seed ends in S2, empty: it takes N3 opposite (3) and itself; South then chooses
        // among North's holes holding seeds, his head N4 aside
        play(&mut b, "1");
        assert_eq!(b.seeds, [0, 0, 0, 0, 2, 2, 0, 2]);
        assert_eq!(labels(&b), ["1", "2"]);
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
        let e = error("{ outer: [4], choose: 1 }", "last");
        assert!(
            e.contains("pipeline: stop_in: `choose` is a number of heads"),
            "{e}"
        );
        let e = error("{ choose: 5 }", "last");
        assert!(
            e.contains("pipeline: stop_in: choose: 5 heads of an outer row of 4"),
            "{e}"
        );
        let e = error("{ outer: [4], heads: [1] }", "last");
        assert!(e.contains("heads"), "{e}");
    }
}
