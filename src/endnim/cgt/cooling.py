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
from endnim.cgt.game import Game, number
from endnim.cgt.thermograph import thermograph

__all__ = ["cool"]

_MEMO: dict[tuple[int, Fraction], Game] = {}


def cool(g: Game, t: Fraction | int | str) -> Game:
    """G cooled by the dyadic t >= -1 (Siegel Def. II.5.1), in canonical form.

    >>> from endnim.cgt import parse
    >>> str(cool(parse("{3|-1}"), "1/2")), str(cool(parse("*"), 0)), str(cool(parse("1/2"), -1))
    ('{5/2|-1/2}', '*', '{1|0}')
    """
    tax = Fraction(t)
    if tax.denominator & (tax.denominator - 1):
        raise ValueError(f"cooling needs a dyadic rational, not {tax}")
    if tax < -1:
        raise ValueError(f"cooling is defined for t >= -1, not {tax}")
    return _cool(g, tax)


def _cool(g: Game, t: Fraction) -> Game:
    key = (g.id, t)
    found = _MEMO.get(key)
    if found is not None:
        return found
    value = g.number_value
    if value is not None and value.denominator == 1:
        found = g
    else:
        thermo = thermograph(g)
        if t > thermo.temperature:
            found = number(thermo.mean)
        else:
            minus, plus = number(-t), number(t)
            found = game(
                [add(_cool(x, t), minus) for x in g.left],
                [add(_cool(x, t), plus) for x in g.right],
            )
    _MEMO[key] = found
    return found
