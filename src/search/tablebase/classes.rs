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

use super::build::Worker;
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

/// Calls `f` with every composition of `s` into `out.len()` parts, in lexicographic order.
fn each_composition(s: usize, out: &mut [usize], f: &mut impl FnMut(&[usize])) {
    fn go(s: usize, at: usize, out: &mut [usize], full: &mut dyn FnMut(&[usize])) {
        let m = out.len();
        if at + 1 >= m {
            if m > 0 {
                out[m - 1] = s;
                full(out);
            } else if s == 0 {
                full(out);
            }
            return;
        }
        for x in 0..=s {
            out[at] = x;
            go(s - x, at + 1, out, full);
        }
    }
    go(s, 0, out, f);
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

    /// The indices of class `c` of layer `k` with player 1 to move, in the class's order (player
    /// 2's are these plus the size of the layer's half): every split of `c` seeds over player
    /// 1's holes, each with every split of the rest over the other holes.
    pub fn ranks(&self, tb: &Tablebase, k: usize, c: usize) -> Vec<u64> {
        let mut out = Vec::new();
        if c > k {
            return out;
        }
        let mut a = vec![0; self.ones.len()];
        let mut b = vec![0; self.rest.len()];
        let mut parts = vec![0; tb.holes.len()];
        let mut splits_b: Vec<Vec<usize>> = Vec::new();
        each_composition(k - c, &mut b, &mut |x| splits_b.push(x.to_vec()));
        each_composition(c, &mut a, &mut |x| {
            for (&j, &s) in self.ones.iter().zip(x) {
                parts[j] = s;
            }
            for y in &splits_b {
                for (&j, &s) in self.rest.iter().zip(y) {
                    parts[j] = s;
                }
                out.push(tb.index.rank(parts.iter().copied()));
            }
        });
        out
    }

    /// The indices of class `c` of layer `k` in the class's order: player 1 to move, then
    /// player 2 (what a part's values follow).
    pub fn members(&self, tb: &Tablebase, k: usize, c: usize) -> impl Iterator<Item = usize> {
        let half = tb.index.size(k) as usize;
        let r = self.ranks(tb, k, c);
        let second: Vec<usize> = r.iter().map(|&x| x as usize + half).collect();
        r.into_iter().map(|x| x as usize).chain(second)
    }
}

/// What a part made of whole classes did.
#[derive(Clone, Debug)]
pub struct ClassValues {
    /// The values of its classes' positions, class after class, each in its order
    /// ([`Classes::members`]).
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
    super::position::check_part(tb, k, 0, tb.layer_size(k), cur.len())?;
    let mut seen = vec![false; k + 1];
    for &c in classes {
        if c > k || std::mem::replace(&mut seen[c], true) {
            return Err(bad_classes(k, classes));
        }
    }
    let cl = Classes::of(tb);
    let t = blank(template);
    let mut w = Worker::new(rule, tb, cur, k, &t);
    let (mut values, mut own) = (Vec::new(), 0u64);
    for &c in classes {
        let members: Vec<usize> = cl.members(tb, k, c).collect();
        own += members
            .iter()
            .filter(|&&i| cur[i].load(Ordering::Relaxed) == UNKNOWN)
            .count() as u64;
        for (n, &i) in members.iter().enumerate() {
            if n % (1 << 12) == 0 && INTERRUPTED.load(Ordering::Relaxed) {
                return Ok(None);
            }
            values.push(w.value(i)?);
        }
    }
    Ok(Some(ClassValues {
        values,
        played: w.played,
        outside: w.played - own,
    }))
}

/// Layer `k` in index order from its parts, each whole classes with their values
/// ([`ClassValues::values`]); the parts must hold every class of the layer once.
pub fn join_classes(tb: &Tablebase, k: usize, parts: &[(Vec<usize>, &[i8])]) -> Result<Vec<i8>> {
    let cl = Classes::of(tb);
    let mut seen = vec![false; k + 1];
    for (classes, values) in parts {
        let mut want = 0u64;
        for &c in classes {
            if c > k || std::mem::replace(&mut seen[c], true) {
                return Err(bad_classes(k, classes));
            }
            want += cl.size(tb, k, c);
        }
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
    let mut layer = vec![UNKNOWN; tb.layer_size(k) as usize];
    for (classes, values) in parts {
        let mut v = values.iter();
        for &c in classes {
            for (i, x) in cl.members(tb, k, c).zip(&mut v) {
                layer[i] = *x;
            }
        }
    }
    Ok(layer)
}
