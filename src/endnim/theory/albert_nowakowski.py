"""Albert & Nowakowski, *The game of End-Nim* (2001), §2: impartial End-Nim by hieroglyphs.

Implemented independently of Cairns–Ho. A non-constant row is written ``x^n a w b y^m``: x is
the first pile and n the length of its run, a the first pile different from x; y is the last
pile and m the length of its run, b the last pile different from y (w may be empty, and a and
b may be the same pile). The special form ``x^n y^m`` is read with ``a = y`` and ``b = x``;
the special form ``x^n`` (a constant row) is P iff n is even. Each end gets a cell of Lorraine's
diagram::

    top row:     1↑  2↓
    bottom row:  1↓  2↑

column 1 if its run is odd, 2 if even; ``↑`` if the end pile is smaller than its neighbour
(``x < a``, ``y < b``), ``↓`` if larger. Theorem 2 (with ``docs/errata.md``'s reading of the
diagram): the row is P iff ``|x − y| <= 1`` and x compares to y as the x-cell's height compares
to the y-cell's (equal piles on one level; the larger pile on the top row).

Proposition 1 (a P-position ``x w y`` has ``|x − y| <= 1``) leaves only a few candidate
moves at each end; :func:`winning_move_candidates` lists them.

>>> h = hieroglyph((3, 3, 3, 2, 3, 4, 3, 3))
>>> str(h.left), str(h.right), h.is_p
('1↓', '2↑', True)
>>> hieroglyph_winning_moves((3, 1, 5))
[('R', 3)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from endnim.moves import End
from endnim.variants.base import reduce_end

Piles = tuple[int, ...]
Form = Literal["empty", "constant", "two-runs", "general"]
Arrow = Literal["↑", "↓"]
Level = Literal["top", "bottom"]

TOP_ROW: tuple[tuple[int, Arrow], tuple[int, Arrow]] = ((1, "↑"), (2, "↓"))
"""Lorraine's diagram, top row: (column, arrow) of its two cells."""
BOTTOM_ROW: tuple[tuple[int, Arrow], tuple[int, Arrow]] = ((1, "↓"), (2, "↑"))
"""Lorraine's diagram, bottom row."""


@dataclass(frozen=True)
class Cell:
    """The diagram cell of one end: parity column (1 odd run, 2 even run) and arrow."""

    end: End
    column: int
    arrow: Arrow

    @property
    def level(self) -> Level:
        """``"top"`` for 1↑ and 2↓, ``"bottom"`` for 1↓ and 2↑.

        >>> Cell("L", 1, "↑").level, Cell("R", 1, "↓").level
        ('top', 'bottom')
        """
        return "top" if (self.column, self.arrow) in TOP_ROW else "bottom"

    @property
    def height(self) -> int:
        """1 on the top row, 0 on the bottom row.

        >>> Cell("L", 2, "↓").height
        1
        """
        return 1 if self.level == "top" else 0

    def __str__(self) -> str:
        return f"{self.column}{self.arrow}"

    def to_dict(self) -> dict[str, object]:
        """The cell as plain data (for a Reason).

        >>> Cell("R", 2, "↑").to_dict()
        {'end': 'R', 'cell': '2↑', 'column': 2, 'arrow': '↑', 'row': 'bottom'}
        """
        return {
            "end": self.end,
            "cell": str(self),
            "column": self.column,
            "arrow": self.arrow,
            "row": self.level,
        }


@dataclass(frozen=True)
class Hieroglyph:
    """A row read as ``x^n a w b y^m`` with its two cells and Theorem 2's verdict.

    ``w_bounds`` are the slice bounds of w in the row (general form only; empty when a and b
    are the same pile). For the constant form ``x^n``, ``y = x``, ``m = n`` and there are no
    a, b or cells; for the empty row all fields but ``form``, ``is_p`` and ``why`` are ``None``.
    """

    form: Form
    x: int | None
    n: int | None
    a: int | None
    y: int | None
    m: int | None
    b: int | None
    w_bounds: tuple[int, int] | None
    left: Cell | None
    right: Cell | None
    is_p: bool
    why: str

    def to_dict(self) -> dict[str, object]:
        """Plain data for a Reason (w given by its bounds, never copied).

        >>> hieroglyph((2, 2, 2, 4, 4, 4, 4, 4)).to_dict()["cells"]
        ['1↑', '1↓']
        """
        return {
            "form": self.form,
            "x": self.x,
            "n": self.n,
            "a": self.a,
            "y": self.y,
            "m": self.m,
            "b": self.b,
            "w_bounds": self.w_bounds,
            "cells": [str(c) for c in (self.left, self.right) if c is not None],
            "left_cell": self.left.to_dict() if self.left else None,
            "right_cell": self.right.to_dict() if self.right else None,
        }


def _cell(end: End, run: int, pile: int, neighbour: int) -> Cell:
    return Cell(end, 1 if run % 2 else 2, "↑" if pile < neighbour else "↓")


