//! The declared steps on which holes may start a move that depend on the game so far: the
//! opening turns (`moves.opening`: from some holes only, perhaps sown so that the last seed falls
//! on the opponent's side), every hole played once before any again (`moves.every_hole_first`),
//! no move from a hole facing a single seed (`moves.not_facing_single`), and no single seed sown
//! into some holes (`moves.single_seed_not_into_opponent_holding`,
//! `moves.single_seed_not_to_last_start`). Checked and
//! resolved here when setup ends; played in [`crate::engine::player`] (`opening.rs`).

use crate::engine::declare::moves::Moves;
use crate::engine::geometry::layout::Layout;

/// The variable of player `pl`'s holes played from (`moves.every_hole_first`).
pub fn played_var_name(pl: usize) -> String {
    format!("played_{pl}")
}

/// What [`link`] resolves, for the pipeline's `at`.
#[derive(Default)]
pub struct Linked {
    /// Whether the legal holes go through one of these steps.
    pub odd_legal: bool,
    /// Per player, the holes of the opening turns (empty: any).
    pub opening_holes: Vec<Vec<usize>>,
    /// Per player, the variable of his holes played from.
    pub played_vars: Vec<usize>,
    /// The variable of the hole the last move was sown from (1 + its id; 0: none).
    pub last_start_var: Option<usize>,
}

/// Checks the steps against the layout and resolves them (declaring the variables with `var`);
/// one error line naming the key.
pub fn link(
    m: &Moves,
    track_played: bool,
    l: &mut Layout,
    var: &mut impl FnMut(&mut Layout, &str, i64) -> usize,
) -> Result<Linked, String> {
    let mut at = Linked {
        odd_legal: m.opening.is_some()
            || m.every_hole_first
            || m.not_facing_single
            || !m.single_seed_not_into_opponent_holding.is_empty()
            || m.single_seed_not_to_last_start
            || m.after_empty_hole,
        ..Linked::default()
    };
    if m.single_seed_not_to_last_start {
        at.last_start_var = Some(var(l, "last_start", 0));
    }
    if let Some(o) = &m.opening {
        if o.turns < 1 {
            return Err(format!(
                "pipeline: moves: opening: turns must be at least 1, not {}",
                o.turns
            ));
        }
        if o.removes && o.last_to_opponent {
            return Err(
                "pipeline: moves: opening: removes and last_to_opponent cannot both be true (a move that takes its seeds out of the game sows nothing)"
                    .into(),
            );
        }
        if o.when_blocked == crate::engine::declare::moves::WhenBlocked::LastResort
            && m.last_resort_count <= 0
        {
            return Err("pipeline: moves: opening: when_blocked: last_resort needs moves: last_resort_count (the seeds of a move of the last resort)".into());
        }
        if o.inner_row && !l.four_rows() {
            return Err("pipeline: moves: opening: inner_row needs a board of four rows of the same length, two a player, created outer, inner, inner, outer".into());
        }
        if o.outer_row && !l.four_rows() {
            return Err("pipeline: moves: opening: outer_row needs a board of four rows of the same length, two a player, created outer, inner, inner, outer".into());
        }
        if o.outer_row && o.inner_row {
            return Err(
                "pipeline: moves: opening: inner_row and outer_row cannot both be true".into(),
            );
        }
        for pl in 0..=l.players {
            let mine: Vec<usize> = l
                .holes
                .iter()
                .copied()
                .filter(|&h| l.pits[h].owner == pl)
                .filter(|&h| !o.inner_row || l.across(h).is_some())
                .filter(|&h| !o.outer_row || l.across(h).is_none())
                .collect();
            if pl == 0 || (o.holes.is_empty() && !o.inner_row && !o.outer_row) {
                at.opening_holes.push(Vec::new());
                continue;
            }
            if o.holes.is_empty() {
                at.opening_holes.push(mine);
                continue;
            }
            let most = mine.iter().map(|&h| l.pits[h].pos).max().unwrap_or(0);
            crate::engine::geometry::hole_numbers::check(
                "pipeline: moves: opening: holes",
                &o.holes,
                most as i64,
            )?;
            let mut keep = Vec::new();
            for &n in &o.holes {
                keep.extend(
                    mine.iter()
                        .copied()
                        .filter(|&h| l.pits[h].pos == n as usize),
                );
            }
            keep.sort_unstable();
            keep.dedup();
            at.opening_holes.push(keep);
        }
    }
    // (also for a capture that takes only holes played from: `track_played`)
    if m.every_hole_first || track_played {
        for pl in 1..=l.players {
            let n = l.holes.iter().filter(|&&h| l.pits[h].owner == pl).count();
            if n > 62 {
                return Err(format!(
                    "pipeline: moves: every_hole_first (and capture: chain: only_played_from) is for players with at most 62 holes (player {pl} has {n})"
                ));
            }
            at.played_vars.push(var(l, &played_var_name(pl), 0));
        }
    }
    if m.not_facing_single && l.rows.len() != 2 {
        return Err(format!(
            "pipeline: moves: not_facing_single is for boards of two rows (this one has {})",
            l.rows.len()
        ));
    }
    Ok(at)
}
