"""The gallery of broken rule sets (tests/rules_gallery/broken.py) through the command line,
check-rules and the web server: one-line errors naming the rule set (exit 2), findings (exit 1),
and a server that survives every one of them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.rules_gallery.broken import FAULTS

GALLERY = Path(__file__).parents[1] / "rules_gallery" / "broken.py"
ENV = {**os.environ, "ENDNIM_HOOK_TIMEOUT": "1", "ENDNIM_BUDGET": "20000"}
COMMANDS = {
    "analyze": ["analyze", "3 1 4"],
    "table": ["table", "--middle", "1", "--rows", "1..3", "--cols", "1..3"],
    "conjecture": ["conjecture", "--holds", "g <= 9", "-L", "2", "-H", "2"],
}
RUNTIME_FAULTS = [
    name
    for name in FAULTS
    if name not in ("Nondeterministic", "NoRoundTrip", "TerminalWithOptions", "NotARow")
    and name != "ExitingEnds"  # on the command line the process is the user's own
]
"""Faults every command must report (the others only check-rules can see)."""


def endnim(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "endnim.cli", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=ENV,
    )


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("name", RUNTIME_FAULTS)
def test_a_broken_hook_is_a_one_line_error_naming_the_rule_set(name: str, command: str) -> None:
    done = endnim(*COMMANDS[command], "--rules", f"{GALLERY}:{name}")
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1 and "internal error" not in lines[0]
    assert f"(broken.py:{name})" in lines[0] and FAULTS[name] in lines[0]


@pytest.mark.parametrize("name", [*FAULTS])
def test_check_rules_reports_each_fault(name: str) -> None:
    extra = ["--start", "3"] if name == "NotARow" else []
    done = endnim(
        "check-rules", "--json", "--max-piles", "2", "--max-pile", "3", *extra, f"{GALLERY}:{name}"
    )
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout)
    assert not report["ok"] and report["findings"]
    text = json.dumps(report["findings"])
    want = {
        "ExitingEnds": "exit 7",
        "Nondeterministic": "non-deterministic",
        "GrowingPosition": "grows",
    }.get(name, FAULTS[name])
    assert want in text


def test_check_rules_passes_a_good_rule_set_and_refuses_a_missing_file() -> None:
    done = endnim("check-rules", "examples/variants/capped.py:CappedEndNim")
    assert done.returncode == 0 and "no problem found" in done.stdout
    done = endnim("check-rules", "no/such/file.py:Rules")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


def test_check_rules_lists_only_the_hooks_the_rule_set_defines() -> None:
    done = endnim("check-rules", "--json", "examples/variants/capped.py:CappedEndNim")
    assert done.returncode == 0, done.stderr
    # watch_search is the guard's own hook, not the user's (defect 3 of issue 33)
    assert json.loads(done.stdout)["hooks"] == ["ends", "allows_take"]


SERVED = ["Fine", *[n for n in FAULTS if n not in ("NameClash", "AliasClash", "NotARow")]]


def test_the_server_survives_every_broken_rule_set() -> None:
    from fastapi.testclient import TestClient

    from endnim.variants import load_rules, unregister_variant
    from endnim.web.app import create_app
    from endnim.web.sandbox import Sandbox

    specs = [f"{GALLERY}:{name}" for name in SERVED]
    loaded = [load_rules(spec) for spec in specs]
    sandbox = Sandbox(create_app, specs, timeout=3)
    try:
        client = TestClient(create_app(limit_caches=False, sandbox=sandbox))
        assert client.get("/api/variants").status_code == 200
        for rules in loaded:
            answer = client.get("/api/analyze", params={"variant": rules.name, "position": "3 1"})
            if rules.name in (
                "gallery-fine",
                "nondeterministic",
                "no-round-trip",
                "terminal-with-options",
            ):
                assert answer.status_code == 200, answer.text
            else:
                assert answer.status_code == 422, (rules.name, answer.text)
                assert rules.name in answer.json()["detail"]
            built_in = client.get("/api/analyze", params={"position": "3 1 4"})
            assert built_in.status_code == 200
        game = client.post("/api/games", json={"variant": "gallery-fine", "position": "3 1"})
        assert game.status_code == 201, game.text  # played with its hooks in the sandbox
        moved = client.post(f"/api/games/{game.json()['id']}/moves", json={"move": "L0"})
        assert moved.status_code == 200 and moved.json()["position"] == "1"
    finally:
        sandbox.close()
        for rules in loaded:
            unregister_variant(rules.name)
