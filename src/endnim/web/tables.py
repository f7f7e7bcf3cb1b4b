"""Heatmap tables for the workbench: the values of ``x·w·y`` for a middle row ``w``.

Impartial variants give Grundy values (0 marks the P-positions); partizan End-Nim gives the
outcome class of every entry, which is Albert–Nowakowski's phase diagram of ``w`` (§3), with its
triple point (the leftmost-bottommost P entry, Corollaries 6 and 7). x and y run from 0, 0 meaning
that pile is absent. The compiled engine computes the table within a cells budget; a rule set it
has no recurrence for gets the search every command's tables fall back on.

>>> t = heatmap_table("endnim", (), 3, 3)
>>> t.values[2]
[2, 3, 0, 1]
>>> heatmap_table("partizan", (2, 4, 1), 8, 8).triple_point
(6, 7)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from endnim.errors import EndNimError
from endnim.position import Position, as_position
from endnim.ruleset import plays_as
from endnim.variants import PartizanEndNim, Variant, get_row_variant
from endnim.web.budgets import MAX_TABLE_SIDE, WEB_TABLE_CELLS, OverBudget


@dataclass(frozen=True)
class HeatmapTable:
    """The values (impartial) or outcome classes (partizan) of ``x·middle·y``.

    ``values[x][y]`` for 0 <= x <= rows and 0 <= y <= cols; ``kind`` is ``grundy`` or
    ``outcome``; ``triple_point`` (partizan, non-empty middle) is the (x, y) of the phase
    diagram's leftmost-bottommost P entry.
    """

    variant: str
    middle: Position
    rows: int
    cols: int
    kind: str
    values: list[list[Any]]
    triple_point: tuple[int, int] | None
    path: str = "engine"
    """Which path made it (:func:`endnim.analysis.tables.table_path`)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "variant": self.variant,
            "middle": list(self.middle),
            "middle_text": str(self.middle),
            "rows": self.rows,
            "cols": self.cols,
            "kind": self.kind,
            "values": self.values,
            "triple_point": None if self.triple_point is None else list(self.triple_point),
            "path": self.path,
        }


def heatmap_table(
    variant: str | Variant,
    middle: Sequence[int] | str,
    rows: int,
    cols: int,
    *,
    cells_budget: int = WEB_TABLE_CELLS,
) -> HeatmapTable:
    """The table of ``x·middle·y`` for x <= ``rows`` and y <= ``cols`` (engine, within budget).

    >>> heatmap_table("partizan", "1", 2, 2).values
    [['N', 'P', 'R'], ['P', 'N', 'R'], ['L', 'L', 'P']]
    """
    from endnim.analysis.tables import grid_table, table_path
    from endnim.engine import CODE_TO_OUTCOME, plan_row
    from endnim.engine.families import family_of

    rules = get_row_variant(variant, "an a·w·b table")
    inner = as_position(middle, allow_empty=True)
    for name, size in (("rows", rows), ("cols", cols)):
        if not 1 <= size <= MAX_TABLE_SIDE:
            raise EndNimError(f"{name} must be between 1 and {MAX_TABLE_SIDE}, not {size}")
    path = table_path(rules)  # the path every command's tables take
    if path == "engine":
        plan = plan_row(family_of(rules), (rows, *inner, cols), full_last=True)
        if plan.cells > cells_budget:
            raise OverBudget(
                f"this table needs {plan.cells:,} engine cells, more than the workbench's "
                f"{cells_budget:,}: use a shorter or smaller middle row"
            )
    # a search's budget counts positions, the engine's cells: the same bound serves both
    budget = cells_budget + 10**6 if path == "engine" else cells_budget
    table = grid_table(rules, inner, rows, cols, cells_budget=budget)
    if rules.impartial:
        values: list[list[Any]] = [[int(v) for v in row] for row in table]
        kind = "grundy"
    else:
        values = [[CODE_TO_OUTCOME[int(v)] for v in row] for row in table]
        kind = "outcome"
    triple = None
    if inner and plays_as(rules, PartizanEndNim):  # A–N's Cor 6–7: of their game only
        from endnim.theory.partizan import triple_point

        triple = triple_point(inner)
    return HeatmapTable(rules.name, inner, rows, cols, kind, values, triple, path)
