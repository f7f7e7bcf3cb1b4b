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
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from endnim.errors import BudgetError, RuleSetError
from endnim.outcome import Outcome
from endnim.ruleset import RuleSet, error_label

DEFAULT_BUDGET = int(os.environ.get("ENDNIM_BUDGET", "2000000"))
"""States an exact search may visit by default (env ``ENDNIM_BUDGET`` overrides)."""

BUDGET_ADVICE = "raise it with --budget, or use --method theory"
"""The command line's advice when a search is over its budget (:mod:`endnim.web.words` gives
the web page's words for it)."""

WORK_PER_STATE = 10
"""Option visits allowed per budgeted state: the default budget allows 20 million (about five
seconds), so that a few states with huge piles cannot run for minutes."""

BYTES_PER_STATE = 300
"""Measured memory of one cached state (key tuple, value, dict slot) for short rows."""


@dataclass(frozen=True, slots=True)
class ImpartialValue:
    """Grundy value and remoteness of an impartial position."""

    grundy: int
    remoteness: int

    @property
    def outcome(self) -> Outcome:
        return Outcome.from_grundy(self.grundy)


@dataclass(frozen=True, slots=True)
class PartizanValue:
    """Who wins partizan End-Nim moving first, and how long it lasts for each first player."""

    left_wins_first: bool
    right_wins_first: bool
    remoteness_left_first: int
    remoteness_right_first: int

    @property
    def outcome(self) -> Outcome:
        """``L``, ``R``, ``N`` or ``P``."""
        return Outcome.from_first_player_wins(
            left=self.left_wins_first, right=self.right_wins_first
        )


Value = ImpartialValue | PartizanValue
V = TypeVar("V", ImpartialValue, PartizanValue)
K = TypeVar("K", bound=Hashable)
T = TypeVar("T")


BYTES_PER_VISIT = 24
"""Measured peak memory per option visit: the walk keeps the option lists of every position on
its path (a lone pile of 4,999 coins: 50 million visits, 1.16 GB)."""


def parts_budget_error(states: int, position: object, budget: int) -> BudgetError:
    """The one-line refusal of a search by parts that may solve ``states`` parts, over
    ``budget`` (the Python search by parts and the compiled tree solver say it alike).

    >>> str(parts_budget_error(10**7, (3, 1, 4), 10**6)).split(";")[0]
    'exact search of this position may solve up to 10,000,000 parts (about 2.8 GiB of memory)'
    """
    need = estimate_bytes(states, position)
    return BudgetError(
        f"exact search of this position may solve up to {format_count(states)} parts "
        f"(about {format_bytes(need)} of memory); the budget is "
        f"{format_count(budget)}: raise it with --budget",
        states=states,
        bytes_needed=need,
        budget=budget,
    )


def estimate_bytes(states: int, position: object, work: int = 0) -> int:
    """Memory an exact search over ``states`` states (and ``work`` option visits) of positions
    like ``position`` may need: the memo, plus the option lists the walk holds on its path."""
    size = len(position) if isinstance(position, Sequence) else 3
    return states * (BYTES_PER_STATE + 8 * max(0, size - 3)) + work * BYTES_PER_VISIT


def format_bytes(count: int) -> str:
    """Human-readable byte count; astronomically large ones in powers of ten.

    >>> format_bytes(3 * 2**30), format_bytes(10**40)
    ('3.0 GiB', '1.0e+40 bytes')
    """
    if count >= _EXABYTES:  # huge counts are rarely met twice: no cache
        return f"{format_count(count)} bytes"
    return _format_bytes(count)


_EXABYTES = 1024**6


@lru_cache(maxsize=1024, typed=True)  # budgets and small counts recur in every refusal message
def _format_bytes(count: int) -> str:
    size = float(count)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if size < 1024:
            return f"{size:.1f} {unit}" if unit != "B" else f"{count} B"
        size /= 1024
    return f"{format_count(count)} bytes"


_EXACT_BELOW = 10**15
_FLOAT_BELOW = 10**300  # a constant: 10**300 in the body would be computed on every call


