"""The reference search against published values and basic game-theoretic laws."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import positions, solver

from endnim.errors import BudgetError
from endnim.search import ImpartialValue, Solver, post_order
from endnim.variants import get_variant

# Albert–Nowakowski (2001) §2: Nim-values of a·4·b, rows a = 1..16, columns b = 1..16.
A4B_TABLE = [
    [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16],
    [1, 0, 3, 2, 5, 4, 8, 7, 10, 9, 12, 11, 14, 13, 16, 15],
    [2, 3, 0, 1, 6, 5, 4, 9, 8, 11, 10, 13, 12, 15, 14, 17],
    [3, 2, 1, 4, 7, 8, 5, 6, 11, 12, 9, 10, 15, 16, 13, 14],
    [4, 5, 6, 7, 0, 3, 2, 10, 12, 8, 13, 9, 11, 17, 18, 19],
    [6, 4, 5, 8, 3, 0, 1, 11, 7, 13, 14, 15, 10, 9, 12, 18],
    [7, 8, 4, 5, 2, 1, 0, 13, 6, 15, 16, 14, 17, 11, 9, 10],
    [8, 7, 9, 6, 10, 11, 13, 0, 1, 2, 3, 4, 5, 18, 17, 21],
    [9, 10, 8, 11, 12, 7, 6, 1, 0, 3, 2, 5, 4, 19, 20, 22],
    [10, 9, 11, 12, 8, 13, 15, 2, 3, 0, 1, 6, 7, 4, 5, 23],
    [11, 12, 10, 9, 13, 14, 16, 3, 2, 1, 0, 7, 6, 5, 4, 8],
    [12, 11, 13, 10, 9, 15, 14, 4, 5, 6, 7, 0, 1, 2, 3, 24],
    [13, 14, 12, 15, 11, 10, 17, 5, 4, 7, 6, 1, 0, 3, 2, 25],
    [14, 13, 15, 16, 17, 9, 11, 18, 19, 4, 5, 2, 3, 0, 1, 6],
    [15, 16, 14, 13, 18, 12, 9, 17, 20, 5, 4, 3, 2, 1, 0, 7],
    [16, 15, 17, 14, 19, 18, 10, 21, 22, 23, 8, 24, 25, 6, 7, 0],
]


def grundy(variant: str, piles: tuple[int, ...]) -> int:
    value = solver(variant).value(piles)
    assert isinstance(value, ImpartialValue)
    return value.grundy


def test_albert_nowakowski_a4b_table() -> None:
    for a in range(1, 17):
        for b in range(1, 17):
            assert grundy("endnim", (a, 4, b)) == A4B_TABLE[a - 1][b - 1], (a, b)


def test_two_piles_is_nim() -> None:
    for a in range(1, 25):
        for b in range(1, 25):
            assert grundy("endnim", (a, b)) == a ^ b


def test_misere_conventions_from_errata() -> None:
    assert grundy("misere", (2, 3)) == 4
    assert grundy("misere-conway", (2, 3)) == 1
    assert [grundy("misere", (a,)) for a in range(1, 8)] == list(range(7))
    for piles in positions(4, 4):
        ch = grundy("misere", piles) == 0
        conway = grundy("misere-conway", piles) == 0
        assert ch == conway, piles


def test_impartial_laws() -> None:
    """mex law by hand, remoteness parity, and a winning move lowers remoteness by one."""
    for variant in ("endnim", "misere", "loop", "muller"):
        rules = get_variant(variant)
        for piles in positions(4, 4):
            value = solver(variant).value(piles)
            assert isinstance(value, ImpartialValue)
            children = [solver(variant).value(c) for _, c in rules.options(piles)]
            seen = {c.grundy for c in children if isinstance(c, ImpartialValue)}
            assert value.grundy not in seen
            assert all(g in seen for g in range(value.grundy))
            if variant != "misere-conway":
                assert (value.remoteness % 2 == 0) == (value.grundy == 0), (variant, piles)


def test_partizan_laws() -> None:
    """Corollary 6 of Albert–Nowakowski: no N-position of even length; (a) is N; reversal swaps."""
    for piles in positions(5, 4):
        outcome = solver("partizan").value(piles).outcome
        if len(piles) % 2 == 0:
            assert outcome != "N", piles
        swapped = {"L": "R", "R": "L"}.get(outcome, outcome)
        assert solver("partizan").value(piles[::-1]).outcome == swapped
    assert all(solver("partizan").value((a,)).outcome == "N" for a in range(1, 10))


def test_worked_examples() -> None:
    assert grundy("endnim", (3, 3, 3, 2, 3, 4, 3, 3)) == 0  # A–N §2
    assert grundy("endnim", (3, 1, 4)) == 7  # ERRATA: the proof's recipe fails here
    assert grundy("muller", (13, 10, 6)) == 19  # Horrocks, after Prop 10
    assert grundy("muller", (15, 3, 7)) == 21  # Horrocks, after Prop 12
    assert solver("partizan").value((3, 5, 5, 5, 1)).outcome == "N"  # A–N §3
    assert solver("partizan").value((3, 5, 4, 5, 1)).outcome == "L"


def test_budget_refusal_carries_an_estimate() -> None:
    small = Solver(get_variant("endnim"), budget=1000)
    with pytest.raises(BudgetError) as caught:
        small.value((10**100, 3, 10**100))
    error = caught.value
    assert error.states > 10**199
    assert "budget" in str(error) and "memory" in str(error) and "\n" not in str(error)


def test_long_rows_do_not_hit_the_recursion_limit() -> None:
    long_solver = Solver(get_variant("endnim"), budget=10**8)
    assert long_solver.value((1,) * 3000).grundy == 0
    assert Solver(get_variant("muller"), budget=10**8).value((1,) * 2001).grundy == 1


@pytest.mark.parametrize("keyed", [False, True])
def test_post_order_holds_the_path_not_every_option_of_a_lone_pile(keyed: bool) -> None:
    """A lone pile of n has the n smaller piles as options; pushing every missing option of
    every node on the path held about n^2/2 entries (36 MB of pointers at n = 3,000; 9 MB at
    the n = 1,500 checked here, still over twice the bound below)."""
    import tracemalloc

    n = 1_500

    def mex(_: int, values: list[int]) -> int:
        seen = set(values)
        return next(g for g in range(len(values) + 1) if g not in seen)

    tracemalloc.start()
    try:
        cache: dict[Any, int] = {}
        value = post_order(
            n, cache, lambda m: list(range(m)), mex, (lambda m: -m) if keyed else None
        )
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert value == n  # a lone pile of n is nim-heap n
    assert len(cache) == n + 1
    assert peak < 4 * 1024 * 1024, f"peak {peak:,} bytes"


def _reaches_a_cycle(graph: dict[int, list[int]], root: int) -> bool:
    """Brute force: some node reachable from ``root`` reaches itself in one or more moves."""

    def reachable(start: int) -> set[int]:
        seen: set[int] = set()
        todo = list(graph[start])
        while todo:
            node = todo.pop()
            if node not in seen:
                seen.add(node)
                todo.extend(graph[node])
        return seen

    return any(node in reachable(node) for node in reachable(root) | {root})


@pytest.mark.parametrize("keyed", [False, True])
def test_post_order_refuses_exactly_the_loopy_graphs(keyed: bool) -> None:
    """On 3,000 random digraphs of 1..7 nodes (self-loops and long cycles included), the walk
    raises LoopError iff a cycle is reachable from the root, and otherwise counts the paths
    to the sinks as a plain recursion does."""
    import random

    from endnim.search import LoopError

    rng = random.Random(29)
    loopy = acyclic = 0
    for _ in range(3000):
        size = rng.randint(1, 7)
        density = rng.choice((0.15, 0.3, 0.5))
        graph = {n: [m for m in range(size) if rng.random() < density] for n in range(size)}
        root = rng.randrange(size)

        def paths(node: int, graph: dict[int, list[int]] = graph) -> int:
            return 1 if not graph[node] else sum(paths(child) for child in graph[node])

        # keyed: the nodes are walked as n + 100 * copy, keyed by n (one value per key)
        children: Any = (
            (lambda n, graph=graph: [m + 100 for m in graph[n % 100]]) if keyed else graph.get
        )
        key = (lambda n: n % 100) if keyed else None
        combine = lambda n, values: 1 if not values else sum(values)  # noqa: E731
        if _reaches_a_cycle(graph, root):
            loopy += 1
            with pytest.raises(LoopError) as caught:
                post_order(root, {}, children, combine, key)
            assert _reaches_a_cycle(graph, caught.value.node % 100)
        else:
            acyclic += 1
            assert post_order(root, {}, children, combine, key) == paths(root)
    assert loopy > 500 and acyclic > 500  # both kinds were tried


def test_a_loopy_rule_set_is_one_line_naming_it() -> None:
    from endnim.errors import RuleSetError
    from endnim.variants import Variant

    class Stays(Variant):
        name = "test-stays"
        title = "a move that stays"

        def ends(self, piles: tuple[int, ...], player: Any = None) -> tuple[Any, ...]:
            return ("L", "R")

        def children(self, position: Any, player: Any = None) -> list[Any]:
            return [
                *super().children(position, player),
                *([position] if len(position) == 2 else []),
            ]

    loop = r"^rule set 'test-stays': its moves lead from \d+ \d+ back to it \(a loopy game\)"
    with pytest.raises(RuleSetError, match=loop):
        Solver(Stays()).value((3, 2, 1))
    assert Solver(Stays()).value((3,)) == solver("endnim").value((3,))  # no loop below a lone pile
