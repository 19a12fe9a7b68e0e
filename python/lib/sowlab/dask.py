"""Run a sowlab simulation, comparison or sweep as tasks on a Dask cluster; build a tablebase
there (:func:`build_tablebase`: the files of ``sowlab tablebase build``, byte for byte).

Each task plays one shard of the run (game ``i`` is always seeded from ``(seed, i)``, wherever
it runs) and returns its part; the parts are joined by :func:`sowlab.merge`, the same code as
``sowlab merge``, so the result equals a single-process run figure for figure (only the timing
fields differ: they add up the tasks' times).

    from dask.distributed import Client, LocalCluster
    import sowlab, sowlab.dask

    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster) as client:
        report = sowlab.dask.simulate(client, "kalah", games=20_000, agents="greedy,random")

Any ``Client`` works: one to a scheduler (``Client("tcp://host:8786")``), to a cluster that
dask-jobqueue starts on Slurm or PBS, or to one on Kubernetes. The workers need the same sowlab
build as the client (the merge refuses parts of other builds) and the rule: a shipped rule by
name, a file at the same path on every worker (a shared file system), or a ``sowlab.Rule``
(one made from source text travels as its text). With ``games_out``, each task writes the games
of its shard to a file of its own beside it (``FILE.shard-K-of-N-RANDOM``, on a file system the
client sees too), and the client joins them in game order into ``games_out`` once every task is
done, through sowlab's safe writer (never over a pipe or a device).
"""

from __future__ import annotations

import os
import secrets
from typing import Any, Dict, List, Optional, Sequence, Union

import sowlab

from ._dask_tablebase import build_tablebase

__all__ = ["simulate", "compare", "sweep", "run", "default_shards", "build_tablebase"]


def _spec(rule: Union[str, "sowlab.Rule"]) -> tuple[Any, Optional[str]]:
    """A rule as workers get it (a name or path; a Rule is pickled: one from source text as its
    text), and the hash it must have."""
    if isinstance(rule, sowlab.Rule):
        return rule, rule.hash
    if isinstance(rule, str):
        return rule, None
    raise sowlab.SowlabError("a rule is a sowlab.Rule, a rule name or a path")


def _part(command: str, args: Sequence[Any], kwargs: Dict[str, Any]) -> Dict[str, Any]:
    """One task: one shard of the run, on a worker."""
    import sowlab as s

    return getattr(s, command)(*args, **kwargs)


def default_shards(client) -> int:
    """Four shards per worker thread: enough to keep every thread busy to the end."""
    threads = sum(client.nthreads().values()) or 1
    return 4 * threads


def run(
    client,
    command: str,
    args: Sequence[Any],
    kwargs: Dict[str, Any],
    shards: Optional[int] = None,
    jobs: int = 1,
) -> Dict[str, Any]:
    """Runs ``sowlab.<command>(*args, **kwargs)`` as ``shards`` tasks (shard K of N each, with
    ``jobs`` threads per task) and merges their parts into the whole run's report."""
    if command not in ("simulate", "compare", "sweep"):
        raise sowlab.SowlabError(f"{command}: only simulate, compare and sweep run in shards")
    if "shard" in kwargs or "range" in kwargs:
        raise sowlab.SowlabError("the cluster chooses the shards: give no shard or range")
    n = shards if shards is not None else default_shards(client)
    if n < 1:
        raise sowlab.SowlabError("shards must be at least 1")
    games_out = kwargs.pop("games_out", None)
    if games_out is not None and command != "simulate":
        raise sowlab.SowlabError("games_out: only simulate writes games")
    token = secrets.token_hex(8)
    shard_files = [_shard_file(games_out, k, n, token) if games_out is not None else None for k in range(1, n + 1)]
    futures = [
        client.submit(
            _part,
            command,
            list(args),
            dict(kwargs, shard=(k, n), jobs=jobs, **({"games_out": f} if f else {})),
            pure=False,
        )
        for k, f in zip(range(1, n + 1), shard_files)
    ]
    try:
        parts: List[Dict[str, Any]] = client.gather(futures)
        report = sowlab.merge(parts)
        if games_out is not None:
            _join(games_out, shard_files)
        return report
    finally:
        for f in shard_files:
            if f is not None and os.path.exists(f):
                os.remove(f)


def _shard_file(games_out, k: int, n: int, token: str) -> str:
    """Where shard K of N writes its games: beside ``games_out``, a file of its own, whose name
    holds a random ``token`` (a link planted at a predictable name cannot catch a shard)."""
    return f"{os.fspath(games_out)}.shard-{k}-of-{n}-{token}"


def _join(games_out, files: List[str]) -> None:
    """Joins the shards' games files in shard (= game) order into ``games_out`` through sowlab's
    one safe writer (a temporary file of an unpredictable name in the same folder, flushed to
    disk, then renamed over it; a pipe, a device or a folder at ``games_out`` is refused, never
    replaced)."""
    target = os.fspath(games_out)
    missing = [f for f in files if not os.path.isfile(f)]
    if missing:
        raise sowlab.SowlabError(
            f"games_out: the games of a shard ({missing[0]}) are not visible to the client; "
            "give a path on a file system that every worker and the client share"
        )
    sowlab._native._join_files(target, files)


def _check(report: Dict[str, Any], *hashes: Optional[str]) -> Dict[str, Any]:
    if "rule_hash" in report:
        got = [report["rule_hash"]]
    else:
        got = [report["a"]["rule_hash"], report["b"]["rule_hash"]]
    for want, have in zip(hashes, got):
        if want is not None and want != have:
            raise sowlab.SowlabError(
                f"the workers loaded another rule than the client's ({have} vs {want}): "
                "give the rule by a path every worker sees"
            )
    return report


def simulate(client, rule, games: int = 100, shards: Optional[int] = None, jobs: int = 1, **kwargs) -> Dict[str, Any]:
    """``sowlab.simulate`` split into ``shards`` tasks on the cluster; the same report."""
    spec, h = _spec(rule)
    return _check(run(client, "simulate", [spec], dict(kwargs, games=games), shards, jobs), h)


def compare(client, rule_a, rule_b, games: int = 100, shards: Optional[int] = None, jobs: int = 1, **kwargs) -> Dict[str, Any]:
    """``sowlab.compare`` split into ``shards`` tasks on the cluster; the same report."""
    (a, ha), (b, hb) = _spec(rule_a), _spec(rule_b)
    return _check(run(client, "compare", [a, b], dict(kwargs, games=games), shards, jobs), ha, hb)


def sweep(client, rule, vary: Dict[str, list], games: int = 100, shards: Optional[int] = None, jobs: int = 1, **kwargs) -> Dict[str, Any]:
    """``sowlab.sweep`` split into ``shards`` tasks over its points x games; the same report."""
    spec, h = _spec(rule)
    return _check(run(client, "sweep", [spec, vary], dict(kwargs, games=games), shards, jobs), h)
