//! Tablebase files: one per layer, `layer-K.sowtb` in a folder. A file is one header line of
//! JSON after a magic line, then the layer's values, packed (format 3, [`super::packing`]: as
//! few bits a value as the layer's values need, codes grouped, player 1 to move first, then
//! player 2, each in index order, player 2's half left out when it is player 1's mirror image).
//! Format 2 files (whole bits a value) and format 1 files (one signed byte a position, both
//! halves) are still read. The header names the format, the rule
//! (name and content hash), its options and the fingerprint of the moves they declare, the
//! layer, the holes, the position count, the packing and the SHA-256 of the bytes that follow;
//! a file for another rule or other moves, of another size, or whose bytes do not match is
//! refused with a message that says which.

use std::io::{BufRead, Read, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::packing::{decode_kept, encode, encode_kept, Packing};
use super::{short, Tablebase};
use crate::{Error, Result};

/// The first line of every file.
pub const MAGIC: &str = "sowlab tablebase";

/// The format written.
pub const FORMAT: u32 = 3;

/// A layer file's header.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Header {
    /// The file format.
    pub format: u32,
    /// The rule's name.
    pub rule: String,
    /// The rule's content hash.
    pub rule_hash: String,
    /// Its options, `name=value` separated by spaces.
    pub options: String,
    /// The fingerprint of the moves and ends the options declare ([`super::moves_fingerprint`]).
    pub moves: String,
    /// Holes of the board.
    pub holes: usize,
    /// Seeds in play (the layer).
    pub layer: usize,
    /// Positions of the layer (both players to move).
    pub positions: u64,
    /// How the values that follow are packed (formats 2 and 3; format 1: a byte a position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub packing: Option<Packing>,
    /// SHA-256 of the bytes that follow, hex.
    pub sha256: String,
}

/// The file of layer `k` in `dir`.
pub fn layer_path(dir: &Path, k: usize) -> PathBuf {
    dir.join(format!("layer-{k:03}.sowtb"))
}

