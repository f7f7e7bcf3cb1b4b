"""The fast exact engine: compiled interval dynamic programmes for every variant.

Import it lazily (it loads numpy and the compiled kernels); the theory path needs none of it.

>>> from endnim.engine import engine_value, engine_table
>>> engine_value((3, 1, 4))
7
>>> engine_table("endnim", [4], 2, 3).tolist()   # values of x·4·y, x = 0..2, y = 0..3
[[4, 5, 6, 7], [5, 0, 1, 2], [6, 1, 0, 3]]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from endnim.engine import _openmp  # noqa: F401  (before the kernels load libgomp)
from endnim.engine.families import CODE_TO_OUTCOME, EngineError, family_of
from endnim.engine.interval import (
    DEFAULT_BYTES,
    DEFAULT_CELLS,
    HUGE,
    Plan,
    Progress,
    RowResult,
    default_threads,
    outcome_of,
    plan_row,
    solve_row,
)
from endnim.engine.layer import plan_layer, solve_layer
from endnim.position import as_position
from endnim.variants import Variant, get_row_variant

__all__ = [
    "CODE_TO_OUTCOME",
    "DEFAULT_BYTES",
    "DEFAULT_CELLS",
    "EngineError",
    "Plan",
    "RowResult",
    "default_threads",
    "engine_table",
    "engine_thresholds",
    "engine_value",
    "outcome_of",
    "plan_layer",
    "plan_row",
    "solve_layer",
    "solve_row",
]


def engine_value(
    position: object,
    variant: str | Variant = "endnim",
    *,
    threads: int | None = None,
    progress: Progress | None = None,
    cells_budget: int | None = None,
) -> int | str:
    """The Grundy value of ``position`` (partizan: its outcome class ``L``/``R``/``N``/``P``)."""
    rules = get_row_variant(variant, "the compiled engine")
    result = solve_row(
        rules, as_position(position), threads=threads, progress=progress, cells_budget=cells_budget
    )
    return result.value if rules.impartial else CODE_TO_OUTCOME[result.value]


def engine_table(
    variant: str | Variant,
    middle: Sequence[int],
    rows: int,
    cols: int,
    *,
    threads: int | None = None,
    progress: Progress | None = None,
    cells_budget: int | None = None,
) -> npt.NDArray[np.int32]:
    """The values of x·middle·y for 0 <= x <= rows and 0 <= y <= cols (0 = that pile absent).

    Impartial variants give Grundy values; partizan End-Nim gives outcome codes (0 = P, 1 = L,
    2 = R, 3 = N; see :data:`CODE_TO_OUTCOME`). Muller End-Nim's table is of x·middle·y with
    x the first pile (the one played).
    """
    rules = get_row_variant(variant, "the compiled engine")
    inner = tuple(as_position(middle, allow_empty=True))
    if rows < 1 or cols < 1:
        raise EngineError("a table needs at least one row and one column (rows, cols >= 1)")
    result = solve_row(
        rules,
        (rows, *inner, cols),
        full_last=True,
        threads=threads,
        progress=progress,
        cells_budget=cells_budget,
    )
    assert result.fulls is not None
    return result.fulls[0]


def engine_thresholds(
    position: object, *, threads: int | None = None, cells_budget: int | None = None
) -> dict[str, int]:
    """Partizan thresholds L, R, L*, R* of ``position`` from two engine tables.

    The classes of x·w for every x come from one column of the table of w[:-1] (and those of
    w·y from one row of the table of w[1:]); each threshold is at most Σw + 1
    (Albert–Nowakowski §3), which bounds the tables. Both are checked against the budget
    together, before either is computed.
    """
    rules = get_row_variant("partizan", "the compiled engine")
    piles = as_position(position)
    bound = piles.coins + 2
    rows = (bound, *piles), (*piles, bound)
    family = family_of(rules)
    first_plan, second_plan = (plan_row(family, row) for row in rows)
    first_plan.plus(second_plan).check(cells_budget)  # both tables, before either
    left, right = (solve_row(rules, row, threads=threads, cells_budget=HUGE) for row in rows)
    assert left.borders is not None and right.borders is not None
    left_codes = left.borders[1][0]  # classes of x·w, x = 0..bound
    right_codes = right.borders[0][0]  # classes of w·y, y = 0..bound

    def first(codes: npt.NDArray[np.int32], wanted: set[int]) -> int:
        for x in range(1, len(codes)):
            if int(codes[x]) in wanted:
                return x
        raise EngineError("no threshold below the Albert–Nowakowski bound")

    return {
        "L_star": first(left_codes, {1, 3}),
        "R_star": first(right_codes, {2, 3}),
        "L_threshold": first(left_codes, {1}),
        "R_threshold": first(right_codes, {2}),
    }


def supports(variant: str | Variant) -> bool:
    """Whether the engine has a recurrence for ``variant``."""
    try:
        family_of(get_row_variant(variant, "the compiled engine"))
    except EngineError:
        return False
    return True
