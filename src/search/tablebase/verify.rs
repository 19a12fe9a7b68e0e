//! Values read from files, checked against their moves: a value forged inside the range its
//! position allows (the checksum recomputed) would otherwise give a wrong answer silently.
//!
//! The first time a lookup uses a position of a layer read from a file, its moves are played one
//! ply deep and valued as the build values them (what a move wins, plus the value the tables
//! hold for the position it leads to, in a lower layer or the same one, or what the game's end
//! gives); the best of them must be the value read. A bit a position remembers the values
//! found right, so each is played once. A wrong value is an error naming the file, the position
//! and both values. When a position's value disagrees with its moves because one of the
//! positions they lead to holds a wrong value, that one is named (the error follows the wrong
//! values down, a few plies at most).

use super::build::no_move;
use super::captures::{margin1, set_position};
use super::position::{child_value, set_holes, Child};
use super::{Tablebase, UNKNOWN};
use crate::search::twoplayer::reading::in_play;
use crate::{Board, Error, Result, Rule};

/// Plies a wrong value is followed down to the position that holds the first one.
const BLAME_DEPTH: usize = 16;

/// Scratch boards of a check, and the table entries its moves read.
struct Boards {
    node: Board,
    child: Board,
    moves: Vec<usize>,
    parts: Vec<usize>,
    kids: Vec<(usize, usize)>,
    /// The positions of the lower layers that the moves reach are noted in `kids` too (what a
    /// wrong value is followed down by: found again only once a value is found wrong).
    blame: bool,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Vec<Boards>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Tablebase {
    /// Checks the value of position `i` of layer `k` against its moves, once (layers built
    /// here are trusted).
    #[inline]
    pub(super) fn verify(&self, rule: &Rule, k: usize, i: usize) -> Result<()> {
        match self.checks.get(k) {
            Some(Some(c)) if !c.is_done(i) => self.check_entry(rule, k, i, &mut Vec::new()),
            _ => Ok(()),
        }
    }

    /// Checks every value of layer `k` read from a file against its moves (what the lookups
    /// do position by position): the first wrong one as its error.
    pub fn verify_layer(&self, rule: &Rule, k: usize) -> Result<()> {
        let n = if k < self.layers() {
            self.layer_size(k)
        } else {
            0
        };
        for i in 0..n as usize {
            self.verify(rule, k, i)?;
        }
        Ok(())
    }

    /// [`Tablebase::verify`], `path` holding the positions whose wrong values led here.
    fn check_entry(
        &self,
        rule: &Rule,
        k: usize,
        i: usize,
        path: &mut Vec<(usize, usize)>,
    ) -> Result<()> {
        let Some(Some(c)) = self.checks.get(k) else {
            return Ok(());
        };
        if c.is_done(i) {
            return Ok(());
        }
        // Boards kept by the thread from one check to the next (a check is a few moves: making
        // boards for each would cost more than playing them).
        let mut b = SCRATCH
            .with(|c| c.borrow_mut().pop())
            .unwrap_or_else(|| Boards {
                node: self.template.clone(),
                child: self.template.clone(),
                moves: Vec::new(),
                parts: Vec::new(),
                kids: Vec::new(),
                blame: false,
            });
        b.node.copy_from(&self.template);
        b.parts.resize(self.holes.len(), 0);
        b.kids.clear();
        b.blame = false;
        let mut computed = match self.captures {
            None => self.one_ply(rule, k, i, &mut b),
            Some(_) => self.one_ply_captures(rule, k, i, &mut b),
        };
        // `node` holds the position checked (written first by either way of valuing it).
        let held = self.held_on(&b.node, k, i) as i32;
        if computed.as_ref().is_ok_and(|&v| v != held) && self.captures.is_none() {
            // Wrong: played again, noting every position its moves reach.
            b.kids.clear();
            b.blame = true;
            computed = self.one_ply(rule, k, i, &mut b);
        }
        let kids = std::mem::take(&mut b.kids);
        SCRATCH.with(|c| c.borrow_mut().push(b));
        let computed = computed?;
        if computed == held {
            c.mark(i);
            return Ok(());
        }
        if path.len() < BLAME_DEPTH {
            path.push((k, i));
            for (k2, i2) in kids {
                if !path.contains(&(k2, i2)) {
                    self.check_entry(rule, k2, i2, path)?;
                }
            }
            path.pop();
        }
        let held = if held == UNKNOWN as i32 {
            "no value".to_string()
        } else {
            format!("the value {held}")
        };
        Err(Error::msg(format!(
            "{}: {} holds {held}, but its moves give {computed} (a forged or damaged file)",
            c.path,
            self.describe(k, i)
        )))
    }

    /// The value of a table entry (layer `k`, index `i`, the position on board `on`), unchecked,
    /// as a position's own value; noted in `kids`.
    fn entry(&self, on: &Board, k: usize, i: usize, kids: &mut Vec<(usize, usize)>) -> Result<i32> {
        let v = self.held_on(on, k, i);
        if v == UNKNOWN {
            return Err(Error::msg(format!(
                "{} holds no value (a damaged tablebase)",
                self.describe(k, i)
            )));
        }
        kids.push((k, i));
        Ok(v as i32)
    }

    /// The value of position `i` of layer `k` (no captures carried) from its moves, as
    /// [`super::build`] values it.
    fn one_ply(&self, rule: &Rule, k: usize, i: usize, b: &mut Boards) -> Result<i32> {
        set_holes(self, k, i, &mut b.node, &mut b.parts);
        rule.legal_board(&b.node, &mut b.moves)?;
        if b.moves.is_empty() {
            // Never probed (over as soon as it arises): the builders write `no_move(k)` (format
            // 2), format 1 files 0 (written before); either is right.
            let held = self.held_on(&b.node, k, i) as i32;
            return Ok(if held == 0 { 0 } else { no_move(k) });
        }
        let mut best = i32::MIN;
        for &pit in &b.moves {
            let v = match child_value::<false>(rule, self, k, &b.node, pit, &mut b.child, false)? {
                Child::Over(v) => v,
                Child::Lower(v) => {
                    if b.blame {
                        if let Some(at) = self.locate(&b.child) {
                            b.kids.push(at);
                        }
                    }
                    v
                }
                Child::SameLayer { index, margin } => {
                    margin.of(self.entry(&b.child, k, index, &mut b.kids)?)
                }
            };
            best = best.max(v);
        }
        Ok(best.clamp(-127, 127))
    }

    /// The value of position `i` of layer `k` of a captures tablebase (its split included) from
    /// its moves, as [`super::captures`] values it: for player 1, the best of his moves or the
    /// worst of his opponent's, within `-k..=k`.
    fn one_ply_captures(&self, rule: &Rule, k: usize, i: usize, b: &mut Boards) -> Result<i32> {
        let Some(cap) = self.captures else {
            return Err(Error::msg("not a captures tablebase"));
        };
        let size = self.index.size(k).max(1) as usize;
        let (split, j) = (i / (2 * size), i % (2 * size));
        let a = cap.splits(k).0 + split as i64;
        set_position(self, k, a, j, &mut b.node, &mut b.parts);
        rule.legal_board(&b.node, &mut b.moves)?;
        if b.moves.is_empty() {
            return Ok(0);
        }
        let first = j < size;
        let before = margin1(&b.node);
        let mut best: Option<i32> = None;
        for &pit in &b.moves {
            b.child.copy_from(&b.node);
            rule.apply_board(&mut b.child, pit)?;
            let gain = margin1(&b.child) - before;
            let v1 = if b.child.over {
                gain
            } else {
                let k2 = in_play(&b.child) as usize;
                let same = k2 == k && gain == 0 && b.child.reserves == b.node.reserves;
                let at = if k2 < k || same {
                    self.locate(&b.child)
                } else {
                    None
                };
                let Some((k2, i2)) = at else {
                    return Err(Error::msg(format!(
                        "{}: a move from {} reaches a position the tablebase does not cover",
                        rule.name,
                        self.describe(k, i)
                    )));
                };
                let v = self.entry(&b.child, k2, i2, &mut b.kids)?;
                gain + if b.child.to_move == 1 { v } else { -v }
            };
            best = Some(match best {
                None => v1,
                Some(x) if first => x.max(v1),
                Some(x) => x.min(v1),
            });
        }
        let v1 = best.unwrap_or(0).clamp(-(k as i32), k as i32);
        Ok(if first { v1 } else { -v1 })
    }
}
