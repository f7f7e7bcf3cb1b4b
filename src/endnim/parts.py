"""Grundy values by parts: the search for impartial games whose positions split.

When a rule set's :meth:`~endnim.ruleset.RuleSet.components` splits a position into independent
parts (a disjunctive sum), its Grundy value is the xor of theirs (Sprague–Grundy), and so is
every option's. This search therefore stores values of single parts only, keyed by
``canonical_key``, and splits every option it meets: a warehouse whose groups are small is
solved group by group however many groups it has.

Remoteness does not add up over a sum, so this search gives Grundy values only (the analyser
takes the remoteness from the plain search where that is affordable).

>>> from endnim.variants import get_variant
>>> solver = PartsSolver(get_variant("depot"))
>>> depot = get_variant("depot")
>>> solver.grundy(depot.parse_position("3 0 3 0 1 1"))   # 3 xor 3 xor 0
0
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from endnim.errors import BudgetError
from endnim.ruleset import RuleSet, splits_by
from endnim.search import (
    DEFAULT_BUDGET,
    format_count,
    parts_budget_error,
)


def splits(rules: RuleSet[Any, Any]) -> bool:
    """Whether ``rules`` overrides :meth:`~endnim.ruleset.RuleSet.components` (it may split)
    for the game it plays: not a relative that changes a move or terminal hook below the
    class that wrote the split (:func:`endnim.ruleset.split_unproved`)."""
    return splits_by(rules) is not None


WORK_PER_BUDGET = 16
"""A search past its estimate stops after ``budget`` parts or ``WORK_PER_BUDGET × budget``
vertices keyed, whichever comes first (about a microsecond a vertex: half a minute at the
default budget, about what a search the estimate admits may take)."""

PARTS_AT_LEAST = 16
"""Past its estimate, a search expands no part whose options would take more than a
``PARTS_AT_LEAST``-th of its work limit (a star of 5,000 leaves is refused at once)."""


@dataclass
class _Cap:
    """The live limits of a search whose estimate is over the budget (see
    :meth:`PartsSolver.grundy`), counted with the rule set's ``part_size`` (vertices keyed
    for one option) and ``expansion_work`` (a bound for all the options of a part)."""

    parts: int
    work: int
    refused: BudgetError
    part_size: Callable[[Any], int]
    expansion_work: Callable[[Any], int]
    parts_done: int = 0
    work_done: int = 0

    def before_expanding(self, node: Any) -> None:
        """Refuse before, not after, building options that would take the rest of the work
        or more than a ``PARTS_AT_LEAST``-th of it (they are built at once)."""
        ahead = self.expansion_work(node)
        if self.work_done + ahead > self.work or ahead > self.work // PARTS_AT_LEAST:
            raise self.stop()

    def keyed(self, child: Any) -> None:
        self.work_done += self.part_size(child)
        if self.work_done > self.work:
            raise self.stop()

    def expanded(self) -> None:
        self.parts_done += 1
        if self.parts_done > self.parts:
            raise self.stop()

    def stop(self) -> BudgetError:
        error = self.refused
        return BudgetError(
            f"{error}; isomorphic parts are solved once, so the search was tried anyway and "
            f"stopped at {format_count(self.parts_done)} part"
            f"{'' if self.parts_done == 1 else 's'} and "
            f"{format_count(self.work_done)} vertices keyed",
            states=error.states,
            bytes_needed=error.bytes_needed,
            budget=error.budget,
        )


class PartsSolver:
    """Grundy values of an impartial rule set, solving each independent part once."""

    def __init__(self, rules: RuleSet[Any, Any], budget: int | None = None) -> None:
        self.rules = rules
        self.budget = DEFAULT_BUDGET if budget is None else budget
        self.memo: dict[Hashable, int] = {}

    def estimate(self, position: Any) -> int:
        """Parts a search of ``position`` may solve (the rule set's ``part_estimate`` if it has
        one, else its ``estimate_states``)."""
        part_estimate = getattr(self.rules, "part_estimate", None)
        if part_estimate is not None:
            return int(part_estimate(position))
        return self.rules.estimate_states(position)

    def check_budget(self, position: Any) -> None:
        """Refuse (one line, with an estimate) a search that may exceed the budget."""
        states = self.estimate(position)
        if states <= self.budget:
            return
        # over the estimate: parts already solved still answer, but their keys are only
        # looked up when the memo holds any (a long path's key is quadratic in its length)
        parts = self.rules.components(position) if self.memo else [position]
        if self.memo and all(self.rules.canonical_key(p) in self.memo for p in parts):
            return
        raise parts_budget_error(states, position, self.budget)

    def grundy(self, position: Any) -> int:
        """The Grundy value of ``position``: the xor of its parts'.

        The estimate counts labelled positions. When it is over the budget but the rule set
        keys parts up to isomorphism and says what keying costs (``part_size``, and
        ``expansion_work`` for building a part's options), isomorphism
        may collapse the search far below it (a star of 30 leaves of 1 has 2³⁰ labelled
        positions and 62 classes), so the search is tried with live limits instead: it stops
        with the estimate's :class:`BudgetError` after ``budget`` new parts or
        ``WORK_PER_BUDGET × budget`` vertices keyed.
        """
        cap: _Cap | None = None
        try:
            self.check_budget(position)
        except BudgetError as refused:
            rules = self.rules
            part_size = getattr(rules, "part_size", None)
            expansion_work = getattr(rules, "expansion_work", None)
            keys = type(rules).canonical_key is not RuleSet.canonical_key
            if not keys or part_size is None or expansion_work is None:
                raise
            budget = self.budget
            cap = _Cap(budget, WORK_PER_BUDGET * budget, refused, part_size, expansion_work)
        total = 0
        for part in self.rules.components(position):
            total ^= self.part_grundy(part, cap)
        return total

    def part_grundy(self, part: Any, cap: _Cap | None = None) -> int:
        """The Grundy value of one part, every option split into its parts (iterative);
        ``cap``: live limits on parts solved and vertices keyed (:meth:`grundy`)."""
        rules = self.rules
        key = rules.canonical_key
        memo = self.memo
        root_key = key(part)
        if root_key in memo:
            return memo[root_key]
        pending: dict[Hashable, list[list[Hashable]]] = {}
        stack: list[tuple[Any, Hashable]] = [(part, root_key)]
        while stack:
            node, node_key = stack[-1]
            if node_key in memo:
                stack.pop()
                continue
            options = pending.get(node_key)
            if options is None:
                if cap is not None:
                    cap.before_expanding(node)
                options = []
                missing: dict[Hashable, Any] = {}
                for child in rules.children(node):
                    keys = []
                    for piece in rules.components(child):
                        piece_key = key(piece)
                        keys.append(piece_key)
                        if piece_key not in memo:
                            missing[piece_key] = piece
                    options.append(keys)
                    if cap is not None:
                        cap.keyed(child)
                pending[node_key] = options
                if cap is not None:
                    cap.expanded()
                if missing:
                    stack.extend((piece, k) for k, piece in missing.items())
                    continue
            stack.pop()
            del pending[node_key]
            if not options:
                memo[node_key] = rules.terminal_value(node)
                continue
            seen = set()
            for keys in options:
                value = 0
                for piece_key in keys:
                    value ^= memo[piece_key]
                seen.add(value)
            grundy = 0
            while grundy in seen:
                grundy += 1
            memo[node_key] = grundy
        return memo[root_key]


_DEFAULT: dict[tuple[type, str], PartsSolver] = {}


def default_parts_solver(rules: RuleSet[Any, Any], budget: int | None = None) -> PartsSolver:
    """A shared parts solver per rule set (its memo serves later calls); ``budget`` updates it."""
    slot = (type(rules), rules.name)
    solver = _DEFAULT.get(slot)
    if solver is None or len(solver.memo) > 5_000_000:
        solver = _DEFAULT[slot] = PartsSolver(rules)
    solver.budget = DEFAULT_BUDGET if budget is None else budget
    return solver
