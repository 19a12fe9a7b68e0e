"""A tablebase built as Dask tasks (``sowlab.dask.build_tablebase``).

The layers are built from 0 seeds in play up, as ``sowlab tablebase build`` does. Layer ``k`` is
cut into its classes: class ``c`` holds the positions (either player to move) with ``c`` seeds in
player 1's holes (``sowlab.tablebase_classes``). A move that keeps every seed in play stays in
its class in every rule the tablebases support (the sowing goes round the mover's row toward
his store; reaching the store, the row beyond it or a capture takes seeds out of play), so the
classes of a layer need nothing of each other but the layers below: the classes are packed into
tasks (largest first, each into the task with the fewest positions so far), the tasks are
spread over the workers in equal shares of positions (``spread``), each task values its
classes' positions depth first in index order, as the command line walks a layer
(``sowlab.tablebase_chunk_classes``; for a rule whose two sides are mirror images, player 1's
positions only, classes ``c`` and ``k - c`` in one task, as the command line values one side), from the layers below (their files read once per worker
process, unfolded to both players' halves, and kept), and each position is valued once and
played once, in one round, however many workers there are. A rule whose same-layer moves left their class would
still get the right values: a task values the positions of other classes its moves reach too
(reported as ``outside``: work repeated). A last task of the layer joins its parts, in index
order, into the layer's file (the same header and checksum as the command line's), and the next
layer's tasks wait for that file. The write task hands on the checksums of the layers this
build wrote, so a worker that reads one of them takes its values as they were computed; the
values of the layers the build found in the folder are checked against their moves as they are
used, as everywhere.

The folder must be one that every worker and the client see (a shared file system). Layers
already in it (checked: header, size, checksum) are kept, as the command line keeps them.
"""

from __future__ import annotations

import os
import time
from typing import Any, Dict, List, Optional

import sowlab


def _chunk(rule, options, layer: int, classes: List[int], out: str, rules, max_memory, after):
    """One task: the classes ``classes`` of ``layer``, once the layer below is written
    (``after``: its write task's result, with the checksums of the layers this build wrote)."""
    import sowlab as s

    cpu = time.process_time()
    values, played, outside = s.tablebase_chunk_classes(
        rule,
        options,
        layer,
        classes,
        out,
        rules=rules,
        max_memory=max_memory,
        trusted=after["trusted"] if after else None,
    )
    return values, played, outside, time.process_time() - cpu, _worker()


def _worker() -> str:
    """The address of the Dask worker running this task ("" outside one)."""
    try:
        from distributed import get_worker

        return get_worker().address
    except (ImportError, ValueError):
        return ""


def _write(rule, options, layer: int, out: str, rules, max_memory, classes, after, *parts):
    """The last task of a layer: its parts joined into its file. Its result carries the
    checksums of the layers this build wrote (``after``'s and this one's): a worker reading
    such a file takes its values as this build's tasks computed them, without checking each one
    against its moves again (the files this build found in the folder are checked)."""
    import sowlab as s

    cpu = time.process_time()
    path, sum_ = s.tablebase_write_layer(
        rule,
        options,
        layer,
        [p[0] for p in parts],
        out,
        rules=rules,
        max_memory=max_memory,
        classes=classes,
        with_sum=True,
    )
    trusted = dict(after["trusted"]) if after else {}
    trusted[layer] = sum_
    busy: Dict[str, float] = {}
    for p in parts:
        busy[p[4]] = busy.get(p[4], 0.0) + p[3]
    return {
        "layer": layer,
        "path": path,
        "chunks": len(parts),
        "played": sum(p[1] for p in parts),
        "outside": sum(p[2] for p in parts),
        # CPU seconds of the layer's tasks (their processes' while they ran): all, the busiest worker's,
        # and the write's; the layer takes at least the busiest worker's plus the write's.
        "cpu_secs": sum(busy.values()),
        "busiest_secs": max(busy.values(), default=0.0),
        "write_secs": time.process_time() - cpu,
        "trusted": trusted,
    }


