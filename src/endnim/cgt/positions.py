"""The End-Nim bridge: canonical forms of partizan End-Nim positions and of their sums.

A position's Left and Right options come from the rule set, ``get_variant("partizan")``
(Albert & Nowakowski 2001, §3: Left plays the first pile, Right the last, both a lone pile);
nothing about the game is written here. Positions are evaluated once each, children first,
by an explicit post-order walk (no recursion limit on the walk), and kept in a cache that later
calls reuse. A request is refused before any work, with an estimate, when its positions or
option visits exceed the budget.

>>> str(position_value((2, 4, 1))), str(position_value((2, 1))), str(position_value((3,)))
('{0,*,*2,*3,*4|{*4,↓*5|0}}', '↑*3', '*3')
>>> str(sum_value([(3, 1, 2), (2, 2)])), outcome(position_value((5, 2, 4, 1)))
('{0|↑*2,⇑*3}', 'P')
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from endnim.cgt.arithmetic import add
from endnim.cgt.canonical import game
from endnim.cgt.game import CORE, ZERO, Game, intern_ids
from endnim.cgt.order import outcome
from endnim.errors import BudgetError, RuleSetError, VariantError
from endnim.position import Position
from endnim.ruleset import RuleSet, error_label
from endnim.search import (
    WORK_PER_STATE,
    LoopError,
    bounded_expansion,
    estimate_or_none,
    format_bytes,
    format_count,
    loop_error,
    post_order,
)
from endnim.variants import get_row_variant, get_variant
from endnim.variants.base import Piles, Variant, end_children

__all__ = [
    "DEFAULT_BUDGET",
    "deep_recursion",
    "estimate_work",
    "outcome",
    "position_value",
    "sum_value",
]

DEFAULT_BUDGET = 200_000
"""Positions one request may evaluate by default; option visits may be 10 times as many (the
worst rows cost about 12 µs per option visit, so at most about half a minute)."""


BYTES_PER_STATE = 600
"""Measured memory per cached position with its canonical form, for the refusal's estimate."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: positions evaluated so far, of the estimate."""

SHALLOW = 200
"""Rows with fewer coins are evaluated without raising the recursion limit (a game's birthday,
hence the depth of a comparison, is at most its number of coins)."""

_VARIANT = get_row_variant("partizan")
_PLAIN = (
    not _VARIANT.reversible
    and type(_VARIANT).allows is Variant.allows
    and type(_VARIANT).allows_take is Variant.allows_take
    and type(_VARIANT).is_terminal is Variant.is_terminal
)
"""Whether the variant's options are just "any new size at one end" (its hooks are the
defaults), so :func:`_children` may build them at once, without ``raw_options``' checks."""


def _children(piles: Piles, player: str) -> list[Piles]:
    """The player's options from ``piles``, as ``[o[3] for o in raw_options(piles, player)]``.

    >>> _children((3, 1, 2), "L") == [o[3] for o in _VARIANT.raw_options((3, 1, 2), "L")]
    True
    """
    if _PLAIN and piles:
        ends = _VARIANT.ends(piles, player)  # type: ignore[arg-type]
        if len(ends) == 1:  # one end: every new size gives a different row
            end = ends[0]
            return end_children(piles, end, range(piles[0] if end == "L" else piles[-1]))
    return [option[3] for option in _VARIANT.raw_options(piles, player)]  # type: ignore[arg-type]


_VALUES: dict[Piles, Game] = {(): ZERO}
MAX_CACHE = 5_000_000


@contextmanager
def deep_recursion(limit: int = 200_000) -> Iterator[None]:
    """Raise Python's recursion limit for the duration (comparisons recurse by birthday).

    Python 3.11+ runs Python-to-Python calls without the C stack, so a high limit is safe for
    the engine's pure-Python recursion.

    >>> with deep_recursion(12345):
    ...     sys.getrecursionlimit() >= 12345
    True
    """
    old = sys.getrecursionlimit()
    if limit > old:
        sys.setrecursionlimit(limit)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def estimate_work(piles: Sequence[int]) -> tuple[int, int]:
    """(positions, option visits) an evaluation of ``piles`` may need, before any work.

    Positions are the rule set's bound (rows x·w·y, w a run, x, y at most the piles around
    it); each x·w·y has x + y options, summed in closed form from Σa, Σa², Σa³.

    >>> estimate_work((3,)), estimate_work((2, 2))
    ((4, 12), (7, 24))
    """
    row = tuple(piles)
    states = _VARIANT.estimate_states(row)
    s1 = s2 = s3 = 0
    for pile in row:
        square = pile * pile
        s1 += pile
        s2 += square
        s3 += square * pile
    # Σ_{i<j} a_i a_j (a_i + 1 + a_j + 1) / 2  (pairs) + Σ a(a+1) (lone piles, both players)
    pair_options = ((s1 * s2 - s3) + (s1 * s1 - s2)) // 2
    return states, pair_options + s2 + s1


