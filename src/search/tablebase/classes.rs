//! A layer cut into classes that its same-layer moves do not leave: the parts of a distributed
//! build (`sowlab.dask`) that need nothing of each other but the layers below.
//!
//! Class `c` of layer `k` holds the positions (either player to move) with `c` of the `k` seeds
//! in player 1's holes, `0 <= c <= k`. A move that keeps every seed in play (a same-layer move)
//! leaves that number as it was in every rule the tablebases support: the sowing goes round the
//! mover's own row toward his store, and reaching the store or the opponent's row past it, or
//! capturing, takes seeds out of play (a lower layer). So a position's same-layer children are
//! in its class, and a class valued depth first ([`super::build`]'s worker) plays each of its
//! positions once, whatever the other classes do. Rules for which this holds are checked by
//! `tests/tablebase_classes.rs`; for a rule whose same-layer moves did cross classes, a part
//! still gets the right values: it values the positions of other classes that its moves reach
//! too (counted as `outside`: work repeated, never a wrong value), as the CLI's threads do.

use std::sync::atomic::{AtomicI8, Ordering};

use super::build::{Worker, CHUNK};
use super::mirror::MirrorCheck;
use super::position::blank;
use super::{Tablebase, UNKNOWN};
use crate::{Board, Error, Result, Rule, INTERRUPTED};

/// The holes of each side of the class key, as places in the tablebase's canonical hole order.
#[derive(Clone, Debug)]
pub struct Classes {
    /// Places of player 1's holes.
    ones: Vec<usize>,
    /// Places of the other holes.
    rest: Vec<usize>,
}

/// Compositions of `s` seeds into `m` holes: `C(s + m - 1, m - 1)` (1 for `s = m = 0`).
fn compositions(tb: &Tablebase, s: usize, m: usize) -> u64 {
    if m == 0 {
        u64::from(s == 0)
    } else {
        tb.index.choose(s + m - 1, m - 1)
    }
}

impl Classes {
    /// The classes of `tb`'s layers.
    pub fn of(tb: &Tablebase) -> Classes {
        let l = &*tb.template.layout;
        let (ones, rest) = (0..tb.holes.len()).partition(|&j| l.pits[tb.holes[j]].owner == 1);
        Classes { ones, rest }
    }

    /// The class of a position: the seeds in player 1's holes (`parts`: the seeds of each hole
    /// in canonical order).
    pub fn class_of(&self, parts: &[usize]) -> usize {
        self.ones.iter().map(|&j| parts[j]).sum()
    }

    /// Positions in class `c` of layer `k`, both players to move (0 for `c > k`).
    pub fn size(&self, tb: &Tablebase, k: usize, c: usize) -> u64 {
        if c > k {
            return 0;
        }
        2 * compositions(tb, c, self.ones.len()) * compositions(tb, k - c, self.rest.len())
    }

