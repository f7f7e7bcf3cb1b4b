"""A small engine query's fixed cost: the plan of a row with every take allowed is kept (a
function of the rule set, the row and full_last only); rows with restricted takes are planned
afresh, since what is left to ask of ``allows_take`` changes as the lists are filled."""

from __future__ import annotations

from endnim.engine import solve_row
from endnim.engine.families import family_of
from endnim.engine.interval import PLANS_KEPT, plan_row, rules_plan
from endnim.variants import EndNim, get_variant


def test_plans_of_unrestricted_rows_are_kept_and_equal_the_fresh_ones() -> None:
    for name in ("endnim", "misere", "muller", "partizan"):
        rules = get_variant(name)
        for piles in ((100, 100, 100), (3, 1, 4), (7,), ()):
            first = rules_plan(rules, piles)
            assert rules_plan(rules, list(piles)) is first  # kept, whatever the sequence
            assert first == plan_row(family_of(rules), tuple(piles))
            assert rules_plan(rules, piles, True) == plan_row(family_of(rules), piles, True)
    assert solve_row(get_variant("endnim"), (100, 100, 100)).value == 4


def test_restricted_takes_are_planned_afresh_and_the_memory_is_bounded() -> None:
    class Halves(EndNim):
        name = "doc-halves-plan"
        title = "take at most half"

        def allows_take(self, pile: int, size: int) -> bool:
            return 2 * size >= pile

    rules = Halves()
    assert rules_plan(rules, (9, 9)) is not rules_plan(rules, (9, 9))
    endnim = get_variant("endnim")
    for n in range(PLANS_KEPT + 10):
        rules_plan(endnim, (n + 1, 2))
    from endnim.engine import interval

    assert len(interval._PLANS) <= PLANS_KEPT
