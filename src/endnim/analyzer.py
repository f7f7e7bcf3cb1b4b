"""``analyze``: the one entry point the front-ends call.

It picks the closed-form theory, the exact search, or both, and returns one :class:`Analysis`
that serialises to the JSON the CLI and the API print. It asks the rule set what it offers (a
theory, an engine family) and never branches on a name: a rule set without a theory, or whose
positions are not rows, is answered by the exact search through the generic
:class:`~endnim.ruleset.RuleSet` hooks, and the notes say so.

>>> a = analyze("3 1 3")
>>> a.outcome, a.grundy, a.winning_moves, a.method
('P', 0, [], 'theory')
>>> analyze([5, 2], variant="muller").to_dict()["grundy"]
5
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from endnim.errors import BudgetError, EndNimError, VariantError
from endnim.ruleset import RuleSet
from endnim.search import (
    ImpartialValue,
    default_solver,
    estimate_bytes,
    format_bytes,
    format_count,
)
from endnim.strategies.engine import by_engine, check_engine, engine_family, engine_row
from endnim.strategies.parts import by_parts, splits
from endnim.strategies.result import (
    AUTO_BUDGET_ADVICE,
    AUTO_ENGINE_CELLS,
    AUTO_SEARCH_BUDGET,
    AUTO_SEARCH_WORK,
    MAX_LISTED_MOVES,
    METHODS,
    OUTCOME_WORDS,
    THRESHOLD_NAMES,
    Analysis,
    Method,
    remoteness_of,
    remoteness_text,
    thresholds_text,
)
from endnim.strategies.search import by_search_plain, search_thresholds
from endnim.strategies.sums import by_sum, is_sum
from endnim.strategies.theory import by_theory
from endnim.variants import Variant, get_variant

__all__ = [
    "AUTO_BUDGET_ADVICE",
    "AUTO_ENGINE_CELLS",
    "AUTO_SEARCH_BUDGET",
    "AUTO_SEARCH_WORK",
    "MAX_LISTED_MOVES",
    "METHODS",
    "OUTCOME_WORDS",
    "THRESHOLD_NAMES",
    "Analysis",
    "Method",
    "analyze",
    "analyzer_of",
    "engine_family",
    "remoteness_text",
    "search_thresholds",
    "thresholds_text",
]


def analyze(
    position: object,
    variant: str | RuleSet[Any, Any] = "endnim",
    method: str = "auto",
    *,
    budget: int | None = None,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyse ``position`` (text, a Position or a list of ints; for other rule sets, their
    notation or position object) in ``variant`` (a name or a :class:`RuleSet`).

    ``method``: ``theory`` (closed forms only), ``search`` (exact memoised search only, within
    ``budget`` states), ``engine`` (the compiled interval DP, within ``budget`` cells) or
    ``auto``: the theory decides the outcome and the winning moves; the Grundy value comes from a
    theorem where one fixes it, else from the search (small positions) or the engine; the
    remoteness from the search when affordable. ``progress`` receives (done, total) cells of
    engine work; ``threads`` bounds the engine's threads.

    >>> analyze("2 2", variant="partizan").outcome
    'P'
    """
    rules = get_variant(variant)
    if method not in METHODS:
        raise VariantError(f"unknown method {method!r}: choose one of {', '.join(METHODS)}")
    if is_sum(position):  # A + B + ...: one position, each summand analysed as itself
        return by_sum(
            position,
            rules,
            lambda part, part_rules: analyze(
                part, part_rules, method, budget=budget, threads=threads, progress=progress
            ),
            budget,
        )
    piles = rules.coerce_position(position)
    if method == "search":
        return _by_search(piles, rules, budget)
    if method == "engine":
        return by_engine(piles, check_engine(rules), budget, threads, progress)
    theory = rules.theory()
    if theory is None:
        if method == "theory":
            others = "auto, search or engine" if engine_family(rules) else "auto or search"
            raise VariantError(f"{rules.title} has no closed-form theory: use --method {others}")
        return _without_theory(piles, rules, budget, threads, progress)
    assert isinstance(rules, Variant), "a closed-form theory is for row rule sets"
    analysis = by_theory(piles, rules, theory)
    if method == "auto":
        _complete(analysis, rules, budget, threads, progress)
    return analysis


