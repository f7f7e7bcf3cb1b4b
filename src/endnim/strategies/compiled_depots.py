"""The compiled warehouse search: ``depot`` and ``depot-partizan`` positions by
:class:`endnim.graphs.compiled_depot.DepotEngine` (Albert & Nowakowski 2001, "Remarks,
conclusions, and assorted ramblings").

``depot``: what the search by parts answers (:mod:`endnim.strategies.parts`: the Grundy value
as the xor of the parts', the winning moves part by part, the parts' values), each part in C
within its reach (64 vertices, labels <= 255, total <= 4,000, the budget's positions) and by
the Python search by parts beyond it. ``depot-partizan``: the outcome and the winning moves
from the C search of the position and of its options when the position is within its reach;
beyond it, or over its budget, the search by parts decides as before (the plain search, then
the sum of the parts' canonical forms). Either way the remoteness comes from the plain search
when affordable, and a position of several parts lists each part's value.

>>> from endnim.analyzer import analyze
>>> a = analyze("2 0 1 1", variant="depot")
>>> a.grundy, [c["grundy"] for c in a.components], a.reasons[0].theorem
(2, [2, 0], 'compiled search by parts')
>>> analyze("2 1", variant="depot-partizan").outcome
'L'
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence, Sized
from typing import Any

from endnim.graphs import compiled_depot
from endnim.graphs.depot import Depot
from endnim.graphs.depot_partizan import DepotPartizan
from endnim.outcome import Outcome
from endnim.parts import WORK_PER_BUDGET, PartsSolver
from endnim.ruleset import Player, RuleSet
from endnim.search import (
    DEFAULT_BUDGET,
    estimate_bytes,
    format_bytes,
    format_count,
    parts_budget_error,
)
from endnim.strategies.compiled_graphs import CompiledGraphStrategy
from endnim.strategies.parts import (
    by_parts,
    impartial_by_parts,
    partizan_components,
    plain_remoteness,
    split,
)
from endnim.strategies.result import Analysis
from endnim.strategies.search import move_text
from endnim.theory import Reason

_ENGINES: dict[int, compiled_depot.DepotEngine] = {}
MAX_COUNTED = 10**6
"""Labels of a part beyond this total are not counted into classes (:func:`label_classes`)."""
C_SHARE_PAST_ESTIMATE = 4
"""Past its estimate a position gets this fraction of the budget in C before the Python
search by parts (with isomorphic parts solved once) tries with its live limits."""


class CompiledDepotSolver:
    """Grundy values of ``depot`` positions for the analysis by parts: the whole position in C
    within its reach, else the Python search by parts (its estimate first, then its live
    limits) with each of the position's independent parts in C within its reach."""

    def __init__(self, rules: RuleSet[Any, Any], budget: int | None) -> None:
        self.rules = rules
        self.engine = default_engine(budget)
        self.parts = _PartsInC(self, rules, DEFAULT_BUDGET if budget is None else budget)
        self.over: set[Any] = set()
        """Positions the C search stopped on (over its budget)."""

    @property
    def memo(self) -> Sized:
        """The parts remembered (by the C search's engine and by the search by parts)."""
        return range(len(self.engine.known) + len(self.parts.memo))

    def grundy(self, position: Any) -> int:
        """The Grundy value of ``position``: the xor of its parts'."""
        value = self.in_c(position, lambda: self.rules.part_estimate(position))  # type: ignore[attr-defined]
        if value is None:
            self.check_classes(position)
            return self.parts.grundy(position)
        return value

    def check_classes(self, position: Any) -> None:
        """Refuse at once, in one line, a position over its estimate whose parts beyond the C
        search have so many classes (:func:`label_classes`) that keying them is past what the
        search by parts may key when it tries anyway (``WORK_PER_BUDGET`` × its budget, about
        a microsecond a vertex): that search would take its whole half minute and then refuse.
        """
        parts, budget = self.parts, self.parts.budget
        states = parts.estimate(position)
        if states <= budget:
            return
        work, largest = 0, None
        for part in self.rules.components(position):
            classes = None if compiled_depot.compiled_reach(part) else label_classes(part.labels)
            if classes is None or (parts.memo and self.rules.canonical_key(part) in parts.memo):
                continue
            work += classes * self.rules.part_size(part)  # type: ignore[attr-defined]
            if largest is None or classes > largest[0]:
                largest = (classes, part)
        limit = WORK_PER_BUDGET * budget
        if largest is None or work <= limit:
            return
        classes, part = largest
        refused = parts_budget_error(states, position, budget)
        raise refused.retold(
            f"{refused}; isomorphic parts are solved once, but a part of {len(part.labels)} "
            f"vertices and {format_count(len(part.edges))} edges still has about "
            f"{format_count(classes)} classes (about {format_bytes(estimate_bytes(classes, part))}"
            f" of memory): keying them is about {format_count(work)} vertices (about "
            f"{format_seconds(work // 10**6)}), over the {format_count(limit)} a search past its "
            "estimate may key"
        )

    def in_c(self, position: Any, estimate: Callable[[], int]) -> int | None:
        """The value by the C search, or ``None`` (beyond its reach, or over its budget: a
        :data:`C_SHARE_PAST_ESTIMATE`-th of it when ``estimate()`` is over the budget)."""
        if position in self.over or not compiled_depot.compiled_reach(position):
            return None
        value = self.engine.compiled_grundy(position, self._c_budget(estimate()))
        if value is None:  # over its budget: not tried again (the whole is often one part)
            self.over.add(position)
        return value

    def _c_budget(self, estimate: int) -> int:
        """The C search's budget: the engine's, or a :data:`C_SHARE_PAST_ESTIMATE`-th of it
        when the estimate is over the budget (so that a refusal costs about what the search by
        parts alone took before; that search then tries with its live limits)."""
        budget = self.engine.budget
        return budget if estimate <= budget else max(1, budget // C_SHARE_PAST_ESTIMATE)


class _PartsInC(PartsSolver):
    """The search by parts whose parts are solved in C within its reach."""

    def __init__(self, owner: CompiledDepotSolver, rules: RuleSet[Any, Any], budget: int) -> None:
        super().__init__(rules, budget)
        self.owner = owner

    def part_grundy(self, part: Any, cap: Any = None) -> int:
        def estimate() -> int:
            size = max(1, sum(1 for x in part.labels if x))
            return size * self.rules.estimate_states(part)

        value = self.owner.in_c(part, estimate)
        return super().part_grundy(part, cap) if value is None else value


def label_classes(labels: Sequence[int]) -> int | None:
    """The multisets of labels at or below ``labels`` (each lowered or not, in any order): a
    search of a part meets at least this many classes of it when every vertex stays reachable,
    as isomorphic positions have the same labels (``None``: labels too large to count).

    >>> label_classes([1, 1]), label_classes([0] + [3] * 69)
    (3, 59640)
    """
    bounds = sorted(labels, reverse=True)
    if sum(bounds) > MAX_COUNTED:
        return None
    ending = [1] * (bounds[0] + 1) if bounds else [1]  # ending[v]: sequences ending at v
    for bound in bounds[1:]:
        at_least = list(itertools.accumulate(reversed(ending)))[::-1]  # Σ ending[w], w >= v
        ending = at_least[: bound + 1]
    return sum(ending)


def format_seconds(seconds: int) -> str:
    """A duration for people: seconds, minutes, hours or days.

    >>> format_seconds(40), format_seconds(144), format_seconds(10**6)
    ('40 s', '2 min', '11 days')
    """
    for unit, size in (("days", 86_400), ("h", 3_600), ("min", 60)):
        if seconds >= 2 * size:
            return f"{format_count(seconds // size)} {unit}"
    return f"{seconds} s"


def applies(rules: RuleSet[Any, Any]) -> bool:
    """Whether the compiled warehouse search plays ``rules`` (``depot``, ``depot-partizan``,
    extension built).

    >>> from endnim.variants import get_variant
    >>> applies(get_variant("depot")), applies(get_variant("tree"))
    (True, False)
    """
    return type(rules) in (Depot, DepotPartizan) and compiled_depot.available()


def default_engine(budget: int | None) -> compiled_depot.DepotEngine:
    """One engine (one memory of answers) per budget, kept for later calls."""
    budget = DEFAULT_BUDGET if budget is None else budget
    engine = _ENGINES.get(budget)
    if engine is None:
        if len(_ENGINES) >= 8:
            _ENGINES.clear()
        engine = _ENGINES[budget] = compiled_depot.DepotEngine(budget)
    return engine


class CompiledDepotStrategy(CompiledGraphStrategy):
    """The compiled search of ``depot`` and ``depot-partizan`` positions."""

    name = "compiled-depots"

    def applies(self, rules: RuleSet[Any, Any]) -> bool:
        return applies(rules)

    def fields(self, rules: RuleSet[Any, Any]) -> tuple[str, ...]:
        return ("outcome", "winning_moves", "grundy" if rules.impartial else "remoteness")

    def solve(self, position: Any, rules: RuleSet[Any, Any], budget: int | None) -> Analysis:
        return by_compiled_depots(position, rules, budget)


COMPILED_DEPOTS = CompiledDepotStrategy()


def by_compiled_depots(position: Any, rules: RuleSet[Any, Any], budget: int | None) -> Analysis:
    """The exact analysis of a warehouse position by the compiled search (by parts)."""
    engine = default_engine(budget)
    if rules.impartial:
        analysis = impartial_by_parts(position, rules, budget, CompiledDepotSolver(rules, budget))
        reason = analysis.reasons[0]
        analysis.reasons[0] = Reason(
            "compiled search by parts",
            reason.statement.replace("(every option", "(in C within its reach; every option"),
            reason.data,
        )
        return analysis
    found = _partizan_compiled(position, rules, budget, engine)
    return by_parts(position, rules, budget) if found is None else found


def _partizan_compiled(
    position: Any,
    rules: RuleSet[Any, Any],
    budget: int | None,
    engine: compiled_depot.DepotEngine,
) -> Analysis | None:
    """Outcome and winning moves from the C search of the position and its options, or
    ``None`` when one of them is beyond its reach or over its budget."""
    whole = engine.compiled_outcome(position)
    if whole is None:
        return None
    winning: list[str] = []
    sides: tuple[tuple[Player, str], ...] = (("L", "LP"), ("R", "RP"))
    for player, keep in sides:  # a move wins when its maker wins moving second after it
        for move, child in rules.options(position, player):
            after = engine.compiled_outcome(child)
            if after is None:
                return None
            if str(after) in keep:
                winning.append(move_text(rules, player, move))
    notes: list[str] = []
    found = plain_remoteness(position, rules, budget, notes)
    remoteness = found if isinstance(found, int | dict) else None
    sources = {"outcome": "search", "winning_moves": "search"}
    if remoteness is not None:
        sources["remoteness"] = "search"
    analysis = Analysis(
        position=position,
        variant=rules.name,
        outcome=Outcome(str(whole)),
        grundy=None,
        winning_move_ranges=[],
        remoteness=remoteness,
        method="search",
        sources=sources,
        reasons=[
            Reason(
                "compiled search",
                f"class {whole}: the C search of the position and of each of its options",
                {"states_cached": len(engine.known)},
            )
        ],
        notes=notes,
        winning_move_list=winning,
        rules=rules,
    )
    parts = split(rules, position)
    if len(parts) > 1:
        analysis.components = partizan_components(rules, parts, budget, analysis.notes)
    return analysis


__all__ = [
    "COMPILED_DEPOTS",
    "CompiledDepotSolver",
    "applies",
    "by_compiled_depots",
    "default_engine",
]
