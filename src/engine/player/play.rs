//! Runs a declared move pipeline ([`crate::engine::declare::pipeline`]) natively: the legal holes, and a
//! whole move (sowing, captures, extra turn, the turn passing with passes, the end checks, the
//! sweep and the rounds), with the same trace events and notes a rule script would record.

use crate::engine::board::state::{Board, PitKind, SowEnd};
use crate::engine::declare::compiled::Compiled;
use crate::engine::declare::pipeline::Pipeline;
use crate::engine::declare::pipeline::{ExtraTurn, GrandSlam};
use crate::engine::sowing::sow;
use crate::engine::trace::event::Event;

use crate::engine::player::capture::chosen;
use crate::engine::player::capture::{
    beyond_empty, chain, counted_holes, last_seeds, next_hole, opposite, store_to_opponent,
};
use crate::engine::player::directions;
use crate::engine::player::end::run_checks;
pub use crate::engine::player::hooks::HookCall;
pub use crate::engine::player::material::material;
use crate::engine::player::material::{is_out, next_of, side_empty};
use crate::engine::player::notes::note;
use crate::engine::player::opening;
use crate::engine::player::repetition::record_position;
use crate::engine::player::rounds::fill_choice;
use crate::engine::player::rounds::own_choice;
use crate::engine::player::stop_in;
use crate::engine::player::turn::passes;
/// Plays the declared move from hole `pit` (assumed legal). Hooks to call are pushed on `hooks`
/// (only those the rule defines).
#[inline]
pub fn play(b: &mut Board, pit: usize, hooks: &mut Vec<HookCall>) -> Result<(), String> {
    let layout = b.layout.clone();
    let l = &*layout;
    let Some(p) = l.pipeline.as_deref() else {
        return Err("the rule declares no move pipeline (this.pipeline(#{...}) in setup())".into());
    };
    if p.at.choices {
        if let Some(r) = play_choice(b, l, p, pit, hooks) {
            return r;
        }
    }
    if p.at.rare {
        play_with::<true, false>(b, l, p, pit, hooks)
    } else {
        play_with::<false, false>(b, l, p, pit, hooks)
    }
}

/// The legal moves of `player` by the declared `moves`, appended to `out` (see
/// [`crate::engine::player::legal::legal_into`]); with `feed_after_captures`, when the next
/// player has no seeds, only the moves after whose sowing and captures he holds some (every
/// move when none does).
#[inline]
pub fn legal_into(b: &Board, p: &Pipeline, player: usize, out: &mut Vec<usize>) {
    if p.at.choices && crate::engine::player::choices::legal_into(b, p, player, out) {
        return;
    }
    let start = out.len();
    crate::engine::player::legal::legal_into(b, p, player, out);
    if p.moves.must_feed && p.moves.feed_after_captures {
        feed_after_captures(b, p, player, start, out);
    }
}

