#!/usr/bin/env python3
"""Proposes a rule's `ludii.sites` list: Ludii's sites (from the first game of a trace, raw or
compacted by record.sh... raw: it needs the `sites` geometry) matched to sowlab's pits by row
and column as South sees the board (`sowlab rules NAME --json`), stores by side, hands by owner.

  tools/ludii/sites.py RAW_TRACE.jsonl[.gz] RULES_JSON   (RULES_JSON: `sowlab rules NAME --json`)

Prints the list; check it against the game before writing it into the rule.
"""
import gzip
import json
import sys

path, rules = sys.argv[1], sys.argv[2]
opener = gzip.open if path.endswith(".gz") else open
with opener(path, "rt") as f:
    t = json.loads(f.readline())
with open(rules) as f:
    b = json.load(f)["board"]
by_rc = {(p["row"], p["column"]): p["index"] for p in b["pits"]}
stores = {s["side"]: s["name"] for s in b["stores"]}
store_of = {s["owner"]: s["name"] for s in b["stores"]}
holes = [s for s in t["sites"] if s["container"] == 0 and float(s["x"]).is_integer()
         and float(s["y"]).is_integer()]
xs = sorted({s["x"] for s in holes})
ys = sorted({s["y"] for s in holes})
# A store is its owner's by Ludii's maps (player -> site) when one names it, else by its side.
owner_of = {site: pl for m in t.get("maps", []) for pl, site in m["pairs"]}
out = []
for s in t["sites"]:
    if s["container"] != 0:
        out.append(store_of.get(s["owner"], "?"))
    elif s in holes:
        out.append(by_rc.get((ys.index(s["y"]), xs.index(s["x"])), "?"))
    else:
        if s["site"] in owner_of:
            out.append(store_of.get(owner_of[s["site"]], "?"))
        else:
            out.append(stores.get("left" if s["x"] < xs[0] else "right", "?"))
print(json.dumps(out))
