"""A rule set that gives no estimate of its search (the example in ``endnim.ruleset``'s text)
still analyses: its search is bounded by the budget as it goes and refused at it in one line
(issue 34, item 4: ``analyze 7`` with it was "internal error: NotImplementedError")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import hang_guard
import pytest

from endnim import ruleset as ruleset_module
from endnim.analyzer import analyze
from endnim.errors import BudgetError
from endnim.search import Solver
from endnim.variants import load_rules, unregister_variant


def docstring_example() -> str:
    """The rule set of ``endnim.ruleset``'s module text, as a file a user would write."""
    doc = ruleset_module.__doc__ or ""
    lines = doc[doc.index(">>> class") :].splitlines()
    body = []
    for line in lines:
        if line.startswith((">>> class", "... ")):
            body.append(line[4:])
        else:
            break
    return "from endnim.ruleset import RuleSet\n\n\n" + "\n".join(body) + "\n"


@pytest.fixture
def example(tmp_path: Path) -> str:
    path = tmp_path / "subtraction.py"
    path.write_text(docstring_example())
    return f"{path}:Subtraction"


def endnim(*args: str) -> subprocess.CompletedProcess[str]:
    return hang_guard.run(
        [sys.executable, "-m", "endnim.cli", *args],
        capture_output=True,
        text=True,  # a hang guard only: each run takes about a second
        env={**os.environ, "ENDNIM_BUDGET": "2000000"},
    )


def grundy_of_heap(n: int, takes: tuple[int, ...] = (1, 2)) -> int:
    """Brute force: the mex of the heap's options, from the rules (take 1 or 2)."""
    values: list[int] = []
    for heap in range(n + 1):
        seen = {values[heap - k] for k in takes if k <= heap}
        values.append(next(g for g in range(len(seen) + 1) if g not in seen))
    return values[n]


def test_the_example_passes_check_rules_and_analyzes(example: str) -> None:
    assert "estimate_states" not in docstring_example()  # the point: it gives no estimate
    checked = endnim("check-rules", "--start", "7", example)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    done = endnim("analyze", "--json", "--rules", example, "7")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["grundy"] == grundy_of_heap(7) and answer["outcome"] == "N", answer


def test_its_values_are_those_of_exhaustive_search(example: str) -> None:
    rules = load_rules(example)
    try:
        for heap in range(0, 61):
            result = analyze(str(heap), variant=rules.name)
            assert result.grundy == grundy_of_heap(heap), heap
            assert result.outcome == ("P" if grundy_of_heap(heap) == 0 else "N"), heap
    finally:
        unregister_variant(rules.name)


def test_the_budget_refuses_it_as_the_search_goes(example: str) -> None:
    done = endnim("analyze", "--budget", "50", "--rules", example, "500")
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, done.stderr
    assert lines[0].startswith("endnim: error: ") and "internal error" not in lines[0]
    assert "(subtraction.py:Subtraction)" in lines[0] and "more than 50 positions" in lines[0]
    assert "gives no estimate" in lines[0]
    assert endnim("analyze", "--budget", "50", "--rules", example, "48").returncode == 0


def test_an_unchecked_rule_set_without_estimate_is_bounded_too() -> None:
    """From Python, not through --rules: no guard watches it, the search's own bound does."""
    namespace: dict[str, object] = {}
    exec(docstring_example(), namespace)  # the module's own example
    game = namespace["Subtraction"]()  # type: ignore[operator]
    with pytest.raises(BudgetError, match=r"stopped after more than 100 positions"):
        Solver(game, budget=100).value(1000)
    assert Solver(game, budget=100).value(99).grundy == grundy_of_heap(99)  # type: ignore[union-attr]


def test_sums_of_it_are_the_xor_of_exhaustive_search(example: str) -> None:
    rules = load_rules(example)
    try:
        for a in range(1, 13):
            for b in range(1, 13):
                want = grundy_of_heap(a) ^ grundy_of_heap(b)
                assert analyze(f"{a} + {b}", variant=rules.name).grundy == want, (a, b)
    finally:
        unregister_variant(rules.name)


def test_it_can_be_played_with_hints_from_the_bounded_search(example: str) -> None:
    done = hang_guard.run(
        [sys.executable, "-m", "endnim.cli", "play", "--rules", example, "7"],
        input="1\n",
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "internal error" not in done.stderr and "error" not in done.stdout
