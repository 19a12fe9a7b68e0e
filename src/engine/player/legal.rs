//! The legal holes of a declared move: the mover's open holes that hold seeds, filtered by where
//! the last seed would land, grand slams and feeding (by a trial sowing when needed).

use crate::engine::board::state::{Board, PitKind, SowEnd, NO_PIT};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::moves::WhenBlocked;
use crate::engine::declare::pipeline::{GrandSlam, Landing, Moves, Pipeline};
use crate::engine::sowing::sow;

use crate::engine::player::capture::chain_scan;
use crate::engine::player::material::{next_of, side_empty};

/// The legal holes of `player` by the declared `moves`, appended to `out` (canonical order).
pub fn legal_into(b: &Board, p: &Pipeline, player: usize, out: &mut Vec<usize>) {
    let l = &*b.layout;
    let m = &p.moves;
    let start = out.len();
    if p.at.odd_moves
        && m.give_one_to_empty
        && crate::engine::player::share::to_give(b, l, p, player).is_some()
    {
        crate::engine::player::share::legal_gifts(b, p, player, out);
        return;
    }
    // (holes owned round by round: any hole, those the player owns kept below)
    let mut holes = if m.any_row || !b.owners.is_empty() {
        &l.holes[..]
    } else {
        match p.at.play_holes_of.get(player) {
            Some(h) => &h[..],
            None => return,
        }
    };
    // (the holes at the rows' ends out while an opening lasts)
    if let Some(r) = l.sow.row_ends_first.as_deref() {
        if r.narrow(&b.seeds, &b.vars, player) {
            holes = &r.middle[player][..];
        }
    }
    let mut filtered = m.filtered();
    // (the opening's holes, when they narrow the move: what to play when none gives one)
    let mut blocked = None;
    if p.at.odd_moves && p.at.odd_legal {
        // (the opening turns: from their holes only, perhaps without the other filters)
        if let Some(o) = crate::engine::player::opening::now(b, p) {
            if let Some(h) = p.at.opening_holes.get(player).filter(|h| !h.is_empty()) {
                if o.when_blocked != WhenBlocked::NoMove {
                    blocked = Some((o.when_blocked, holes));
                }
                holes = &h[..];
            }
            filtered &= o.filters;
        }
    }
    if !filtered {
        // The common case: the open holes holding seeds, on plain slices.
        let (seeds, closed) = (&b.seeds[..], &b.closed[..]);
        let least = m.min_seeds.max(1);
        out.reserve(holes.len());
        for &h in holes {
            if !closed[h] && seeds[h] >= least {
                out.push(h);
            }
        }
    } else {
        legal_filtered(b, l, m, holes, player, out);
    }
    if let Some((how, all)) = blocked.filter(|_| out.len() == start) {
        when_blocked(b, l, m, how, all, player, out);
    }
    if !b.owners.is_empty() {
        crate::engine::player::rounds::territory::keep_owned(b, player, start, out);
    }
    if !b.children.is_empty() {
        // A child is never played from.
        let mut k = start;
        for i in start..out.len() {
            if b.children[out[i]] == 0 {
                out[k] = out[i];
                k += 1;
            }
        }
        out.truncate(k);
    }
    if p.at.odd_moves {
        if p.at.odd_legal {
            crate::engine::player::opening::filter(b, l, p, player, start, out);
        }
        odd_moves(b, l, p, start, out);
    }
    // (`feed_after_captures`: judged by whole trial moves, in `play::legal_into`)
    if m.must_feed && !m.feed_after_captures {
        let opp = next_of(l, player);
        if opp != player && side_empty(b, p, opp) {
            let all = m.feed_either_direction.then(|| out[start..].to_vec());
            let keep = retain_by_trial(b, player, start, out, |trial, end| {
                end.is_ok() && !side_empty(trial, p, opp)
            });
            if keep > start || !m.feed_if_able {
                out.truncate(keep);
            }
            if let Some(all) = all {
                either_direction(l, start, out, &all);
            }
        }
    }
    if let Some(c) = p
        .capture
        .chain
        .as_ref()
        .filter(|c| matches!(c.grand_slam, GrandSlam::Illegal | GrandSlam::Forbidden))
    {
        forbid_grand_slams(b, l, p, c, player, start, out);
    }
    // (the moves from his store, after his holes' and unfiltered)
    if p.at.odd_moves && m.sow_from_store {
        crate::engine::player::from_store::legal_into(b, p, player, out);
    }
}

