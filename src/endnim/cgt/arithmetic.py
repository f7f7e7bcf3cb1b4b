"""Negation and disjunctive sums of canonical games, memoised by the games' ids.

-G = {-G^R | -G^L} is canonical when G is; G + H = {G^L + H, G + H^L | G^R + H, G + H^R}
canonicalised (Conway, *ONAG*, ch. 1 and 10; Siegel, *Combinatorial Game Theory*, II.1).
Two shortcuts: number-up-star values add componentwise (x + n↑ + *m; Siegel II.4), and a
number x is added by translation, G + x = {G^L + x | G^R + x} (the number translation
theorem, Siegel II.3).

>>> from endnim.cgt import parse
>>> str(parse("^") + parse("^")), str(parse("^") + parse("v")), str(-parse("{0|*2}"))
('⇑', '0', '↓*3')
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from endnim.cgt.canonical import game
from endnim.cgt.game import CORE, OPERATIONS, ZERO, Game, intern, nus, through_core

__all__ = ["add", "multiple", "negate", "python_add", "python_negate", "subtract", "sum_of"]

_SUMS: dict[tuple[int, int], Game] = {}


def negate(g: Game) -> Game:
    """-G = {-G^R | -G^L}: the players' roles exchanged.

    >>> from endnim.cgt import parse
    >>> str(negate(parse("^*"))), negate(parse("*3")) is parse("*3")
    ('↓*', True)
    """
    found = g._neg
    if found is not None:
        return found
    value = g.nus
    if value is not None:
        found = nus(-value[0], -value[1], value[2])
    else:
        ident = g.id  # the compiled core negates it on ids (None: declined, born too late)
        found = through_core(lambda core: core.negate(ident)) if CORE is not None else None
        if found is None:
            found = python_negate(g)
    g._neg = found
    found._neg = g
    return found


def python_negate(g: Game) -> Game:
    """:func:`negate` in pure Python (the reference the compiled core is tested against).

    >>> from endnim.cgt import parse
    >>> str(python_negate(parse("{2|{1|*}}")))
    '{{*|-1}|-2}'
    """
    found = g._neg
    if found is not None:
        return found
    value = g.nus
    if value is not None:
        found = nus(-value[0], -value[1], value[2])
    else:
        found = intern([python_negate(r) for r in g.right], [python_negate(x) for x in g.left])
    g._neg = found
    found._neg = g
    return found


def add(g: Game, h: Game) -> Game:
    """The disjunctive sum G + H in canonical form.

    >>> from endnim.cgt import parse
    >>> str(add(parse("*"), parse("*"))), str(add(parse("^"), parse("*"))), str(parse("1/2") + 1)
    ('0', '↑*', '3/2')
    """
    return _sum(g, h, compiled=CORE is not None)


def python_add(g: Game, h: Game) -> Game:
    """:func:`add` in pure Python, memoised in the same table (the reference the compiled
    core is tested against; its options' sums are Python's too).

    >>> from endnim.cgt import parse
    >>> str(python_add(parse("{2|-1}"), parse("{1|*}")))
    '{{3|2*}|{0|-1*}}'
    """
    return _sum(g, h, compiled=False)


def _sum(g: Game, h: Game, *, compiled: bool) -> Game:
    """G + H from the memo, the number-up-star shortcut, the compiled core (when ``compiled``
    and it does not decline) or the recursion on options, memoised."""
    if g is ZERO:
        return h
    if h is ZERO:
        return g
    key = (g.id, h.id) if g.id <= h.id else (h.id, g.id)
    found = _SUMS.get(key)
    if found is not None:
        return found
    gv, hv = g.nus, h.nus
    if gv is not None and hv is not None:
        found = nus(gv[0] + hv[0], gv[1] + hv[1], gv[2] ^ hv[2])
    else:
        if compiled:  # the whole recursion on ids, in C (None: declined)
            found = through_core(lambda core: core.sum(g.id, h.id))
        if found is None:
            g_number = gv is not None and gv[1] == 0 and gv[2] == 0
            h_number = hv is not None and hv[1] == 0 and hv[2] == 0
            lefts: list[Game] = []
            rights: list[Game] = []
            if not g_number:
                lefts += [python_add(x, h) for x in g.left]
                rights += [python_add(x, h) for x in g.right]
            if not h_number:
                lefts += [python_add(g, x) for x in h.left]
                rights += [python_add(g, x) for x in h.right]
            found = game(lefts, rights)
    _SUMS[key] = found
    return found


def subtract(g: Game, h: Game) -> Game:
    """G - H = G + (-H).

    >>> from endnim.cgt import parse
    >>> subtract(parse("^*"), parse("^*")) is ZERO
    True
    """
    return add(g, negate(h))


def sum_of(games: Iterable[Game]) -> Game:
    """The sum of any number of games (0 for none).

    >>> from endnim.cgt import parse
    >>> str(sum_of([parse("^"), parse("^"), parse("*")])), str(sum_of([]))
    ('⇑*', '0')
    """
    total = ZERO
    x, ups, star, numbered = Fraction(0), 0, 0, False
    for g in games:
        value = g.nus
        if value is None:
            total = add(total, g)
        else:  # number-up-star summands added as numbers: one construction at the end
            x, ups, star, numbered = x + value[0], ups + value[1], star ^ value[2], True
    return add(total, nus(x, ups, star)) if numbered else total


def multiple(g: Game, count: int) -> Game:
    """``count`` copies of G added (negative counts add copies of -G).

    >>> from endnim.cgt import parse
    >>> str(multiple(parse("^"), 3)), str(multiple(parse("^*"), -2))
    ('↑3', '⇓')
    """
    unit = g if count >= 0 else negate(g)
    total = ZERO
    for _ in range(abs(count)):
        total = add(total, unit)
    return total


OPERATIONS.add = add
OPERATIONS.negate = negate
