#!/usr/bin/env python3
"""A tablebase built as Dask tasks (`sowlab.dask.build_tablebase`) against `sowlab tablebase build`
in one process, on the same layers, side by side in one run; every build's files are checked
equal to the command line's, byte for byte. Needs the Python package (python/: `maturin develop
--release`), dask[distributed] and the release program (`cargo build --release --bin sowlab`):

    python/.venv/bin/python benches/dask_tablebase.py [--holes 6] [--seeds 14] [--chunks-per-worker 4] [--repeat 3]

The machine may be shared, so the figures that decide are CPU seconds: the command line's (user
+ system), the Dask workers' processes, and the critical path of a Dask build in CPU (each
layer's busiest worker's task CPU plus the layer's write; what the build takes on idle cores).
Each repeat runs every build once, in turn; the ratios are printed per repeat. Prints the load
average before and after (`os.getloadavg`).
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


def dask_build(client, options, seeds, out, chunks):
    cpu0, t0 = workers_cpu(client), time.perf_counter()
    rep = sowlab.dask.build_tablebase(client, "kalah", seeds, out, chunks=chunks, options=options)
    wall = time.perf_counter() - t0
    cpu = workers_cpu(client) - cpu0
    layers = rep["layers"]
    return {
        "wall": wall,
        "cpu": cpu,
        "tasks": sum(l["cpu_secs"] + l["write_secs"] for l in layers),
        "critical": sum(l["busiest_secs"] + l["write_secs"] for l in layers),
        "played": sum(l["played"] for l in layers),
        "outside": sum(l["outside"] for l in layers),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--holes", type=int, default=6)
    ap.add_argument("--seeds", type=int, default=14)
    ap.add_argument("--chunks-per-worker", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    options = {"holes": a.holes, "seeds": 4}
    sizes = sowlab.tablebase_layers("kalah", options, a.seeds)
    n = sum(sizes)
    # Positions valued: player 1's only where the sides are mirror images (as the CLI values them).
    valued = n // 2 if sowlab.tablebase_one_side("kalah", options) else n
    print(f"load average before: {os.getloadavg()}")
    print(f"kalah holes={a.holes}, layers 0-{a.seeds}: {n:,} positions")
    print("| run | build | wall | CPU | tasks' CPU | critical CPU | played / positions valued | outside |")
    print("|---|---|---|---|---|---|---|---|")
    clusters = {}
    try:
        for w in (1, 2):
            c = LocalCluster(n_workers=w, threads_per_worker=1, processes=True, dashboard_address=None)
            clusters[w] = (c, Client(c))
        ratios = []
        for r in range(1, a.repeat + 1):
            with tempfile.TemporaryDirectory() as tmp:
                ref = os.path.join(tmp, "cli1")
                wall, cli1 = cli("kalah", options, a.seeds, ref, 1)
                print(f"| {r} | one process, --jobs 1 | {wall:.2f} s | {cli1:.2f} s | - | - | - | - |")
                out = os.path.join(tmp, "cli2")
                wall, cpu = cli("kalah", options, a.seeds, out, 2)
                assert same(ref, out)
                print(f"| {r} | one process, --jobs 2 | {wall:.2f} s | {cpu:.2f} s | - | - | - | - |")
                got = {}
                for w, (_, client) in clusters.items():
                    chunks = a.chunks_per_worker * w
                    out = os.path.join(tmp, f"dask{w}")
                    d = dask_build(client, options, a.seeds, out, chunks)
                    assert same(ref, out), "the files differ from the command line's"
                    got[w] = d
                    print(
                        f"| {r} | LocalCluster, {w} worker{'s' if w > 1 else ''}, <= {chunks} tasks a layer | "
                        f"{d['wall']:.2f} s | {d['cpu']:.2f} s | {d['tasks']:.2f} s | {d['critical']:.2f} s | "
                        f"{d['played'] / valued:.3f} | {d['outside']} |"
                    )
                ratios.append((got[1]["cpu"] / cli1, got[1]["critical"] / got[2]["critical"], got[1]["wall"] / got[2]["wall"]))
        print("columns: CPU: the program's (user + system) or the workers' processes summed; tasks' CPU: the")
        print("Dask tasks' processes while they ran, summed; critical CPU: per layer the busiest worker's task CPU plus the write's")
        for r, (one, two, wall2) in enumerate(ratios, 1):
            print(
                f"run {r}: 1 worker / CLI --jobs 1 (CPU) {one:.2f}; 2 workers' speed-up over 1 "
                f"(critical CPU) {two:.2f}, (wall) {wall2:.2f}"
            )
    finally:
        for c, client in clusters.values():
            client.close()
            c.close()
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    sys.exit(main())
