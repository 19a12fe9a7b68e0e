#!/usr/bin/env python3
"""OpenSpiel random playouts through sowlab's adapter (`pyspiel.load_game("sowlab", ...)`) against
OpenSpiel's own C++ games (`mancala` = Kalah, `oware`), through the same Python API loop, side by
side in one run (interleaved, best of --rounds), and where the time of one move goes.

Run it with the Python package built (python/.venv, `maturin develop --release`) and OpenSpiel
installed (`pip install "./python[openspiel]"`):

    python/.venv/bin/python benches/openspiel_adapter.py [--games 2000] [--rounds 3]

The loop is the one every OpenSpiel user writes:

    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))

Rates are moves per CPU-second of this process (`time.process_time`), because the machine may be
shared; the ratio of the two contestants in the same run is the figure to compare. The same seed
plays the same games in both (checked: same total of moves).
"""

import argparse
import os
import random
import sys
import time
import timeit

try:
    import pyspiel
except ImportError:
    print("SKIPPED: OpenSpiel is not installed (pip install open-spiel)")
    sys.exit(0)

import sowlab
import sowlab.openspiel  # noqa: F401  (registers "sowlab")

OWARE_AS_OPENSPIEL = "sweep_at_win=owners,repetition=true,max_turns=0"


def playouts(game, games, seed):
    rng = random.Random(seed)
    moves = 0
    t = time.process_time()
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            moves += 1
    return moves, time.process_time() - t


def bypass_playouts(game, games, seed):
    """The adapter's loop with `apply_action` replaced by the board's own apply (the C++ history
    then stays empty: for the breakdown only): what OpenSpiel's C++-to-Python calls cost."""
    rng = random.Random(seed)
    moves = 0
    t = time.process_time()
    for _ in range(games):
        s = game.new_initial_state()
        b = s.board
        while not s.is_terminal():
            b.apply(rng.choice(s.legal_actions()))
            moves += 1
    return moves, time.process_time() - t


def board_playouts(rule, options, games, seed):
    """The same loop on sowlab.Board directly (no OpenSpiel): what the native part costs."""
    start = sowlab.Board(rule, options)
    rng = random.Random(seed)
    moves = 0
    t = time.process_time()
    for _ in range(games):
        b = start.copy()
        while not b.done:
            b.apply(rng.choice(b.legal_actions()))
            moves += 1
    return moves, time.process_time() - t


def per_call(game, n=100_000):
    """Microseconds per call on a position after one move."""
    s = game.new_initial_state()
    s.apply_action(s.legal_actions()[0])
    a = s.legal_actions()[0]

    def us(f):
        return timeit.timeit(f, number=n) / n * 1e6

    clone = us(s.clone)
    return {
        "is_terminal": us(s.is_terminal),
        "current_player": us(s.current_player),
        "legal_actions": us(s.legal_actions),
        "apply_action": us(lambda: s.clone().apply_action(a)) - clone,
        "clone": clone,
        "returns": us(s.returns),
    }


