"""A sum of positions played as one game: ``3 1 4 + 2 2`` against the computer (issue 21).

A move is a move in one summand, written ``K:MOVE`` as ``endnim analyze`` writes a sum's
winning moves (K the 1-based place of the summand in the current sum, MOVE in the rule set's
own notation: ``1:R3``, ``2:L0``). A summand with no move left disappears, so the places of the
summands after it move up by one. The game ends when no summand is left: in normal play the
player then to move has lost, in misère play (a rule set with a convention) has won, since
whoever took the last coin of the whole sum lost.

Every value (who wins, the winning moves, why) comes from :func:`endnim.analyzer.analyze` of
the sum, the same answer ``endnim analyze "A + B"`` gives; a sum is never solved another way.

>>> game = sum_game("endnim", "3 1 + 1")
>>> start = game.coerce_position("3 1 + 1")
>>> game.format_position(game.play(start, "2:L0"))
'3 1'
>>> [str(m) for m in analysis_of(game, start).winning_moves]
['1:L0']
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from endnim.errors import EndNimError, MoveError, PositionError
from endnim.moves import Move
from endnim.ruleset import Player, RuleSet
from endnim.strategies.result import Analysis
from endnim.variants import Variant, get_variant
from endnim.variants.sums import Sum, Summands, SumMove, SumOf, is_sum

__all__ = ["SumGame", "analysis_of", "is_sum", "sum_game"]

RECENT_SUMS = 32
"""Analyses of the last sums valued, kept: a turn values the same sum for the computer's
choice, the judge and the hint."""


class SumGame(SumOf):
    """The sums of a rule set as played: finished summands are dropped after every move.

    ``budget``: the search budget (states) that :func:`analysis_of` passes to ``analyze``
    (``None``: its default), for a sum no theorem decides.
    """

    budget: int | None = None

    def coerce_position(self, value: object) -> Sum:
        """The sum read as written, without its finished summands."""
        if isinstance(value, tuple) and not isinstance(value, Summands) and not is_sum(value):
            return self.live(value)  # already a sum's summands (the session's own positions)
        return self.live(super().coerce_position(value))

    def live(self, position: Sum) -> Sum:
        """``position`` without the summands that have no move left.

        >>> game = sum_game("loop", "3 1 + 5")
        >>> game.format_position(game.live(game.coerce_position("3 1 + 5")))
        '3 1'
        """
        return tuple(part for part in position if not self._over(part))

    def format_position(self, position: Sum) -> str:
        return "" if not position else super().format_position(position)

    def parse_move(self, text: str) -> SumMove:
        if not isinstance(text, str) or ":" not in text:
            raise MoveError(
                f"cannot read a move of a sum from {str(text)[:40]!r}: write K:MOVE, the summand "
                "K (1, 2, ...) and the move in it, e.g. 1:R3"
            )
        return super().parse_move(text)

    def play(self, position: Sum, move: SumMove | str, player: Player | None = None) -> Sum:
        """The sum after ``move`` (finished summands dropped); one-line errors for a summand
        that does not exist or a move not legal in it."""
        if isinstance(move, str):
            move = self.parse_move(move)
        place, inner = move
        if not 0 <= place < len(position):
            count = len(position)
            raise MoveError(
                f"there is no summand {place + 1}: the sum {self.format_position(position)!r:.60} "
                f"has {count} summand{'' if count == 1 else 's'}"
            )
        try:
            child = self.moves.play(position[place], inner, player)
        except MoveError as error:
            raise MoveError(f"summand {place + 1}: {error}") from None
        return self.live((*position[:place], child, *position[place + 1 :]))

    def normal_move(self, position: Sum, move: SumMove) -> SumMove:
        """One name per move: on a lone pile of an impartial row game, ``R3`` is ``L3``.

        >>> game = sum_game("endnim", "3 + 2 2")
        >>> game.format_move(game.normal_move(game.coerce_position("3 + 2 2"), (0, Move("R", 1))))
        '1:L1'
        """
        place, inner = move
        part = position[place] if 0 <= place < len(position) else None
        if (
            isinstance(self.moves, Variant)
            and self.moves.impartial
            and isinstance(inner, Move)
            and part is not None
            and len(part) == 1
        ):
            return place, Move("L", inner.size, inner.reverse)
        return move


def sum_game(variant: str | RuleSet[Any, Any], start: object, budget: int | None = None) -> SumGame:
    """The game of sums of ``variant`` that ``start`` (a sum) is played in; one-line errors for
    a rule set whose sums are not analysed.

    >>> sum_game("misere", "1 + 1").moves.name
    'misere-conway'
    """
    from endnim.strategies.sums import sum_rules

    rules = get_variant(variant)
    if not is_sum(start):
        raise PositionError(f"not a sum: {str(start)[:60]!r} (write A + B + ...)")
    plain = sum_rules(rules)
    game = SumGame(plain.rules, plain.moves, misere=plain.misere)
    game.budget = budget
    return game


def analysis_of(game: SumGame, position: Sum) -> Analysis:
    """``analyze`` of the sum ``position`` (its live summands) in ``game``'s rule set.

    >>> game = sum_game("endnim", "3 1 + 1")
    >>> analysis_of(game, game.coerce_position("3 1 + 1")).grundy
    3
    """
    if not position:
        raise EndNimError("the sum is finished: no summand is left")
    return _remembered(game, tuple(position))


@lru_cache(maxsize=RECENT_SUMS)
def _remembered(game: SumGame, position: Sum) -> Analysis:
    from endnim.analyzer import analyze

    return analyze(Summands(position), game.rules, budget=game.budget)