def hieroglyph(piles: Piles) -> Hieroglyph:
    """Parse ``piles`` as ``x^n a w b y^m`` and decide it by Albert–Nowakowski Theorem 2.

    >>> h = hieroglyph((2, 2, 2, 4, 4, 4, 4, 4))
    >>> (h.form, h.x, h.y, h.n, h.m, h.a, h.b, h.is_p)
    ('two-runs', 2, 4, 3, 5, 4, 2, False)
    >>> hieroglyph((5, 5)).is_p, hieroglyph(()).is_p
    (True, True)
    """
    size = len(piles)
    if size == 0:
        return Hieroglyph(
            "empty", None, None, None, None, None, None, None, None, None, True, "empty row"
        )
    x, y = piles[0], piles[-1]
    n = 1
    while n < size and piles[n] == x:
        n += 1
    if n == size:
        even = n % 2 == 0
        why = f"x^n with n = {n} {'even' if even else 'odd'}"
        return Hieroglyph("constant", x, n, None, x, n, None, None, None, None, even, why)
    m = 1
    while piles[size - 1 - m] == y:
        m += 1
    a, b = piles[n], piles[size - 1 - m]
    form: Form = "two-runs" if n + m == size else "general"
    bounds = (n + 1, max(n + 1, size - m - 1)) if form == "general" else None
    left, right = _cell("L", n, x, a), _cell("R", m, y, b)
    if abs(x - y) > 1:
        is_p = False
        why = f"|x − y| = {abs(x - y)} > 1 (Proposition 1)"
    else:
        order = (x > y) - (x < y)
        levels = left.height - right.height
        is_p = order == levels
        relation = {0: "x = y", 1: "x = y + 1", -1: "y = x + 1"}[order]
        placed = {0: "on the same level", 1: "above", -1: "below"}[levels]
        why = (
            f"{relation}; x-cell {left} is {placed} y-cell {right}"
            if levels
            else f"{relation}; cells {left} and {right} are on the same level"
        )
        why += ": P" if is_p else ": heights disagree, N"
    return Hieroglyph(form, x, n, a, y, m, b, bounds, left, right, is_p, why)


def hieroglyph_is_p(piles: Piles) -> bool:
    """Albert–Nowakowski Theorem 2: whether ``piles`` is an End-Nim P-position.

    >>> hieroglyph_is_p((3, 3, 3, 2, 3, 4, 3, 3)), hieroglyph_is_p((3, 1, 4))
    (True, False)
    """
    return hieroglyph(piles).is_p


def candidate_sizes(pile: int, other: int) -> list[int]:
    """New sizes for an end pile that can lead to a P-position (Albert–Nowakowski Prop 1).

    Prop 1: a P-position ``x w y`` (both ends > 0) has ``|x − y| <= 1``, so reducing the end
    ``pile`` to s > 0 can only reach P if ``|s − other| <= 1``, ``other`` being the pile at
    the other end; 0 (delete) is always a candidate, and so is 1 (a lone pile ``(1)`` is P in
    misère End-Nim). Returns ``{0, 1, other − 1, other, other + 1} ∩ [0, pile − 1]``, sorted.

    >>> candidate_sizes(9, 4), candidate_sizes(3, 7), candidate_sizes(1, 1)
    ([0, 1, 3, 4, 5], [0, 1], [0])
    """
    return sorted([s for s in {0, 1, other - 1, other, other + 1} if 0 <= s < pile])


def winning_move_candidates(piles: Piles) -> list[tuple[End, int]]:
    """The few moves ``(end, new size)`` that Prop 1 allows to reach a P-position.

    One move per resulting position, as the rules list them: a lone pile is played at end
    ``L`` only (its "other end" is itself), and in a constant row ``R0`` is left out (it
    reaches the same row as ``L0``). Albert–Nowakowski Prop 1; valid for End-Nim, misère
    End-Nim and Loop-End-Nim alike (Cairns–Ho Cor 2.4: their P-positions of length >= 2
    satisfy the same bound).

    >>> winning_move_candidates((3, 1, 5))
    [('L', 0), ('L', 1), ('R', 0), ('R', 1), ('R', 2), ('R', 3), ('R', 4)]
    >>> winning_move_candidates((4,)), winning_move_candidates((2, 2))
    ([('L', 0), ('L', 1), ('L', 3)], [('L', 0), ('L', 1), ('R', 1)])
    """
    if not piles:
        return []
    first, last = piles[0], piles[-1]
    if len(piles) == 1:
        return [("L", s) for s in candidate_sizes(first, first)]
    result: list[tuple[End, int]] = [("L", s) for s in candidate_sizes(first, last)]
    constant = first == last and _is_constant(piles)
    result += [("R", s) for s in candidate_sizes(last, first) if s or not constant]
    return result


def _is_constant(piles: Piles) -> bool:
    first = piles[0]
    return all(p == first for p in piles)


def hieroglyph_winning_moves(piles: Piles) -> list[tuple[End, int]]:
    """End-Nim winning moves ``(end, new size)``: Prop 1's candidates that Theorem 2 calls P.

    (The recipe in Theorem 2's proof has a gap, see ``docs/errata.md``; this tests the
    candidates with the P-position test instead.)

    >>> hieroglyph_winning_moves((3, 1, 5)), hieroglyph_winning_moves((3, 1, 3))
    ([('R', 3)], [])
    """
    if hieroglyph_is_p(piles):
        return []
    return [
        (end, size)
        for end, size in winning_move_candidates(piles)
        if hieroglyph_is_p(reduce_end(piles, end, size))
    ]