/// A pending decision's move played (`Some`), or none pending (`None`: the move is sown).
#[cold]
fn play_choice(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    pit: usize,
    hooks: &mut Vec<HookCall>,
) -> Option<Result<(), String>> {
    // (before play: a seed of the mover's hand into one of his holes)
    let mover = b.to_move;
    if p.place_from_hand.is_some() && crate::engine::player::place::pending(b, p, mover) {
        let placed = crate::engine::player::place::play(b, l, p, pit);
        if placed == Ok(true) {
            run_checks(b, l, p, mover, false, hooks, legal_into);
        }
        return Some(placed.map(|_| ()));
    }
    // (a rule whose laps may go the other way: its whole turn, decisions included)
    if let Some(r) = p.at.reverse.as_deref() {
        return Some(
            crate::engine::player::loops::reverse_laps::play(b, l, r, pit).and_then(|over| {
                if !over {
                    return Ok(());
                }
                if let Some(v) = p.at.moves_var {
                    b.vars[v] += 1;
                }
                finish(b, l, p, mover, false, hooks)
            }),
        );
    }
    // (a rule whose captures are sown from an end hole: its whole turn, decisions included)
    if let Some(r) = p.at.end_hole.as_deref() {
        return Some(
            crate::engine::player::loops::end_hole::play(b, l, r, pit).and_then(|over| {
                if !over {
                    return Ok(());
                }
                if let Some(v) = p.at.moves_var {
                    b.vars[v] += 1;
                }
                finish(b, l, p, mover, false, hooks)
            }),
        );
    }
    // (before play: a counter moved between the mover's holes, or a pass)
    if p.arrange.is_some() && crate::engine::player::arrange::pending(b, p) {
        let r = crate::engine::player::arrange::play(b, l, p, pit);
        // (its end: the checks after a turn, as for the first sower without a move)
        if r.is_ok() && !crate::engine::player::arrange::pending(b, p) {
            run_checks(b, l, p, mover, false, hooks, legal_into);
        }
        return Some(r);
    }
    // (between rounds: a hole chosen to be filled, not a sowing)
    if p.at.fill_choice_var.is_some() && fill_choice::pending(b, p).is_some() {
        return Some(fill_choice::play(b, l, p, pit));
    }
    if p.at.own_choice_var.is_some() && own_choice::pending(b, p).is_some() {
        return Some(own_choice::play(b, l, p, pit));
    }
    // (before play: a head chosen)
    if stop_in::choosing(b, p) {
        let mover = b.to_move;
        return Some(stop_in::choose(b, p, pit).and_then(|_| finish(b, l, p, mover, false, hooks)));
    }
    // (a relay paused in a head: the mover ends his move there or sows on)
    if let Some(st) =
        p.at.stop
            .as_ref()
            .filter(|_| stop_in::pending(b, p).is_some())
    {
        let mover = b.to_move;
        return Some(match stop_in::decide(b, l, st, pit) {
            Err(e) => Err(e),
            Ok(Some(head)) => play_with::<true, false>(b, l, p, head, hooks),
            Ok(None) => {
                if let Some(v) = p.at.moves_var {
                    b.vars[v] += 1;
                }
                if let Some(v) = p.at.extra_var {
                    b.vars[v] = 0;
                }
                finish(b, l, p, mover, false, hooks)
            }
        });
    }
    // (after a capture: a hole of the opponent's chosen to be taken)
    if p.capture.chosen_holes.is_some() && chosen::pending(b, p).is_some() {
        let mover = b.to_move;
        return Some(
            chosen::take(b, l, p, pit).and_then(|again| finish(b, l, p, mover, again, hooks)),
        );
    }
    None
}

/// `feed_after_captures`: keeps in `out[start..]` the moves that leave the next player seeds
/// once sown and captured on a copy of the board (when none does: all of them with
/// `feed_if_able`, else none); only when he has none before the move, or with `feed_always`
/// for every move.
#[cold]
#[inline(never)]
fn feed_after_captures(b: &Board, p: &Pipeline, player: usize, start: usize, out: &mut Vec<usize>) {
    let layout = b.layout.clone();
    let l = &*layout;
    let opp = next_of(l, player);
    if opp == player || (!p.moves.feed_always && !side_empty(b, p, opp)) {
        return;
    }
    let mut hooks = Vec::new();
    let one = p
        .moves
        .feed_after_first_lap
        .then(|| crate::engine::player::feed_lap::one_lap(l));
    let fed: Vec<bool> = out[start..]
        .iter()
        .map(|&mv| {
            let mut trial = b.clone();
            trial.trace = None;
            trial.to_move = player;
            play_with::<true, true>(&mut trial, l, p, mv, &mut hooks).is_ok()
                && !side_empty(&trial, p, opp)
                && one.as_ref().is_none_or(|one| {
                    crate::engine::player::feed_lap::first_lap_feeds(b, p, one, player, mv, opp)
                })
        })
        .collect();
    // (`feed_either_direction`: a hole's moves both kept when either feeds)
    let hole_fed = |mv: usize| {
        out[start..]
            .iter()
            .zip(&fed)
            .any(|(&o, &f)| f && l.split_move(o).0 == l.split_move(mv).0)
    };
    let keep_it: Vec<bool> = (start..out.len())
        .map(|i| fed[i - start] || (p.moves.feed_either_direction && hole_fed(out[i])))
        .collect();
    let mut keep = start;
    for i in start..out.len() {
        if keep_it[i - start] {
            out[keep] = out[i];
            keep += 1;
        }
    }
    if keep > start || !p.moves.feed_if_able {
        out.truncate(keep);
    }
}

