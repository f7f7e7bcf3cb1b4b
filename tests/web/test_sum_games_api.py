"""Playing a sum on the workbench's API (issue 21 §1): the game, move list and move shapes of a
single row, extended to ``A + B + ...`` (``sum=true``: a sum of one summand left)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from endnim.analyzer import analyze
from endnim.variants.sums import Summands


def test_a_sum_played_to_its_end(client: TestClient) -> None:
    game = client.post(
        "/api/games", json={"variant": "endnim", "position": "3 1 + 2 2", "seed": 0}
    ).json()
    assert game["summands"] == ["3 1", "2 2"] and game["position"] == "3 1 + 2 2"
    while not game["over"]:
        if game["to_move"] == "computer":
            game = client.post(f"/api/games/{game['id']}/computer").json()
            continue
        text = " + ".join(game["summands"])
        listing = client.get(
            "/api/moves", params={"variant": "endnim", "position": text, "sum": "true"}
        ).json()
        expected = analyze(Summands(game["summands"]), "endnim").winning_moves
        assert [m["move"] for m in listing["moves"] if m["wins"]] == expected
        assert listing["summands"] == game["summands"]
        move = listing["moves"][0]["move"]
        answer = client.post(f"/api/games/{game['id']}/moves", json={"move": move})
        assert answer.status_code == 200, answer.text
        game = answer.json()
        judgement = game["history"][-1]["judgement"]
        assert judgement["winning_moves"] == expected
    assert game["position"] == "" and game["summands"] == []
    assert game["winner"] == ("human" if game["history"][-1]["mover"] == "human" else "computer")


def test_a_misere_sum_s_last_coin_loses(client: TestClient) -> None:
    game = client.post(
        "/api/games", json={"variant": "misere", "position": "1 + 1", "seed": 0}
    ).json()
    game = client.post(f"/api/games/{game['id']}/moves", json={"move": "2:L0"}).json()
    assert game["summands"] == ["1"] and not game["over"]  # the computer must take it
    game = client.post(f"/api/games/{game['id']}/computer").json()
    assert game["summands"] == [] and game["over"] and game["winner"] == "human"
    assert "misère" in game["ending"]


def test_a_hint_and_a_move_of_one_summand_left(client: TestClient) -> None:
    game = client.post("/api/games", json={"position": "1 + 2 2", "seed": 0}).json()
    hint = client.get(f"/api/games/{game['id']}/hint").json()
    assert hint["move"] in analyze("1 + 2 2").winning_moves or not hint["wins"]
    game = client.post(f"/api/games/{game['id']}/moves", json={"move": "1:L0"}).json()
    assert game["summands"] == ["2 2"] and game["position"] == "2 2"
    one = client.get("/api/analyze", params={"position": "2 2", "sum": "true"}).json()
    assert one["method"] == "sum" and one["position"] == "2 2"
    applied = client.get(
        "/api/apply-move", params={"position": "2 2", "move": "1:R1", "sum": "true"}
    ).json()
    assert applied == {"move": "1:R1", "after": "2 1"}


@pytest.mark.parametrize(
    ("request_", "status", "message"),
    [
        (("post", "/api/games", {"position": "3 + 0 2"}), 400, "summand 2 of '3 + 0 2': pile 1"),
        (("post", "/api/games", {"position": "3 + + 2"}), 400, "summand 2 of '3 + + 2' is empty"),
        (
            ("post", "/api/games", {"variant": "partizan", "position": "4 4 4 + 5 5 5 + 4 4 4"}),
            422,
            "this sum is too large to play: the exact search of the sum may visit up to",
        ),
        (("get", "/api/moves", {"position": "3 + 0"}), 400, "summand 2 of '3 + 0'"),
        (("get", "/api/apply-move", {"position": "3 + 2", "move": "3:L0"}), 400, "no summand 3"),
        (("get", "/api/apply-move", {"position": "3 + 2", "move": "L0"}), 400, "write K:MOVE"),
    ],
)
def test_bad_sums_and_moves_are_one_line_4xx(
    client: TestClient, request_: tuple[str, str, dict[str, str]], status: int, message: str
) -> None:
    method, path, data = request_
    post = method == "post"
    answer = client.post(path, json=data) if post else client.get(path, params=data)
    assert answer.status_code == status, answer.text
    error = answer.json()["detail"]
    assert message in error and "\n" not in error


def test_a_move_naming_a_missing_summand_in_a_game_is_400(client: TestClient) -> None:
    game = client.post("/api/games", json={"position": "3 + 2"}).json()
    answer = client.post(f"/api/games/{game['id']}/moves", json={"move": "5:L0"})
    assert answer.status_code == 400
    assert answer.json()["detail"] == "there is no summand 5: the sum '3 + 2' has 2 summands"


# ---------------------------------------------------------------- issue 34 §5: expanded sums
def test_a_game_of_a_sum_counts_the_piles_its_exponents_expand_to(client: TestClient) -> None:
    for variant, text, piles in [
        ("misere", "1^999999 + 1^999999", "1,999,998"),
        ("endnim", " + ".join(["2^999999"] * 10), "9,999,990"),
        ("misere", "1^150 + 1^51", "201"),
    ]:
        answer = client.post("/api/games", json={"variant": variant, "position": text})
        assert answer.status_code == 422, answer.text
        assert f"the sum has {piles} piles" in answer.json()["detail"]
    edge = client.post("/api/games", json={"variant": "misere", "position": "1^150 + 1^50"})
    assert edge.status_code == 201, edge.text  # 200 piles: the limit itself


def test_sum_requests_count_expanded_piles_before_the_work(client: TestClient) -> None:
    text = "1^999999 + 1^999999"
    for path, extra in [
        ("/api/analyze", {}),
        ("/api/moves", {}),
        ("/api/apply-move", {"move": "1:L0"}),
    ]:
        answer = client.get(path, params={"variant": "misere", "position": text, **extra})
        assert answer.status_code == 422, (path, answer.text)
        assert "the sum has 1,999,998 piles" in answer.json()["detail"]
    over = client.get("/api/analyze", params={"position": "1^500 + 2^501"})
    assert over.status_code == 422 and "1,001 piles" in over.json()["detail"]
    assert client.get("/api/analyze", params={"position": "1^500 + 2^500"}).status_code == 200
