"""sowlab: mancala (sowing) games whose rules are Rhai scripts.

Load a rule by name, file or source text, play it move by move, simulate many games between
agents, compare two variants, sweep option values, solve solitaires; split a run into shards
that merge exactly, here or on a Dask cluster (:mod:`sowlab.dask`). Reports are plain dicts
(the JSON of the ``sowlab`` command line, as :class:`Report`, which a notebook shows as a table);
:func:`to_dataframe` turns them into pandas tables. A :class:`Game` draws itself in a notebook,
:func:`laps` shows a move lap by lap (:mod:`sowlab.notebook`). :mod:`sowlab.openspiel` and
:mod:`sowlab.pettingzoo` make every rule an OpenSpiel game and a PettingZoo environment.
Errors are :class:`SowlabError` (a ``ValueError``) with sowlab's one-line message.
"""

from __future__ import annotations

from typing import Any, Dict, List

from . import _sowlab as _native
from . import notebook as _notebook
from ._sowlab import (
    Board,
    Game,
    Rule,
    SowlabError,
    rule_names,
    rules_dir,
    tablebase_chunk,
    tablebase_chunk_classes,
    tablebase_chunk_round,
    tablebase_classes,
    tablebase_layers,
    tablebase_layers_in,
    tablebase_one_side,
    tablebase_options,
    tablebase_write_layer,
    version,
)
from .notebook import Report, laps

__all__ = [
    "Board",
    "Game",
    "Report",
    "Rule",
    "SowlabError",
    "compare",
    "laps",
    "load",
    "merge",
    "rule_names",
    "rules_dir",
    "simulate",
    "solve",
    "sweep",
    "tablebase_chunk",
    "tablebase_chunk_classes",
    "tablebase_chunk_round",
    "tablebase_classes",
    "tablebase_layers",
    "tablebase_layers_in",
    "tablebase_one_side",
    "tablebase_options",
    "tablebase_write_layer",
    "to_dataframe",
    "version",
]

__version__ = version()[0]


def load(spec: str, rules: str | None = None) -> Rule:
    """A rule by name (``"kalah"``, a preset ``"tchuka_ruma_6"``) or path (``.rhai``/``.yaml``)."""
    return Rule.load(spec, rules)


def to_dataframe(report: Dict[str, Any]):
    """A report as a pandas DataFrame (pandas must be installed).

    simulate: one row per player; sweep: one row per point and player, the varied options first;
    compare: one row per figure compared (A, B, difference, test, p, significant).
    """
    try:
        import pandas as pd
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("to_dataframe needs pandas: pip install pandas") from e
    table = _notebook.rows(report)
    if table is None:
        raise SowlabError("to_dataframe: not a simulate, compare or sweep report")
    return pd.DataFrame(table)


def _report(f):
    def wrapped(*args, **kwargs):
        return Report(f(*args, **kwargs))

    wrapped.__name__ = f.__name__
    wrapped.__qualname__ = f.__name__
    wrapped.__doc__ = (f.__doc__ or "") + "\n\nReturns a :class:`sowlab.Report` (a dict)."
    wrapped.__wrapped__ = f
    return wrapped


# The reports come back as Report: the same dicts, shown as tables in a notebook.
simulate = _report(_native.simulate)
compare = _report(_native.compare)
sweep = _report(_native.sweep)
solve = _report(_native.solve)
merge = _report(_native.merge)
