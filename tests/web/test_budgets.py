"""The web workbench's budgets: every request's work is bounded before it starts."""

from __future__ import annotations

import pytest

from endnim.analyzer import AUTO_SEARCH_BUDGET, AUTO_SEARCH_WORK, analyze
from endnim.errors import PositionError
from endnim.position import Position
from endnim.search import default_solver
from endnim.variants import all_variants, get_variant
from endnim.web.budgets import (
    WEB_ENGINE_CELLS,
    WEB_MAX_CELLS,
    WEB_MAX_STATES,
    WEB_SEARCH_STATES,
    WEB_SEARCH_WORK,
    OverBudget,
    analysis_budget,
    engine_work,
    limit_search_caches,
    search_work,
    web_position,
)

ENDNIM = get_variant("endnim")


def test_auto_keeps_the_command_lines_small_search() -> None:
    for piles in [(3, 3, 3, 2), (30, 1, 30), (1,) * 40]:
        position = Position(piles)
        states = ENDNIM.estimate_states(piles)
        assert states <= AUTO_SEARCH_BUDGET and states * (2 * max(piles) + 1) <= AUTO_SEARCH_WORK
        assert analysis_budget(position, ENDNIM, "auto", None) is None


def test_auto_without_a_small_search_keeps_the_cli_answer_when_the_engine_is_small() -> None:
    for piles in [(100, 37, 51, 99), (400, 400), (2000, 3, 2000)]:
        position = Position(piles)
        assert engine_work(position, ENDNIM) <= WEB_ENGINE_CELLS
        assert analysis_budget(position, ENDNIM, "auto", None) is None
    result = analyze((100, 37, 51, 99), ENDNIM, budget=None)
    assert result.sources["grundy"] == "engine" and "remoteness" not in result.sources
    assert analysis_budget(Position((10**9, 10**9)), get_variant("partizan"), "auto", None) is None


def test_auto_beyond_a_small_engine_gets_no_search_and_a_capped_engine() -> None:
    for piles in [(3000, 3000, 3000), (10**6, 10**6), (10**100, 1)]:
        position = Position(piles)
        budget = analysis_budget(position, ENDNIM, "auto", None)
        assert budget is not None and budget < ENDNIM.estimate_states(piles)
        assert budget <= WEB_ENGINE_CELLS < engine_work(position, ENDNIM)
        result = analyze(position, ENDNIM, budget=budget)  # bounded by the budget, not a clock
        assert "remoteness" not in result.sources
        assert result.sources.get("grundy") != "engine"


def test_search_and_engine_budgets() -> None:
    small = Position((3, 1, 4))
    assert analysis_budget(small, ENDNIM, "search", None) == WEB_SEARCH_STATES
    assert analysis_budget(small, ENDNIM, "search", 1234) == 1234
    assert analysis_budget(small, ENDNIM, "engine", None) == WEB_ENGINE_CELLS
    assert analysis_budget(small, ENDNIM, "theory", 10**30) is None
    with pytest.raises(OverBudget, match="at most"):
        analysis_budget(small, ENDNIM, "search", WEB_MAX_STATES + 1)
    with pytest.raises(OverBudget, match="at most"):
        analysis_budget(small, ENDNIM, "auto", WEB_MAX_STATES + 1)
    with pytest.raises(OverBudget, match="engine budget"):
        analysis_budget(small, ENDNIM, "engine", WEB_MAX_CELLS + 1)
    wide = Position((300, 300, 300))  # few states, but each has hundreds of options
    assert ENDNIM.estimate_states(wide) <= WEB_SEARCH_STATES
    with pytest.raises(OverBudget, match="option visits"):
        analysis_budget(wide, ENDNIM, "search", None)
    with pytest.raises(OverBudget, match="option visits"):
        analysis_budget(wide, ENDNIM, "auto", WEB_SEARCH_STATES)
    # beyond the budget no search runs, so there is nothing to refuse here (analyze refuses)
    assert analysis_budget(wide, ENDNIM, "search", 1000) == 1000


def test_search_work_counts_the_partizan_threshold_scan() -> None:
    partizan = get_variant("partizan")
    piles = Position((3, 1, 2))
    row = (3, 1, 2)
    scan = (8, 3, 1, 2, 8)
    own = partizan.estimate_states(row) * (2 * 3 + 1)
    extra = partizan.estimate_states(scan) * (2 * 8 + 1)
    assert search_work(piles, partizan, 10**6) == own + extra
    assert search_work(piles, partizan, partizan.estimate_states(row)) == own
    assert search_work(piles, ENDNIM, 0) == 0
    for rules in (r for r in all_variants() if r.family == "row"):  # web budgets of rows
        for piles in [Position((5, 4, 2, 4)), Position((9, 9))]:
            budget = analysis_budget(piles, rules, "search", None)
            assert budget is not None
            assert search_work(piles, rules, budget) <= WEB_SEARCH_WORK


def test_web_positions() -> None:
    assert web_position("3 3 3 2") == (3, 3, 3, 2)
    assert web_position("", allow_empty=True) == ()
    with pytest.raises(OverBudget, match="1,001 piles"):
        web_position("1^1001")
    assert len(web_position("1^200", max_piles=200)) == 200
    with pytest.raises(PositionError, match="longer than"):
        web_position("1 " * 25_001)
    with pytest.raises(PositionError, match="empty"):
        web_position("")


def test_limit_search_caches() -> None:
    before = {rules.name: default_solver(rules).max_cache for rules in all_variants()}
    try:
        limit_search_caches(1234)
        assert all(default_solver(rules).max_cache == 1234 for rules in all_variants())
    finally:
        for rules in all_variants():
            default_solver(rules).max_cache = before[rules.name]


@pytest.mark.parametrize("name", ["endnim", "muller", "partizan"])
@pytest.mark.parametrize("piles", [(100, 100, 100), (60, 60, 60, 60), (3, 1, 4), (40,) * 5])
def test_what_the_workbench_accepts_the_solver_accepts(name: str, piles: tuple[int, ...]) -> None:
    """One work limit: a search the web's budget lets through is not refused by the solver for
    its option visits (the web's limit is the solver's WORK_PER_STATE per state)."""
    from endnim.search import Solver

    rules = get_variant(name)
    try:
        budget = analysis_budget(Position(piles), rules, "search", None)
    except OverBudget:  # refused by the workbench itself, with its own one-line error
        return
    assert budget is not None
    Solver(rules, budget).check_budget(piles)
