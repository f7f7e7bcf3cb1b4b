"""What a move did: kept the win, threw it away, or could not help it — and why.

After every move of a game the workbench says, as a teacher would, whether the mover could force
a win before the move, whether the move kept that win, what the winning moves were, and which
theorem (or the exhaustive search) says so. The same judgement gives the game's *value history*
(GamesmanUni's chart): after each move, who wins with perfect play and in how many moves.

A player who is winning *keeps* the win when the opponent, to move next, loses with perfect
play; a move *throws the win away* otherwise (a blunder). A player who is losing cannot do
either: every move loses against perfect play.

>>> from endnim.variants import get_variant
>>> j = judge(get_variant("endnim"), (3, 1, 4), (3, 1), None)
>>> j.was_winning, j.kept, j.winning_moves, j.blunder
(True, False, ['R3'], True)
>>> print(j.text("R0"))  # doctest: +ELLIPSIS
R0 throws the win away: the winning move was R3. Cairns–Ho Thm 2.1 (= Albert–Nowakowski Thm 2): ...
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from endnim.errors import EndNimError
from endnim.moves import End
from endnim.ruleset import RuleSet

SHOWN_MOVES = 8
"""At most this many winning moves are named in a judgement's text."""
RECENT_POSITIONS = 16
"""Analyses of the last positions judged, kept for the next judgement (the position after a
move is the one before the next)."""


@dataclass(frozen=True)
class PositionValue:
    """Who wins a position of the game with perfect play, and how soon.

    ``to_move_wins``: whether the player to move wins; ``remoteness``: moves to the end when
    the winner hurries and the loser delays (``None`` when not computed).
    """

    to_move_wins: bool
    remoteness: int | None

    def to_dict(self) -> dict[str, Any]:
        return {"to_move_wins": self.to_move_wins, "remoteness": self.remoteness}


@dataclass(frozen=True)
class Judgement:
    """What one move did, for the player who made it."""

    was_winning: bool
    """The mover could force a win before the move."""
    kept: bool
    """After the move, the mover still wins with perfect play (the opponent loses)."""
    winning_moves: list[str]
    """The mover's winning moves before the move (all of them, or the first 1000)."""
    reason: str
    """The theorem (or search) that decides the position before the move."""
    after: PositionValue | None = None
    """The value of the position after the move, for the player then to move."""
    more_moves: bool = field(default=False)
    """There were more winning moves than ``winning_moves`` lists."""

    @property
    def blunder(self) -> bool:
        """The move threw a win away."""
        return self.was_winning and not self.kept

    def text(self, move: str) -> str:
        """One or two sentences for people about ``move``."""
        shown = self.winning_moves[:SHOWN_MOVES]
        listed = ", ".join(shown) + (
            " …" if len(self.winning_moves) > SHOWN_MOVES or self.more_moves else ""
        )
        plural = "s were" if len(self.winning_moves) > 1 or self.more_moves else " was"
        if self.was_winning and self.kept:
            others = f" (the winning move{plural} {listed})" if len(self.winning_moves) > 1 else ""
            return f"{move} keeps the win{others}. {self.reason}"
        if self.was_winning:
            return f"{move} throws the win away: the winning move{plural} {listed}. {self.reason}"
        return f"{move}: no move wins here against perfect play. {self.reason}"

    def to_dict(self, move: str) -> dict[str, Any]:
        """JSON-ready fields (the text included)."""
        return {
            "was_winning": self.was_winning,
            "kept": self.kept,
            "blunder": self.blunder,
            "winning_moves": self.winning_moves[: SHOWN_MOVES * 4],
            "reason": self.reason,
            "text": self.text(move),
            "after": None if self.after is None else self.after.to_dict(),
        }


def position_value(
    rules: RuleSet[Any, Any], position: Any, side: End | None
) -> PositionValue | None:
    """Who wins ``position`` with ``side`` to move (``None`` in impartial games), and how soon;
    ``None`` when it cannot be decided within the budgets.

    >>> from endnim.variants import get_variant
    >>> position_value(get_variant("endnim"), (3, 1, 3), None)
    PositionValue(to_move_wins=False, remoteness=6)
    """
    if rules.is_terminal(position):  # no move: the variant says who has won
        return PositionValue(rules.terminal_value(position) != 0, 0)
    analysis = _analysis(rules, position)
    if analysis is None:
        return None
    return _value_of(analysis, side)


def judge(rules: RuleSet[Any, Any], before: Any, after: Any, side: End | None) -> Judgement | None:
    """The judgement of the move from ``before`` to ``after`` by ``side`` (``None``:
    impartial); ``None`` when the positions cannot be decided within the budgets."""
    analysis = _analysis(rules, before)
    if analysis is None:
        return None
    before_value = _value_of(analysis, side)
    opponent: End | None = None if side is None else ("R" if side == "L" else "L")
    after_value = position_value(rules, after, opponent)
    if after_value is None:
        return None
    moves = [m for m in analysis.winning_moves if side is None or _by(m, side)]
    reason = "; ".join(str(r) for r in analysis.reasons) or "exhaustive search"
    return Judgement(
        was_winning=before_value.to_move_wins,
        kept=not after_value.to_move_wins,
        winning_moves=[_plain(m) for m in moves],
        reason=reason,
        after=after_value,
        more_moves=not analysis.winning_moves_complete,
    )


def _analysis(rules: RuleSet[Any, Any], position: Any) -> Any:
    """The analysis of ``position`` (``None`` beyond the budgets). A game's judgements meet
    every position twice, as the position after one move and before the next: the last few
    are remembered, so judging each move of a game runs ``analyze`` once, not twice."""
    try:
        return _remembered_analysis(rules, position)
    except TypeError:  # an unhashable position (a list): not remembered
        return _analysis_now(rules, position)


@lru_cache(maxsize=RECENT_POSITIONS)
def _remembered_analysis(rules: RuleSet[Any, Any], position: Any) -> Any:
    return _analysis_now(rules, position)


def _analysis_now(rules: RuleSet[Any, Any], position: Any) -> Any:
    from endnim.analyzer import analyze
    from endnim.play.sum_game import SumGame, analysis_of

    try:
        if isinstance(rules, SumGame):
            return analysis_of(rules, position)
        return analyze(position, rules)
    except EndNimError:
        return None


def _value_of(analysis: Any, side: End | None) -> PositionValue:
    outcome = str(analysis.outcome)
    wins = outcome == "N" or (side is not None and outcome == side)
    remoteness = analysis.remoteness
    if isinstance(remoteness, dict):
        remoteness = remoteness.get("left_first" if side == "L" else "right_first")
    return PositionValue(wins, remoteness)


def _by(move: str, side: End) -> bool:
    """Whether ``move`` (``L3``, ``R0r``, ``L:3=0``; a sum's ``1:L3``, ``L:1:3=0``) is
    ``side``'s."""
    if move[:1].isdigit():
        return move.partition(":")[2].startswith(side)
    return move.startswith(side)


def _plain(move: str) -> str:
    """``L:3=0`` → ``3=0``, ``L:1:3=0`` → ``1:3=0`` (the side is known from the mover); a sum's
    ``1:L3`` stays."""
    return move[2:] if move[1:2] == ":" and move[:1] in ("L", "R") else move
