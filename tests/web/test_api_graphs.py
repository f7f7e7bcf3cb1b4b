"""The JSON API on graph positions (tree, depot, depot-partizan): the library's answers, every
move valued as the plain search values it, the computer and games, one-line 4xx errors."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from graphs.plain import plain_solver, plain_value
from web.api_helpers import (
    error_of,
    get_json,
    without_cache_sizes,
)

from endnim.analyzer import analyze
from endnim.graphs import GRAPH_RULE_SETS, Graph
from endnim.search import ImpartialValue, PartizanValue
from endnim.variants import get_variant
from endnim.web.app import create_app
from endnim.web.graphs import MAX_GRAPH_VERTICES, WEB_GRAPH_BUDGET, WEB_GRAPH_WORK
from endnim.web.pool import WorkerPool


def graph(variant: str, text: str) -> Graph:
    position = get_variant(variant).parse_position(text)
    assert isinstance(position, Graph)
    return position


CASES = [
    ("tree", "3(1 2(4 1))"),
    ("tree", "3 1 4"),
    ("tree", '{"labels": [2, 1, 1, 3], "edges": [[0, 1], [0, 2], [0, 3]]}'),
    ("depot", "grid 2x2: 1 2 2 1"),
    ("depot", "2 0 1 1"),
    ("depot", "cycle: 0 3 1 2"),
    ("depot-partizan", "3 1 2"),
    ("depot-partizan", "grid 1x3: 1 2 1"),
    (
        "depot-partizan",
        '{"labels": [0, 2, 3, 1], "edges": [[0, 1], [0, 2], [0, 3]], "colours": ["L", "R", "G"]}',
    ),
]


@pytest.mark.parametrize(("variant", "text"), CASES)
def test_analyze_is_the_librarys_analysis(client: TestClient, variant: str, text: str) -> None:
    answer = get_json(client, "/api/analyze", position=text, variant=variant)
    expected = analyze(graph(variant, text), variant, budget=None).to_dict()
    assert without_cache_sizes(answer) == without_cache_sizes(json.loads(json.dumps(expected)))
    assert answer["position"] == graph(variant, text).to_json()


@pytest.mark.parametrize(("variant", "text"), CASES)
def test_every_move_is_valued_as_the_plain_search_values_it(
    client: TestClient, variant: str, text: str
) -> None:
    rules = get_variant(variant)
    position = graph(variant, text)
    solver = plain_solver(variant)
    players = [None] if rules.impartial else ["L", "R"]
    for player in players:
        listing = get_json(client, "/api/moves", position=text, variant=variant, player=player)
        expected = {rules.format_move(m) for m, _ in rules.options(position, player)}
        assert {m["move"] for m in listing["moves"]} == expected and listing["listed"]
        for move in listing["moves"]:
            after = rules.play(position, move["move"], player)
            assert move["after"] == after.to_json()
            value = solver.value(after)
            if isinstance(value, ImpartialValue):
                assert move["wins"] == (value.grundy == 0) and move["grundy"] == value.grundy
            else:
                assert isinstance(value, PartizanValue)
                # the mover wins when the opponent, moving first after it, loses
                wins = not (value.right_wins_first if player == "L" else value.left_wins_first)
                assert move["wins"] == wins and move["player"] == player


def test_moves_of_a_position_too_large_for_the_plain_search_come_from_its_parts(
    client: TestClient,
) -> None:
    text = "2 0 " * 12 + "3"  # 13 groups: 3**12 * 4 states for the plain search, 13 tiny parts
    rules = get_variant("depot")
    position = graph("depot", text)
    assert rules.estimate_states(position) > WEB_GRAPH_BUDGET
    listing = get_json(client, "/api/moves", position=text, variant="depot")
    analysis = analyze(position, "depot")
    assert analysis.grundy == 3  # twelve 2s and a 3
    assert [m["move"] for m in listing["moves"] if m["wins"]] == analysis.winning_moves
    assert "25=0" in analysis.winning_moves and "1=1" in analysis.winning_moves
    for move in listing["moves"]:  # the xor of the parts' values after it
        after = rules.play(position, move["move"])
        grundy = 0
        for part in rules.components(after):
            found = plain_solver("depot").value(part)
            assert isinstance(found, ImpartialValue)
            grundy ^= found.grundy
        assert move["grundy"] == grundy and move["wins"] == (grundy == 0)


def test_partizan_moves_beyond_the_plain_search_come_from_the_parts_canonical_forms(
    client: TestClient,
) -> None:
    from endnim.cgt import ZERO, add, outcome

    labels, edges, colours = [0], [], []
    for number, leg in enumerate([[3, 2], [2, 3], [3, 3], [2, 2], [1, 3]]):
        previous = 0
        for depth, label in enumerate(leg):
            labels.append(label)
            edges.append([previous, len(labels) - 1])
            colours.append("LRGLR"[number] if depth == 0 else "G")
            previous = len(labels) - 1
    text = json.dumps({"labels": labels, "edges": edges, "colours": colours})
    rules = get_variant("depot-partizan")
    position = graph("depot-partizan", text)
    assert rules.estimate_states(position) > WEB_GRAPH_BUDGET  # a spider: five legs, five parts
    listing = get_json(client, "/api/moves", position=text, variant="depot-partizan")
    for move in listing["moves"]:
        after = rules.play(position, move["move"], move["player"])
        total = ZERO
        for part in rules.components(after):
            total = add(total, plain_value(part))
        # the mover wins when the sum after the move is won by the mover moving second
        keep = ("L", "P") if move["player"] == "L" else ("R", "P")
        assert move["wins"] == (outcome(total) in keep), move["move"]


def test_position_reads_every_notation(client: TestClient) -> None:
    read = get_json(client, "/api/position", position="3(1 2)", variant="tree")
    assert read["position"] == {"labels": [3, 1, 2], "edges": [[0, 1], [0, 2]]}
    assert json.loads(read["text"]) == read["position"]
    read = get_json(client, "/api/position", position="3 1", variant="depot-partizan")
    assert read["position"]["colours"] == ["L", "R", "G"] and read["position"]["homes"] == [0]
    assert get_json(client, "/api/position", position="3 1 4")["position"] == [3, 1, 4]


def test_apply_move_and_the_computer(client: TestClient) -> None:
    applied = get_json(
        client,
        "/api/apply-move",
        position="3 1 2",
        move="1=2",
        variant="depot-partizan",
        player="L",
    )
    assert json.loads(applied["after"])["labels"] == [0, 2, 1, 2]
    assert "player=L or R" in error_of(
        client.get(
            "/api/apply-move",
            params={"position": "3 1 2", "move": "1=2", "variant": "depot-partizan"},
        ),
        400,
    )
    assert "not a leaf" in error_of(
        client.get(
            "/api/apply-move", params={"position": "3 1 2", "move": "1=0", "variant": "tree"}
        ),
        400,
    )
    for variant, text, player in [
        ("tree", "3(1 2(4 1))", None),
        ("depot", "grid 2x2: 1 2 2 1", None),
        ("depot-partizan", "3 1 2", "L"),
    ]:
        choice = get_json(
            client, "/api/computer-move", position=text, variant=variant, player=player
        )
        rules = get_variant(variant)
        after = rules.parse_position(choice["after"])
        assert after == rules.play(graph(variant, text), choice["move"], player)
        value = plain_solver(variant).value(graph(variant, text))
        if isinstance(value, ImpartialValue):
            assert choice["wins"] == (value.grundy != 0)
        else:
            assert isinstance(value, PartizanValue) and choice["wins"] == value.left_wins_first
        if choice["wins"]:  # a winning move leaves a position the opponent loses
            left = plain_solver(variant).value(after)
            assert (
                left.grundy == 0
                if isinstance(left, ImpartialValue)
                else isinstance(left, PartizanValue) and not left.right_wins_first
            )


@pytest.mark.parametrize(
    ("variant", "text", "side"),
    [("tree", "3(1 2(4 1))", None), ("depot", "2 0 1 1", None), ("depot-partizan", "2 1 2", "R")],
)
def test_whole_games_on_graphs(client: TestClient, variant: str, text: str, side: Any) -> None:
    created = client.post(
        "/api/games", json={"variant": variant, "position": text, "human_side": side, "seed": 3}
    )
    assert created.status_code == 201, created.text
    game = created.json()
    assert json.loads(game["start"]) == graph(variant, text).to_json()
    while not game["over"]:
        if game["to_move"] == "human":
            advice = get_json(client, f"/api/games/{game['id']}/hint")
            response = client.post(f"/api/games/{game['id']}/moves", json={"move": advice["move"]})
        else:
            response = client.post(f"/api/games/{game['id']}/computer")
        assert response.status_code == 200, response.text
        game = response.json()
    value = plain_solver(variant).value(graph(variant, text))
    # the person moves first and plays the hints: the person wins exactly when the start is won
    # by the player to move (partizan: by Right moving first)
    first_wins = (
        value.grundy != 0
        if isinstance(value, ImpartialValue)
        else isinstance(value, PartizanValue) and value.right_wins_first
    )
    assert game["winner"] == ("human" if first_wins else "computer")
    assert all(ply["move"].count("=") == 1 for ply in game["history"])


def test_bad_graphs_are_a_one_line_4xx(client: TestClient) -> None:
    triangle = '{"labels": [1, 1, 1], "edges": [[0, 1], [1, 2], [2, 0]]}'
    huge = "grid 25x25: 1"
    cases = [
        ("tree", triangle, {}, 400, "closes a cycle"),
        (
            "depot-partizan",
            '{"labels": [0, 1], "edges": [[0, 1]], "colours": ["B"]}',
            {},
            400,
            "colours are L, R or G",
        ),
        ("depot", '{"labels": [0, 1], "edges": [[1, 1]]}', {}, 400, "self-loop"),
        ("depot", '{"labels": [0, 1], "edges": [[0, 1], [1, 0]]}', {}, 400, "repeats edge"),
        ("depot", '{"labels": [0, 1], "edges": [[0, 7]]}', {}, 400, "does not exist"),
        ("tree", '{"labels": [1, -2], "edges": [[0, 1]]}', {}, 400, "integers >= 0"),
        ("depot", '{"labels": [0, 1]', {}, 400, "not a JSON graph"),
        ("depot", '{"labels": [0, 1], "edges": [], "weights": []}', {}, 400, "unknown graph field"),
        ("depot-partizan", '{"labels": [1], "edges": [], "homes": [0]}', {}, 400, "home"),
        ("tree", "3(1 2", {}, 400, ""),
        ("depot", huge, {}, 422, f"at most {MAX_GRAPH_VERTICES:,}"),
        ("depot", "grid 4x4: 3", {}, 422, "budget"),
        ("depot", "99 99", {}, 422, f"{WEB_GRAPH_WORK:,} moves"),  # few states, many options
        ("depot-partizan", "cycle: 0 20 20 20", {}, 422, f"{WEB_GRAPH_WORK:,} moves"),
        ("depot", "grid 2x2: 1", {"budget": "10000000"}, 422, "at most"),
        ("depot", "grid 2x2: 1", {"method": "theory"}, 400, "no closed-form theory"),
        ("depot", "grid 2x2: 1", {"method": "engine"}, 400, "no engine"),
        ("depot", "1 " * 25_001, {"method": "auto"}, 422, "50000 characters"),
    ]
    for variant, text, extra, status, words in cases:
        params = {"variant": variant, "position": text, **extra}
        detail = error_of(client.get("/api/analyze", params=params), status)
        assert words in detail, (variant, text, detail)
        if not extra:  # the same refusal wherever a position is read
            error_of(client.get("/api/moves", params=params), status)
            body = {"variant": variant, "position": text, "human_side": None}
            error_of(client.post("/api/games", json=body), status)
    big = "2 0 " * 12 + "3"  # analysable by parts, too large for the plain search games need
    assert get_json(client, "/api/analyze", variant="depot", position=big)["outcome"] in "PN"
    assert "valuing every move" in error_of(
        client.post("/api/games", json={"variant": "depot", "position": big}), 422
    )
    assert "valuing every move" in error_of(
        client.get("/api/computer-move", params={"variant": "depot", "position": big}), 422
    )
    assert "rows of piles only" in error_of(
        client.get("/api/table", params={"variant": "tree"}), 400
    )


def test_variants_lists_the_graph_rule_sets_with_their_texts(client: TestClient) -> None:
    listed = {v["name"]: v for v in get_json(client, "/api/variants")}
    for cls in GRAPH_RULE_SETS:
        info = listed[cls.name]
        assert (info["family"], info["title"], info["summary"], info["impartial"]) == (
            cls.family,
            cls.title,
            cls.summary,
            cls.impartial,
        )
        assert info["position_notation"] == cls.position_notation and not info["theory"]
    assert {v["family"] for v in listed.values()} == {"row", "tree", "graph"}


def test_graph_searches_run_in_the_worker_pool() -> None:
    text = "grid 2x3: 1 2 1 2 1 2"  # beyond the light lane: it goes to a worker process
    with WorkerPool(workers=1, timeout=30) as pool, TestClient(create_app(pool=pool)) as client:
        answer = get_json(client, "/api/analyze", position=text, variant="depot")
        assert answer["grundy"] == analyze(graph("depot", text), "depot").grundy
        listing = get_json(client, "/api/moves", position=text, variant="depot")
        assert [m["move"] for m in listing["moves"] if m["wins"]] == answer["winning_moves"]
        choice = get_json(client, "/api/computer-move", position=text, variant="depot")
        assert choice["move"] in answer["winning_moves"]
