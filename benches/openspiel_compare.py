#!/usr/bin/env python3
"""sowlab and OpenSpiel side by side: random playouts of Kalah and Oware, one core each.

Issue 16's first target: `sowlab simulate kalah|oware --jobs 1` at least as fast, in moves per
CPU-second, as OpenSpiel's C++ random playouts of the same games, on the same machine, in the same
run. This script measures, in one run and interleaved (so that the machine's load hits every
contestant alike):

  - OpenSpiel C++: `pyspiel.evaluate_bots` with two uniform random bots, one call per game (the
    whole game is played in C++: the bots' LegalActions and sampling, ApplyAction, IsTerminal);
  - OpenSpiel Python API loop: `state.legal_actions()`, `random.choice`, `state.apply_action()`;
  - sowlab: `sowlab simulate RULE --games N --jobs 1 --json` (release binary), moves from its report,
    CPU time of the process from `resource.getrusage(RUSAGE_CHILDREN)` (user + system; it includes
    the process start and the rule's compilation, printed separately below).

CPU time, not wall-clock: the machine is shared, and a process waiting for a core does not count.
Each contestant runs `--runs` times; the best rate is kept (as in `cargo bench --bench figures`).

Before timing, both engines are checked to play the same game: random OpenSpiel games are replayed
move by move through `sowlab replay RULE --moves ... --json`, and the final scores (and the end of
the game) must agree; a mismatch stops the script. The known rule differences are printed.

Also measured (sowlab only; `simulate --jobs 1`): Raja Pasu full matches and 4-player Ruma, with
issue 16's targets. Their native baselines (benches/common/native.rs) and the Tchuka Ruma table are
in `cargo bench --bench figures` (run it with `--figures`, ~2 minutes plus its build).
`--callgrind` also counts instructions per move of both engines (stable under load, ~5 minutes).

Usage (from anywhere; the repository is this file's parent's parent):
    cargo build --release
    /path/to/venv/bin/python benches/openspiel_compare.py [--runs 3] [--quick] [--callgrind] [--figures]

Needs `pip install open-spiel` (PyPI) in the Python that runs it; without it, it says so and exits 0.
"""

import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

KALAH_DIFFERENCES = [
    "Same rules: Kalah(6,4); sow anticlockwise into your own store, never the opponent's; a last "
    "seed in your store moves again; a last seed in your own empty house captures it with the seeds "
    "opposite, only when the opposite house has seeds (sowlab's default `empty_capture=false`); "
    "the game ends when either side is empty after a move (sowlab's default `end=side_empty`).",
    "End: sowlab sweeps each side into its owner's store; OpenSpiel leaves the seeds and scores "
    "side + store: the same totals and winner (checked below).",
    "Caps: OpenSpiel draws after 1000 moves, sowlab's simulate cuts at 10000; random games of "
    "Kalah are far shorter (the mean lengths below).",
]

OWARE_DIFFERENCES = [
    "Same rules: Oware abapa; skip the house sown from on laps of 12+; capture 2s and 3s backwards "
    "on the opponent's row; grand slam captures nothing; must feed an empty opponent; a player "
    "without a legal move ends the game, each side going to its owner; 25 captures (or 24-24) end "
    "it.",
    "Different end of endless games: OpenSpiel ends a game when a position repeats since the last "
    "capture (each player takes the seeds on his side); sowlab's rule has no repetition rule and "
    "ends after `max_turns` = 300 moves (our addition) the same way. So the two engines play "
    "the same moves but some games end at different moments: OpenSpiel's random games are a little "
    "shorter on average (see the mean lengths), and its repetition check is a hash-set insert of "
    "the board on every move, a cost sowlab does not pay.",
    "Final scores: when a game ends on 25 captures, OpenSpiel also gives each player the seeds "
    "left on his side (its end check collects whenever no legal action is left, and a finished "
    "game has none); sowlab's rule leaves them on the board. The winner is the same.",
]


def load_average():
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return "?"


def cpu_of_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def sowlab_binary(arg):
    if arg:
        return arg
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(REPO, "target")
    if not os.path.isabs(target):
        target = os.path.join(REPO, target)
    return os.path.join(target, "release", "sowlab")


