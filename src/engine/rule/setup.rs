//! A rule's start position: its `setup()` (or a data rule's board) run on a fresh board, then
//! checked and compiled: names, seed balance, the declared move resolved against the layout.

use crate::engine::board::state::{Board, NO_PIT};
use crate::engine::player::start_checks::check_start;
use crate::error::Result;
use rhai::Dynamic;
use std::sync::Arc;

use crate::engine::rule::rules::{Options, Rule};

impl Rule {
    /// Builds the start position with the default options (a preset's included), to check that
    /// `setup()` runs: loading alone does not call it for a rule that has `play(pit)`.
    pub fn check_start(&self) -> Result<()> {
        let opts = self.resolve_options::<&str>(&[])?;
        self.new_board(&opts).map(|_| ())
    }

    /// Builds the start position: runs `setup()` with `this` bound to a fresh board.
    pub fn new_board(&self, options: &Options) -> Result<Dynamic> {
        let mut b = Board::new_for_setup();
        {
            let l = Arc::make_mut(&mut b.layout);
            for (k, v) in options {
                l.options.insert(k.as_str().into(), v.to_dynamic());
            }
        }
        if let Some(text) = &self.data {
            let d = crate::engine::rule::data_rule::parse(&self.path, text, &b.layout.options)?;
            d.setup(&mut b).map_err(|e| self.contract_error(&e))?;
            self.finish_setup(&mut b)?;
            let opening = d
                .start
                .opening_steps()
                .map_err(|e| self.contract_error(&e))?;
            if !opening.is_empty() {
                crate::engine::rule::data_opening::play_opening(&mut b, opening)
                    .map_err(|e| self.contract_error(&e))?;
            }
            if let Some(pl) = d.start.opened_by {
                crate::engine::rule::data_opening::after_opening_by(&mut b, pl, opening)
                    .map_err(|e| self.contract_error(&e))?;
            }
            if let Some(first) = &d.start.first_move {
                crate::engine::rule::data_start::play_first_move(&mut b, first)
                    .map_err(|e| self.contract_error(&e))?;
            }
            return Ok(Dynamic::from(b));
        }
        let mut d = Dynamic::from(b);
        let _ = self.call(&mut d, "setup", ())?;
        let mut b = self.take_board(d, "setup()")?;
        self.finish_setup(&mut b)?;
        Ok(Dynamic::from(b))
    }

