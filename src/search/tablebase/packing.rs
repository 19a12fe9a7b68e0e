//! How a layer's values are written in a file (format 2): as few bits a value as the layer's
//! values need, and one player's half when the other's is its mirror image.
//!
//! **Bits.** The values of a layer are written as codes `(v - min) / step`, `bits` bits each,
//! packed from the low bit of each byte up: `min` is the layer's least value, `step` the greatest
//! common divisor of the differences to it. The values of `k` seeds in play lie in `-k..=k`, and
//! where every seed in play ends in a player's hands (Kalah) they have the parity of `k` (a
//! player's gains and his opponent's add up to `k`): `step` is then 2, and a layer of up to 15
//! seeds takes 4 bits a position, one of up to 31 seeds 5 bits. Nothing is assumed of the rule:
//! the writer reads `min`, `step` and `bits` off the values, so a layer is always written
//! exactly.
//!
//! **Mirror.** On a board of two rows, the position with player 2 to move and holes `c` is the
//! position with player 1 to move and the rows swapped (`c` turned by half the holes) when the
//! rule treats both players alike. The writer checks every value of the layer: when player 2's
//! half is player 1's half read through that turn, only player 1's half is written
//! (`mirrored`), and the reader keeps it and reads player 2's through the mirror ([`super::half`]). A rule whose players differ (or a board of
//! another shape) has both halves written.

use serde::{Deserialize, Serialize};

use super::Tablebase;

/// How the values of a layer file are packed.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Packing {
    /// The value of code 0.
    pub min: i32,
    /// The difference between the values of two codes next to each other (1 at least).
    pub step: u32,
    /// Bits a code (0 to 8; 0: every value is `min`).
    pub bits: u32,
    /// Only player 1's half is written: player 2's is its mirror image.
    pub mirrored: bool,
}

impl Packing {
    /// Positions written: the layer's, or half of them when mirrored.
    pub fn written(&self, positions: u64) -> u64 {
        if self.mirrored {
            positions / 2
        } else {
            positions
        }
    }

    /// Bytes of the codes of `positions` positions of the layer.
    pub fn bytes(&self, positions: u64) -> u64 {
        (self.written(positions) * self.bits as u64).div_ceil(8)
    }
}

/// Whether layer `k` of `tb` can be mirrored at all: two rows of as many holes, no captured
/// split carried.
fn can_mirror(tb: &Tablebase) -> bool {
    tb.captures.is_none() && tb.holes() >= 2 && tb.holes().is_multiple_of(2)
}

/// Calls `f(j, i)` for every position `j` of player 2's half of layer `k` with `i` its mirror
/// image in player 1's half (both indices within a half); stops at the first `false`. The
/// compositions are walked depth first, both numbers summed term by term on the way down (a
/// few additions a position, where unranking each would take a search a hole).
fn each_mirror(tb: &Tablebase, k: usize, mut f: impl FnMut(usize, usize) -> bool) -> bool {
    let n = tb.holes();
    let mut w = Walk {
        ix: tb.index(),
        n,
        h: n / 2,
        k,
        prefix: vec![0; n],
        f: &mut f,
    };
    w.down(0, 0, 0)
}

/// The walk of [`each_mirror`]: compositions `d` of `k` into `n` parts (player 2's position),
/// the number of `d` and of `d` turned by `h` parts (its mirror image, `c`).
struct Walk<'a, F> {
    ix: &'a super::index::Index,
    n: usize,
    h: usize,
    k: usize,
    /// `prefix[j]`: `d_0 + ... + d_j`.
    prefix: Vec<usize>,
    f: &'a mut F,
}

