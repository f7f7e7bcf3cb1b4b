"""The whole value history of a game (GamesmanUni's "visual value history"): at every turn, every
option the mover had, whether it wins, its value and its remoteness, so that a player sees where a
win was left on the table.

>>> options = turn_options("endnim", "3 1 4", None)
>>> [(o.move, o.value, o.remoteness) for o in options.listed if o.wins]
[('R3', 'P', 6)]
>>> len(options.listed), options.winning
(7, ['R3'])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from endnim.moves import End

HISTORY_OPTIONS = 64
"""A turn's options are listed one by one up to this many; beyond, only the winning ones (as
ranges) and their count are kept, so that a game's record stays small."""


@dataclass(frozen=True)
class OptionValue:
    """One option the mover had: the move, where it leads, whether it wins for the mover, the
    value of where it leads (``P``, ``G 3``, or a partizan outcome class) and its remoteness."""

    move: str
    after: str
    wins: bool
    value: str
    remoteness: int | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "move": self.move,
            "after": self.after,
            "wins": self.wins,
            "value": self.value,
            "remoteness": self.remoteness,
        }


@dataclass(frozen=True)
class TurnOptions:
    """Every option of one turn (``listed`` is ``None`` when there were more than
    ``HISTORY_OPTIONS``: then ``winning`` names the winning ones, as ranges or moves)."""

    listed: list[OptionValue] | None
    winning: list[str]
    total: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        return {
            "listed": None if self.listed is None else [o.to_dict() for o in self.listed],
            "winning": self.winning,
            "total": self.total,
        }


def value_text(grundy: int | None, outcome: str | None) -> str:
    """How a value is written in the history: ``P``, ``G 3``, or an outcome class.

    >>> value_text(0, "P"), value_text(3, "N"), value_text(None, "L")
    ('P', 'G 3', 'L')
    """
    if grundy is not None:
        return "P" if grundy == 0 else f"G {grundy}"
    return outcome or "?"


def turn_options(variant: Any, position: Any, side: End | None) -> TurnOptions:
    """Every option of the mover (``side``, partizan) in ``position``, valued.

    >>> turn_options("partizan", "2 1", "L").winning
    ['L1']
    """
    from endnim.play.evaluation import evaluate_moves

    listing = evaluate_moves(position, variant, side, max_listed=HISTORY_OPTIONS)
    if listing.moves is None:
        named = listing.winning_moves if listing.winning_moves is not None else listing.winning
        return TurnOptions(None, [str(w) for w in named], listing.total)
    listed = [
        OptionValue(m.text, m.after_text, m.wins, value_text(m.grundy, m.outcome), m.remoteness)
        for m in listing.moves
    ]
    return TurnOptions(listed, [o.move for o in listed if o.wins], len(listed))
