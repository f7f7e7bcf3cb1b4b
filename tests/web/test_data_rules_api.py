"""Rule sets typed on the page as TOML: ``POST /api/rules`` reads them in the server (no code,
no sandbox), names them by their rules, and every other request then answers under them, in
the server as in the pool's workers (forked before the rules were typed)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import endnim
from endnim.variants import load_rules, unregister_variant
from endnim.web.app import create_app
from endnim.web.pool import WorkerPool

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"
CAPPED = (EXAMPLES / "capped.toml").read_text()


@pytest.fixture(scope="module", autouse=True)
def _forget_typed_rules(client: TestClient) -> Iterator[None]:
    """The rule sets typed here leave the registry with this module."""
    yield
    client.app.state.page_rules.clear()  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def capped() -> Iterator[str]:
    """The Python capped End-Nim, the reference of the typed TOML twin."""
    name = load_rules(f"{EXAMPLES / 'capped.py'}:CappedEndNim").name
    yield name
    unregister_variant(name)


def inner(values: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    """The page's table without its row and column of empty end piles (x = 0, y = 0)."""
    return tuple(tuple(row[1:]) for row in values[1:])


def test_typed_rules_are_checked_named_and_answered_like_the_python_file(
    client: TestClient, capped: str
) -> None:
    answer = client.post("/api/rules", json={"text": CAPPED})
    assert answer.status_code == 200, answer.text
    info = answer.json()
    assert info["name"].startswith("capped-toml-") and len(info["name"]) <= 40
    assert info["title"] == "capped End-Nim (TOML)" and info["engine"] == "end"
    again = client.post("/api/rules", json={"text": CAPPED + "\n# the same rules\n"})
    assert again.json()["name"] == info["name"]  # named by the rules, not by the text
    # typed rule sets belong to the page that typed them: not in everyone's list
    assert info["name"] not in {v["name"] for v in client.get("/api/variants").json()}
    for position in ("3 1 4", "5 2 7", "2 2", "9"):
        mine = client.get("/api/analyze", params={"variant": info["name"], "position": position})
        assert mine.status_code == 200, mine.text
        expected = endnim.analyze(position, capped)
        assert mine.json()["grundy"] == expected.grundy
        assert mine.json()["winning_moves"] == [str(m) for m in expected.winning_moves]
    table = client.get(
        "/api/table", params={"variant": info["name"], "middle": "3", "rows": 6, "cols": 20}
    )
    assert table.status_code == 200, table.text
    reference = endnim.analysis.tables.value_table(capped, "3", "1..6", "1..20")
    assert inner(table.json()["values"]) == reference.values


def test_a_game_is_played_under_typed_rules(client: TestClient) -> None:
    name = client.post("/api/rules", json={"text": CAPPED}).json()["name"]
    game = client.post("/api/games", json={"variant": name, "position": "5 5"})
    assert game.status_code == 201, game.text
    refused = client.post(f"/api/games/{game.json()['id']}/moves", json={"move": "L0"})
    assert refused.status_code == 400 and "may not become 0" in refused.json()["detail"]
    played = client.post(f"/api/games/{game.json()['id']}/moves", json={"move": "L2"})
    assert played.status_code == 200, played.text


@pytest.mark.parametrize(
    ("text", "detail"),
    [
        ('name = "x"\n[takes]\nset = []', "rules: takes.set: the take set is empty"),
        ('name = "x"\nwho = "me"', "rules: who: unknown key"),
        ("name = ", "rules: not TOML"),
        ('name = "x"\nends = "partizan"\nreverse = true', "rules: reverse: contradicts"),
    ],
)
def test_an_error_is_one_line_naming_the_key(client: TestClient, text: str, detail: str) -> None:
    answer = client.post("/api/rules", json={"text": text})
    assert answer.status_code == 400
    assert answer.json()["detail"].startswith(detail)
    assert "\n" not in answer.json()["detail"]


def test_a_text_too_long_is_refused(client: TestClient) -> None:
    answer = client.post("/api/rules", json={"text": 'name = "x"\n' + "#" * 5000})
    assert answer.status_code == 422 and "text" in answer.json()["detail"]


def test_the_pools_workers_learn_rules_typed_after_they_started() -> None:
    partizan = (EXAMPLES / "right_capped.toml").read_text()
    with WorkerPool(workers=1, timeout=120) as pool, TestClient(create_app(pool=pool)) as client:
        name = client.post("/api/rules", json={"text": CAPPED}).json()["name"]
        table = client.get(
            "/api/table", params={"variant": name, "middle": "2", "rows": 16, "cols": 200}
        )
        assert table.status_code == 200, table.text
        rules = endnim.get_variant(name)
        reference = endnim.analysis.tables.value_table(rules, "2", "1..16", "1..200")
        assert inner(table.json()["values"]) == reference.values
        mine = client.get("/api/analyze", params={"variant": name, "position": "40 3 60 2 50"})
        assert mine.status_code == 200, mine.text
        named = client.post("/api/rules", json={"text": partizan}).json()["name"]
        moves = client.get(
            "/api/moves", params={"variant": named, "position": "4 1 5", "player": "R"}
        )
        assert moves.status_code == 200, moves.text
        assert sorted(m["move"] for m in moves.json()["moves"]) == ["R3", "R4"]
        client.app.state.page_rules.clear()  # type: ignore[attr-defined]


def test_a_worker_keeps_only_the_latest_rule_sets_it_was_sent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from endnim.web import data_rules

    monkeypatch.setattr(data_rules, "PAGE_RULES", 2)
    names = [f"t-sent-{k}" for k in range(4)]
    try:
        for name in names:
            text = f'name = "{name}"\n[takes]\nmax = 2'
            assert data_rules.run_with_rules([(name, text)], len, ("abc",)) == 3
        assert {n for n in names if n in endnim.variants.variant_names()} == set(names[2:])
    finally:
        for name in names:
            unregister_variant(name)
