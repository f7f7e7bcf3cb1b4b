"""Cairns & Ho, *Some Remarks on End-Nim* (Int. J. Combinatorics, 2011), as pure functions.

Positions are tuples of positive integers (any size). Every function runs in time linear in
the number of piles, with plain loops (no recursion), so 10,000-pile rows of 100-digit piles
are fine.

**Orientation.** The paper assumes ``a1 <= ak`` ("by reversing A if necessary"). The functions
:func:`l_value`, :func:`r_value`, :func:`r_m_value`, :func:`r_o_value` read the row *as given*
(their definitions need no orientation); the theorem functions (:func:`endnim_is_p`,
:func:`misere_is_p`, :func:`loop_is_p`, :func:`analyse` and the Grundy predicates) first
reverse the row when ``a1 > ak`` (see :func:`orient`) and then apply the statement.

Conventions (``docs/errata.md``): misère Grundy values use the Cairns–Ho convention, where the lone
pile ``(1)`` is the terminal position of value 0 (so a lone pile ``a`` has value ``a − 1``);
in Loop-End-Nim a lone pile is terminal (value 0, a P-position). The empty row is an End-Nim
P-position.

>>> endnim_is_p((3, 3, 3, 2, 3, 4, 3, 3)), misere_is_p((1, 1, 1)), loop_is_p((5, 5, 5))
(True, True, True)
>>> analyse((3, 3, 1, 2)).clause, analyse((3, 3, 1, 2)).reversed
('b', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Piles = tuple[int, ...]
Game = Literal["endnim", "misere", "loop"]
Clause = Literal["a", "b"]

_THEOREM: dict[str, str] = {
    "endnim": "Cairns–Ho Thm 2.1",
    "misere": "Cairns–Ho Thm 2.2",
    "loop": "Cairns–Ho Thm 2.3",
}
_R_NAME: dict[str, str] = {"endnim": "r", "misere": "r_m", "loop": "r_o"}


# --------------------------------------------------------------------------- l and r
def orient(piles: Piles) -> tuple[Piles, bool]:
    """The row with ``a1 <= ak`` (reversed if needed) and whether it was reversed.

    Cairns–Ho §1: "By reversing A if necessary, we may assume that a1 <= ak".

    >>> orient((4, 2, 3)), orient((3, 2, 4))
    (((3, 2, 4), True), ((3, 2, 4), False))
    """
    if piles and piles[0] > piles[-1]:
        return piles[::-1], True
    return piles, False


def _head_run(piles: Piles) -> int:
    """Length of the run of piles equal to the first pile."""
    first = piles[0]
    count = 1
    size = len(piles)
    while count < size and piles[count] == first:
        count += 1
    return count


def _tail_run(piles: Piles) -> int:
    """Length of the run of piles equal to the last pile."""
    last = piles[-1]
    count = 1
    size = len(piles)
    while count < size and piles[size - 1 - count] == last:
        count += 1
    return count


def l_value(piles: Piles) -> int:
    """Cairns–Ho §2: ``l(A)``, the largest i with ``a1 = ... = a_{i-1} <= a_i``.

    Read on the row as given. With a head run of n equal piles followed by a different pile
    a, ``l = n + 1`` if ``a1 < a`` and ``l = n`` if ``a1 > a``; a constant row of k piles has
    ``l = k``.

    >>> l_value((3, 3, 3, 2, 3, 4, 3, 3)), l_value((2, 2, 2, 4, 4)), l_value((7, 7))
    (3, 4, 2)
    """
    if not piles:
        raise ValueError("l(A) is defined for non-empty rows only")
    run = _head_run(piles)
    if run == len(piles):
        return run
    return run + 1 if piles[0] < piles[run] else run


def r_value(piles: Piles) -> int:
    """Cairns–Ho §2: ``r(A)``, the largest j with ``a_{k-j+1} >= a_{k-j+2} = ... = a_k``.

    Read on the row as given; ``r = 0`` for a constant row. With a tail run of m equal piles
    preceded by a different pile b, ``r = m + 1`` if ``b > ak`` and ``r = m`` if ``b < ak``.

    >>> r_value((3, 3, 3, 2, 3, 4, 3, 3)), r_value((2, 2, 2, 4, 4)), r_value((7, 7))
    (3, 2, 0)
    """
    if not piles:
        raise ValueError("r(A) is defined for non-empty rows only")
    run = _tail_run(piles)
    size = len(piles)
    if run == size:
        return 0
    return run + 1 if piles[size - 1 - run] > piles[-1] else run


def r_m_value(piles: Piles) -> int:
    """Cairns–Ho §2 (before Thm 2.2): ``r_m(A) = r(A)``, except 1 when every pile is 1.

    >>> r_m_value((1, 1, 1)), r_m_value((2, 2, 2)), r_m_value((1, 2))
    (1, 0, 1)
    """
    run = _tail_run(piles) if piles else 0
    if run == len(piles) and piles[0] == 1:
        return 1
    return r_value(piles)


def r_o_value(piles: Piles) -> int:
    """Cairns–Ho §2 (before Thm 2.3): ``r_o(A) = r(A)``, except 1 when all piles are equal.

    >>> r_o_value((2, 2, 2)), r_o_value((1, 2))
    (1, 1)
    """
    if piles and _tail_run(piles) == len(piles):
        return 1
    return r_value(piles)


# --------------------------------------------------------------------------- Theorems 2.1-2.3
@dataclass(frozen=True)
class Analysis:
    """How Cairns–Ho Theorem 2.1, 2.2 or 2.3 decides a non-empty row.

    ``piles`` is the oriented row (``a1 <= ak``), ``reversed`` says whether the given row was
    reversed to get it, ``r`` is ``r``, ``r_m`` or ``r_o`` by the game (``r_name``), ``clause``
    is ``"a"``/``"b"`` when one holds, and ``why`` explains the verdict in one line.
    """

    game: Game
    theorem: str
    reversed: bool
    first: int
    last: int
    l: int
    r: int
    r_name: str
    clause: Clause | None
    is_p: bool
    why: str


def analyse(piles: Piles, game: Game = "endnim") -> Analysis:
    """Apply Cairns–Ho Thm 2.1 (End-Nim), 2.2 (misère) or 2.3 (Loop) to a non-empty row.

    Condition (a): ``a1 = ak`` and ``l + r`` even; (b): ``ak = a1 + 1``, ``l`` odd and ``r``
    even (with ``r_m``/``r_o`` in place of ``r`` for misère/Loop).

    >>> a = analyse((2, 1, 3, 3))
    >>> (a.l, a.r, a.clause, a.is_p)
    (1, 2, 'b', True)
    >>> analyse((3, 1, 5)).why
    'a_k - a_1 = 2 > 1: neither (a) nor (b) can hold'
    """
    if not piles:
        raise ValueError("Cairns–Ho Theorems 2.1–2.3 concern non-empty rows")
    row, flipped = orient(piles)
    first, last = row[0], row[-1]
    left = l_value(row)
    if game == "endnim":
        right = r_value(row)
    elif game == "misere":
        right = r_m_value(row)
    elif game == "loop":
        right = r_o_value(row)
    else:
        raise ValueError(f"unknown game {game!r}: choose endnim, misere or loop")
    rn = _R_NAME[game]
    clause: Clause | None = None
    if first == last:
        if (left + right) % 2 == 0:
            clause = "a"
            why = f"a_1 = a_k and l + {rn} = {left} + {right} is even: (a) holds"
        else:
            why = f"a_1 = a_k but l + {rn} = {left} + {right} is odd: (a) fails"
    elif last == first + 1:
        if left % 2 == 1 and right % 2 == 0:
            clause = "b"
            why = f"a_k = a_1 + 1, l = {left} odd and {rn} = {right} even: (b) holds"
        else:
            why = (
                f"a_k = a_1 + 1 but l = {left} is {_parity(left)} and {rn} = {right} is "
                f"{_parity(right)}: (b) needs l odd, {rn} even"
            )
    else:
        why = f"a_k - a_1 = {last - first} > 1: neither (a) nor (b) can hold"
    return Analysis(
        game, _THEOREM[game], flipped, first, last, left, right, rn, clause, clause is not None, why
    )


def _holds(piles: Piles, game: Game) -> bool:
    """Whether (a) or (b) of Thm 2.1, 2.2 or 2.3 holds on a non-empty row: the verdict of
    :func:`analyse` without its texts, in one pass over the end runs (the P-tests call this
    for every candidate move)."""
    k = len(piles)
    first, last = piles[0], piles[-1]
    if first > last:  # orient: a_1 <= a_k
        piles = piles[::-1]
        first, last = last, first
    if last - first > 1:
        return False
    head = 1
    while head < k and piles[head] == first:
        head += 1
    if head == k:  # a constant row: l = k; r = 0, r_m = 1 on ones only, r_o = 1
        left = k
        right = 1 if game == "loop" or (game == "misere" and first == 1) else 0
    else:
        left = head + 1 if first < piles[head] else head
        tail = 1
        while piles[k - 1 - tail] == last:  # stops: the row is not constant
            tail += 1
        right = tail + 1 if piles[k - 1 - tail] > last else tail
    if first == last:
        return (left + right) % 2 == 0
    return left % 2 == 1 and right % 2 == 0


def _parity(n: int) -> str:
    return "even" if n % 2 == 0 else "odd"


def endnim_is_p(piles: Piles) -> bool:
    """Cairns–Ho Thm 2.1: whether ``piles`` is an End-Nim P-position (the empty row is P).

    >>> endnim_is_p((3, 3, 3, 2, 3, 4, 3, 3)), endnim_is_p((3, 1, 4)), endnim_is_p(())
    (True, False, True)
    """
    return True if not piles else _holds(piles, "endnim")


def misere_is_p(piles: Piles, convention: str = "cairns-ho") -> bool:
    """Cairns–Ho Thm 2.2: whether ``piles`` is a P-position of misère End-Nim.

    Both Grundy conventions have the same P-positions on non-empty rows. The empty row only
    differs: in the Cairns–Ho convention it is a terminal position of value 0 (P, and
    unreachable, since moving to it is illegal); in Conway's it is terminal of value 1 (N: the
    previous player took the last coin and lost).

    >>> misere_is_p((1,)), misere_is_p((2, 2)), misere_is_p((1, 1)), misere_is_p((), "conway")
    (True, True, False, False)
    """
    if convention not in ("cairns-ho", "conway"):
        raise ValueError(f"unknown misère convention {convention!r}: cairns-ho or conway")
    if not piles:
        return convention == "cairns-ho"
    return _holds(piles, "misere")


def loop_is_p(piles: Piles) -> bool:
    """Cairns–Ho Thm 2.3: whether ``piles`` is a Loop-End-Nim P-position.

    Rows of length <= 1 are terminal, hence P.

    >>> loop_is_p((5,)), loop_is_p((5, 5)), loop_is_p((5, 5, 5)), loop_is_p((3, 1, 3))
    (True, False, True, True)
    """
    return True if len(piles) <= 1 else _holds(piles, "loop")


def constant_row_is_p(k: int, a: int, game: Game = "endnim") -> bool:
    """Cairns–Ho Cor 2.4: whether the constant row ``a^k`` (k >= 1 piles of a) is P.

    End-Nim: k even. Misère: k even and a > 1, or k odd and a = 1. Loop: k odd.

    >>> [constant_row_is_p(3, 1, g) for g in ("endnim", "misere", "loop")]
    [False, True, True]
    """
    if k < 1 or a < 1:
        raise ValueError("a constant row needs k >= 1 piles of a >= 1 coins")
    if game == "endnim":
        return k % 2 == 0
    if game == "misere":
        return (k % 2 == 0 and a > 1) or (k % 2 == 1 and a == 1)
    if game == "loop":
        return k % 2 == 1
    raise ValueError(f"unknown game {game!r}: choose endnim, misere or loop")


# --------------------------------------------------------------------------- Grundy values
def loop_grundy_two(a: int, b: int) -> int:
    """Cairns–Ho Prop 4.1: in Loop-End-Nim, ``G_o(a, b) = ((a − 1) ⊕ (b − 1)) + 1``.

    >>> loop_grundy_two(1, 1), loop_grundy_two(2, 3), loop_grundy_two(4, 4)
    (1, 4, 1)
    """
    if a < 1 or b < 1:
        raise ValueError("piles are positive")
    return ((a - 1) ^ (b - 1)) + 1


def misere_two_pile_is_one(a: int, b: int) -> bool:
    """Cairns–Ho Prop 4.2: ``G_m(a, b) = 1`` (misère, Cairns–Ho convention) iff, with
    ``a <= b``, ``a = b = 1`` or ``a >= 3`` is odd and ``b = a + 1``.

    >>> misere_two_pile_is_one(1, 1), misere_two_pile_is_one(4, 3), misere_two_pile_is_one(1, 2)
    (True, True, False)
    """
    if a > b:
        a, b = b, a
    return (a == b == 1) or (a >= 3 and a % 2 == 1 and b == a + 1)


def _three(a1: int, a2: int, a3: int) -> tuple[int, int, int]:
    return (a3, a2, a1) if a1 > a3 else (a1, a2, a3)


def endnim_three_is_one(a1: int, a2: int, a3: int) -> bool:
    """Cairns–Ho Thm 5.1: whether the End-Nim position ``(a1, a2, a3)`` has Grundy value 1.

    With ``a1 <= a3`` (reversed if needed): (a) ``(1, 1, 1)``; (b) ``a3 = a1 + 1`` and either
    a1 even and ``a2 < a1``, or a1 odd, ``a2 > a1`` and ``a2 != a1 + 2``; (c) ``a3 = a1 + 2``,
    a1 odd and ``a2 = a3``.

    >>> endnim_three_is_one(1, 1, 1), endnim_three_is_one(3, 5, 5), endnim_three_is_one(2, 1, 3)
    (True, True, True)
    """
    a1, a2, a3 = _three(a1, a2, a3)
    if (a1, a2, a3) == (1, 1, 1):
        return True
    if a3 == a1 + 1:
        if a1 % 2 == 0:
            return a2 < a1
        return a2 > a1 and a2 != a1 + 2
    return a3 == a1 + 2 and a1 % 2 == 1 and a2 == a3


def misere_three_is_one(a1: int, a2: int, a3: int) -> bool:
    """Cairns–Ho Thm 5.2: whether ``G_m(a1, a2, a3) = 1`` (misère, Cairns–Ho convention).

    With ``a1 <= a3``: (a) ``(1, 2, 2)``; (b) ``a1 = a2 = a3 >= 3``; (c) ``a3 = a1 + 1`` and
    either a1 even and ``a2 = 1``, or a1 odd and ``2 <= a2 < a1`` or ``a2 > a3``.

    >>> misere_three_is_one(2, 2, 1), misere_three_is_one(3, 3, 3), misere_three_is_one(3, 2, 4)
    (True, True, True)
    """
    a1, a2, a3 = _three(a1, a2, a3)
    if (a1, a2, a3) == (1, 2, 2):
        return True
    if a1 == a2 == a3 >= 3:
        return True
    if a3 == a1 + 1:
        if a1 % 2 == 0:
            return a2 == 1
        return 2 <= a2 < a1 or a2 > a3
    return False


def loop_three_is_one(a1: int, a2: int, a3: int) -> bool:
    """Cairns–Ho Thm 5.3: whether ``G_o(a1, a2, a3) = 1`` in Loop-End-Nim.

    With ``a1 <= a3``: (a) ``a3 = a1 + 1`` and either a1 even and ``a2 < a1``, or a1 odd and
    ``a2 > a3``; (b) ``a3 = a1 + 2``, a1 odd and ``a2 = a1 + 1``.

    >>> loop_three_is_one(2, 1, 3), loop_three_is_one(3, 5, 4), loop_three_is_one(1, 2, 3)
    (True, True, True)
    """
    a1, a2, a3 = _three(a1, a2, a3)
    if a3 == a1 + 1:
        if a1 % 2 == 0:
            return a2 < a1
        return a2 > a3
    return a3 == a1 + 2 and a1 % 2 == 1 and a2 == a1 + 1


def endnim_three_is_two(a1: int, a2: int, a3: int) -> bool:
    """Cairns–Ho Thm 5.4: whether the End-Nim position ``(a1, a2, a3)`` has Grundy value 2.

    Every clause exactly as printed (``docs/errata.md``: correct as printed); with ``a1 <= a3`` and
    congruences mod 4:

    (a) ``a1 = a2 = a3 >= 2``, ``a1 ≡ 1, 2``;
    (b) ``a3 = a1 + 1`` and (i) ``A = (1, 1, 2)``, (ii) ``a1 ≡ 2``, ``a2 = a3``, or (iii) a1
    odd, ``a1 >= 7``, ``5 <= a2 <= a1 − 1``, ``a2 ≡ 1, 2``, except ``a2 != a1 − 2`` when
    ``a1 ≡ 3``;
    (c) ``a3 = a1 + 2`` and (i) ``a1 ≡ 0``, ``a2 <= a1 − 1`` and ``a2 ≡ 0, 3`` if ``a2 >= 5``;
    (ii) ``a1 ≡ 1`` and (I) ``A = (1, 2, 3)``, (II) ``a2 >= a1 + 3``, or (III) ``a2 <= a1 − 1``
    and ``a2 ≡ 0, 3`` if ``a2 >= 5``; (iii) ``a1 ≡ 2`` and ``a2 = a1 − 1 >= 5`` or
    ``a2 >= a1 + 2``, ``a2 != a1 + 4``;
    (d) ``a3 = a1 + 3``, ``a1 ≡ 2``, ``a2 = a1 + 4``.

    >>> endnim_three_is_two(2, 2, 2), endnim_three_is_two(1, 1, 2), endnim_three_is_two(6, 10, 9)
    (True, True, True)
    """
    a1, a2, a3 = _three(a1, a2, a3)
    m1, m2 = a1 % 4, a2 % 4
    # (a)
    if a1 == a2 == a3 >= 2 and m1 in (1, 2):
        return True
    # (b)
    if a3 == a1 + 1:
        if (a1, a2, a3) == (1, 1, 2):
            return True
        if m1 == 2 and a2 == a3:
            return True
        if a1 % 2 == 1 and a1 >= 7 and 5 <= a2 <= a1 - 1 and m2 in (1, 2):
            return not (m1 == 3 and a2 == a1 - 2)
        return False
    # (c)
    if a3 == a1 + 2:
        low_ok = a2 <= a1 - 1 and (a2 < 5 or m2 in (0, 3))
        if m1 == 0:
            return low_ok
        if m1 == 1:
            return (a1, a2, a3) == (1, 2, 3) or a2 >= a1 + 3 or low_ok
        if m1 == 2:
            return a2 == a1 - 1 >= 5 or (a2 >= a1 + 2 and a2 != a1 + 4)
        return False
    # (d)
    return a3 == a1 + 3 and m1 == 2 and a2 == a1 + 4
