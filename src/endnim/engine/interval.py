"""The interval dynamic programme for one row, over the compiled table kernels.

Every position reachable from a row a_0 … a_{k-1} is x·s·y with s = a[i+1 .. j-1] an inner run
and x <= a_i, y <= a_j. For each inner run the kernel computes the table of x·s·y; its borders
(x or y removed) are the last row of the table of a[i+2 .. j-1] (at x = a_{i+1}) and the last
column of the table of a[i+1 .. j-2] (at y = a_{j-1}). So the tables are computed by length of
the inner run, each level keeping only the last rows and columns of the one before.

>>> from endnim.variants import get_variant
>>> solve_row(get_variant("endnim"), (3, 1, 4)).value
7
"""

from __future__ import annotations

import heapq
import math
import os
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from operator import mul
from pathlib import Path

import numpy as np
import numpy.typing as npt

from endnim.engine import _kernels
from endnim.engine.families import (
    END,
    MULLER,
    PARTIZAN,
    EngineError,
    Family,
    base_array,
    family_of,
)
from endnim.engine.takes import OPTION_CELLS, Takes, hook_cost, restricts_takes, takes_of
from endnim.moves import Move
from endnim.outcome import CODE_TO_OUTCOME
from endnim.search import format_bytes, format_count
from endnim.variants.base import Piles, Variant

Array = npt.NDArray[np.int32]
Progress = Callable[[int, int], None]
"""Called with (cells done, cells in all) as the work goes on."""

CHUNK_CELLS = 4_000_000
"""Cells per kernel call: small enough to report progress and stop within ~0.1 s."""
PARALLEL_CELLS = 1_000_000
"""A level of several tables with at least this many cells is spread over the threads, one
table per thread; and work of this size asks how many cores are free."""
SPLIT_CELLS = 64 * 64
"""An END-family table with at least this many cells is shared by the threads, each taking a
band of columns (the kernel also wants 32 columns a thread). Measured on 2 cores: 2 threads
beat 1 from 64 × 64 (75 → 65 µs) and by 1.8x from 150 × 150; benchmarks/README.md."""
REGISTER_VALUES = 512
"""An END table whose values stay below this (x + y < 512) is computed with its row's seen set
in registers (``small_words`` in ``_kernels.c``), 2–2.6x faster per cell than the general
row, on one thread: splitting it between threads does not pay."""
LAYER_SPLIT_CELLS = PARALLEL_CELLS
"""A layer (:func:`~endnim.engine.layer.solve_layer`) of at least this many cells asks how
many cores are free. Smaller layers take a few ms on one thread (their tables mostly on the
register rows), where a second thread that is not scheduled at once costs more than it saves."""
SMALL_ROW_CELLS = PARALLEL_CELLS
"""A row of fewer cells on one thread is computed in one kernel call (``_kernels.row``): it
takes a few ms at most (no progress to show, no need to stop it midway), and the Python loop
over its levels would cost a tenth of a G(100,100,100)."""
LOAD_TTL = 1.0
"""Seconds :func:`default_threads` keeps its answer (the load average it reads moves slowly;
reading it costs ~15 µs, as much as a small table)."""
TABLE_OVERHEAD = 2_000
"""A table's fixed cost in the plan, in cell-equivalents (Python work per table)."""

CELLS_PER_SECOND = 10**8
"""The engine's speed on tables that fit the caches (END family, one core): the time in its
refusals is its work over this. Measured on 2 cores: 60–130 million cells a second from 300 ×
300 to 30,000 × 30,000 (Muller End-Nim alike, partizan ten times faster)."""
CACHED_COLUMN_BYTES = 128 * 2**20
"""A table whose column sets (one per column, visited on every row) take more than this runs
slower: each cell then misses the caches and the TLB. :func:`slowdown` models the measured fall
(35,000 × 35,000: 34 million cells a second; 40,000 × 40,000: 15 million)."""
PARTIZAN_CELL_COST = 0.25
"""A partizan cell's cost in END cells (one flag per line, no sets: 4–10 times faster)."""

