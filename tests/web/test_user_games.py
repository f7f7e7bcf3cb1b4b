"""Games of users' rule sets under ``serve --rules``: played through the API with every hook in
the sandbox pool, equal to the same games played in-process, and a broken rule set costs the
request that ran into it, never the server, its built-in games or the game itself."""

from __future__ import annotations

import random
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from endnim.play import ComputerPlayer, GameSession
from endnim.play.computer import random_move
from endnim.variants import load_rules, unregister_variant
from endnim.web.app import create_app
from endnim.web.budgets import MAX_GAME_PLIES
from endnim.web.sandbox import Sandbox

REPO = Path(__file__).resolve().parents[2]
GALLERY = REPO / "tests" / "rules_gallery" / "broken.py"
EXAMPLES = {
    "capped": "examples/variants/capped.py:CappedEndNim",
    "end-wythoff": "examples/variants/end_wythoff.py:EndWythoff",
}
OWN_RULES = """
    import os
    import time

    from endnim import Variant
    from endnim.errors import MoveError
    from endnim.moves import Move

    PIDS = {pids!r}


    def note_pid():
        with open(PIDS, "a") as out:
            out.write(f"{{os.getpid()}}\\n")


    class NotedMoveError(MoveError):
        \"\"\"The user's own error, which notes where it is built (unpickling builds it).\"\"\"

        def __init__(self, message):
            note_pid()
            super().__init__(message)


    class OneSided(Variant):
        \"\"\"Partizan: Left takes 1-3 from the first pile, Right 1-3 from the last; every
        ends() call notes the process it runs in.\"\"\"

        name = "user-one-sided"
        title = "user: one-sided capped"
        impartial = False

        def ends(self, piles, player=None):
            note_pid()
            return (player,) if player in ("L", "R") else ("L", "R")

        def allows_take(self, pile, size):
            return pile - size <= 3

        def parse_move(self, text):
            if text == "L7":
                raise NotedMoveError("no L7 here")
            return Move.parse(text)


    class TrappedMoves(Variant):
        \"\"\"End-Nim whose move reader ends its process on L0 and loops on L1.\"\"\"

        name = "user-trapped-moves"
        title = "user: trapped moves"

        def ends(self, piles, player=None):
            return ("L", "R")

        def parse_move(self, text):
            if text == "L0":
                os._exit(9)
            while text == "L1":
                time.sleep(0.05)
            return Move.parse(text)
"""


