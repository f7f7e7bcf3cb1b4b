"""The JSON API: the same answers as the library and the CLI, clear 4xx errors, bounded work."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import BUILT_IN_NAMES, IMPARTIAL_NAMES, solver
from fastapi.testclient import TestClient
from web.api_helpers import (
    error_of,
    get_json,
    without_cache_sizes,
)

import endnim.analyzer as analyzer
import endnim.web.tables as web_tables
from endnim.analyzer import analyze
from endnim.commands.analyze import analyze as analyze_command
from endnim.graphs import GRAPH_RULE_SETS
from endnim.play import evaluate_moves
from endnim.search import ImpartialValue, PartizanValue
from endnim.theory.partizan import phase_type
from endnim.variants import get_variant
from endnim.web.app import create_app
from endnim.web.budgets import analysis_budget
from endnim.web.compute import ComputeGate
from endnim.web.games import GameStore
from endnim.web.words import analysis_for_page

STATIC = Path(web_tables.__file__).parent / "static"


# --------------------------------------------------------------------------- analyze


CASES = [
    ("endnim", "3 3 3 2"),
    ("endnim", "3 1 4"),
    ("misere", "2 3"),
    ("misere-conway", "2 3"),
    ("loop", "3 1 2 4"),
    ("muller", "5 4 2 4"),
    ("partizan", "3 5 4 5 1"),
    ("partizan", "2 2"),
]


@pytest.mark.parametrize(("variant", "position"), CASES)
@pytest.mark.parametrize("method", ["auto", "theory", "search", "engine"])
def test_analyze_answers_what_the_cli_prints(
    client: TestClient, variant: str, position: str, method: str
) -> None:
    answer = get_json(client, "/api/analyze", variant=variant, position=position, method=method)
    options = ["--json", "--method", method, position]
    if variant == "misere-conway":
        options = ["--variant", "misere", "--convention", "conway", *options]
    else:
        options = ["--variant", variant, *options]
    if method in ("search", "engine"):  # the CLI's default budget differs from the web's
        budget = analysis_budget(
            analyze(position, variant, "theory").position, get_variant(variant), method, None
        )
        options = ["--budget", str(budget), *options]
    printed = CliRunner().invoke(analyze_command, options)
    assert printed.exit_code == 0, printed.output
    assert without_cache_sizes(answer) == without_cache_sizes(json.loads(printed.output))
    assert answer["method"] == method if method != "auto" else answer["method"] == "theory"


def test_plus_signs_in_the_query_are_spaces(client: TestClient) -> None:
    response = client.get("/api/analyze?variant=endnim&position=3+3+3+2")
    assert response.status_code == 200
    assert response.json() == analyze("3 3 3 2").to_dict()
    exponent = client.get("/api/analyze?position=3%5E3+2").json()
    assert exponent["position"] == [3, 3, 3, 2]


def test_large_positions_are_answered_within_the_web_budget(client: TestClient) -> None:
    piles = "1000000 3 1000000"
    answer = get_json(client, "/api/analyze", position=piles)
    # within the web budget: the answer is the one computed under that budget (no clock here)
    budget = analysis_budget(analyze(piles).position, get_variant("endnim"), "auto", None)
    # the command line's answer, with its advice ("--budget raises it") in the page's words
    assert answer == analysis_for_page(analyze(piles, budget=budget).to_dict())
    assert answer["remoteness"] is None and any("remoteness" in n for n in answer["notes"])
    huge = get_json(client, "/api/analyze", position=f"{10**100} 7 {10**100}", variant="muller")
    assert huge["position"][0] == 10**100  # exact big integers in the JSON


def test_bad_input_is_a_clear_4xx(client: TestClient) -> None:
    cases = [
        ({"position": "3 0"}, 400, "pile 2 is 0"),
        ({"position": "3 x"}, 400, "cannot read 'x'"),
        ({"position": ""}, 400, "empty position"),
        ({"position": "3", "variant": "chess"}, 400, "unknown variant 'chess'"),
        ({"position": "3", "method": "magic"}, 422, "method"),
        ({}, 422, "position: Field required"),
        ({"position": "3", "budget": "0"}, 422, "budget"),
        ({"position": "3 " * 25_001}, 422, "at most 50000 characters"),
        ({"position": "1^2000"}, 422, "at most 1,000"),
        ({"position": "300 300 300", "method": "search"}, 422, "option visits"),
        ({"position": "3 3", "method": "search", "budget": "5000000"}, 422, "at most"),
        ({"position": "3000 3000 3000", "method": "search", "budget": "1000"}, 422, "budget"),
        ({"position": "30000 3 30000", "method": "engine"}, 422, "engine would compute"),
        ({"position": "3", "method": "engine", "budget": str(10**9)}, 422, "engine budget"),
    ]
    for params, status, words in cases:
        detail = error_of(client.get("/api/analyze", params=params), status)
        assert words in detail, (params, detail)


def test_the_page_gets_page_words_not_command_line_advice(client: TestClient) -> None:
    """Issue 13: notes and errors on the page say what the workbench does, not "--budget"."""
    answer = get_json(client, "/api/analyze", position="1000000 3 1000000")
    assert answer["notes"] and not any("--" in note for note in answer["notes"])
    assert any("the workbench" in note for note in answer["notes"])
    for params in (
        {"position": "3000 3000 3000", "method": "search", "budget": "1000"},
        {"position": "30000 3 30000", "method": "engine"},
    ):
        detail = error_of(client.get("/api/analyze", params=params), 422)
        assert "--" not in detail and "ENDNIM_" not in detail, detail
        assert "too much for the workbench" in detail, detail
    # the command line keeps its advice
    assert "--budget raises it" in analyze("1000000 3 1000000").notes[0]


# --------------------------------------------------------------------------- moves, computer
def test_moves_are_the_play_modules_listing(client: TestClient) -> None:
    for variant, position, player in [
        ("endnim", "3 1 4", None),
        ("muller", "3 7 1", None),
        ("partizan", "3 1 2", None),
        ("partizan", "3 1 2", "R"),
        ("loop", "5", None),
    ]:
        answer = get_json(client, "/api/moves", variant=variant, position=position, player=player)
        assert answer == evaluate_moves(position, variant, player).to_dict()
    answer = get_json(client, "/api/moves", variant="endnim", position="3 1 4")
    moves = {m["move"]: m for m in answer["moves"]}
    assert moves["R3"]["wins"] and moves["R3"]["after_text"] == "3 1 3"
    assert moves["R3"]["grundy"] == 0 and moves["R3"]["remoteness"] == 6
    l0_value = solver("endnim").value((1, 4))
    assert isinstance(l0_value, ImpartialValue)
    assert not moves["L0"]["wins"] and moves["L0"]["grundy"] == l0_value.grundy
    empty = get_json(client, "/api/moves", position="")
    assert empty["moves"] == [] and empty["total"] == 0
    huge = get_json(client, "/api/moves", position=f"{10**40} 1")
    assert huge["listed"] is False and huge["moves"] is None
    assert huge["winning"][0]["text"] == "L1"
    error_of(client.get("/api/moves", params={"position": "3", "player": "X"}), 422)


def test_computer_move(client: TestClient) -> None:
    for variant, position, player in [
        ("endnim", "3 1 4", None),
        ("muller", "5 4 2 4", None),
        ("partizan", "3 5 4 5 1", "L"),
        ("partizan", "3 5 4 5 1", "R"),
    ]:
        answer = get_json(
            client, "/api/computer-move", variant=variant, position=position, player=player
        )
        rules = get_variant(variant)
        start = tuple(int(p) for p in position.split())
        after = tuple(int(p) for p in answer["after"].split())
        assert tuple(rules.play(start, answer["move"], player)) == after
        value = solver(variant).value(after)
        if isinstance(value, ImpartialValue):
            mover_wins = value.grundy == 0
        else:
            assert isinstance(value, PartizanValue)
            mover_wins = not (value.right_wins_first if player == "L" else value.left_wins_first)
        assert answer["wins"] == mover_wins
        start_value = solver(variant).value(start)
        if isinstance(start_value, ImpartialValue):
            assert mover_wins == (start_value.grundy != 0)  # perfect play keeps a win
        assert answer["kind"] == "best"
    seeded = [
        get_json(client, "/api/computer-move", position="6 5 7", skill=0, seed=3)["move"]
        for _ in range(2)
    ]
    assert seeded[0] == seeded[1]
    assert get_json(client, "/api/computer-move", position="6 5 7", skill=0)["kind"] == "random"
    assert "player" in error_of(
        client.get("/api/computer-move", params={"position": "3 1", "variant": "partizan"}), 400
    )
    assert "game is over" in error_of(
        client.get("/api/computer-move", params={"position": "4", "variant": "loop"}), 400
    )
    error_of(client.get("/api/computer-move", params={"position": "4", "skill": 101}), 422)


def test_apply_move(client: TestClient) -> None:
    assert get_json(client, "/api/apply-move", position="3 1 4", move="R0") == {
        "move": "R0",
        "after": "3 1",
    }
    assert (
        get_json(client, "/api/apply-move", position="3 7 1", move="l2r", variant="muller")["after"]
        == "1 7 2"
    )
    assert (
        get_json(client, "/api/apply-move", position="2 5", move="R1", variant="partizan")["after"]
        == "2 1"
    )
    big = get_json(client, "/api/apply-move", position=f"{10**50} 2", move=f"L{10**49}")
    assert big["after"] == f"{10**49} 2"
    assert "not legal" in error_of(
        client.get("/api/apply-move", params={"position": "3 1", "move": "L5"}), 400
    )
    assert "cannot read move" in error_of(
        client.get("/api/apply-move", params={"position": "3 1", "move": "up"}), 400
    )


# --------------------------------------------------------------------------- tables
@pytest.mark.parametrize("variant", list(IMPARTIAL_NAMES))
@pytest.mark.parametrize("middle", ["", "2", "1 3", "2 1 2"])
def test_impartial_tables_match_the_search(client: TestClient, variant: str, middle: str) -> None:
    answer = get_json(client, "/api/table", variant=variant, middle=middle, rows=6, cols=7)
    assert answer["kind"] == "grundy" and answer["triple_point"] is None
    assert len(answer["values"]) == 7 and all(len(row) == 8 for row in answer["values"])
    inner = tuple(int(p) for p in middle.split())
    for x in range(7):
        for y in range(8):
            row = (*((x,) if x else ()), *inner, *((y,) if y else ()))
            if variant == "misere" and not row:
                continue  # the empty row is no position of misère End-Nim (Cairns–Ho)
            value = solver(variant).value(row)
            assert isinstance(value, ImpartialValue)
            assert answer["values"][x][y] == value.grundy, (variant, row)


@pytest.mark.parametrize("middle", ["", "1", "2 4 1", "3 3", "5 2"])
def test_partizan_phase_diagram_matches_search_and_theory(client: TestClient, middle: str) -> None:
    answer = get_json(client, "/api/table", variant="partizan", middle=middle, rows=9, cols=9)
    assert answer["kind"] == "outcome"
    inner = tuple(int(p) for p in middle.split())
    for x in range(10):
        for y in range(10):
            row = (*((x,) if x else ()), *inner, *((y,) if y else ()))
            expected = solver("partizan").value(row).outcome
            assert answer["values"][x][y] == expected, row
            if inner and x and y:
                assert phase_type(x, inner, y) == expected
    if inner:
        x, y = answer["triple_point"]
        assert answer["values"][x][y] == "P"
        assert all(
            answer["values"][a][b] != "P"
            for a in range(1, 10)
            for b in range(1, 10)
            if (a < x or b < y) and (a, b) != (x, y)
        )
    else:
        assert answer["triple_point"] is None


def test_table_limits(client: TestClient) -> None:
    assert "rows" in error_of(client.get("/api/table", params={"rows": 0}), 422)
    assert "cols" in error_of(client.get("/api/table", params={"cols": 301}), 422)
    detail = error_of(client.get("/api/table", params={"middle": "100000 100000"}), 422)
    assert "engine cells" in detail
    assert "pile 1 is 0" in error_of(client.get("/api/table", params={"middle": "0 1"}), 400)


# --------------------------------------------------------------------------- games
def test_a_whole_game_through_the_api(client: TestClient) -> None:
    created = client.post("/api/games", json={"position": "3 1 4", "seed": 1})
    assert created.status_code == 201
    game = created.json()
    game_id = game["id"]
    assert (game["to_move"], game["over"], game["history"]) == ("human", False, [])
    assert "computer's turn" not in game
    error_of(client.post(f"/api/games/{game_id}/computer"), 409)
    assert "not legal" in error_of(
        client.post(f"/api/games/{game_id}/moves", json={"move": "L7"}), 400
    )
    hint = get_json(client, f"/api/games/{game_id}/hint")
    assert hint["move"] == "R3" and hint["wins"]
    while not game["over"]:
        if game["to_move"] == "human":
            advice = get_json(client, f"/api/games/{game_id}/hint")
            response = client.post(f"/api/games/{game_id}/moves", json={"move": advice["move"]})
        else:
            response = client.post(f"/api/games/{game_id}/computer")
        assert response.status_code == 200, response.text
        game = response.json()
    assert game["winner"] == "human" and game["position"] == ""
    assert [ply["mover"] for ply in game["history"]][:2] == ["human", "computer"]
    assert get_json(client, f"/api/games/{game_id}") == game
    error_of(client.post(f"/api/games/{game_id}/moves", json={"move": "L0"}), 409)
    undone = client.post(f"/api/games/{game_id}/undo").json()
    assert not undone["over"] and undone["to_move"] == "human"
    assert len(undone["history"]) == len(game["history"]) - 1


def test_partizan_game_and_game_errors(client: TestClient) -> None:
    game = client.post(
        "/api/games",
        json={"variant": "partizan", "position": "2 4 1", "human_side": "R", "human_first": False},
    ).json()
    assert (game["to_move"], game["side_to_move"], game["human_side"]) == ("computer", "L", "R")
    game = client.post(f"/api/games/{game['id']}/computer").json()
    assert game["history"][0]["side"] == "L" and game["side_to_move"] == "R"
    assert "nothing to undo" in error_of(client.post(f"/api/games/{game['id']}/undo"), 409)
    assert "no game" in error_of(client.get("/api/games/nothing-here"), 404)
    assert "no game" in error_of(client.post("/api/games/nothing-here/computer"), 404)
    bad = [
        ({"position": "3 0"}, 400),
        ({"position": "3", "variant": "go"}, 400),
        ({"position": "3", "skill": 120}, 422),
        ({"position": "3", "human_side": "X", "variant": "partizan"}, 422),
        ({"position": "1^300"}, 422),
        ({}, 422),
    ]
    for body, status in bad:
        error_of(client.post("/api/games", json=body), status)
    error_of(client.post("/api/games/x/moves", json={"move": "L" * 300}), 422)


def test_the_store_keeps_a_bounded_number_of_games() -> None:
    store = GameStore(capacity=3)
    with TestClient(create_app(games=store, limit_caches=False)) as small:
        ids = [small.post("/api/games", json={"position": "2 2"}).json()["id"] for _ in range(5)]
        assert len(store) == 3
        assert small.get(f"/api/games/{ids[0]}").status_code == 404
        assert small.get(f"/api/games/{ids[-1]}").status_code == 200


# --------------------------------------------------------------------------- limits
def test_slow_computations_answer_503_and_never_hang(monkeypatch: pytest.MonkeyPatch) -> None:
    """A computation past the time limit is answered 503 at once; an abandoned heavy one keeps
    its slot (other heavy requests are busy) but light requests have their own lane.

    (Before the worker pool, light and heavy requests shared one slot, and this test checked
    that a light /api/moves was refused as busy; answers from theorems must now never wait
    behind a search, so the light request is expected to answer.)"""
    release = threading.Event()
    ended = threading.Event()

    def slow(*args: object, **kwargs: object) -> object:
        release.wait(600)  # a hang guard only: the test releases it
        ended.set()
        raise RuntimeError("released")

    monkeypatch.setattr(analyzer, "analyze", slow)
    gate = ComputeGate(slots=1, timeout=0.3, queue_wait=0.1)
    with TestClient(create_app(gate=gate, limit_caches=False)) as slow_client:
        response = slow_client.get("/api/analyze", params={"position": "3"})  # light, slow
        assert "took longer than 0.3 s" in error_of(response, 503)
        assert response.headers["Retry-After"] == "5"
        heavy = slow_client.get("/api/analyze", params={"position": "300 300 300"})
        assert "took longer than 0.3 s" in error_of(heavy, 503)
        # the abandoned heavy computation still holds the only heavy slot
        busy = slow_client.get("/api/table", params={"rows": "4", "cols": "4"})
        assert "busy" in error_of(busy, 503)
        # ... while a light request does not wait behind it
        assert slow_client.get("/api/moves", params={"position": "3"}).status_code == 200
        assert not ended.is_set()  # all of it answered while the slow work still ran
        release.set()
        assert ended.wait(600)
        gate.queue_wait = 600  # the slot frees when the work returns: wait for it (a hang guard)
        assert slow_client.get("/api/table", params={"rows": "4", "cols": "4"}).status_code == 200


def test_internal_errors_are_one_line_500(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(web_tables, "heatmap_table", broken)
    with TestClient(create_app(limit_caches=False), raise_server_exceptions=False) as c:
        detail = error_of(c.get("/api/table"), 500)
        assert detail == "internal error: RuntimeError: boom second line"


# --------------------------------------------------------------------------- schema, page
def test_openapi_schema_describes_the_api(client: TestClient) -> None:
    schema = get_json(client, "/api/openapi.json")
    paths = schema["paths"]
    for path in [
        "/api/analyze",
        "/api/moves",
        "/api/computer-move",
        "/api/apply-move",
        "/api/table",
        "/api/variants",
        "/api/games",
        "/api/games/{game_id}",
        "/api/games/{game_id}/moves",
        "/api/games/{game_id}/computer",
        "/api/games/{game_id}/undo",
        "/api/games/{game_id}/hint",
    ]:
        assert path in paths, path
    analyze_op = paths["/api/analyze"]["get"]
    assert analyze_op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/AnalysisOut"
    )
    assert {"400", "422", "503"} <= set(analyze_op["responses"])
    names = {p["name"] for p in analyze_op["parameters"]}
    assert names == {"position", "variant", "method", "budget", "sum"}
    assert "/" not in paths and "/static" not in paths
    assert client.get("/docs").status_code == 404  # Swagger UI would need a CDN


def test_variants(client: TestClient) -> None:
    listed = get_json(client, "/api/variants")
    rows = [v["name"] for v in listed if v["family"] == "row"]
    assert rows == list(BUILT_IN_NAMES)
    others = [v["name"] for v in listed if v["family"] != "row"]  # the page's graph view
    assert others == [cls.name for cls in GRAPH_RULE_SETS]


def test_the_page_and_its_files_are_served_and_need_no_internet(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert '<script src="/static/app.js">' in page.text
    for name, kind in (("app.js", "javascript"), ("style.css", "text/css")):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200 and kind in response.headers["content-type"]
    for path in STATIC.iterdir():
        text = path.read_text(encoding="utf-8")
        external = re.findall(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text)
        allowed = {"http://www.w3.org/"}  # the SVG namespace name, never fetched
        assert set(external) <= allowed, (path.name, external)
    assert client.get("/static/missing.js").status_code == 404
