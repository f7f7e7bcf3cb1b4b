"""The closed-form theory strategy: a rule set's :class:`~endnim.theory.base.Theory` (one
module per paper) decides the outcome and the winning moves of any row at once, and the Grundy
value and the partizan thresholds where a theorem fixes them. Row rule sets with a theory only.

>>> from endnim.variants import get_variant
>>> rules = get_variant("endnim")
>>> by_theory((3, 1, 3), rules, rules.theory()).sources
{'outcome': 'theory', 'winning_moves': 'theory', 'grundy': 'theory'}
"""

from __future__ import annotations

from typing import Any

from endnim.outcome import Outcome
from endnim.position import Position
from endnim.ruleset import RuleSet
from endnim.strategies.base import Capability, Request, Strategy
from endnim.strategies.result import Analysis
from endnim.theory.base import Theory
from endnim.variants import Variant


class TheoryStrategy(Strategy):
    """The closed-form theory: decides any row of a rule set that has one, at constant cost."""

    name = "theory"
    title = "closed-form theory"

    def can_answer(
        self, rules: RuleSet[Any, Any], position: Any, request: Request
    ) -> Capability | None:
        theory = rules.theory()
        if theory is None or not isinstance(rules, Variant):
            return None
        fields = ("outcome", "winning_moves", "grundy" if rules.impartial else "thresholds")
        return Capability(fields, cost=1, unit="constant", affordable=True)

    def decide(self, rules: RuleSet[Any, Any], position: Any, request: Request) -> Analysis:
        theory = rules.theory()
        assert theory is not None and isinstance(rules, Variant), "a theory is for row rule sets"
        return by_theory(position, rules, theory)


THEORY = TheoryStrategy()


def by_theory(piles: Position, rules: Variant, theory: Theory) -> Analysis:
    outcome, outcome_reason = theory.outcome(piles)
    reasons = [outcome_reason]
    sources = {"outcome": "theory", "winning_moves": "theory"}
    grundy: int | None = None
    if rules.impartial:
        fixed = theory.grundy(piles)
        if fixed is not None:
            grundy, grundy_reason = fixed
            sources["grundy"] = "theory"
            if grundy_reason != outcome_reason:
                reasons.append(grundy_reason)
    thresholds = theory.thresholds_of(piles)
    if thresholds is not None:
        sources["thresholds"] = "theory"
    return Analysis(
        position=piles,
        variant=rules.name,
        outcome=Outcome(outcome),
        grundy=grundy,
        winning_move_ranges=theory.winning_moves(piles),
        remoteness=None,
        method="theory",
        sources=sources,
        reasons=reasons,
        thresholds=thresholds,
        rules=rules,
    )