DEFAULT_CELLS = int(os.environ.get("ENDNIM_ENGINE_CELLS", str(6 * 10**9)))
"""The engine's default budget, in cells at full speed: about a minute of work."""
DEFAULT_BYTES = int(os.environ.get("ENDNIM_ENGINE_BYTES", str(8 * 2**30)))
BUDGET_ADVICE = "raise it with --budget or ENDNIM_ENGINE_CELLS / ENDNIM_ENGINE_BYTES"
"""The command line's advice when the engine is over its budget (the web page words it its own
way: :mod:`endnim.web.words`)."""


def default_threads() -> int:
    """The cores this process may use, less those other work is keeping busy.

    Threads sharing a table work as a pipeline and need to run at the same time: on an
    oversubscribed machine a descheduled thread stalls the others, so there one thread is
    faster. Other work is the
    smaller of the 1-minute load average (which also counts this process's own recent work)
    and the tasks running right now besides this one (``/proc/loadavg``), so a long job does
    not talk itself down to one thread. The answer is kept for :data:`LOAD_TTL` seconds.
    ``ENDNIM_THREADS`` (or ``threads=``) overrides.

    >>> 1 <= default_threads() <= (os.cpu_count() or 1)
    True
    """
    env = os.environ.get("ENDNIM_THREADS")
    if env:
        return max(1, int(env))
    global _load_read_at, _load_threads
    now = time.monotonic()
    if now - _load_read_at < LOAD_TTL:
        return _load_threads
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    threads = max(1, min(cores, round(cores - _other_work() + 0.5)))
    _load_read_at, _load_threads = now, threads
    return threads


_load_read_at = -LOAD_TTL
_load_threads = 1
"""When :func:`default_threads` last read the load, and its answer then."""


_openmp_pid: int | None = None
"""The process that first ran a kernel on several threads (and so holds OpenMP's threads)."""


def usable_threads(threads: int) -> int:
    """``threads`` for a kernel call, or 1 in a process forked after its parent ran a kernel
    on several threads: GNU OpenMP's thread pool does not survive ``fork``, and the child
    would hang in its first parallel region (the web server forks its worker processes, and
    answers small requests itself).

    >>> usable_threads(1)
    1
    """
    global _openmp_pid
    if threads <= 1:
        return 1
    pid = os.getpid()
    if _openmp_pid is None:
        _openmp_pid = pid
    return threads if _openmp_pid == pid else 1


def auto_threads(cells: int, could_split: bool = False) -> int:
    """The threads ``threads=None`` uses for ``cells`` cells of work.

    When a table could be shared (``could_split``) or the work reaches
    :data:`PARALLEL_CELLS`, the free cores (:func:`default_threads`); else one thread, without
    asking the system.

    >>> auto_threads(10_000)
    1
    """
    if could_split or cells >= PARALLEL_CELLS:
        return default_threads()
    return 1


def _splits(piles: Piles) -> bool:
    """Whether the largest table of ``piles`` (its two largest piles) is one the threads share:
    at least :data:`SPLIT_CELLS` cells, with values beyond the register path."""
    if len(piles) < 2:
        return False
    *_, second, first = sorted(piles) if len(piles) <= 64 else heapq.nlargest(2, piles)[::-1]
    return first * second >= SPLIT_CELLS and first + second >= REGISTER_VALUES


def _other_work() -> float:
    try:
        average = os.getloadavg()[0]
    except OSError:  # pragma: no cover - no load average
        return 0.0
    try:
        running = int(Path("/proc/loadavg").read_text().split()[3].split("/")[0])
    except (OSError, IndexError, ValueError):  # pragma: no cover - not Linux
        return average
    return min(average, max(0, running - 1))


