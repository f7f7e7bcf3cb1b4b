"""Move objects that fight back, through the API (issue 41): a user's move whose ``__eq__``,
``__str__`` or ``__hash__`` raises, or whose ``__str__`` never returns, made ``/api/moves``,
``/api/computer-move`` and a game's move and hint answer 500. Each now answers 200 (the move's
text and equality are read in the sandbox worker, under the hook deadline, as plain data) or
422 naming the rule set, and the built-in games answer as before."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.rules_gallery.hostile_moves import HOSTILE_MOVES

GALLERY = Path(__file__).parents[1] / "rules_gallery" / "hostile_moves.py"


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[TestClient, Any]]:
    from endnim.web.app import create_app
    from endnim.web.pool import WorkerPool
    from endnim.web.sandbox import Sandbox

    old = os.environ.get("ENDNIM_HOOK_TIMEOUT")
    os.environ["ENDNIM_HOOK_TIMEOUT"] = "2"
    sandbox = Sandbox(create_app, [f"{GALLERY}:{name}" for name in HOSTILE_MOVES], timeout=20)
    pool = WorkerPool(workers=1, timeout=60)
    try:
        yield TestClient(create_app(limit_caches=False, pool=pool, sandbox=sandbox)), sandbox
    finally:
        sandbox.close()
        pool.close()
        from endnim.variants import unregister_variant

        for rules in sandbox.rules:
            unregister_variant(rules.name)
        if old is None:
            os.environ.pop("ENDNIM_HOOK_TIMEOUT", None)
        else:
            os.environ["ENDNIM_HOOK_TIMEOUT"] = old


def _answered(answer: Any, name: str, rules_name: str) -> None:
    expected = HOSTILE_MOVES[name]
    if expected is None:
        assert answer.status_code in (200, 201), answer.text
    else:
        assert answer.status_code == 422, answer.text
        detail = answer.json()["detail"]
        assert rules_name in detail and expected in detail, detail


def _rules_name(sandbox: Any, name: str) -> str:
    rules = next(r for r in sandbox.rules if vars(type(r))["rules_spec"].endswith(f":{name}"))
    return str(rules.name)


@pytest.mark.parametrize("name", list(HOSTILE_MOVES))
def test_moves_and_the_computer_s_move(served: tuple[TestClient, Any], name: str) -> None:
    client, sandbox = served
    variant = _rules_name(sandbox, name)
    moves = client.get("/api/moves", params={"variant": variant, "position": "3 1 4"})
    _answered(moves, name, variant)
    if moves.status_code == 200:
        texts = {m["move"] for m in moves.json()["moves"]}
        assert {"L0", "L2", "R0", "R3"} <= texts, texts
    chosen = client.get("/api/computer-move", params={"variant": variant, "position": "3 1 4"})
    _answered(chosen, name, variant)
    assert client.get("/api/analyze", params={"position": "3 1 4"}).json()["grundy"] == 7


@pytest.mark.parametrize("name", list(HOSTILE_MOVES))
def test_a_game_s_move_and_hint(served: tuple[TestClient, Any], name: str) -> None:
    client, sandbox = served
    variant = _rules_name(sandbox, name)
    started = client.post("/api/games", json={"variant": variant, "position": "3 1 4"})
    assert started.status_code in (201, 422), started.text
    if started.status_code == 422:
        _answered(started, name, variant)
        return
    game = started.json()["id"]
    hint = client.get(f"/api/games/{game}/hint")
    _answered(hint, name, variant)
    played = client.post(f"/api/games/{game}/moves", json={"move": "L2"})
    _answered(played, name, variant)
    if played.status_code == 200:
        assert played.json()["position"] in ("2 1 4", [2, 1, 4]), played.json()
