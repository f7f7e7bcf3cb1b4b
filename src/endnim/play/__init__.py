"""Playing against the computer, shared by the terminal game and the web workbench.

* :mod:`endnim.play.evaluation`: every legal move with its result and the value it leads to;
* :mod:`endnim.play.computer`: the computer opponent (perfect, or weaker by a skill setting);
* :mod:`endnim.play.session`: a game: turns, undo, hints, the winner.

>>> from endnim.play import GameSession
>>> GameSession("partizan", "2 1", human_side="R").side_to_move
'R'
"""

from __future__ import annotations

from endnim.play.computer import Choice, ComputerPlayer, best_move, check_skill, random_move
from endnim.play.evaluation import MoveValue, PositionMoves, evaluate_moves
from endnim.play.session import GameSession, Hint, Ply

__all__ = [
    "Choice",
    "ComputerPlayer",
    "GameSession",
    "Hint",
    "MoveValue",
    "Ply",
    "PositionMoves",
    "best_move",
    "check_skill",
    "evaluate_moves",
    "random_move",
]