    /// The indices of the positions of layer `k` with player 1 to move whose class is one of
    /// `classes`, in index order (player 2's are these plus the size of the layer's half): the
    /// compositions of `k` seeds over the holes, from the last hole to the first, each hole's
    /// seeds from the most down (the order of [`super::index::Index::rank`]), only down the
    /// branches that can still end in one of `classes`. Visited in this order, a part's
    /// positions and their children lie near each other in memory, as in the command line's
    /// build, which goes through the whole layer in index order.
    pub fn ranks(&self, tb: &Tablebase, k: usize, classes: &[usize]) -> Vec<u64> {
        let n = tb.holes.len();
        let mut out = Vec::new();
        // want[c + 1] - want[lo]: the classes asked for in lo..=c.
        let mut want = vec![0usize; k + 2];
        for c in 0..=k {
            want[c + 1] = want[c] + usize::from(classes.contains(&c));
        }
        let any = |lo: usize, hi: usize| lo <= hi && hi <= k && want[hi + 1] > want[lo];
        if n == 0 {
            if k == 0 && any(0, 0) {
                out.push(0);
            }
            return out;
        }
        let mut one = vec![false; n];
        for &j in &self.ones {
            one[j] = true;
        }
        // Holes 0..=j of each side: with `r` seeds left for them and `a` already in player 1's
        // holes above, the class ends between `a` (all on the other side) and `a + r`.
        let mut ones_to = vec![false; n];
        let mut rest_to = vec![false; n];
        for j in 0..n {
            let (o, r) = if j == 0 {
                (false, false)
            } else {
                (ones_to[j - 1], rest_to[j - 1])
            };
            ones_to[j] = o || one[j];
            rest_to[j] = r || !one[j];
        }
        let reach = |j: usize, r: usize, a: usize| {
            let lo = if rest_to[j] { a } else { a + r };
            let hi = if ones_to[j] { a + r } else { a };
            any(lo, hi.min(k))
        };
        struct Walk<'a, R: Fn(usize, usize, usize) -> bool> {
            tb: &'a Tablebase,
            one: &'a [bool],
            reach: R,
            out: &'a mut Vec<u64>,
        }
        impl<R: Fn(usize, usize, usize) -> bool> Walk<'_, R> {
            /// Holes `j` down to 0 get `r` seeds, `a` of player 1's being above; `rank`: the
            /// terms of the bars above (bar `j - 1` stands at the seeds of holes `0..j` plus
            /// `j - 1`: its term `C(r - x + j - 1, j)` is known once hole `j` gets `x`).
            fn go(&mut self, j: usize, r: usize, a: usize, rank: u64) {
                if j == 0 {
                    self.out.push(rank);
                    return;
                }
                for x in (0..=r).rev() {
                    let a2 = a + if self.one[j] { x } else { 0 };
                    if (self.reach)(j - 1, r - x, a2) {
                        let term = self.tb.index.choose(r - x + j - 1, j);
                        self.go(j - 1, r - x, a2, rank + term);
                    }
                }
            }
        }
        if reach(n - 1, k, 0) {
            let mut w = Walk {
                tb,
                one: &one,
                reach,
                out: &mut out,
            };
            w.go(n - 1, k, 0, 0);
        }
        out
    }

    /// The indices of the positions of layer `k` whose class is one of `classes`, in index
    /// order: player 1 to move, then player 2 (what a part's values follow).
    pub fn members(
        &self,
        tb: &Tablebase,
        k: usize,
        classes: &[usize],
    ) -> impl Iterator<Item = usize> {
        let half = tb.index.size(k) as usize;
        let r = self.ranks(tb, k, classes);
        let n = r.len();
        (0..2 * n).map(move |j| {
            if j < n {
                r[j] as usize
            } else {
                r[j - n] as usize + half
            }
        })
    }
}

/// What a part made of whole classes did.
#[derive(Clone, Debug)]
pub struct ClassValues {
    /// The values of its classes' positions, in index order ([`Classes::members`]).
    pub values: Vec<i8>,
    /// Positions whose moves this call played (each at most once).
    pub played: u64,
    /// Of those, positions outside its classes (0 where same-layer moves keep to a class).
    pub outside: u64,
}

/// The error for a list of classes that is not a part of layer `k`.
fn bad_classes(k: usize, classes: &[usize]) -> Error {
    Error::msg(format!(
        "tablebase layer {k}: classes {classes:?} are not distinct classes of its 0 to {k}"
    ))
}