/// `opening.when_blocked`: none of the opening's holes gives `player` a move; his moves from
/// `all` his holes instead, every one (`any_hole`, with the filters of `moves`) or those of the
/// last resort only (`last_resort`: the holes holding `last_resort_count` seeds).
#[cold]
#[inline(never)]
fn when_blocked(
    b: &Board,
    l: &Compiled,
    m: &Moves,
    how: WhenBlocked,
    all: &[usize],
    player: usize,
    out: &mut Vec<usize>,
) {
    match how {
        WhenBlocked::NoMove => {}
        WhenBlocked::AnyHole => legal_filtered(b, l, m, all, player, out),
        WhenBlocked::LastResort => {
            let n = m.last_resort_count;
            let last: Vec<usize> = all.iter().copied().filter(|&h| b.seeds[h] == n).collect();
            legal_filtered(b, l, m, &last, player, out);
        }
    }
}

/// `feed_either_direction`: the moves `all` (before the feeding filter) whose hole kept a move
/// in `out[start..]`, in their order, become `out[start..]`.
#[cold]
#[inline(never)]
fn either_direction(l: &Compiled, start: usize, out: &mut Vec<usize>, all: &[usize]) {
    let kept: Vec<usize> = out[start..].iter().map(|&mv| l.split_move(mv).0).collect();
    out.truncate(start);
    out.extend(
        all.iter()
            .copied()
            .filter(|&mv| kept.contains(&l.split_move(mv).0)),
    );
}

/// Drops from `out[start..]` the moves that would capture all the opponent's seeds, unless every
/// move is one (grand slam `illegal`; `forbidden`: even then). Kept out of line: the other
/// readings never call it.
#[cold]
#[inline(never)]
pub(super) fn forbid_grand_slams(
    b: &Board,
    l: &Compiled,
    p: &Pipeline,
    c: &crate::engine::declare::pipeline::Chain,
    player: usize,
    start: usize,
    out: &mut Vec<usize>,
) {
    if out.len() == start || (c.slam_if_held && side_empty(b, p, next_of(l, player))) {
        return;
    }
    let mut caught = [NO_PIT; 64];
    let keep = retain_by_trial(b, player, start, out, |trial, end| match end {
        Ok(end) => !chain_scan(trial, l, p, c, player, end.pit, &mut caught).1,
        Err(_) => true,
    });
    if keep > start || c.grand_slam == GrandSlam::Forbidden {
        out.truncate(keep);
    }
}

/// Tries each move of `out[start..]` on one untraced scratch copy of `b` (reset before each try)
/// and moves those for which `keep_if(trial, result)` holds to the front of `out[start..]`, in
/// order; returns the end of the kept moves (the caller decides whether to truncate).
pub(super) fn retain_by_trial(
    b: &Board,
    player: usize,
    start: usize,
    out: &mut [usize],
    mut keep_if: impl FnMut(&Board, &Result<SowEnd, String>) -> bool,
) -> usize {
    let mut trial = b.clone();
    trial.trace = None;
    trial.seen = Default::default();
    let mut keep = start;
    for i in start..out.len() {
        let h = out[i];
        trial.seeds.copy_from_slice(&b.seeds);
        trial.reserves.copy_from_slice(&b.reserves);
        trial.to_move = player;
        let end = sow::sow(&mut trial, h);
        if keep_if(&trial, &end) {
            out[keep] = h;
            keep += 1;
        }
    }
    keep
}

/// The legal holes among `holes` when the declared `moves` filter them (seeds equal to the hole's
/// number, where the last seed lands, a single seed only into an empty hole, a count played last),
/// appended to `out`.
pub(super) fn legal_filtered(
    b: &Board,
    l: &Compiled,
    m: &Moves,
    holes: &[usize],
    player: usize,
    out: &mut Vec<usize>,
) {
    let start = out.len();
    let least = m.min_seeds.max(1);
    // (a single seed only into an empty hole: always, or once a move of his has left his holes
    // holding one seed or none)
    let single_to_empty = m.single_seed_to_empty
        || m.all_single_vars
            .get(player)
            .is_some_and(|&v| b.vars[v] > 0);
    for &h in holes {
        if b.closed[h] || b.seeds[h] < least {
            continue;
        }
        if m.seeds_equal_number && b.seeds[h] != l.pits[h].pos as i64 {
            continue;
        }
        if let Some(kinds) = m
            .landing
            .as_ref()
            .filter(|_| m.landing_up_to <= 0 || b.seeds[h] <= m.landing_up_to)
        {
            let Some((last, empty)) = sow::landing_as(b, h, player) else {
                continue;
            };
            let pit = &l.pits[last];
            let ok = if pit.kind == PitKind::Store {
                kinds.contains(&Landing::Store)
            } else {
                kinds.contains(if empty {
                    &Landing::EmptyHole
                } else {
                    &Landing::OccupiedHole
                }) || (pit.owner != player && kinds.contains(&Landing::OpponentHole))
            };
            if !ok {
                continue;
            }
        }
        if single_to_empty && b.seeds[h] == 1 {
            match sow::landing_as(b, h, player) {
                Some((last, true)) if l.pits[last].kind == PitKind::Hole => {}
                _ => continue,
            }
        }
        out.push(h);
    }
    if m.last_resort_count > 0 {
        // Holes holding exactly n seeds only when every other legal hole does too.
        let n = m.last_resort_count;
        if out[start..].iter().any(|&h| b.seeds[h] != n) {
            let mut keep = start;
            for i in start..out.len() {
                if b.seeds[out[i]] != n {
                    out[keep] = out[i];
                    keep += 1;
                }
            }
            out.truncate(keep);
        } else if m.last_resort_rightmost {
            crate::engine::player::legal_rightmost::keep_rightmost(l, start, out, 1);
        }
    }
    if let Some(f) = &m.few_seeds_until_taken {
        crate::engine::player::few_seeds_first::narrow(b, f, player, holes, start, out);
    }
    if m.moves_var.is_some_and(|v| b.vars[v] == 0) {
        crate::engine::player::legal_rightmost::keep_rightmost(
            l,
            start,
            out,
            m.first_move_rightmost as usize,
        );
    }
}

