"""The exact search strategy: the memoised search of :mod:`endnim.search` over the generic
rule-set hooks answers everything (outcome, Grundy value, winning moves, remoteness; partizan
rows: the thresholds too) within its budget of states. Any rule set; the reference truth.

>>> from endnim.variants import get_variant
>>> by_search_plain((3, 1, 3), get_variant("endnim"), None).grundy
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from endnim.errors import BudgetError
from endnim.moves import Move
from endnim.ruleset import RuleSet
from endnim.search import (
    DEFAULT_BUDGET,
    ImpartialValue,
    default_solver,
    estimate_bytes,
    format_bytes,
    format_count,
)
from endnim.strategies.base import Capability, Request, Strategy
from endnim.strategies.result import (
    AUTO_BUDGET_ADVICE,
    AUTO_SEARCH_BUDGET,
    AUTO_SEARCH_WORK,
    THRESHOLD_NAMES,
    Analysis,
    merge_ranges,
    remoteness_of,
)
from endnim.theory import MoveRange, Reason
from endnim.variants import Variant


class SearchStrategy(Strategy):
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

    def decide(self, rules: RuleSet[Any, Any], position: Any, request: Request) -> Analysis:
        return by_search_plain(position, rules, request.budget)

    def complete(
        self, rules: RuleSet[Any, Any], position: Any, request: Request, result: Analysis
    ) -> Analysis:
        """The remoteness (and a Grundy value still missing) when the search is affordable,
        else a note saying why not."""
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
            scan = threshold_scan(piles, rules, solver.budget)
            thresholds = search_thresholds(piles, rules, solver.budget, scan)
            sources["thresholds"] = "search"
            missing = missing_thresholds_note(thresholds, scan, piles)
            if missing is not None:
                notes.append(missing)
        except BudgetError as error:
            notes.append(f"thresholds not computed: {error}")
    row_moves = all(isinstance(move, Move) for _, move in winning_pairs) and isinstance(
        rules, Variant
    )
    # a partizan relative may let a player play the other's end: then "R0" alone would not say
    # whose move it is, and every move is written with its player ("L:R0")
    crossed = row_moves and any(player not in (None, move.end) for player, move in winning_pairs)
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
        if row_moves and not crossed
        else [move_text(rules, player, move, crossed) for player, move in winning_pairs],
        rules=rules,
    )


def move_text(rules: RuleSet[Any, Any], player: Any, move: Any, always: bool = False) -> str:
    """A move as text; in a partizan game whose moves do not name their player (or, with
    ``always``, whose players may play each other's end), prefixed ``L:``/``R:``."""
    text = rules.format_move(move)
    if player is None or (text[:1] in ("L", "R") and not always):
        return text
    return f"{player}:{text}"


THRESHOLD_SCAN = 32
"""The least pile the threshold scan reaches (when the budget affords it): the scan of a row
of c coins goes to x = max(2(c + 2), 32). No paper's bound is assumed of a rule set: a threshold
not found up to there is reported missing, with the size scanned (:func:`threshold_scan`)."""

THRESHOLD_KEYS = ("L_star", "R_star", "L_threshold", "R_threshold")


def threshold_scan(piles: Sequence[int], rules: Variant, budget: int) -> int:
    """How far :func:`search_thresholds` scans x for ``piles``: the largest x up to
    ``max(2(coins + 2), THRESHOLD_SCAN)`` whose rows x·piles·x the search's ``budget`` affords,
    at least ``coins + 2`` (else :class:`BudgetError`).

    >>> from endnim.variants import get_variant
    >>> threshold_scan((2, 1), get_variant("partizan"), 10**6)
    32
    """
    solver = default_solver(rules, budget)
    least = sum(piles) + 2
    solver.check_budget((least, *piles, least))  # the one-line refusal when even this is over
    high = max(2 * least, THRESHOLD_SCAN)
    while high > least:
        try:
            solver.check_budget((high, *piles, high))
            return high
        except BudgetError:
            high = max(least, (high + least) // 2 if high - least > 1 else least)
    return least


def search_thresholds(
    piles: Sequence[int], rules: Variant, budget: int, scan: int | None = None
) -> dict[str, int]:
    """L*, R*, L and R of ``piles`` by exact search (any partizan row rule set): the least x
    with x·piles (L*, L) or piles·x (R*, R) in L or N (L*), L (L), R or N (R*), R (R).

    The scan runs x = 1 .. ``scan`` (default :func:`threshold_scan`); a threshold with no x up
    to there is left out (:func:`missing_thresholds_note` says so in one line). No bound is
    assumed: a relative of End-Nim need not have a threshold at all.

    >>> from endnim.variants import get_variant
    >>> search_thresholds((2, 4, 1), get_variant("partizan"), 10**6)
    {'L_star': 6, 'R_star': 7, 'L_threshold': 6, 'R_threshold': 7}
    """
    solver = default_solver(rules, budget)
    limit = threshold_scan(piles, rules, budget) if scan is None else scan
    found: dict[str, int] = {}
    wanted = {"L_star": ("L", "LN"), "R_star": ("R", "RN"), "L_threshold": ("L", "L")}
    wanted["R_threshold"] = ("R", "R")
    for key in THRESHOLD_KEYS:
        side, classes = wanted[key]
        for x in range(1, limit + 1):
            row = (x, *piles) if side == "L" else (*piles, x)
            if solver.partizan_value(row).outcome in classes:
                found[key] = x
                break
    return found


def missing_thresholds_note(found: dict[str, int], scan: int, piles: Sequence[int]) -> str | None:
    """The one line saying which thresholds no x up to ``scan`` reaches, or ``None``.

    >>> print(missing_thresholds_note({"R_star": 1, "R_threshold": 3}, 32, (1, 2)))
    thresholds L*, L: none up to 32 (exact search of x·1·2 for x = 1..32)
    """
    missing = [key for key in THRESHOLD_KEYS if key not in found]
    if not missing:
        return None
    row = "·".join(map(str, piles))
    rows = []
    if any(key.startswith("L") for key in missing):
        rows.append(f"x·{row}" if row else "x")
    if any(key.startswith("R") for key in missing):
        rows.append(f"{row}·x" if row else "x")
    names = ", ".join(THRESHOLD_NAMES[key] for key in missing)
    return (
        f"thresholds {names}: none up to {scan} (exact search of {' and '.join(rows)} for "
        f"x = 1..{scan})"
    )