def run_sowlab(binary, args):
    """Runs sowlab with the rules of this tree; returns (stdout, CPU seconds of the process)."""
    before = cpu_of_children()
    p = subprocess.run(
        [binary, *args, "--rules", os.path.join(REPO, "rules")],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    cpu = cpu_of_children() - before
    if p.returncode != 0:
        sys.exit(f"openspiel_compare: `sowlab {' '.join(args)}` failed: {p.stderr.strip()}")
    return p.stdout, cpu


# ---------------------------------------------------------------------------------------------
# Both engines play the same game: OpenSpiel's random games replayed through sowlab.


def kalah_sowlab_move(action):
    # OpenSpiel's mancala board: [0] North's store (player 1), [1..6] South's houses left to right
    # (sowing order), [7] South's store, [8..13] North's houses in sowing order. sowlab numbers a
    # hole from the mover's left: South's S1..S6 = 1..6, North's N1..N6 = OpenSpiel's 8..13.
    return str(action if action <= 6 else action - 7)


def kalah_openspiel_scores(state):
    board = [int(round(v)) for v in state.observation_tensor(0)[:14]]
    return [sum(board[1:8]), sum(board[8:14]) + board[0]]


def oware_board(state, total):
    # observation: 12 houses (South A..F = sowlab S1..S6, North a..f = N1..N6) then 2 scores, all
    # divided by the number of seeds.
    obs = state.observation_tensor(0)
    v = [int(round(x * total)) for x in obs]
    return v[:12], v[12:14]


def check_same_game(pyspiel, binary, games, seed):
    """Replays `games` random OpenSpiel games of each through sowlab; returns summary lines."""
    rng = random.Random(seed)
    lines = []

    g = pyspiel.load_game("mancala")
    for i in range(games):
        s = g.new_initial_state()
        moves = []
        while not s.is_terminal():
            a = rng.choice(s.legal_actions())
            moves.append(kalah_sowlab_move(a))
            s.apply_action(a)
        want = kalah_openspiel_scores(s)
        out, _ = run_sowlab(binary, ["replay", "kalah", "--moves", " ".join(moves), "--json"])
        st = json.loads(out)
        if not st["over"] or st["stores"] != want or any(st["pits"]):
            sys.exit(
                f"openspiel_compare: Kalah game {i} differs: OpenSpiel ends {want} after "
                f"{len(moves)} moves, sowlab {st} (moves: {' '.join(moves)})"
            )
    lines.append(
        f"Kalah: {games} random OpenSpiel games replayed through `sowlab replay kalah`: same final "
        f"scores, and sowlab's game ends exactly at OpenSpiel's last move, in all {games}."
    )

    g = pyspiel.load_game("oware")
    total = 48
    by_repetition = 0
    for i in range(games):
        s = g.new_initial_state()
        moves = []
        # Positions (houses, player to move) since the last capture, as OpenSpiel keeps them.
        seen = set()
        seeds, scores = oware_board(s, total)
        seen.add((tuple(seeds), 0))
        while not s.is_terminal():
            a = rng.choice(s.legal_actions())
            moves.append(str(a + 1))
            s.apply_action(a)
            if s.is_terminal():
                break
            new_seeds, new_scores = oware_board(s, total)
            if new_scores != scores:
                seen.clear()
            seeds, scores = new_seeds, new_scores
            seen.add((tuple(seeds), s.current_player()))
        _, want = oware_board(s, total)
        # No move cap on sowlab's side: its game must go on exactly as long as OpenSpiel's.
        out, _ = run_sowlab(
            binary,
            ["replay", "oware", "--set", "max_turns=0", "--moves", " ".join(moves), "--json"],
        )
        st = json.loads(out)
        # OpenSpiel gives each player the seeds left on his side whenever the game ends (also
        # when it ends on 25 captures, where sowlab's rule leaves them on the board): compare
        # sowlab's captures plus its side.
        pits = st["pits"]
        taken = [st["stores"][0] + sum(pits[:6]), st["stores"][1] + sum(pits[6:])]
        ok = taken == want
        if st["over"]:
            returns = s.returns()
            winner = 0 if returns[0] == returns[1] else (1 if returns[0] > returns[1] else 2)
            ok = ok and (st["winner"] or 0) == winner
        else:
            # OpenSpiel must have ended on a repeated position: sowlab's position after the last
            # move was seen since the last capture.
            ok = ok and (tuple(pits), st["to_move"] - 1) in seen
            by_repetition += 1
        if not ok:
            sys.exit(
                f"openspiel_compare: Oware game {i} differs: OpenSpiel ends {want} after "
                f"{len(moves)} moves, sowlab {st} (moves: {' '.join(moves)})"
            )
    lines.append(
        f"Oware: {games} random OpenSpiel games replayed through `sowlab replay oware --set "
        f"max_turns=0`: every move legal in both; {games - by_repetition} end at the same move "
        f"with the same winner and scores (captures + own side), {by_repetition} end in OpenSpiel "
        f"on a repeated position (sowlab has no such rule: its position after the last move was "
        f"indeed seen since the last capture, and each side taken gives OpenSpiel's scores)."
    )
    return lines


# ---------------------------------------------------------------------------------------------
# The contestants. Each returns (moves, games, CPU seconds).


def openspiel_cpp(pyspiel, name, games, seed):
    g = pyspiel.load_game(name)
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(2)]
    moves = 0
    t = time.process_time()
    for i in range(games):
        s = g.new_initial_state()
        pyspiel.evaluate_bots(s, bots, seed + i)
        moves += s.move_number()
    return moves, games, time.process_time() - t