def pack(sizes: List[int], chunks: int, min_chunk: int, one_side: bool = False) -> List[List[int]]:
    """The classes of a layer (``sizes[c]``: positions of class ``c``) packed into at most
    ``chunks`` tasks, none planned under ``min_chunk`` positions (one task for a small layer):
    largest class first, each into the task holding the fewest positions so far; the tasks with
    the most positions first, empty classes left out. ``one_side`` (a rule whose sides are
    mirror images, ``sowlab.tablebase_one_side``): a task values player 1's positions only, half
    of each class, and classes ``c`` and ``len(sizes) - 1 - c`` go together (player 2's
    positions of one are the mirror images of player 1's of the other, which a task reaches)."""
    k = len(sizes) - 1
    if one_side:
        units = [[c, k - c] if c < k - c else [c] for c in range(k // 2 + 1)]
        size = {u[0]: sum(sizes[c] for c in u) // 2 for u in units}
    else:
        units = [[c] for c in range(len(sizes))]
        size = {c: sizes[c] for c in range(len(sizes))}
    n = sum(size.values())
    parts = max(1, min(chunks, n // max(1, min_chunk)))
    bins: List[List[int]] = [[] for _ in range(parts)]
    load = [0] * parts
    for u in sorted((u for u in units if size[u[0]]), key=lambda u: (-size[u[0]], u[0])):
        j = min(range(parts), key=lambda j: (load[j], j))
        bins[j].extend(u)
        load[j] += size[u[0]]
    order = sorted(range(parts), key=lambda j: (-load[j], j))
    return [bins[j] for j in order if bins[j]]


def _threads(client) -> Dict[str, int]:
    """The cluster's workers now (address: threads)."""
    try:
        workers = client.scheduler_info()["workers"]
    except Exception:  # a client that cannot tell: the scheduler places the tasks
        return {}
    return {a: int(w.get("nthreads", 1) or 1) for a, w in workers.items()}


def spread(loads: List[int], threads: Dict[str, int]) -> List[Optional[str]]:
    """The worker each task of a layer is asked to run on (``loads``: its positions, largest
    first): each to the worker whose threads would hold the fewest positions with it. Left to the
    scheduler, every task of a layer would go where the layer below was written (the one worker
    holding what they wait on) and the others would only get what they steal; asked this way
    (a loose restriction: a task whose worker is gone runs elsewhere, and an idle worker may
    still steal one), the workers start the layer with equal shares. ``None`` when the cluster
    has no worker to name."""
    if not threads:
        return [None] * len(loads)
    names = sorted(threads)
    held = {a: 0 for a in names}
    out: List[Optional[str]] = []
    for n in loads:
        a = min(names, key=lambda a: ((held[a] + n) / threads[a], names.index(a)))
        held[a] += n
        out.append(a)
    return out


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
    SEEDS --out OUT`` (byte for byte). ``chunks``: tasks per layer, at most (default: four per
    worker thread; fewer for a layer under ``chunks * min_chunk`` positions, or of fewer
    classes). ``max_memory``: the memory
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
    # As the command line: a rule whose sides are mirror images is valued for player 1 to move.
    one_side = sowlab.tablebase_one_side(spec, options, rules=rules)
    started = time.perf_counter()
    written = []
    after = None
    for k in range(kept, seeds + 1):
        sizes_k = sowlab.tablebase_classes(spec, options, k, rules=rules)
        classes = pack(sizes_k, n_chunks, min_chunk, one_side)
        places = spread([sum(sizes_k[c] for c in cl) for cl in classes], _threads(client))
        parts = [
            client.submit(
                _chunk,
                spec,
                options,
                k,
                cl,
                out,
                rules,
                max_memory,
                after,
                pure=False,
                workers=[w] if w else None,
                allow_other_workers=True,
            )
            for cl, w in zip(classes, places)
        ]
        after = client.submit(
            _write, spec, options, k, out, rules, max_memory, classes, after, *parts, pure=False
        )
        written.append(after)
        del parts  # the cluster keeps the parts until the layer's file is written
    layers = client.gather(written) if written else []
    for layer in layers:
        del layer["trusted"]
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