    pub(super) fn finish_setup(&self, b: &mut Board) -> Result<()> {
        let bad = |what: String| self.contract_error(&format!("setup(): {what}"));
        let l = Arc::make_mut(&mut b.layout);
        if l.holes.is_empty() {
            return Err(bad("the board has no holes (use this.add_row(...))".into()));
        }
        if l.track.is_empty() {
            l.track = (0..l.pits.len()).collect();
        }
        l.link_track();
        l.sow
            .link(l.layout.players, &mut l.layout.vars, &mut b.vars);
        // (labels that name rows stay so: `this.labels_name_rows()`)
        let named_rows = l.labels_with_row;
        l.name_pits();
        l.labels_with_row |= named_rows;
        // meta().players is a label ("2", "2-4"); when it is a number or a range, the board
        // must agree with it.
        let label = self.meta.players.replace(' ', "");
        let range = match label.split_once('-') {
            Some((a, b)) => a.parse::<usize>().ok().zip(b.parse::<usize>().ok()),
            None => label.parse::<usize>().ok().map(|n| (n, n)),
        };
        if let Some((lo, hi)) = range {
            if l.players < lo || l.players > hi {
                return Err(bad(format!(
                    "the board has {} player{}, but meta() says players: {}",
                    l.players,
                    if l.players == 1 { "" } else { "s" },
                    self.meta.players
                )));
            }
        }
        check_names(l).map_err(bad)?;
        l.sow.check_holes(&l.layout).map_err(bad)?;
        for r in &l.rows {
            if r.owner > l.players {
                return Err(bad(format!(
                    "row {} belongs to player {}, but there are {} players",
                    r.name, r.owner, l.players
                )));
            }
        }
        let n = l.players;
        b.reserves.resize(n, 0);
        b.counters.resize(l.counters.len() * n, 0);
        if b.to_move > n {
            return Err(bad(format!(
                "player {} to move, but there are {n} players",
                b.to_move
            )));
        }
        if let Some(&p) = b.seeds.iter().find(|&&s| s < 0) {
            return Err(bad(format!("a pit holds {p} seeds")));
        }
        let scripted = self.has_play && self.has_moves;
        if !l.named_moves.is_empty() && !scripted {
            return Err(bad(format!(
                "named moves ({}) need the script's moves() to list them and play(pit) to play them",
                l.named_moves.join(", ")
            )));
        }
        if let Some(mut p) = l.pipeline.take() {
            // (holes passed over by count from a later move: the moves are counted)
            let from_move = l.sow.steps.as_ref().is_some_and(|s| s.pass_from_move > 1);
            if from_move && p.count_moves.is_none() {
                p.count_moves = Some("moves".into());
            }
            p.link(l, &mut b.vars).map_err(|e| bad(e.to_string()))?;
            if let Some(s) = l.sow.steps.as_mut().filter(|_| from_move) {
                s.moves_var = p.at.moves_var;
            }
            // (bearing off, once every hole holds at most one seed: a variable says it has begun)
            if l.sow.steps.as_ref().is_some_and(|s| s.bear_off) {
                let v = match l.var_index("bearing_off") {
                    Some(i) => i,
                    None => {
                        l.vars.push("bearing_off".to_string());
                        b.vars.push(0);
                        l.vars.len() - 1
                    }
                };
                p.at.bear_off_var = Some(v);
                if let Some(s) = l.sow.steps.as_mut() {
                    s.bear_off_var = Some(v);
                }
            }
            if let Some(c) = &mut p.children {
                b.children.resize(l.pits.len(), 0);
                c.start_marks(l, &mut b.children);
                if c.nobodys_while_holding_a_round {
                    c.round = crate::engine::player::children::round_counts(l);
                }
            }
            if p.territory.is_some() {
                // (each hole its row owner's at the start)
                b.owners = l.pits.iter().map(|q| q.owner as u8).collect();
            }
            if let Some(v) = p.at.turns_var {
                l.sow.relay_stop_from = Some((v, p.capture.no_capture_turns));
                if let Some(o) = p.moves.opening.as_ref().filter(|o| o.one_lap) {
                    l.sow.relay_from = Some((v, o.turns));
                }
            }
            l.sow.relay_stop_block = p.blocked_var();
            l.sow.across = p.capture.across;
            if let Some(s) = &p.at.stop {
                if l.sow.relay != crate::engine::declare::sowing::Relay::Last {
                    return Err(bad(
                        "pipeline: stop_in needs a relay sowing (sowing: relay: last)".into(),
                    ));
                }
                l.sow.heads = s.heads.clone();
            }
            if p.at.reverse.is_some()
                && (l.sow.relay != crate::engine::declare::sowing::Relay::Last
                    || l.sow.steps.is_some())
            {
                return Err(bad(
                    "pipeline: capture: reverse_laps plays relay sowing round each player's loop: it needs `sowing: relay: last`, without the sowing's rarer steps".into(),
                ));
            }
            if let Some(lasts) = p.moves.row_ends_out_first {
                use crate::engine::declare::row_ends_first::{var_name, RowEndsFirst};
                for pl in 1..=l.players {
                    if l.var_index(&var_name(pl)).is_none() {
                        l.vars.push(var_name(pl));
                        b.vars.push(0);
                    }
                }
                let (steps, table) = (l.sow.steps.is_some(), &l.sow_next);
                let r = RowEndsFirst::link(lasts, p.moves.min_seeds, l, table, steps, |name| {
                    l.var_index(name).unwrap_or(usize::MAX)
                })
                .map_err(bad)?;
                l.sow.row_ends_first = Some(Box::new(r));
            }
            if l.sow.across.is_some() && l.sow.steps.is_some() {
                return Err(bad(
                    "pipeline: capture: across is not played with the sowing's rarer steps (pass_holding_at_least, closed holes taking seeds, close_on_relay, opponent_takes_when_few) yet".into(),
                ));
            }
            p.at.move_vars = p.at.no_return_var.is_some()
                || l.sow.at.direction.is_some()
                || l.sow.at.each.is_some()
                || l.sow.at.turns.is_some()
                || !p.at.played_vars.is_empty()
                || p.at.last_start_var.is_some()
                || p.moves.few_seeds_until_taken.is_some()
                || !p.moves.all_single_vars.is_empty();
            if p.moves.sow_from_store {
                p.at.own_stores =
                    crate::engine::declare::from_store::link(&l.layout, l.sow.reverses())
                        .map_err(bad)?;
            }
            p.at.odd_moves = p.at.move_vars
                || p.moves.sow_from_store
                || !l.sow.choose_direction.is_empty()
                || p.moves.give_one_to_empty
                || p.moves.diffuse.is_some()
                || p.moves.first_move_takes_and_gives
                || p.at.odd_legal;
            p.at.rare = p.uses_rare_steps();
            p.at.choices = p.at.fill_choice_var.is_some()
                || p.arrange.is_some()
                || p.at.own_choice_var.is_some()
                || p.capture.chosen_holes.is_some()
                || p.at.stop.is_some()
                || p.place_from_hand.is_some()
                || p.at.reverse.is_some()
                || p.at.end_hole.is_some();
            p.at.hooks = self.hooks;
            l.pipeline = Some(p);
        } else if !self.has_play {
            return Err(self.contract_error(
                "missing function `play(pit)`: a rule file defines play(pit), or declares its move with this.pipeline(#{...}) in setup() (see rules/README.md)",
            ));
        }
        // (after the pipeline: its waiting captures set `relay_stop_from`)
        l.sow.at.rare = l.sow.uses_rare_steps();
        b.counters.resize(l.counters.len() * n, 0);
        b.in_setup = false;
        b.ledger.clear();
        b.last.pit = NO_PIT;
        check_start(b);
        Ok(())
    }

