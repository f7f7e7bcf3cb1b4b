"""``endnim analyze -v depot`` and ``-v depot-partizan`` answer through the compiled warehouse
search (issue 40): the same outcome, Grundy value and winning moves as the Python search on
warehouses of 8 vertices (every connected graph of 8 vertices is nauty's), and beyond the C
search's reach the search by parts (not the plain search) takes over, part by part."""

from __future__ import annotations

import json
import random
import sys

import hang_guard
import pytest

from endnim.analyzer import analyze
from endnim.errors import BudgetError
from endnim.graphs import Graph
from endnim.graphs.compiled_depot import compiled_reach
from endnim.parts import PartsSolver
from endnim.strategies import compiled_depots
from endnim.strategies.search import by_search_plain
from endnim.sweep import depot_catalogue as C
from endnim.variants import get_variant

DEPOT = get_variant("depot")
PARTIZAN = get_variant("depot-partizan")


def eight_vertex_graphs(count: int, seed: int) -> list[tuple[tuple[int, int], ...]]:
    shapes = C.family_shapes("graphs", 8) or C.family_shapes("graphs", 7)
    return random.Random(seed).sample(shapes, count)


def test_analyze_names_the_compiled_search() -> None:
    depot = analyze("2 0 1 1", variant="depot")
    assert depot.reasons[0].theorem == "compiled search by parts"
    assert (depot.grundy, depot.winning_move_list) == (2, ["1=0"])  # the 2 emptied
    partizan = analyze("2 1", variant="depot-partizan")
    assert partizan.reasons[0].theorem == "compiled search"
    assert partizan.outcome == "L" and partizan.remoteness is not None


def test_eight_vertex_warehouses_answer_as_the_python_search() -> None:
    rng = random.Random(40)
    for edges in eight_vertex_graphs(30, 40):
        n = 1 + max(v for e in edges for v in e)
        labels = [rng.choice((0, 1, 1, 2, 2)) for _ in range(n)]
        position = DEPOT.coerce_position({"labels": labels, "edges": [list(e) for e in edges]})
        found = analyze(position, variant="depot")
        expected = by_search_plain(position, DEPOT, 10**7)
        assert found.reasons[0].theorem == "compiled search by parts", position
        assert (found.grundy, found.outcome) == (expected.grundy, expected.outcome), position
        assert found.winning_move_list == expected.winning_move_list, position
        assert found.remoteness == expected.remoteness, position


def test_eight_vertex_partizan_warehouses_answer_as_the_python_search() -> None:
    rng = random.Random(41)
    for edges in eight_vertex_graphs(25, 41):
        n = 1 + max(v for e in edges for v in e)
        labels = [rng.choice((0, 1, 1, 2)) for _ in range(n)]
        labels[0] = 0
        data = {
            "labels": labels,
            "edges": [list(e) for e in edges],
            "colours": [rng.choice("LRG") for _ in edges],
        }
        position = PARTIZAN.coerce_position(data)
        found = analyze(position, variant="depot-partizan")
        expected = by_search_plain(position, PARTIZAN, 10**7)
        assert found.reasons[0].theorem == "compiled search", position
        assert found.outcome == expected.outcome, position
        assert sorted(found.winning_move_list or []) == sorted(expected.winning_move_list or []), (
            position
        )


def test_beyond_the_c_search_each_part_is_solved_on_its_own() -> None:
    """70 vertices (over the C search's 64): ten copies of a 7-vertex warehouse, each part in C;
    a label of 300 (over its 255) is left to the search by parts, never the plain search."""
    piece = [0, 2, 1, 3, 0, 2, 1]
    labels, edges = [], []
    for copy in range(10):
        start = 7 * copy
        labels += piece
        edges += [(start + i, start + i + 1) for i in range(6)] + [(start + 1, start + 5)]
    labels[-1] = 3  # the copies are not all equal
    position = DEPOT.coerce_position({"labels": labels, "edges": [list(e) for e in edges]})
    assert not compiled_reach(position)
    found = analyze(position, variant="depot")
    expected = PartsSolver(DEPOT, 10**7)
    assert found.grundy == expected.grundy(position)
    assert found.components is not None and len(found.components) >= 10
    options = [m for m, child in DEPOT.options(position) if expected.grundy(child) == 0]
    assert found.winning_move_list == [DEPOT.format_move(m) for m in options]
    big = DEPOT.coerce_position({"labels": [0, 300, 0, 1, 0], "edges": [[0, 1], [1, 2], [3, 4]]})
    answer = analyze(big, variant="depot")
    assert answer.grundy == 300 ^ 1 and answer.winning_move_list == ["1=1"]


def test_the_solver_by_parts_goes_to_python_only_beyond_the_c_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    solver = compiled_depots.CompiledDepotSolver(DEPOT, 10**6)
    calls = []
    python_part = PartsSolver.part_grundy

    def counted(self: PartsSolver, part: Graph, cap: object = None) -> int:
        calls.append(part)
        return python_part(self, part, cap)  # type: ignore[arg-type]

    monkeypatch.setattr(PartsSolver, "part_grundy", counted)
    spokes = [[0, v] for v in range(1, 100)]
    star = DEPOT.coerce_position({"labels": [0] + [2] * 99, "edges": spokes})
    assert not compiled_reach(star)
    assert solver.grundy(star) == 2  # 99 piles of 2, 99 parts, each in C
    assert calls == []
    over = DEPOT.coerce_position({"labels": [0, 256, 0], "edges": [[0, 1], [1, 2]]})
    assert solver.grundy(over) == 256 and len(calls) == 1


@pytest.mark.parametrize(
    ("name", "words"),
    [
        # depot: refused up front from the part's classes (its label multisets, C(72, 3)),
        # not after the half minute of live search by parts it took before
        ("depot", "70 vertices and 2,415 edges still has about 59,640 classes"),
        ("depot-partizan", "budget"),
    ],
)
def test_a_complete_graph_beyond_the_c_search_is_still_refused_from_its_estimate(
    name: str, words: str
) -> None:
    edges = [[u, v] for u in range(70) for v in range(u + 1, 70)]
    with pytest.raises(BudgetError, match="budget") as refused:
        analyze({"labels": [0] + [3] * 69, "edges": edges}, variant=name)
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_the_command_line_answers_an_eight_vertex_warehouse_through_the_compiled_search() -> None:
    edges = list(eight_vertex_graphs(1, 7)[0])
    position = {"labels": [0, 1, 2, 1, 2, 1, 2, 1], "edges": [list(e) for e in edges]}
    done = hang_guard.run(
        [
            sys.executable,
            "-m",
            "endnim.cli",
            "analyze",
            "-v",
            "depot",
            "--json",
            json.dumps(position),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    expected = by_search_plain(DEPOT.coerce_position(position), DEPOT, 10**7)
    assert data["grundy"] == expected.grundy
    assert data["reason"][0]["theorem"] == "compiled search by parts"
