"""Every position of one length at once: the interval DP over all inner runs of a layer.

The value of a1·s·aL is cell (a1, aL) of the table of the inner run s; the table of s has as
borders row s_1 of the table of s[1:] and column s_last of the table of s[:-1]. So the tables of
all runs of length 0, 1, …, L−2 over the piles 1..H are computed level by level, each level in
one call of the batch kernel (its tables shared among the threads), keeping whole tables of the
previous level only.

>>> from endnim.variants import get_variant
>>> values = solve_layer(get_variant("endnim"), 3, 4)
>>> int(values[3 - 1, 1 - 1, 4 - 1])   # G(3 1 4)
7
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from endnim.engine import _kernels
from endnim.engine.families import base_border, family_of
from endnim.engine.interval import (
    LAYER_SPLIT_CELLS,
    TABLE_OVERHEAD,
    Plan,
    auto_threads,
    usable_threads,
)
from endnim.engine.takes import OPTION_CELLS, Takes, hook_cost, restricts_takes, takes_of
from endnim.variants.base import Variant

Array = npt.NDArray[np.int32]


def plan_layer(
    tables_per_value: int, length: int, max_pile: int, takes: Takes | None = None
) -> Plan:
    """Cost of :func:`solve_layer`: cells, tables, and the two largest levels held at once
    (with restricted ``takes``: each cell's options too).

    >>> plan_layer(1, 3, 4).cells
    80
    """
    side = max_pile + 1
    cells = tables = 0
    level_bytes = []
    for level in range(max(0, length - 1)):
        count = max_pile**level
        cells += count * max_pile * max_pile
        tables += count
        level_bytes.append(count * tables_per_value * side * side * 4)
    peak = sum(sorted(level_bytes)[-2:]) * 2 if level_bytes else 0  # + the gathered borders
    if takes is not None:  # each cell reads n(x) + n(y) options (Muller: twice)
        options = 2 * max_pile * int(takes.counts()[1 : max_pile + 1].sum())
        visits = tables * options * tables_per_value
        return Plan(cells, tables, peak, cells + math.ceil(visits * OPTION_CELLS))
    return Plan(cells, tables, peak)


def solve_layer(
    variant: Variant,
    length: int,
    max_pile: int,
    *,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    cells_budget: int | None = None,
    bytes_budget: int | None = None,
) -> Array:
    """Values of every position of ``length`` piles in 1..``max_pile``.

    Returns an array of shape ``(max_pile,) * length``; entry ``[a1-1, …, aL-1]`` is the Grundy
    value of ``a1 … aL`` (partizan: the outcome code, 0 = P, 1 = L, 2 = R, 3 = N).
    ``threads=None``: :func:`~endnim.engine.interval.auto_threads` (the free cores from
    :data:`~endnim.engine.interval.LAYER_SPLIT_CELLS` cells, one thread below).
    """
    if length < 0 or max_pile < 1:
        raise ValueError("length must be >= 0 and max_pile >= 1")
    family = family_of(variant)
    plan = plan_layer(family.tables, length, max_pile)
    if restricts_takes(variant):  # the calls of allows_take still to make, then the options
        plan.plus(Plan(0, 0, 0, hook_cost(variant, max_pile))).check(cells_budget, bytes_budget)
    takes = takes_of(variant, max_pile)
    if takes is not None:
        plan = plan_layer(family.tables, length, max_pile, takes)
    plan.check(cells_budget, bytes_budget)
    if threads is None:
        threads = auto_threads(plan.cells, plan.cells >= LAYER_SPLIT_CELLS)
    else:
        threads = max(1, threads)
    base = np.asarray(base_border(variant, family, max_pile), dtype=np.int32)
    if length == 0:
        return np.asarray(variant.terminal_value(()), dtype=np.int32)
    if length == 1:
        return base[1:].copy()
    h, side, ntab = max_pile, max_pile + 1, family.tables
    # level 0: the empty inner run
    rows = np.broadcast_to(base, (1, ntab, side)).copy()
    cols = rows.copy()
    done = 0
    lists = None if takes is None else takes.kernel_args(max_pile)
    tables = _batch(family.code, rows, cols, ntab, side, threads, lists)
    done += h * h
    if progress is not None:
        progress(done, plan.cells)
    for level in range(1, length - 1):
        count = h**level
        index = np.arange(count)
        shorter = h ** (level - 1)
        first = index // shorter + 1  # s_1
        last = index % h + 1  # s_last
        rows = tables[index % shorter, :, first, :]  # row s_1 of the table of s[1:]
        cols = tables[index // h, :, :, last]  # column s_last of the table of s[:-1]
        tables = _batch(
            family.code,
            np.ascontiguousarray(rows),
            np.ascontiguousarray(cols),
            ntab,
            side,
            threads,
            lists,
        )
        done += count * h * h
        if progress is not None:
            progress(done, plan.cells)
    inner = length - 2
    values = tables[:, 0, 1:, 1:].reshape((h,) * inner + (h, h))
    return np.ascontiguousarray(np.moveaxis(values, inner, 0))


def _batch(
    family: int,
    rows: Array,
    cols: Array,
    ntab: int,
    side: int,
    threads: int,
    lists: tuple[Array, Array] | None = None,
) -> Array:
    count = rows.shape[0]
    tables = np.empty((count, ntab, side, side), dtype=np.int32)
    takes = () if lists is None else (lists,)  # the unrestricted call as it always was
    _kernels.batch(
        family, count, side - 1, side - 1, rows, cols, tables, usable_threads(threads), *takes
    )
    return tables


def sweep_chunk(
    family: int,
    count: int,
    max_pile: int,
    row_borders: npt.NDArray[Any],
    col_borders: npt.NDArray[Any],
    out: npt.NDArray[Any],
    counts: npt.NDArray[np.int64],
    threads: int,
    takes: tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]] | None = None,
) -> int:
    """The compiled kernel of a sweep chunk (:mod:`endnim.sweep.chunk`): the ``count``
    tables of kernel family ``family`` given by their row and column borders, computed into
    ``out`` without holding the GIL, their values counted into ``counts`` (``takes``: the
    restricted takes' lists, :meth:`~endnim.engine.takes.Takes.kernel_args`)."""
    lists = () if takes is None else (takes,)
    return _kernels.sweep_chunk(
        family, count, max_pile, row_borders, col_borders, out, counts, threads, *lists
    )


__all__ = ["TABLE_OVERHEAD", "plan_layer", "solve_layer", "sweep_chunk"]
