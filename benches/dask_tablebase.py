#!/usr/bin/env python3
"""A tablebase built as Dask tasks (`sowlab.dask.build_tablebase`) against `sowlab tablebase build`
in one process, on the same layers, side by side in one run; every build's files are checked
equal to the command line's, byte for byte. Needs the Python package (python/: `maturin develop
--release`), dask[distributed] and the release program (`cargo build --release --bin sowlab`):

    python/.venv/bin/python benches/dask_tablebase.py [--holes 6] [--seeds 14] [--chunks-per-worker 4]

Prints the load average before and after (`os.getloadavg`): the machine is shared.
"""

import argparse
import filecmp
import os
import resource
import subprocess
import sys
import tempfile
import time

import sowlab
import sowlab.dask
from dask.distributed import Client, LocalCluster

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cli(rule, options, seeds, out, jobs):
    exe = os.path.join(ROOT, "target", "release", "sowlab")
    sets = [a for k, v in options.items() for a in ("--set", f"{k}={v}")]
    cpu0, t0 = children_cpu(), time.perf_counter()
    subprocess.run(
        [exe, "tablebase", "build", rule, *sets, "--seeds", str(seeds), "--out", out, "--jobs", str(jobs)],
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - t0, children_cpu() - cpu0


def _self_cpu():
    import resource as r

    u = r.getrusage(r.RUSAGE_SELF)
    return u.ru_utime + u.ru_stime


def workers_cpu(client):
    """CPU seconds the worker processes have used so far, summed."""
    return sum(client.run(_self_cpu).values())


def same(a, b):
    names = sorted(os.listdir(a))
    return names == sorted(os.listdir(b)) and all(filecmp.cmp(os.path.join(a, n), os.path.join(b, n), shallow=False) for n in names)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--holes", type=int, default=6)
    ap.add_argument("--seeds", type=int, default=14)
    ap.add_argument("--chunks-per-worker", type=int, default=4)
    a = ap.parse_args()
    options = {"holes": a.holes, "seeds": 4}
    sizes = sowlab.tablebase_layers("kalah", options, a.seeds)
    n = sum(sizes)
    print(f"load average before: {os.getloadavg()}")
    print(f"kalah holes={a.holes}, layers 0-{a.seeds}: {n:,} positions")
    with tempfile.TemporaryDirectory() as tmp:
        ref = os.path.join(tmp, "cli1")
        wall, cpu = cli("kalah", options, a.seeds, ref, 1)
        print(f"| one process, --jobs 1 | {wall:.2f} s | {cpu:.2f} s | {n / wall / 1e6:.2f} | 1.00 | - | - | - |")
        base = wall
        out = os.path.join(tmp, "cli2")
        wall, cpu = cli("kalah", options, a.seeds, out, 2)
        assert same(ref, out)
        print(f"| one process, --jobs 2 | {wall:.2f} s | {cpu:.2f} s | {n / wall / 1e6:.2f} | {base / wall:.2f} | - | - | - |")
        for workers in (1, 2):
            with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as c, Client(c) as client:
                chunks = a.chunks_per_worker * workers
                out = os.path.join(tmp, f"dask{workers}")
                cpu0, t0 = workers_cpu(client), time.perf_counter()
                rep = sowlab.dask.build_tablebase(client, "kalah", a.seeds, out, chunks=chunks, options=options)
                wall = time.perf_counter() - t0
                cpu = workers_cpu(client) - cpu0
                assert same(ref, out), "the files differ from the command line's"
                valued = sum(l["valued"] for l in rep["layers"])
                expanded = sum(l["expanded"] for l in rep["layers"])
                rounds = max(l["rounds"] for l in rep["layers"])
                print(
                    f"| LocalCluster, {workers} worker{'s' if workers > 1 else ''}, {chunks} chunks a layer | {wall:.2f} s | {cpu:.2f} s | "
                    f"{n / wall / 1e6:.2f} | {base / wall:.2f} | {valued / n:.3f} | {expanded / n:.3f} | {rounds} |"
                )
    print(
        "columns: wall, CPU (the program's, or the workers' summed), M positions/s (wall), vs --jobs 1, "
        "positions valued / positions, positions played (valued or put off) / positions, most rounds in a layer"
    )
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    sys.exit(main())
