"""A user's relative written the natural way — a subclass of a built-in that sets only
``name`` and its rules — answers under its own name on every surface: it was refused ("the
name 'end-nim' is taken by the built-in End-Nim") because it inherited End-Nim's aliases, and
it would have been titled "End-Nim" by inheritance."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from endnim.variants import EndNim, PartizanEndNim, register_variant, unregister_variant

RULES = """
from endnim.variants import EndNim, PartizanEndNim


class Half(EndNim):
    name = "own-names-half"

    def allows_take(self, pile, take):
        return 2 * take <= pile or take == pile


class LeftOnly(PartizanEndNim):
    name = "own-names-left-only"
    title = "partizan End-Nim, Left plays either end"

    def ends(self, piles, player=None):
        return ("L", "R") if player == "L" else ("R",)
"""


def _endnim(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "endnim.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,  # a hang guard, not a speed test
        check=False,
    )


@pytest.mark.parametrize(
    ("cls", "title"),
    [("Half", "own-names-half"), ("LeftOnly", "partizan End-Nim, Left plays either end")],
)
def test_a_relative_that_sets_only_its_name_is_served_under_it(
    tmp_path: Path, cls: str, title: str
) -> None:
    rules = tmp_path / "own_names.py"
    rules.write_text(RULES)
    done = _endnim("analyze", "--json", "--rules", f"{rules}:{cls}", "3 1 2")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["variant"] == f"own-names-{'half' if cls == 'Half' else 'left-only'}"
    info = _endnim("rules-info", f"{rules}:{cls}")
    assert info.returncode == 0, info.stderr
    assert title in info.stdout and "End-Nim (endnim)" not in info.stdout


def test_names_and_titles_are_each_classs_own() -> None:
    class Half(EndNim):
        name = "own-names-in-process"

    class Titled(PartizanEndNim):
        name = "own-names-titled"
        title = "a titled relative"
        aliases = ("own-names-alias",)

    class Renamed(Titled):  # names itself anew: neither the alias nor the title carry over
        name = "own-names-renamed"

    class Kept(Titled):  # does not rename itself: it is the same game's class, facts and all
        pass

    assert (Half.aliases, Half.title) == ((), "own-names-in-process")
    assert (Titled.aliases, Titled.title) == (("own-names-alias",), "a titled relative")
    assert (Renamed.aliases, Renamed.title) == ((), "own-names-renamed")
    assert (Kept.aliases, Kept.title) == (("own-names-alias",), "a titled relative")
    assert EndNim.aliases == ("end-nim", "impartial", "normal") and EndNim.title == "End-Nim"
    try:
        assert register_variant(Half).title == "own-names-in-process"
        assert register_variant(Renamed).name == "own-names-renamed"
    finally:
        unregister_variant("own-names-in-process")
        unregister_variant("own-names-renamed")