@dataclass(frozen=True)
class Plan:
    """What a computation will cost: cells, tables, and the peak memory."""

    cells: int
    tables: int
    peak_bytes: int
    work: int | None = None
    """Cells at full speed that the work is worth (a partizan cell is cheaper, a cell of a
    table beyond the caches dearer); ``None``: the cells. The budget is checked against
    :attr:`effort`, this plus each table's fixed cost."""

    @property
    def effort(self) -> int:
        """The work plus each table's fixed cost, in cells at full speed (what the budget
        limits).

        >>> Plan(1000, 2, 0).effort
        5000
        """
        work = self.cells if self.work is None else self.work
        return work + TABLE_OVERHEAD * self.tables

    @property
    def duration(self) -> str:
        """The estimated time on one core (:data:`CELLS_PER_SECOND`), in words.

        >>> Plan(6 * 10**9, 1, 0).duration, Plan(10**400, 1, 0).duration
        ('a minute', '~10^384 years')
        """
        effort = self.effort
        if effort >= HUGE:
            return f"{format_count(effort // (CELLS_PER_SECOND * 31_557_600))} years"
        return format_seconds(effort / CELLS_PER_SECOND)

    def plus(self, other: Plan) -> Plan:
        """The cost of this work and then ``other`` (memory: the larger peak).

        >>> Plan(10, 1, 100).plus(Plan(5, 2, 50))
        Plan(cells=15, tables=3, peak_bytes=100, work=15)
        """
        work = (self.cells if self.work is None else self.work) + (
            other.cells if other.work is None else other.work
        )
        return Plan(
            self.cells + other.cells,
            self.tables + other.tables,
            max(self.peak_bytes, other.peak_bytes),
            work,
        )

    def check(self, cells_budget: int | None = None, bytes_budget: int | None = None) -> None:
        """Refuse (with the estimate) a plan beyond the budget, before any work starts."""
        refusal = self.refusal(cells_budget, bytes_budget)
        if refusal:
            raise EngineError(refusal)

    def refusal(self, cells_budget: int | None = None, bytes_budget: int | None = None) -> str:
        """Why :meth:`check` refuses this plan (the estimate and the budget), or ``""``.

        >>> refusal = Plan(10**12, 3, 2**20).refusal(10**9)
        >>> refusal.split(" with ")[0], refusal.split(";")[0].split(" and ")[-1]
        ('the engine would compute 1,000,000,000,000 cells in 3 tables', 'take about 3 hours')
        """
        cells_budget = DEFAULT_CELLS if cells_budget is None else cells_budget
        bytes_budget = DEFAULT_BYTES if bytes_budget is None else bytes_budget
        effort = self.effort
        if effort <= cells_budget and self.peak_bytes <= bytes_budget:
            return ""
        slower = ""
        if self.work is not None and self.work > self.cells:
            slower = " (its largest tables outgrow the caches and run slower)"
        return (
            f"the engine would compute {format_count(self.cells)} cells in "
            f"{format_count(self.tables)} tables with about {format_bytes(self.peak_bytes)} "
            f"of memory and take about {self.duration}{slower}; "
            f"{_budget_text(cells_budget, bytes_budget)}"
        )


@lru_cache(maxsize=64)
def _budget_text(cells_budget: int, bytes_budget: int) -> str:
    """The budget part of a refusal (the same for every row of a batch)."""
    return (
        f"the budget is {format_count(cells_budget)} cells (about "
        f"{format_seconds(cells_budget / CELLS_PER_SECOND)}) and "
        f"{format_bytes(bytes_budget)} ({BUDGET_ADVICE})"
    )


def format_seconds(seconds: float) -> str:
    """A duration in the unit that suits it.

    >>> format_seconds(0.004), format_seconds(42), format_seconds(60), format_seconds(3e4)
    ('0 seconds', '42 seconds', 'a minute', '8 hours')
    >>> format_seconds(1e12)
    '3.2e+04 years'
    """
    for unit, size in (("year", 31_557_600), ("day", 86_400), ("hour", 3600), ("minute", 60)):
        if seconds >= size:
            count = seconds / size
            if count >= 1e4:
                return f"{count:.1e} {unit}s"
            rounded = round(count)
            if rounded == 1:
                return f"{'an' if unit == 'hour' else 'a'} {unit}"
            return f"{rounded:,} {unit}s"
    return f"{round(seconds)} seconds" if round(seconds) != 1 else "a second"


