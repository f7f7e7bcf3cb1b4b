"""The exact search of an impartial rule set, indexed: every position of the closure of the
requested positions numbered, its options a CSR graph, the Grundy values computed in C.

The memoised search (:class:`endnim.search.Solver`) walks the positions one by one, keying its
memo by position and taking each mex in Python. Here the rule set's ``children`` hook is still
called once per position (in Python: it is the rule set's own code), but everything else is
compiled (:mod:`endnim.indexed._closure`): the children are checked and numbered as they come
back, the options kept as integer arrays, and the values found by one post-order walk. It is
generic: it needs nothing of a rule set but its ``children`` and ``terminal_value`` hooks (and
its ``canonical_key``, where the rule set declares one), so it serves rule sets with moves of
their own kind that the interval engine does not know (End-Wythoff's diagonal move).

A rule set may also define ``children_batch(positions)``: the children of many positions in one
call (a list of one list per position, each the same positions as ``children`` gives). The walk
then calls it once per :data:`BATCH_SIZE` positions instead of ``children`` once per position;
its answers are checked as ``children``'s are, and :data:`SPOT_CHECKS` of them against
``children`` itself.

Budgets are the search's: a request whose estimate is over the budget is refused before any
work (the same one-line :class:`BudgetError`), and the walk stops once it numbers more
positions, or meets more options, than the budget allows.

>>> from endnim.variants import get_variant
>>> solved = solve_closure(get_variant("endnim"), [(3, 3, 3, 2, 3, 4, 3, 3)])
>>> solved.value((3, 3, 3, 2, 3, 4, 3, 3))
ImpartialValue(grundy=0, remoteness=18)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from endnim.errors import BudgetError, EndNimError, RuleSetError
from endnim.indexed import _closure
from endnim.ruleset import RuleSet
from endnim.search import (
    BUDGET_ADVICE,
    DEFAULT_BUDGET,
    WORK_PER_STATE,
    ImpartialValue,
    Solver,
    format_count,
    loop_error,
)
from endnim.variants.base import Variant
from endnim.variants.guarded import (
    is_guarded,
    label_of,
    refuse_value,
    unchecked_hook,
    watched_expansion,
)

Progress = Callable[[int, int], None]
"""Called now and then with (positions expanded, positions numbered so far)."""

PROGRESS_EVERY = 4096
"""Positions expanded between two progress reports."""

BATCH_SIZE = 2048
"""Positions per call of a rule set's ``children_batch`` hook (where it has one)."""

SPOT_CHECKS = 16
"""Positions, spread over the closure, whose ``children_batch`` answer is checked against
``children`` (the reference) after a walk that used the batch hook."""


@dataclass(frozen=True)
class SolvedClosure:
    """The closure of some positions, numbered, with each one's Grundy value and remoteness."""

    positions: list[Any]
    """Every position, by number (the first met of each canonical key)."""
    numbers: dict[Hashable, int]
    """Number of each position (or canonical key)."""
    roots: npt.NDArray[np.int32]
    """The number of each requested position, in the order requested."""
    grundy: npt.NDArray[np.int64]
    remoteness: npt.NDArray[np.int64]
    options: int
    """Options met (edges of the graph)."""
    key: Callable[[Any], Hashable] | None = None

    def number(self, position: Any) -> int:
        """The number of ``position``; :class:`KeyError` if it is not in the closure."""
        return self.numbers[position if self.key is None else self.key(position)]

    def value(self, position: Any) -> ImpartialValue:
        """Grundy value and remoteness of ``position``, as the memoised search gives them."""
        number = self.number(position)
        return ImpartialValue(int(self.grundy[number]), int(self.remoteness[number]))


def serves(rules: RuleSet[Any, Any]) -> bool:
    """Whether the indexed search can solve ``rules``: any impartial rule set.

    >>> from endnim.variants import get_variant
    >>> serves(get_variant("endnim")), serves(get_variant("partizan"))
    (True, False)
    """
    return rules.impartial


