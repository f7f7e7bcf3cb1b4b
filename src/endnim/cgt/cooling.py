"""Cooling: G cooled by t, each move taxed t (Siegel, *Combinatorial Game Theory*, 2013,
Def. II.5.1; *Winning Ways*, ch. 6).

G_t = {G^L_t - t | G^R_t + t}, except that an integer stays itself and, above G's
temperature, G_t is its mean (the mast of its thermograph, :mod:`endnim.cgt.thermograph`).
At the temperature itself the formula still holds: ``*`` cooled by 0 is ``*``.

>>> from endnim.cgt import parse
>>> [str(cool(parse(s), 1)) for s in ("{3|-1}", "+-1", "{4|{2|0}}", "^", "7")]
['{2|0}', '*', '{3|2*}', '0', '7']
"""

from __future__ import annotations

from fractions import Fraction

from endnim.cgt.arithmetic import add
from endnim.cgt.canonical import game
from endnim.cgt.game import CORE, Game, number, through_core
from endnim.cgt.thermograph import thermograph

__all__ = ["cool"]

_COOLINGS: dict[Fraction, _Cooling] = {}
"""Per cooling temperature t: its memo (game id -> G cooled by t)."""
_BY_INPUT: dict[Fraction | int | str, _Cooling] = {}
"""The same, by the argument as given (``"1/2"``, ``1``): no Fraction made per call."""


def cool(g: Game, t: Fraction | int | str) -> Game:
    """G cooled by the dyadic t >= -1 (Siegel Def. II.5.1), in canonical form.

    >>> from endnim.cgt import parse
    >>> str(cool(parse("{3|-1}"), "1/2")), str(cool(parse("*"), 0)), str(cool(parse("1/2"), -1))
    ('{5/2|-1/2}', '*', '{1|0}')
    """
    cooling = _BY_INPUT.get(t)
    if cooling is None:
        tax = Fraction(t)
        if tax.denominator & (tax.denominator - 1):
            raise ValueError(f"cooling needs a dyadic rational, not {tax}")
        if tax < -1:
            raise ValueError(f"cooling is defined for t >= -1, not {tax}")
        cooling = _COOLINGS.get(tax)
        if cooling is None:
            cooling = _COOLINGS[tax] = _Cooling(tax)
        _BY_INPUT[t] = cooling
    return cooling.cool(g)


class _Cooling:
    """One cooling temperature t: its memo (by game id) and the numbers -t and t."""

    __slots__ = ("memo", "minus", "numerator", "plus", "scale", "t")

    def __init__(self, t: Fraction) -> None:
        self.t = t
        self.memo: dict[int, Game] = {}
        self.minus = number(-t)
        self.plus = number(t)
        self.numerator = t.numerator
        self.scale = t.denominator.bit_length() - 1  # t = numerator / 2^scale

    def cool(self, g: Game) -> Game:
        found = self.memo.get(g.id)
        if found is not None:
            return found
        if CORE is not None:  # the whole recursion on ids, in C (None: declined)
            found = through_core(lambda core: core.cool(g.id, self.numerator, self.scale))
            if found is not None:
                self.memo[g.id] = found
                return found
        return self.python_cool(g)

    def python_cool(self, g: Game) -> Game:
        """:meth:`cool` in Python: the reference the compiled core is tested against."""
        found = self.memo.get(g.id)
        if found is not None:
            return found
        value = g.nus
        if value is not None and not value[1] and not value[2] and value[0].denominator == 1:
            found = g  # an integer
        else:
            thermo = thermograph(g)
            if thermo.colder_than(self.t):
                found = number(thermo.mean)
            else:
                cool, minus, plus = self.python_cool, self.minus, self.plus
                found = game(
                    [add(cool(x), minus) for x in g.left],
                    [add(cool(x), plus) for x in g.right],
                )
        self.memo[g.id] = found
        return found
