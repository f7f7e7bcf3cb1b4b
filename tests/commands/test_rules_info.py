"""``endnim rules-info``: which compiled path serves a rule set, and which hook kept it out."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import hang_guard
import pytest

import endnim
from endnim.engine.served import compiled_path
from endnim.variants import get_variant, unregister_variant

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return hang_guard.run(
        [sys.executable, "-m", "endnim.cli", "rules-info", *args],
        capture_output=True,
        text=True,
    )


@pytest.mark.parametrize(
    ("spec", "path", "family", "hook"),
    [
        ("endnim", "engine", "end", None),
        ("muller", "engine", "muller", None),
        ("partizan", "engine", "partizan", None),
        (f"{EXAMPLES / 'capped.py'}:CappedEndNim", "restricted takes", "end", None),
        (f"{EXAMPLES / 'subtraction.py'}:SubtractionEndNim", "restricted takes", "end", None),
        (f"{EXAMPLES / 'end_wythoff.py'}:EndWythoff", "none", None, "options"),
        ("tree", "none", None, None),
    ],
)
def test_rules_info_names_the_path_and_the_hook(
    spec: str, path: str, family: str | None, hook: str | None
) -> None:
    done = run("--json", spec)
    assert done.returncode == 0, done.stderr
    compiled = json.loads(done.stdout)["compiled"]
    assert (compiled["path"], compiled["family"], compiled["hook"]) == (path, family, hook)
    text = run(spec)
    assert text.returncode == 0 and "compiled path: " in text.stdout
    if hook:
        assert f"kept out by: {hook}()" in text.stdout
    impartial_without_engine = path == "none" and spec.endswith("EndWythoff")
    assert json.loads(done.stdout)["indexed_search"] is impartial_without_engine


def test_rules_info_refuses_an_unknown_name_in_one_line() -> None:
    done = run("no-such-rules")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


def test_each_hook_that_keeps_a_rule_set_out_is_named() -> None:
    class TwoAtOnce(endnim.Variant):
        name, title = "two-at-once", "two at once"

        def ends(self, piles, player=None):  # type: ignore[no-untyped-def]
            return ("L", "R")

        def raw_options(self, piles, player=None):  # type: ignore[no-untyped-def]
            return []

    class RightOnly(endnim.Variant):
        name, title = "right-only-info", "right only"

        def ends(self, piles, player=None):  # type: ignore[no-untyped-def]
            return ("R",)

    class LongTerminal(endnim.Variant):
        name, title = "long-terminal", "long terminal"

        def ends(self, piles, player=None):  # type: ignore[no-untyped-def]
            return ("L", "R")

        def is_terminal(self, piles):  # type: ignore[no-untyped-def]
            return len(piles) < 3

    assert compiled_path(TwoAtOnce()).hook == "raw_options"
    assert compiled_path(RightOnly()).hook == "ends"
    assert compiled_path(LongTerminal()).hook == "is_terminal"


def test_analyze_notes_say_what_the_engine_does_for_a_rule_set_without_theory() -> None:
    capped = endnim.load_rules(f"{EXAMPLES / 'capped.py'}:CappedEndNim")
    wythoff = endnim.load_rules(f"{EXAMPLES / 'end_wythoff.py'}:EndWythoff")
    try:
        notes = endnim.analyze("3 1 4", "capped").notes
        assert (
            notes[1]
            == "compiled engine: end family, restricted takes (--method engine for large rows)"
        )
        notes = endnim.analyze("3 1 4", "end-wythoff").notes
        assert notes[1].startswith("compiled engine: none (options() keeps it out)")
        assert not any("compiled engine" in n for n in endnim.analyze("3 1 4", "endnim").notes)
    finally:
        unregister_variant(capped.name)
        unregister_variant(wythoff.name)
    assert compiled_path(get_variant("loop")).path == "engine"
