//! Tablebases built in parts, for `sowlab.dask`: the layer sizes (to cut a layer into chunks),
//! one chunk of a layer valued from the lower layers' files, and the chunks of a layer joined
//! into its file, the same file `sowlab tablebase build` writes (header, checksum).
//!
//! A worker process keeps the layers it has read (or written) of one folder, rule and options, so
//! that its next chunk does not read them again.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicI8;
use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use sowlab::search::tablebase::build::{build_range_in, unknown_layer, unknown_side};
use sowlab::search::tablebase::classes::{build_classes_in, join_classes, Classes};
use sowlab::search::tablebase::packing::unfold;
use sowlab::search::tablebase::rounds::build_range_round;
use sowlab::search::tablebase::UNKNOWN;
use sowlab::search::tablebase::{file, options_text, MAX_SEEDS};
use sowlab::{Board, Budget, Game, Rule, Tablebase};

use crate::interrupt::interruptible;
use crate::{err, msg, rule_of, sets};

/// The layers of one folder, rule and options that this process has read or written.
struct Cached {
    dir: PathBuf,
    options: String,
    tb: Arc<Tablebase>,
    /// The values known so far of the layer being built (its number), kept from one chunk to
    /// the next: a position that several chunks' moves reach is valued once per process.
    current: Option<(usize, Arc<Vec<AtomicI8>>)>,
}

static CACHE: Mutex<Option<Cached>> = Mutex::new(None);

/// The rule with its options: its start board and an empty tablebase (an error when tablebases
/// do not apply).
fn start(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    rules: Option<PathBuf>,
) -> PyResult<(Arc<Rule>, Board, Tablebase)> {
    let rule = rule_of(py, rule, rules)?;
    let opts = rule.resolve_options(&sets(options)?).map_err(err)?;
    let g = Game::new(rule.clone(), opts).map_err(err)?;
    let b = g.board();
    let tb = Tablebase::empty(&rule, &b).map_err(err)?;
    Ok((rule, b, tb))
}

fn check_layer(k: usize) -> PyResult<()> {
    if k > MAX_SEEDS {
        return Err(msg(format!(
            "layer {k}: tablebases cover at most {MAX_SEEDS} seeds in play"
        )));
    }
    Ok(())
}

/// Asks the memory budget (`max_memory` MiB, else the command line's default: `SOWLAB_SOLVE_MB`)
/// for layers `0..=k` of `tb`, what a build of layer `k` holds, before anything is allocated: a
/// Python exception when they do not fit, never an abort of the interpreter.
fn ask_budget(tb: &Tablebase, k: usize, max_memory: Option<u64>) -> PyResult<u64> {
    check_layer(k)?;
    // (a worker holds both sides of the layers it reads or writes)
    tb.ask_layers(Budget::mib_or_default(max_memory), k, false)
        .map_err(err)
}