def openspiel_call_overhead(pyspiel, name, games, seed):
    """CPU seconds of openspiel_cpp's Python per-game work alone (a new state, a call of
    evaluate_bots on a finished game, move_number), counted in the C++ figure."""
    g = pyspiel.load_game(name)
    bots = [pyspiel.make_uniform_random_bot(p, seed + p) for p in range(2)]
    done = g.new_initial_state()
    pyspiel.evaluate_bots(done, bots, seed)
    t = time.process_time()
    for i in range(games):
        s = g.new_initial_state()
        pyspiel.evaluate_bots(done, bots, seed + i)
        s.move_number()
    return time.process_time() - t


def openspiel_python(pyspiel, name, games, seed):
    g = pyspiel.load_game(name)
    rng = random.Random(seed)
    moves = 0
    t = time.process_time()
    for _ in range(games):
        s = g.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            moves += 1
    return moves, games, time.process_time() - t


def sowlab_simulate(binary, rule, games, seed, extra=()):
    out, cpu = run_sowlab(
        binary,
        ["simulate", rule, "--games", str(games), "--jobs", "1", "--seed", str(seed), "--json",
         *extra],
    )
    rep = json.loads(out)
    return rep["total_moves"], rep["games"], cpu


OPENSPIEL_PLAYOUTS = """
import sys, pyspiel
g = pyspiel.load_game(sys.argv[1])
bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(2)]
moves = 0
for i in range(int(sys.argv[2])):
    s = g.new_initial_state()
    pyspiel.evaluate_bots(s, bots, i)
    moves += s.move_number()
print(moves)
"""


def callgrind(cmd):
    """Instructions of one run of `cmd` under callgrind, and its standard output."""
    with tempfile.TemporaryDirectory() as d:
        p = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={d}/out", *cmd],
            capture_output=True,
            text=True,
            cwd=REPO,
        )
    m = re.search(r"Collected : (\d+)", p.stderr)
    if p.returncode != 0 or not m:
        sys.exit(f"openspiel_compare: callgrind of {' '.join(cmd)} failed: {p.stderr[-500:]}")
    return int(m.group(1)), p.stdout


def instructions_per_move(binary):
    """Instructions per move of each engine's playouts (callgrind): a short and a long run, so
    that the start (Python and OpenSpiel's import; sowlab's start and rule compilation) cancels."""
    rules = os.path.join(REPO, "rules")
    rows = []
    for rule, game, short, long_ in (("kalah", "mancala", 1000, 2000), ("oware", "oware", 300, 600)):
        def sowlab(n):
            i, out = callgrind([binary, "simulate", rule, "--games", str(n), "--jobs", "1",
                                "--json", "--rules", rules])
            return i, json.loads(out)["total_moves"]

        def openspiel(n):
            i, out = callgrind([sys.executable, "-c", OPENSPIEL_PLAYOUTS, game, str(n)])
            return i, int(out.strip())

        per = []
        for f, n in ((sowlab, short), (openspiel, long_)):
            (i1, m1), (i2, m2) = f(1), f(n)
            per.append(((i2 - i1) / (m2 - m1), m2))
        rows.append((rule, per))
    return rows


def rate(r):
    moves, _, cpu = r
    return moves / cpu if cpu > 0 else float("inf")


