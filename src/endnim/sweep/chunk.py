"""One chunk of a sweep: the tables of the inner strings that share a prefix, in one call of
the engine's kernel (``_kernels.sweep_chunk``: the recurrences of ``_kernels.batch``, keeping
the table of values only, in the store's integer type, and counting them).

The table of an inner string s (length k) holds the values of x·s·y for 0 <= x, y <= H. Its
borders are row s_1 of the table of s[1:] and column s_last of the table of s[:-1], both in
the level before (see ``endnim.engine.layer``). A stored level keeps only the tables of values
(the kernel's table P): Muller's second table Q of s, the values of y·sᵀ·x, is the transpose of
the table P of the reversed string, so its borders are read from level k − 1 too.

>>> import numpy as np
>>> task = ChunkTask(0, 1, 4, 0, 0, 0, "uint8", (0, 1, 2, 3, 4))
>>> result = compute_chunk(task, None)
>>> result.data[0, 3, 1:].tolist()           # G(3 y), y = 1..4: Nim
[2, 1, 0, 7]
>>> result.counts[2][0]                      # P-positions of length 2: the four a·a
4
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from endnim.engine.families import SEARCH
from endnim.engine.layer import sweep_chunk

Values = npt.NDArray[np.integer]
"""A stored level or chunk: shape (tables, H + 1, H + 1), entry [s, x, y] = value of x·s·y."""


@dataclass(frozen=True)
class ChunkTask:
    """What one chunk computes; plain data, so that it travels to a Dask worker."""

    family: int
    """Kernel family code (``endnim.engine.families``)."""
    kernel_tables: int
    max_pile: int
    level: int
    prefix_length: int
    chunk: int
    dtype: str
    base: tuple[int, ...]
    """Values (partizan: outcome codes) of the lone piles 0..H: the borders of level 0."""
    variant: str = ""
    """The rule set's name, for chunks computed by exact search (family ``SEARCH``)."""
    takes: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    """Restricted takes (``endnim.engine.takes``): the offsets and sizes of the allowed new
    sizes of piles 0..H; empty: any reduction."""

    def kernel_takes(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]] | None:
        """The restricted takes as the kernel reads them, or ``None``."""
        offsets, sizes = self.takes
        if not offsets:
            return None
        return np.asarray(offsets, np.int32), np.asarray(sizes, np.int32)

    @property
    def tables(self) -> int:
        """Inner strings in this chunk."""
        return int(self.max_pile ** (self.level - self.prefix_length))

    @property
    def first_table(self) -> int:
        """Index of the chunk's first inner string in its level (base H, first pile most
        significant)."""
        return self.chunk * self.tables

    @property
    def key(self) -> str:
        """A name unique within a sweep."""
        return f"level-{self.level:02d}-p{self.prefix_length}-{self.chunk}"


@dataclass
class ChunkResult:
    """A computed chunk: its tables of values and the histogram of values per length."""

    task: ChunkTask
    data: Values
    counts: dict[int, list[int]] = field(default_factory=dict)
    seconds: float = 0.0


def reverse_digits(index: npt.NDArray[np.int64], digits: int, base: int) -> npt.NDArray[np.int64]:
    """The index of each string reversed (strings of ``digits`` piles, base-``base`` indices).

    >>> reverse_digits(np.array([0 * 9 + 1 * 3 + 2]), 3, 3).tolist()   # 012 -> 210
    [21]
    """
    rest = index.copy()
    out = np.zeros_like(index)
    for _ in range(digits):
        out = out * base + rest % base
        rest //= base
    return out


