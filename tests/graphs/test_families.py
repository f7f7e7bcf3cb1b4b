"""The family builders: vertex numbering, what each family is in each rule set, one-line errors;
the paths and cycles agree with End-Nim and partizan End-Nim."""

from __future__ import annotations

import itertools

import pytest

from endnim.errors import EndNimError
from endnim.graphs import families as F
from endnim.graphs.position import Graph
from endnim.parts import PartsSolver
from endnim.search import Solver
from endnim.variants import get_variant


def test_star_and_spider_numbering() -> None:
    assert F.star(5, [1, 2, 3]) == Graph.build([5, 1, 2, 3], [(0, 1), (0, 2), (0, 3)])
    spider = F.spider(4, [[1, 2], [3]])
    assert spider.labels == (4, 1, 2, 3)
    assert spider.edges == ((0, 1), (0, 3), (1, 2))


def test_caterpillar_and_binary_numbering() -> None:
    cat = F.caterpillar([1, 2, 3], [[4], [], [5, 6]])
    assert cat.labels == (1, 2, 3, 4, 5, 6)
    assert set(cat.edges) == {(0, 1), (1, 2), (0, 3), (2, 4), (2, 5)}
    tree = F.binary_tree(2, [1, 2, 3])
    assert tree.labels == (1, 2, 2, 3, 3, 3, 3)
    assert set(tree.edges) == {(0, 1), (0, 2), (1, 3), (1, 4), (2, 5), (2, 6)}
    assert F.binary_tree(0, 7).labels == (7,)


def test_depot_trees_hang_a_depot_on_every_leaf() -> None:
    star = F.star(2, [1, 3], "depot")
    assert star.labels == (2, 1, 3, 0, 0)
    assert set(star.edges) == {(0, 1), (0, 2), (1, 3), (2, 4)}
    lone = F.star(2, [], "depot")  # a lone vertex gets one depot
    assert lone.labels == (2, 0)
    partizan = F.star(2, [1, 3], "depot-partizan", "LR")
    assert partizan.homes == (3, 4)
    assert partizan.edge_colour()[(1, 3)] == "L"
    assert partizan.edge_colour()[(2, 4)] == "R"
    assert partizan.edge_colour()[(0, 1)] == "G"


def test_grid_numbering_matches_the_notation() -> None:
    depot = get_variant("depot")
    assert F.grid(2, 3, [1, 2, 3, 4, 5, 6]) == depot.parse_position("grid 2x3: 1 2 3 4 5 6")
    partizan = F.grid(2, 2, 1, "depot-partizan", "LR")
    colour = partizan.edge_colour()
    assert colour[(0, 1)] == "L" and colour[(0, 2)] == "R"  # horizontal, vertical
    assert partizan.homes == tuple(range(4, 12))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: F.cycle([1, 2, 3], "tree"), "not a tree"),
        (lambda: F.grid(2, 2, 1, "tree"), "not a tree"),
        (lambda: F.star(0, [1]), "positive"),
        (lambda: F.star(1, [1], "tree", "L"), "depot-partizan"),
        (lambda: F.star(1, [1, 2], "depot-partizan", "L"), "one per leaf"),
        (lambda: F.binary_tree(2, [1, 2]), "give 3"),
        (lambda: F.binary_tree(13, 1), "at most 12"),
        (lambda: F.grid(0, 2, 1), "at least one row"),
        (lambda: F.grid(2, 2, [1, 2]), "4 cells"),
        (lambda: F.grid(1, 1, 1, "depot-partizan", "X"), "G or LR"),
        (lambda: F.spider(1, [[]]), "at least one vertex"),
        (lambda: F.caterpillar([], []), "at least one vertex"),
        (lambda: F.star(1, [1], "endnim"), "graph families"),
    ],
)
def test_bad_parameters_are_one_line_errors(call: object, message: str) -> None:
    with pytest.raises(EndNimError) as caught:
        call()  # type: ignore[operator]
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_paths_and_cycles_are_end_nim() -> None:
    """Path (tree, depot) and cycle with one empty vertex (depot) equal End-Nim; the
    depot-partizan cycle equals partizan End-Nim, on every row of <= 3 piles <= 3."""
    endnim = Solver(get_variant("endnim"))
    partizan = Solver(get_variant("partizan"))
    tree, depot = PartsSolver(get_variant("tree")), PartsSolver(get_variant("depot"))
    dp = Solver(get_variant("depot-partizan"))
    for n in (1, 2, 3):
        for row in itertools.product(range(1, 4), repeat=n):
            expected = endnim.value(row).grundy  # type: ignore[union-attr]
            assert tree.grundy(F.path(row, "tree")) == expected
            assert depot.grundy(F.path(row, "depot")) == expected
            if n >= 2:
                assert depot.grundy(F.cycle(row, "depot")) == expected
            assert dp.value(F.cycle(row, "depot-partizan")).outcome == partizan.value(row).outcome
