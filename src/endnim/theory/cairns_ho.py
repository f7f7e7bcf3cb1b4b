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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from endnim.theory.claims import Relation, offset, relations

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
    reversed to get it, ``first``, ``last``, ``l`` and ``r`` (``r``, ``r_m`` or ``r_o`` by the
    game, ``r_name``) are read on the oriented row as the theorem does, ``clause`` is
    ``"a"``/``"b"`` when one holds. ``row_l`` and ``row_r`` are l and r of the row *as given*;
    ``why`` explains the verdict in one line about the row as given (saying "read right to
    left" when the theorem reads it reversed), and ``relations`` are the facts ``why`` states,
    as checkable :class:`~endnim.theory.claims.Relation` over ``a_1``, ``a_k``, ``l`` and
    ``r_name`` of the row as given.
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
    row_l: int = 0
    row_r: int = 0
    relations: tuple[Relation, ...] = ()


_R_OF: dict[str, Callable[[Piles], int]] = {
    "endnim": r_value,
    "misere": r_m_value,
    "loop": r_o_value,
}


def analyse(piles: Piles, game: Game = "endnim") -> Analysis:
    """Apply Cairns–Ho Thm 2.1 (End-Nim), 2.2 (misère) or 2.3 (Loop) to a non-empty row.

    Condition (a): ``a1 = ak`` and ``l + r`` even; (b): ``ak = a1 + 1``, ``l`` odd and ``r``
    even (with ``r_m``/``r_o`` in place of ``r`` for misère/Loop). The theorem assumes
    ``a1 <= ak``; a row with ``a1 > ak`` is read right to left, where l and r trade places
    (``l`` of the reversed row is ``r`` of the row, and back), which ``why`` says in the
    row's own terms.

    >>> a = analyse((2, 1, 3, 3))
    >>> (a.l, a.r, a.clause, a.is_p)
    (1, 2, 'b', True)
    >>> analyse((3, 1, 5)).why
    'a_k - a_1 = 2 > 1: neither (a) nor (b) can hold'
    >>> analyse((3, 3, 3, 2)).why
    'a_1 = a_k + 1, so (b) applies read right to left, where it needs r odd and l even: \
r = 2 is even and l = 3 is odd'
    """
    if not piles:
        raise ValueError("Cairns–Ho Theorems 2.1–2.3 concern non-empty rows")
    if game not in _THEOREM:
        raise ValueError(f"unknown game {game!r}: choose endnim, misere or loop")
    row, flipped = orient(piles)
    first, last = row[0], row[-1]
    r_of = _R_OF[game]
    left, right = l_value(row), r_of(row)
    given_l, given_r = (l_value(piles), r_of(piles)) if flipped else (left, right)
    rn = _R_NAME[game]
    clause: Clause | None = None
    facts: list[str | Relation] = []
    if first == last:
        if (left + right) % 2 == 0:
            clause = "a"
            why = f"a_1 = a_k and l + {rn} = {left} + {right} is even: (a) holds"
        else:
            why = f"a_1 = a_k but l + {rn} = {left} + {right} is odd: (a) fails"
        facts = ["a_1 = a_k", f"l + {rn} is {_parity(left + right)}"]
    elif last == first + 1:
        if left % 2 == 1 and right % 2 == 0:
            clause = "b"
        if not flipped:
            if clause:
                why = f"a_k = a_1 + 1, l = {left} odd and {rn} = {right} even: (b) holds"
            else:
                why = (
                    f"a_k = a_1 + 1 but l = {left} is {_parity(left)} and {rn} = {right} is "
                    f"{_parity(right)}: (b) needs l odd, {rn} even"
                )
            facts = ["a_k = a_1 + 1"]
        else:
            why = (
                f"a_1 = a_k + 1, so (b) applies read right to left, where it needs {rn} odd and "
                f"l even: {rn} = {given_r} is {_parity(given_r)} and l = {given_l} is "
                f"{_parity(given_l)}" + (": (b) holds" if clause else "")
            )
            facts = ["a_1 = a_k + 1"]
        facts += [f"l is {_parity(given_l)}", f"{rn} is {_parity(given_r)}"]
    elif not flipped:
        why = f"a_k - a_1 = {last - first} > 1: neither (a) nor (b) can hold"
        facts = [offset("a_k", "a_1", last - first)]  # = relation("a_k = a_1 + d")
    else:
        why = (
            f"a_1 - a_k = {last - first} > 1: neither (a) nor (b) can hold "
            "(read right to left, as the theorem needs a_1 <= a_k)"
        )
        facts = [offset("a_1", "a_k", last - first)]  # = relation("a_1 = a_k + d")
    return Analysis(
        game,
        _THEOREM[game],
        flipped,
        first,
        last,
        left,
        right,
        rn,
        clause,
        clause is not None,
        why,
        given_l,
        given_r,
        relations(*facts),
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


@dataclass(frozen=True)
class ThreeClause:
    """The clause of a three-pile theorem (Cairns–Ho §5) that holds, about the row as given.

    The theorems assume ``a1 <= a3``; for a row with ``a_1 > a_3`` they are read right to left
    (``reversed``), and ``relations`` are the clause's conditions with the ends swapped back,
    so they hold for the row as given (names ``a_1``, ``a_2``, ``a_3``).
    """

    theorem: str
    clause: str
    reversed: bool
    relations: tuple[Relation, ...]

    def describe(self) -> str:
        """The clause and its conditions in one line.

        >>> endnim_three_clause(5, 3, 4).describe()
        'read right to left (a_1 > a_3), clause (b) holds: a_1 = a_3 + 1, a_3 is even, a_2 < a_3'
        """
        read = "read right to left (a_1 > a_3), " if self.reversed else ""
        facts = ", ".join(r.text for r in self.relations)
        return f"{read}clause {self.clause} holds: {facts}"


_SWAP_ENDS = {"a_1": "a_3", "a_3": "a_1"}


def _clause(theorem: str, clause: str, flipped: bool, *facts: str) -> ThreeClause:
    found = relations(*facts)
    if flipped:
        found = tuple(r.renamed(_SWAP_ENDS) for r in found)
    return ThreeClause(theorem, clause, flipped, found)


def endnim_three_clause(a1: int, a2: int, a3: int) -> ThreeClause | None:
    """The clause of Cairns–Ho Thm 5.1 that gives ``(a1, a2, a3)`` value 1 in End-Nim, if any.

    >>> endnim_three_clause(3, 5, 5).clause, endnim_three_clause(3, 1, 3) is None
    ('(c)', True)
    """
    flipped = a1 > a3
    a1, a2, a3 = _three(a1, a2, a3)
    t = "Thm 5.1"
    if (a1, a2, a3) == (1, 1, 1):
        return _clause(t, "(a)", flipped, "a_1 = 1", "a_2 = 1", "a_3 = 1")
    if a3 == a1 + 1:
        if a1 % 2 == 0:
            if a2 < a1:
                return _clause(t, "(b)", flipped, "a_3 = a_1 + 1", "a_1 is even", "a_2 < a_1")
            return None
        if a2 > a1 and a2 != a1 + 2:
            return _clause(
                t, "(b)", flipped, "a_3 = a_1 + 1", "a_1 is odd", "a_2 > a_1", "a_2 ≠ a_1 + 2"
            )
        return None
    if a3 == a1 + 2 and a1 % 2 == 1 and a2 == a3:
        return _clause(t, "(c)", flipped, "a_3 = a_1 + 2", "a_1 is odd", "a_2 = a_3")
    return None


def endnim_three_is_one(a1: int, a2: int, a3: int) -> bool:
    """Cairns–Ho Thm 5.1: whether the End-Nim position ``(a1, a2, a3)`` has Grundy value 1.

    With ``a1 <= a3`` (reversed if needed): (a) ``(1, 1, 1)``; (b) ``a3 = a1 + 1`` and either
    a1 even and ``a2 < a1``, or a1 odd, ``a2 > a1`` and ``a2 != a1 + 2``; (c) ``a3 = a1 + 2``,
    a1 odd and ``a2 = a3``.

    >>> endnim_three_is_one(1, 1, 1), endnim_three_is_one(3, 5, 5), endnim_three_is_one(2, 1, 3)
    (True, True, True)
    """
    return endnim_three_clause(a1, a2, a3) is not None


def misere_three_clause(a1: int, a2: int, a3: int) -> ThreeClause | None:
    """The clause of Cairns–Ho Thm 5.2 giving ``G_m(a1, a2, a3) = 1`` (misère), if any.

    >>> misere_three_clause(2, 2, 1).describe()
    'read right to left (a_1 > a_3), clause (a) holds: a_3 = 1, a_2 = 2, a_1 = 2'
    """
    flipped = a1 > a3
    a1, a2, a3 = _three(a1, a2, a3)
    t = "Thm 5.2"
    if (a1, a2, a3) == (1, 2, 2):
        return _clause(t, "(a)", flipped, "a_1 = 1", "a_2 = 2", "a_3 = 2")
    if a1 == a2 == a3 >= 3:
        return _clause(t, "(b)", flipped, "a_1 = a_2", "a_2 = a_3", "a_1 >= 3")
    if a3 == a1 + 1:
        if a1 % 2 == 0:
            if a2 == 1:
                return _clause(t, "(c)", flipped, "a_3 = a_1 + 1", "a_1 is even", "a_2 = 1")
            return None
        if 2 <= a2 < a1:
            return _clause(
                t, "(c)", flipped, "a_3 = a_1 + 1", "a_1 is odd", "a_2 >= 2", "a_2 < a_1"
            )
        if a2 > a3:
            return _clause(t, "(c)", flipped, "a_3 = a_1 + 1", "a_1 is odd", "a_2 > a_3")
    return None


def misere_three_is_one(a1: int, a2: int, a3: int) -> bool:
    """Cairns–Ho Thm 5.2: whether ``G_m(a1, a2, a3) = 1`` (misère, Cairns–Ho convention).

    With ``a1 <= a3``: (a) ``(1, 2, 2)``; (b) ``a1 = a2 = a3 >= 3``; (c) ``a3 = a1 + 1`` and
    either a1 even and ``a2 = 1``, or a1 odd and ``2 <= a2 < a1`` or ``a2 > a3``.

    >>> misere_three_is_one(2, 2, 1), misere_three_is_one(3, 3, 3), misere_three_is_one(3, 2, 4)
    (True, True, True)
    """
    return misere_three_clause(a1, a2, a3) is not None


def loop_three_clause(a1: int, a2: int, a3: int) -> ThreeClause | None:
    """The clause of Cairns–Ho Thm 5.3 giving ``G_o(a1, a2, a3) = 1`` (Loop), if any.

    >>> loop_three_clause(1, 2, 3).clause
    '(b)'
    """
    flipped = a1 > a3
    a1, a2, a3 = _three(a1, a2, a3)
    t = "Thm 5.3"
    if a3 == a1 + 1:
        if a1 % 2 == 0:
            if a2 < a1:
                return _clause(t, "(a)", flipped, "a_3 = a_1 + 1", "a_1 is even", "a_2 < a_1")
            return None
        if a2 > a3:
            return _clause(t, "(a)", flipped, "a_3 = a_1 + 1", "a_1 is odd", "a_2 > a_3")
        return None
    if a3 == a1 + 2 and a1 % 2 == 1 and a2 == a1 + 1:
        return _clause(t, "(b)", flipped, "a_3 = a_1 + 2", "a_1 is odd", "a_2 = a_1 + 1")
    return None


def loop_three_is_one(a1: int, a2: int, a3: int) -> bool:
    """Cairns–Ho Thm 5.3: whether ``G_o(a1, a2, a3) = 1`` in Loop-End-Nim.

    With ``a1 <= a3``: (a) ``a3 = a1 + 1`` and either a1 even and ``a2 < a1``, or a1 odd and
    ``a2 > a3``; (b) ``a3 = a1 + 2``, a1 odd and ``a2 = a1 + 1``.

    >>> loop_three_is_one(2, 1, 3), loop_three_is_one(3, 5, 4), loop_three_is_one(1, 2, 3)
    (True, True, True)
    """
    return loop_three_clause(a1, a2, a3) is not None


def endnim_three_two_clause(a1: int, a2: int, a3: int) -> ThreeClause | None:
    """The clause of Cairns–Ho Thm 5.4 giving the End-Nim value 2 to ``(a1, a2, a3)``, if any.

    >>> endnim_three_two_clause(6, 10, 9).describe()
    'clause (d) holds: a_3 = a_1 + 3, a_1 ≡ 2 (mod 4), a_2 = a_1 + 4'
    """
    flipped = a1 > a3
    a1, a2, a3 = _three(a1, a2, a3)
    m1, m2 = a1 % 4, a2 % 4
    t = "Thm 5.4"

    def clause(label: str, *facts: str) -> ThreeClause:
        return _clause(t, label, flipped, *facts)

    a1_mod = f"a_1 ≡ {m1} (mod 4)"
    # (a)
    if a1 == a2 == a3 >= 2 and m1 in (1, 2):
        return clause("(a)", "a_1 = a_2", "a_2 = a_3", "a_1 >= 2", a1_mod)
    # (b)
    if a3 == a1 + 1:
        if (a1, a2, a3) == (1, 1, 2):
            return clause("(b)(i)", "a_1 = 1", "a_2 = 1", "a_3 = 2")
        if m1 == 2 and a2 == a3:
            return clause("(b)(ii)", "a_3 = a_1 + 1", a1_mod, "a_2 = a_3")
        if a1 % 2 == 1 and a1 >= 7 and 5 <= a2 <= a1 - 1 and m2 in (1, 2):
            if m1 == 3 and a2 == a1 - 2:
                return None
            facts = ["a_3 = a_1 + 1", a1_mod, "a_1 >= 7", "a_2 >= 5", "a_2 <= a_1 - 1"]
            facts.append(f"a_2 ≡ {m2} (mod 4)")
            if m1 == 3:
                facts.append("a_2 ≠ a_1 - 2")
            return clause("(b)(iii)", *facts)
        return None
    # (c)
    if a3 == a1 + 2:
        low = ["a_2 <= a_1 - 1", "a_2 < 5" if a2 < 5 else f"a_2 ≡ {m2} (mod 4)"]
        low_ok = a2 <= a1 - 1 and (a2 < 5 or m2 in (0, 3))
        if m1 == 0:
            return clause("(c)(i)", "a_3 = a_1 + 2", a1_mod, *low) if low_ok else None
        if m1 == 1:
            if (a1, a2, a3) == (1, 2, 3):
                return clause("(c)(ii)(I)", "a_1 = 1", "a_2 = 2", "a_3 = 3")
            if a2 >= a1 + 3:
                return clause("(c)(ii)(II)", "a_3 = a_1 + 2", a1_mod, "a_2 >= a_1 + 3")
            return clause("(c)(ii)(III)", "a_3 = a_1 + 2", a1_mod, *low) if low_ok else None
        if m1 == 2:
            if a2 == a1 - 1 >= 5:
                return clause("(c)(iii)", "a_3 = a_1 + 2", a1_mod, "a_2 = a_1 - 1", "a_2 >= 5")
            if a2 >= a1 + 2 and a2 != a1 + 4:
                return clause(
                    "(c)(iii)", "a_3 = a_1 + 2", a1_mod, "a_2 >= a_1 + 2", "a_2 ≠ a_1 + 4"
                )
        return None
    # (d)
    if a3 == a1 + 3 and m1 == 2 and a2 == a1 + 4:
        return clause("(d)", "a_3 = a_1 + 3", a1_mod, "a_2 = a_1 + 4")
    return None


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
    return endnim_three_two_clause(a1, a2, a3) is not None