def mcts_games(game, games, simulations, seed):
    """OpenSpiel's Python MCTS (random rollouts) against a random player: CPU seconds per bot
    move (it clones and plays at every simulation)."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    bot = mcts.MCTSBot(
        game,
        uct_c=1.4,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(seed)),
        random_state=np.random.RandomState(seed + 1),
    )
    rng = random.Random(seed)
    bot_moves = 0
    t = time.process_time()
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.current_player() == 0:
                a = bot.step(s)
                bot_moves += 1
            else:
                a = rng.choice(s.legal_actions())
            s.apply_action(a)
    return bot_moves, time.process_time() - t


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    pairs = [
        ("Kalah", pyspiel.load_game("mancala"), pyspiel.load_game("sowlab", {"rule": "kalah"}), ("kalah", {})),
        (
            "Oware",
            pyspiel.load_game("oware"),
            pyspiel.load_game(
                "sowlab", {"rule": "oware", "options": OWARE_AS_OPENSPIEL, "max_moves": 1000}
            ),
            ("oware", dict(kv.split("=") for kv in OWARE_AS_OPENSPIEL.split(","))),
        ),
    ]
    print(
        f"{time.strftime('%a %d %b %Y %H:%M UTC', time.gmtime())}, sowlab {' '.join(sowlab.version())}, "
        f"OpenSpiel {getattr(pyspiel, '__version__', '?')}, load average {os.getloadavg()[0]:.1f}"
    )
    print(f"{args.games} random games per contestant and round, best of {args.rounds}, interleaved\n")
    print("| game | contestant | moves | CPU s | moves per CPU-second |")
    print("|---|---|---|---|---|")
    summary = []
    for name, theirs, ours, (rule, opts) in pairs:
        best = {"openspiel": None, "adapter": None, "bypass": None, "board": None}
        for _ in range(args.rounds):
            for who, run in (
                ("openspiel", lambda: playouts(theirs, args.games, args.seed)),
                ("adapter", lambda: playouts(ours, args.games, args.seed)),
                ("bypass", lambda: bypass_playouts(ours, args.games, args.seed)),
                ("board", lambda: board_playouts(rule, opts, args.games, args.seed)),
            ):
                m, t = run()
                if best[who] is None or t < best[who][1]:
                    best[who] = (m, t)
        labels = {
            "openspiel": f"OpenSpiel C++ `{theirs.get_type().short_name}`, Python API loop",
            "adapter": "sowlab through `sowlab.openspiel`, same loop",
            "bypass": "the same, `state.board.apply(a)` instead of `state.apply_action(a)`",
            "board": "sowlab.Board directly (no OpenSpiel), same loop",
        }
        for who in ("openspiel", "adapter", "bypass", "board"):
            m, t = best[who]
            print(f"| {name} | {labels[who]} | {m:,} | {t:.3f} | {m / t / 1e3:,.0f} k |")
        if best["openspiel"][0] != best["adapter"][0]:
            print(f"  (note: {name} move totals differ: the games are not the same)")
        rate = {w: best[w][0] / best[w][1] for w in best}
        us = {w: best[w][1] / best[w][0] * 1e6 for w in best}
        summary.append((name, rate["adapter"] / rate["openspiel"], rate["board"] / rate["openspiel"], us))
    print()
    for name, a, b, us in summary:
        print(f"{name}: adapter / OpenSpiel C++ = {a:.2f}x; sowlab.Board loop / OpenSpiel C++ = {b:.2f}x")
        print(
            f"  per move: OpenSpiel {us['openspiel']:.2f} us; adapter {us['adapter']:.2f} us = Board loop "
            f"{us['board']:.2f} + state wrapper {us['bypass'] - us['board']:.2f} "
            f"+ pyspiel's apply_action round trip {us['adapter'] - us['bypass']:.2f}"
        )
    print("\nMicroseconds per call (a position after one move; apply_action = clone+apply minus clone):\n")
    print("| game | call | OpenSpiel C++ | sowlab adapter |")
    print("|---|---|---|---|")
    for name, theirs, ours, _ in pairs:
        a, b = per_call(theirs), per_call(ours)
        for k in a:
            print(f"| {name} | `{k}` | {a[k]:.2f} | {b[k]:.2f} |")
    print("\nOpenSpiel's Python MCTS (50 simulations, random rollouts) as player 1 against random, 20 games:\n")
    print("| game | contestant | bot moves | CPU s | ms per bot move |")
    print("|---|---|---|---|---|")
    for name, theirs, ours, _ in pairs[:1]:
        for who, g in (("OpenSpiel C++ `mancala`", theirs), ("sowlab through `sowlab.openspiel`", ours)):
            m, t = mcts_games(g, 20, 50, args.seed)
            print(f"| {name} | {who} | {m} | {t:.2f} | {t / m * 1e3:.2f} |")


if __name__ == "__main__":
    main()