def analyzer_of(
    variant: str | RuleSet[Any, Any] = "endnim",
    method: str = "auto",
    *,
    budget: int | None = None,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Callable[[object], Analysis]:
    """``lambda position: analyze(position, variant, method, ...)``, with the rule set, its
    theory and the method looked up once instead of for every position (a batch of millions).

    >>> run = analyzer_of("loop")
    >>> run("3 1 3").to_json() == analyze("3 1 3", "loop").to_json()
    True
    """
    try:
        rules = get_variant(variant)
        theory = rules.theory() if method in ("auto", "theory") else None
    except EndNimError:
        theory = None
    if theory is None or not isinstance(rules, Variant):
        return lambda position: analyze(
            position, variant, method, budget=budget, threads=threads, progress=progress
        )
    coerce, complete = rules.coerce_position, method == "auto"

    def run(position: object) -> Analysis:
        if is_sum(position):
            return analyze(position, variant, method, budget=budget, threads=threads)
        analysis = by_theory(coerce(position), rules, theory)
        if complete:
            _complete(analysis, rules, budget, threads, progress)
        return analysis

    return run


def _without_theory(
    piles: Any,
    rules: RuleSet[Any, Any],
    budget: int | None,
    threads: int | None,
    progress: Callable[[int, int], None] | None,
) -> Analysis:
    """``auto`` for a rule set without a theory: the exact search, else the engine."""
    note = f"{rules.title} has no closed-form theory"
    try:
        analysis = _by_search(piles, rules, budget)
    except BudgetError as error:
        if engine_family(rules) is None or not isinstance(rules, Variant):
            raise BudgetError(
                f"{note}, and {error}",
                states=error.states,
                bytes_needed=error.bytes_needed,
                budget=error.budget,
            ) from None
        analysis = by_engine(piles, rules, budget, threads, progress)
        analysis.notes.insert(
            0, f"{note}: decided by the compiled engine (the search was over its budget)"
        )
        return analysis
    analysis.notes.insert(0, f"{note}: decided by exact search")
    return analysis


def _complete(
    analysis: Analysis,
    rules: Variant,
    budget: int | None,
    threads: int | None,
    progress: Callable[[int, int], None] | None,
) -> None:
    """Fill in what no theorem fixed: remoteness by search, a Grundy value by search or engine."""
    piles = analysis.position
    states = rules.estimate_states(piles)
    affordable = (
        states <= budget
        if budget is not None
        else (states <= AUTO_SEARCH_BUDGET and rules.estimate_work(piles) <= AUTO_SEARCH_WORK)
    )
    if affordable:
        solver = default_solver(rules, max(states, AUTO_SEARCH_BUDGET))
        value = solver.value(piles)
        analysis.remoteness = remoteness_of(value)
        analysis.sources["remoteness"] = "search"
        if isinstance(value, ImpartialValue) and analysis.grundy is None:
            analysis.grundy = value.grundy
            analysis.sources["grundy"] = "search"
        return
    analysis.notes.append(
        f"remoteness not computed: exact search may visit up to {format_count(states)} states "
        f"(about {format_bytes(estimate_bytes(states, piles))}), {AUTO_BUDGET_ADVICE}"
    )
    if analysis.grundy is not None or not rules.impartial:
        return
    engine = engine_row()  # imported once (numpy), not per line of a batch
    try:
        family = engine.family_of(rules)  # kept on the rule set: a batch asks this once per line
    except engine.EngineError:
        return
    cells_budget = AUTO_ENGINE_CELLS if budget is None else budget
    refusal = engine.plan_row(family, piles).refusal(cells_budget)  # solve_row's check, early
    if refusal:
        analysis.notes.append(f"Grundy value not computed: {refusal}")
        return
    try:
        result = engine.solve_row(
            rules,
            piles,
            threads=threads,
            progress=progress,
            cells_budget=cells_budget,
        )
    except engine.EngineError as error:
        analysis.notes.append(f"Grundy value not computed: {error}")
        return
    analysis.grundy = result.value
    analysis.sources["grundy"] = "engine"


def _by_search(piles: Any, rules: RuleSet[Any, Any], budget: int | None) -> Analysis:
    if splits(rules):
        return by_parts(piles, rules, budget)
    return by_search_plain(piles, rules, budget)
