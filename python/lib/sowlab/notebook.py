"""What a notebook shows: reports as tables (:class:`Report`), a move lap by lap (:func:`laps`).

A :class:`sowlab.Game` and a :class:`sowlab.Board` draw themselves (``_repr_svg_``: the SVG of
``sowlab replay --svg``, legal moves marked); ``Game.move_svg(n, lap)`` draws move ``n`` with its
laps as numbered arrows. Reports of ``simulate``, ``compare``, ``sweep``, ``solve`` and ``merge``
are :class:`Report`: plain dicts (the JSON of the command line, equal to it, picklable) that show
as an HTML table and have :meth:`Report.to_dataframe`.
"""

from __future__ import annotations

import html
from typing import Any, Dict, List, Optional

__all__ = ["Report", "MoveLaps", "laps", "rows"]


def _player_rows(report: Dict[str, Any], extra: Dict[str, Any]) -> List[Dict[str, Any]]:
    out = []
    for p in report["players"]:
        row = dict(extra)
        row.update(rule=report["rule"], player=p["player"], agent=p["agent"], games=report["games"])
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
        out.append(row)
    return out


def rows(report: Dict[str, Any]) -> Optional[List[Dict[str, Any]]]:
    """The table of a report: simulate, one row per player; sweep, one row per point and player
    (the varied options first); compare, one row per figure. None for another report."""
    command = report.get("record", {}).get("command") if isinstance(report.get("record"), dict) else None
    if command == "simulate":
        return _player_rows(report, {})
    if command == "sweep":
        out: List[Dict[str, Any]] = []
        for pt in report["points"]:
            out.extend(_player_rows(pt["report"], dict(pt["vary"])))
        return out
    if command == "compare":
        return [
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
    return None


def _cell(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, (dict, list)):
        text = repr(v)
        return html.escape(text if len(text) <= 80 else text[:77] + "...")
    return html.escape(str(v))


def _table(header: List[str], body: List[List[Any]]) -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
    lines = "".join("<tr>" + "".join(f"<td>{_cell(c)}</td>" for c in r) + "</tr>" for r in body)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{lines}</tbody></table>"


# Columns a notebook table shows first (the rest are in to_dataframe()).
_SHOWN = ["player", "agent", "games", "wins", "wins_rate", "draws", "losses", "captures_mean", "moves_mean", "laps_mean"]


class Report(dict):
    """A report: the same dict as the command line's JSON, shown as a table in a notebook."""

    def to_dataframe(self):
        """The report's table as a pandas DataFrame (pandas must be installed)."""
        from . import to_dataframe

        return to_dataframe(self)

    def _repr_html_(self) -> str:
        title = []
        for k in ("rule", "games", "seed", "agents"):
            if k in self:
                title.append(f"{k} <b>{_cell(self[k])}</b>")
        command = self.get("record", {}).get("command", "") if isinstance(self.get("record"), dict) else ""
        caption = html.escape(f"sowlab {command}".strip()) + (": " + ", ".join(title) if title else "")
        table = rows(self)
        if table:
            if command in ("simulate", "sweep"):
                vary = [k for k in table[0] if k not in _player_rows_keys(table[0])]
                header = vary + [c for c in _SHOWN if c in table[0]]
            else:
                header = list(table[0])
            body = [[r.get(h, "") for h in header] for r in table]
        else:
            header = ["field", "value"]
            body = [[k, v] for k, v in self.items() if k != "record"]
        return f"<div><p>{caption}</p>{_table(header, body)}</div>"


def _player_rows_keys(row: Dict[str, Any]) -> set:
    # The keys every simulate row has; a sweep row has the varied options besides.
    base = {"rule", "player", "agent", "games", "captures_mean", "capped", "seed", "rule_hash"}
    for what in ("wins", "draws", "losses"):
        base |= {what, f"{what}_rate", f"{what}_lo", f"{what}_hi"}
    for what in ("moves", "laps"):
        base |= {f"{what}_{k}" for k in ("mean", "median", "max", "sd")}
    return base & set(row)


class MoveLaps:
    """Move ``n`` of a game, lap by lap: the position before it, then each lap drawn in turn."""

    def __init__(self, game, n: Optional[int] = None):
        whole, count = game.move_svg(n)
        self.n = len(game.moves) if n is None else n
        self.label = game.moves[self.n - 1]
        self.frames = [game.move_svg(self.n, k)[0] for k in range(count + 1)] if count else [whole]
        self.whole = whole

    def __len__(self) -> int:
        return len(self.frames)

    def _repr_html_(self) -> str:
        cells = []
        for k, svg in enumerate(self.frames):
            caption = "before" if k == 0 and len(self.frames) > 1 else f"lap {k}"
            cells.append(
                f'<figure style="margin:4px">{svg}<figcaption>{html.escape(caption)}</figcaption></figure>'
            )
        head = html.escape(f"move {self.n} ({self.label}): {len(self.frames) - 1} lap(s)")
        return f'<div><p>{head}</p><div style="display:flex;flex-wrap:wrap">{"".join(cells)}</div></div>'

    def _repr_svg_(self) -> str:
        return self.whole


def laps(game, n: Optional[int] = None) -> MoveLaps:
    """Move ``n`` (1-based; default the last) of ``game`` lap by lap, for a notebook."""
    return MoveLaps(game, n)