/// Makes the cache hold `empty`'s rule and options with layers `0..k`, read from `dir` (or kept
/// from an earlier call of this process). A layer whose file's checksum is the one `trusted`
/// holds for it (what this build's own write task computed from the values its tasks gave) is
/// taken as it is; the values of any other file read are checked against their moves as
/// lookups use them.
fn load_into(
    cache: &mut Option<Cached>,
    dir: &Path,
    empty: Tablebase,
    k: usize,
    trusted: &HashMap<usize, String>,
) -> sowlab::Result<()> {
    let fits = cache.as_ref().is_some_and(|c| {
        c.dir == dir
            && c.options == empty.options
            && c.tb.rule_hash == empty.rule_hash
            && c.tb.moves == empty.moves
    });
    if !fits {
        *cache = Some(Cached {
            dir: dir.to_path_buf(),
            options: empty.options.clone(),
            tb: Arc::new(empty),
            current: None,
        });
    }
    let c = cache.as_mut().expect("just set");
    let tb = Arc::make_mut(&mut c.tb);
    tb.truncate(k);
    while tb.layers() < k {
        let n = tb.layers();
        // A file that keeps player 1's half only (player 2's its mirror image) is unfolded: a
        // lookup of player 2's half through the mirror ranks the turned holes again, which
        // made a chunk's moves a fifth dearer on the workers that read a layer than on the one
        // that wrote it (the command line's build holds both halves too, and the memory budget
        // counts both).
        let whole = |v: Vec<i8>, tb: &Tablebase| {
            if v.len() as u64 == tb.layer_size(n) {
                v
            } else {
                unfold(tb, n, &v)
            }
        };
        match file::read_layer_sum(dir, tb, n) {
            Ok(Some((v, sum))) if trusted.get(&n) == Some(&sum) => {
                let v = whole(v, tb);
                tb.push_layer(v)
            }
            Ok(Some((v, _))) => {
                let v = whole(v, tb);
                tb.push_read_layer(v, &file::layer_path(dir, n))
            }
            Ok(None) => {
                let path = file::layer_path(dir, n);
                return Err(sowlab::Error::msg(format!(
                    "{}: missing (layer {k} needs layers 0 to {}; on a cluster the folder must be one that every worker sees)",
                    path.display(),
                    k - 1
                )));
            }
            Err(e) => {
                *cache = None;
                return Err(e);
            }
        }
    }
    Ok(())
}

fn lock() -> std::sync::MutexGuard<'static, Option<Cached>> {
    CACHE.lock().unwrap_or_else(|p| p.into_inner())
}

/// `empty` with layers `0..k` (see [`load_into`]), and the values of layer `k` known so far:
/// player 1's half only with `one_side` when the rule's sides are mirror images
/// ([`Tablebase::one_side`], decided once a process), as the command line builds them.
fn lower_layers(
    dir: &Path,
    empty: Tablebase,
    k: usize,
    trusted: &HashMap<usize, String>,
    one_side: Option<&Rule>,
) -> sowlab::Result<(Arc<Tablebase>, Arc<Vec<AtomicI8>>)> {
    let mut cache = lock();
    load_into(&mut cache, dir, empty, k, trusted)?;
    let c = cache.as_mut().expect("loaded");
    let half = match one_side {
        Some(rule) => c.tb.one_side(rule)?,
        None => false,
    };
    let n = if half {
        c.tb.index().size(k)
    } else {
        c.tb.layer_size(k)
    };
    let cur = match &c.current {
        Some((layer, cur)) if *layer == k && cur.len() as u64 == n => cur.clone(),
        _ => {
            let cur = Arc::new(if half {
                unknown_side(&c.tb, k)
            } else {
                unknown_layer(&c.tb, k)
            });
            c.current = Some((k, cur.clone()));
            cur
        }
    };
    Ok((c.tb.clone(), cur))
}

/// Positions in each layer `0..=seeds` of `rule` with `options` (both players to move): what
/// a distributed build cuts into chunks. An error when tablebases do not apply to the rule.
#[pyfunction]
#[pyo3(signature = (rule, options=None, seeds=0, rules=None, max_memory=None))]
pub fn tablebase_layers(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    seeds: usize,
    rules: Option<PathBuf>,
    max_memory: Option<u64>,
) -> PyResult<Vec<u64>> {
    check_layer(seeds)?;
    let (_, _, tb) = start(py, rule, options, rules)?;
    ask_budget(&tb, seeds, max_memory)?;
    Ok((0..=seeds).map(|k| tb.layer_size(k)).collect())
}

/// The layers `0, 1, ...` already in `dir` for `rule` with `options`, checked (header, size,
/// checksum): how many there are, up to the first one missing. A file for another rule or
/// options, or damaged, is an error naming it.
#[pyfunction]
#[pyo3(signature = (rule, options, dir, rules=None))]
pub fn tablebase_layers_in(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    dir: PathBuf,
    rules: Option<PathBuf>,
) -> PyResult<usize> {
    let (_, _, mut tb) = start(py, rule, options, rules)?;
    interruptible(py, || file::load(&dir, &mut tb))?.map_err(err)
}

