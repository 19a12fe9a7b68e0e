//! A rule's moves: the legal holes (the script's `moves()`, the declared moves or the default)
//! and playing one (the script's `play(pit)` or the declared move, natively, with its hooks).

use crate::engine::board::state::Board;
use crate::engine::declare::pipeline::Hooks;
use crate::engine::player::play::{self as declared, HookCall};
use crate::engine::script::primitives::{self as script};
use crate::error::{Error, Result};
use rhai::Dynamic;

use crate::engine::rule::rules::{board, board_mut, Rule};
use crate::engine::rule::setup::culprit;

impl Rule {
    /// The legal moves (pit ids) of a position: the script's `moves()`, or by default the mover's
    /// open holes that hold seeds. Empty when the game is over.
    pub fn legal(&self, d: &mut Dynamic) -> Result<Vec<usize>> {
        {
            let b = board(d);
            if b.over {
                return Ok(Vec::new());
            }
            if !self.has_moves {
                let mut out = Vec::with_capacity(b.layout.holes.len());
                self.legal_native(&b, &mut out);
                return Ok(out);
            }
        }
        let before = board(d).key();
        let r = self.call(d, "moves", ())?;
        if board(d).key() != before {
            return Err(self.contract_error(
                "moves() changed the board: it may only look at the position (play(pit) makes the move)",
            ));
        }
        // (No clone of the array: the value comes back in the error case for the message.)
        let a = match r.try_cast_result::<rhai::Array>() {
            Ok(a) => a,
            Err(r) => {
                return Err(self.contract_error(&format!(
                    "moves() must return an array of hole ids, not {}",
                    script::show(&r)
                )))
            }
        };
        let b = board(d);
        let mut out = Vec::with_capacity(a.len());
        let mut seen = vec![false; b.seeds.len()];
        let mut seen_named = vec![false; b.layout.named_moves.len()];
        for v in a {
            // A named move (`this.move_id("stop")`) is listed like a hole.
            if let Some(id) = v
                .as_int()
                .ok()
                .filter(|&id| id >= 0 && b.layout.is_named_move(id as usize))
            {
                let id = id as usize;
                let i = id - 3 * b.seeds.len();
                if seen_named[i] {
                    return Err(self.contract_error(&format!(
                        "moves() returned the move `{}` twice",
                        b.layout.label(id)
                    )));
                }
                seen_named[i] = true;
                out.push(id);
                continue;
            }
            let p = v.as_int().ok().filter(|&p| {
                p >= 0 && (p as usize) < b.seeds.len() && b.layout.pits[p as usize].row.is_some()
            });
            match p {
                Some(p) if seen[p as usize] => {
                    return Err(self.contract_error(&format!(
                        "moves() returned hole {} twice",
                        b.layout.pits[p as usize].name
                    )))
                }
                Some(p) => {
                    let p = p as usize;
                    seen[p] = true;
                    // A move is played by its label: the label must name this very hole for the
                    // player to move, or the move listed could not be played (or another would).
                    let label = b.layout.label(p);
                    if b.layout.parse_label(b.to_move, &label) != Some(p) {
                        return Err(self.contract_error(&format!(
                            "moves() returned hole {}, but its label `{label}` does not name it for player {} (give each row a name, e.g. this.add_row(\"N\", ...), so labels name the row)",
                            b.layout.pits[p].name, b.to_move
                        )));
                    }
                    out.push(p);
                }
                None => {
                    return Err(self.contract_error(&format!(
                        "moves() returned {}, which is not a hole id (0 to {}) nor a named move's (this.move_id(name))",
                        script::show(&v),
                        b.seeds.len() - 1
                    )))
                }
            }
        }
        Ok(out)
    }

    /// The legal moves of a position without a script call: the declared moves, or the mover's
    /// open holes that hold seeds. (For rules without `moves()`; the game must not be over.)
    pub(super) fn legal_native(&self, b: &Board, out: &mut Vec<usize>) {
        match b.layout.pipeline.as_deref() {
            Some(p) => declared::legal_into(b, p, b.to_move, out),
            None => {
                let pl = b.to_move;
                out.extend(
                    b.layout
                        .holes
                        .iter()
                        .copied()
                        .filter(|&p| b.playable_by(p, pl)),
                );
            }
        }
    }

    /// [`Rule::legal`] into a buffer the caller reuses (cleared first): no allocation per call
    /// for rules without `moves()`.
    pub fn legal_into(&self, d: &mut Dynamic, out: &mut Vec<usize>) -> Result<()> {
        out.clear();
        if !self.has_moves {
            let b = board(d);
            if !b.over {
                self.legal_native(&b, out);
            }
            return Ok(());
        }
        *out = self.legal(d)?;
        Ok(())
    }

