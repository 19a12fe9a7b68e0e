"""A tablebase built as Dask tasks (``sowlab.dask.build_tablebase``).

The layers are built from 0 seeds in play up, as ``sowlab tablebase build`` does. Layer ``k`` is
cut into chunks of its index; each chunk is one task that values its positions from the files of
the layers below (read once per worker process and kept). A move that keeps every seed in play
stays in the same layer, and the builder values such positions depth first, within the task that
meets them (no rule that qualifies can cycle within a layer: the builder refuses one that does).
So the chunks of a layer need nothing from each other: one pass per layer, no iteration. A
worker process keeps what its chunks of a layer have valued, so it values each position once;
two processes may both value an in-layer position that their chunks reach (the report counts
the positions valued, ``valued``: at most workers x the layer). A last task of the layer joins its chunks, in index order, into the layer's file
(the same header and checksum as the command line's), and the next layer's chunks wait for that
file. The whole graph is submitted at once; the client holds only the files' futures.

The folder must be one that every worker and the client see (a shared file system). Layers
already in it (checked: header, size, checksum) are kept, as the command line keeps them.
"""

from __future__ import annotations

import os
import time
from typing import Any, Dict, List, Optional

import sowlab


def _chunk(rule, options, layer: int, start: int, end: int, out: str, rules, after):
    """One task: positions ``start..end`` of ``layer``, once the layer below is written
    (``after``, its write task's result, only orders the tasks)."""
    del after
    import sowlab as s

    return s.tablebase_chunk(rule, options, layer, start, end, out, rules=rules, stats=True)


def _write(rule, options, layer: int, out: str, rules, *parts):
    """The last task of a layer: its chunks joined into its file."""
    import sowlab as s

    path = s.tablebase_write_layer(rule, options, layer, [p[0] for p in parts], out, rules=rules)
    return {"layer": layer, "path": path, "chunks": len(parts), "valued": sum(p[1] for p in parts)}


def cuts(n: int, chunks: int, min_chunk: int) -> List[int]:
    """The bounds of the chunks of a layer of ``n`` positions: at most ``chunks`` of them, none
    smaller than ``min_chunk`` positions (one chunk for a small layer), as even as can be."""
    parts = max(1, min(chunks, n // max(1, min_chunk)))
    return [n * i // parts for i in range(parts + 1)]


def build_tablebase(
    client,
    rule,
    seeds: int,
    out,
    chunks: Optional[int] = None,
    options: Optional[Dict[str, Any]] = None,
    min_chunk: int = 1 << 14,
    rules=None,
) -> Dict[str, Any]:
    """Builds the layers ``0..=seeds`` of ``rule``'s tablebase (with ``options``) into ``out`` as
    tasks on the cluster of ``client``: the same files as ``sowlab tablebase build RULE --seeds
    SEEDS --out OUT`` (byte for byte). ``chunks``: tasks per layer (default: four per worker
    thread; fewer for a layer under ``chunks * min_chunk`` positions). Returns what was built."""
    from .dask import default_shards

    if isinstance(rule, sowlab.Rule):
        spec = rule
    elif isinstance(rule, (str, os.PathLike)):
        spec = os.fspath(rule)
    else:
        raise sowlab.SowlabError("a rule is a sowlab.Rule, a rule name or a path")
    n_chunks = chunks if chunks is not None else default_shards(client)
    if n_chunks < 1:
        raise sowlab.SowlabError("chunks must be at least 1")
    if min_chunk < 1:
        raise sowlab.SowlabError("min_chunk must be at least 1")
    sizes = sowlab.tablebase_layers(spec, options, seeds, rules=rules)
    out = os.path.abspath(os.fspath(out))
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as e:
        raise sowlab.SowlabError(f"out {out}: {e.strerror or e}") from None
    kept = min(sowlab.tablebase_layers_in(spec, options, out, rules=rules), seeds + 1)
    started = time.perf_counter()
    written = []
    after = None
    for k in range(kept, seeds + 1):
        bounds = cuts(sizes[k], n_chunks, min_chunk)
        parts = [
            client.submit(_chunk, spec, options, k, a, b, out, rules, after, pure=False)
            for a, b in zip(bounds, bounds[1:])
        ]
        after = client.submit(_write, spec, options, k, out, rules, *parts, pure=False)
        written.append(after)
        del parts  # the cluster keeps the chunks until the layer's file is written
    layers = client.gather(written) if written else []
    return {
        "rule": spec.name if isinstance(spec, sowlab.Rule) else spec,
        "options": sowlab.tablebase_options(spec, options, rules=rules),
        "out": out,
        "seeds": seeds,
        "kept": kept,
        "positions": sum(sizes),
        "layers": layers,
        "elapsed_secs": time.perf_counter() - started,
    }
