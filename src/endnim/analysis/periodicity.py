"""Ultimate arithmetico-periodicity of a table's rows.

Albert–Nowakowski (2001) §2 observe that each row of the a·4·b table (a fixed, b varying)
"appears to be ultimately arithmetico-periodic", with periods powers of two that "double in
length occasionally". A sequence v(b) is *ultimately arithmetico-periodic* with preperiod b₀,
period p and saltus s when v(b + p) = v(b) + s for every b >= b₀.

On a finite computed range that is only evidence, so :func:`find_periodicity` applies a
confidence rule: the relation must hold from b₀ to the end of the data, and the data from b₀ on
must span at least ``min_periods`` full periods (default 3: one period and two repetitions of
it). Among the periods that pass, the one with the earliest onset b₀ is reported (the least
period among those with that onset). Earliest onset, not least period: near the end of any
finite range a short "period" can hold by coincidence for three steps, while the true pattern
holds from early on over many periods.

>>> find_periodicity([9, 9, 0, 1, 2, 3, 4, 5, 6, 7])   # v(b) = b - 3 from b = 3 on
Periodicity(preperiod=3, period=1, saltus=1, periods_seen=8)
>>> find_periodicity([1, 5, 2, 6, 3, 7, 4, 8], start=0)
Periodicity(preperiod=0, period=2, saltus=1, periods_seen=4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from endnim.errors import EndNimError

if TYPE_CHECKING:
    import numpy.typing as npt

DEFAULT_MIN_PERIODS = 3
"""Full periods the data must cover after the preperiod before a period is believed."""


@dataclass(frozen=True)
class Periodicity:
    """v(b + period) = v(b) + saltus for every b >= preperiod in the computed range.

    ``periods_seen`` is how many full periods the data covers from the preperiod on (at least
    the confidence rule's ``min_periods``).
    """

    preperiod: int
    period: int
    saltus: int
    periods_seen: int

    def to_dict(self) -> dict[str, int]:
        """Plain data for JSON.

        >>> Periodicity(1, 4, 4, 5).to_dict()["period"]
        4
        """
        return {
            "preperiod": self.preperiod,
            "period": self.period,
            "saltus": self.saltus,
            "periods_seen": self.periods_seen,
        }


def find_periodicity(
    values: Sequence[int],
    start: int = 1,
    *,
    min_periods: int = DEFAULT_MIN_PERIODS,
    max_period: int | None = None,
) -> Periodicity | None:
    """The earliest-starting (then least) period under which ``values`` is ultimately
    arithmetico-periodic, or ``None`` if no period passes the confidence rule.

    ``values[i]`` is v(start + i); the preperiod is reported as an argument b, not an index.
    A period p passes when v(b + p) − v(b) is the same s for every b from the preperiod on and
    the data from the preperiod on covers at least ``min_periods`` periods.

    >>> find_periodicity([5 ^ b for b in range(1, 65)])   # two-pile End-Nim: 5 ⊕ b
    Periodicity(preperiod=1, period=8, saltus=8, periods_seen=8)
    >>> find_periodicity([3, 1, 4, 1, 5, 9, 2, 6]) is None
    True
    """
    import numpy as np

    if min_periods < 2:
        raise EndNimError("the confidence rule needs min_periods >= 2")
    data = np.asarray([int(v) for v in values], dtype=np.int64)
    size = len(data)
    largest = size // min_periods
    if max_period is not None:
        largest = min(largest, max_period)
    best: tuple[int, int, int, int] | None = None
    for period in range(1, largest + 1):
        steps = data[period:] - data[:-period]
        saltus = int(steps[-1])
        broken = np.nonzero(steps != saltus)[0]
        first = int(broken[-1]) + 1 if broken.size else 0
        seen = (size - first) // period
        if seen >= min_periods and (best is None or first < best[0]):
            best = (first, period, saltus, seen)
            if first == 0:
                break
    if best is not None:
        first, period, saltus, seen = best
        return Periodicity(start + first, period, saltus, seen)
    return None


def holds(values: Sequence[int], start: int, found: Periodicity) -> bool:
    """Whether ``found`` really describes ``values`` (v(start + i) = values[i]).

    >>> holds([0, 2, 4, 6], 1, Periodicity(1, 1, 2, 4))
    True
    >>> holds([0, 2, 5], 1, Periodicity(1, 1, 2, 3))
    False
    """
    offset = found.preperiod - start
    return all(
        values[i + found.period] - values[i] == found.saltus
        for i in range(max(0, offset), len(values) - found.period)
    )


@dataclass(frozen=True)
class RowPeriodicity:
    """The periodicity of one row of a table (a fixed, b over the columns)."""

    a: int
    periodicity: Periodicity | None

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON."""
        return {"a": self.a, **(self.periodicity.to_dict() if self.periodicity else {})}


TAIL = 8
"""How many final steps the fast filter checks before a full test of a period."""
DEEP_TAIL = 4096
"""How many final steps the second filter checks (a period p over its last (n - 1)·p at most,
n the periods it must be seen for) while more than :data:`FULL_TESTS` periods are left."""
FULL_TESTS = 16
"""Few enough periods left to test each in full (a pass over the whole row each)."""


class AtlasError(EndNimError):
    """A bad atlas request or an atlas file written with other parameters."""


def row_periodicity(
    values: npt.ArrayLike, start: int = 1, *, min_periods: int = DEFAULT_MIN_PERIODS
) -> Periodicity | None:
    """:func:`~endnim.analysis.periodicity.find_periodicity` of one row, pruned.

    A period p can pass only if its steps v(b + p) − v(b) are constant over at least the last
    (min_periods − 1)·p ≥ p of them (so over the last min(p, 8), checked for every p at once),
    and it can beat an onset b₀ already found only if the step at b₀ − 1 already equals its
    saltus (one comparison). The survivors get the full test, in increasing order.

    >>> row_periodicity([9, 9, 0, 1, 2, 3, 4, 5, 6, 7])
    Periodicity(preperiod=3, period=1, saltus=1, periods_seen=8)
    >>> row_periodicity([3, 1, 4, 1, 5, 9, 2, 6]) is None
    True
    """
    import numpy as np

    if min_periods < 2:
        raise AtlasError("the confidence rule needs min_periods >= 2")
    data = np.asarray(values, dtype=np.int64)
    size = len(data)
    largest = size // min_periods
    if largest < 1:
        return None
    periods = np.arange(1, largest + 1)
    last = data[size - 1] - data[size - 1 - periods]  # the saltus each period would have
    alive = np.ones(largest, dtype=bool)
    for j in range(1, min(TAIL, size - largest)):
        step = data[size - 1 - j] - data[size - 1 - j - periods]
        alive &= (step == last) | (periods <= j)
    candidates = periods[alive]
    if candidates.size > FULL_TESTS:  # a passing p: constant steps over its last (n - 1)·p
        saltus_of = last[candidates - 1]
        for j in range(TAIL, min(DEEP_TAIL, size - 1)):
            back = np.maximum(size - 1 - j - candidates, 0)
            keep = (candidates * (min_periods - 1) <= j) | (
                data[size - 1 - j] - data[back] == saltus_of
            )
            candidates, saltus_of = candidates[keep], saltus_of[keep]
            if candidates.size <= FULL_TESTS:
                break
    best: tuple[int, int, int, int] | None = None
    while candidates.size:
        period = int(candidates[0])
        candidates = candidates[1:]
        steps = data[period:] - data[:-period]
        saltus = int(steps[-1])
        broken = np.flatnonzero(steps != saltus)
        first = int(broken[-1]) + 1 if broken.size else 0
        seen = (size - first) // period
        if seen < min_periods or (best is not None and first >= best[0]):
            continue
        best = (first, period, saltus, seen)
        if first == 0:
            break
        index = first - 1  # a later period wins only if its step here equals its saltus
        reach = index + candidates < size
        safe = np.where(reach, index + candidates, size - 1)
        keep = ~reach | (data[safe] - data[index] == data[size - 1] - data[size - 1 - candidates])
        candidates = candidates[keep]
    if best is None:
        return None
    first, period, saltus, seen = best
    return Periodicity(start + first, period, saltus, seen)


def table_periodicity(
    variant: str,
    middle: str | Sequence[int],
    rows: str | Sequence[int],
    cols: str | Sequence[int],
    *,
    layout: str = "awb",
    min_periods: int = DEFAULT_MIN_PERIODS,
    threads: int | None = None,
    cells_budget: int | None = None,
) -> list[RowPeriodicity]:
    """The periodicity of every row a of the table of a·w·b (b over ``cols``, a contiguous
    range), as Albert–Nowakowski (2001) §2 observed for a·4·b.

    >>> [r.periodicity.period for r in table_periodicity("endnim", "", "1..4", "1..64")]
    [2, 4, 4, 8]
    """
    from endnim.analysis.tables import value_table

    table = value_table(
        variant, middle, rows, cols, layout=layout, threads=threads, cells_budget=cells_budget
    )
    columns = table.cols
    if list(columns) != list(range(columns[0], columns[0] + len(columns))):
        raise EndNimError("periodicity needs a contiguous range of columns, e.g. 1..512")
    return [
        RowPeriodicity(a, row_periodicity(line, columns[0], min_periods=min_periods))
        for a, line in zip(table.rows, table.values, strict=True)
    ]


def growth_summary(rows: Sequence[RowPeriodicity]) -> list[str]:
    """How the period grows with a: the rows where it changes, and powers of two.

    >>> rows = table_periodicity("endnim", "", "1..8", "1..64")
    >>> for line in growth_summary(rows):
    ...     print(line)
    period 2 from a = 1
    period 4 from a = 2
    period 8 from a = 4
    period 16 from a = 8
    every period found is a power of two
    """
    lines: list[str] = []
    current: int | None = None
    periods: list[int] = []
    missing = [row.a for row in rows if row.periodicity is None]
    for row in rows:
        if row.periodicity is None:
            continue
        period = row.periodicity.period
        periods.append(period)
        if period != current:
            lines.append(f"period {period} from a = {row.a}")
            current = period
    if periods:
        if all(p & (p - 1) == 0 for p in periods):
            lines.append("every period found is a power of two")
        else:
            odd = sorted({p for p in periods if p & (p - 1)})
            lines.append(f"periods that are not powers of two: {', '.join(map(str, odd))}")
    if missing:
        lines.append(
            f"no period passed the confidence rule for a = {', '.join(map(str, missing))} "
            "(widen --cols)"
        )
    return lines