def solve_closure(
    rules: RuleSet[Any, Any],
    roots: Sequence[Any],
    *,
    budget: int | None = None,
    largest: Any = None,
    progress: Progress | None = None,
    known: dict[Any, int] | None = None,
) -> SolvedClosure:
    """Solve every position reachable from ``roots`` (an impartial rule set).

    ``budget`` bounds the positions numbered (the search's default if ``None``) and, ten per
    position, the options met; ``largest``, a position whose search would visit every position
    this one does, is checked against the budget first, so that a request too large is refused
    at once with the search's estimate. A user's rule set is watched as the search watches it
    (:func:`endnim.variants.guarded.watched_expansion`): by the estimate of ``largest``, or
    without one by the budget, so give a budget near the size you expect. A fault of the rule
    set's code is one :class:`RuleSetError` naming it; a cycle among its positions too.
    ``known`` gives the Grundy values of some positions (by canonical key), which are then not
    expanded; the remoteness is not computed then (every one is -1).

    >>> from endnim.variants import get_variant
    >>> solved = solve_closure(get_variant("misere"), [(2,), (1, 1)])
    >>> [solved.value(p).grundy for p in [(2,), (1, 1), (1,)]]
    [1, 1, 0]
    """
    if not serves(rules):
        raise EndNimError(f"the indexed search is for impartial rule sets, not {rules.title}")
    limit = DEFAULT_BUDGET if budget is None else budget
    if largest is not None:
        Solver(rules, limit).check_budget(largest)
    roots = list(roots)
    expand = unchecked_hook(rules, "children")
    if largest is not None:  # watched as the search of largest would be
        expand = rules.watch_search(expand, largest, limit)
    elif is_guarded(rules):  # many roots: the budget is the expected size
        expand = watched_expansion(
            rules, expand, roots[0] if roots else (), limit, limit, starts=roots
        )
    key = None if type(rules).canonical_key is RuleSet.canonical_key else rules.canonical_key
    batch = _batch_expansion(rules, roots, largest, limit)

    def bad(value: Any) -> None:
        if batch is None:
            refuse_value(rules, "children", value)
        refuse_value(rules, "children_batch", [value])

    positions, numbers, root_numbers, offsets_bytes, targets_bytes, given, values, status = (
        _closure.closure(
            roots,
            expand,
            key,
            isinstance(rules, Variant),
            limit,
            limit * WORK_PER_STATE,
            bad,
            progress,
            PROGRESS_EVERY,
            known,
            batch,
            BATCH_SIZE,
        )
    )
    if status:
        _over_budget(rules, status, limit)
    offsets = np.frombuffer(offsets_bytes, dtype=np.int64)
    targets = np.frombuffer(targets_bytes, dtype=np.int32)
    count = len(positions)
    is_given = np.frombuffer(given, dtype=np.uint8).astype(bool)
    if batch is not None:
        _spot_check(rules, positions, numbers, key, offsets, targets, is_given)
    terminal = np.frombuffer(values, dtype=np.int64).copy()  # the known values; 0 elsewhere
    for number in np.flatnonzero((offsets[1:] == offsets[:-1]) & ~is_given).tolist():
        terminal[number] = rules.terminal_value(positions[number])
    grundy = np.empty(count, dtype=np.int64)
    remoteness = np.empty(count, dtype=np.int64)
    cycle = _closure.grundy(offsets, targets, terminal, grundy, remoteness)
    if cycle >= 0:
        raise loop_error(rules, positions[cycle])
    if known is not None:
        remoteness[:] = -1
    return SolvedClosure(
        positions,
        numbers,
        np.frombuffer(root_numbers, dtype=np.int32),
        grundy,
        remoteness,
        len(targets),
        key,
    )