def format_count(n: int) -> str:
    """A count written exactly when short, in scientific notation when huge.

    >>> format_count(1234), format_count(10**40), format_count(10**400)
    ('1,234', '1.0e+40', '~10^400')
    """
    if n < _EXACT_BELOW:
        return f"{n:,}"
    if n < _FLOAT_BELOW:
        return f"{float(n):.1e}"
    return _power_of_ten(n)


@lru_cache(maxsize=1024)
def _power_of_ten(n: int) -> str:
    """``~10^e`` for a count beyond floats (e = floor(log10 n))."""
    exponent = int(n.bit_length() * 0.30102999566398120)  # floor(log10 n), without str(n)
    while 10**exponent > n:
        exponent -= 1
    return f"~10^{exponent}"


class Solver:
    """Exact memoised search for one rule set (any :class:`RuleSet`); keeps its cache across calls.

    It reads the game only through the rule set's hooks (``children``, ``is_terminal``,
    ``terminal_value``) and keys its memo by ``canonical_key``, so positions equal up to the
    rule set's symmetries are solved once. ``budget`` bounds the states a single request may
    need (its estimate is checked before any work starts); ``max_cache`` bounds what is kept
    between requests.
    """

    def __init__(
        self, variant: RuleSet[Any, Any], budget: int | None = None, max_cache: int = 5_000_000
    ) -> None:
        self.variant = variant
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.max_cache = max_cache
        self._impartial: dict[Hashable, ImpartialValue] = {}
        self._partizan: dict[Hashable, PartizanValue] = {}

    # ------------------------------------------------------------------ budget
    def check_budget(self, piles: Any) -> None:
        """Raise :class:`BudgetError` if searching ``piles`` may exceed the budget (a rule set
        that gives no estimate is not refused here: its search is bounded as it goes)."""
        key = self.variant.canonical_key(piles)
        if key in self._impartial or key in self._partizan:
            return
        states = estimate_or_none(self.variant, piles)
        if states is None:
            return
        work = self.variant.estimate_work(piles) if states <= self.budget else 0
        if states > self.budget or work > self.budget * WORK_PER_STATE:
            need = estimate_bytes(states, piles, work)
            what = (
                f"this {len(piles)}-pile position"
                if self.variant.family == "row" and isinstance(piles, Sequence)
                else "this position"
            )
            over = (
                f"{format_count(states)} states (about {format_bytes(need)} of memory); the "
                f"budget is {format_count(self.budget)} states"
                if states > self.budget
                else f"{format_count(states)} states but make up to {format_count(work)} option "
                f"visits (about {format_bytes(need)} of memory); the budget is "
                f"{format_count(self.budget * WORK_PER_STATE)} option visits "
                f"({WORK_PER_STATE} per budgeted state)"
            )
            raise BudgetError(
                f"exact search of {what} may visit up to {over}: {BUDGET_ADVICE}",
                states=states,
                bytes_needed=need,
                budget=self.budget,
            )

    # ------------------------------------------------------------------ values
    def value(self, piles: Any) -> Value:
        """The value of ``piles`` (impartial or partizan, by the variant)."""
        if isinstance(piles, list):
            piles = tuple(piles)
        if self.variant.impartial:
            return self.impartial_value(piles)
        return self.partizan_value(piles)

    def impartial_value(self, piles: Any) -> ImpartialValue:
        """Grundy value and remoteness of ``piles``."""
        variant = self.variant

        def children(node: Any) -> list[Any]:
            return variant.children(node)

        def combine(node: Any, values: list[ImpartialValue]) -> ImpartialValue:
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

    def partizan_value(self, piles: Any) -> PartizanValue:
        """Outcome data of ``piles`` in a partizan game (who wins moving first, remoteness)."""
        variant = self.variant
        # Keyed by the node object itself (it stays on the walk's stack from ``children`` to
        # ``combine``), so its canonical key is not computed twice more.
        left_count: dict[int, int] = {}

        def children(node: Any) -> list[Any]:
            left = variant.children(node, "L")
            left_count[id(node)] = len(left)
            return left + variant.children(node, "R")

        def combine(node: Any, values: list[PartizanValue]) -> PartizanValue:
            split = left_count.pop(id(node))
            if not values and variant.is_terminal(node) and variant.terminal_value(node):
                raise RuleSetError(
                    f"{error_label(variant)}: terminal_value() says the player to move wins at "
                    "a terminal position, but a partizan game is played under normal play here "
                    "(the player with no move loses): partizan misère play is not supported"
                )
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
        root: Any,
        cache: dict[Hashable, V],
        children_of: Callable[[Any], list[Any]],
        combine: Callable[[Any, list[V]], V],
    ) -> V:
        """Post-order walk with an explicit stack: a node is combined once its children are."""
        key = self.variant.canonical_key
        found = cache.get(key(root))
        if found is not None:
            return found
        self.check_budget(root)
        if len(cache) > self.max_cache:
            cache.clear()
        children_of = self.variant.watch_search(children_of, root, self.budget)
        if estimate_or_none(self.variant, root) is None:
            children_of = bounded_expansion(self.variant, children_of, self.budget)
        try:
            if type(self.variant).canonical_key is RuleSet.canonical_key:
                return post_order(root, cache, children_of, combine)  # the key is the position
            return post_order(root, cache, children_of, combine, key)
        except LoopError as loop:
            raise loop_error(self.variant, loop.node) from None

    def cached_states(self) -> int:
        """How many positions the cache holds."""
        return len(self._impartial) + len(self._partizan)


