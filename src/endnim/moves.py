"""Moves and their notation.

A move names the end it plays at (``L`` = the first pile, ``R`` = the last), the new size of
that pile (``0`` = the pile is removed) and, for Muller End-Nim, whether the row is then
reversed (suffix ``r``)::

    L3     first pile becomes 3          R0     last pile removed
    L2r    (Muller) first pile becomes 2, then the row is reversed

>>> Move.parse("L2r")
Move(end='L', size=2, reverse=True)
>>> str(Move("R", 0))
'R0'
>>> Move.parse(str(Move("L", 10**30))) == Move("L", 10**30)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from endnim.errors import MoveError

End = Literal["L", "R"]

_MOVE = re.compile(
    r"^\s*(?P<end>l|r|left|right|first|last)\s*[:=]?\s*(?:->|→)?\s*(?P<size>[+-]?\d+)"
    r"\s*(?P<rev>r|rev|reverse|reversed)?\s*$",
    re.IGNORECASE,
)
_END_WORDS: dict[str, End] = {
    "l": "L",
    "left": "L",
    "first": "L",
    "r": "R",
    "right": "R",
    "last": "R",
}


@dataclass(frozen=True, slots=True)
class Move:
    """One move: the end played, the pile's new size (0 = removed), and a Muller reversal."""

    end: End
    size: int
    reverse: bool = False

    def __post_init__(self) -> None:
        if self.end not in ("L", "R"):
            raise MoveError(f"a move's end is 'L' or 'R', not {self.end!r}")
        if isinstance(self.size, bool) or not isinstance(self.size, int) or self.size < 0:
            raise MoveError(f"a move's new pile size is a whole number >= 0, not {self.size!r}")

    def __str__(self) -> str:
        return Move.notation(self.end, self.size, self.reverse)

    @staticmethod
    def notation(end: End, size: int, reverse: bool = False) -> str:
        """The move's text without building it (lists of many moves are written this way).

        >>> Move.notation("L", 2, True)
        'L2r'
        """
        return f"{end}{size}{'r' if reverse else ''}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its notation (``L3``, ``R0``, ``L2r``; also ``left 3``, ``last:0``).

        >>> Move.parse("last:0")
        Move(end='R', size=0, reverse=False)
        """
        match = _MOVE.match(text) if isinstance(text, str) else None
        if match is None:
            raise MoveError(
                f"cannot read move {text!r}: write the end and the new size, e.g. 'L3', 'R0', "
                "or 'L2r' for a Muller move that reverses the row"
            )
        from endnim.position import MAX_PILE_DIGITS

        if len(match.group("size").lstrip("+-")) > MAX_PILE_DIGITS:
            raise MoveError(
                f"cannot read move {text[:30]!r}...: a pile size has at most {MAX_PILE_DIGITS:,} "
                "digits"
            )
        size = int(match.group("size"))
        if size < 0:
            raise MoveError(f"cannot read move {text!r}: the new pile size must be >= 0")
        return cls(_END_WORDS[match.group("end").lower()], size, match.group("rev") is not None)
