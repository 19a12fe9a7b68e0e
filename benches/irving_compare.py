"""sowlab's exact Kalah search side by side with Irving's solver (girving/kalah, serial C), run
OUTSIDE the project: this script only drives binaries whose paths it is given.

Irving's program fixes the holes a side at compile time (PITS in params.h), so it is built once
per board size, each in its own directory holding `kalah-s` and `generator` (`make serial`;
a recent gcc needs `CFLAGS="-O3 -funroll-loops -w -fgnu89-inline -fcommon"` and, for 5 holes,
`#define PITS 5`). Both programs play the empty-capture rule (a last seed in one's own empty hole
captures even when the hole opposite is empty) with databases of every position up to SEEDS seeds
in play, on one thread; the figures are CPU seconds (user + system) of the child processes, taken
from getrusage, so the load of the machine changes the wall time, not them. Each run builds both
databases (timed, per position), then solves each cell with both programs and checks they agree.

    python3 benches/irving_compare.py --irving 5=/tmp/irving/p5 --irving 6=/tmp/irving/p6 \
        [--sowlab target/release/sowlab] [--seeds 20] [--cells 5,4 6,3 5,5 6,4] \
        [--work /tmp/irving_bench] [--hash-bits 25] [--max-memory 1024] [--reuse]

`--reuse` keeps databases already in the work directory (their build is then not timed).
"""

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
from math import comb


def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(cmd, cwd=None, stdin=None):
    """Runs `cmd`; its output and the CPU seconds it took."""
    t = cpu()
    p = subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True, text=True)
    secs = cpu() - t
    if p.returncode != 0:
        sys.exit(f"irving_compare: {' '.join(map(str, cmd))} exited {p.returncode}: {p.stderr.strip()[-400:]}")
    return p.stdout, secs


