"""Throughput of one process vs a Dask LocalCluster with 1 and 2 worker processes on the same run,
and the overhead per shard. Needs the Python package (python/) and dask[distributed]:

    python/.venv/bin/python benches/dask_scaling.py [GAMES]
"""

import sys
import time

import sowlab
import sowlab.dask
from dask.distributed import Client, LocalCluster

GAMES = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
RUN = dict(games=GAMES, seed=1, agents="random")


def untimed(v):
    if isinstance(v, dict):
        return {k: untimed(x) for k, x in v.items() if k not in ("elapsed_secs", "moves_per_sec")}
    if isinstance(v, list):
        return [untimed(x) for x in v]
    return v


def timed(f):
    t = time.perf_counter()
    r = f()
    return r, time.perf_counter() - t


def main():
    one, t1 = timed(lambda: sowlab.simulate("kalah", jobs=1, **RUN))
    moves = one["total_moves"]
    print(f"one process, 1 thread: {GAMES} games, {moves} moves in {t1:.2f} s = {moves / t1 / 1e6:.3f} M moves/s")
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as c, Client(c) as client:
            client.run(lambda: __import__("sowlab"))  # warm the workers
            rep, t = timed(lambda: sowlab.dask.simulate(client, "kalah", shards=8 * workers, **RUN))
            assert untimed(rep) == untimed(one)
            print(f"LocalCluster {workers} worker(s), {8 * workers} shards: {t:.2f} s = {moves / t / 1e6:.3f} M moves/s, {t1 / t:.2f}x one process")
            if workers == 1:
                small = dict(games=400, seed=1, agents="random")
                _, ta = timed(lambda: sowlab.dask.simulate(client, "kalah", shards=1, **small))
                _, tb = timed(lambda: sowlab.dask.simulate(client, "kalah", shards=400, **small))
                print(f"overhead per shard (400 games as 400 shards vs 1): {(tb - ta) / 399 * 1e3:.2f} ms")


if __name__ == "__main__":  # worker processes import this file
    main()