def estimate_or_none(rules: RuleSet[Any, Any], position: Any) -> int | None:
    """The rule set's ``estimate_states(position)``, or ``None`` if it gives none (the default
    hook's ``NotImplementedError``): then a search cannot be refused before it starts and is
    bounded as it goes (:func:`bounded_expansion`).

    >>> from endnim.variants import get_variant
    >>> estimate_or_none(get_variant("endnim"), (3, 4))
    17
    """
    try:
        return rules.estimate_states(position)
    except NotImplementedError:
        return None


def bounded_expansion(
    rules: RuleSet[Any, Any], children_of: Callable[[Any], list[Any]], budget: int
) -> Callable[[Any], list[Any]]:
    """``children_of``, stopped with a one-line :class:`BudgetError` once it has expanded more
    than ``budget`` positions or visited more than ``budget`` × :data:`WORK_PER_STATE` options:
    the bound of a search whose size the rule set cannot estimate beforehand.

    >>> from endnim.variants import get_variant
    >>> expand = bounded_expansion(get_variant("endnim"), lambda n: [n + 1], 3)
    >>> expand(0), expand(1), expand(2)
    ([1], [2], [3])
    >>> expand(3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    endnim.errors.BudgetError: exact search ... more than 3 positions; ... gives no estimate ...
    """
    expanded = 0
    visits = 0
    most_visits = budget * WORK_PER_STATE

    def bounded(node: Any) -> list[Any]:
        nonlocal expanded, visits
        expanded += 1
        if expanded > budget or visits > most_visits:
            over = (
                f"more than {format_count(budget)} positions"
                if expanded > budget
                else f"more than {format_count(most_visits)} option visits"
            )
            raise BudgetError(
                f"exact search in {error_label(rules)} stopped after {over}; it gives no "
                f"estimate of its search (estimate_states), so it is bounded as it goes: "
                f"{BUDGET_ADVICE}",
                states=expanded,
                bytes_needed=estimate_bytes(expanded, node, visits),
                budget=budget,
            )
        children = children_of(node)
        visits += len(children)
        return children

    return bounded


class LoopError(Exception):
    """A walk met ``node`` again while still searching below it: the moves lead back to it."""

    def __init__(self, node: object) -> None:
        super().__init__("a position is reachable from itself")
        self.node = node


def loop_error(rules: RuleSet[Any, Any], node: Any) -> RuleSetError:
    """The one-line refusal of a loopy rule set: its moves lead from ``node`` back to it.

    >>> from endnim.variants import get_variant
    >>> str(loop_error(get_variant("endnim"), (3, 1)))  # doctest: +ELLIPSIS
    "rule set 'endnim': its moves lead from 3 1 back to it (a loopy game): positions must ..."
    """
    try:
        shown = rules.format_position(node)
    except Exception:  # the rule set's notation may be the broken part: say it without it
        shown = ""
    shown = " ".join(shown.split())
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return RuleSetError(
        f"{error_label(rules)}: its moves lead from {shown or '(empty)'} back to it (a loopy "
        "game): positions must not repeat (every game must end)"
    )


