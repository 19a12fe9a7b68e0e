//! How a layer's values are written in a file (format 3): in as few bits as the layer's values
//! need, and one player's half when the other's is its mirror image.
//!
//! **Codes.** A value `v` is written as its code `(v - min) / step`: `min` is the layer's least
//! value, `step` the greatest common divisor of the differences to it, and `codes` the number of
//! codes (the greatest code plus one). The values of `k` seeds in play lie in `-k..=k`, and where
//! every seed in play ends in a player's hands (Kalah) they have the parity of `k` (a player's
//! gains and his opponent's add up to `k`): `step` is then 2 and a layer of `k` seeds has at
//! most `k + 1` codes. Nothing is assumed of the rule: the writer reads `min`, `step` and
//! `codes` off the values, so a layer is always written exactly.
//!
//! **Groups.** Codes go in groups of `group`, each group the number `c_0 + c_1 codes + c_2
//! codes^2 + ...` written in `bits` bits, from the low bit of each byte up (the last group
//! filled with zero codes): the group is the one of at most 16 codes that takes the fewest bits
//! a code. With a power of two of codes that is one code of `log2(codes)` bits; with 21 codes
//! (Kalah's layer of 20 seeds) five codes in 22 bits, 4.4 bits a code where format 2 took 5.
//! Format 2 wrote one code a group in `bits` bits (no `codes` nor `group` in its header): it is
//! still read.
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
    /// Bits a group of codes (0 to 64; 0: every value is `min`).
    pub bits: u32,
    /// Only player 1's half is written: player 2's is its mirror image.
    pub mirrored: bool,
    /// Codes a value may take (format 3; format 2: `2^bits`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub codes: Option<u64>,
    /// Codes a group (format 3; format 2: 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<u32>,
}

/// Most codes a group.
const MAX_GROUP: u32 = 16;

impl Packing {
    /// The packing of values whose codes are `0..codes` (format 3): the group of at most
    /// [`MAX_GROUP`] codes, in at most 64 bits, that takes the fewest bits a code.
    pub fn of(min: i32, step: u32, codes: u64, mirrored: bool) -> Packing {
        let (mut bits, mut group) = (0u32, 1u32);
        if codes > 1 {
            bits = 64 - (codes - 1).leading_zeros();
            let mut span = codes as u128;
            for g in 2..=MAX_GROUP {
                span *= codes as u128;
                if span > 1u128 << 64 {
                    break;
                }
                let w = 128 - (span - 1).leading_zeros();
                if (w as u64) * (group as u64) < (bits as u64) * (g as u64) {
                    (bits, group) = (w, g);
                }
            }
        }
        Packing {
            min,
            step,
            bits,
            mirrored,
            codes: Some(codes),
            group: Some(group),
        }
    }

    /// Codes a value may take.
    pub fn codes(&self) -> u64 {
        self.codes.unwrap_or(1u64 << self.bits.min(63))
    }

    /// Whether every code's value lies within `-k..=k` (at most 127 either way): the range of
    /// a layer of `k` seeds in play, so that the values decoded need no check of their own.
    pub fn within(&self, k: usize) -> bool {
        let bound = k.min(127) as i128;
        let top = self.min as i128 + self.step as i128 * (self.codes() as i128 - 1);
        self.min as i128 >= -bound && top <= bound
    }

    /// Codes a group.
    pub fn group(&self) -> u64 {
        self.group.unwrap_or(1) as u64
    }

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
        let groups = self.written(positions).div_ceil(self.group().max(1));
        (groups * self.bits as u64).div_ceil(8)
    }

    /// Why a packing read from a file cannot be one this sowlab wrote (`None`: it can).
    fn invalid(&self) -> Option<String> {
        let (codes, group) = (self.codes(), self.group());
        let fits = (codes as u128)
            .checked_pow(group as u32)
            .is_some_and(|span| self.bits >= 128 || span <= 1u128 << self.bits);
        if self.bits > 64
            || self.step == 0
            || codes == 0
            || group == 0
            || group > MAX_GROUP as u64
            || !fits
        {
            return Some(format!(
                "a packing of {codes} codes, {group} a group in {} bits, a step of {} (at most {MAX_GROUP} codes in at most 64 bits that hold them all, a step of 1 or more)",
                self.bits, self.step
            ));
        }
        None
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
    encode_kept(kept, mirrored)
}