@dataclass(frozen=True)
class LevelFiles:
    """A stored level as its chunk files on a file system every worker sees: a task reads
    only the tables its chunk needs, one file at a time (memory-mapped, then released), so a
    worker's memory is bounded by the chunk and file sizes, not by the level's.

    ``parts`` are (file path, first table, tables) in order of the level's inner strings.
    """

    parts: tuple[tuple[str, int, int], ...]

    def take(self, indices: npt.NDArray[np.int64]) -> Values:
        """The tables ``indices`` (sorted, distinct) of the level, in that order."""
        out: Values | None = None
        for path, start, count in self.parts:
            low, high = np.searchsorted(indices, (start, start + count))
            if low == high:
                continue
            stored = np.load(path, mmap_mode="r", allow_pickle=False)
            if out is None:
                out = np.empty((len(indices), *stored.shape[1:]), dtype=stored.dtype)
            out[low:high] = stored[indices[low:high] - start]
            del stored  # unmap before the next file
        if out is None:
            raise ValueError("no stored table matches the indices asked for")
        return out


def gather_borders(
    task: ChunkTask, previous: Values | LevelFiles | None
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Row 0 and column 0 of each kernel table of the chunk's strings, from level k − 1
    (held whole, or read table by table from its files)."""
    h, side, ntab, k = task.max_pile, task.max_pile + 1, task.kernel_tables, task.level
    if k == 0:
        base = np.asarray(task.base, dtype=np.int32)
        border = np.broadcast_to(base, (1, ntab, side)).copy()
        return border, border.copy()
    assert previous is not None
    count = task.tables
    index = task.first_table + np.arange(count, dtype=np.int64)
    shorter = h ** (k - 1)
    first = index // shorter + 1  # s_1
    last = index % h + 1  # s_last
    tail = index % shorter  # s[1:]
    head = index // h  # s[:-1]
    wanted = [tail, head]
    if ntab == 2:  # Muller: Q of t is P of reversed t, transposed
        wanted += [reverse_digits(tail, k - 1, h), reverse_digits(head, k - 1, h)]
    if isinstance(previous, LevelFiles):  # only the tables needed, renumbered
        needed = np.unique(np.concatenate(wanted))
        tables = previous.take(needed)
        wanted = [np.searchsorted(needed, w) for w in wanted]
    else:
        tables = previous
    assert tables.shape[1:] == (side, side)
    rows = np.empty((count, ntab, side), np.int32)
    cols = np.empty((count, ntab, side), np.int32)
    rows[:, 0, :] = tables[wanted[0], first, :]  # P of s at x = 0: values of s·y
    cols[:, 0, :] = tables[wanted[1], :, last]  # P of s at y = 0: values of x·s
    if ntab == 2:
        rows[:, 1, :] = tables[wanted[2], :, first]  # values of y·sᵀ
        cols[:, 1, :] = tables[wanted[3], last, :]  # values of sᵀ·x
    return rows, cols


def compute_chunk(task: ChunkTask, previous: Values | LevelFiles | None) -> ChunkResult:
    """Compute one chunk from the previous level (``None`` for level 0): the whole array, or
    its files (:class:`LevelFiles`), read only where the chunk needs them.

    The kernel (:func:`endnim.engine.layer.sweep_chunk`) computes each table in a scratch
    buffer, stores its values in the chunk's type and counts them, without holding the GIL.
    """
    started = time.perf_counter()
    if task.family == SEARCH:
        return _search_chunk(task, started, previous)
    rows, cols = gather_borders(task, previous)
    count, side = rows.shape[0], task.max_pile + 1
    data: Values = np.empty((count, side, side), dtype=task.dtype)
    counts = np.zeros(histogram_bins(task), dtype=np.int64)
    sweep_chunk(task.family, count, task.max_pile, rows, cols, data, counts, 1, task.kernel_takes())
    result = ChunkResult(task, data, {task.level + 2: _trimmed(counts)})
    if task.level == 0:
        result.counts[1] = histogram(data[0, 0, 1:])  # the lone piles
    result.seconds = time.perf_counter() - started
    return result


def _search_chunk(
    task: ChunkTask, started: float, previous: Values | LevelFiles | None = None
) -> ChunkResult:
    """A chunk of a rule set the kernels do not serve, by exact search (same layout): the
    indexed search for an impartial rule set (every table of the chunk at once, the borders'
    values read from the level before), else the memoised search."""
    from endnim.indexed import serves, solve_closure
    from endnim.search import DEFAULT_BUDGET, PartizanValue, Solver
    from endnim.variants import get_row_variant

    rules = get_row_variant(task.variant, "a sweep")
    side, k = task.max_pile + 1, task.level
    inners = _inner_strings(task)
    rows = [
        ((x,) if x else ()) + inner + ((y,) if y else ())
        for inner in inners
        for x in range(side)
        for y in range(side)
    ]
    if serves(rules):
        known = _border_values(task, previous, inners) if k and previous is not None else None
        # every row of length <= k + 2 with piles <= H, twice: a closure that stays in the
        # sweep's range fits; one that outgrows it (positions that keep growing) is stopped
        expected = 2 * sum(task.max_pile**m for m in range(k + 3))
        solved = solve_closure(rules, rows, budget=DEFAULT_BUDGET + expected, known=known)
        codes = solved.grundy[solved.roots]
    else:
        solver = Solver(rules, budget=10**12)
        found = []
        for row in rows:
            value = solver.value(row)
            if isinstance(value, PartizanValue):
                found.append(int(value.left_wins_first) | (int(value.right_wins_first) << 1))
            else:
                found.append(value.grundy)
        codes = np.array(found, dtype=np.int64)
    limit = np.iinfo(np.dtype(task.dtype)).max
    if codes.size and int(codes.max()) > limit:
        at = int(codes.argmax())
        raise ValueError(
            f"value {int(codes[at])} of {rows[at]} does not fit the sweep's {task.dtype}"
        )
    data: Values = codes.reshape(task.tables, side, side).astype(task.dtype)
    result = ChunkResult(task, data, {k + 2: histogram(data[:, 1:, 1:])})
    if k == 0:
        result.counts[1] = histogram(data[0, 0, 1:])
    result.seconds = time.perf_counter() - started
    return result


def _border_values(
    task: ChunkTask, previous: Values | LevelFiles, inners: list[tuple[int, ...]]
) -> dict[tuple[int, ...], int]:
    """The values of the chunk's border rows s·y and x·s (x, y >= 0), from the level before:
    the indexed search need not expand them again."""
    top, left = gather_borders(task, previous)
    known: dict[tuple[int, ...], int] = {}
    for inner, row, col in zip(inners, top[:, 0, :].tolist(), left[:, 0, :].tolist(), strict=True):
        known.update({inner + ((y,) if y else ()): v for y, v in enumerate(row)})
        known.update({((x,) if x else ()) + inner: v for x, v in enumerate(col)})
    return known


def _inner_strings(task: ChunkTask) -> list[tuple[int, ...]]:
    """The chunk's inner strings, in order (piles 1..H, base H, first pile most significant)."""
    strings = []
    for i in range(task.tables):
        index, digits = task.first_table + i, []
        for _ in range(task.level):
            index, digit = divmod(index, task.max_pile)
            digits.append(digit + 1)
        strings.append(tuple(reversed(digits)))
    return strings


def histogram_bins(task: ChunkTask) -> int:
    """Bins for the chunk's histogram: every value its type can hold (int32: the bound)."""
    if task.dtype == "uint8":
        return 1 << 8
    if task.dtype == "uint16":
        return 1 << 16
    return max(2 * task.max_pile + 1, max(task.base)) + 1


def _trimmed(counts: npt.NDArray[np.int64]) -> list[int]:
    nonzero = np.flatnonzero(counts)
    top = int(nonzero[-1]) + 1 if nonzero.size else 0
    return [int(c) for c in counts[:top]]


def histogram(values: Values) -> list[int]:
    """How many of ``values`` equal 0, 1, 2, … (up to the largest).

    >>> histogram(np.array([[0, 2], [2, 2]], dtype=np.uint8))
    [1, 0, 3]
    """
    flat = values.ravel()
    if flat.size == 0:
        return []
    return [int(c) for c in np.bincount(flat)]


__all__ = [
    "ChunkResult",
    "ChunkTask",
    "LevelFiles",
    "Values",
    "compute_chunk",
    "gather_borders",
    "histogram",
]
