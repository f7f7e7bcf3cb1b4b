"""All-small games and their atomic weights (the atomic weight calculus).

An all-small game is one in which, at every position, Left can move exactly when Right can
(Siegel, *Combinatorial Game Theory*, 2013, §II.7): every End-Nim position is one, since a
non-empty row always offers both players a move. Such a game G is close to aw(G)·↑, and its
atomic weight aw(G) follows from the atomic weight calculus of Berlekamp–Conway–Guy (*Winning
Ways*, ch. 8, eccentric cases included) and Siegel (§II.7), in the form CGSuite computes it:

* aw(x↑*m) = x's up multiple (number part 0 here), aw(*m) = 0;
* otherwise G'' = {aw(G^L) - 2 | aw(G^R) + 2}; aw(G) = G'' unless G'' is an integer;
* if G'' is an integer, compare G with the far star ☆ (*N, N beyond every nimber in G): if
  G < ☆, aw(G) is the least integer n with n ⧐ every aw(G^L) - 2; if G > ☆, the greatest
  integer n with n ⧏ every aw(G^R) + 2; otherwise G''.

The two-ahead rule follows: aw(G) >= 2 implies G > 0, and aw(G) >= 1 implies G ⧐ 0.

>>> from endnim.cgt import parse
>>> [str(atomic_weight(parse(t))) for t in ("^", "*3", "^^*", "{0|^}", "v3*2", "{0|*2}")]
['1', '0', '2', '2', '-3', '1']
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil, floor

from endnim.cgt.arithmetic import add
from endnim.cgt.canonical import game
from endnim.cgt.game import ZERO, Game, integer, nimber
from endnim.cgt.order import leq
from endnim.cgt.stops import left_stop, right_stop
from endnim.errors import EndNimError

__all__ = ["NotAllSmallError", "atomic_weight", "far_star", "is_all_small"]

_ALL_SMALL: dict[int, bool] = {}
_FAR_STAR: dict[int, int] = {}
_WEIGHTS: dict[int, Game] = {}


class NotAllSmallError(EndNimError):
    """The atomic weight calculus applies to all-small games only."""


def is_all_small(g: Game) -> bool:
    """Whether Left can move exactly when Right can, in G and every position of G (Siegel II.7).

    >>> from endnim.cgt import parse
    >>> [is_all_small(parse(t)) for t in ("0", "*", "^", "1", "+-1", "{0|*2}")]
    [True, True, True, False, False, True]
    """
    found = _ALL_SMALL.get(g.id)
    if found is None:
        if bool(g.left) != bool(g.right):
            found = False
        else:
            found = True
            for option in (*g.left, *g.right):
                if not is_all_small(option):
                    found = False
                    break
        _ALL_SMALL[g.id] = found
    return found


def far_star(g: Game) -> int:
    """N with *N a far star for G: one more than every nimber met in G's canonical form.

    >>> from endnim.cgt import parse
    >>> far_star(parse("^")), far_star(parse("{0|*5}")), far_star(parse("*3"))
    (2, 6, 4)
    """
    found = _FAR_STAR.get(g.id)
    if found is None:
        star = g.nimber_value
        if star is not None:
            found = star + 1
        else:
            found = 1
            for option in (*g.left, *g.right):
                found = max(found, far_star(option))
        _FAR_STAR[g.id] = found
    return found


def atomic_weight(g: Game) -> Game:
    """aw(G) of an all-small game by the atomic weight calculus (Winning Ways ch. 8; Siegel
    II.7). Raises :class:`NotAllSmallError` for other games.

    ``{0|*2}`` is ``↑*3``, the canonical form of ``↑ + *3``, so its atomic weight is 1.

    >>> from endnim.cgt import parse
    >>> str(atomic_weight(parse("{0,*|*,{0|*2}}"))), str(atomic_weight(parse("{0|{0|*3},^*2}")))
    ('1', '2')
    >>> atomic_weight(parse("1"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    endnim.cgt.atomic.NotAllSmallError: the atomic weight is defined ... 1 is not one
    """
    if not is_all_small(g):
        raise NotAllSmallError(
            f"the atomic weight is defined here for all-small games only; {g} is not one"
        )
    return _weight(g)


_TWO = integer(2)
_MINUS_TWO = integer(-2)


def _weight(g: Game) -> Game:
    value = g.nus
    if value is not None:  # all-small, so x = 0: aw(n↑*m) = n
        return integer(value[1])
    found = _WEIGHTS.get(g.id)
    if found is not None:
        return found
    lefts = [add(_weight(x), _MINUS_TWO) for x in g.left]
    rights = [add(_weight(x), _TWO) for x in g.right]
    found = game(lefts, rights)
    number = found.number_value
    if number is not None and number.denominator == 1:
        star = nimber(far_star(g))
        below, above = leq(g, star), leq(star, g)
        if below and not above:
            found = integer(max(_least_integer_above(x) for x in lefts)) if lefts else ZERO
        elif above and not below:
            found = integer(min(_greatest_integer_below(x) for x in rights)) if rights else ZERO
    _WEIGHTS[g.id] = found
    return found


def _least_integer_above(x: Game) -> int:
    """Least integer n with n ⧐ x (not n <= x)."""
    n = ceil(Fraction(right_stop(x)))
    return n + 1 if leq(integer(n), x) else n


def _greatest_integer_below(x: Game) -> int:
    """Greatest integer n with n ⧏ x (not x <= n)."""
    n = floor(Fraction(left_stop(x)))
    return n - 1 if leq(x, integer(n)) else n