/// The values of positions `start..end` of layer `layer` (one byte each, as in the layer's
/// file), from the layers below it, read from their files in `dir`. With `stats`, also the
/// positions this call valued (the chunk's not known before, and those of its layer outside it
/// that its moves reach, which this process keeps for its next chunks).
#[pyfunction]
#[pyo3(signature = (rule, options, layer, start, end, dir, rules=None, stats=false, max_memory=None))]
#[allow(clippy::too_many_arguments)]
pub fn tablebase_chunk(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    layer: usize,
    start: u64,
    end: u64,
    dir: PathBuf,
    rules: Option<PathBuf>,
    stats: bool,
    max_memory: Option<u64>,
) -> PyResult<PyObject> {
    check_layer(layer)?;
    let (rule, b, empty) = self::start(py, rule, options, rules)?;
    ask_budget(&empty, layer, max_memory)?;
    let part = interruptible(py, || -> sowlab::Result<_> {
        let (tb, cur) = lower_layers(&dir, empty, layer, &HashMap::new(), None)?;
        build_range_in(&rule, &b, &tb, layer, start, end, &cur)
    })?
    .map_err(err)?
    .ok_or_else(|| msg("tablebase chunk: interrupted"))?;
    let bytes: Vec<u8> = part.values.iter().map(|&v| v as u8).collect();
    let bytes = PyBytes::new(py, &bytes);
    if stats {
        Ok((bytes, part.valued).into_pyobject(py)?.into_any().unbind())
    } else {
        Ok(bytes.into_any().unbind())
    }
}

/// The sizes of the classes `0..=layer` of layer `layer` (class `c`: the positions with `c`
/// seeds in player 1's holes, either player to move; see `sowlab::search::tablebase::classes`):
/// what a distributed build packs into tasks. Same-layer moves keep to their class in every rule
/// the tablebases support, so the classes are built independently of each other.
#[pyfunction]
#[pyo3(signature = (rule, options, layer, rules=None))]
pub fn tablebase_classes(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    layer: usize,
    rules: Option<PathBuf>,
) -> PyResult<Vec<u64>> {
    check_layer(layer)?;
    let (rule, _, tb) = start(py, rule, options, rules)?;
    if tb.captures.is_some() {
        return Err(msg(format!(
            "{}: a layer whose moves can cycle is built whole (`sowlab tablebase build`), not in parts",
            rule.name
        )));
    }
    let cl = Classes::of(&tb);
    Ok((0..=layer).map(|c| cl.size(&tb, layer, c)).collect())
}

/// The values of the classes `classes` of layer `layer` (see [`tablebase_classes`]), from the
/// layers below it, read from their files in `dir` (once per process), depth first. Returns
/// `(values, played, outside)`: the values of the classes' positions in index order (player 1
/// to move, then player 2: what [`tablebase_write_layer`] takes with `classes`; player 1 to
/// move only for a rule whose sides are mirror images, [`tablebase_one_side`], as the command
/// line builds it, each chunk's first position checked against its image), the positions whose moves were played
/// (each at most once a process), and of those, the positions of other classes (0 where the
/// rule's same-layer moves keep to their class). `trusted`: the checksums of layers written by
/// this build (layer: SHA-256, as [`tablebase_write_layer`] returns them); such a file is not
/// checked again value by value.
#[pyfunction]
#[pyo3(signature = (rule, options, layer, classes, dir, rules=None, max_memory=None, trusted=None))]
#[allow(clippy::too_many_arguments)]
pub fn tablebase_chunk_classes(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    layer: usize,
    classes: Vec<usize>,
    dir: PathBuf,
    rules: Option<PathBuf>,
    max_memory: Option<u64>,
    trusted: Option<HashMap<usize, String>>,
) -> PyResult<PyObject> {
    check_layer(layer)?;
    let (rule, b, empty) = self::start(py, rule, options, rules)?;
    ask_budget(&empty, layer, max_memory)?;
    let trusted = trusted.unwrap_or_default();
    let part = interruptible(py, || -> sowlab::Result<_> {
        let (tb, cur) = lower_layers(&dir, empty, layer, &trusted, Some(&rule))?;
        build_classes_in(&rule, &b, &tb, layer, &classes, &cur)
    })?
    .map_err(err)?
    .ok_or_else(|| msg("tablebase chunk: interrupted"))?;
    let bytes: Vec<u8> = part.values.iter().map(|&v| v as u8).collect();
    let bytes = PyBytes::new(py, &bytes);
    Ok((bytes, part.played, part.outside)
        .into_pyobject(py)?
        .into_any()
        .unbind())
}

