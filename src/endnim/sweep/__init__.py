"""Exhaustive sweeps: the value of every position up to a length and a pile size, computed
level by level with the engine's batch kernel, kept in a store on disk, resumable after any
interruption, on every local core or a Dask cluster, and queryable without recomputing.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     report = run_sweep(folder, "muller", 3, 4, workers=1)
...     with open_sweep(folder) as sweep:
...         report.positions, sweep.value((1, 3, 1))
(84, 1)

See ``docs/sweeps.md``.
"""

from __future__ import annotations

from endnim.sweep.plan import SweepError, SweepPlan, default_memory, make_plan, parse_memory
from endnim.sweep.query import QueryResult, parse_predicate, run_query
from endnim.sweep.reader import LayerBlock, Sweep, open_sweep, stored_values
from endnim.sweep.runner import SweepReport, run_sweep

__all__ = [
    "LayerBlock",
    "QueryResult",
    "Sweep",
    "SweepError",
    "SweepPlan",
    "SweepReport",
    "default_memory",
    "make_plan",
    "open_sweep",
    "parse_memory",
    "parse_predicate",
    "run_query",
    "run_sweep",
    "stored_values",
]