/// Whether `player` has a legal move by the declared `moves`.
pub(super) fn has_move(b: &Board, p: &Pipeline, player: usize, scratch: &mut Vec<usize>) -> bool {
    // Choices inside a turn (`p.at.choices`, set at load), out of the common case's way.
    if p.at.choices {
        // (a captor's choice of holes pending: those holes are his moves)
        if p.capture.chosen_holes.is_some()
            && crate::engine::player::capture::chosen::pending(b, p).is_some()
        {
            scratch.clear();
            crate::engine::player::capture::chosen::legal_into(b, p, player, scratch);
            return !scratch.is_empty();
        }
        // (the arrangement before play: a counter to move, or a pass)
        if p.arrange.is_some() && crate::engine::player::arrange::pending(b, p) {
            return true;
        }
        // (a relay paused in a head: `stop` and `go`; a head to choose)
        if p.at.stop.is_some() {
            use crate::engine::player::stop_in;
            if stop_in::pending(b, p).is_some() {
                return true;
            }
            if stop_in::choosing(b, p) {
                scratch.clear();
                stop_in::heads_into(b, p, player, scratch);
                return !scratch.is_empty();
            }
        }
    }
    let m = &p.moves;
    // (seeds in his store are a move, where he may sow from it)
    if p.at.odd_moves
        && m.sow_from_store
        && crate::engine::player::from_store::can_sow(b, p, player)
    {
        return true;
    }
    let slam_rule = p
        .capture
        .chain
        .as_ref()
        .is_some_and(|c| matches!(c.grand_slam, GrandSlam::Illegal | GrandSlam::Forbidden));
    // Must-feed only filters when the next player has no seeds.
    let feeding = m.must_feed && {
        let opp = next_of(&b.layout, player);
        opp != player && side_empty(b, p, opp)
    };
    if !feeding
        && !m.filtered()
        && !slam_rule
        && !m.any_row
        && b.children.is_empty()
        && b.owners.is_empty()
        && !(p.at.odd_moves
            && (m.give_one_to_empty || p.at.no_return_var.is_some() || p.at.odd_legal))
    {
        // The common case, without building the list: an open hole holding enough seeds.
        let least = m.min_seeds.max(1);
        return p
            .at
            .play_holes_of
            .get(player)
            .is_some_and(|holes| holes.iter().any(|&h| !b.closed[h] && b.seeds[h] >= least));
    }
    scratch.clear();
    legal_into(b, p, player, scratch);
    !scratch.is_empty()
}

/// The holes of `out[start..]` held back (`no_single_return`) or given their moves by direction.
#[cold]
#[inline(never)]
fn odd_moves(b: &Board, l: &Compiled, p: &Pipeline, start: usize, out: &mut Vec<usize>) {
    if let Some(v) = p.at.no_return_var {
        if b.vars[v] > 0 && crate::engine::player::directions::still_held_back(b, p) {
            not_back(b, b.vars[v] as usize - 1, start, out);
        }
    }
    if !l.sow.choose_direction.is_empty()
        || l.sow.direction_by_first_move
        || l.sow.direction_by_own_turn > 0
    {
        with_directions(b, l, start, out);
    }
}

