"""The closed-form theory strategy: a rule set's :class:`~endnim.theory.base.Theory` (one
module per paper) decides the outcome and the winning moves of any row at once, and the Grundy
value and the partizan thresholds where a theorem fixes them. Row rule sets with a theory only.

>>> from endnim.variants import get_variant
>>> rules = get_variant("endnim")
>>> by_theory((3, 1, 3), rules, rules.theory()).sources
{'outcome': 'theory', 'winning_moves': 'theory', 'grundy': 'theory'}
"""

from __future__ import annotations

from endnim.outcome import Outcome
from endnim.position import Position
from endnim.strategies.result import Analysis
from endnim.theory.base import Theory
from endnim.variants import Variant


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