def _batch_expansion(
    rules: RuleSet[Any, Any], roots: list[Any], largest: Any, limit: int
) -> Callable[[list[Any]], list[Any]] | None:
    """The rule set's ``children_batch`` hook, its answer's shape checked and watched as the
    per-position expansion is; ``None`` if it has none."""
    if not callable(getattr(rules, "children_batch", None)):
        return None
    hook = unchecked_hook(rules, "children_batch")

    def expand(batch: list[Any]) -> list[Any]:
        value = hook(batch)
        if not isinstance(value, list | tuple) or not all(
            isinstance(children, list | tuple) for children in value
        ):
            refuse_value(rules, "children_batch", value)
        if len(value) != len(batch):
            raise RuleSetError(
                f"{label_of(rules)}: children_batch() returned {len(value)} lists for "
                f"{len(batch)} positions, expected one list per position"
            )
        return value if type(value) is list else list(value)

    if not is_guarded(rules):
        return expand
    root = largest if largest is not None else (roots[0] if roots else ())
    states = None if largest is not None else limit
    starts = None if largest is not None else roots  # the sizes bound the growth
    return watched_expansion(rules, expand, root, limit, states, batched=True, starts=starts)


def _spot_check(
    rules: RuleSet[Any, Any],
    positions: list[Any],
    numbers: dict[Hashable, int],
    key: Callable[[Any], Hashable] | None,
    offsets: npt.NDArray[np.int64],
    targets: npt.NDArray[np.int32],
    is_given: npt.NDArray[np.bool_],
) -> None:
    """Check :data:`SPOT_CHECKS` positions' batch answers against ``children`` (the reference)."""
    expanded = np.flatnonzero(~is_given)
    if not len(expanded):
        return
    last = (
        len(expanded) - 1
    )  # evenly spread, first and last included (no numpy.unique: slow import)
    picks = sorted({round(i * last / (SPOT_CHECKS - 1)) for i in range(SPOT_CHECKS)})
    children = unchecked_hook(rules, "children")
    for number in expanded[picks].tolist():
        position = positions[number]
        reference = children(position)
        refuse_value(rules, "children", reference)
        wanted = {numbers.get(child if key is None else key(child), -1) for child in reference}
        got = set(targets[offsets[number] : offsets[number + 1]].tolist())
        if wanted != got:
            shown = rules.format_position(position)
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            raise RuleSetError(
                f"{label_of(rules)}: children_batch() and children() disagree on the position "
                f"{shown or '(empty)'}: they must give the same positions"
            )


def _over_budget(rules: RuleSet[Any, Any], status: int, limit: int) -> None:
    what = (
        f"more than {format_count(limit)} positions"
        if status == 1
        else f"more than {format_count(limit * WORK_PER_STATE)} option visits "
        f"({WORK_PER_STATE} per budgeted state)"
    )
    raise BudgetError(
        f"{label_of(rules)}: the exact search of this request reached {what}: the budget is "
        f"{format_count(limit)} states: {BUDGET_ADVICE}",
        states=limit,
        bytes_needed=0,
        budget=limit,
    )


def closure_table(
    rules: Variant,
    middle: Sequence[int],
    rows: int,
    cols: int,
    *,
    budget: int | None = None,
    progress: Progress | None = None,
) -> npt.NDArray[np.int32]:
    """The Grundy values of x·middle·y (0 <= x <= rows, 0 <= y <= cols; 0 = absent), the
    layout of :func:`endnim.analysis.tables.search_table`, by the indexed search.

    >>> from endnim.variants import get_variant
    >>> closure_table(get_variant("endnim"), (), 2, 2).tolist()
    [[0, 1, 2], [1, 0, 3], [2, 3, 0]]
    """
    inner = tuple(middle)
    roots = [
        ((x,) if x else ()) + inner + ((y,) if y else ())
        for x in range(rows + 1)
        for y in range(cols + 1)
    ]
    solved = solve_closure(
        rules, roots, budget=budget, largest=(rows, *inner, cols), progress=progress
    )
    values = solved.grundy[solved.roots].reshape(rows + 1, cols + 1)
    return values.astype(np.int32)


__all__ = ["PROGRESS_EVERY", "SolvedClosure", "closure_table", "serves", "solve_closure"]