impl<F: FnMut(usize, usize) -> bool> Walk<'_, F> {
    /// Parts `j..` of `d`, with `rd` and `rc` the terms of the two numbers so far.
    fn down(&mut self, j: usize, rd: u64, rc: u64) -> bool {
        let (n, h, k) = (self.n, self.h, self.k);
        let before = if j == 0 { 0 } else { self.prefix[j - 1] };
        let (from, to) = if j == n - 1 {
            (k - before, k - before)
        } else {
            (0, k - before)
        };
        for x in from..=to {
            let p = before + x;
            self.prefix[j] = p;
            let mut rd = rd;
            let mut rc = rc;
            if j < n - 1 {
                rd += self.ix.choose(p + j, j + 1);
            }
            if j == h - 1 {
                // c's parts h.. are d's parts ..h, after d's last n - h parts (k - p seeds).
                for i in h..n - 1 {
                    rc += self.ix.choose(k - p + self.prefix[i - h] + i, i + 1);
                }
            }
            if j >= h {
                // c's part j - h is d's part j.
                let i = j - h;
                rc += self.ix.choose(p - self.prefix[h - 1] + i, i + 1);
            }
            let go = if j == n - 1 {
                (self.f)(rd as usize, rc as usize)
            } else {
                self.down(j + 1, rd, rc)
            };
            if !go {
                return false;
            }
        }
        true
    }
}

/// Packs `values`, layer `k` of `tb` (both halves), into the bytes a file holds.
pub fn encode(tb: &Tablebase, k: usize, values: &[i8]) -> (Packing, Vec<u8>) {
    let size = tb.index().size(k) as usize;
    let mirrored = can_mirror(tb)
        && values.len() == 2 * size
        && each_mirror(tb, k, |j, i| values[size + j] == values[i]);
    let kept = if mirrored { &values[..size] } else { values };
    let min = kept.iter().copied().min().unwrap_or(0) as i32;
    let max = kept.iter().copied().max().unwrap_or(0) as i32;
    let step = kept
        .iter()
        .fold(0u32, |g, &v| gcd(g, (v as i32 - min) as u32))
        .max(1);
    let top = ((max - min) as u32) / step;
    let bits = 32 - top.leading_zeros();
    let p = Packing {
        min,
        step,
        bits,
        mirrored,
    };
    let mut out = vec![0u8; p.bytes(values.len() as u64) as usize];
    if bits > 0 {
        for (n, &v) in kept.iter().enumerate() {
            let code = ((v as i32 - min) as u32 / step) as u16;
            let at = n * bits as usize;
            let w = code << (at % 8);
            out[at / 8] |= w as u8;
            if at % 8 + bits as usize > 8 {
                out[at / 8 + 1] |= (w >> 8) as u8;
            }
        }
    }
    (p, out)
}

/// The values of layer `k` of `tb` written in the bytes of its file packed as `p` (player 1's
/// half only when mirrored: player 2's is read through the mirror, [`super::half`]); an error
/// naming what does not fit (the caller names the file). The values are then checked against
/// their positions' range by the caller.
pub fn decode_kept(tb: &Tablebase, k: usize, p: &Packing, bytes: &[u8]) -> Result<Vec<i8>, String> {
    let positions = tb.layer_size(k);
    if p.bits > 8 || p.step == 0 {
        return Err(format!(
            "a packing of {} bits a value and a step of {} (at most 8 bits, a step of 1 or more)",
            p.bits, p.step
        ));
    }
    if p.mirrored && (!can_mirror(tb) || !positions.is_multiple_of(2)) {
        return Err("a mirrored layer for a board that has no mirror image".to_string());
    }
    let want = p.bytes(positions);
    if bytes.len() as u64 != want {
        return Err(format!(
            "{} bytes of values, the header says {want}",
            bytes.len()
        ));
    }
    let n = p.written(positions) as usize;
    let mask = (1u16 << p.bits) - 1;
    let mut values = Vec::with_capacity(positions as usize);
    for j in 0..n {
        let code = if p.bits == 0 {
            0
        } else {
            let at = j * p.bits as usize;
            let lo = bytes[at / 8] as u16;
            let hi = bytes.get(at / 8 + 1).copied().unwrap_or(0) as u16;
            ((lo | hi << 8) >> (at % 8)) & mask
        };
        let v = p.min as i64 + p.step as i64 * code as i64;
        let Ok(v) = i8::try_from(v) else {
            return Err(format!(
                "{} holds the value {v}, but a position with {k} seeds in play is worth -{k} to {k} (a forged or damaged file)",
                tb.describe(k, j)
            ));
        };
        values.push(v);
    }
    Ok(values)
}