@pytest.fixture(scope="module")
def own_rules(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("own_rules")
    pids = folder / "pids.txt"
    source = folder / "own.py"
    source.write_text(textwrap.dedent(OWN_RULES.format(pids=str(pids))))
    return source, pids


@pytest.fixture(scope="module")
def served(own_rules: tuple[Path, Path]) -> Iterator[tuple[TestClient, Any]]:
    source = own_rules[0]
    specs = [
        *(str(REPO / spec) for spec in EXAMPLES.values()),
        f"{source}:OneSided",
        f"{source}:TrappedMoves",
        *(f"{GALLERY}:{name}" for name in BROKEN),
    ]
    loaded = [load_rules(spec) for spec in specs]
    sandbox = Sandbox(create_app, specs, timeout=4)
    app = create_app(limit_caches=False, sandbox=sandbox)
    try:
        yield TestClient(app), app
    finally:
        sandbox.close()
        for rules in loaded:
            unregister_variant(rules.name)


BROKEN = {
    "LoopingEnds": "looping-ends",
    "ExitingEnds": "exiting-ends",
    "GarbageEnds": "garbage-ends",
    "HugeMemory": "huge-memory",
    "RaisingEnds": "raising-ends",
    "GrowingPosition": "growing-position",
}


def _game(answer: Any, status: int = 200) -> dict[str, Any]:
    assert answer.status_code == status, answer.text
    game: dict[str, Any] = answer.json()
    game.pop("id")
    return game


def _play_both(
    client: TestClient, variant: str, start: str, seed: int, skill: int, side: str | None
) -> int:
    """A whole game through the API and the same game in-process, step by step equal; the
    person plays hints and random moves and takes one move back. Returns the game's length."""
    from endnim.variants import get_variant

    rules = get_variant(variant)
    spec: dict[str, Any] = {"variant": variant, "position": start, "skill": skill, "seed": seed}
    spec["human_side"] = side
    spec["human_first"] = seed % 2 == 0
    answer = client.post("/api/games", json=spec)
    game_id = answer.json()["id"]
    here = GameSession(
        rules,
        start,
        human_first=spec["human_first"],
        human_side=side,
        computer=ComputerPlayer(skill, random.Random(seed)),
        max_plies=MAX_GAME_PLIES,
    )
    assert _game(answer, 201) == here.to_dict()
    person = random.Random(seed + 1000)
    undone = False
    url = f"/api/games/{game_id}"
    while not here.over:
        if here.to_move == "computer":
            there = _game(client.post(f"{url}/computer"))
            here.computer_move()
        else:
            hint = client.get(f"{url}/hint")
            assert hint.status_code == 200 and hint.json() == here.hint().to_dict()
            if person.random() < 0.5:
                move = hint.json()["move"]
            else:
                move = str(random_move(here.position, rules, here.side_to_move, person).move)
            there = _game(client.post(f"{url}/moves", json={"move": move}))
            here.play(move)
            if not undone and len(here.history) >= 3:
                undone = True
                there = _game(client.post(f"{url}/undo"))
                here.undo()
        assert there == here.to_dict()
    assert _game(client.get(url)) == here.to_dict()
    for late in (client.post(f"{url}/computer"), client.post(f"{url}/moves", json={"move": "L0"})):
        assert late.status_code == 409 and "the game is over" in late.json()["detail"], late.text
    return len(here.history)


@pytest.mark.parametrize("variant", sorted(EXAMPLES))
@pytest.mark.parametrize(("seed", "skill"), [(0, 100), (1, 60), (2, 0)])
def test_a_user_rule_set_plays_whole_games_as_in_process(
    served: tuple[TestClient, Any], variant: str, seed: int, skill: int
) -> None:
    client, _ = served
    assert _play_both(client, variant, "5 2 7 3", seed, skill, None) > 2


@pytest.mark.parametrize("side", ["L", "R"])
def test_a_partizan_user_rule_set_plays_either_side(
    served: tuple[TestClient, Any], side: str
) -> None:
    client, _ = served
    assert _play_both(client, "user-one-sided", "4 1 3 5", 7, 80, side) > 2


def test_the_users_code_never_runs_in_the_server_process(
    served: tuple[TestClient, Any], own_rules: tuple[Path, Path]
) -> None:
    client, _ = served
    pids = own_rules[1]
    pids.write_text("")
    game = client.post("/api/games", json={"variant": "user-one-sided", "position": "3 2 4"})
    assert game.status_code == 201, game.text
    url = f"/api/games/{game.json()['id']}"
    assert client.get(f"{url}/hint").status_code == 200
    refused = client.post(f"{url}/moves", json={"move": "L7"})
    assert refused.status_code == 400 and refused.json()["detail"] == "no L7 here"
    assert client.post(f"{url}/moves", json={"move": "L1"}).status_code == 200
    assert client.post(f"{url}/computer").status_code == 200
    assert client.post(f"{url}/undo").status_code == 200
    # the worker cannot write the file (its sandbox writes nowhere but its own scratch, issue
    # 38), so a PID noted there could only be the server's own: none may be
    assert pids.read_text() == ""


def test_game_errors_keep_their_status(served: tuple[TestClient, Any]) -> None:
    client, _ = served
    game = client.post("/api/games", json={"variant": "capped", "position": "5 1 4"})
    url = f"/api/games/{game.json()['id']}"
    assert client.post(f"{url}/undo").status_code == 409
    assert client.post(f"{url}/computer").status_code == 409  # your turn
    bad = client.post(f"{url}/moves", json={"move": "L0"})  # takes 3 at most
    assert bad.status_code == 400 and "internal error" not in bad.text
    assert client.post("/api/games", json={"variant": "capped", "position": "x"}).status_code == 400
    assert client.get("/api/games/nosuchgame").status_code == 404


def test_built_in_games_stay_in_the_server(served: tuple[TestClient, Any]) -> None:
    client, app = served
    game = client.post("/api/games", json={"position": "3 1 4"})
    assert game.status_code == 201
    assert isinstance(app.state.games.get(game.json()["id"]), GameSession)


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_rule_set_costs_its_request_only(
    served: tuple[TestClient, Any], name: str
) -> None:
    client, _ = served
    broken = client.post("/api/games", json={"variant": BROKEN[name], "position": "3 1 2"})
    if broken.status_code == 201:  # the start's value is only shown when known: the hint fails
        broken = client.get(f"/api/games/{broken.json()['id']}/hint")
    assert broken.status_code == 422, broken.text
    assert BROKEN[name] in broken.json()["detail"]
    assert client.get("/api/analyze", params={"position": "3 1 4"}).status_code == 200
    assert client.post("/api/games", json={"position": "3 1 4"}).status_code == 201
    good = client.post("/api/games", json={"variant": "capped", "position": "3 1 4"})
    assert good.status_code == 201
    moved = client.post(f"/api/games/{good.json()['id']}/moves", json={"move": "L2"})
    assert moved.status_code == 200, moved.text


@pytest.mark.parametrize("trap", ["L0", "L1"])  # os._exit, a loop
def test_a_fault_in_the_middle_of_a_game_costs_that_move_only(
    served: tuple[TestClient, Any], trap: str
) -> None:
    client, _ = served
    game = client.post("/api/games", json={"variant": "user-trapped-moves", "position": "3 1 4"})
    assert game.status_code == 201, game.text
    url = f"/api/games/{game.json()['id']}"
    before = client.get(url).json()
    failed = client.post(f"{url}/moves", json={"move": trap})
    assert failed.status_code == 422 and "user-trapped-moves" in failed.json()["detail"]
    assert client.get(url).json() == before
    assert client.get("/api/analyze", params={"position": "3 1 4"}).status_code == 200
    moved = client.post(f"{url}/moves", json={"move": "R3"})
    assert moved.status_code == 200 and moved.json()["position"] == "3 1 3"
    assert client.post(f"{url}/computer").status_code == 200
