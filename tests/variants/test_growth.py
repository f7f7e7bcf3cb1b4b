"""A user's rule set whose positions keep growing is refused early, from its growth: in the
search (analyze), the indexed search over many roots (sweeps, tables) and the table command,
in one line naming the rule set and why, after a few hundred states (not at the memory watch,
which took 29 s in analyze and 700 MiB in a sweep)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from endnim import analyze
from endnim.errors import BudgetError
from endnim.indexed import solve_closure
from endnim.search import Solver
from endnim.variants import get_variant, load_rules, unregister_variant
from endnim.variants.growth import GROWTH_FACTOR, GROWTH_SLACK, growth_bound, position_size
from endnim.variants.guarded import watched_expansion

GALLERY = Path(__file__).parents[1] / "rules_gallery" / "broken.py"


@pytest.fixture
def growing():  # type: ignore[no-untyped-def]
    rules = load_rules(f"{GALLERY}:GrowingPosition")
    yield rules
    unregister_variant(rules.name)


def test_the_search_refuses_growing_positions_early(growing) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BudgetError, match="positions that keep growing") as caught:
        Solver(growing).value((3, 1, 4))
    message = str(caught.value)
    assert message.startswith("rule set 'growing-position' (broken.py:GrowingPosition): ")
    assert "\n" not in message and caught.value.states < 1_000


def test_analyze_says_so_in_one_line(growing) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BudgetError, match="positions that keep growing") as caught:
        analyze("3 1 4", variant=growing.name)
    assert caught.value.states < 1_000 and "\n" not in str(caught.value)


def test_many_roots_are_bounded_by_the_largest(growing) -> None:  # type: ignore[no-untyped-def]
    roots = [(a, b) for a in range(1, 4) for b in range(1, 4)]
    with pytest.raises(BudgetError, match="positions that keep growing") as caught:
        solve_closure(growing, roots, budget=10**7)
    assert caught.value.states < 20_000


def test_the_table_command_refuses_it_in_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "endnim.cli", "table", "--rules", f"{GALLERY}:GrowingPosition"]
        + ["-a", "1..4", "-b", "1..4"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "positions that keep growing" in done.stderr
    assert "rule set 'growing-position'" in done.stderr


def test_games_that_shrink_are_never_refused() -> None:
    """Built-in rule sets under the watch (it is applied to users' rule sets only, but holds
    for any game whose positions do not grow): End-Nim and an octal-like split stay inside."""
    rules = get_variant("endnim")
    expand = watched_expansion(rules, rules.children, (9, 9, 9), budget=10**6)
    pending, seen = [(9, 9, 9)], set()
    while pending:
        position = pending.pop()
        if position not in seen:
            seen.add(position)
            pending.extend(expand(position))
    assert len(seen) > 100

    def split(heaps: tuple[int, ...]) -> list[tuple[int, ...]]:  # a heap into two smaller
        return [
            tuple(sorted((*heaps[:i], a, h - 1 - a, *heaps[i + 1 :])))
            for i, h in enumerate(heaps)
            for a in range(h)
        ]

    expand = watched_expansion(rules, split, (30,), budget=10**7)
    pending, seen = [(30,)], set()
    while pending and len(seen) < 4_000:
        position = pending.pop()
        if position not in seen:
            seen.add(position)
            pending.extend(expand(position))
    assert max(position_size(p) for p in seen) <= growth_bound([(30,)])


def test_sizes_and_bounds() -> None:
    assert position_size((3, 1, 4)) == 12 and position_size(frozenset({(1, 2)})) == 7
    assert position_size({"a": [True, None]}) == 6
    assert growth_bound([(1,), (2, 2)]) == GROWTH_FACTOR * 7 + GROWTH_SLACK
