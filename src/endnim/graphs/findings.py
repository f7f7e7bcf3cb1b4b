"""Closed forms found for the graph families (docs/graphs.md, "What the data show"); each says
whether it is proved (the proof is in the docs) or observed on a stated range (the tests
recheck it against exhaustive search there). None of them is from a paper: Albert & Nowakowski
(2001) pose the games and leave them open.

>>> star_p(1, [1, 2, 3]), star_p(3, [3, 3, 3]), star_p(3, [3, 3])
(True, True, False)
>>> star_grundy_centre_one([1, 1, 5]), spider_p_centre_one([[2, 1], [1, 2], [3]])
(4, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import xor


def is_mersenne(c: int) -> bool:
    """Whether ``c`` is 2^m − 1 for some m >= 1 (1, 3, 7, 15, ...).

    >>> [c for c in range(1, 16) if is_mersenne(c)]
    [1, 3, 7, 15]
    """
    return c >= 1 and c & (c + 1) == 0


def nim_sum(values: Sequence[int]) -> int:
    """The xor of ``values``."""
    return reduce(xor, values, 0)


def path_p(a: int, c: int, b: int) -> bool:
    """**Proved** (docs/graphs.md, Finding 1): the star with two leaves a, b and centre c (the
    path a·c·b, End-Nim's three piles) is a P-position exactly when a = b ≠ c.

    >>> path_p(2, 1, 2), path_p(1, 1, 1)
    (True, False)
    """
    return a == b != c


def star_p(centre: int, leaves: Sequence[int]) -> bool:
    """**Proved** for a centre c = 2^m − 1 and k >= 2 leaves (docs/graphs.md, Finding 2): the
    star is a P-position exactly when the leaves' nim-sum is 0, except that c, c, ..., c flips
    (P for k odd, N for k even). Raises ValueError for other centres (no such rule holds).
    """
    if len(leaves) < 2:
        raise ValueError("the rule is for stars with at least two leaves")
    if len(leaves) == 2:
        return path_p(leaves[0], centre, leaves[1])
    if not is_mersenne(centre):
        raise ValueError(f"the rule is proved for centres 2^m - 1 only, not {centre}")
    return (nim_sum(leaves) == 0) != all(x == centre for x in leaves)


def star_grundy_centre_one(leaves: Sequence[int]) -> int:
    """**Proved** (docs/graphs.md, Finding 3): the Grundy value of the star with centre 1 and
    k >= 1 leaves is the leaves' nim-sum, xor 1 when all leaves but at most one are 1.
    """
    flip = sum(1 for x in leaves if x != 1) <= 1
    return nim_sum(leaves) ^ (1 if flip else 0)


def leg_value(leg: Sequence[int]) -> int:
    """The Grundy value of a leg of at most two vertices played from its free end only (the
    vertex it hangs from never moves): x for one vertex, and for x (inner) then y (outer)
    y − 1 if y <= x, else y (**proved**: by induction on y, the options are the values of
    (x, 1..y−1) and x alone).

    >>> [leg_value([3, y]) for y in range(1, 7)]
    [0, 1, 2, 4, 5, 6]
    """
    if len(leg) == 1:
        return leg[0]
    x, y = leg
    return y - 1 if y <= x else y


def spider_p_centre_one(legs: Sequence[Sequence[int]]) -> bool:
    """**Observed** (docs/graphs.md, Finding 4; ranges there): a spider with centre 1 and k >= 2
    legs of one or two vertices is a P-position exactly when the legs' values
    (:func:`leg_value`) have nim-sum 0, except when every label is 1 (then exactly when the
    number of vertices is even, which is proved: every move deletes one vertex).
    """
    if len(legs) < 2 or any(not 1 <= len(leg) <= 2 for leg in legs):
        raise ValueError("the rule is for spiders with two or more legs of one or two vertices")
    zero = nim_sum([leg_value(leg) for leg in legs]) == 0
    return zero != all(x == 1 for leg in legs for x in leg)


__all__ = [
    "is_mersenne",
    "leg_value",
    "nim_sum",
    "path_p",
    "spider_p_centre_one",
    "star_grundy_centre_one",
    "star_p",
]
