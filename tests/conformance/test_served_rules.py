"""The matrix's ``serve`` column: ``endnim serve --rules A --rules B ...`` serves every rule set
of the gallery at once, ``/api/variants`` lists them all, ``/api/analyze`` answers each as its
brute force does (issue 39, items 2 and 3), and a name two of them share, or one shares with a
built-in rule set, is a one-line refusal at start-up.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import hang_guard
import pytest

from conformance.gallery import ENTRIES, Entry
from conformance.test_conformance_matrix import check_analysis
from endnim.variants import load_rules

SERVED = [entry for entry in ENTRIES if entry.model is not None]


def fetch(url: str) -> tuple[int, object]:
    try:
        with urllib.request.urlopen(url, timeout=hang_guard.HANG_GUARD) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    args = [arg for entry in SERVED for arg in ("--rules", entry.spec)]
    code = "import sys; from endnim.cli import main; main(sys.argv[1:])"
    process = subprocess.Popen(
        [sys.executable, "-u", "-c", code, "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+/)", first)
        if not match:
            _, err = hang_guard.communicate(process)
            pytest.fail(f"serve did not start: {first}{err}")
        yield match.group(1)
    finally:
        process.send_signal(signal.SIGINT)
        try:
            hang_guard.communicate(process)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()


def name_of(entry: Entry) -> str:
    return str(load_rules(entry.spec).name)


def test_every_rule_set_given_is_listed(server: str) -> None:
    status, listed = fetch(server + "api/variants")
    assert status == 200 and isinstance(listed, list)
    names = {item["name"] for item in listed}
    on_the_page = [entry for entry in SERVED if entry.kind != "impartial, search only"]
    assert {name_of(entry) for entry in on_the_page} <= names
    assert "endnim" in names and "partizan" in names  # the built-ins stay


@pytest.mark.parametrize("entry", SERVED, ids=lambda e: e.name)
def test_each_served_rule_set_answers_as_its_brute_force(server: str, entry: Entry) -> None:
    name = name_of(entry)
    if entry.kind == "impartial, search only":  # neither rows nor graphs: refused in one line
        query = urllib.parse.urlencode({"position": entry.one, "variant": name})
        status, answer = fetch(f"{server}api/analyze?{query}")
        assert status in (400, 422) and isinstance(answer, dict)
        assert len(str(answer["detail"]).splitlines()) == 1 and "neither" in answer["detail"]
        return
    for row in entry.positions[:12]:
        text = " ".join(map(str, row))
        query = urllib.parse.urlencode({"position": text, "variant": name})
        status, answer = fetch(f"{server}api/analyze?{query}")
        assert status == 200, answer
        assert isinstance(answer, dict)
        check_analysis(answer, row, entry)


def test_a_name_clash_is_refused_at_start_up_in_one_line(tmp_path: Path) -> None:
    first = tmp_path / "first.py"
    second = tmp_path / "second.py"
    body = """
from endnim import Variant


class {cls}(Variant):
    name = "{name}"
    title = "{title}"
    aliases = {aliases}

    def ends(self, piles, player=None):
        return ("L", "R")
"""
    first.write_text(body.format(cls="One", name="twin", title="one", aliases="()"))
    second.write_text(body.format(cls="Two", name="twin", title="two", aliases="()"))
    third = tmp_path / "third.py"
    third.write_text(body.format(cls="Three", name="three", title="t", aliases='("muller",)'))
    for specs, words in (
        ([f"{first}:One", f"{second}:Two"], "'twin'"),
        ([f"{first}:One", f"{third}:Three"], "'muller'"),
    ):
        args = [arg for spec in specs for arg in ("--rules", spec)]
        done = hang_guard.run(
            [sys.executable, "-m", "endnim.cli", "serve", "--port", "0", *args],
            capture_output=True,
            text=True,
            hang_guard=300,  # a refusal at start-up; a server that starts instead is the bug
        )
        assert done.returncode == 2, (done.stdout, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and words in lines[0], lines
        assert "internal error" not in lines[0]


@pytest.mark.parametrize(
    "entry", [e for e in SERVED if not e.model.impartial], ids=lambda e: e.name
)  # type: ignore[union-attr]
def test_a_partizan_relative_is_credited_to_its_own_source(server: str, entry: Entry) -> None:
    """Issue 39 item 5: the page's texts come from the rule set; no phase-diagram theorem
    (Albert–Nowakowski's triple point) is drawn on a relative's table."""
    rules = load_rules(entry.spec)
    status, listed = fetch(server + "api/variants")
    assert isinstance(listed, list)
    [item] = [item for item in listed if item["name"] == rules.name]
    assert item["source"] == rules.source and "Albert" not in item["source"]
    query = urllib.parse.urlencode({"variant": rules.name, "middle": "2 1", "rows": 6, "cols": 6})
    status, table = fetch(f"{server}api/table?{query}")
    assert status == 200 and isinstance(table, dict)
    assert table["triple_point"] is None
    model = entry.model
    assert model is not None
    for x in range(7):
        for y in range(7):
            row = tuple(p for p in (x, 2, 1, y) if p)
            assert table["values"][x][y] == model.outcome(row), (x, y)
