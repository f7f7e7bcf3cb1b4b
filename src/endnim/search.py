"""Memoised exact search straight from the rules: the reference truth.

For impartial variants it gives the Grundy value and the remoteness of every position; for
partizan End-Nim, who wins moving first and the remoteness for each first player. It is
iterative (no recursion limit on long rows) and refuses, with an estimate, any request that
would visit more states than its budget.

Remoteness follows Steinhaus/Smith: a terminal position has remoteness 0; a winner moves to
the losing option of least remoteness, a loser to the option of greatest remoteness, and each
move adds one. Impartial P-positions under normal play have even remoteness.

>>> from endnim.variants import get_variant
>>> solver = Solver(get_variant("endnim"))
>>> solver.value((3, 3, 3, 2, 3, 4, 3, 3))
ImpartialValue(grundy=0, remoteness=18)
>>> Solver(get_variant("partizan")).value((2, 1)).outcome
'L'
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar

from endnim.errors import BudgetError
from endnim.variants.base import Piles, Variant

DEFAULT_BUDGET = int(os.environ.get("ENDNIM_BUDGET", "2000000"))
"""States an exact search may visit by default (env ``ENDNIM_BUDGET`` overrides)."""

BYTES_PER_STATE = 300
"""Measured memory of one cached state (key tuple, value, dict slot) for short rows."""


@dataclass(frozen=True, slots=True)
class ImpartialValue:
    """Grundy value and remoteness of an impartial position."""

    grundy: int
    remoteness: int

    @property
    def outcome(self) -> str:
        return "P" if self.grundy == 0 else "N"


@dataclass(frozen=True, slots=True)
class PartizanValue:
    """Who wins partizan End-Nim moving first, and how long it lasts for each first player."""

    left_wins_first: bool
    right_wins_first: bool
    remoteness_left_first: int
    remoteness_right_first: int

    @property
    def outcome(self) -> str:
        """``L``, ``R``, ``N`` or ``P``."""
        if self.left_wins_first:
            return "N" if self.right_wins_first else "L"
        return "R" if self.right_wins_first else "P"


Value = ImpartialValue | PartizanValue
V = TypeVar("V", ImpartialValue, PartizanValue)
K = TypeVar("K", bound=Hashable)
T = TypeVar("T")


def estimate_bytes(states: int, piles: Piles) -> int:
    """Memory an exact search over ``states`` states of rows like ``piles`` would need."""
    return states * (BYTES_PER_STATE + 8 * max(0, len(piles) - 3))


def format_bytes(count: int) -> str:
    """Human-readable byte count; astronomically large ones in powers of ten.

    >>> format_bytes(3 * 2**30), format_bytes(10**40)
    ('3.0 GiB', '1.0e+40 bytes')
    """
    size = float(count) if count < 10**300 else 0.0
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if size < 1024:
            return f"{size:.1f} {unit}" if unit != "B" else f"{count} B"
        size /= 1024
    return f"{format_count(count)} bytes"


def format_count(n: int) -> str:
    """A count written exactly when short, in scientific notation when huge.

    >>> format_count(1234), format_count(10**40), format_count(10**400)
    ('1,234', '1.0e+40', '~10^400')
    """
    if n < 10**15:
        return f"{n:,}"
    return f"{float(n):.1e}" if n < 10**300 else f"~10^{len(str(n)) - 1}"


class Solver:
    """Exact memoised search for one variant; keeps its cache across calls.

    ``budget`` bounds the states a single request may need (its estimate is checked before
    any work starts); ``max_cache`` bounds what is kept between requests.
    """

    def __init__(
        self, variant: Variant, budget: int | None = None, max_cache: int = 5_000_000
    ) -> None:
        self.variant = variant
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.max_cache = max_cache
        self._impartial: dict[Piles, ImpartialValue] = {}
        self._partizan: dict[Piles, PartizanValue] = {}

    # ------------------------------------------------------------------ budget
    def check_budget(self, piles: Piles) -> None:
        """Raise :class:`BudgetError` if searching ``piles`` may exceed the budget."""
        if piles in self._impartial or piles in self._partizan:
            return
        states = self.variant.estimate_states(piles)
        if states > self.budget:
            need = estimate_bytes(states, piles)
            raise BudgetError(
                f"exact search of this {len(piles)}-pile position may visit up to "
                f"{format_count(states)} states (about {format_bytes(need)} of memory); the "
                f"budget is {format_count(self.budget)} states: raise it with --budget, or use "
                "--method theory",
                states=states,
                bytes_needed=need,
                budget=self.budget,
            )

    # ------------------------------------------------------------------ values
    def value(self, piles: Piles) -> Value:
        """The value of ``piles`` (impartial or partizan, by the variant)."""
        piles = tuple(piles)
        if self.variant.impartial:
            return self.impartial_value(piles)
        return self.partizan_value(piles)

    def impartial_value(self, piles: Piles) -> ImpartialValue:
        """Grundy value and remoteness of ``piles``."""
        variant = self.variant

        def children(node: Piles) -> list[Piles]:
            return [option[3] for option in variant.raw_options(node)]

        def combine(node: Piles, values: list[ImpartialValue]) -> ImpartialValue:
            if not values:
                return ImpartialValue(variant.terminal_value(node), 0)
            seen = {v.grundy for v in values}
            grundy = 0
            while grundy in seen:
                grundy += 1
            if grundy == 0:
                return ImpartialValue(0, 1 + max(v.remoteness for v in values))
            return ImpartialValue(grundy, 1 + min(v.remoteness for v in values if v.grundy == 0))

        return self._solve(piles, self._impartial, children, combine)

    def partizan_value(self, piles: Piles) -> PartizanValue:
        """Outcome data of ``piles`` in partizan End-Nim."""
        variant = self.variant
        left_count: dict[Piles, int] = {}

        def children(node: Piles) -> list[Piles]:
            left = [option[3] for option in variant.raw_options(node, "L")]
            left_count[node] = len(left)
            return left + [option[3] for option in variant.raw_options(node, "R")]

        def combine(node: Piles, values: list[PartizanValue]) -> PartizanValue:
            split = left_count.pop(node)
            left_values, right_values = values[:split], values[split:]
            # Left moving first wins iff some Left option is lost by Right moving first.
            left_wins = [v for v in left_values if not v.right_wins_first]
            right_wins = [v for v in right_values if not v.left_wins_first]
            if left_wins:
                rem_l = 1 + min(v.remoteness_right_first for v in left_wins)
            else:
                rem_l = 1 + max((v.remoteness_right_first for v in left_values), default=-1)
            if right_wins:
                rem_r = 1 + min(v.remoteness_left_first for v in right_wins)
            else:
                rem_r = 1 + max((v.remoteness_left_first for v in right_values), default=-1)
            return PartizanValue(bool(left_wins), bool(right_wins), rem_l, rem_r)

        return self._solve(piles, self._partizan, children, combine)

    def _solve(
        self,
        root: Piles,
        cache: dict[Piles, V],
        children_of: Callable[[Piles], list[Piles]],
        combine: Callable[[Piles, list[V]], V],
    ) -> V:
        """Post-order walk with an explicit stack: a node is combined once its children are."""
        found = cache.get(root)
        if found is not None:
            return found
        self.check_budget(root)
        if len(cache) > self.max_cache:
            cache.clear()
        return post_order(root, cache, children_of, combine)

    def cached_states(self) -> int:
        """How many positions the cache holds."""
        return len(self._impartial) + len(self._partizan)


def post_order(
    root: K,
    cache: dict[K, T],
    children_of: Callable[[K], list[K]],
    combine: Callable[[K, list[T]], T],
) -> T:
    """Fill ``cache`` bottom-up from ``root`` with an explicit stack (no recursion limit): a
    node is combined once all its children are in the cache.

    >>> post_order(5, {}, lambda n: [n - 1] if n else [], lambda n, vs: 1 + sum(vs))
    6
    """
    pending: dict[K, list[K]] = {}
    stack = [root]
    while stack:
        node = stack[-1]
        if node in cache:
            stack.pop()
            continue
        children = pending.get(node)
        if children is None:
            children = pending[node] = children_of(node)
            missing = [c for c in children if c not in cache]
            if missing:
                stack.extend(missing)
                continue
        stack.pop()
        del pending[node]
        cache[node] = combine(node, [cache[c] for c in children])
    return cache[root]


_DEFAULT_SOLVERS: dict[str, Solver] = {}


def default_solver(variant: Variant, budget: int | None = None) -> Solver:
    """A shared solver per variant (its cache serves later calls); ``budget`` updates it."""
    solver = _DEFAULT_SOLVERS.get(variant.name)
    if solver is None:
        solver = _DEFAULT_SOLVERS[variant.name] = Solver(variant)
    solver.budget = DEFAULT_BUDGET if budget is None else budget
    return solver