def _check_budget(piles: Piles, budget: int) -> int:
    """The estimated positions, after refusing a request beyond the budget."""
    states, work = estimate_work(piles)
    if states > budget or work > WORK_PER_STATE * budget:
        need = states * BYTES_PER_STATE
        raise BudgetError(
            f"the canonical form of this {len(piles)}-pile position may need up to "
            f"{format_count(states)} positions and {format_count(work)} option visits (about "
            f"{format_bytes(need)} of memory); the budget is {format_count(budget)} positions "
            f"and {format_count(WORK_PER_STATE * budget)} option visits: raise it with --budget",
            states=states,
            bytes_needed=need,
            budget=budget,
        )
    return states


def position_value(
    position: Any,
    *,
    budget: int | None = None,
    progress: Progress | None = None,
    rules: RuleSet[Any, Any] | str | None = None,
) -> Game:
    """The canonical form of a position of a partizan rule set (default: partizan End-Nim,
    A–N §3 rules, from the variant).

    ``budget`` bounds the positions evaluated (default :data:`DEFAULT_BUDGET`); cached
    positions cost nothing. Any partizan :class:`~endnim.ruleset.RuleSet` works through its
    generic hooks (options per player, keyed by ``canonical_key``).

    >>> str(position_value("1 2")), str(position_value([2, 2])), str(position_value("3 1 2"))
    ('↓*3', '0', '{0|↑*2,⇑*3}')
    """
    if rules is not None:
        ruleset = get_variant(rules)
        if ruleset is not _VARIANT:
            return _ruleset_value(ruleset, position, budget, progress)
    if isinstance(position, str):
        piles: Piles = tuple(Position.parse(position))
    elif type(position) is tuple and all(type(p) is int and p > 0 for p in position):
        piles = position  # already a row of positive ints: skip the copy
    else:
        piles = tuple(Position(position))
    cache = _VALUES
    found = cache.get(piles)
    if found is not None:
        return found
    if len(cache) > MAX_CACHE:
        cache.clear()
        cache[()] = ZERO
    raw = _VARIANT.raw_options
    if sum(piles) < SHALLOW:  # birthdays <= coins, so comparisons stay shallow
        lefts = _children(piles, "L")
        rights = _children(piles, "R")
        try:  # the common case when rows are met in order: every option is known already
            left_games = [cache[c] for c in lefts]
            right_games = [cache[c] for c in rights]
        except KeyError:
            pass
        else:  # one construction from known options: nothing for the budget to refuse
            ids = None if CORE is None else CORE.canon(left_games, right_games)  # game()'s work
            found = game(left_games, right_games) if ids is None else intern_ids(*ids)
            cache[piles] = found
            return found
    total = _check_budget(piles, DEFAULT_BUDGET if budget is None else budget)
    lefts_count: dict[Piles, int] = {}
    done = 0

    def children_of(node: Piles) -> list[Piles]:
        lefts = [option[3] for option in raw(node, "L")]
        lefts_count[node] = len(lefts)
        return lefts + [option[3] for option in raw(node, "R")]

    def combine(node: Piles, values: list[Game]) -> Game:
        nonlocal done
        done += 1
        if progress is not None and not done & 1023:
            progress(done, total)
        split = lefts_count.pop(node)
        return game(values[:split], values[split:])

    with deep_recursion():
        post_order(piles, cache, children_of, combine)
    if progress is not None:
        progress(total, total)
    return cache[piles]


