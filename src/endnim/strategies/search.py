"""The exact search strategy: the memoised search of :mod:`endnim.search` over the generic
rule-set hooks answers everything (outcome, Grundy value, winning moves, remoteness; partizan
rows: the thresholds too) within its budget of states. Any rule set; the reference truth.

>>> from endnim.variants import get_variant
>>> by_search_plain((3, 1, 3), get_variant("endnim"), None).grundy
0
"""

from __future__ import annotations

from typing import Any

from endnim.errors import BudgetError
from endnim.moves import Move
from endnim.position import Position
from endnim.ruleset import RuleSet
from endnim.search import (
    DEFAULT_BUDGET,
    ImpartialValue,
    default_solver,
    estimate_bytes,
    format_bytes,
    format_count,
)
from endnim.strategies.base import Capability, Request
from endnim.strategies.result import (
    AUTO_BUDGET_ADVICE,
    AUTO_SEARCH_BUDGET,
    AUTO_SEARCH_WORK,
    Analysis,
    merge_ranges,
    remoteness_of,
)
from endnim.theory import MoveRange, Reason
from endnim.variants import Variant


class SearchStrategy:
    """The plain memoised search: decides any rule set within its budget of states, and fills
    in the remoteness (and a Grundy value) a theory left open when the auto budget affords it."""

    name = "search"
    title = "exact search"

    def can_answer(
        self, rules: RuleSet[Any, Any], position: Any, request: Request
    ) -> Capability | None:
        """Always (any rule set); ``affordable`` by the request's budget, else the auto one."""
        fields = ("outcome", "winning_moves", "grundy" if rules.impartial else "thresholds")
        states = rules.estimate_states(position)
        budget = request.budget
        affordable = (
            states <= budget
            if budget is not None
            else states <= AUTO_SEARCH_BUDGET and rules.estimate_work(position) <= AUTO_SEARCH_WORK
        )
        return Capability((*fields, "remoteness"), states, "states", affordable)

    def run(
        self,
        rules: RuleSet[Any, Any],
        position: Any,
        request: Request,
        result: Analysis | None = None,
    ) -> Analysis:
        if result is None:
            return by_search_plain(position, rules, request.budget)
        capability = self.can_answer(rules, position, request)
        assert capability is not None
        states = capability.cost
        if not capability.affordable:
            if _ends_at_once(rules, position, result):
                result.remoteness = 1
                result.sources["remoteness"] = "a winning move ends the game"
                return result
            result.notes.append(
                f"remoteness not computed: exact search may visit up to {format_count(states)} "
                f"states (about {format_bytes(estimate_bytes(states, position))}), "
                f"{AUTO_BUDGET_ADVICE}"
            )
            return result
        value = default_solver(rules, max(states, AUTO_SEARCH_BUDGET)).value(position)
        result.remoteness = remoteness_of(value)
        result.sources["remoteness"] = "search"
        if isinstance(value, ImpartialValue) and result.grundy is None:
            result.grundy = value.grundy
            result.sources["grundy"] = "search"
        return result


SEARCH = SearchStrategy()

_SMALL_CHILD = 1_000
"""A child whose search is this small is tested for being terminal (a lone pile's move to the
empty row; never a search of a huge child)."""


def _ends_at_once(rules: RuleSet[Any, Any], position: Any, result: Analysis) -> bool:
    """Whether a winning move of an impartial N-position ends the game (its remoteness is then
    1, however large the position: a lone pile of 200 digits is taken whole).

    >>> from endnim.analyzer import analyze
    >>> analyze((10**200,)).remoteness
    1
    """
    if not rules.impartial or result.outcome != "N":
        return False
    for move in result.winning_moves[:8]:
        try:
            child = rules.play(position, move)
            if rules.estimate_states(child) <= _SMALL_CHILD and rules.is_terminal(child):
                return True
        except (ValueError, NotImplementedError):  # a move text the rule set does not read back
            continue
    return False


def by_search_plain(piles: Any, rules: RuleSet[Any, Any], budget: int | None) -> Analysis:
    """The plain memoised search (no splitting into parts)."""
    solver = default_solver(rules, DEFAULT_BUDGET if budget is None else budget)
    value = solver.value(piles)
    winning_pairs: list[tuple[Any, Any]] = []  # (player, move)
    if isinstance(value, ImpartialValue):
        for move, child in rules.options(piles):
            if solver.impartial_value(child).grundy == 0:
                winning_pairs.append((None, move))
        grundy: int | None = value.grundy
        statement = f"Grundy value {value.grundy}"
    else:
        for player in ("L", "R"):
            for move, child in rules.options(piles, player):
                child_value = solver.partizan_value(child)
                loses = (
                    child_value.left_wins_first if player == "R" else child_value.right_wins_first
                )
                if not loses:
                    winning_pairs.append((player, move))
        grundy = None
        statement = (
            f"Left {'wins' if value.left_wins_first else 'loses'} moving first, "
            f"Right {'wins' if value.right_wins_first else 'loses'} moving first"
        )
    reason = Reason(
        "exhaustive search",
        statement,
        {"states_cached": solver.cached_states()},
    )
    sources = {"outcome": "search", "winning_moves": "search", "remoteness": "search"}
    thresholds = None
    notes: list[str] = []
    if isinstance(value, ImpartialValue):
        sources["grundy"] = "search"
    elif isinstance(rules, Variant):
        try:
            thresholds = search_thresholds(piles, rules, solver.budget)
            sources["thresholds"] = "search"
        except BudgetError as error:
            notes.append(f"thresholds not computed: {error}")
    row_moves = all(isinstance(move, Move) for _, move in winning_pairs) and isinstance(
        rules, Variant
    )
    return Analysis(
        position=piles,
        variant=rules.name,
        outcome=value.outcome,
        grundy=grundy,
        winning_move_ranges=merge_ranges(
            [MoveRange(m.end, m.size, m.size, m.reverse) for _, m in winning_pairs]
        )
        if row_moves
        else [],
        remoteness=remoteness_of(value),
        method="search",
        sources=sources,
        reasons=[reason],
        thresholds=thresholds,
        notes=notes,
        winning_move_list=None
        if row_moves
        else [move_text(rules, player, move) for player, move in winning_pairs],
        rules=rules,
    )


def move_text(rules: RuleSet[Any, Any], player: Any, move: Any) -> str:
    """A move as text; in a partizan game whose moves do not name their player, prefixed
    ``L:``/``R:`` (Left's/Right's)."""
    text = rules.format_move(move)
    if player is None or text[:1] in ("L", "R"):
        return text
    return f"{player}:{text}"


def search_thresholds(piles: Position, rules: Variant, budget: int) -> dict[str, int]:
    """L, R, L*, R* of ``piles`` by exact search (partizan), scanning x = 1, 2, ...

    Each threshold is at most the coin count + 1 (Albert–Nowakowski §3), which bounds the scan.
    """
    solver = default_solver(rules, budget)
    bound = piles.coins + 2
    solver.check_budget((bound, *piles, bound))

    def first(predicate_side: str, classes: str) -> int:
        for x in range(1, bound + 1):
            row = (x, *piles) if predicate_side == "L" else (*piles, x)
            if solver.partizan_value(row).outcome in classes:
                return x
        raise AssertionError(f"no threshold below {bound}: the bound in §3 failed")

    return {
        "L_star": first("L", "LN"),
        "R_star": first("R", "RN"),
        "L_threshold": first("L", "L"),
        "R_threshold": first("R", "R"),
    }
