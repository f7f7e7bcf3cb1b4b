"""The workbench's heavy computations as module-level functions with picklable arguments and
JSON-ready results, so that they can run in a worker process (:mod:`endnim.web.pool`) or in the
server itself, with the same answer.

>>> analyze_task((3, 1, 4), "endnim", "theory", None)["outcome"]
'N'
"""

from __future__ import annotations

import random
from typing import Any

from endnim.moves import End
from endnim.variants import get_row_variant


def analyze_task(
    piles: tuple[int, ...], variant: str, method: str, budget: int | None
) -> dict[str, Any]:
    """The object of ``endnim analyze --json``."""
    from endnim.analyzer import analyze

    return analyze(piles, get_row_variant(variant), method, budget=budget).to_dict()


def sum_analyze_task(text: str, variant: str, method: str, budget: int) -> dict[str, Any]:
    """The object of ``endnim analyze --json`` for a sum ``A + B + ...`` (a text without ``+``:
    a sum of one summand, as a game of a sum goes on when one summand is left)."""
    from endnim.analyzer import analyze
    from endnim.variants import get_variant

    return analyze(sum_text(text), get_variant(variant), method, budget=budget).to_dict()


def sum_text(text: str) -> object:
    """A sum as the API reads it: ``3 1 + 2`` as written; ``3 1`` as a sum of one summand.

    >>> from endnim.variants.sums import is_sum
    >>> is_sum(sum_text("3 1")), sum_text("3 1 + 2")
    (True, '3 1 + 2')
    """
    from endnim.variants.sums import Summands, is_sum

    return text if is_sum(text) else Summands([text])


def sum_game_of(text: str, variant: str, budget: int) -> tuple[Any, Any]:
    """The game of sums ``text`` is played in, and its position (the empty text: the finished
    sum)."""
    from endnim.play.sum_game import sum_game

    start = sum_text(text)
    game = sum_game(variant, start, budget)
    return game, (() if not text.strip() else game.coerce_position(start))


def sum_moves_task(text: str, variant: str, player: End | None, budget: int) -> dict[str, Any]:
    """Every legal move of a sum, valued (``/api/moves?sum=true``, or a position with ``+``).

    >>> [m["move"] for m in sum_moves_task("1 + 2", "endnim", None, 1000)["moves"] if m["wins"]]
    ['2:L1']
    """
    from endnim.play.evaluation import evaluate_moves

    game, position = sum_game_of(text, variant, budget)
    return evaluate_moves(position, game, player).to_dict()


def sum_apply_task(text: str, variant: str, move: str, player: End | None) -> dict[str, Any]:
    """The sum after ``move`` (``/api/apply-move`` of a sum)."""
    game, position = sum_game_of(text, variant, 1)
    after = game.play(position, move, player)
    return {"move": game.format_move(game.parse_move(move)), "after": game.format_position(after)}


def moves_task(piles: tuple[int, ...], variant: str, player: End | None) -> dict[str, Any]:
    """Every legal move, valued (``/api/moves``)."""
    from endnim.play.evaluation import evaluate_moves

    return evaluate_moves(piles, get_row_variant(variant), player).to_dict()


def choose_task(
    piles: tuple[int, ...], variant: str, side: End | None, skill: int, seed: int | None
) -> dict[str, Any]:
    """The computer's move (``/api/computer-move``)."""
    from endnim.play.computer import ComputerPlayer

    choice = ComputerPlayer(skill, random.Random(seed)).choose(
        piles, get_row_variant(variant), side
    )
    return {
        "move": str(choice.move),
        "after": str(choice.after),
        "kind": "best" if choice.kind == "best" else "random",
        "wins": choice.wins,
        "remoteness": choice.remoteness,
    }


def table_task(variant: str, inner: tuple[int, ...], rows: int, cols: int) -> dict[str, Any]:
    """The table of x·w·y (``/api/table``)."""
    from endnim.web.tables import heatmap_table

    return heatmap_table(get_row_variant(variant), inner, rows, cols).to_dict()
