"""sowlab: mancala (sowing) games whose rules are Rhai scripts.

Load a rule by name, file or source text, play it move by move, simulate many games between
agents, compare two variants, sweep option values, solve solitaires; split a run into shards
that merge exactly, here or on a Dask cluster (:mod:`sowlab.dask`). Reports are plain dicts
(the JSON of the ``sowlab`` command line); :func:`to_dataframe` turns them into pandas tables.
Errors are :class:`SowlabError` (a ``ValueError``) with sowlab's one-line message.
"""

from __future__ import annotations

from typing import Any, Dict, List

from ._sowlab import (
    Board,
    Game,
    Rule,
    SowlabError,
    compare,
    merge,
    rule_names,
    rules_dir,
    simulate,
    solve,
    sweep,
    version,
)

__all__ = [
    "Board",
    "Game",
    "Rule",
    "SowlabError",
    "compare",
    "load",
    "merge",
    "rule_names",
    "rules_dir",
    "simulate",
    "solve",
    "sweep",
    "to_dataframe",
    "version",
]

__version__ = version()[0]


def load(spec: str, rules: str | None = None) -> Rule:
    """A rule by name (``"kalah"``, a preset ``"tchuka_ruma_6"``) or path (``.rhai``/``.yaml``)."""
    return Rule.load(spec, rules)


def _player_rows(report: Dict[str, Any], extra: Dict[str, Any]) -> List[Dict[str, Any]]:
    rows = []
    for p in report["players"]:
        row = dict(extra)
        row.update(
            rule=report["rule"],
            player=p["player"],
            agent=p["agent"],
            games=report["games"],
        )
        for what in ("wins", "draws", "losses"):
            r = p[what]
            row[what] = r["count"]
            row[f"{what}_rate"] = r["rate"]
            row[f"{what}_lo"] = r["lo"]
            row[f"{what}_hi"] = r["hi"]
        row["captures_mean"] = p["captures"]
        for what in ("moves", "laps"):
            for k in ("mean", "median", "max", "sd"):
                row[f"{what}_{k}"] = report[what][k]
        row["capped"] = report["capped"]
        row["seed"] = report["seed"]
        row["rule_hash"] = report["rule_hash"]
        rows.append(row)
    return rows


def to_dataframe(report: Dict[str, Any]):
    """A report as a pandas DataFrame (pandas must be installed).

    simulate: one row per player; sweep: one row per point and player, the varied options first;
    compare: one row per figure compared (A, B, difference, test, p, significant).
    """
    try:
        import pandas as pd
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("to_dataframe needs pandas: pip install pandas") from e
    command = report.get("record", {}).get("command")
    if command == "simulate":
        return pd.DataFrame(_player_rows(report, {}))
    if command == "sweep":
        rows = []
        for pt in report["points"]:
            rows.extend(_player_rows(pt["report"], dict(pt["vary"])))
        return pd.DataFrame(rows)
    if command == "compare":
        return pd.DataFrame(
            [
                {
                    "what": r["what"],
                    "a": r["a"],
                    "b": r["b"],
                    "diff": r["diff"],
                    "test": r["test"],
                    "stat": r["result"]["stat"],
                    "p": r["result"]["p"],
                    "significant": r["significant"],
                }
                for r in report["rows"]
            ]
        )
    raise SowlabError("to_dataframe: not a simulate, compare or sweep report")