/// One round of the positions `start..end` of layer `layer` (see
/// `sowlab::search::tablebase::rounds`): the chunk values its own positions from the layers
/// below (their files in `dir`), from its own and from the layer's values the earlier rounds
/// gave (`known`: the last round's chunks in index order, covering the layer; none in the first
/// round), and puts off a position that waits on another chunk's position not valued yet.
/// Returns `(values, valued, expanded, left)`: the chunk's bytes (`-128` for those put off),
/// the positions valued, the positions whose moves were played, and those left.
#[pyfunction]
#[pyo3(signature = (rule, options, layer, start, end, dir, known=None, rules=None, max_memory=None))]
#[allow(clippy::too_many_arguments)]
pub fn tablebase_chunk_round(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    layer: usize,
    start: u64,
    end: u64,
    dir: PathBuf,
    known: Option<Vec<Bound<'_, PyBytes>>>,
    rules: Option<PathBuf>,
    max_memory: Option<u64>,
) -> PyResult<PyObject> {
    check_layer(layer)?;
    let (rule, b, empty) = self::start(py, rule, options, rules)?;
    ask_budget(&empty, layer, max_memory)?;
    let n = empty.layer_size(layer);
    let known: Vec<i8> = match known {
        None => vec![UNKNOWN; n as usize],
        Some(parts) => {
            let got: u64 = parts.iter().map(|p| p.as_bytes().len() as u64).sum();
            if got != n {
                return Err(msg(format!(
                    "tablebase layer {layer} of {} ({}): the known chunks hold {got} positions, the layer {n}",
                    empty.rule, empty.options
                )));
            }
            parts
                .iter()
                .flat_map(|p| p.as_bytes().iter().map(|&x| x as i8))
                .collect()
        }
    };
    let part = interruptible(py, || -> sowlab::Result<_> {
        let mut cache = lock();
        load_into(&mut cache, &dir, empty, layer, &HashMap::new())?;
        let tb = cache.as_ref().expect("loaded").tb.clone();
        drop(cache);
        build_range_round(&rule, &b, &tb, layer, start, end, &known)
    })?
    .map_err(err)?
    .ok_or_else(|| msg("tablebase chunk: interrupted"))?;
    let bytes: Vec<u8> = part.values.iter().map(|&v| v as u8).collect();
    let bytes = PyBytes::new(py, &bytes);
    Ok((bytes, part.valued, part.expanded, part.left)
        .into_pyobject(py)?
        .into_any()
        .unbind())
}

