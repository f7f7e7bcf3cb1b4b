"""A user's rule set is checked where its values enter endnim (endnim.variants.guarded)."""

from __future__ import annotations

from pathlib import Path

import pytest

from endnim.analyzer import analyze
from endnim.errors import BudgetError, RuleSetError
from endnim.search import Solver
from endnim.variants import get_variant, load_rules, unregister_variant
from endnim.variants.guarded import guard, is_guarded, user_hooks

GALLERY = Path(__file__).parents[1] / "rules_gallery" / "broken.py"

FAULTS_IN_PROCESS = {
    "RaisingEnds": "ends() raised KeyError",
    "GarbageEnds": "ends() returned 42, expected a tuple of 'L'/'R'",
    "BadEndNames": "ends() returned ('X', None)",
    "RecursiveEnds": "ends() recursed without end",
    "MaybeTerminal": "is_terminal() returned 'maybe', expected True or False",
    "GarbageAllows": "allows() returned None",
    "GarbageOptions": "options() returned 7",
    "OptionsNotPositions": "options() returned [('L0', 'not a row')]",
    "HugeMemory": "ends() ran out of memory",
    "SelfLoop": "its moves lead from 1 back to it (a loopy game)",
    "NeverTerminal": "is_terminal() says the empty row is not terminal",
}


@pytest.mark.parametrize("name", sorted(FAULTS_IN_PROCESS))
def test_each_fault_is_one_line_naming_rule_set_and_hook(name: str) -> None:
    rules = load_rules(f"{GALLERY}:{name}")
    try:
        with pytest.raises(RuleSetError) as caught:
            analyze("3 1 4", variant=rules.name, method="search")
        message = str(caught.value)
        assert message.startswith(f"rule set {rules.name!r} (broken.py:{name}): ")
        assert FAULTS_IN_PROCESS[name] in message and "\n" not in message
    finally:
        unregister_variant(rules.name)


def test_terminal_value_garbage_is_refused() -> None:
    rules = load_rules(f"{GALLERY}:GarbageTerminalValue")
    try:
        with pytest.raises(RuleSetError, match=r"terminal_value\(\) returned 'zero'"):
            Solver(rules).value((2,))
    finally:
        unregister_variant(rules.name)


def test_names_of_built_ins_are_refused() -> None:
    for name, taken in (("NameClash", "'endnim'"), ("AliasClash", "'misère'")):
        with pytest.raises(RuleSetError, match=f"the name {taken} is taken by the built-in"):
            load_rules(f"{GALLERY}:{name}")
    assert not is_guarded(get_variant("endnim")) and not is_guarded(get_variant("misère"))


def test_growing_positions_are_stopped_by_the_budget() -> None:
    rules = load_rules(f"{GALLERY}:GrowingPosition")
    try:
        with pytest.raises(BudgetError, match="positions that keep growing"):
            Solver(rules, budget=2000).value((1,))
    finally:
        unregister_variant(rules.name)


def test_built_in_rule_sets_are_not_wrapped_and_fine_ones_answer_as_before() -> None:
    assert not is_guarded(get_variant("endnim"))
    rules = load_rules(f"{GALLERY}:Fine")
    try:
        assert is_guarded(rules) and user_hooks(type(rules)) == ["ends"]
        assert analyze("3 1 4", variant=rules.name).grundy == analyze("3 1 4").grundy
    finally:
        unregister_variant(rules.name)


def test_user_errors_of_input_hooks_pass_unchanged() -> None:
    from endnim.errors import PositionError
    from endnim.variants import Variant

    class Strict(Variant):
        name = "strict-reader"
        title = "strict"

        def ends(self, piles, player=None):  # type: ignore[no-untyped-def]
            return ("L", "R")

        def parse_position(self, text):  # type: ignore[no-untyped-def]
            raise PositionError("no rows today")

    rules = guard(Strict, "x.py:Strict")()
    with pytest.raises(PositionError, match=r"^no rows today$"):
        rules.parse_position("3 1")