/// Packs `kept`, the values a layer file holds (player 1's half alone when `mirrored`).
pub fn encode_kept(kept: &[i8], mirrored: bool) -> (Packing, Vec<u8>) {
    let min = kept.iter().copied().min().unwrap_or(0) as i32;
    let max = kept.iter().copied().max().unwrap_or(0) as i32;
    let step = kept
        .iter()
        .fold(0u32, |g, &v| gcd(g, (v as i32 - min) as u32))
        .max(1);
    let codes = ((max - min) as u32 / step) as u64 + 1;
    let p = Packing::of(min, step, codes, mirrored);
    let mut out = Vec::with_capacity(p.bytes(kept.len() as u64) as usize);
    if p.bits > 0 {
        let group = p.group() as usize;
        // Bits not yet written, from the low one up.
        let (mut acc, mut held) = (0u128, 0u32);
        for chunk in kept.chunks(group) {
            let mut number = 0u64;
            for &v in chunk.iter().rev() {
                number = number * codes + ((v as i32 - min) as u32 / step) as u64;
            }
            acc |= (number as u128) << held;
            held += p.bits;
            while held >= 8 {
                out.push(acc as u8);
                acc >>= 8;
                held -= 8;
            }
        }
        if held > 0 {
            out.push(acc as u8);
        }
    }
    debug_assert_eq!(
        out.len() as u64,
        p.bytes(kept.len() as u64 * if mirrored { 2 } else { 1 })
    );
    (p, out)
}