def post_order(
    root: K,
    cache: dict[Any, T],
    children_of: Callable[[K], list[K]],
    combine: Callable[[K, list[T]], T],
    key: Callable[[K], Hashable] | None = None,
) -> T:
    """Fill ``cache`` bottom-up from ``root`` with an explicit stack (no recursion limit): a
    node is combined once all its children are in the cache. With ``key``, the cache is keyed
    by ``key(node)`` (nodes with one key are solved once). A node met again while it is still
    being searched below (a loop: the game need not end) raises :class:`LoopError`.

    >>> post_order(5, {}, lambda n: [n - 1] if n else [], lambda n, vs: 1 + sum(vs))
    6
    >>> post_order(-5, {}, lambda n: [abs(n) - 1] if n else [], lambda n, vs: 1 + sum(vs), abs)
    6
    >>> post_order(5, {}, lambda n: [(n + 1) % 3], lambda n, vs: 0)
    Traceback (most recent call last):
    ...
    endnim.search.LoopError: a position is reachable from itself
    """
    if key is not None:
        return _post_order_keyed(root, cache, children_of, combine, key)
    # The stack holds the path from the root only: a node resumes its scan of its children where
    # it left off and descends into one missing child at a time, so a lone pile of n (n options,
    # each with fewer) holds O(n) entries, not the O(n^2) of pushing every missing child at once.
    pending: dict[K, tuple[list[K], int]] = {}
    stack = [root]
    while stack:
        node = stack[-1]
        if node in cache:
            stack.pop()
            continue
        entry = pending.get(node)
        children, start = (children_of(node), 0) if entry is None else entry
        for index in range(start, len(children)):
            if children[index] not in cache:
                pending[node] = (children, index + 1)
                if children[index] in pending:  # on the path from the root: a loop
                    raise LoopError(children[index])
                stack.append(children[index])
                break
        else:
            stack.pop()
            pending.pop(node, None)
            cache[node] = combine(node, [cache[c] for c in children])
    return cache[root]


def _post_order_keyed(
    root: K,
    cache: dict[Any, T],
    children_of: Callable[[K], list[K]],
    combine: Callable[[K, list[T]], T],
    key: Callable[[K], Hashable],
) -> T:
    # Each child's key is computed once (canonical keys may cost far more than the moves); the
    # stack holds the path only, as in post_order.
    pending: dict[Hashable, tuple[list[K], list[Hashable], int]] = {}
    root_key = key(root)
    stack = [(root, root_key)]
    while stack:
        node, node_key = stack[-1]
        if node_key in cache:
            stack.pop()
            continue
        entry = pending.get(node_key)
        if entry is None:
            children = children_of(node)
            keys, start = [key(c) for c in children], 0
        else:
            children, keys, start = entry
        for index in range(start, len(keys)):
            if keys[index] not in cache:
                pending[node_key] = (children, keys, index + 1)
                if keys[index] in pending:  # on the path from the root: a loop
                    raise LoopError(children[index])
                stack.append((children[index], keys[index]))
                break
        else:
            stack.pop()
            pending.pop(node_key, None)
            cache[node_key] = combine(node, [cache[k] for k in keys])
    return cache[root_key]


_DEFAULT_SOLVERS: dict[tuple[type, str], Solver] = {}


def default_solver(variant: RuleSet[Any, Any], budget: int | None = None) -> Solver:
    """A shared solver per rule set (its cache serves later calls); ``budget`` updates it."""
    slot = (type(variant), variant.name)
    solver = _DEFAULT_SOLVERS.get(slot)
    if solver is None:
        solver = _DEFAULT_SOLVERS[slot] = Solver(variant)
    solver.budget = DEFAULT_BUDGET if budget is None else budget
    return solver