    /// Takes the board back out of a script call's `this`, checking the script did not replace it.
    pub(super) fn take_board(&self, d: Dynamic, during: &str) -> Result<Board> {
        d.try_cast::<Board>().ok_or_else(|| {
            self.contract_error(&format!(
                "{during} replaced `this` (the board) with another value"
            ))
        })
    }
}

/// Checks the names a layout shows and reads back: pit, counter and variable names hold no
/// control characters, and when move labels name rows (`S3`) every row has a name of its own that
/// a label can be read back by (no digits, no spaces, not the name of another row).
pub(super) fn check_names(
    l: &crate::engine::board::state::Layout,
) -> std::result::Result<(), String> {
    let shown = |s: &str| crate::text::escape(s).into_owned();
    for n in l
        .pits
        .iter()
        .map(|p| &p.name)
        .chain(&l.counters)
        .chain(&l.vars)
        .chain(l.rows.iter().map(|r| &r.name))
    {
        if crate::text::escape(n) != n.as_str() {
            return Err(format!("the name `{}` holds control characters", shown(n)));
        }
    }
    if l.labels_with_row {
        for (i, r) in l.rows.iter().enumerate() {
            let bad = |why: &str| {
                Err(format!(
                    "row {} (`{}`): {why} (moves are labelled by row name and hole number, e.g. S3)",
                    i + 1,
                    shown(&r.name)
                ))
            };
            if r.name.is_empty() {
                return bad("a player with several rows must name each row");
            }
            if r.name
                .chars()
                .any(|c| c.is_ascii_digit() || c.is_whitespace())
            {
                return bad("a row name cannot hold digits or spaces");
            }
            if l.rows[..i]
                .iter()
                .any(|o| o.name.eq_ignore_ascii_case(&r.name))
            {
                return bad("another row has the same name");
            }
        }
    }
    Ok(())
}

/// The first ledger entry after which the seed balance never came back to zero.
pub(super) fn culprit(
    ledger: &[crate::engine::board::state::LedgerEntry],
) -> Option<&crate::engine::board::state::LedgerEntry> {
    let mut balance = 0;
    let mut start = None;
    for (i, e) in ledger.iter().enumerate() {
        if balance == 0 {
            start = Some(i);
        }
        balance += e.delta;
    }
    if balance == 0 {
        None
    } else {
        start.map(|i| &ledger[i])
    }
}
