"""What a closed-form theory of a variant offers: outcome, Grundy value, winning moves, reason.

Every theory works at any pile size and in (near) linear time in the number of piles. It
never enumerates all options: winning moves come from a few candidates tested against the
theory's own outcome test, returned as :class:`MoveRange` (a range of new sizes at one end,
since in Muller and partizan End-Nim a whole range of moves can win).

>>> r = MoveRange("L", 2, 4, reverse=True)
>>> str(r), [str(m) for m in r.moves()], r.count
('L2..4r', ['L2r', 'L3r', 'L4r'], 3)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from endnim.moves import End, Move

Piles = tuple[int, ...]


@dataclass(frozen=True)
class Reason:
    """Which theorem decided, and the data it used.

    ``theorem`` names paper and result (``"Cairns–Ho Thm 2.1"``); ``statement`` says in one line
    how it applies to this position; ``data`` holds the quantities it read (e.g. ``l``, ``r``).
    """

    theorem: str
    statement: str
    data: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"theorem": self.theorem, "statement": self.statement, "data": _jsonable(self.data)}

    def to_encodable(self) -> dict[str, Any]:
        """:meth:`to_dict` without the copy of ``data``, for :func:`endnim.json_line.dumps`
        (it writes tuples as lists and other objects as ``str``, as ``_jsonable`` does, so the
        JSON text is the same; a test holds them together)."""
        return {"theorem": self.theorem, "statement": self.statement, "data": self.data}

    def __str__(self) -> str:
        return f"{self.theorem}: {self.statement}"


_SCALARS = (str, int, float, bool, type(None))


def _jsonable(value: Any) -> Any:
    if type(value) in _SCALARS:  # the common case first (exact types: an IntEnum is not here)
        return value
    if isinstance(value, dict):
        return {
            k if type(k) is str else str(k): v if type(v) in _SCALARS else _jsonable(v)
            for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _SCALARS else _jsonable(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


@dataclass(frozen=True, slots=True)
class MoveRange:
    """The moves at ``end`` that set the pile to each size in ``low..high`` (inclusive)."""

    end: End
    low: int
    high: int
    reverse: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.low <= self.high:
            raise ValueError(f"bad move range {self.low}..{self.high}")

    @property
    def count(self) -> int:
        """How many moves (any size: ``len()`` cannot exceed a machine word)."""
        return self.high - self.low + 1

    def moves(self) -> Iterator[Move]:
        """The single moves of the range, smallest new size first."""
        for size in range(self.low, self.high + 1):
            yield Move(self.end, size, self.reverse)

    def texts(self, limit: int) -> list[str]:
        """The first ``limit`` moves of the range as text (``str`` of :meth:`moves`), fast.

        >>> MoveRange("R", 3, 9).texts(2)
        ['R3', 'R4']
        """
        end, reverse, notation = self.end, self.reverse, Move.notation
        top = min(self.high, self.low + limit - 1)
        return [notation(end, size, reverse) for size in range(self.low, top + 1)]

    def __str__(self) -> str:
        sizes = str(self.low) if self.low == self.high else f"{self.low}..{self.high}"
        return f"{self.end}{sizes}{'r' if self.reverse else ''}"

    def to_dict(self) -> dict[str, Any]:
        return {"end": self.end, "from": self.low, "to": self.high, "reverse": self.reverse}


def merge_sizes(end: End, sizes: list[int], reverse: bool = False) -> list[MoveRange]:
    """Group winning new sizes at one end into maximal ranges.

    >>> [str(r) for r in merge_sizes("R", [0, 3, 4, 5])]
    ['R0', 'R3..5']
    """
    ranges: list[MoveRange] = []
    for size in sorted(set(sizes)):
        if ranges and ranges[-1].high == size - 1:
            ranges[-1] = MoveRange(end, ranges[-1].low, size, reverse)
        else:
            ranges.append(MoveRange(end, size, size, reverse))
    return ranges


class Theory(ABC):
    """The closed forms for one variant."""

    variant_name: str

    @abstractmethod
    def outcome(self, piles: Piles) -> tuple[str, Reason]:
        """Outcome class (``P``/``N``; partizan ``L``/``R``/``N``/``P``) and the theorem used.

        Always decides (these games' outcome classes are solved in the papers).
        """

    def grundy(self, piles: Piles) -> tuple[int, Reason] | None:
        """The Grundy value when a theorem fixes it, else ``None``."""
        return None

    def thresholds_of(self, piles: Piles) -> dict[str, int] | None:
        """Partizan thresholds ``L_star``, ``R_star``, ``L_threshold``, ``R_threshold`` of the
        row itself; ``None`` for impartial variants."""
        return None

    @abstractmethod
    def winning_moves(self, piles: Piles) -> list[MoveRange]:
        """Every winning move (impartial: to a P-position; partizan: both players' winning
        moves, Left's at end ``L``, Right's at ``R``), as ranges."""
