//! Runs a declared move pipeline ([`crate::engine::pipeline`]) natively: the legal holes, and a
//! whole move (sowing, captures, extra turn, the turn passing with passes, the end checks, the
//! sweep and the rounds), with the same trace events and notes a rule script would record.

use crate::engine::board::{Board, Layout, PitKind, SowEnd, NO_PIT};
use crate::engine::pipeline::{
    fill, Cond, End, EndCheck, ExtraTurn, GrandSlam, Landing, Moves, Note, Outcome, Pipeline,
    RoundWinner, Starter, Sweep,
};
use crate::engine::sow;
use crate::engine::trace::Event;

/// A hook the core calls after a declared move, for an event that happened during it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookCall {
    /// `on_pass(player)`: the player passed.
    Pass(usize),
    /// `on_round_end(round)`: the round ended (before the next one was set up).
    RoundEnd(i64),
    /// `on_game_end()`: the game ended.
    GameEnd,
}

/// The player after `pl`, cyclically.
#[inline]
fn next_of(l: &Layout, pl: usize) -> usize {
    pl % l.players + 1
}

/// The legal holes of `player` by the declared `moves`, appended to `out` (canonical order).
pub fn legal_into(b: &Board, p: &Pipeline, player: usize, out: &mut Vec<usize>) {
    let l = &*b.layout;
    let m = &p.moves;
    let start = out.len();
    let Some(holes) = p.at.holes_of.get(player) else {
        return;
    };
    if !m.seeds_equal_number && m.landing.is_none() {
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
    if !l.sow.choose_direction.is_empty() {
        with_directions(l, start, out);
    }
    if m.must_feed {
        let opp = next_of(l, player);
        if opp != player && seeds_of(b, p, opp) == 0 {
            let keep = retain_by_trial(b, player, start, out, |trial, end| {
                end.is_ok() && seeds_of(trial, p, opp) > 0
            });
            if keep > start || !m.feed_if_able {
                out.truncate(keep);
            }
        }
    }
    if let Some(c) = p
        .capture
        .chain
        .as_ref()
        .filter(|c| c.grand_slam == GrandSlam::Illegal)
    {
        forbid_grand_slams(b, l, p, c, player, start, out);
    }
}

/// Adds, after each hole of `out[start..]` where the mover chooses the direction, its move the
/// other way (id `hole + pits`). Kept out of line: most rules have no such hole.
#[cold]
#[inline(never)]
fn with_directions(l: &Layout, start: usize, out: &mut Vec<usize>) {
    let n = l.pits.len();
    let mut i = start;
    while i < out.len() {
        let h = out[i];
        if h < n && l.sow.chooses(l, h) {
            out.insert(i + 1, h + n);
            i += 1;
        }
        i += 1;
    }
}

/// Drops from `out[start..]` the moves that would capture all the opponent's seeds, unless every
/// move is one (grand slam `illegal`). Kept out of line: the other readings never call it.
#[cold]
#[inline(never)]
fn forbid_grand_slams(
    b: &Board,
    l: &Layout,
    p: &Pipeline,
    c: &crate::engine::pipeline::Chain,
    player: usize,
    start: usize,
    out: &mut Vec<usize>,
) {
    if out.len() == start {
        return;
    }
    let mut caught = [NO_PIT; 64];
    let keep = retain_by_trial(b, player, start, out, |trial, end| match end {
        Ok(end) => !chain_scan(trial, l, p, c, player, end.pit, &mut caught).1,
        Err(_) => true,
    });
    if keep > start {
        out.truncate(keep);
    }
}

/// Tries each move of `out[start..]` on one untraced scratch copy of `b` (reset before each try)
/// and moves those for which `keep_if(trial, result)` holds to the front of `out[start..]`, in
/// order; returns the end of the kept moves (the caller decides whether to truncate).
fn retain_by_trial(
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
/// number, or where the last seed lands), appended to `out`.
fn legal_filtered(
    b: &Board,
    l: &Layout,
    m: &Moves,
    holes: &[usize],
    player: usize,
    out: &mut Vec<usize>,
) {
    for &h in holes {
        if b.closed[h] || b.seeds[h] == 0 || b.seeds[h] < m.min_seeds {
            continue;
        }
        if m.seeds_equal_number && b.seeds[h] != l.pits[h].pos as i64 {
            continue;
        }
        if let Some(kinds) = &m.landing {
            let Some((last, empty)) = sow::landing_as(b, h, player) else {
                continue;
            };
            let kind = if l.pits[last].kind == PitKind::Store {
                Landing::Store
            } else if empty {
                Landing::EmptyHole
            } else {
                Landing::OccupiedHole
            };
            if !kinds.contains(&kind) {
                continue;
            }
        }
        out.push(h);
    }
}

/// Whether `player` has a legal move by the declared `moves`.
fn has_move(b: &Board, p: &Pipeline, player: usize, scratch: &mut Vec<usize>) -> bool {
    let m = &p.moves;
    let slam_rule = p
        .capture
        .chain
        .as_ref()
        .is_some_and(|c| c.grand_slam == GrandSlam::Illegal);
    // Must-feed only filters when the next player has no seeds.
    let feeding = m.must_feed && {
        let opp = next_of(&b.layout, player);
        opp != player && seeds_of(b, p, opp) == 0
    };
    if !feeding && !m.seeds_equal_number && m.landing.is_none() && !slam_rule {
        // The common case, without building the list: an open hole holding enough seeds.
        let least = m.min_seeds.max(1);
        return p
            .at
            .holes_of
            .get(player)
            .is_some_and(|holes| holes.iter().any(|&h| !b.closed[h] && b.seeds[h] >= least));
    }
    scratch.clear();
    legal_into(b, p, player, scratch);
    !scratch.is_empty()
}

/// The name of a player in notes.
pub(crate) fn name(p: &Pipeline, pl: usize) -> String {
    match p.names.get(pl.wrapping_sub(1)) {
        Some(n) => n.clone(),
        None => format!("player {pl}"),
    }
}

/// Records a note when tracing, its placeholders filled from `extra` and the position.
pub(crate) fn note<'a>(
    b: &mut Board,
    p: &Pipeline,
    n: &Note,
    mover: usize,
    extra: impl FnOnce() -> Vec<(&'a str, String)>,
) {
    if b.trace.is_none() || n.1.is_empty() {
        return;
    }
    let extra = extra();
    let text = {
        let bb = &*b;
        fill(&n.1, |k| {
            if let Some((_, v)) = extra.iter().find(|(x, _)| *x == k) {
                return Some(v.clone());
            }
            Some(match k {
                "mover" => mover.to_string(),
                "player" => bb.to_move.to_string(),
                "mover_name" => name(p, mover),
                "player_name" => name(p, bb.to_move),
                "laps" => bb.last.laps.to_string(),
                "round" => bb.vars[p.at.round_var?].to_string(),
                "moves" => bb.vars[p.at.moves_var?].to_string(),
                _ => return None,
            })
        })
    };
    let kind = n.0.clone();
    b.emit(|| Event::Note { kind, text });
}

/// A player's seeds held: his stores plus his reserve.
pub fn material(b: &Board, pl: usize) -> i64 {
    let l = &b.layout;
    l.stores
        .iter()
        .filter(|&&s| l.pits[s].owner == pl)
        .map(|&s| b.seeds[s])
        .sum::<i64>()
        + b.reserves[pl - 1]
}

/// Every player's material (stores plus reserve) into `m[player]`.
fn materials(b: &Board, l: &Layout, m: &mut [i64; 17]) {
    for &s in &l.stores {
        m[l.pits[s].owner] += b.seeds[s];
    }
    for (i, r) in b.reserves.iter().enumerate() {
        m[i + 1] += r;
    }
}

/// Whether a player is out (his pass counter reached `out_at`).
#[inline]
fn is_out(b: &Board, p: &Pipeline, pl: usize) -> bool {
    match (&p.pass, p.at.pass_counter) {
        (Some(pass), Some(c)) if pass.out_at > 0 => b.counter(c, pl) >= pass.out_at,
        _ => false,
    }
}

/// Plays the declared move from hole `pit` (assumed legal). Hooks to call are pushed on `hooks`
/// (only those the rule defines).
#[inline]
pub fn play(b: &mut Board, pit: usize, hooks: &mut Vec<HookCall>) -> Result<(), String> {
    let layout = b.layout.clone();
    let l = &*layout;
    let Some(p) = l.pipeline.as_deref() else {
        return Err("the rule declares no move pipeline (this.pipeline(#{...}) in setup())".into());
    };
    let mover = b.to_move;
    let end = sow::sow(b, pit)?;
    if end.stopped {
        note(b, p, &p.notes.stopped, mover, Vec::new);
    }
    let last = end.pit;
    let last_is_hole = l.pits[last].kind == PitKind::Hole;
    let by_capture = matches!(p.extra_turn, ExtraTurn::Capture | ExtraTurn::StoreOrCapture);
    let held = if by_capture { material(b, mover) } else { 0 };
    // A move stopped at its lap limit captures nothing.
    if let Some(o) = p.capture.opposite.as_ref().filter(|_| !end.stopped) {
        if last_is_hole && l.pits[last].owner == mover && end.was_empty {
            if let Some(opp) = l.opposite(last) {
                if b.seeds[opp] > 0 || o.when_opposite_empty {
                    sow::capture(b, opp, mover, "opposite");
                    if o.take_last {
                        sow::capture(b, last, mover, "last seed");
                    }
                }
            }
        }
    }
    if let Some(c) = p.capture.chain.as_ref().filter(|_| !end.stopped) {
        chain(b, l, p, c, mover, last);
    }
    if let Some(g) = p.capture.beyond_empty.as_ref().filter(|_| !end.stopped) {
        if last_is_hole && !(g.last_occupied && end.was_empty) {
            beyond_empty(b, l, g, mover, last);
        }
    }
    let took = by_capture && material(b, mover) > held;
    if let Some(t) = p.capture.last_seeds.as_ref().filter(|_| !end.stopped) {
        last_seeds(b, l, t, mover);
    }
    let extra = match p.extra_turn {
        ExtraTurn::None => false,
        ExtraTurn::Store => !last_is_hole,
        ExtraTurn::Capture => took,
        ExtraTurn::StoreOrCapture => took || !last_is_hole,
    };
    if extra {
        note(b, p, &p.notes.extra, mover, Vec::new);
    }
    if let Some(v) = p.at.moves_var {
        b.vars[v] += 1;
    }
    if run_checks(b, l, p, mover, true, hooks) {
        return Ok(());
    }
    if !extra {
        let mut q = mover;
        for _ in 0..l.players {
            q = next_of(l, q);
            if !is_out(b, p, q) {
                break;
            }
        }
        b.to_move = q;
    }
    if p.pass.is_some() && passes(b, l, p, hooks) {
        return Ok(());
    }
    if p.at.track_repetition {
        record_position(b);
    }
    run_checks(b, l, p, mover, false, hooks);
    Ok(())
}

/// Records the current position for `repeated_position`: clears the list first when the seeds
/// in the holes changed since it was last cleared (a capture: no earlier position can come back),
/// then notes whether the position was already in it.
fn record_position(b: &mut Board) {
    let in_holes: i64 = b.layout.holes.iter().map(|&h| b.seeds[h]).sum();
    if in_holes != b.seen.in_holes {
        b.seen.hashes.clear();
        b.seen.in_holes = in_holes;
    }
    let h = b.position_hash();
    b.seen.repeated = b.seen.hashes.contains(&h);
    if !b.seen.repeated {
        b.seen.hashes.push(h);
    }
}

/// Starts the list of positions seen afresh from the current position (a game started from a
/// given position), when the rule checks repetitions.
pub fn restart_repetition(b: &mut Board) {
    b.seen = Default::default();
    if b.layout
        .pipeline
        .as_deref()
        .is_some_and(|p| p.at.track_repetition)
    {
        record_position(b);
    }
}

/// Runs the end checks at the end of setup (a start that is already over).
pub fn check_start(b: &mut Board) {
    let layout = b.layout.clone();
    if let Some(p) = layout.pipeline.as_deref() {
        let mover = b.to_move;
        let mut hooks = Vec::new();
        b.seen = Default::default();
        if p.at.track_repetition {
            record_position(b);
        }
        if let Some(v) = p.at.round_starter_var {
            if b.vars[v] == 0 {
                b.vars[v] = b.to_move as i64;
            }
        }
        if !run_checks(b, &layout, p, mover, true, &mut hooks) {
            run_checks(b, &layout, p, mover, false, &mut hooks);
        }
    }
}

/// Who starts the next round by `s`, the round won by `rw` (0: level).
pub(crate) fn starter_of(b: &Board, p: &Pipeline, s: Starter, mover: usize, rw: usize) -> usize {
    let other = |x: usize| if x == 1 { 2 } else { 1 };
    match s {
        Starter::Mover => mover,
        Starter::ToMove => b.to_move,
        Starter::Alternate => {
            let started = p.at.round_starter_var.map_or(0, |v| b.vars[v]) as usize;
            if started == 0 {
                other(b.to_move)
            } else {
                other(started)
            }
        }
        Starter::Winner if rw != 0 => rw,
        Starter::Winner => b.to_move,
        Starter::Loser if rw != 0 => other(rw),
        Starter::Loser => other(b.to_move),
    }
}

/// Whether `q` is a hole on the chain's side (for `mover`) holding a count it captures (a chain
/// goes on through it).
#[inline]
fn takes(
    b: &Board,
    l: &Layout,
    c: &crate::engine::pipeline::Chain,
    mover: usize,
    q: usize,
) -> bool {
    use crate::engine::pipeline::ChainSide;
    if q == NO_PIT || l.pits[q].kind != PitKind::Hole {
        return false;
    }
    let owner = l.pits[q].owner;
    let side_ok = match c.side {
        ChainSide::Opponent => owner != mover && owner != 0,
        ChainSide::Own => owner == mover,
        ChainSide::Any => true,
    };
    let n = b.seeds[q];
    side_ok
        && n > 0
        && (c.counts.is_empty() || c.counts.contains(&n))
        && (!c.even || n % 2 == 0)
        && (c.at_least <= 0 || n >= c.at_least)
        && (c.at_most <= 0 || n <= c.at_most)
}

/// The hole after `p` in the chain's direction, passing over stores and closed holes.
fn chain_step(l: &Layout, b: &Board, c: &crate::engine::pipeline::Chain, p: usize) -> usize {
    use crate::engine::pipeline::ChainDirection;
    let back = matches!(
        c.direction,
        ChainDirection::Back | ChainDirection::AgainstTrack
    );
    // The direction of this move's sowing (some moves are sown the other way), or the track's.
    let fixed = matches!(
        c.direction,
        ChainDirection::AgainstTrack | ChainDirection::AlongTrack
    );
    let reverse = l.sow.reverse != (b.last.reversed && !fixed);
    let links = if reverse == back { &l.next } else { &l.prev };
    let mut q = p;
    for _ in 0..l.track.len() {
        q = links[q];
        if q == NO_PIT {
            return NO_PIT;
        }
        if !b.closed[q] && l.pits[q].kind == PitKind::Hole {
            return q;
        }
    }
    NO_PIT
}

/// The holes a chain from `last` takes, written to `caught` (returns how many, and whether they
/// are all the opponent's seeds: a grand slam). Most moves capture nothing: they return before
/// touching `caught`.
fn chain_scan(
    b: &Board,
    l: &Layout,
    p: &Pipeline,
    c: &crate::engine::pipeline::Chain,
    mover: usize,
    last: usize,
    caught: &mut [usize; 64],
) -> (usize, bool) {
    let opp = next_of(l, mover);
    if !takes(b, l, c, mover, last) {
        return (0, false);
    }
    let limit = if c.max > 0 {
        (c.max as usize).min(caught.len())
    } else {
        caught.len()
    };
    let mut n = 0;
    let mut from_opp = 0;
    let mut q = last;
    while n < limit && takes(b, l, c, mover, q) && !caught[..n].contains(&q) {
        caught[n] = q;
        n += 1;
        if l.pits[q].owner == opp {
            from_opp += b.seeds[q];
        }
        q = chain_step(l, b, c, q);
    }
    let slam = c.grand_slam != GrandSlam::All && from_opp > 0 && from_opp == seeds_of(b, p, opp);
    (n, slam)
}

/// Oware's chain: backwards from the last pit over the opponent's holes holding one of the counts.
fn chain(
    b: &mut Board,
    l: &Layout,
    p: &Pipeline,
    c: &crate::engine::pipeline::Chain,
    mover: usize,
    last: usize,
) {
    let mut caught = [NO_PIT; 64];
    let (n, slam) = chain_scan(b, l, p, c, mover, last, &mut caught);
    if n == 0 {
        return;
    }
    // `nothing`, and `illegal` (played only when every move was one): it captures nothing.
    if slam {
        note(b, p, &p.notes.grand_slam, mover, Vec::new);
        return;
    }
    for &h in &caught[..n] {
        sow::capture(b, h, mover, &c.why);
    }
}

/// The hole after `p` with the sowing, passing over stores and closed holes.
fn hole_after(l: &Layout, b: &Board, p: usize) -> usize {
    let links = if l.sow.reverse != b.last.reversed {
        &l.prev
    } else {
        &l.next
    };
    let mut q = p;
    for _ in 0..l.track.len() {
        q = links[q];
        if q == NO_PIT {
            return NO_PIT;
        }
        if !b.closed[q] && l.pits[q].kind == PitKind::Hole {
            return q;
        }
    }
    NO_PIT
}

/// The capture across a gap from the last hole `last` (the hole beyond must hold seeds).
fn beyond_empty(
    b: &mut Board,
    l: &Layout,
    g: &crate::engine::pipeline::BeyondEmpty,
    mover: usize,
    last: usize,
) {
    use crate::engine::pipeline::BeyondSide;
    let mut at = last;
    for _ in 0..l.holes.len() {
        let gap = hole_after(l, b, at);
        if gap == NO_PIT || b.seeds[gap] != 0 {
            return;
        }
        let beyond = hole_after(l, b, gap);
        if beyond == NO_PIT || b.seeds[beyond] == 0 {
            return;
        }
        let owner = l.pits[beyond].owner;
        let ok = match g.side {
            BeyondSide::Any => true,
            BeyondSide::Opponent => owner != mover && owner != 0,
            BeyondSide::Own => owner == mover,
        };
        if !ok {
            return;
        }
        sow::capture(b, beyond, mover, "beyond an empty hole");
        if !g.repeat {
            return;
        }
        at = beyond;
    }
}

/// The take of the last few seeds.
fn last_seeds(b: &mut Board, l: &Layout, t: &crate::engine::pipeline::LastSeeds, mover: usize) {
    use crate::engine::pipeline::BeyondSide;
    let counted: i64 = l
        .holes
        .iter()
        .filter(|&&h| {
            let o = l.pits[h].owner;
            !b.closed[h]
                && match t.counted {
                    BeyondSide::Any => true,
                    BeyondSide::Opponent => o != mover && o != 0,
                    BeyondSide::Own => o == mover,
                }
        })
        .map(|&h| b.seeds[h])
        .sum();
    if counted > 0 && counted <= t.at_most {
        for i in 0..l.holes.len() {
            let h = l.holes[i];
            if !b.closed[h] {
                sow::capture(b, h, mover, "the last seeds");
            }
        }
    }
}

/// "2 or 3" for counts `[2, 3]`.
pub fn chain_why(counts: &[i64]) -> String {
    let v: Vec<String> = counts.iter().map(|n| n.to_string()).collect();
    match v.len() {
        0 => String::new(),
        1 => v[0].clone(),
        k => format!("{} or {}", v[..k - 1].join(", "), v[k - 1]),
    }
}

/// The pass step: while the player to move has no legal move he passes (his counter + 1; out at
/// `out_at`, the last player left in winning) and the turn goes on. True when the game ended.
fn passes(b: &mut Board, l: &Layout, p: &Pipeline, hooks: &mut Vec<HookCall>) -> bool {
    let Some(pass) = &p.pass else { return false };
    let Some(c) = p.at.pass_counter else {
        return false;
    };
    let mut scratch = Vec::new();
    let mut in_a_row = 0;
    loop {
        let pl = b.to_move;
        if has_move(b, p, pl, &mut scratch) {
            return false;
        }
        let n = l.players;
        let pen = b.counter(c, pl) + 1;
        b.counters[c * n + pl - 1] = pen;
        b.emit(|| Event::Pass { player: pl });
        note(b, p, &p.notes.penalty, pl, || {
            vec![("penalties", pen.to_string())]
        });
        if p.at.hooks.pass {
            hooks.push(HookCall::Pass(pl));
        }
        if pass.out_at > 0 && pen >= pass.out_at {
            note(b, p, &p.notes.out, pl, || {
                vec![("penalties", pen.to_string())]
            });
            let left: Vec<usize> = (1..=n).filter(|&q| !is_out(b, p, q)).collect();
            if left.len() == 1 {
                let w = left[0];
                note(b, p, &p.notes.last_left, pl, || {
                    vec![("winner", w.to_string())]
                });
                finish(b, p, w, hooks);
                return true;
            }
        }
        in_a_row += 1;
        if pass.out_at <= 0 && in_a_row >= n {
            // Nobody can move and nobody goes out: leave it to the end checks.
            return false;
        }
        let mut q = pl;
        for _ in 0..n {
            q = next_of(l, q);
            if !is_out(b, p, q) {
                break;
            }
        }
        b.to_move = q;
    }
}

pub(crate) fn finish(b: &mut Board, p: &Pipeline, winner: usize, hooks: &mut Vec<HookCall>) {
    b.winner = winner;
    b.over = true;
    if p.at.hooks.game_end {
        hooks.push(HookCall::GameEnd);
    }
}

/// Seeds in each player's open holes (index = player; 0 for holes owned by nobody), in one pass.
fn seeds_by_player(b: &Board, l: &Layout, p: &Pipeline) -> [i64; 17] {
    let mut s = [0i64; 17];
    for (pl, slot) in s.iter_mut().enumerate().take(l.players + 1).skip(1) {
        *slot = seeds_of(b, p, pl);
    }
    s
}

/// Seeds in a player's open holes.
#[inline]
fn seeds_of(b: &Board, p: &Pipeline, pl: usize) -> i64 {
    let (seeds, closed) = (&b.seeds[..], &b.closed[..]);
    let mut n = 0;
    for &h in &p.at.holes_of[pl] {
        if !closed[h] {
            n += seeds[h];
        }
    }
    n
}

#[inline(never)]
fn holds(b: &Board, l: &Layout, p: &Pipeline, c: &EndCheck, mover: usize) -> bool {
    match c.when {
        Cond::SideEmpty => {
            let s = seeds_by_player(b, l, p);
            s[1..=l.players].contains(&0)
        }
        Cond::ToMoveEmpty => seeds_of(b, p, b.to_move) == 0,
        Cond::MoverEmpty => seeds_of(b, p, mover) == 0,
        Cond::NoMove => !has_move(b, p, b.to_move, &mut Vec::new()),
        Cond::AllStored => l.holes.iter().all(|&h| b.closed[h] || b.seeds[h] == 0),
        Cond::LastIn => {
            b.last.pit != NO_PIT
                && if c.pit_mask.is_empty() {
                    l.pits[b.last.pit].kind == PitKind::Hole
                } else {
                    c.pit_mask[b.last.pit]
                }
        }
        Cond::LastInEmptyHole => {
            b.last.pit != NO_PIT
                && l.pits[b.last.pit].kind == PitKind::Hole
                && b.last.was_empty
                && (c.pit_mask.is_empty() || c.pit_mask[b.last.pit])
        }
        Cond::Majority => {
            let total = b.total();
            let mut m = [0i64; 17];
            materials(b, l, &mut m);
            let m = &m[1..=l.players];
            m.iter().any(|&x| 2 * x > total)
                || (l.players == 2 && total % 2 == 0 && m.iter().all(|&x| 2 * x == total))
        }
        Cond::MovesReached => c.limit > 0 && p.at.moves_var.is_some_and(|v| b.vars[v] >= c.limit),
        Cond::Stopped => b.last.stopped,
        Cond::OthersCannotFill => {
            let fill = p.rounds.as_ref().map_or(1, |r| r.fill);
            let total = b.total();
            (1..=l.players).any(|pl| total - material(b, pl) < c.limit * fill)
        }
        Cond::FewLeft => {
            let left: i64 = l
                .holes
                .iter()
                .filter(|&&h| !b.closed[h])
                .map(|&h| b.seeds[h])
                .sum();
            left > 0 && left < c.limit
        }
        Cond::RepeatedPosition => b.seen.repeated,
    }
}

/// Runs the end checks of one phase; the first that holds applies. True when one applied.
#[inline]
fn run_checks(
    b: &mut Board,
    l: &Layout,
    p: &Pipeline,
    mover: usize,
    before_turn: bool,
    hooks: &mut Vec<HookCall>,
) -> bool {
    // Testing is on every move and applying rare: the test stays small, the rest out of line.
    if (before_turn && p.at.none_before_turn) || (!before_turn && p.at.none_after_turn) {
        return false;
    }
    match p
        .end
        .iter()
        .find(|c| c.before_turn == before_turn && holds(b, l, p, c, mover))
    {
        Some(c) => {
            apply_check(b, l, p, c, mover, hooks);
            true
        }
        None => false,
    }
}

/// Applies an end check that holds: its note, sweep and outcome.
#[inline(never)]
fn apply_check(
    b: &mut Board,
    l: &Layout,
    p: &Pipeline,
    c: &EndCheck,
    mover: usize,
    hooks: &mut Vec<HookCall>,
) {
    {
        if let Some(n) = &c.note {
            note(b, p, n, mover, || vec![("limit", c.limit.to_string())]);
        }
        match c.sweep {
            Sweep::None => {}
            Sweep::Owners => {
                for i in 0..l.holes.len() {
                    let h = l.holes[i];
                    let owner = l.pits[h].owner;
                    if !b.closed[h] && owner >= 1 {
                        sow::capture(b, h, owner, &c.why);
                    }
                }
            }
            Sweep::Mover => {
                for i in 0..l.holes.len() {
                    let h = l.holes[i];
                    if !b.closed[h] {
                        sow::capture(b, h, mover, &c.why);
                    }
                }
            }
            Sweep::Split => split_left(b, l, &c.why),
            Sweep::Discard => {
                for i in 0..l.holes.len() {
                    let h = l.holes[i];
                    let n = b.seeds[h];
                    if !b.closed[h] && n > 0 {
                        b.seeds[h] = 0;
                        b.discarded += n;
                        let why = c.why.clone();
                        b.emit(|| Event::Capture {
                            pit: h,
                            seeds: n,
                            player: 0,
                            why,
                        });
                    }
                }
            }
        }
        match c.then {
            Outcome::MostSeeds => {
                let mut all = [0i64; 17];
                materials(b, l, &mut all);
                let m = &all[1..=l.players];
                let best = m.iter().copied().max().unwrap_or(0);
                let w = if m.iter().filter(|&&x| x == best).count() == 1 {
                    m.iter().position(|&x| x == best).map_or(0, |i| i + 1)
                } else {
                    0
                };
                finish(b, p, w, hooks);
            }
            Outcome::MoverWins => finish(b, p, mover, hooks),
            Outcome::FewestInHoles => {
                let s = seeds_by_player(b, l, p);
                let least = s[1..=l.players].iter().copied().min().unwrap_or(0);
                let w = if s[mover] == least {
                    mover
                } else {
                    (1..=l.players).find(|&q| s[q] == least).unwrap_or(0)
                };
                finish(b, p, w, hooks);
            }
            Outcome::NoWinner => finish(b, p, 0, hooks),
            Outcome::Round => {
                if p.rounds
                    .as_ref()
                    .is_some_and(|r| r.winner == RoundWinner::MostSeeds)
                {
                    crate::engine::declared_rounds::end_round_by_seeds(
                        b, l, p, mover, c.starter, hooks,
                    );
                } else {
                    end_round(b, l, p, mover, c.starter, hooks);
                }
            }
        }
    }
}

/// Shares the seeds left in the open holes between players 1 and 2: half each, an odd seed to
/// the one holding fewer (to player 2 when level). Each hole's seeds go to one player or the
/// other, so the trace shows ordinary captures.
fn split_left(b: &mut Board, l: &Layout, why: &str) {
    if l.players != 2 {
        return;
    }
    let left: i64 = l
        .holes
        .iter()
        .filter(|&&h| !b.closed[h])
        .map(|&h| b.seeds[h])
        .sum();
    let (m1, m2) = (material(b, 1), material(b, 2));
    let odd_to_1 = m2 > m1;
    let share1 = left / 2 + if odd_to_1 { left % 2 } else { 0 };
    let mut owed1 = share1;
    for i in 0..l.holes.len() {
        let h = l.holes[i];
        if b.closed[h] || b.seeds[h] == 0 {
            continue;
        }
        let n = b.seeds[h];
        if owed1 >= n {
            owed1 -= n;
            sow::capture(b, h, 1, why);
        } else if owed1 > 0 {
            // Part to each: take player 1's part first as a capture of the whole hole, then
            // hand back the rest to player 2.
            let rest = n - owed1;
            b.seeds[h] = owed1;
            owed1 = 0;
            sow::capture(b, h, 1, why);
            b.seeds[h] = rest;
            sow::capture(b, h, 2, why);
        } else {
            sow::capture(b, h, 2, why);
        }
    }
}

/// Scores the round (the board already swept), then ends the match or refills for the next round.
fn end_round(
    b: &mut Board,
    l: &Layout,
    p: &Pipeline,
    mover: usize,
    starter: Starter,
    hooks: &mut Vec<HookCall>,
) {
    let Some(r) = &p.rounds else { return };
    let (Some(rv), [s1, s2]) = (p.at.round_var, p.at.start_reserve_vars.as_slice()) else {
        return;
    };
    let round = b.vars[rv];
    let c1 = b.reserves[0] - b.vars[*s1];
    let c2 = b.reserves[1] - b.vars[*s2];
    let rw = if c1 > c2 {
        1
    } else if c2 > c1 {
        2
    } else {
        0
    };
    if b.trace.is_some() {
        let result = if rw == 0 {
            "level".to_string()
        } else {
            format!("{} wins the round", name(p, rw))
        };
        note(b, p, &p.notes.round_result, mover, || {
            vec![
                ("name1", name(p, 1)),
                ("name2", name(p, 2)),
                ("capture1", c1.to_string()),
                ("capture2", c2.to_string()),
                ("result", result),
            ]
        });
    }
    if p.at.hooks.round_end {
        hooks.push(HookCall::RoundEnd(round));
    }
    if !r.play_match {
        finish(b, p, rw, hooks);
        return;
    }
    for pl in [1, 2] {
        if b.reserves[pl - 1] < r.fill {
            let w = 3 - pl;
            let reserve = b.reserves[pl - 1].to_string();
            note(b, p, &p.notes.cannot_fill, mover, || {
                vec![
                    ("loser_name", name(p, pl)),
                    ("winner_name", name(p, w)),
                    ("reserve", reserve),
                ]
            });
            finish(b, p, w, hooks);
            return;
        }
    }
    if r.max_rounds > 0 && round >= r.max_rounds {
        let (r1, r2) = (b.reserves[0], b.reserves[1]);
        let w = if r1 > r2 {
            1
        } else if r2 > r1 {
            2
        } else {
            0
        };
        note(b, p, &p.notes.max_rounds, mover, || {
            vec![("reserve1", r1.to_string()), ("reserve2", r2.to_string())]
        });
        finish(b, p, w, hooks);
        return;
    }
    for i in 0..l.holes.len() {
        let h = l.holes[i];
        if b.closed[h] {
            b.closed[h] = false;
            b.emit(|| Event::Close {
                pit: h,
                closed: false,
            });
        }
    }
    for pl in [1usize, 2] {
        let Some(row) = l.rows.iter().find(|row| row.owner == pl) else {
            continue;
        };
        let n = row.pits.len();
        let k = ((b.reserves[pl - 1] / r.fill) as usize).min(n);
        let at = |i: usize| match r.fill_from {
            End::Right => row.pits[n - 1 - i],
            End::Left => row.pits[i],
        };
        for i in 0..k {
            let h = at(i);
            b.reserves[pl - 1] -= r.fill;
            b.seeds[h] += r.fill;
            let seeds = r.fill;
            b.emit(|| Event::Fill {
                pit: h,
                seeds,
                player: pl,
            });
        }
        for i in 0..n - k {
            let h = at(n - 1 - i);
            b.closed[h] = true;
            b.emit(|| Event::Close {
                pit: h,
                closed: true,
            });
        }
        if b.trace.is_some() {
            let reserve = b.reserves[pl - 1].to_string();
            let from = match r.fill_from {
                End::Right => "right",
                End::Left => "left",
            };
            note(b, p, &p.notes.refill, mover, || {
                vec![
                    ("player_name", name(p, pl)),
                    ("filled", k.to_string()),
                    ("closed", (n - k).to_string()),
                    ("reserve", reserve),
                    ("from", from.to_string()),
                ]
            });
        }
    }
    b.vars[*s1] = b.reserves[0];
    b.vars[*s2] = b.reserves[1];
    b.vars[rv] = round + 1;
    if let Some(v) = p.at.moves_var {
        b.vars[v] = 0;
    }
    b.to_move = starter_of(b, p, starter, mover, rw);
    if let Some(v) = p.at.round_starter_var {
        b.vars[v] = b.to_move as i64;
    }
    note(b, p, &p.notes.round_start, mover, Vec::new);
}
