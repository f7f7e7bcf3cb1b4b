"""The server's sandbox against rule sets that fight back (issues 29 and 34): each request is
answered or refused with 422 naming the rule set, the built-in games (and their worker pool)
answer as before, nothing a sandbox worker writes is opened as code, and a sandbox worker
inherits no descriptor of the server."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.rules_gallery.hostile import HOSTILE
from tests.rules_gallery.hostile_routes import LEFT_BEHIND, ROUTES

GALLERY = Path(__file__).parents[1] / "rules_gallery" / "hostile.py"
SERVED = [name for name in HOSTILE if name != "BadHashPosition"]
MARKER = Path("/tmp/endnim-forged-answer-ran")


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[TestClient, Any]]:
    from endnim.web.app import create_app
    from endnim.web.pool import WorkerPool
    from endnim.web.sandbox import Sandbox

    os.environ.setdefault("ENDNIM_HOOK_TIMEOUT", "2")
    sandbox = Sandbox(create_app, [f"{GALLERY}:{name}" for name in SERVED], timeout=20)
    pool = WorkerPool(workers=1, timeout=60)
    try:
        yield TestClient(create_app(limit_caches=False, pool=pool, sandbox=sandbox)), sandbox
    finally:
        sandbox.close()
        pool.close()
        from endnim.variants import unregister_variant

        for rules in sandbox.rules:
            unregister_variant(rules.name)


def _built_in_answers(client: TestClient) -> None:
    light = client.get("/api/analyze", params={"position": "3 1 4"})
    assert light.status_code == 200 and light.json()["grundy"] == 7
    heavy = client.get("/api/table", params={"middle": "2", "rows": 3, "cols": 3})
    assert heavy.status_code == 200, heavy.text


def test_the_page_lists_every_hostile_rule_set(served: tuple[TestClient, Any]) -> None:
    client, sandbox = served
    listed = client.get("/api/variants")
    assert listed.status_code == 200
    names = {v["name"] for v in listed.json()}
    assert {rules.name for rules in sandbox.rules} <= names


@pytest.mark.parametrize("name", SERVED)
def test_a_hostile_rule_set_costs_its_request_only(
    served: tuple[TestClient, Any], name: str
) -> None:
    client, sandbox = served
    rules = next(r for r in sandbox.rules if vars(type(r))["rules_spec"].endswith(f":{name}"))
    answer = client.get("/api/analyze", params={"variant": rules.name, "position": "3 1 4"})
    if HOSTILE[name] is None:
        assert answer.status_code == 200, answer.text
        assert answer.json()["grundy"] == 7
    elif answer.status_code != 200:
        assert answer.status_code == 422, answer.text
        assert rules.name in answer.json()["detail"]
    _built_in_answers(client)
    assert not MARKER.exists(), "a forged answer ran code in the server"


def test_a_sandbox_worker_inherits_no_descriptor_of_the_server(
    served: tuple[TestClient, Any],
) -> None:
    _, sandbox = served
    descriptors = sandbox.pool.call("os:listdir", "/proc/self/fd")
    # standard input, output and error (all /dev/null), its socket, and listdir's own
    assert len(descriptors) <= 5, descriptors
    confined = sandbox.pool.call("endnim.supervise.confine:vm_bytes") > 0
    assert confined


# ---------------------------------------------------------------------- issue 38: the routes
ROUTES_FILE = Path(__file__).parents[1] / "rules_gallery" / "hostile_routes.py"
FORGERS = ["ForgedHttp", "ForgedGame"]


def _serve(names: list[str]) -> Iterator[tuple[TestClient, Any]]:
    from endnim.web.app import create_app
    from endnim.web.pool import WorkerPool
    from endnim.web.sandbox import Sandbox

    specs = [f"{ROUTES_FILE}:{name}" for name in names]
    sandbox = Sandbox(create_app, specs, timeout=20)
    pool = WorkerPool(workers=1, timeout=60)
    try:
        yield TestClient(create_app(limit_caches=False, pool=pool, sandbox=sandbox)), sandbox
    finally:
        sandbox.close()
        pool.close()
        from endnim.variants import unregister_variant

        for rules in sandbox.rules:
            unregister_variant(rules.name)


@pytest.fixture(scope="module")
def routes() -> Iterator[tuple[TestClient, Any]]:
    yield from _serve([*ROUTES, "LeavesFiles", "ExtraAnswer"])


@pytest.fixture(scope="module")
def forgers() -> Iterator[tuple[TestClient, Any]]:
    """The forging rule sets, in a sandbox of their own (they patch their worker's code)."""
    yield from _serve(FORGERS)


def _named(sandbox: Any, name: str) -> str:
    return str(
        next(r for r in sandbox.rules if vars(type(r))["rules_spec"].endswith(f":{name}")).name
    )


@pytest.mark.parametrize("name", [*ROUTES, "LeavesFiles"])
def test_every_route_is_closed_under_serve(routes: tuple[TestClient, Any], name: str) -> None:
    """Each route of issue 38 tried by a served rule set: its answer is End-Nim's (an open
    route answers another game), the built-in games answer right beside it, and nothing is
    left in /dev/shm or /tmp once its worker is replaced."""
    client, sandbox = routes
    for path in LEFT_BEHIND:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
    answer = client.get(
        "/api/analyze", params={"variant": _named(sandbox, name), "position": "3 1 4"}
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["grundy"] == 7
    _built_in_answers(client)
    sandbox.pool.recycle()  # every worker ends: its scratch goes with it
    assert not [path for path in LEFT_BEHIND if os.path.exists(path)], "files left behind"


def test_the_server_builds_every_http_answer(forgers: tuple[TestClient, Any]) -> None:
    """Route 8: a worker that answers with a redirect, a cookie, a script and an open CORS
    header gets one 422 of the server's own; the built-in games answer right after it."""
    client, sandbox = forgers
    answer = client.get(
        "/api/analyze",
        params={"variant": _named(sandbox, "ForgedHttp"), "position": "3 1 4"},
        follow_redirects=False,
    )
    assert answer.status_code == 422, answer.text
    assert answer.headers["content-type"] == "application/json"
    assert (
        "set-cookie" not in answer.headers and "access-control-allow-origin" not in answer.headers
    )
    assert "<script>" not in answer.text
    _built_in_answers(client)


def test_a_forged_game_state_is_one_422(forgers: tuple[TestClient, Any]) -> None:
    """Route 11: a worker's forged game state is the rule set's fault (422), not the server's."""
    client, sandbox = forgers
    game = client.post(
        "/api/games", json={"variant": _named(sandbox, "ForgedGame"), "position": "3 1 4"}
    )
    assert game.status_code == 422, game.text
    _built_in_answers(client)


def test_an_extra_answer_never_reaches_another_request(routes: tuple[TestClient, Any]) -> None:
    """Route 9: a worker that writes one answer too many costs its own request at most; the
    next request, another rule set's, gets its own answer (a fresh worker), never the extra."""
    client, sandbox = routes
    client.get(
        "/api/analyze", params={"variant": _named(sandbox, "ExtraAnswer"), "position": "3 1 4"}
    )
    for name in ("SignalOwner", "Networker"):
        answer = client.get(
            "/api/analyze", params={"variant": _named(sandbox, name), "position": "3 1 4"}
        )
        assert answer.status_code == 200, answer.text
        assert answer.json()["grundy"] == 7
    _built_in_answers(client)