/// The declared move, built twice: with `RARE` false every rarer step (see
/// [`Pipeline::uses_rare_steps`]) is known absent and its test compiled out, so the rules that
/// use none of them (most) pay nothing for them; with `RARE` true each is tested.
#[inline(always)]
fn play_with<const RARE: bool, const TRIAL: bool>(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    pit: usize,
    hooks: &mut Vec<HookCall>,
) -> Result<(), String> {
    let mover = b.to_move;
    if RARE && p.at.odd_moves && p.moves.give_one_to_empty {
        if let Some(to) = crate::engine::player::share::to_give(b, l, p, mover) {
            return give_one(b, l, p, pit, to, hooks);
        }
    }
    // (an opening move taking its hole's seeds out of the game: no sowing, no capture)
    let removed = RARE && p.at.odd_legal && opening::removes(b, p);
    // (a move of one seed captures nothing, when the rule says so)
    let single = removed
        || (RARE
            && p.capture.not_by_single_seed
            && b.seeds.get(l.split_move(pit).0).copied() == Some(1));
    // (captures before the sowing and a grand slam that moves again: one flag each)
    if RARE && p.capture.opposite_of_singles_first && !removed {
        crate::engine::player::capture::more::opposite_of_singles(b, l, p, mover);
    }
    // (his row: where holes are owned round by round, those on his side of the board, whoever
    // owns them, as the grand slam's test reads them)
    let opp_had = RARE
        && (p.at.slam_again || p.capture.chain.as_ref().is_some_and(|c| c.slam_if_held))
        && if b.owners.is_empty() {
            !side_empty(b, p, next_of(l, mover))
        } else {
            crate::engine::player::capture::along::opponent_row_has_seeds(b, l, p, mover)
        };
    // (the takes opposite along the row read a grand slam: one flag)
    let opp_row_had = RARE
        && p.capture
            .opposite
            .as_ref()
            .is_some_and(|o| o.grand_slam != GrandSlam::All)
        && crate::engine::player::capture::along::opponent_row_has_seeds(b, l, p, mover);
    // (the take opposite only after a move that changed the opponent's row: his holes before it)
    let opp_before = (RARE
        && p.capture
            .opposite
            .as_ref()
            .is_some_and(|o| o.only_if_opponent_row_changed))
    .then(|| crate::engine::player::capture::along::opponent_counts(b, l, mover));
    // (a diffusing move is not a sowing: the rare steps' flag first)
    let mut end = match p.moves.diffuse.as_ref().filter(|_| RARE && p.at.odd_moves) {
        Some(d) => crate::engine::player::diffuse::diffuse(b, l, d, p.at.diffuse_out, pit),
        None if removed => opening::remove(b, pit)?,
        None if RARE && p.at.odd_legal && opening::sows_to_opponent(b, p) => {
            opening::sow_to_opponent(b, pit)?
        }
        None if RARE
            && p.at.odd_moves
            && p.moves.first_move_takes_and_gives
            && p.at.moves_var.is_some_and(|v| b.vars[v] == 0) =>
        {
            opening::take_and_give(b, l, pit)
        }
        // (seeds sown from the mover's store: one flag, then the move's id)
        None if RARE && p.moves.sow_from_store && l.store_move_count(pit).is_some() => {
            crate::engine::player::from_store::sow_from(b, l, p, pit)?
        }
        None => sow::sow(b, pit)?,
    };
    // (the variables the next moves' directions and holes read: one flag)
    if RARE && p.at.move_vars {
        directions::after_sowing(b, l, p, mover, &end);
    }
    // (a relay paused in one of the mover's heads: his decision, a move of his, follows)
    if let Some(st) = p.at.stop.as_ref().filter(|_| RARE) {
        if stop_in::after_sowing(b, l, st, mover, &mut end)? {
            return if TRIAL {
                Ok(())
            } else {
                finish(b, l, p, mover, true, hooks)
            };
        }
    }
    let by_capture = matches!(
        p.extra_turn,
        ExtraTurn::Capture | ExtraTurn::StoreOrCapture | ExtraTurn::CaptureOnce
    );
    // (the take after a capture: whether the captures before it took seeds)
    let after = RARE
        && p.capture
            .counted_holes
            .as_ref()
            .is_some_and(|c| c.after_capture);
    let chosen_after = RARE && p.capture.chosen_holes.is_some();
    // (a blocked player: a move taking seeds or making a child lifts the block)
    let block = RARE && p.blocked_var().is_some_and(|v| b.vars[v] != 0);
    let held = if by_capture || after || chosen_after || block {
        material(b, mover)
    } else {
        0
    };
    // (one of the first turns without captures: the turns counted before this one)
    let turns_off = RARE
        && (p
            .at
            .turns_var
            .is_some_and(|v| b.vars[v] < p.capture.no_capture_turns)
            || p.blocked(&b.vars, mover));
    // "Take the hole opposite, then sow on": each lap ending in an empty hole that takes the
    // hole opposite goes on from that hole with its seeds.
    if let Some(o) = p
        .capture
        .opposite
        .as_ref()
        .filter(|o| RARE && o.sow_on && !single && !turns_off)
    {
        let mut laps = end.laps;
        while !end.stopped && opposite(b, l, o, mover, &end) && b.seeds[end.pit] > 0 {
            // (the lap limit counts the move's laps before)
            if laps >= l.sow.max_laps {
                let from = end.pit;
                crate::engine::player::capture::laps::at_limit(b, l, &mut end, from)?;
                break;
            }
            end = sow::sow_after(b, end.pit, laps)?;
            laps += end.laps;
        }
        end.laps = laps;
        b.last = end;
    }
    // Laps that capture and sow on (one test a move).
    if let Some(k) = p.capture.lap_capture.filter(|_| RARE && !single) {
        end = crate::engine::player::capture::laps::sow_on(b, l, p, k, mover, end)?;
    }
    if end.stopped {
        note(b, p, &p.notes.stopped, mover, Vec::new);
    }
    let last = end.pit;
    let last_is_hole = l.pits[last].kind == PitKind::Hole;
    // A last seed making a child captures nothing else.
    let into = RARE && p.children.as_ref().is_some_and(|c| c.captures_into_child);
    let before = into.then(|| crate::engine::player::children::reserves_now(b));
    // (captures into a child: a player without one, who makes none, captures nothing)
    let none = into && crate::engine::player::children::no_child_to_take(b, l, p, mover, last);
    let made = none
        || match p
            .children
            .as_ref()
            .filter(|_| RARE && !end.stopped && !removed && !p.children_off(&b.vars, mover))
        {
            Some(c) => crate::engine::player::children::make(b, l, p, c, mover, last),
            None => false,
        };
    // A move stopped at its lap limit captures nothing.
    let capturing = !end.stopped && !single && !made && !turns_off;
    let mut again = false;
    if let Some(o) = p.capture.opposite.as_ref().filter(|_| capturing) {
        let unchanged = opp_before.as_ref().is_some_and(|v| {
            *v == crate::engine::player::capture::along::opponent_counts(b, l, mover)
        });
        if unchanged {
            // (the opponent's row as it was: a last seed in an empty hole of the mover's takes
            // nothing, and he moves again)
            again = last_is_hole && end.was_empty && b.hole_owner(last) == mover;
        } else if RARE && o.go_on_along_row {
            crate::engine::player::capture::along::opposite_along_row(
                b,
                l,
                p,
                o,
                mover,
                &end,
                opp_row_had,
            );
        } else if opposite(b, l, o, mover, &end)
            && RARE
            && opp_row_had
            && o.grand_slam == GrandSlam::AllThenOwnRowToOpponent
        {
            crate::engine::player::capture::along::own_row_to_opponent_if_slam(b, l, p, mover);
        }
    }
    if let Some(c) = p.capture.chain.as_ref().filter(|_| capturing) {
        if c.and_opposite {
            crate::engine::player::capture::more::chain_and_opposite(b, l, c, mover, last);
        } else {
            again |= chain(b, l, p, c, mover, last, opp_had) && opp_had;
        }
    }
    if let Some(c) = p
        .capture
        .single_seed_holes
        .as_ref()
        .filter(|_| RARE && capturing)
    {
        crate::engine::player::capture::more::single_seed_holes(b, l, c, mover);
    }
    if RARE && p.capture.matching_opposite && capturing {
        crate::engine::player::capture::more::matching_opposite(
            b,
            l,
            mover,
            last,
            p.capture.matching_run.as_ref(),
        );
    }
    if RARE && p.capture.opponent_store && capturing && !last_is_hole {
        let owner = l.pits[last].owner;
        if owner != mover && owner != 0 {
            sow::capture(b, last, mover, "the opponent's store");
        }
    }
    // (a relay cut short by an emptied side would have lifted that hole: it is not taken)
    if let Some(c) = p
        .capture
        .next_hole
        .as_ref()
        .filter(|_| RARE && capturing && !end.relay_cut)
    {
        next_hole(b, l, c, mover, last);
    }
    if let Some(c) = p
        .capture
        .counted_holes
        .as_ref()
        .filter(|_| RARE && capturing)
    {
        let captured = c.after_capture && material(b, mover) > held;
        counted_holes(b, l, p, c, mover, last, captured);
    }
    if let Some(c) = p
        .capture
        .store_to_opponent
        .as_ref()
        .filter(|_| RARE && capturing)
    {
        store_to_opponent(b, l, c, mover, last, end.was_empty);
    }
    if let Some(g) = p.capture.beyond_empty.as_ref().filter(|_| capturing) {
        if last_is_hole && !(g.last_occupied && end.was_empty) {
            beyond_empty(b, l, g, mover, last);
        }
    }
    if let Some(c) = p.children.as_ref().filter(|_| RARE) {
        if let Some(before) = &before {
            crate::engine::player::children::gains_into_children(b, l, before, false);
        }
        // (a move whose last seed falls in a store captures nothing: the children of nobody
        // are looked at again only after a move ending in a hole)
        if c.nobodys_while_holding_a_round && last_is_hole {
            crate::engine::player::children::update_nobodys(b, l, &c.round);
        }
    }
    let took = by_capture && material(b, mover) > held;
    if let Some(t) = p.capture.last_seeds.as_ref().filter(|_| capturing) {
        last_seeds(b, l, p, t, mover);
    }
    // (a trial move for `feed_after_captures`: its sowing and captures only)
    if TRIAL {
        return Ok(());
    }
    if block {
        let took = end.captured > 0 || material(b, mover) > held;
        crate::engine::player::arrange::first::lift_block(b, p, took, made && !none);
    }
    // (the holes the captor then chooses: his moves again until they are taken)
    let choosing = chosen_after
        && p.capture.chosen_holes.as_ref().is_some_and(|c| {
            let took = end.captured > 0 || material(b, mover) > held;
            chosen::begin(b, l, c, mover, took, end.across_both)
        });
    let extra = match p.extra_turn {
        ExtraTurn::None => false,
        ExtraTurn::Store => !last_is_hole,
        ExtraTurn::Capture => took,
        ExtraTurn::StoreOrCapture => took || !last_is_hole,
        ExtraTurn::OwnStore => !last_is_hole && l.pits[last].owner == mover,
        ExtraTurn::CaptureOnce => took && p.at.extra_var.is_some_and(|v| b.vars[v] == 0),
    } || again
        // (a relay cut short by an emptied side: his turn is not over)
        || end.relay_cut;
    if let Some(v) = p.at.extra_var {
        b.vars[v] = extra as i64;
    }
    if extra {
        note(b, p, &p.notes.extra, mover, Vec::new);
    }
    if let Some(v) = p.at.moves_var {
        b.vars[v] += 1;
    }
    if let Some(v) = p.at.bear_off_var.filter(|&v| b.vars[v] == 0) {
        if l.holes.iter().all(|&h| b.seeds[h] <= 1) {
            b.vars[v] = 1;
        }
    }
    finish(b, l, p, mover, extra || choosing, hooks)
}