/// The values of layer `k` of `tb` written in the bytes of its file packed as `p` (player 1's
/// half only when mirrored: player 2's is read through the mirror, [`super::half`]); an error
/// naming what does not fit (the caller names the file). The values are then checked against
/// their positions' range by the caller.
pub fn decode_kept(tb: &Tablebase, k: usize, p: &Packing, bytes: &[u8]) -> Result<Vec<i8>, String> {
    let positions = tb.layer_size(k);
    if let Some(why) = p.invalid() {
        return Err(why);
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
    let (codes, group) = (p.codes(), p.group() as usize);
    let mask = if p.bits >= 64 {
        u64::MAX
    } else {
        (1u64 << p.bits) - 1
    };
    let value = |j: usize, code: u64| -> Result<i8, String> {
        let v = p.min as i64 + p.step as i64 * code as i64;
        i8::try_from(v).ok().filter(|_| code < codes).ok_or_else(|| {
            format!(
                "{} holds the value {v}, but a position with {k} seeds in play is worth -{k} to {k} (a forged or damaged file)",
                tb.describe(k, j)
            )
        })
    };
    // The codes of the group from position `start`, whose number is `number`, the general way.
    let decode_group = |start: usize, mut number: u64, values: &mut Vec<i8>| {
        for j in start..(start + group).min(n) {
            if group == 1 {
                values.push(value(j, number)?);
            } else {
                values.push(value(j, number % codes)?);
                number /= codes;
            }
        }
        if group > 1 && number != 0 {
            return Err(format!(
                "the group of codes from {} holds more than {group} codes of {codes} (a forged or damaged file)",
                tb.describe(k, start)
            ));
        }
        Ok(())
    };
    let mut values = Vec::with_capacity(positions as usize);
    crate::search::memory::huge_spare(&mut values);
    // The usual file (at most 256 codes; a group's number cut in two of at most 32 bits each
    // where it does not fit 32 bits): a code is a multiplication away from its part (Lemire's
    // division by a constant, exact for a 32-bit number) and its value a table away. A group
    // this cannot read (a part past its span: a damaged file) is read the general way, which
    // names what is wrong.
    let span = |c: u64| codes.checked_pow(c as u32).filter(|&s| s <= 1 << 32);
    let low = if p.bits <= 32 { group } else { group / 2 } as u64;
    let spans = (span(low), span(group as u64 - low));
    if let ((2..=256), 1.., (Some(low_span), Some(high_span))) = (codes, p.bits, spans) {
        let table: Vec<Option<i8>> = (0..codes).map(|c| value(0, c).ok()).collect();
        let inverse = u64::MAX / codes + 1;
        let low = low as usize;
        for start in (0..n).step_by(group) {
            let at = (start / group) * p.bits as usize;
            let word = match bytes.get(at / 8..at / 8 + 8) {
                Some(b) => u64::from_le_bytes(b.try_into().expect("8 bytes")),
                None => bytes[at / 8..]
                    .iter()
                    .enumerate()
                    .fold(0, |w, (b, &x)| w | (x as u64) << (8 * b)),
            };
            // (at most 7 bits of the first byte are another group's; a number of more than 57
            // bits takes a ninth byte)
            let number = if at % 8 + p.bits as usize > 64 {
                let mut w = 0u128;
                for (b, &x) in bytes[at / 8..].iter().take(9).enumerate() {
                    w |= (x as u128) << (8 * b);
                }
                (w >> (at % 8)) as u64 & mask
            } else {
                (word >> (at % 8)) & mask
            };
            let (lo, hi) = if low == group {
                (number, 0)
            } else {
                (number % low_span, number / low_span)
            };
            if lo >= low_span || hi >= high_span {
                decode_group(start, number, &mut values)?;
                continue;
            }
            let count = (start + group).min(n) - start;
            let mut left = 0;
            for (part, from, count) in [
                (lo as u32, start, count.min(low)),
                (hi as u32, start + low, count.saturating_sub(low)),
            ] {
                let mut x = part;
                for j in from..from + count {
                    let q = ((inverse as u128 * x as u128) >> 64) as u32;
                    let code = x - q * codes as u32;
                    x = q;
                    match table[code as usize] {
                        Some(v) => values.push(v),
                        None => return Err(value(j, code as u64).expect_err("a refused code")),
                    }
                }
                left |= x;
            }
            if left != 0 {
                return Err(if group == 1 {
                    value(start, number).expect_err("a code past the codes")
                } else {
                    format!(
                        "the group of codes from {} holds more than {group} codes of {codes} (a forged or damaged file)",
                        tb.describe(k, start)
                    )
                });
            }
        }
        return Ok(values);
    }
    for start in (0..n).step_by(group) {
        let number = if p.bits == 0 {
            0
        } else {
            let at = (start / group) * p.bits as usize;
            let mut word = 0u128;
            for (b, &x) in bytes[at / 8..].iter().take(9).enumerate() {
                word |= (x as u128) << (8 * b);
            }
            (word >> (at % 8)) as u64 & mask
        };
        decode_group(start, number, &mut values)?;
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
            assert!(p.bits as u64 <= 4 * p.group(), "layer {k}: {p:?}");
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
        // Five codes: three a group in 7 bits (125 <= 128), 2.33 bits a code.
        assert_eq!(p, Packing::of(-2, 1, 5, false));
        assert_eq!((p.bits, p.group, p.codes), (7, Some(3), Some(5)));
        assert_eq!(bytes.len(), (n.div_ceil(3) * 7).div_ceil(8));
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
        // Packings no writer makes: too many bits, too many codes a group, a group whose
        // numbers do not fit its bits.
        for bad in [
            Packing { bits: 65, ..p },
            Packing {
                group: Some(17),
                ..p
            },
            Packing { bits: 6, ..p },
        ] {
            let e = decode(&tb, 2, &bad, &bytes).unwrap_err();
            assert!(e.contains("a packing of"), "{e}");
        }
        // A group holding a number past its codes: an error naming the group.
        let mut over = bytes.clone();
        over[0] |= 0x7f;
        let e = decode(&tb, 2, &p, &over).unwrap_err();
        assert!(e.contains("holds more than 3 codes of 5"), "{e}");
    }

    #[test]
    fn groups_take_the_fewest_bits_a_code() {
        // A power of two: one code a group.
        assert_eq!(Packing::of(0, 2, 16, true).bits, 4);
        assert_eq!(Packing::of(0, 2, 16, true).group, Some(1));
        // Kalah's layer of 20 seeds (21 codes): 5 in 22 bits, where whole bits take 5 a code.
        let p = Packing::of(-20, 2, 21, true);
        assert_eq!((p.bits, p.group), (22, Some(5)));
        // One code: no bits.
        assert_eq!(Packing::of(3, 1, 1, false).bits, 0);
        // Every group's number fits its bits, at most 64.
        for codes in 1..=255u64 {
            let p = Packing::of(0, 1, codes, false);
            assert!(p.invalid().is_none(), "{codes} codes: {p:?}");
            assert!(p.bits as u64 <= p.group() * (64 - (codes.max(2) - 1).leading_zeros()) as u64);
        }
    }
}
