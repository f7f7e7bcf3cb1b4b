"""Early refusal of a user's rule set whose positions keep growing: a size bound from the start.

A short game's search from a position meets only finitely many positions, and for the rule
sets people write they are no bigger than the start (piles shrink, rows get shorter, edges are
removed). A rule set whose moves make positions bigger and bigger (a row that gets longer each
move, a pile that grows) never ends; without a bound its search runs until the budget or the
memory watch stops it, after seconds and hundreds of MiB. :func:`growth_bound` gives the
largest :func:`position_size` a watched search may meet — :data:`GROWTH_FACTOR` times the
largest start plus :data:`GROWTH_SLACK` — and
:func:`endnim.variants.guarded.watched_expansion` refuses the search, in one line naming the
rule set, as soon as it expands a position past it: after a few hundred states.

>>> position_size((3, 1, 4)), position_size(((1, 2), frozenset({"ab"}))), growth_bound([(3, 1, 4)])
(12, 11, 112)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["GROWTH_FACTOR", "GROWTH_SLACK", "growth_bound", "position_size"]

GROWTH_FACTOR = 4
"""How many times the largest start a position of a watched search may be."""
GROWTH_SLACK = 64
"""Added to the bound, so small starts may grow a little (a heap split into several)."""


def position_size(position: Any) -> int:
    """How big a position is: an integer n counts 1 + |n|, a string 1 + its length, a
    container (tuple, list, set, dict) 1 + its items' sizes, anything else 1.

    >>> position_size(()), position_size((5,)), position_size((1, 1, 1, 1, 1))
    (1, 7, 11)
    """
    total = 0
    pending = [position]
    while pending:
        item = pending.pop()
        total += 1
        if isinstance(item, bool):
            continue
        if isinstance(item, int):
            total += abs(item)
        elif isinstance(item, str):
            total += len(item)
        elif isinstance(item, tuple | list | set | frozenset):
            pending.extend(item)
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
    return total


def growth_bound(starts: Iterable[Any]) -> int:
    """The largest size a watched search from ``starts`` may meet.

    >>> growth_bound([(1,), (2, 2)]), growth_bound([])
    (92, 68)
    """
    return GROWTH_FACTOR * max((position_size(s) for s in starts), default=1) + GROWTH_SLACK
