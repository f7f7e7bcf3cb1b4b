"""Every API endpoint under hostile query strings and bodies: never a 5xx, always a JSON error
with a one-line message (bounded in time: a few hundred requests)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from fuzz.hostile import NUMBERS, TEXT, VARIANTS
from httpx2 import InvalidURL
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from endnim.web.app import create_app

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
GAMES_EXAMPLES = 15
"""Examples of :func:`test_games` in the test command (each plays a game: create, hint,
move, computer, undo, several seconds on a loaded machine); the long twin
(:func:`test_games_long`, ``bash scripts/fuzz.sh``) runs :data:`GAMES_EXAMPLES_LONG`."""
GAMES_EXAMPLES_LONG = 200


class Client:
    """A test client whose requests give None when the HTTP client itself refuses to build
    them (an over-long or malformed URL never reaches the server)."""

    def __init__(self, client: Client) -> None:
        self.client = client

    def get(self, *args: Any, **kwargs: Any) -> Any:
        return send(self.client.get, *args, **kwargs)

    def post(self, *args: Any, **kwargs: Any) -> Any:
        return send(self.client.post, *args, **kwargs)


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with TestClient(create_app(limit_caches=False), raise_server_exceptions=False) as c:
        yield Client(c)


def check(response: object) -> None:
    if response is None:  # the HTTP client itself refused to send it: nothing reached the server
        return
    status = response.status_code  # type: ignore[attr-defined]
    assert status < 500 or status == 503, (status, response.text[:300])  # type: ignore[attr-defined]
    if status >= 400:
        detail = response.json()["detail"]  # type: ignore[attr-defined]
        assert isinstance(detail, str) and "\n" not in detail and "internal error" not in detail


def send(method: Any, *args: Any, **kwargs: Any) -> Any:
    """The response, or None when the HTTP client refuses to build such a request."""
    try:
        return method(*args, **kwargs)
    except (InvalidURL, UnicodeEncodeError, ValueError):
        return None


@SETTINGS
@given(
    position=TEXT,
    variant=VARIANTS,
    method=st.sampled_from(["auto", "theory", "search", "engine", "x"]),
    budget=NUMBERS,
)
def test_analyze(client: Client, position: str, variant: str, method: str, budget: str) -> None:
    check(
        client.get(
            "/api/analyze",
            params={"position": position, "variant": variant, "method": method, "budget": budget},
        )
    )


@SETTINGS
@given(position=TEXT, variant=VARIANTS, player=st.sampled_from(["L", "R", "x", ""]), move=TEXT)
def test_moves_and_apply(
    client: Client, position: str, variant: str, player: str, move: str
) -> None:
    check(
        client.get(
            "/api/moves", params={"position": position, "variant": variant, "player": player}
        )
    )
    check(
        client.get(
            "/api/apply-move", params={"position": position, "variant": variant, "move": move}
        )
    )


@SETTINGS
@given(position=TEXT, variant=VARIANTS, skill=NUMBERS, seed=NUMBERS)
def test_computer_move(client: Client, position: str, variant: str, skill: str, seed: str) -> None:
    check(
        client.get(
            "/api/computer-move",
            params={"position": position, "variant": variant, "skill": skill, "seed": seed},
        )
    )


@SETTINGS
@given(middle=TEXT, variant=VARIANTS, rows=NUMBERS, cols=NUMBERS)
def test_table(client: Client, middle: str, variant: str, rows: str, cols: str) -> None:
    check(
        client.get(
            "/api/table", params={"middle": middle, "variant": variant, "rows": rows, "cols": cols}
        )
    )


GAMES = given(
    body=st.one_of(
        st.fixed_dictionaries({"position": TEXT, "variant": VARIANTS}),
        st.dictionaries(st.text(max_size=10), st.one_of(TEXT, st.integers(), st.none())),
        st.lists(st.integers(), max_size=3),
    ),
    move=TEXT,
    game_id=st.one_of(st.text(max_size=30), st.just("../../etc/passwd")),
)


@settings(SETTINGS, max_examples=GAMES_EXAMPLES)
@GAMES
def test_games(client: Client, body: object, move: str, game_id: str) -> None:
    play_hostile_game(client, body, move, game_id)


@pytest.mark.long
@settings(SETTINGS, max_examples=GAMES_EXAMPLES_LONG)
@GAMES
def test_games_long(client: Client, body: object, move: str, game_id: str) -> None:
    play_hostile_game(client, body, move, game_id)


def play_hostile_game(client: Client, body: object, move: str, game_id: str) -> None:
    created = client.post("/api/games", json=body)
    check(created)
    ident = created.json()["id"] if created is not None and created.status_code == 201 else game_id
    for path in ("", "/hint"):
        check(client.get(f"/api/games/{ident}{path}"))
    check(client.post(f"/api/games/{ident}/moves", json={"move": move}))
    check(client.post(f"/api/games/{ident}/computer"))
    check(client.post(f"/api/games/{ident}/undo"))


def test_garbage_bodies(client: Client) -> None:
    for body in (b"\xff\xfe", b"{", b"[]" * 10000, b'{"position": "3"' + b" " * 100000 + b"}"):
        check(
            send(
                client.post,
                "/api/games",
                content=body,
                headers={"content-type": "application/json"},
            )
        )
