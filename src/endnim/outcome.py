"""The outcome classes of a position: one type for the theory, the engine, tables, the web, colours.

``P``: the previous player (who just moved) wins; ``N``: the next player (to move) wins; in
partizan games also ``L`` (Left wins, whoever moves first) and ``R`` (Right wins, whoever moves
first). :class:`Outcome` is a ``str`` enum, so an outcome compares equal to its letter and
serialises to it in JSON, exactly as before the enum existed.

>>> Outcome("P") == "P", Outcome.from_first_player_wins(left=True, right=False)
(True, 'L')
>>> [CODE_TO_OUTCOME[o.code] is o for o in Outcome], Outcome.N.words
([True, True, True, True], 'the next player (the player to move) wins')
>>> import json; json.dumps({"outcome": Outcome.R})
'{"outcome": "R"}'
"""

from __future__ import annotations

from enum import StrEnum


class Outcome(StrEnum):
    """An outcome class, named by its usual letter."""

    P = "P"
    N = "N"
    L = "L"
    R = "R"

    def __repr__(self) -> str:
        return repr(self.value)  # shows as its letter, as outcomes did before the enum

    @property
    def words(self) -> str:
        """What the class means, in words."""
        return _WORDS[self.value]

    @classmethod
    def from_first_player_wins(cls, *, left: bool, right: bool) -> Outcome:
        """The class of a partizan position from who wins moving first."""
        if left:
            return cls.N if right else cls.L
        return cls.R if right else cls.P

    @classmethod
    def from_grundy(cls, grundy: int) -> Outcome:
        """The class of an impartial position under normal play from its Grundy value."""
        return cls.P if grundy == 0 else cls.N

    @property
    def left_wins_first(self) -> bool:
        """Left, moving first, wins (classes L and N)."""
        return self in (Outcome.L, Outcome.N)

    @property
    def right_wins_first(self) -> bool:
        """Right, moving first, wins (classes R and N)."""
        return self in (Outcome.R, Outcome.N)

    @property
    def code(self) -> int:
        """The engine's partizan outcome code: bit 0 = Left wins moving first, bit 1 = Right."""
        return int(self.left_wins_first) | (int(self.right_wins_first) << 1)


IMPARTIAL_OUTCOMES: tuple[Outcome, ...] = (Outcome.P, Outcome.N)
PARTIZAN_OUTCOMES: tuple[Outcome, ...] = (Outcome.L, Outcome.R, Outcome.N, Outcome.P)
CODE_TO_OUTCOME: tuple[Outcome, ...] = (Outcome.P, Outcome.L, Outcome.R, Outcome.N)
"""Partizan outcome codes 0..3 (engine, sweeps, tables) as classes: ``CODE_TO_OUTCOME[o.code]``
is ``o``."""

_WORDS = {
    "P": "the previous player (the player who just moved) wins",
    "N": "the next player (the player to move) wins",
    "L": "Left wins, whoever moves first",
    "R": "Right wins, whoever moves first",
}
