"""The warehouse games by the compiled search (the C extension ``endnim.graphs._depots``):
Grundy values of ``depot`` positions, outcomes of ``depot-partizan`` ones (Albert & Nowakowski
2001, "Remarks, conclusions, and assorted ramblings").

In C, ``depot`` is searched group by group (each group of positive vertices is a game of its
own: docs/graphs.md), a group memoised by its vertices and labels; ``depot-partizan`` by whole
positions. Across calls, answers are remembered under the position's canonical key (the rule
set's ``isomorphism_key``: igraph's bliss canonical labelling, AHU for forests), so isomorphic
positions are solved once. Graphs beyond the C search's reach (more than 64 vertices, a label
above 255, labels adding up to more than 4,000, or more than ``budget`` positions) go to the
Python search (:class:`endnim.search.Solver`), the reference the tests compare against;
``compiled_grundy`` and ``compiled_outcome`` answer ``None`` there instead, so that
``endnim analyze`` (:mod:`endnim.strategies.compiled_depots`) takes its search by parts.

>>> from endnim.graphs import Depot, DepotPartizan
>>> engine = DepotEngine()
>>> engine.grundy(Depot().parse_position("3 1 3")), engine.grundy(Depot().parse_position("2 3"))
(0, 1)
>>> str(engine.outcome(DepotPartizan().parse_position("2 1")))  # partizan End-Nim 2 1
'L'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from endnim.graphs.depot import Depot
from endnim.graphs.depot_partizan import EDGE_CODE, DepotPartizan
from endnim.graphs.position import Graph
from endnim.outcome import Outcome
from endnim.search import DEFAULT_BUDGET, ImpartialValue, PartizanValue, Solver

try:
    from endnim.graphs._depots import (
        MAX_LABEL,
        MAX_TOTAL,
        MAX_VERTICES,
        OverLimit,
        depot_grundy,
        partizan_outcome,
    )
except ImportError:  # pragma: no cover - the extension is built by scripts/setup.sh
    depot_grundy = partizan_outcome = None  # type: ignore[assignment]
    OverLimit = RuntimeError  # type: ignore[assignment,misc]
    MAX_VERTICES = MAX_LABEL = MAX_TOTAL = 0

Answer = TypeVar("Answer", int, Outcome)
MAX_REMEMBERED = 1_000_000
"""Answers kept under their canonical keys before the engine starts afresh."""


def available() -> bool:
    """Whether the compiled search is built (``bash scripts/setup.sh`` builds it).

    >>> available()
    True
    """
    return depot_grundy is not None


def compiled_reach(position: Graph) -> bool:
    """Whether the C search takes ``position`` (64 vertices, labels 0..255, total <= 4,000).

    >>> compiled_reach(Graph.build([0, 300, 0], [(0, 1), (1, 2)]))
    False
    """
    labels = position.labels
    return (
        available()
        and len(labels) <= MAX_VERTICES
        and max(labels, default=0) <= MAX_LABEL
        and sum(labels) <= MAX_TOTAL
    )


class DepotEngine:
    """Grundy values of ``depot`` and outcomes of ``depot-partizan`` positions, compiled, one
    memory of answers (by canonical key) for every call; ``budget``: positions a C search may
    memoise before the position goes to the Python search (with its own budget check)."""

    def __init__(self, budget: int | None = None) -> None:
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.depot = Depot()
        self.partizan = DepotPartizan()
        self.known: dict[Hashable, int | Outcome] = {}

    @property
    def memo(self) -> dict[Hashable, int | Outcome]:
        """The answers remembered (for :class:`endnim.strategies.parts.GrundySolver`)."""
        return self.known

    def _remember(self, key: Hashable, answer: int | Outcome) -> None:
        if len(self.known) >= MAX_REMEMBERED:
            self.known.clear()
        self.known[key] = answer

    def _answer(
        self,
        kind: str,
        rules: Depot | DepotPartizan,
        position: Graph,
        compiled: Callable[[Graph], Answer | None],
        pick: Callable[[Any], Answer],
    ) -> Answer:
        """``compiled(position)``, or beyond the C search what ``pick`` takes of the Python
        search's value, remembered under ``kind`` and the position's isomorphism key."""
        position = rules.coerce_position(position)
        found = compiled(position)
        if found is None:
            found = pick(Solver(rules, self.budget).value(position))
            self._remember((kind, rules.isomorphism_key(position)), found)
        return found

    def grundy(self, position: Graph) -> int:
        """The Grundy value of a ``depot`` position (beyond the C search: the Python search)."""
        return self._answer("depot", self.depot, position, self.compiled_grundy, _grundy)

    def compiled_grundy(self, position: Graph, budget: int | None = None) -> int | None:
        """The Grundy value of a ``depot`` position, remembered or by the C search; ``None``
        when it is beyond the C search's reach or over its budget (``budget``: positions, the
        engine's unless given)."""
        if not compiled_reach(position):
            return None
        key = ("depot", self.depot.isomorphism_key(position))
        found = self.known.get(key)
        if isinstance(found, int):
            return found
        try:
            limit = self.budget if budget is None else budget
            value = int(depot_grundy(position.labels, position.edges, limit)[0])
        except OverLimit:
            return None
        self._remember(key, value)
        return value

    def compiled_outcome(self, position: Graph) -> Outcome | None:
        """The outcome of a ``depot-partizan`` position by the C search, or ``None`` when it
        is beyond the C search's reach or over its budget."""
        position = self.partizan.coerce_position(position)
        if not compiled_reach(position):  # before the key, which is dear on a big graph
            return None
        key = ("partizan", self.partizan.isomorphism_key(position))
        found = self.known.get(key)
        if isinstance(found, Outcome):
            return found
        colours = [EDGE_CODE[c] for c in position.colours or ()]
        try:
            bits = int(
                partizan_outcome(
                    position.labels, position.edges, colours, position.homes or (), self.budget
                )[0]
            )
        except OverLimit:
            return None
        result = Outcome.from_first_player_wins(left=bool(bits & 1), right=bool(bits & 2))
        self._remember(key, result)
        return result

    def outcome(self, position: Graph) -> Outcome:
        """The outcome (L, R, N or P) of a ``depot-partizan`` position (beyond the C search:
        the Python search)."""
        return self._answer("partizan", self.partizan, position, self.compiled_outcome, _outcome)


def _grundy(answer: Any) -> int:
    assert isinstance(answer, ImpartialValue)
    return answer.grundy


def _outcome(answer: Any) -> Outcome:
    assert isinstance(answer, PartizanValue)
    return answer.outcome


__all__ = ["DepotEngine", "available", "compiled_reach"]
