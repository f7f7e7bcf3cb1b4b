"""Left and right stops: the number reached when both players play alternately from G.

LS(x) = RS(x) = x for a number x; otherwise LS(G) = max RS(G^L) and RS(G) = min LS(G^R)
(Siegel, *Combinatorial Game Theory*, II.3). Every End-Nim value is infinitesimal (both stops
0), so these serve the printing of tinies and the atomic weight calculus.

>>> from endnim.cgt import parse
>>> left_stop(parse("{3|-1}")), right_stop(parse("{3|-1}")), left_stop(parse("^*"))
(Fraction(3, 1), Fraction(-1, 1), Fraction(0, 1))
"""

from __future__ import annotations

from fractions import Fraction

from endnim.cgt.game import Game

__all__ = ["left_stop", "right_stop"]

_LEFT: dict[int, Fraction] = {}
_RIGHT: dict[int, Fraction] = {}


def left_stop(g: Game) -> Fraction:
    """LS(G): Left moves first, play goes on until a number is reached (Siegel II.3).

    >>> from endnim.cgt import parse
    >>> left_stop(parse("1/2")), left_stop(parse("+-2"))
    (Fraction(1, 2), Fraction(2, 1))
    """
    value = g.number_value
    if value is not None:
        return value
    found = _LEFT.get(g.id)
    if found is None:
        stops = [right_stop(x) for x in g.left]  # a comprehension: recursion stays in Python
        found = max(stops)
        _LEFT[g.id] = found
    return found


def right_stop(g: Game) -> Fraction:
    """RS(G): Right moves first (Siegel II.3).

    >>> from endnim.cgt import parse
    >>> right_stop(parse("+-2")), right_stop(parse("*"))
    (Fraction(-2, 1), Fraction(0, 1))
    """
    value = g.number_value
    if value is not None:
        return value
    found = _RIGHT.get(g.id)
    if found is None:
        stops = [left_stop(x) for x in g.right]
        found = min(stops)
        _RIGHT[g.id] = found
    return found
