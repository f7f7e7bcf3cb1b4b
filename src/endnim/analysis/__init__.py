"""The explorer: value tables, heatmaps, the papers' statements re-checked, conjectures and
periodicity.

One concept per module; each imports the engine (numpy) lazily, so importing this package is
cheap:

* :mod:`~endnim.analysis.ranges` — reading ``1..16``-style ranges;
* :mod:`~endnim.analysis.tables` — :func:`value_table`, the values of a·w·b (and w·a·b, a·b·w);
* :mod:`~endnim.analysis.formats` — a table as CSV, JSON, Markdown, LaTeX, HTML or a rich table;
* :mod:`~endnim.analysis.heatmap` — a table as a PNG/SVG heatmap with a legend (matplotlib);
* :mod:`~endnim.analysis.statements` — every statement of the three papers, as data;
* :mod:`~endnim.analysis.verify` — re-checking the statements by exhaustive search;
* :mod:`~endnim.analysis.expression` — a small safe expression language for predicates;
* :mod:`~endnim.analysis.conjecture` — checking a conjecture over every position, resumable;
* :mod:`~endnim.analysis.periodicity` — ultimate arithmetico-periodicity of a table's rows.

>>> from endnim.analysis.tables import value_table
>>> value_table("endnim", "4", "1..3", "1..3").values
((0, 1, 2), (1, 0, 3), (2, 3, 0))
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "value_table": "endnim.analysis.tables",
    "ValueTable": "endnim.analysis.tables",
    "Heatmap": "endnim.analysis.heatmap",
    "STATEMENTS": "endnim.analysis.statements",
    "check_conjecture": "endnim.analysis.conjecture",
    "builtin_conjecture": "endnim.analysis.conjecture",
    "custom_conjecture": "endnim.analysis.conjecture",
    "compile_predicate": "endnim.analysis.expression",
    "find_periodicity": "endnim.analysis.periodicity",
    "table_periodicity": "endnim.analysis.periodicity",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    """Import the public names on first use (``endnim.analysis.value_table`` etc.)."""
    if name in _EXPORTS:
        return getattr(importlib.import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'endnim.analysis' has no attribute {name!r}")