/// Values the positions of `classes` of layer `k` (the next one of `tb`) into `cur`, the
/// layer's values known so far (kept from one part to the next by a process that values
/// several; see [`super::build::unknown_layer`]), depth first in one thread. `Ok(None)`:
/// Ctrl-C stopped it.
///
/// A `cur` of player 1's half only ([`super::build::unknown_side`], for a rule whose sides are
/// mirror images, [`Tablebase::one_side`]) values the classes' positions with player 1 to move
/// only, as the command line's build does: a same-layer child with player 2 to move is read as
/// its mirror image, player 1 to move in class `k - c`, so a part is best given `c` and `k - c`
/// together (else it values the other's positions too, counted as `outside`). Each position
/// whose rank is a multiple of the command line's chunk is checked against its mirror image
/// first, the positions the command line checks, whatever the parts.
pub fn build_classes_in(
    rule: &Rule,
    template: &Board,
    tb: &Tablebase,
    k: usize,
    classes: &[usize],
    cur: &[AtomicI8],
) -> Result<Option<ClassValues>> {
    if tb.captures.is_some() {
        return Err(Error::msg(format!(
            "{}: a layer whose moves can cycle is built whole (`sowlab tablebase build`), not in parts",
            rule.name
        )));
    }
    let half = tb.index.size(k) as usize;
    let one_side = cur.len() == half && cur.len() as u64 != tb.layer_size(k);
    if one_side && !tb.one_side(rule)? {
        return Err(Error::msg(format!(
            "{}: tablebase layer {k}: {} values given, player 1's half, but the rule's sides are not mirror images (its {} positions are built)",
            rule.name,
            cur.len(),
            tb.layer_size(k)
        )));
    }
    if !one_side {
        super::position::check_part(tb, k, 0, tb.layer_size(k), cur.len())?;
    }
    let mut seen = vec![false; k + 1];
    for &c in classes {
        if c > k || std::mem::replace(&mut seen[c], true) {
            return Err(bad_classes(k, classes));
        }
    }
    let cl = Classes::of(tb);
    let t = blank(template);
    let mut w = Worker::new(rule, tb, cur, k, &t);
    let mut mirror = MirrorCheck::new(rule, tb).filter(|_| one_side);
    // Player 1 to move, then player 2 (not on one side), each in index order (as
    // [`Classes::members`]).
    let ranks = cl.ranks(tb, k, classes);
    let sides = if one_side { 1 } else { 2 };
    let members = || (0..sides).flat_map(|m| ranks.iter().map(move |&r| r as usize + m * half));
    let own = members()
        .filter(|&i| cur[i].load(Ordering::Relaxed) == UNKNOWN)
        .count() as u64;
    let mut values = Vec::with_capacity(sides * ranks.len());
    for (n, i) in members().enumerate() {
        if n % (1 << 12) == 0 && INTERRUPTED.load(Ordering::Relaxed) {
            return Ok(None);
        }
        if let Some(m) = &mut mirror {
            if (i as u64).is_multiple_of(CHUNK) && !m.holds(k, i as u64)? {
                return Err(m.differs(k, i as u64));
            }
        }
        values.push(w.value_next(i)?);
    }
    Ok(Some(ClassValues {
        values,
        played: w.played,
        outside: w.played - own,
    }))
}

/// Layer `k` in index order from its parts, each whole classes with their values
/// ([`ClassValues::values`]); the parts must hold every class of the layer once. Parts of
/// player 1's half only (built one side, [`build_classes_in`]) give player 1's half of the layer
/// (what [`Tablebase::push_layer`] takes as a half layer); the parts are all one or the other.
pub fn join_classes(tb: &Tablebase, k: usize, parts: &[(Vec<usize>, &[i8])]) -> Result<Vec<i8>> {
    let cl = Classes::of(tb);
    let mut seen = vec![false; k + 1];
    let mut wants = Vec::with_capacity(parts.len());
    for (classes, _) in parts {
        let mut want = 0u64;
        for &c in classes {
            if c > k || std::mem::replace(&mut seen[c], true) {
                return Err(bad_classes(k, classes));
            }
            want += cl.size(tb, k, c);
        }
        wants.push(want);
    }
    // Player 1's half only: every part holds half its classes' positions.
    let one_side = wants.iter().any(|&w| w > 0)
        && parts
            .iter()
            .zip(&wants)
            .all(|((_, v), &w)| 2 * v.len() as u64 == w);
    for ((classes, values), &want) in parts.iter().zip(&wants) {
        let want = if one_side { want / 2 } else { want };
        if values.len() as u64 != want {
            return Err(Error::msg(format!(
                "tablebase layer {k}: classes {classes:?} hold {want} positions, their part {}",
                values.len()
            )));
        }
    }
    if let Some(c) = seen.iter().position(|&s| !s) {
        return Err(Error::msg(format!(
            "tablebase layer {k}: class {c} is in no part (a layer's parts hold its classes 0 to {k})"
        )));
    }
    if one_side {
        let mut layer = vec![UNKNOWN; tb.index.size(k) as usize];
        for (classes, values) in parts {
            for (r, x) in cl.ranks(tb, k, classes).into_iter().zip(values.iter()) {
                layer[r as usize] = *x;
            }
        }
        return Ok(layer);
    }
    let mut layer = vec![UNKNOWN; tb.layer_size(k) as usize];
    for (classes, values) in parts {
        for (i, x) in cl.members(tb, k, classes).zip(values.iter()) {
            layer[i] = *x;
        }
    }
    Ok(layer)
}
