"""The compiled engine strategy: the interval dynamic programme of :mod:`endnim.engine` for a
row rule set whose moves fit one of its kernel families; it answers the outcome, Grundy value
and winning moves (partizan: the thresholds) within a budget of cells, and the search adds the
remoteness where that is affordable.

>>> from endnim.variants import get_variant
>>> engine_family(get_variant("muller"))
'muller'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from types import ModuleType
from typing import Any

from endnim.errors import EndNimError, VariantError
from endnim.moves import End
from endnim.outcome import Outcome
from endnim.position import Position
from endnim.ruleset import RuleSet, plays_as
from endnim.search import default_solver, format_count
from endnim.strategies.base import Capability, Request, Strategy
from endnim.strategies.result import (
    AUTO_ENGINE_CELLS,
    AUTO_SEARCH_BUDGET,
    AUTO_SEARCH_WORK,
    Analysis,
    merge_ranges,
    remoteness_of,
)
from endnim.theory import MoveRange, Reason
from endnim.variants import PartizanEndNim, Variant


class EngineStrategy(Strategy):
    """The compiled engine: decides rows of a kernel family within a budget of cells, and
    fills in a Grundy value a theory left open when the auto budget of cells affords it."""

    name = "engine"
    title = "the compiled engine"

    def can_answer(
        self, rules: RuleSet[Any, Any], position: Any, request: Request
    ) -> Capability | None:
        """For row rule sets with a kernel family; its cost is the cells of ``rules_plan``."""
        if engine_family(rules) is None or not isinstance(rules, Variant):
            return None
        engine = engine_row()
        plan = engine.rules_plan(rules, position)
        budget = AUTO_ENGINE_CELLS if request.budget is None else request.budget
        fields = ("outcome", "winning_moves", "grundy" if rules.impartial else "thresholds")
        return Capability(fields, plan.cells, "cells", affordable=not plan.refusal(budget))

    def decide(self, rules: RuleSet[Any, Any], position: Any, request: Request) -> Analysis:
        return by_engine(
            position, check_engine(rules), request.budget, request.threads, request.progress
        )

    def complete(
        self, rules: RuleSet[Any, Any], position: Any, request: Request, result: Analysis
    ) -> Analysis:
        """A Grundy value no theorem fixed, within the auto budget of cells."""
        if result.grundy is None and rules.impartial and isinstance(rules, Variant):
            _fill_grundy(result, rules, request)
        return result


ENGINE = EngineStrategy()


def _fill_grundy(analysis: Analysis, rules: Variant, request: Request) -> None:
    """A Grundy value no theorem fixed, within the auto budget of cells (else a note)."""
    engine = engine_row()  # imported once (numpy), not per line of a batch
    try:
        engine.family_of(rules)  # kept on the rule set: a batch asks this once per line
    except engine.EngineError:
        return
    cells_budget = AUTO_ENGINE_CELLS if request.budget is None else request.budget
    refusal = engine.rules_plan(rules, analysis.position).refusal(cells_budget)  # solve_row's
    if refusal:  # check, early
        analysis.notes.append(f"Grundy value not computed: {refusal}")
        return
    try:
        result = engine.solve_row(
            rules,
            analysis.position,
            threads=request.threads,
            progress=request.progress,
            cells_budget=cells_budget,
        )
    except engine.EngineError as error:
        analysis.notes.append(f"Grundy value not computed: {error}")
        return
    analysis.grundy = result.value
    analysis.sources["grundy"] = "engine"


def engine_family(rules: RuleSet[Any, Any]) -> str | None:
    """The name of the engine's kernel family for ``rules``, or ``None`` when it has none.

    Derived from the rule hooks (:mod:`endnim.engine.families`); only row rule sets can have one.

    >>> from endnim.variants import get_variant
    >>> engine_family(get_variant("muller")), engine_family(get_variant("partizan"))
    ('muller', 'partizan')
    """
    if not isinstance(rules, Variant):
        return None
    from endnim.engine.families import EngineError, family_of

    try:
        return family_of(rules).name
    except EngineError:
        return None


def engine_note(rules: RuleSet[Any, Any]) -> str | None:
    """``analyze``'s note on the compiled engine for a row rule set without a theory (whose
    plan asks the engine when the search is over its budget): which path serves it, or which
    hook keeps it out. ``None`` for a game not on rows (the engine is not its question).

    >>> from endnim.variants import get_variant
    >>> engine_note(get_variant("tree")) is None
    True
    """
    if not isinstance(rules, Variant):
        return None
    from endnim.engine.served import compiled_path

    path = compiled_path(rules)
    if path.path == "none":
        return f"compiled engine: none ({path.hook}() keeps it out); endnim rules-info tells more"
    takes = ", restricted takes" if path.path == "restricted takes" else ""
    return f"compiled engine: {path.family} family{takes} (--method engine for large rows)"


def engine_refusal(rules: RuleSet[Any, Any]) -> str:
    if not isinstance(rules, Variant):
        return f"the compiled engine solves rows only, and {rules.title} is not a row game"
    from endnim.engine.families import EngineError, family_of

    try:
        family_of(rules)
    except EngineError as error:
        return str(error)
    return ""


def check_engine(rules: RuleSet[Any, Any]) -> Variant:
    reason = engine_refusal(rules)
    if reason or not isinstance(rules, Variant):
        raise VariantError(
            f"{reason or 'the compiled engine does not apply'}; the search answers it",
            cli_hint="use --method search",
        )
    return rules


def by_engine(
    piles: Position,
    rules: Variant,
    budget: int | None,
    threads: int | None,
    progress: Callable[[int, int], None] | None,
) -> Analysis:
    from endnim.engine import DEFAULT_CELLS, engine_thresholds, outcome_of, solve_row
    from endnim.engine.interval import rules_plan

    result = solve_row(rules, piles, threads=threads, progress=progress, cells_budget=budget)
    outcome = Outcome(outcome_of(result.family, result.value))
    winning: list[MoveRange] = []
    players: tuple[End | None, ...] = (None,) if rules.impartial else ("L", "R")
    for player in players:
        for move, _child in rules.options(piles, player):
            code = result.option_value(move)
            if rules.impartial:
                wins = code == 0
            else:  # the opponent, moving first in the child, must lose
                wins = not (code >> 1) & 1 if player == "L" else not code & 1
            if wins:
                winning.append(MoveRange(move.end, move.size, move.size, move.reverse))
    plan = rules_plan(rules, piles)
    cells = plan.cells
    statement = f"interval dynamic programme over {format_count(cells)} cells: " + (
        f"Grundy value {result.value}" if rules.impartial else f"class {outcome}"
    )
    sources = {"outcome": "engine", "winning_moves": "engine"}
    notes: list[str] = []
    thresholds = None
    if rules.impartial:
        sources["grundy"] = "engine"
    elif not plays_as(rules, PartizanEndNim):  # the engine's thresholds: A–N's game's
        notes.append(
            "thresholds not computed: the engine's thresholds are partizan End-Nim's, and "
            f"{rules.title} changes its rules"
        )
    else:
        try:
            left = (DEFAULT_CELLS if budget is None else budget) - plan.effort  # one budget
            thresholds = engine_thresholds(piles, threads=threads, cells_budget=max(0, left))
            sources["thresholds"] = "engine"
        except EndNimError as error:
            notes.append(f"thresholds not computed: {error}")
    analysis = Analysis(
        position=piles,
        variant=rules.name,
        outcome=outcome,
        grundy=result.value if rules.impartial else None,
        winning_move_ranges=merge_ranges(winning),
        remoteness=None,
        method="engine",
        sources=sources,
        reasons=[Reason("engine", statement, {"cells": cells})],
        thresholds=thresholds,
        notes=notes,
        rules=rules,
    )
    states = rules.estimate_states(piles)
    if states <= AUTO_SEARCH_BUDGET and rules.estimate_work(piles) <= AUTO_SEARCH_WORK:
        analysis.remoteness = remoteness_of(default_solver(rules, AUTO_SEARCH_BUDGET).value(piles))
        analysis.sources["remoteness"] = "search"
    else:
        analysis.notes.append("remoteness not computed: the exact search would be too large")
    return analysis


@cache
def engine_row() -> ModuleType:
    """:mod:`endnim.engine.interval` (with ``family_of`` and ``EngineError``), imported on first
    use: the theory path never loads the engine and numpy."""
    from endnim.engine import interval

    return interval
