"""The order of games: ``<=`` by Conway's recursion, memoised per pair; compare and outcome.

G <= H unless some G^L >= H or some H^R <= G (Conway, *ONAG*, ch. 1; Siegel, *Combinatorial
Game Theory*, II.1). Games are interned (:mod:`endnim.cgt.game`), so every pair is decided
once: by the compiled core (``endnim.cgt._core``, memoised per id pair in its table) when it
is built and both games are born by day 2000, else here, each game keeping a small dict ``le``
from the other game's id to the answer.
Number-up-star values compare in O(1) (Siegel II.4: x + n↑ + *m >= 0 iff x > 0, or x = 0 and
n >= 2, or n = 1 and m != 1, or n = m = 0).

>>> from endnim.cgt import parse
>>> compare(parse("^"), parse("0")), compare(parse("*"), parse("0")), outcome(parse("v*"))
(<Relation.GREATER: '>'>, <Relation.CONFUSED: '‖'>, 'N')
"""

from __future__ import annotations

from endnim.cgt.game import CORE, OPERATIONS, ZERO, Game, Relation

__all__ = ["Relation", "compare", "confused", "equal", "geq", "leq", "outcome"]


def leq(g: Game, h: Game) -> bool:
    """``g <= h``: Left, moving second, does not lose ``h - g``.

    >>> from endnim.cgt import parse
    >>> leq(parse("0"), parse("^")), leq(parse("^"), parse("0")), leq(parse("*"), parse("0"))
    (True, False, False)
    """
    if g is h:
        return True
    if CORE is not None:  # the compiled recursion, memoised in its own table
        known = CORE.leq_fast(g.id, h.id)  # None: one is born after day 2000
        if known is not None:
            return bool(known)
    memo = g.le
    key = h.id
    found = memo.get(key)
    if found is None:
        found = _leq(g, h)
        memo[key] = found
    return found


def _leq(g: Game, h: Game) -> bool:
    gv, hv = g.nus, h.nus
    if gv is not None and hv is not None:
        if gv[0] != hv[0]:
            return gv[0] < hv[0]
        ups = hv[1] - gv[1]  # h - g = ups·↑ + *(m_g ^ m_h); g and h are distinct
        return ups >= 2 or (ups == 1 and (gv[2] ^ hv[2]) != 1)
    # Explicit loops, not any(): deep recursion then stays off the C stack (Python 3.11+).
    # The memo is read inline (a dict lookup instead of a call) before recursing.
    # A miss goes straight to _leq and is stored here (leq would look the memo up again).
    key = g.id
    for right in h.right:
        memo = right.le
        found = memo.get(key)
        if found is None:
            found = True if right is g else _leq(right, g)
            memo[key] = found
        if found:
            return False
    memo = h.le
    for left in g.left:
        left_id = left.id
        found = memo.get(left_id)
        if found is None:
            found = True if left is h else _leq(h, left)
            memo[left_id] = found
        if found:
            return False
    return True


def geq(g: Game, h: Game) -> bool:
    """``g >= h``.

    >>> from endnim.cgt import parse
    >>> geq(parse("^^*"), parse("0")), geq(parse("^*"), parse("0"))
    (True, False)
    """
    return leq(h, g)


def equal(g: Game, h: Game) -> bool:
    """``g = h`` (identity, since canonical forms are interned).

    >>> from endnim.cgt import parse
    >>> equal(parse("^ + v"), parse("0"))
    True
    """
    return g is h


def confused(g: Game, h: Game) -> bool:
    """``g ‖ h``: neither ``g <= h`` nor ``h <= g`` (the first player wins ``g - h``).

    >>> from endnim.cgt import parse
    >>> confused(parse("*"), parse("0")), confused(parse("^"), parse("*"))
    (True, True)
    """
    if CORE is not None:  # both directions in one compiled call (None: born after day 2000)
        code: int | None = CORE.relation(g.id, h.id)
        if code is not None:
            return code == 3
    return not leq(g, h) and not leq(h, g)


def compare(g: Game, h: Game) -> Relation:
    """=, >, < or ‖ (confused): the partial order of games.

    >>> from endnim.cgt import parse
    >>> compare(parse("{0|^}"), parse("^^*")).value, compare(parse("^"), parse("*")).value
    ('=', '‖')
    """
    if CORE is not None:  # both directions in one compiled call
        code = CORE.relation(g.id, h.id)  # None: one is born after day 2000
        if code is not None:
            return _RELATIONS[code]
    below, above = leq(g, h), leq(h, g)
    if below and above:
        return Relation.EQUAL
    if above:
        return Relation.GREATER
    if below:
        return Relation.LESS
    return Relation.CONFUSED


_RELATIONS = (Relation.EQUAL, Relation.GREATER, Relation.LESS, Relation.CONFUSED)
"""The compiled core's relation codes 0..3."""


def outcome(g: Game) -> str:
    """Outcome class under normal play: ``L`` (g > 0), ``R`` (g < 0), ``P`` (g = 0) or
    ``N`` (g ‖ 0) (Siegel II.1, the fundamental theorem).

    >>> from endnim.cgt import parse
    >>> [outcome(parse(t)) for t in ("^", "v", "0", "*", "{0|*2}")]
    ['L', 'R', 'P', 'N', 'L']
    """
    if CORE is not None:  # both signs in one compiled call (None: born after day 2000)
        code = CORE.relation(g.id, ZERO.id)
        if code is not None:
            return "PLRN"[code]
    positive = leq(ZERO, g)
    negative = leq(g, ZERO)
    if positive:
        return "P" if negative else "L"
    return "R" if negative else "N"


OPERATIONS.leq = leq
OPERATIONS.compare = compare
if CORE is not None:  # g <= h in C falls back to leq for games born after day 2000
    CORE.set_order(leq)
