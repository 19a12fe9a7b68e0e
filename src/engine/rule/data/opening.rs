//! A data rule's set opening (`start.opening`): steps played in order as the board is set up
//! ("each player first makes a set opening"), so that the start is the position after them, as
//! with `start.first_move`. A step sows a hole's seeds (one lap, or relayed on), moves seeds from
//! holes into a hole or sows them from one, gives them to a player as captured, or takes a hole's
//! seeds out of the game.

use serde::Deserialize;

use crate::engine::board::state::{Board, NO_PIT};
use crate::engine::geometry::layout::PitKind;

/// The laps a relayed step may sow before it is refused (a set opening is short; this bounds a
/// step that would relay for ever).
const MAX_LAPS: usize = 10_000;

/// One hole's label or several.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Labels {
    /// One hole.
    One(String),
    /// Several holes, in order.
    Many(Vec<String>),
}

impl Labels {
    fn list(&self) -> Vec<&str> {
        match self {
            Labels::One(s) => vec![s.as_str()],
            Labels::Many(v) => v.iter().map(String::as_str).collect(),
        }
    }
}

/// One step of a set opening, written with the holes' labels and rows (`SO7`): exactly one of
/// `sow`, `take`, `remove`.
#[derive(Clone, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct OpeningStep {
    /// Lift this hole's seeds and sow them one a hole along its circuit from the next hole
    /// (stores and closed holes passed over; nothing is captured).
    #[serde(default)]
    pub sow: Option<String>,
    /// Take the seeds of these holes (one label or a list), into `to` or sown from `sow_from`.
    #[serde(default)]
    pub take: Option<Labels>,
    /// With `take`: the hole the seeds go into.
    #[serde(default)]
    pub to: Option<String>,
    /// With `take` of one hole and `to`: how many seeds (at least 1, at most what it holds then;
    /// none: all).
    #[serde(default)]
    pub count: Option<i64>,
    /// With `take`: the seeds taken are sown one a hole beginning in this hole itself, along its
    /// circuit.
    #[serde(default)]
    pub sow_from: Option<String>,
    /// With `sow` or `sow_from`: a lap whose last seed falls into an occupied hole lifts that
    /// hole and sows on, until a last seed falls into an empty hole.
    #[serde(default)]
    pub relay: bool,
    /// Take this hole's seeds out of the game (counted for nobody).
    #[serde(default)]
    pub remove: Option<String>,
    /// With `take`: the seeds taken are captured by this player (into his store or reserve).
    #[serde(default)]
    pub by: Option<usize>,
}

/// Plays the set opening `steps` on a board just set up: the start becomes the position after
/// it, the player to move unchanged. An error names the step and why it cannot be played.
pub fn play_opening(b: &mut Board, steps: &[OpeningStep]) -> Result<(), String> {
    for (i, s) in steps.iter().enumerate() {
        step(b, s).map_err(|e| format!("start: opening[{i}]{e}"))?;
    }
    Ok(())
}

/// `start.opened_by`: the set opening was player `pl`'s turn, so the player after him moves
/// first (and starts the first round); an error names the key.
pub fn after_opening_by(b: &mut Board, pl: usize, steps: &[OpeningStep]) -> Result<(), String> {
    let n = b.layout.players;
    if steps.is_empty() {
        return Err("start: opened_by goes with opening".into());
    }
    if pl < 1 || pl > n {
        return Err(format!("start: opened_by: {pl} is no player (1 to {n})"));
    }
    b.to_move = pl % n + 1;
    // (he starts the first round too)
    let v = b
        .layout
        .pipeline
        .as_deref()
        .and_then(|p| p.at.round_starter_var);
    if let Some(v) = v {
        b.vars[v] = b.to_move as i64;
    }
    Ok(())
}

/// The hole `label` names (with its row), or an error naming `key`.
fn hole(b: &Board, key: &str, label: &str) -> Result<usize, String> {
    b.layout
        .parse_label(0, label)
        .filter(|&p| b.layout.pits[p].kind == PitKind::Hole)
        .ok_or_else(|| {
            format!(".{key}: `{label}` is no hole of the board (a label with its row, e.g. SO1)")
        })
}

