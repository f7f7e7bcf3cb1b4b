"""Graph positions and their notations: what is read, how vertices are numbered, what is refused."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endnim.errors import MoveError, PositionError
from endnim.graphs import Graph, VertexMove
from endnim.variants import get_variant

TREE = get_variant("tree")
DEPOT = get_variant("depot")
PARTIZAN = get_variant("depot-partizan")


def test_row_notations_number_vertices_as_documented() -> None:
    assert TREE.parse_position("3 1 4") == Graph.build([3, 1, 4], [(0, 1), (1, 2)])
    assert TREE.parse_position("[3, 1, 4]") == TREE.parse_position("3,1,4")
    depot = DEPOT.parse_position("3 1 4")
    assert depot.labels == (0, 3, 1, 4, 0)
    assert depot.edges == ((0, 1), (1, 2), (2, 3), (3, 4))
    row = PARTIZAN.parse_position("3 1 4")
    assert row.labels == (0, 3, 1, 4)
    assert row.edge_colour() == {(0, 1): "L", (1, 2): "G", (2, 3): "G", (0, 3): "R"}
    assert row.homes == (0,)
    assert PARTIZAN.parse_position("5").edge_colour() == {(0, 1): "G"}


def test_parentheses_number_vertices_in_writing_order() -> None:
    tree = TREE.parse_position("3(1 2(4 1))")
    assert tree.labels == (3, 1, 2, 4, 1)
    assert tree.edges == ((0, 1), (0, 2), (2, 3), (2, 4))


def test_grid_interior_first_then_border() -> None:
    grid = DEPOT.parse_position("grid 2x3: 1 2 3 4 5 6")
    assert grid.labels[:6] == (1, 2, 3, 4, 5, 6)
    assert grid.labels[6:] == (0,) * 10  # 3 above, 3 below, 2 left, 2 right
    assert len(grid.edges) == 7 + 10
    assert DEPOT.parse_position("grid 2x2: 3").labels[:4] == (3, 3, 3, 3)
    assert set(PARTIZAN.parse_position("grid 1x1: 2").colours or ()) == {"G"}


def test_cycle_notation() -> None:
    cycle = DEPOT.parse_position("cycle: 0 3 1 4")
    assert cycle.edges == ((0, 1), (0, 3), (1, 2), (2, 3))


def test_json_round_trip_and_default_homes() -> None:
    text = '{"labels": [0, 2, 1], "edges": [[0, 1], [1, 2]], "colours": ["L", "G"]}'
    position = PARTIZAN.parse_position(text)
    assert position.homes == (0,)
    assert PARTIZAN.parse_position(PARTIZAN.format_position(position)) == position
    assert PARTIZAN.coerce_position(json.loads(text)) == position


@pytest.mark.parametrize(
    ("rules", "text", "words"),
    [
        (TREE, '{"labels": [1, 1, 1], "edges": [[0, 1], [1, 2], [2, 0]]}', "cycle"),
        (DEPOT, '{"labels": [1, -1], "edges": [[0, 1]]}', ">= 0"),
        (DEPOT, '{"labels": [1, 1], "edges": [[0, 2]]}', "does not exist"),
        (PARTIZAN, '{"labels": [0, 1], "edges": [[0, 1]], "colours": ["B"]}', "L, R or G"),
        (DEPOT, '{"labels": [0, 1], "edges": [[1, 1]]}', "self-loop"),
        (DEPOT, '{"labels": [0, 1], "edges": [[0, 1], [1, 0]]}', "repeats"),
        (DEPOT, '{"labels": [0, 1.5]}', "integers"),
        (PARTIZAN, '{"labels": [0, 1], "edges": [[0, 1]], "homes": [1]}', "home"),
        (DEPOT, '{"labels": [0, 1], "edges": [[0, 1]], "colour": ["L"]}', "unknown"),
        (TREE, "3 0 2", "positive"),
        (TREE, "3(1 2", "unbalanced"),
        (DEPOT, "grid 2x2: 1 2 3", "4 cells"),
        (DEPOT, "cycle: 1 2", "at least 3"),
        (DEPOT, '{"labels": [0, 1], "edges": [[0, 1]', "JSON"),
        (DEPOT, "", "no position"),
    ],
)
def test_bad_input_is_one_line(rules: object, text: str, words: str) -> None:
    with pytest.raises(PositionError) as error:
        rules.parse_position(text)  # type: ignore[attr-defined]
    message = str(error.value)
    assert words in message and "\n" not in message


def test_moves_read_write_and_refuse() -> None:
    assert VertexMove.parse("3=0") == VertexMove(3, 0)
    tree = TREE.parse_position("2(1 1)")
    assert TREE.play(tree, "1=0").labels == (2, 0, 1)
    with pytest.raises(MoveError, match="not a leaf"):
        TREE.play(tree, "0=1")
    with pytest.raises(MoveError, match="lowers"):
        TREE.play(tree, "1=5")
    with pytest.raises(MoveError, match="v=k"):
        TREE.parse_move("R3")
    row = PARTIZAN.parse_position("2 1")
    with pytest.raises(MoveError, match="Right cannot reach"):
        PARTIZAN.play(row, "1=0", "R")


def test_tree_deleted_vertices_keep_numbers() -> None:
    path = TREE.parse_position("1 2 1")
    after = TREE.play(TREE.play(path, "0=0"), "2=0")
    assert after.labels == (0, 2, 0)
    assert TREE.movable(after) == [1]  # a lone vertex is a leaf
    assert TREE.parse_position(TREE.format_position(after)) == after


@settings(deadline=None)
@given(st.lists(st.integers(0, 4), min_size=1, max_size=7), st.randoms(use_true_random=False))
def test_isomorphic_graphs_share_keys(labels: list[int], random: object) -> None:
    """Relabelling the vertices of a graph keeps its canonical key (every rule set)."""
    import random as random_module

    assert isinstance(random, random_module.Random)
    n = len(labels)
    edges = [(u, v) for u in range(n) for v in range(u + 1, n) if random.random() < 0.4]
    colours = [random.choice("LRG") for _ in edges]
    order = list(range(n))
    random.shuffle(order)
    moved_labels = [0] * n
    for old, new in enumerate(order):
        moved_labels[new] = labels[old]
    moved_edges = [(order[u], order[v]) for u, v in edges]
    a = PARTIZAN.coerce_position({"labels": labels, "edges": edges, "colours": colours})
    b = PARTIZAN.coerce_position({"labels": moved_labels, "edges": moved_edges, "colours": colours})
    assert PARTIZAN.canonical_key(a) == PARTIZAN.canonical_key(b)
    da = DEPOT.coerce_position({"labels": labels, "edges": edges})
    db = DEPOT.coerce_position({"labels": moved_labels, "edges": moved_edges})
    assert DEPOT.canonical_key(da) == DEPOT.canonical_key(db)
    tree_edges = [(i, random.randrange(i)) for i in range(1, n)]
    ta = TREE.coerce_position({"labels": [x + 1 for x in labels], "edges": tree_edges})
    tb = TREE.coerce_position(
        {
            "labels": [x + 1 for x in moved_labels],
            "edges": [(order[u], order[v]) for u, v in tree_edges],
        }
    )
    assert TREE.canonical_key(ta) == TREE.canonical_key(tb)