def _ruleset_value(
    rules: RuleSet[Any, Any], position: Any, budget: int | None, progress: Progress | None
) -> Game:
    """Canonical form in any partizan rule set, through the generic interface."""
    if rules.impartial:
        raise VariantError(
            f"canonical forms here are for partizan games; {rules.title} is impartial "
            "(its value is the nimber of its Grundy value: endnim analyze)"
        )
    node0 = rules.coerce_position(position)
    key = rules.canonical_key
    cache = _RULESET_VALUES.setdefault((type(rules), rules.name), {})
    found = cache.get(key(node0))
    if found is not None:
        return found
    if type(rules).components is not RuleSet.components:
        parts = rules.components(node0)
        if len(parts) > 1:  # a sum of independent parts: the sum of their values
            with deep_recursion():
                total = ZERO
                for part in parts:
                    total = add(total, _ruleset_value(rules, part, budget, progress))
            cache[key(node0)] = total
            return total
    limit = DEFAULT_BUDGET if budget is None else budget
    estimate = estimate_or_none(rules, node0)  # None: no estimate, bounded as it goes
    states = limit if estimate is None else estimate
    work = 0 if estimate is None else rules.estimate_work(node0)
    if states > limit or work > WORK_PER_STATE * limit:
        need = states * BYTES_PER_STATE
        raise BudgetError(
            f"the canonical form of this position may need up to {format_count(states)} "
            f"positions and {format_count(work)} option visits (about {format_bytes(need)} of "
            f"memory); the budget is {format_count(limit)} positions: raise it with --budget",
            states=states,
            bytes_needed=need,
            budget=limit,
        )
    if len(cache) > MAX_CACHE:
        cache.clear()
    lefts_count: dict[Hashable, int] = {}
    done = 0

    def children_of(node: Any) -> list[Any]:
        lefts = rules.children(node, "L")
        lefts_count[key(node)] = len(lefts)
        return lefts + rules.children(node, "R")

    def combine(node: Any, values: list[Game]) -> Game:
        nonlocal done
        done += 1
        if progress is not None and not done & 1023:
            progress(done, states)
        split = lefts_count.pop(key(node))
        if not values and rules.is_terminal(node) and rules.terminal_value(node):
            raise RuleSetError(
                f"{error_label(rules)}: terminal_value() says the player to move wins at a "
                "terminal position, but canonical forms are of normal play (the player with no "
                "move loses): partizan misère play is not supported"
            )
        return game(values[:split], values[split:])

    expand = children_of if estimate is not None else bounded_expansion(rules, children_of, limit)
    try:
        with deep_recursion():
            result = post_order(node0, cache, expand, combine, key)
    except LoopError as loop:
        raise loop_error(rules, loop.node) from None
    if progress is not None:
        progress(states, states)
    return result


_RULESET_VALUES: dict[tuple[type, str], dict[Hashable, Game]] = {}


def sum_value(
    positions: Sequence[Sequence[int] | str],
    *,
    budget: int | None = None,
    progress: Progress | None = None,
    rules: RuleSet[Any, Any] | str | None = None,
) -> Game:
    """The canonical form of a disjunctive sum of positions (``3 1 2 + 2 2``).

    Each summand is evaluated within the budget, then the sums are formed; a sum visits at
    most the product of the summands' subgame counts, which must also fit the budget.

    >>> str(sum_value(["1", "1"])), str(sum_value(["2 1", "1 2"])), str(sum_value([]))
    ('0', '0', '0')
    """
    limit = DEFAULT_BUDGET if budget is None else budget
    values = [position_value(p, budget=limit, progress=progress, rules=rules) for p in positions]
    product = 1
    for value in values:
        product *= _subgame_count(value)
    if len(values) > 1 and product > limit:
        raise BudgetError(
            f"this sum of {len(values)} positions may form up to {format_count(product)} "
            f"partial sums; the budget is {format_count(limit)}: raise it with --budget",
            states=product,
            bytes_needed=product * BYTES_PER_STATE,
            budget=limit,
        )
    total = ZERO
    with deep_recursion():
        for value in values:
            total = add(total, value)
    return total


def _subgame_count(g: Game) -> int:
    """Distinct games reachable in the canonical form of ``g`` (itself included)."""
    seen = {g.id}
    todo = [g]
    while todo:
        current = todo.pop()
        for option in (*current.left, *current.right):
            if option.id not in seen:
                seen.add(option.id)
                todo.append(option)
    return len(seen)