/// The SHA-256 of `bytes`, hex.
pub fn checksum(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The header layer `k` of `tb` gets, and the bytes that follow it.
pub fn header(tb: &Tablebase, k: usize) -> (Header, Vec<u8>) {
    // A half layer (built one side, or read mirrored) is written as it is held: the writer of
    // both halves finds the same mirror value by value.
    let (packing, bytes) = if tb.is_half(k) {
        encode_kept(&tb.layers[k], true)
    } else {
        encode(tb, k, &tb.layer(k))
    };
    let h = Header {
        format: FORMAT,
        rule: tb.rule.clone(),
        rule_hash: tb.rule_hash.clone(),
        options: tb.options.clone(),
        moves: tb.moves.clone(),
        holes: tb.holes(),
        layer: k,
        positions: tb.layer_size(k),
        packing: Some(packing),
        sha256: checksum(&bytes),
    };
    (h, bytes)
}

/// Writes layer `k` of `tb` into `dir` through the one safe writer
/// ([`crate::engine::base::files::SafeFile`]: a temporary file of an unpredictable name, renamed
/// at the end, so a file that exists is whole; never over a pipe or a device).
pub fn write_layer(dir: &Path, tb: &Tablebase, k: usize) -> Result<PathBuf> {
    Ok(write_layer_sum(dir, tb, k)?.0)
}

/// [`write_layer`], with the SHA-256 of the values written (the header's).
pub fn write_layer_sum(dir: &Path, tb: &Tablebase, k: usize) -> Result<(PathBuf, String)> {
    let path = layer_path(dir, k);
    let err = |e: std::io::Error| Error::msg(format!("{}: {e}", path.display()));
    let (h, bytes) = header(tb, k);
    let out = crate::engine::base::files::SafeFile::create(&path, "write")?;
    {
        let mut f = std::io::BufWriter::new(out);
        writeln!(f, "{MAGIC}").map_err(err)?;
        let line = serde_json::to_string(&h).map_err(|e| Error::msg(e.to_string()))?;
        writeln!(f, "{line}").map_err(err)?;
        f.write_all(&bytes).map_err(err)?;
        f.into_inner().map_err(|e| err(e.into_error()))?.commit()?;
    }
    Ok((path, h.sha256))
}

/// Reads layer `k` from `dir` for `tb` (which holds layers `0..k`): `Ok(None)` when there is no
/// such file; an error when the file is for another rule or options, or damaged. The values as
/// [`Tablebase::push_layer`] takes them: player 1's half only when the file holds only it
/// (player 2's being its mirror image).
pub fn read_layer(dir: &Path, tb: &Tablebase, k: usize) -> Result<Option<Vec<i8>>> {
    Ok(read_layer_sum(dir, tb, k)?.map(|(v, _)| v))
}

/// [`read_layer`], with the SHA-256 of the file's values (its header's, checked).
pub fn read_layer_sum(dir: &Path, tb: &Tablebase, k: usize) -> Result<Option<(Vec<i8>, String)>> {
    let path = layer_path(dir, k);
    let at = path.display().to_string();
    // (a regular file only, opened without blocking: a pipe named as a layer is refused)
    let file = match crate::engine::base::files::open_regular(&path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Error::msg(format!("{at}: {e}"))),
    };
    let mut r = std::io::BufReader::new(file);
    let mut magic = String::new();
    (&mut r)
        .take(MAGIC.len() as u64 + 2)
        .read_line(&mut magic)
        .map_err(|e| Error::msg(format!("{at}: {e}")))?;
    if magic.trim_end() != MAGIC {
        return Err(Error::msg(format!("{at}: not a sowlab tablebase file")));
    }
    let mut line = String::new();
    // (the header is one short line: a file without a line end is not read whole)
    (&mut r)
        .take(1 << 20)
        .read_line(&mut line)
        .map_err(|e| Error::msg(format!("{at}: {e}")))?;
    let h: Header =
        serde_json::from_str(&line).map_err(|e| Error::msg(format!("{at}: a bad header: {e}")))?;
    // Format 1: a byte a position, both halves; format 2: a code a group, in whole bits.
    let packing = match (h.format, h.packing) {
        (1, None) => Packing {
            min: i8::MIN as i32,
            step: 1,
            bits: 8,
            mirrored: false,
            codes: None,
            group: None,
        },
        (2, Some(p)) if p.codes.is_none() && p.group.is_none() => p,
        (FORMAT, Some(p)) if p.codes.is_some() && p.group.is_some() => p,
        _ => {
            return Err(Error::msg(format!(
                "{at}: format {}{} (this sowlab reads formats 1, 2 and {FORMAT}: a format 1 file has no packing, a format 2 one no codes nor group, a format {FORMAT} one both)",
                h.format,
                match h.packing {
                    None => " without a packing",
                    Some(p) if p.codes.is_some() || p.group.is_some() => " with codes or a group",
                    Some(_) => " without codes or a group",
                }
            )))
        }
    };
    if h.rule_hash != tb.rule_hash || h.moves != tb.moves {
        let why = if h.rule == tb.rule && h.options == tb.options && h.moves == tb.moves {
            // (the same name and options: the rule's text, or the sowlab that reads it, changed)
            format!(
                "built from another text of {} (rule hash {}, now {}): the rule's file, or a file it imports, changed since; build it again",
                tb.rule,
                short(&h.rule_hash),
                short(&tb.rule_hash)
            )
        } else if h.rule == tb.rule && h.rule_hash == tb.rule_hash && h.options == tb.options {
            // (the same rule text and options: the sowlab that built it compiled its moves
            // otherwise, e.g. an older version whose declared steps differ)
            format!(
                "built for {} ({}) by a sowlab whose moves for it differ from this one's (another version of sowlab): build it again",
                h.rule, h.options
            )
        } else {
            format!(
                "built for {} ({}), not for {} ({}): another rule, or options that declare other moves (or another version of sowlab, whose moves for it differ): build it again",
                h.rule, h.options, tb.rule, tb.options
            )
        };
        return Err(Error::msg(format!("{at}: {why}")));
    }
    if h.layer != k || h.holes != tb.holes() || h.positions != tb.layer_size(k) {
        return Err(Error::msg(format!(
            "{at}: layer {} of {} holes with {} positions; expected layer {k} of {} holes with {}",
            h.layer,
            h.holes,
            h.positions,
            tb.holes(),
            tb.layer_size(k)
        )));
    }
    let want = packing.bytes(h.positions);
    let mut bytes = Vec::with_capacity(want.min(1 << 32) as usize);
    r.take(want + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::msg(format!("{at}: {e}")))?;
    if bytes.len() as u64 != want {
        return Err(Error::msg(format!(
            "{at}: {} bytes of values, the header says {want}",
            bytes.len(),
        )));
    }
    if checksum(&bytes) != h.sha256 {
        return Err(Error::msg(format!(
            "{at}: the checksum does not match (a damaged file)"
        )));
    }
    let values = if h.format == 1 {
        bytes.into_iter().map(|b| b as i8).collect()
    } else {
        decode_kept(tb, k, &packing, &bytes).map_err(|e| Error::msg(format!("{at}: {e}")))?
    };
    // (a packing whose codes all lie in the layer's range decodes to nothing else)
    if h.format == 1 || !packing.within(k) {
        tb.check_values(k, &values)
            .map_err(|e| Error::msg(format!("{at}: {e}")))?;
    }
    Ok(Some((values, h.sha256)))
}

/// Loads every layer from `dir` into `tb`, from layer 0 up to the first missing one; the number
/// of layers loaded.
pub fn load(dir: &Path, tb: &mut Tablebase) -> Result<usize> {
    let mut n = 0;
    while let Some(v) = read_layer(dir, tb, tb.layers())? {
        let k = tb.layers();
        tb.push_read_layer(v, &layer_path(dir, k));
        n += 1;
        if tb.layers() > super::MAX_SEEDS {
            break;
        }
    }
    Ok(n)
}