/// The open hole after `at` along its circuit, or an error naming `key`.
fn next_hole(b: &Board, mut at: usize, key: &str, label: &str) -> Result<usize, String> {
    let l = &b.layout;
    for _ in 0..l.pits.len() {
        at = l.next[at];
        if at == NO_PIT {
            break;
        }
        if l.pits[at].kind == PitKind::Hole && !b.closed.get(at).copied().unwrap_or(false) {
            return Ok(at);
        }
    }
    Err(format!(".{key}: {label} has no hole to sow into"))
}

/// Sows `n` seeds in hand one a hole beginning in `first`, then (with `relay`) on from each
/// occupied last hole; an error names `key`.
fn sow_from(
    b: &mut Board,
    first: usize,
    mut n: i64,
    relay: bool,
    key: &str,
    label: &str,
) -> Result<(), String> {
    let mut at = first;
    for _ in 0..MAX_LAPS {
        b.seeds[at] += 1;
        n -= 1;
        while n > 0 {
            at = next_hole(b, at, key, label)?;
            b.seeds[at] += 1;
            n -= 1;
        }
        if !relay || b.seeds[at] < 2 {
            return Ok(());
        }
        n = b.seeds[at];
        b.seeds[at] = 0;
        at = next_hole(b, at, key, label)?;
    }
    Err(format!(
        ".{key}: the relay from {label} goes on past {MAX_LAPS} laps"
    ))
}

fn step(b: &mut Board, s: &OpeningStep) -> Result<(), String> {
    let given = [s.sow.is_some(), s.take.is_some(), s.remove.is_some()];
    if given.iter().filter(|&&x| x).count() != 1 {
        return Err(": write exactly one of sow, take (with to, sow_from or by), remove".into());
    }
    if s.take.is_none()
        && (s.to.is_some() || s.count.is_some() || s.sow_from.is_some() || s.by.is_some())
    {
        return Err(": to, count, sow_from and by go with take".into());
    }
    if s.relay && s.sow.is_none() && s.sow_from.is_none() {
        return Err(": relay goes with sow or sow_from".into());
    }
    if let Some(label) = &s.sow {
        let from = hole(b, "sow", label)?;
        let n = b.seeds[from];
        if n == 0 {
            return Err(format!(".sow: {label} is empty then"));
        }
        b.seeds[from] = 0;
        let first = next_hole(b, from, "sow", label)?;
        return sow_from(b, first, n, s.relay, "sow", label);
    }
    if let Some(label) = &s.remove {
        let from = hole(b, "remove", label)?;
        b.discarded += b.seeds[from];
        b.seeds[from] = 0;
        return Ok(());
    }
    let Some(take) = &s.take else {
        return Ok(());
    };
    let labels = take.list();
    let holes = labels
        .iter()
        .map(|l| hole(b, "take", l))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(pl) = s.by {
        if s.to.is_some() || s.sow_from.is_some() || s.count.is_some() {
            return Err(
                ".by: the seeds taken go to the player, not with to, sow_from or count".into(),
            );
        }
        if pl < 1 || pl > b.layout.players {
            return Err(format!(
                ".by: {pl} is no player (1 to {})",
                b.layout.players
            ));
        }
        for &from in &holes {
            crate::engine::sowing::seeds::capture(b, from, pl, "opening");
        }
        return Ok(());
    }
    match (&s.to, &s.sow_from) {
        (Some(to), None) => {
            let to = hole(b, "to", to)?;
            if s.count.is_some() && holes.len() != 1 {
                return Err(".count: goes with a take of one hole".into());
            }
            for (&from, label) in holes.iter().zip(&labels) {
                let held = b.seeds[from];
                let n = s.count.unwrap_or(held);
                if n < 1 || n > held {
                    return Err(format!(
                        ".take: {label} holds {held} then, it cannot give {n} (count: at least 1, at most what it holds)"
                    ));
                }
                b.seeds[from] -= n;
                b.seeds[to] += n;
            }
            Ok(())
        }
        (None, Some(first)) => {
            if s.count.is_some() {
                return Err(".count: goes with take and to".into());
            }
            let first_hole = hole(b, "sow_from", first)?;
            let mut n = 0;
            for &from in &holes {
                n += b.seeds[from];
                b.seeds[from] = 0;
            }
            if n == 0 {
                return Err(format!(".take: {} hold nothing then", labels.join(", ")));
            }
            sow_from(b, first_hole, n, s.relay, "sow_from", first)
        }
        _ => Err(".take: write either to (the hole the seeds go into), sow_from (the hole their sowing begins in) or by (the player who captures them)".into()),
    }
}