def state_bytes(family: Family, rows: int, cols: int) -> int:
    """Memory of one table's kernel state (bitsets, summaries, outputs)."""
    lines = rows + cols + 2
    if family.code == PARTIZAN:
        return 16 * lines
    if family.code == END:
        words = _small_words(rows + cols) or (rows + cols) // 64 + 2
        return lines * (words + words // 64 + 2) * 8 + lines * 12
    words = (2 * max(rows, cols) + 2) // 64 + 2
    return lines * words * 8 + lines * 24


def _small_words(largest: int) -> int:
    """Words per set of a small END table (``small_words`` + 1 in ``_kernels.c``), else 0."""
    return 2 if largest < 64 else 5 if largest < 256 else 9 if largest < 512 else 0


def plan_row(
    family: Family, piles: Piles, full_last: bool = False, takes: Takes | None = None
) -> Plan:
    """The cost of :func:`solve_row` on ``piles``, in O(k) whatever the row (with restricted
    ``takes``: each cell's options too, :func:`option_visits`, and whole tables in memory).

    One table per pair i < j of piles (the inner string between them), with x_i * x_j cells:
    Σ_{i<j} x_i x_j = (S² − Σx²) / 2. The largest table state is that of the two largest
    piles, as :func:`state_bytes` is symmetric and non-decreasing in both sizes.

    >>> from endnim.engine.families import family_of
    >>> from endnim.variants import get_variant
    >>> plan = plan_row(family_of(get_variant("endnim")), (3, 1, 4))
    >>> plan.cells, plan.tables
    (19, 3)
    """
    k = len(piles)
    total = sum(piles)
    cells = (total * total - sum(map(mul, piles, piles))) // 2
    tables = k * (k - 1) // 2
    peak = 0
    largest = 0
    if k >= 2:
        if k <= 64:  # the two largest piles: sorting a short row is quicker than two passes
            *_, second, largest = sorted(piles)
        else:  # in O(k) (heapq.nlargest is slower here)
            largest = max(piles)
            at = piles.index(largest)
            second = max(max(piles[:at], default=0), max(piles[at + 1 :], default=0))
        peak = state_bytes(family, largest, second)
    elif k == 1:
        largest = piles[0]
    if full_last and k >= 2:
        peak += 4 * family.tables * (piles[0] + 1) * (piles[-1] + 1)
    outputs = 4 * family.tables * 2 * (total + k) * 2
    if takes is not None:
        if k >= 2:  # the whole table of the two largest piles, and one cell's seen-array
            peak = 4 * family.tables * (largest + 1) * (second + 1) + 4 * (largest + second + 2)
        visits = option_visits(family, piles, takes)
        work = cells + math.ceil(visits * OPTION_CELLS)
        memory = peak + outputs + 8 * (largest + 1) + takes.offsets.nbytes + takes.sizes.nbytes
        return Plan(cells, tables, memory, work)
    work = _work(family, piles, cells, largest)
    return Plan(cells, tables, peak + outputs + 8 * (largest + 1), work)


def option_visits(family: Family, piles: Piles, takes: Takes) -> int:
    """The options the kernels read over all tables of ``piles`` with restricted ``takes``.

    Table (X, Y) reads n(x) + n(y) options in cell (x, y) (n: the allowed sizes of a pile;
    Muller twice): Y·C(X) + X·C(Y) with C(p) = n(1) + … + n(p), summed over the pairs of piles
    in O(k) as (Σa)(ΣC(a)) − Σ a·C(a).

    >>> from endnim.engine.families import family_of
    >>> from endnim.variants import get_variant
    >>> from endnim.engine.takes import Takes
    >>> import numpy as np
    >>> one = Takes(np.array([0, 0, 1, 2], np.int32), np.array([0, 1], np.int32))
    >>> option_visits(family_of(get_variant("endnim")), (2, 2), one)   # 4 cells, 2 options each
    8
    """
    prefix = np.cumsum(takes.counts())
    a = np.asarray(piles, np.int64)
    c = prefix[a]
    visits = int(a.sum()) * int(c.sum()) - int(np.dot(a, c))
    return visits * (2 if family.code == MULLER else 1)


PLANS_KEPT = 4096
"""Plans of rows with every take allowed kept by :func:`rules_plan` (a small query's fixed
cost: a repeated row, a batch of small rows), then forgotten all at once."""
_PLANS: dict[tuple[Variant, Piles, bool], Plan] = {}


def rules_plan(variant: Variant, piles: Piles, full_last: bool = False) -> Plan:
    """The cost of :func:`solve_row` for ``variant``: :func:`plan_row`, plus, for restricted
    takes, the calls of ``allows_take`` still to make (:func:`~endnim.engine.takes.hook_cost`)
    and each cell's options once the lists are known.

    >>> from endnim.variants import get_variant
    >>> rules_plan(get_variant("endnim"), (3, 1, 4)).cells
    19
    """
    piles = tuple(piles)
    key = (variant, piles, full_last)
    found = _PLANS.get(key)
    if found is not None:
        return found
    family = family_of(variant)
    largest = max(piles, default=0)
    if not restricts_takes(variant) or largest < 2:
        plan = plan_row(family, piles, full_last)  # a function of these only: kept
        if len(_PLANS) >= PLANS_KEPT:
            _PLANS.clear()
        _PLANS[key] = plan
        return plan
    cost = hook_cost(variant, largest)
    if cost:
        plan = plan_row(family, piles, full_last)
        return Plan(plan.cells, plan.tables, plan.peak_bytes, plan.cells + cost)
    return plan_row(family, piles, full_last, takes_of(variant, largest))


def column_bytes(family: Family, rows: int, cols: int) -> int:
    """Memory of the sets a table visits on every row (one per column; partizan: none).

    >>> from endnim.engine.families import family_of
    >>> from endnim.variants import get_variant
    >>> column_bytes(family_of(get_variant("endnim")), 40_000, 40_000) // 2**20
    388
    """
    if family.code == PARTIZAN:
        return 0
    if family.code == END:
        words = _small_words(rows + cols) or (rows + cols) // 64 + 2
        return (cols + 1) * (1 + words // 64 + 2 + words) * 8
    return (cols + 1) * ((2 * max(rows, cols) + 2) // 64 + 2) * 8


def slowdown(family: Family, rows: int, cols: int) -> float:
    """How many times slower than :data:`CELLS_PER_SECOND` a table's cells are computed: 1
    while its column sets fit :data:`CACHED_COLUMN_BYTES`, then growing as their size to the
    power 1.5 (fitted to END and Muller tables of 20,000² to 60,000 × 10,000 cells; it errs on
    the slow side).

    >>> from endnim.engine.families import family_of
    >>> from endnim.variants import get_variant
    >>> end = family_of(get_variant("endnim"))
    >>> slowdown(end, 1000, 1000), round(slowdown(end, 40_000, 40_000), 1)
    (1.0, 5.3)
    """
    ratio = min(column_bytes(family, rows, cols), HUGE) / CACHED_COLUMN_BYTES
    return ratio**1.5 if ratio > 1 else 1.0


HUGE = 10**30
"""Cells (or bytes) beyond any budget: the estimate no longer weighs them one by one."""


SLOW_PAIRS = 100_000
"""Pairs of piles :func:`plan_row` weighs one by one for tables beyond the caches; beyond it,
each such table is weighed as if its other pile were the largest (an upper bound)."""


def _work(family: Family, piles: Piles, cells: int, largest: int) -> int:
    """The cells of ``piles``' row at full speed: partizan cells are cheaper, and cells of
    tables beyond the caches dearer (:func:`slowdown`). In O(k) unless many piles are huge."""
    if family.code == PARTIZAN:
        return -(-cells // round(1 / PARTIZAN_CELL_COST))
    if cells >= HUGE:
        return cells  # refused whatever its speed
    # a table (x, y) can be slow only if y (x + y) / 8 bytes of sets reach the cache's size
    low = max(1, (math.isqrt(largest * largest + 32 * CACHED_COLUMN_BYTES) - largest) * 9 // 20)
    if len(piles) < 2 or largest < low:
        return cells
    slow = [j for j in range(1, len(piles)) if piles[j] >= low]
    extra = 0.0
    if len(slow) * len(piles) <= SLOW_PAIRS:
        for j in slow:
            y = piles[j]
            for i in range(j):
                factor = slowdown(family, piles[i], y)
                if factor > 1:
                    extra += (factor - 1) * piles[i] * y
    else:
        before = 0
        at = 0
        for j in slow:
            before += sum(piles[at:j])
            at = j
            extra += (slowdown(family, largest, piles[j]) - 1) * before * piles[j]
    return cells + int(extra)


Borders = tuple[tuple[Array, ...], tuple[Array, ...]]


def run_table(
    family: Family,
    rows_border: tuple[Array, ...],
    cols_border: tuple[Array, ...],
    *,
    want_full: bool = False,
    threads: int = 1,
    progress: Callable[[int], None] | None = None,
    takes: Takes | None = None,
) -> tuple[Borders, tuple[Array, ...] | None]:
    """One table: given row 0 and column 0 of each coupled table, compute the rest (with
    restricted ``takes``: each reduction limited to the allowed sizes, on one thread).

    Returns the last rows and columns (the borders of the next level) and, if asked, the
    whole tables.
    """
    x_size = len(cols_border[0]) - 1
    y_size = len(rows_border[0]) - 1
    parallel = (
        family.code == END and takes is None and threads > 1 and x_size * y_size >= SPLIT_CELLS
    )
    if parallel:
        threads = usable_threads(threads)
    fulls = (
        tuple(np.empty((x_size + 1, y_size + 1), np.int32) for _ in range(family.tables))
        if want_full
        else None
    )
    lists = () if takes is None else (takes.kernel_args(max(x_size, y_size)),)
    state = _kernels.new_state(family.code, x_size, y_size, rows_border, cols_border, fulls, *lists)
    line = max(1, y_size)
    steps = max(1, CHUNK_CELLS // line)
    left = 1
    while left:
        left = _kernels.run(state, steps, threads if parallel else 1)
        if progress is not None:
            progress(min(steps * line, x_size * y_size))
    out_rows = tuple(np.empty(y_size + 1, np.int32) for _ in range(family.tables))
    out_cols = tuple(np.empty(x_size + 1, np.int32) for _ in range(family.tables))
    _kernels.outputs(state, out_rows, out_cols)
    return (out_rows, out_cols), fulls


@dataclass
class RowResult:
    """The final table of a row: its value and the values of every option."""

    family: Family
    piles: Piles
    value: int
    borders: Borders | None
    """Last rows (x = a_0, y = 0..a_{k-1}) and last columns (y = a_{k-1}) of the final table."""
    single: Array | None
    """For a lone pile: the values of the lone piles 0..a_0."""
    fulls: tuple[Array, ...] | None = None

    def option_value(self, move: Move) -> int:
        """The value (partizan: the outcome code) of the position ``move`` leads to.

        >>> from endnim.variants import get_variant
        >>> r = solve_row(get_variant("endnim"), (3, 1, 5))
        >>> r.option_value(Move("R", 3))
        0
        """
        if self.borders is None:
            assert self.single is not None
            return int(self.single[move.size])
        rows, cols = self.borders
        if move.end == "L":
            table = 1 if move.reverse else 0
            return int(cols[table][move.size])
        return int(rows[0][move.size])


def solve_row(
    variant: Variant,
    piles: Piles,
    *,
    full_last: bool = False,
    threads: int | None = None,
    progress: Progress | None = None,
    cells_budget: int | None = None,
    bytes_budget: int | None = None,
) -> RowResult:
    """Value of ``piles`` and of all its options, by the interval DP (any variant the engine
    supports). The plan is checked against the budget before anything is computed.

    ``threads=None`` chooses by :func:`auto_threads`: the free cores when a table is large
    enough to share by bands of columns (:data:`SPLIT_CELLS`, values beyond the register path)
    or a level to spread, else one thread (a small row then takes one kernel call)."""
    family = family_of(variant)
    piles = tuple(piles)
    k = len(piles)
    if k == 0:
        return RowResult(family, piles, variant.terminal_value(()), None, None)
    plan = rules_plan(variant, piles, full_last)
    plan.check(cells_budget, bytes_budget)
    takes = takes_of(variant, max(piles)) if k >= 2 else None
    if takes is not None:  # the lists are known now: each cell's options too
        plan = plan_row(family, piles, full_last, takes)
        plan.check(cells_budget, bytes_budget)
    if threads is None:
        split = family.code == END and takes is None and _splits(piles)
        threads = auto_threads(plan.cells, split)
    else:
        threads = max(1, threads)
    base = base_array(variant, family, max(piles))
    if k == 1:
        return RowResult(family, piles, int(base[piles[0]]), None, base[: piles[0] + 1].copy())

    if plan.cells < SMALL_ROW_CELLS and threads == 1:
        return _small_row(family, piles, base, full_last, progress, plan.cells, takes)
    done = 0

    def advance(cells: int) -> None:
        nonlocal done
        done += cells
        if progress is not None:
            progress(min(done, plan.cells), plan.cells)

    # level 0: the empty inner run between neighbours a_i, a_{i+1}
    previous: list[Borders] = []
    fulls: tuple[Array, ...] | None = None
    dedupe = k <= 300
    for level in range(k - 1):
        count = k - 1 - level
        jobs = []
        for i in range(count):
            x_size, y_size = piles[i], piles[i + level + 1]
            if level == 0:
                rows_border = tuple(base[: y_size + 1] for _ in range(family.tables))
                cols_border = tuple(base[: x_size + 1] for _ in range(family.tables))
            else:
                rows_border = previous[i + 1][0]
                cols_border = previous[i][1]
            key: object = piles[i : i + level + 2] if dedupe else i
            jobs.append((key, rows_border, cols_border))
        last_level = level == k - 2
        unique: dict[object, tuple[tuple[Array, ...], tuple[Array, ...]]] = {}
        for key, rows_border, cols_border in jobs:
            unique.setdefault(key, (rows_border, cols_border))
        level_cells = sum(len(r[0]) * len(c[0]) for r, c in unique.values())
        results: dict[object, tuple[Borders, tuple[Array, ...] | None]] = {}
        if threads > 1 and len(unique) > 1 and level_cells >= PARALLEL_CELLS:
            with ThreadPoolExecutor(max_workers=threads) as pool:
                futures = {
                    key: pool.submit(
                        run_table, family, r, c, threads=1, progress=advance, takes=takes
                    )
                    for key, (r, c) in unique.items()
                }
                results = {key: future.result() for key, future in futures.items()}
        else:
            for key, (r, c) in unique.items():
                results[key] = run_table(
                    family,
                    r,
                    c,
                    want_full=full_last and last_level,
                    threads=threads,
                    progress=advance,
                    takes=takes,
                )
        previous = [results[key][0] for key, _, _ in jobs]
        if last_level:
            fulls = results[jobs[0][0]][1]
    final = previous[0]
    value = int(final[0][0][piles[-1]])
    return RowResult(family, piles, value, final, None, fulls)


def _small_row(
    family: Family,
    piles: Piles,
    base: Array,
    full_last: bool,
    progress: Progress | None,
    cells: int,
    takes: Takes | None = None,
) -> RowResult:
    """A row below :data:`SMALL_ROW_CELLS`: every level in one kernel call (``_kernels.row``)."""
    x_size, y_size = piles[0], piles[-1]
    out_rows = tuple(np.empty(y_size + 1, np.int32) for _ in range(family.tables))
    out_cols = tuple(np.empty(x_size + 1, np.int32) for _ in range(family.tables))
    fulls = (
        tuple(np.empty((x_size + 1, y_size + 1), np.int32) for _ in range(family.tables))
        if full_last
        else None
    )
    lists = () if takes is None else (takes.kernel_args(max(piles)),)
    _kernels.row(family.code, piles, base, out_rows, out_cols, fulls, *lists)
    if progress is not None:
        progress(cells, cells)
    return RowResult(family, piles, int(out_rows[0][y_size]), (out_rows, out_cols), None, fulls)


def outcome_of(family: Family, value: int) -> str:
    """``P``/``N`` from a Grundy value, or the partizan class from an outcome code."""
    if family.code == PARTIZAN:
        return CODE_TO_OUTCOME[value]
    return "P" if value == 0 else "N"


def check_threads_supported() -> bool:
    """Whether the compiled kernels can share a table between threads (OpenMP)."""
    return bool(_kernels.have_openmp())


if not hasattr(_kernels, "run"):  # pragma: no cover - a stale build
    raise EngineError("the compiled engine is out of date: reinstall endnim (pip install -e .)")

__all__ = [
    "DEFAULT_BYTES",
    "DEFAULT_CELLS",
    "END",
    "MULLER",
    "PARTIZAN",
    "Plan",
    "RowResult",
    "option_visits",
    "outcome_of",
    "plan_row",
    "rules_plan",
    "run_table",
    "solve_row",
]
