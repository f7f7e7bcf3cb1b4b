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
    """The object of ``endnim analyze --json`` for a sum ``A + B + ...``."""
    from endnim.analyzer import analyze
    from endnim.variants import get_variant

    return analyze(text, get_variant(variant), method, budget=budget).to_dict()


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
