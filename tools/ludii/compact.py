#!/usr/bin/env python3
"""Keeps what tests/ludii.rs needs of the Ludii driver's traces (JSON lines on stdin, one game
each) and writes one compact JSON line per game on stdout:

  game, seed, sites (number of Ludii sites), start (counts of every site, board then hands),
  mover (who starts), plies ([mover, from, to, next, counts after it] of every ply: one
  decision each), over, winner (0: a draw), scores (Ludii's final scores, when it keeps them),
  capped (stopped at the driver's ply cap), owned ([ply index, [[site, owner]...]] where Ludii
  drew a hole's owner at random).
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
        out_plies.append([p["mover"], p["from"], p["to"], p["next"], p["counts"]])
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
    sys.stdout.write(json.dumps(out, separators=(",", ":")) + "\n")
