"""A rule set written in a temporary file, driven through every command that takes --rules.

Nothing in endnim is edited: the file is the whole rule set (docs/your-own-variant.md).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import hang_guard
import pytest

RULES = '''
from endnim import Variant


class EvenTake(Variant):
    """End-Nim where a move takes an even number of coins, or empties the pile."""

    name = "even-take"
    title = "even-take End-Nim"
    summary = "take an even number of coins from an end pile, or all of it"

    def ends(self, piles, player=None):
        return ("L", "R")

    def allows_take(self, pile, size):
        return size == 0 or (pile - size) % 2 == 0
'''


def brute(row: tuple[int, ...], memo: dict[tuple[int, ...], int] = {}) -> int:  # noqa: B006
    """Grundy value of even-take End-Nim, from its rules as stated above."""
    if row not in memo:
        children = set()
        for index in {0, len(row) - 1} if row else set():
            pile = row[index]
            for size in range(pile):
                if size == 0 or (pile - size) % 2 == 0:
                    new = list(row)
                    new[index] = size
                    children.add(tuple(p for p in new if p))
        values = {brute(c) for c in children}
        memo[row] = next(g for g in range(len(values) + 1) if g not in values)
    return memo[row]


@pytest.fixture(scope="module")
def spec(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("rules")
    path = folder / "even_take.py"
    path.write_text(RULES)
    return f"{path}:EvenTake"


def endnim(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return hang_guard.run(
        [sys.executable, "-m", "endnim.cli", *args],
        capture_output=True,
        text=True,
        input=stdin,
    )


def test_analyze_json_and_batch(spec: str) -> None:
    done = endnim("analyze", "--rules", spec, "--json", "3 1 4")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["variant"] == "even-take" and data["grundy"] == brute((3, 1, 4))
    assert data["method"] == "search" and "no closed-form theory" in data["notes"][0]
    done = endnim("analyze", "--rules", spec, "--json", "--batch", "-", stdin="2 2\n5 1 2\n")
    assert done.returncode == 0, done.stderr
    values = [json.loads(line)["grundy"] for line in done.stdout.splitlines()]
    assert values == [brute((2, 2)), brute((5, 1, 2))]
    theory = endnim("analyze", "--rules", spec, "--method", "theory", "3 1 4")
    assert theory.returncode == 2 and "no closed-form theory" in theory.stderr
    assert len(theory.stderr.strip().splitlines()) == 1
    engine = endnim("analyze", "--rules", spec, "--method", "engine", "--json", "3 1 4")
    assert engine.returncode == 0, engine.stderr  # allows_take only: the engine lists the takes
    assert json.loads(engine.stdout)["grundy"] == brute((3, 1, 4))


def test_table_and_periodicity(spec: str) -> None:
    done = endnim(
        "table",
        "--rules",
        spec,
        "--middle",
        "2",
        "--rows",
        "1..4",
        "--cols",
        "1..5",
        "--format",
        "csv",
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()[1:]
    for a, line in enumerate(lines, start=1):
        cells = [int(c) for c in line.split(",")[1:]]
        assert cells == [brute((a, 2, b)) for b in range(1, 6)]
    done = endnim("periodicity", "--rules", spec, "--middle", "1", "--a", "1..2")
    assert done.returncode == 0, done.stderr


def test_sweep_query_and_conjecture(spec: str, tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    done = endnim("sweep", "--rules", spec, "-L", "3", "-H", "3", "-o", str(out), "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    rows = (
        [(a,) for a in range(1, 4)]
        + [(a, b) for a in range(1, 4) for b in range(1, 4)]
        + [(a, b, c) for a in range(1, 4) for b in range(1, 4) for c in range(1, 4)]
    )
    assert summary["positions"] == len(rows)
    assert summary["p_positions"] == sum(brute(r) == 0 for r in rows)
    done = endnim("sweep-query", "--rules", spec, str(out), "p", "--json")
    assert done.returncode == 0, done.stderr
    done = endnim("conjecture", "--rules", spec, "--holds", "g <= beans", "-L", "3", "-H", "3")
    assert done.returncode == 0, done.stderr
    assert "engine" in done.stdout  # a rule set that only restricts its takes: the kernels


def test_play(spec: str) -> None:
    done = endnim("play", "--rules", spec, "--seed", "1", "2 2", stdin="moves\nL0\n")
    assert done.returncode == 0, done.stderr
    assert "computer plays" in done.stdout


def test_serve_offers_the_rule_set(spec: str) -> None:
    from fastapi.testclient import TestClient

    from endnim.variants import load_rules, unregister_variant
    from endnim.web.app import create_app

    load_rules(spec)
    try:
        client = TestClient(create_app(limit_caches=False))
        names = {v["name"]: v for v in client.get("/api/variants").json()}
        assert names["even-take"]["summary"].startswith("take an even number")
        assert names["even-take"]["theory"] is False and names["even-take"]["engine"] == "end"
        answer = client.get("/api/analyze", params={"variant": "even-take", "position": "3 1 4"})
        assert answer.status_code == 200 and answer.json()["grundy"] == brute((3, 1, 4))
        moves = client.get("/api/moves", params={"variant": "even-take", "position": "3 1 4"})
        assert moves.status_code == 200
        assert {m["move"] for m in moves.json()["moves"] if m["wins"]} == {
            m for m in answer.json()["winning_moves"]
        }
    finally:
        unregister_variant("even-take")


def test_serve_command_takes_rules(spec: str) -> None:
    done = endnim("serve", "--rules", spec, "--help")
    assert done.returncode == 0 and "--rules" in done.stdout