/// The values of layer `k` of `tb` packed in `bytes` by `p`, both halves ([`decode_kept`],
/// unfolded when mirrored).
pub fn decode(tb: &Tablebase, k: usize, p: &Packing, bytes: &[u8]) -> Result<Vec<i8>, String> {
    let values = decode_kept(tb, k, p, bytes)?;
    Ok(if p.mirrored {
        unfold(tb, k, &values)
    } else {
        values
    })
}

/// Layer `k` of `tb` from player 1's half `half`: player 2's half its mirror image.
pub fn unfold(tb: &Tablebase, k: usize, half: &[i8]) -> Vec<i8> {
    let size = half.len();
    let mut values = half.to_vec();
    values.resize(2 * size, 0);
    each_mirror(tb, k, |j, i| {
        values[size + j] = values[i];
        true
    });
    values
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kalah(holes: usize) -> (Tablebase, std::sync::Arc<crate::Rule>, crate::Board) {
        let rule = crate::Rule::load("kalah", std::path::Path::new("rules")).unwrap();
        let h = format!("holes={holes}");
        let opts = rule.resolve_options(&[h.as_str(), "seeds=2"]).unwrap();
        let g = crate::Game::new(std::sync::Arc::new(rule), opts).unwrap();
        let b = g.board().clone();
        (Tablebase::empty(&g.rule, &b).unwrap(), g.rule.clone(), b)
    }

    #[test]
    fn kalah_layers_are_mirrored_in_half_a_byte_and_read_back_exactly() {
        let (_, rule, b) = kalah(3);
        let tb = super::super::build::build_all(&rule, &b, 9, 1)
            .unwrap()
            .unwrap();
        for k in 0..=9 {
            let values = tb.layer(k);
            let (p, bytes) = encode(&tb, k, &values);
            assert!(p.mirrored, "layer {k}");
            // Values of the parity of k: a step of 2 (from layer 2, where two values differ).
            if k >= 2 {
                assert_eq!(p.step, 2, "layer {k}");
            }
            assert!(p.bits <= 4, "layer {k}: {p:?}");
            assert_eq!(bytes.len() as u64, p.bytes(values.len() as u64));
            assert_eq!(decode(&tb, k, &p, &bytes).unwrap(), *values, "layer {k}");
        }
    }

    #[test]
    fn values_without_a_mirror_or_a_common_step_are_written_whole() {
        let (tb, _, _) = kalah(3);
        // Layer 2: 21 positions a player. Player 2's half differs from player 1's mirror image.
        let n = 2 * tb.index().size(2) as usize;
        let values: Vec<i8> = (0..n).map(|i| (i % 5) as i8 - 2).collect();
        let (p, bytes) = encode(&tb, 2, &values);
        assert_eq!(
            p,
            Packing {
                min: -2,
                step: 1,
                bits: 3,
                mirrored: false
            }
        );
        assert_eq!(bytes.len(), (n * 3).div_ceil(8));
        assert_eq!(decode(&tb, 2, &p, &bytes).unwrap(), values);
        // A byte short, a value past an i8, a packing of 9 bits: errors, never a panic.
        assert!(decode(&tb, 2, &p, &bytes[1..])
            .unwrap_err()
            .contains("bytes of values, the header says"));
        let wide = Packing {
            min: 120,
            step: 7,
            ..p
        };
        assert!(decode(&tb, 2, &wide, &bytes)
            .unwrap_err()
            .contains("holds the value"));
        let bad = Packing { bits: 9, ..p };
        assert!(decode(&tb, 2, &bad, &bytes).is_err());
    }
}