def positions(holes, seeds, sides):
    """Positions of every layer 0..seeds of a board of `holes` holes a side (2 x holes holes)."""
    return sides * comb(seeds + 2 * holes, 2 * holes)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--irving", action="append", required=True, metavar="HOLES=DIR",
                    help="a directory holding Irving's kalah-s and generator built for HOLES holes a side")
    ap.add_argument("--sowlab", action="append", metavar="PATH",
                    help="sowlab's binary (default target/release/sowlab); given twice or more, each is timed "
                    "(the first builds the database), e.g. a build before and after a change")
    ap.add_argument("--seeds", type=int, default=20, help="database: positions up to this many seeds in play")
    ap.add_argument("--cells", nargs="+", default=["5,4", "6,3", "5,5", "6,4"], metavar="HOLES,SEEDS")
    ap.add_argument("--work", default="/tmp/irving_bench")
    ap.add_argument("--hash-bits", type=int, default=25, help="Irving's table: 2^n entries (-t n)")
    ap.add_argument("--max-memory", type=int, default=1024, help="sowlab's table budget, MB")
    ap.add_argument("--reuse", action="store_true", help="keep databases already built in --work")
    a = ap.parse_args()

    irving = {}
    for s in a.irving:
        h, _, d = s.partition("=")
        if not h.isdigit() or not d:
            sys.exit(f"irving_compare: --irving {s!r}: expected HOLES=DIR, e.g. 6=/tmp/irving/p6")
        for b in ("kalah-s", "generator"):
            if not os.access(os.path.join(d, b), os.X_OK):
                sys.exit(f"irving_compare: --irving {s}: no executable {b} in {d}")
        irving[int(h)] = os.path.abspath(d)
    cells = []
    for c in a.cells:
        m = re.fullmatch(r"(\d+),(\d+)", c)
        if not m:
            sys.exit(f"irving_compare: --cells {c!r}: expected HOLES,SEEDS, e.g. 6,4")
        h, n = int(m[1]), int(m[2])
        if h not in irving:
            sys.exit(f"irving_compare: --cells {c}: no --irving {h}=DIR for {h} holes")
        cells.append((h, n))
    sowlabs = [os.path.abspath(p) for p in (a.sowlab or ["target/release/sowlab"])]
    rule = [sowlabs[0], "", "kalah", "--set", "empty_capture=true"]
    os.makedirs(a.work, exist_ok=True)

    print(f"databases: every position up to {a.seeds} seeds in play, one thread")
    print("| holes | Irving s | Irving positions | us each | sowlab s | sowlab positions | us each | ratio per position |")
    print("|---|---|---|---|---|---|---|---|")
    dbs = {}
    for h in sorted({h for h, _ in cells}):
        eg = os.path.join(a.work, f"irving-{h}-{a.seeds}.dat")
        tb = os.path.join(a.work, f"sowlab-{h}-{a.seeds}")
        ti = ts = None
        if not (a.reuse and os.path.exists(eg)):
            if os.path.exists(eg):
                os.remove(eg)
            _, ti = run([os.path.join(irving[h], "generator"), eg], stdin=f"4\nc {a.seeds}\nq\n")
        if not (a.reuse and os.path.isdir(tb)):
            shutil.rmtree(tb, ignore_errors=True)
            _, ts = run(rule[:1] + ["tablebase", "build"] + rule[2:] + ["--set", f"holes={h}", "--seeds", str(a.seeds), "--out", tb, "--jobs", "1", "--max-memory", "4096"])
        dbs[h] = (eg, tb)
        # Both value one side to move (sowlab since format 3's build: Kalah's sides are mirror
        # images, player 2's half is read through the mirror).
        pi, ps = positions(h, a.seeds, 1), positions(h, a.seeds, 1)
        fmt = lambda t, p: ("reused", "-") if t is None else (f"{t:.2f}", f"{t / p * 1e6:.3f}")
        (a1, a2), (b1, b2) = fmt(ti, pi), fmt(ts, ps)
        ratio = f"{(ts / ps) / (ti / pi):.2f}" if ti and ts else "-"
        print(f"| {h} | {a1} | {pi:,} | {a2} | {b1} | {ps:,} | {b2} | {ratio} |", flush=True)

    print()
    print(f"search: one thread, databases of {a.seeds} seeds; Irving -t {a.hash_bits}, sowlab --max-memory {a.max_memory}")
    names = [f"sowlab{'' if len(sowlabs) == 1 else f' {i + 1}'}" for i in range(len(sowlabs))]
    print("| cell | value | Irving s | " + " | ".join(f"{n} s | {n} / Irving" for n in names) + " | Irving nodes | " + " | ".join(f"{n} moves / expanded" for n in names) + " |")
    print("|---|---|---|" + "---|---|" * len(names) + "---|" + "---|" * len(names))
    for h, n in cells:
        eg, tb = dbs[h]
        out, ti = run([os.path.join(irving[h], "kalah-s"), "-t", str(a.hash_bits), "-e", str(a.seeds), "-E", eg, "s", str(n)])
        m = re.search(r"Move: s \d+, m \d+, r (-?\d+)", out)
        nodes_i = re.search(r"Nodes searched:\s+(\d+)", out)
        if not m:
            sys.exit(f"irving_compare: Irving's kalah-s on ({h},{n}) gave no value:\n{out[-600:]}")
        vi = int(m[1])
        times, nodes = [], []
        for sowlab in sowlabs:
            out, ts = run([sowlab, "solve"] + rule[2:] + ["--set", f"holes={h}", "--set", f"seeds={n}", "--tablebase", tb, "--threads", "1", "--time", "0", "--max-memory", str(a.max_memory), "--json"])
            j = json.loads(out)
            vs = j["margin"]  # the first player's margin, as Irving's rating of the start
            if not j["complete"] or vs != vi:
                sys.exit(f"irving_compare: ({h},{n}): Irving {vi:+d}, {sowlab} {j['result']} {j['margin']} (complete {j['complete']})")
            times.append(ts)
            # moves played, and positions expanded (Irving's "nodes searched") when reported
            nodes.append(f"{j['nodes']:,}" + (f" / {j['expanded']:,}" if "expanded" in j else ""))
        ni = f"{int(nodes_i[1]):,}" if nodes_i else "-"
        cols = " | ".join(f"{t:.2f} | {t / ti:.2f}" for t in times)
        print(f"| ({h},{n}) | {vi:+d} | {ti:.2f} | {cols} | {ni} | " + " | ".join(nodes) + " |", flush=True)

if __name__ == "__main__":
    main()