/// Joins the chunks of layer `layer` (bytes, in index order, covering it exactly; with `classes`,
/// the classes each chunk holds, as [`tablebase_chunk_classes`] gave them, covering the layer's
/// classes once) into its file in `dir`, the file `sowlab tablebase build` writes: header (rule,
/// options, layer, positions, SHA-256) and values. The layers below must be in `dir`. Returns
/// the file's path; with `with_sum`, the path and the SHA-256 of the values written (what
/// [`tablebase_chunk_classes`] takes as `trusted`).
#[pyfunction]
#[pyo3(signature = (rule, options, layer, parts, dir, rules=None, max_memory=None, classes=None, with_sum=false))]
#[allow(clippy::too_many_arguments)]
pub fn tablebase_write_layer(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    layer: usize,
    parts: Vec<Bound<'_, PyBytes>>,
    dir: PathBuf,
    rules: Option<PathBuf>,
    max_memory: Option<u64>,
    classes: Option<Vec<Vec<usize>>>,
    with_sum: bool,
) -> PyResult<PyObject> {
    check_layer(layer)?;
    let (rule, _, empty) = start(py, rule, options, rules)?;
    ask_budget(&empty, layer, max_memory)?;
    let n = empty.layer_size(layer);
    let values: Vec<i8> = match classes {
        Some(classes) => {
            if classes.len() != parts.len() {
                return Err(msg(format!(
                    "tablebase layer {layer}: {} chunks but {} lists of classes",
                    parts.len(),
                    classes.len()
                )));
            }
            let bytes: Vec<Vec<i8>> = parts
                .iter()
                .map(|p| p.as_bytes().iter().map(|&x| x as i8).collect())
                .collect();
            let joined: Vec<(Vec<usize>, &[i8])> = classes
                .into_iter()
                .zip(bytes.iter().map(|b| &b[..]))
                .collect();
            join_classes(&empty, layer, &joined).map_err(err)?
        }
        None => {
            let got: u64 = parts.iter().map(|p| p.as_bytes().len() as u64).sum();
            if got != n {
                return Err(msg(format!(
                    "tablebase layer {layer} of {} ({}): the chunks hold {got} positions, the layer {n}",
                    empty.rule, empty.options
                )));
            }
            let mut values: Vec<i8> = Vec::with_capacity(n as usize);
            for p in &parts {
                values.extend(p.as_bytes().iter().map(|&x| x as i8));
            }
            values
        }
    };
    let (path, sum) = interruptible(py, || -> sowlab::Result<(String, String)> {
        sowlab::engine::base::files::create_dir_all(&dir)
            .map_err(|e| sowlab::Error::msg(format!("{}: {e}", dir.display())))?;
        let mut cache = lock();
        load_into(&mut cache, &dir, empty, layer, &HashMap::new())?;
        let mut c = cache.take().expect("loaded");
        c.current = None;
        let half = values.len() as u64 != c.tb.layer_size(layer);
        if half && !c.tb.one_side(&rule)? {
            return Err(sowlab::Error::msg(format!(
                "tablebase layer {layer} of {} ({}): the chunks hold player 1's half, but the rule's sides are not mirror images",
                c.tb.rule, c.tb.options
            )));
        }
        let tb = Arc::make_mut(&mut c.tb);
        tb.push_layer(values);
        let (path, sum) = file::write_layer_sum(&dir, tb, layer)?;
        if half {
            // Held unfolded, as the layers read (see `load_into`).
            let whole = tb.layer(layer).into_owned();
            tb.truncate(layer);
            tb.push_layer(whole);
        }
        *cache = Some(c);
        Ok((path.display().to_string(), sum))
    })?
    .map_err(err)?;
    if with_sum {
        Ok((path, sum).into_pyobject(py)?.into_any().unbind())
    } else {
        Ok(path.into_pyobject(py)?.into_any().unbind())
    }
}

/// Whether `rule` with `options` has sides that are mirror images, so that a layer is built
/// for player 1 to move only (`Tablebase::one_side`, the command line's decision): then
/// [`tablebase_chunk_classes`] values player 1's positions only, and a chunk is best given
/// classes `c` and `layer - c` together (the mirror images of each other's player 2's).
#[pyfunction]
#[pyo3(signature = (rule, options=None, rules=None))]
pub fn tablebase_one_side(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    rules: Option<PathBuf>,
) -> PyResult<bool> {
    // (a rule carrying captured seeds in its positions has no mirror: `one_side` says false)
    let (rule, _, tb) = start(py, rule, options, rules)?;
    interruptible(py, || tb.one_side(&rule))?.map_err(err)
}

/// The options text a tablebase of `rule` with `options` records in its headers.
#[pyfunction]
#[pyo3(signature = (rule, options=None, rules=None))]
pub fn tablebase_options(
    py: Python<'_>,
    rule: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
    rules: Option<PathBuf>,
) -> PyResult<String> {
    let (_, b, _) = start(py, rule, options, rules)?;
    Ok(options_text(&b))
}
