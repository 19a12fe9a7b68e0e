#!/usr/bin/env python3
"""Keeps what tests/ludii.rs needs of the Ludii driver's traces (JSON lines on stdin, one game
each) and writes one compact JSON line per game on stdout:

  game, seed, sites (number of Ludii sites), start (counts of every site, board then hands),
  mover (who starts), plies ([mover, from, to, next, counts after it] of every ply: one
  decision each), over, winner (0: a draw), scores (Ludii's final scores, when it keeps them),
  capped (stopped at the driver's ply cap), owned ([ply index, [[site, owner]...]] where Ludii
  drew a hole's owner at random).

Games Ludii plays on stacks (`largeStack`: counters and large stones, e.g. "Ball", are pieces
of a stack) need a driver whose `counts` are the counters ("Seed" pieces) of each stack (the
standard driver records a stacked site's count as 1) and which gives, at the start and after
every ply, `large`: [[site, piece name], ...], where the large pieces are. It is kept: each
ply then has a sixth field, its `large`, and the game `start_large` (only when present).
"""
import json
import sys

for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    d = json.loads(line)
    plies = d["plies"]
    out_plies, owned = [], []
    for i, p in enumerate(plies):
        ply = [p["mover"], p["from"], p["to"], p["next"], p["counts"]]
        if "large" in p:
            ply.append(p["large"])
        out_plies.append(ply)
        if d.get("stochastic") and p.get("remembered_map"):
            owned.append([i, p["remembered_map"]])
    out = {
        "game": d["game"],
        "seed": d["seed"],
        "sites": d["num_sites"],
        "start": d["start"]["counts"],
        "mover": d["start"]["mover"],
        "plies": out_plies,
        "scores": d.get("final_scores") or [],
        "over": d.get("over", False),
        "winner": d.get("winner"),
        "capped": d.get("capped", False),
    }
    if owned:
        out["owned"] = owned
    if "large" in d["start"]:
        out["start_large"] = d["start"]["large"]
    sys.stdout.write(json.dumps(out, separators=(",", ":")) + "\n")