    /// Whether every move of this rule runs without a script call: the rule declares its move (no
    /// `play(pit)`), lists no `moves()` and defines no hooks. Searches then play on plain boards
    /// ([`Rule::legal_board`], [`Rule::apply_board`]) instead of script values.
    pub fn plays_natively(&self) -> bool {
        !self.has_play && !self.has_moves && self.hooks == Hooks::default()
    }

    /// [`Rule::legal_into`] on a plain board, for a rule that [plays natively](Rule::plays_natively)
    /// (for another rule: an error).
    pub fn legal_board(&self, b: &Board, out: &mut Vec<usize>) -> Result<()> {
        if !self.plays_natively() {
            return Err(self.contract_error(
                "the rule's moves need script calls: play them on a script value",
            ));
        }
        out.clear();
        if !b.over {
            self.legal_native(b, out);
        }
        Ok(())
    }

    /// [`Rule::apply`] on a plain board, for a rule that [plays natively](Rule::plays_natively)
    /// (for another rule: an error): the declared move, with the time limit of a script call. A
    /// declared move without hooks only moves seeds, so there is no conservation check to make.
    /// On error the board may be half-changed.
    #[inline]
    pub fn apply_board(&self, b: &mut Board, pit: usize) -> Result<()> {
        if !self.plays_natively() {
            return Err(self.contract_error(
                "the rule's moves need script calls: play them on a script value",
            ));
        }
        let _clock = script::start_rule_move();
        b.ledger.clear();
        let mut hooks = Vec::new();
        declared::play(b, pit, &mut hooks)
            .map_err(|e| self.contract_error(&format!("move from {}: {e}", move_name(b, pit))))
    }

    /// Plays the move from hole `pit` by the script's `play(pit)`, or by the declared pipeline
    /// when the script has no `play`, and checks seed conservation.
    /// On error the board may be half-changed: play on a copy when the position matters.
    pub fn apply(&self, d: &mut Dynamic, pit: usize) -> Result<()> {
        let mut hooks = Vec::new();
        // The declared move runs natively: it has the time limit of a script call. Without hooks
        // it calls no script, so its clock starts lazily, at its first check (`start_move`).
        let quiet = !self.has_play && self.hooks == Hooks::default();
        let _move = quiet.then(script::start_rule_move);
        let _clock = (!self.has_play && !quiet).then(script::start_rule_call);
        let before = if self.has_play {
            let mut b = board_mut(d);
            b.ledger.clear();
            // The move's laps are counted from none: each sowing of the script adds its own.
            b.last.laps = 0;
            b.total_wide()
        } else {
            let mut b = board_mut(d);
            b.ledger.clear();
            // The declared steps only move seeds: count them only when hooks may run.
            let before = if self.hooks != Hooks::default() {
                b.total_wide()
            } else {
                0
            };
            declared::play(&mut b, pit, &mut hooks).map_err(|e| {
                self.contract_error(&format!("move from {}: {e}", move_name(&b, pit)))
            })?;
            before
        };
        if self.has_play {
            let _ = self.call(d, "play", (pit as i64,))?;
        } else if hooks.is_empty() {
            // The declared steps only move seeds: nothing to check.
            return Ok(());
        }
        for h in hooks {
            let _ = match h {
                HookCall::Pass(pl) => self.call(d, "on_pass", (pl as i64,))?,
                HookCall::RoundEnd(r) => self.call(d, "on_round_end", (r,))?,
                HookCall::GameEnd => self.call(d, "on_game_end", ())?,
            };
        }
        let b = board(d);
        let after = b.total_wide();
        if after != before {
            let what =
                format!("seed conservation broken: {before} seeds before the move, {after} after");
            return Err(match culprit(&b.ledger) {
                Some(e) => Error::Script {
                    file: self.path.display().to_string(),
                    line: e.line,
                    col: e.col,
                    message: format!(
                        "{what} ({} {} {} seed{})",
                        e.what,
                        if e.delta > 0 { "created" } else { "destroyed" },
                        e.delta.abs(),
                        if e.delta.abs() == 1 { "" } else { "s" }
                    ),
                },
                None => self.contract_error(&what),
            });
        }
        Ok(())
    }
}

/// The hole a move is played from, by name, for an error message (the move's label when it is
/// played from no hole: a pass).
fn move_name(b: &Board, id: usize) -> String {
    b.layout
        .pits
        .get(b.layout.move_pit(id))
        .map_or_else(|| b.layout.label(id), |q| q.name.clone())
}