/// The end of a move by `mover`: the end checks before the turn passes, the turn passed (unless
/// he moves `again`), the passes of players without a move, the end checks after it.
#[inline(always)]
pub(super) fn finish(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    mover: usize,
    again: bool,
    hooks: &mut Vec<HookCall>,
) -> Result<(), String> {
    if run_checks(b, l, p, mover, true, hooks, legal_into) {
        return Ok(());
    }
    if !again {
        if let Some(v) = p.at.turns_var {
            b.vars[v] += 1;
        }
        if p.at.move_vars {
            directions::turn_passed(b, l);
        }
        let mut q = mover;
        for _ in 0..l.players {
            q = next_of(l, q);
            if !is_out(b, p, q) {
                break;
            }
        }
        b.to_move = q;
    }
    if p.pass.is_some() && passes(b, l, p, hooks, legal_into) {
        return Ok(());
    }
    if p.at.track_repetition {
        record_position(b);
    }
    run_checks(b, l, p, mover, false, hooks, legal_into);
    Ok(())
}

/// Plays the gift of one seed from `pit` to hole `to`; the mover moves again (the end checks
/// run as after any move).
#[cold]
#[inline(never)]
fn give_one(
    b: &mut Board,
    l: &Compiled,
    p: &Pipeline,
    pit: usize,
    to: usize,
    hooks: &mut Vec<HookCall>,
) -> Result<(), String> {
    let mover = b.to_move;
    if b.seeds.get(pit).copied().unwrap_or(0) < 2 {
        return Err(format!(
            "hole {} holds fewer than two seeds: it cannot give one",
            l.pits.get(pit).map_or("?", |q| q.name.as_str())
        ));
    }
    b.seeds[pit] -= 1;
    b.emit(|| Event::Pickup { pit, seeds: 1 });
    b.seeds[to] += 1;
    b.emit(|| Event::Drop { pit: to, hand: 0 });
    b.last = SowEnd {
        pit: to,
        was_empty: true,
        laps: 1,
        ..SowEnd::default()
    };
    note(b, p, &p.notes.extra, mover, Vec::new);
    if let Some(v) = p.at.moves_var {
        b.vars[v] += 1;
    }
    if run_checks(b, l, p, mover, true, hooks, legal_into) {
        return Ok(());
    }
    if p.at.track_repetition {
        record_position(b);
    }
    run_checks(b, l, p, mover, false, hooks, legal_into);
    Ok(())
}