/// Gives the holes of `out[start..]` their moves by direction, in this position: where the mover
/// chooses it, the hole's move and after it its move the other way (id `hole + pits`); at the
/// first move of `direction_by_first_move`, every hole so (a hole not in `choose_direction`
/// named with its direction, id `hole + 2 * pits`); in the first `no_choice_turns`, a hole of
/// `choose_direction` named without it (id `hole + 2 * pits`). Kept out of line: most rules have
/// no such hole.
#[cold]
#[inline(never)]
pub(super) fn with_directions(b: &Board, l: &Compiled, start: usize, out: &mut Vec<usize>) {
    use crate::engine::declare::sowing::Choice;
    let n = l.pits.len();
    let choice = l.sow.choice_now(&b.vars, b.to_move);
    let mut i = start;
    while i < out.len() {
        let h = out[i];
        if h < n {
            let chooses = l.sow.chooses(l, h);
            match choice {
                Choice::AsDeclared if chooses => {
                    out.insert(i + 1, h + n);
                    i += 1;
                }
                Choice::AnyHole => {
                    if !chooses {
                        out[i] = h + 2 * n;
                    }
                    out.insert(i + 1, h + n);
                    i += 1;
                }
                Choice::NotYet if chooses => out[i] = h + 2 * n,
                _ => {}
            }
        }
        i += 1;
    }
}

/// Drops hole `q` from `out[start..]` while it holds the single seed the previous move sowed
/// into it across the board's end (`moves: no_single_return`).
#[cold]
#[inline(never)]
fn not_back(b: &Board, q: usize, start: usize, out: &mut Vec<usize>) {
    if b.seeds.get(q) != Some(&1) {
        return;
    }
    let mut keep = start;
    for i in start..out.len() {
        if out[i] != q {
            out[keep] = out[i];
            keep += 1;
        }
    }
    out.truncate(keep);
}

#[cfg(test)]
mod tests {
    use crate::engine::board::state::Board;
    use crate::engine::rule::test_boards::{data_board, labels, play};

    /// A two-player data rule, two rows of four holes, an opening of two turns from hole 3 (its
    /// key `when_blocked` by `when`), with the last resort of single seeds; South's opening hole
    /// S3 emptied, S1 holding one seed.
    fn blocked(when: &str) -> Board {
        let mut b = data_board(format!(
            "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - {{ row: S, owner: 1, holes: 4, seeds: 2 }}\n    - {{ row: N, owner: 2, holes: 4, seeds: 2 }}\nsowing: {{}}\npipeline:\n  moves:\n    opening: {{ turns: 2, holes: [3]{when} }}\n    last_resort_count: 1\n  end:\n    - {{ when: no_move, then: most_seeds }}\n"
        ));
        b.seeds = vec![1, 2, 0, 2, 2, 2, 2, 2];
        b
    }

    #[test]
    fn an_opening_whose_holes_are_empty_is_no_move_unless_declared() {
        assert!(labels(&blocked("")).is_empty());
        // any_hole: South moves as after the opening (singles last: S2 or S4)
        let mut b = blocked(", when_blocked: any_hole");
        assert_eq!(labels(&b), ["2", "4"]);
        play(&mut b, "2");
        assert_eq!(b.seeds, [1, 0, 1, 3, 2, 2, 2, 2]);
        // North's opening hole N3 holds seeds: his opening move only
        assert_eq!(labels(&b), ["3"]);
    }

    #[test]
    fn an_opening_blocked_plays_the_last_resort_from_any_hole() {
        // last_resort: only a single seed, from any hole (S1), though S2 and S4 hold two
        let mut b = blocked(", when_blocked: last_resort");
        assert_eq!(labels(&b), ["1"]);
        play(&mut b, "1");
        assert_eq!(b.seeds, [0, 3, 0, 2, 2, 2, 2, 2]);
        // without a hole of the last resort, no move
        let mut b = blocked(", when_blocked: last_resort");
        b.seeds[0] = 0;
        assert!(labels(&b).is_empty());
    }

    #[test]
    fn an_opening_blocked_by_the_last_resort_needs_one_declared() {
        let text = "name: t\nplayers: 2\nboard:\n  players: 2\n  shape: two_rows\n  pits:\n    - { row: S, owner: 1, holes: 4, seeds: 2 }\n    - { row: N, owner: 2, holes: 4, seeds: 2 }\nsowing: {}\npipeline:\n  moves:\n    opening: { turns: 2, holes: [3], when_blocked: last_resort }\n  end:\n    - { when: no_move, then: most_seeds }\n";
        let err = match crate::Rule::data_from_text(text.into(), std::path::Path::new("t.yaml")) {
            Err(e) => e.one_line(),
            Ok(rule) => {
                let opts = rule.resolve_options::<&str>(&[]).unwrap();
                match rule.new_board(&opts) {
                    Err(e) => e.one_line(),
                    Ok(_) => panic!("the rule loads and starts"),
                }
            }
        };
        assert!(
            err.contains("when_blocked: last_resort needs moves: last_resort_count"),
            "{err}"
        );
    }
}
