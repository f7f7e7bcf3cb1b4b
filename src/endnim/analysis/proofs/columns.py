"""The table a·w·b by End-Nim's recurrence, column by column, as far as the prover needs.

The engine keeps more than the values (it answers for every shorter row too), so it refuses a
table of 32 rows beyond 65,536 columns. The prover needs only the values of the rows of one
table and of the rows its input row w·b is made of. :func:`recurrence_table` computes them one
column at a time, for every row at once (the compiled kernel ``_columns.c``): per row only its
mex and the values it has taken (a byte per value), so 32 rows of 10⁶ columns take about
35 MB beside the values themselves (8 bytes a cell, 264 MB). :func:`stream_table` builds the
input row w·b the same way, from the lone piles up through the shorter tables, and takes the
first column G(a·w) from the engine.

>>> stream_table("endnim", (), 3, 8)[3].tolist()   # 3 ⊕ b
[3, 2, 1, 0, 7, 6, 5, 4, 11]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from endnim.analysis.periodicity import row_periodicity
from endnim.analysis.proofs.certificate import Law
from endnim.errors import EndNimError

Array = npt.NDArray[np.int64]


FIRST_COLUMNS = 4096
"""The first window of columns; a row not proved in it is tried again on 4× more."""


def lone_pile_law(variant: str) -> Law:
    """The law of the lone piles G(b) (the input row w·b of the two-pile table a·b).

    For End-Nim's family a lone pile that is not terminal moves to every smaller lone pile
    (and to the empty row where allowed), so from the first pile on where that holds the
    values run on by one; Loop's lone piles are all terminal (value 0). The law is read off
    the rule set's values on 4096 piles (the assumption the engine makes, that the lone-pile
    rules do not change beyond them, is the base of every proof; docs/atlas.md).

    >>> [tuple(vars(lone_pile_law(v)).values()) for v in ("endnim", "misere", "loop")]
    [(0, 1, 1), (1, 1, 1), (0, 1, 0)]
    """
    from endnim.engine.families import single_pile_values
    from endnim.variants import get_row_variant

    values = single_pile_values(get_row_variant(variant, "the prover"), FIRST_COLUMNS)
    found = row_periodicity(np.asarray(values, np.int64), 0)
    if found is None or found.period != 1:
        raise EndNimError(f"the lone piles of {variant} follow no law the prover knows")
    return Law(found.preperiod, 1, found.saltus)


def recurrence_table(row0: Sequence[int] | Array, col0: Sequence[int] | Array, cols: int) -> Array:
    """The table T[a][b], 0 ≤ a < len(col0), 0 ≤ b ≤ cols, of
    T[a][b] = mex({T[a][b′] : b′ < b} ∪ {T[a′][b] : a′ < a}) with T[0] = ``row0`` (from b = 1
    on) and the column T[·][0] = ``col0``.

    >>> recurrence_table([0, 1, 2, 3], [0, 1], 3).tolist()   # the lone piles and 1 ⊕ b
    [[0, 1, 2, 3], [1, 0, 3, 2]]
    """
    from endnim.analysis.proofs._columns import columns

    first_row = np.ascontiguousarray(np.asarray(row0, np.int64)[: cols + 1])
    first_col = np.ascontiguousarray(np.asarray(col0, np.int64))
    if len(first_row) != cols + 1 or len(first_col) < 1:
        raise EndNimError(f"the row w·b needs {cols + 1} values and the column a·w one at least")
    rows = len(first_col) - 1
    out = np.empty((rows + 1, cols + 1), np.int64)
    columns(first_row, first_col, rows, cols, out)
    return out


def lone_piles(variant: str, cols: int) -> Array:
    """G(b) of the lone piles b = 0..cols, by their law (read off the rule set's hooks).

    >>> lone_piles("misere", 5).tolist()
    [0, 0, 1, 2, 3, 4]
    """
    from endnim.engine.families import single_pile_values
    from endnim.variants import get_row_variant

    known = np.asarray(
        single_pile_values(get_row_variant(variant, "the prover"), FIRST_COLUMNS), np.int64
    )
    if cols < len(known):
        return known[: cols + 1].copy()
    law = lone_pile_law(variant)
    b = np.arange(len(known), cols + 1, dtype=np.int64)
    steps, rest = np.divmod(b - law.preperiod, law.period)
    later = known[law.preperiod + rest] + steps * law.saltus
    return np.concatenate((known, later))


def stream_table(variant: str, middle: Sequence[int], rows: int, cols: int) -> Array:
    """G(x·middle·y) for 0 ≤ x ≤ rows, 0 ≤ y ≤ cols (0 = that pile absent), as
    :func:`~endnim.engine.engine_table` gives it, for End-Nim's recurrence (the prover's rule
    sets): the input row middle·y is row middle[0] of the table of middle[1:], computed the
    same way down to the lone piles; the column x·middle comes from the engine."""
    from endnim.engine import engine_table

    piles = [int(p) for p in middle]
    row0 = lone_piles(variant, cols)
    table = row0[None, :]
    for k in range(len(piles), -1, -1):
        inner = piles[k:]
        height = rows if k == 0 else piles[k - 1]
        col0 = engine_table(variant, inner, height, 1)[:, 0].astype(np.int64)
        table = recurrence_table(row0, col0, cols)
        if k > 0:
            row0 = table[piles[k - 1]].copy()
            del table
    return table
