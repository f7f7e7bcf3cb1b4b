"""Reduced canonical forms: the simplest game infinitesimally close to G (Siegel,
*Combinatorial Game Theory*, 2013, §II.6; Calistrate 1996; CGSuite's
``ReducedCanonicalForm``).

G ≡ H (G and H are Inf-equivalent) when G - H is infinitesimal; G ≥Inf H when G - H >=
some infinitesimal, which holds exactly when RS(G - H) >= 0 (Siegel Thm II.6.5). Every
Inf-class holds one reduced canonical form, reached (Siegel Thm II.6.8–6.10) by: a game
infinitesimally close to a number x (both stops x) reduces to x; otherwise reduce the
options, drop Inf-dominated ones and bypass Inf-reversible ones (a G^L with some
G^{LR} ≤Inf G is replaced by the Left options of G^{LR}, dually for Right) until none is left.

>>> from endnim.cgt import parse, to_ascii
>>> [to_ascii(reduced(parse(s))) for s in ("^", "{0|^}", "3*", "{3|-1}", "{1*|-1}", "{2|^}")]
['0', '0', '3', '{3|-1}', '+-1', '{2|0}']
"""

from __future__ import annotations

from endnim.cgt.arithmetic import add, negate
from endnim.cgt.canonical import game
from endnim.cgt.game import Game, number
from endnim.cgt.stops import left_stop, right_stop

__all__ = ["inf_leq", "reduced"]

_MEMO: dict[int, Game] = {}


def inf_leq(g: Game, h: Game) -> bool:
    """G ≤Inf H: G <= H + ε for some infinitesimal ε, i.e. RS(H - G) >= 0 (Siegel II.6.5).

    >>> from endnim.cgt import parse
    >>> inf_leq(parse("^"), parse("0")), inf_leq(parse("1"), parse("0"))
    (True, False)
    """
    return right_stop(add(h, negate(g))) >= 0


def reduced(g: Game) -> Game:
    """The reduced canonical form of G (Siegel Thm II.6.10; CGSuite ``ReducedCanonicalForm``).

    >>> from endnim.cgt import parse, to_ascii
    >>> to_ascii(reduced(parse("{3|-1}") + parse("^*")))
    '{3|-1}'
    """
    found = _MEMO.get(g.id)
    if found is not None:
        return found
    pending = [g]  # reduce the options first, without deep recursion
    while pending:
        top = pending[-1]
        missing = [x for x in (*top.left, *top.right) if x.id not in _MEMO]
        if missing:
            pending.extend(missing)
            continue
        pending.pop()
        if top.id not in _MEMO:
            _MEMO[top.id] = _reduce(top)
    return _MEMO[g.id]


def _reduce(g: Game) -> Game:
    stop = left_stop(g)
    if stop == right_stop(g):  # infinitesimally close to a number (Siegel Thm II.3.?)
        return number(stop)
    lefts = _undominated([_MEMO[x.id] for x in g.left], upper=True)
    rights = _undominated([_MEMO[x.id] for x in g.right], upper=False)
    while True:
        new_lefts = _bypass(g, lefts, left=True)
        new_rights = _bypass(g, rights, left=False)
        if new_lefts == lefts and new_rights == rights:
            break
        lefts = _undominated(new_lefts, upper=True)
        rights = _undominated(new_rights, upper=False)
    return game(lefts, rights)


def _undominated(options: list[Game], upper: bool) -> list[Game]:
    """Left's (``upper``) or Right's options without the Inf-dominated ones."""
    distinct = list({x.id: x for x in options}.values())
    kept: list[Game] = []
    for i, x in enumerate(distinct):
        dominated = False
        for j, y in enumerate(distinct):
            if i == j:
                continue
            below = inf_leq(x, y) if upper else inf_leq(y, x)
            if below:
                # drop x unless y is Inf-equal to it and comes later (keep one of a tie)
                above = inf_leq(y, x) if upper else inf_leq(x, y)
                if not above or j < i:
                    dominated = True
                    break
        if not dominated:
            kept.append(x)
    return kept


def _bypass(g: Game, options: list[Game], left: bool) -> list[Game]:
    """One pass replacing each Inf-reversible option by its reverser's options."""
    result: list[Game] = []
    for option in options:
        for reverser in option.right if left else option.left:
            if inf_leq(reverser, g) if left else inf_leq(g, reverser):
                result.extend(reduced(x) for x in (reverser.left if left else reverser.right))
                break
        else:
            result.append(option)
    return list({x.id: x for x in result}.values())
