"""The one small interface every strategy offers the plan (:func:`endnim.analyze`).

A strategy says what it can answer for a rule set and a position (:meth:`Strategy.can_answer`:
which fields of :class:`~endnim.strategies.result.Analysis`, at what estimated cost) and fills
them (:meth:`Strategy.run`): a new result when it decides the position, or the fields still
missing of one another strategy decided.

>>> from endnim.strategies.search import SEARCH
>>> from endnim.variants import get_variant
>>> capability = SEARCH.can_answer(get_variant("endnim"), (3, 1, 3), Request())
>>> capability.fields, capability.unit, capability.affordable
(('outcome', 'winning_moves', 'grundy', 'remoteness'), 'states', True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from endnim.ruleset import RuleSet
from endnim.strategies.result import Analysis

FIELDS: tuple[str, ...] = ("outcome", "winning_moves", "grundy", "remoteness", "thresholds")
"""The fields of an analysis a strategy can fill (the keys of its ``sources``)."""


@dataclass(frozen=True, slots=True)
class Request:
    """What the caller of :func:`endnim.analyze` asked for, besides the position."""

    method: str = "auto"
    budget: int | None = None
    threads: int | None = None
    progress: Callable[[int, int], None] | None = None


@dataclass(frozen=True, slots=True)
class Capability:
    """Which ``fields`` a strategy can fill for one position, at an estimated ``cost`` in
    ``unit`` (``states``, ``cells``, ``parts`` or ``constant``), and whether that fits the
    request's budget (the strategy's own check, made when it runs, has the last word)."""

    fields: tuple[str, ...]
    cost: int
    unit: str
    affordable: bool


class Strategy:
    """One way of knowing something about a position (one module of :mod:`endnim.strategies`):
    what it can answer (:meth:`can_answer`), how it decides a position (:meth:`decide`) and
    what it adds to an analysis another strategy decided (:meth:`complete`: nothing, unless
    it says otherwise); :meth:`run` is the one of the two that applies.

    >>> from endnim.strategies.theory import THEORY
    >>> from endnim.variants import get_variant
    >>> THEORY.run(get_variant("endnim"), (3, 1, 3), Request()).outcome
    'P'
    """

    name: str
    """Its name in :data:`endnim.strategies.STRATEGIES`."""
    title: str
    """How the plan's notes name it (``exact search``, ``the compiled engine``)."""

    def can_answer(
        self, rules: RuleSet[Any, Any], position: Any, request: Request
    ) -> Capability | None:
        """What it can answer for ``position`` of ``rules``, or ``None`` (not for these rules)."""
        raise NotImplementedError

    def run(
        self,
        rules: RuleSet[Any, Any],
        position: Any,
        request: Request,
        result: Analysis | None = None,
    ) -> Analysis:
        """A new analysis deciding ``position`` (``result`` is ``None``; over its budget: a
        :class:`~endnim.errors.BudgetError`), or ``result`` with the missing fields this
        strategy can afford filled in (else a note saying why not)."""
        if result is None:
            return self.decide(rules, position, request)
        return self.complete(rules, position, request, result)

    def decide(self, rules: RuleSet[Any, Any], position: Any, request: Request) -> Analysis:
        """A new analysis deciding ``position`` (over the budget: a
        :class:`~endnim.errors.BudgetError`)."""
        raise NotImplementedError

    def complete(
        self, rules: RuleSet[Any, Any], position: Any, request: Request, result: Analysis
    ) -> Analysis:
        """``result``, decided by another strategy, with what this one adds (by default
        nothing: it decides, or adds nothing)."""
        return result
