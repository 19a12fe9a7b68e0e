"""A tablebase built as Dask tasks (``sowlab.dask.build_tablebase``).

The layers are built from 0 seeds in play up, as ``sowlab tablebase build`` does. Layer ``k`` is
cut into chunks of its index, each chunk owning its positions; the layer is built in rounds. In
a round each chunk is one task that values its own positions from the files of the layers below
(read once per worker process and kept), from its own positions (depth first), and from the
other chunks' positions that earlier rounds valued; a position with a move to another chunk's
position not valued yet is put off to the next round (``sowlab.tablebase_chunk_round``). Moves
within a layer cannot cycle (the builder refuses a rule whose moves do), so each round values at
least the positions whose successors are known, and the rounds end; a round that values
nothing while positions are left is refused as endless play. The client waits for each round's
counts (positions left), the next round's tasks take the last round's chunks. Each position is
valued once, by its owner, however many workers there are (``valued`` / positions = 1); what
the rounds cost is the positions put off and played again (``expanded``). A last task of the
layer joins its chunks, in index order, into the layer's file (the same header and checksum as
the command line's), and the next layer's chunks wait for that file.

The folder must be one that every worker and the client see (a shared file system). Layers
already in it (checked: header, size, checksum) are kept, as the command line keeps them.
"""

from __future__ import annotations

import os
import time
from typing import Any, Dict, List, Optional

import sowlab


def _chunk(rule, options, layer: int, start: int, end: int, out: str, rules, max_memory, after, *known):
    """One task: a round of positions ``start..end`` of ``layer``, once the layer below is
    written (``after``, its write task's result, only orders the tasks); ``known``: the last
    round's chunks of the layer (none in the first round)."""
    del after
    import sowlab as s

    return s.tablebase_chunk_round(
        rule,
        options,
        layer,
        start,
        end,
        out,
        known=[p[0] for p in known] or None,
        rules=rules,
        max_memory=max_memory,
    )


def _counts(part):
    """What a round's chunk did, without its bytes: (valued, expanded, left)."""
    return part[1:]


def _write(rule, options, layer: int, out: str, rules, max_memory, counts, *parts):
    """The last task of a layer: its chunks joined into its file."""
    import sowlab as s

    path = s.tablebase_write_layer(
        rule, options, layer, [p[0] for p in parts], out, rules=rules, max_memory=max_memory
    )
    return dict({"layer": layer, "path": path, "chunks": len(parts)}, **counts)


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
    max_memory: Optional[int] = None,
) -> Dict[str, Any]:
    """Builds the layers ``0..=seeds`` of ``rule``'s tablebase (with ``options``) into ``out`` as
    tasks on the cluster of ``client``: the same files as ``sowlab tablebase build RULE --seeds
    SEEDS --out OUT`` (byte for byte). ``chunks``: tasks per layer (default: four per worker
    thread; fewer for a layer under ``chunks * min_chunk`` positions). ``max_memory``: the memory
    budget in MiB of the layers a worker holds (default: the command line's, ``SOWLAB_SOLVE_MB``);
    a build over it is refused before any task starts. Returns what was built."""
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
    sizes = sowlab.tablebase_layers(spec, options, seeds, rules=rules, max_memory=max_memory)
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
        known: List[Any] = []
        counts = {"rounds": 0, "valued": 0, "expanded": 0}
        while True:
            parts = [
                client.submit(
                    _chunk, spec, options, k, a, b, out, rules, max_memory, after, *known, pure=False
                )
                for a, b in zip(bounds, bounds[1:])
            ]
            done = client.gather([client.submit(_counts, p, pure=False) for p in parts])
            counts["rounds"] += 1
            counts["valued"] += sum(d[0] for d in done)
            counts["expanded"] += sum(d[1] for d in done)
            left = sum(d[2] for d in done)
            if left == 0:
                break
            if sum(d[0] for d in done) == 0:
                raise sowlab.SowlabError(
                    f"layer {k}: positions wait on each other across the chunks of the layer "
                    "(endless play): tablebases need rules whose lines cannot cycle"
                )
            known = parts
        after = client.submit(
            _write, spec, options, k, out, rules, max_memory, counts, *parts, pure=False
        )
        written.append(after)
        del parts, known  # the cluster keeps the chunks until the layer's file is written
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