def mega(x):
    return f"{x / 1e6:.2f} M" if x >= 1e6 else f"{x / 1e3:.0f} k"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sowlab", help="the sowlab binary (default: $CARGO_TARGET_DIR or ./target, release)")
    ap.add_argument("--runs", type=int, default=3, help="runs per contestant, best kept (default 3)")
    ap.add_argument("--quick", action="store_true", help="a tenth of the games")
    ap.add_argument("--check-games", type=int, default=30, help="OpenSpiel games replayed through sowlab per game (default 30)")
    ap.add_argument("--figures", action="store_true", help="also run `cargo bench --bench figures -- quick` (native baselines)")
    ap.add_argument("--callgrind", action="store_true", help="also count instructions per move of both engines under callgrind (~5 minutes)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    try:
        import pyspiel  # noqa: F401  (the `open-spiel` package of PyPI)
        import open_spiel  # noqa: F401
    except ImportError as e:
        print(
            f"openspiel_compare: SKIPPED: OpenSpiel is not importable from {sys.executable} ({e}). "
            "Install it in a virtual environment outside the repository: "
            "`python3 -m venv /tmp/venv && /tmp/venv/bin/pip install open-spiel`, then run "
            "this script with /tmp/venv/bin/python."
        )
        return 0

    binary = sowlab_binary(args.sowlab)
    if not os.path.exists(binary):
        sys.exit(f"openspiel_compare: no sowlab binary at {binary}: run `cargo build --release` first (or pass --sowlab)")

    scale = 10 if args.quick else 1
    kalah_games = 20000 // scale
    oware_games = 5000 // scale
    raja_games = 1000 // scale
    ruma_games = 1000 // scale

    commit = subprocess.run(
        ["git", "-C", REPO, "describe", "--always", "--dirty"], capture_output=True, text=True
    ).stdout.strip()
    try:
        from importlib.metadata import version

        os_version = version("open-spiel")
    except Exception:
        os_version = "?"
    print("# sowlab and OpenSpiel side by side (benches/openspiel_compare.py)")
    print()
    print(f"- date: {datetime.now(timezone.utc).strftime('%Y-%m-%d %H:%M:%S UTC')}")
    print(f"- sowlab: {binary} (tree {commit}); OpenSpiel (PyPI open-spiel) {os_version}; Python {sys.version.split()[0]}")
    print(f"- {os.cpu_count()} cores; every contestant single-threaded; rates are moves per CPU-second (user + system), best of {args.runs} interleaved runs")
    print(f"- load average (1/5/15 min) at start: {load_average()}")
    print()

    print("## Same game")
    print()
    t = time.time()
    for line in check_same_game(pyspiel, binary, args.check_games, args.seed):
        print(f"- {line}")
    print(f"- (checked in {time.time() - t:.1f} s)")
    print()
    print("Rule differences:")
    print()
    for line in KALAH_DIFFERENCES:
        print(f"- Kalah. {line}")
    for line in OWARE_DIFFERENCES:
        print(f"- Oware. {line}")
    print()

    # sowlab's fixed cost per process: start, rule compilation, one game.
    fixed = {}
    for rule in ("kalah", "oware"):
        fixed[rule] = min(sowlab_simulate(binary, rule, 1, args.seed)[2] for _ in range(3))

    contestants = [
        ("Kalah", "OpenSpiel C++ (evaluate_bots, uniform random bots)",
         lambda s: openspiel_cpp(pyspiel, "mancala", kalah_games, s)),
        ("Kalah", "OpenSpiel Python API loop",
         lambda s: openspiel_python(pyspiel, "mancala", kalah_games // 4, s)),
        ("Kalah", "sowlab simulate kalah --jobs 1",
         lambda s: sowlab_simulate(binary, "kalah", kalah_games, s)),
        ("Oware", "OpenSpiel C++ (evaluate_bots, uniform random bots)",
         lambda s: openspiel_cpp(pyspiel, "oware", oware_games, s)),
        ("Oware", "OpenSpiel Python API loop",
         lambda s: openspiel_python(pyspiel, "oware", oware_games // 4, s)),
        ("Oware", "sowlab simulate oware --jobs 1",
         lambda s: sowlab_simulate(binary, "oware", oware_games, s)),
        ("Raja Pasu", "sowlab simulate raja_pasu --jobs 1",
         lambda s: sowlab_simulate(binary, "raja_pasu", raja_games, s)),
        ("Ruma 4 players", "sowlab simulate ruma_4p --jobs 1",
         lambda s: sowlab_simulate(binary, "ruma_4p", ruma_games, s)),
    ]
    results = {i: [] for i in range(len(contestants))}
    for run in range(args.runs):
        for i, (_, _, f) in enumerate(contestants):
            results[i].append(f(args.seed + run))
    load_end = load_average()

    best = {i: max(rs, key=rate) for i, rs in results.items()}
    print("## Random playouts, moves per CPU-second")
    print()
    print("| game | contestant | games | moves (mean per game) | CPU s | moves per CPU-second | runs (M/s) |")
    print("|---|---|---|---|---|---|---|")
    for i, (game, who, _) in enumerate(contestants):
        moves, games, cpu = best[i]
        spread = ", ".join(f"{rate(r) / 1e6:.2f}" for r in results[i])
        print(f"| {game} | {who} | {games} | {moves} ({moves / games:.1f}) | {cpu:.3f} | {mega(rate(best[i]))} | {spread} |")
    print()

    print("| game | sowlab | OpenSpiel C++ | sowlab / OpenSpiel C++ | OpenSpiel Python loop | sowlab / OpenSpiel Python |")
    print("|---|---|---|---|---|---|")
    for game, c, p, s in (("Kalah", 0, 1, 2), ("Oware", 3, 4, 5)):
        rs, rc, rp = rate(best[s]), rate(best[c]), rate(best[p])
        print(f"| {game} | {mega(rs)} | {mega(rc)} | {rs / rc:.2f}x | {mega(rp)} | {rs / rp:.2f}x |")
    print()
    print("| game | sowlab | issue 16 target | met? |")
    print("|---|---|---|---|")
    for game, s, c in (("Kalah", 2, 0), ("Oware", 5, 3)):
        ok = rate(best[s]) >= rate(best[c])
        print(f"| {game} | {mega(rate(best[s]))} | >= OpenSpiel C++ ({mega(rate(best[c]))}) | {'yes' if ok else f'no, {rate(best[c]) / rate(best[s]):.1f}x short'} |")
    for game, s, target in (("Raja Pasu", 6, 4e6), ("Ruma 4 players", 7, 1e6)):
        r = rate(best[s])
        print(f"| {game} | {mega(r)} | >= {mega(target)} | {'yes' if r >= target else f'no, {target / r:.1f}x short'} |")
    print()
    for rule in ("kalah", "oware"):
        i = 2 if rule == "kalah" else 5
        print(f"- sowlab's fixed cost per process (start, rule compilation, 1 game), `{rule}`: {fixed[rule] * 1000:.1f} ms CPU, {100 * fixed[rule] / best[i][2]:.1f}% of the best run above")
    for name, i in (("mancala", 0), ("oware", 3)):
        moves, games, cpu = best[i]
        over = min(openspiel_call_overhead(pyspiel, name, games, args.seed) for _ in range(3))
        print(f"- OpenSpiel C++ figure, `{name}`: its Python per-game calls (a new state, the call of evaluate_bots, move_number) take {over * 1000:.1f} ms CPU of its {cpu * 1000:.0f} ms ({100 * over / cpu:.0f}%); without them it would be {mega(moves / (cpu - over))} moves per CPU-second")
    print(f"- load average at end: {load_end}")
    print("- Raja Pasu and Ruma within-5x-of-native targets and the Tchuka Ruma table: `cargo bench --bench figures` (native baselines in benches/common/native.rs)" + ("" if args.figures else "; pass --figures to run it here"))
    sys.stdout.flush()

    if args.callgrind:
        print()
        print("## Instructions per move (callgrind: independent of the load)")
        print()
        print("| game | sowlab simulate --jobs 1 | OpenSpiel C++ (evaluate_bots) | sowlab / OpenSpiel |")
        print("|---|---|---|---|")
        for rule, ((si, sm), (oi, om)) in instructions_per_move(binary):
            print(f"| {rule} | {si:,.0f} ({sm} moves) | {oi:,.0f} ({om} moves) | {si / oi:.2f}x |")
        print()
        print("(Each: instructions of a run of N games minus those of a run of 1 game, over the moves between; the OpenSpiel figure includes its Python per-game calls.)")
        sys.stdout.flush()

    if args.figures:
        print()
        print("## cargo bench --bench figures -- quick")
        print()
        sys.stdout.flush()
        p = subprocess.run(["cargo", "bench", "--bench", "figures", "--", "quick"], cwd=REPO)
        if p.returncode != 0:
            print(f"(cargo bench failed: exit {p.returncode})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
