"""Move objects that fight back, on the command line (issue 41): ``check-rules`` (text and
``--json``) stopped with ``internal error: ValueError: evil move __eq__``, ``play`` with
``internal error: ValueError: evil move __str__``, and a move whose ``__str__`` never returns
hung ``play``. A move's text is now read inside the guard of the hook that gave it, under its
deadline, and moves are compared by that text: each command answers, or reports the fault in
one line naming the rule set."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hang_guard import run

from tests.rules_gallery.hostile_moves import HOSTILE_MOVES

GALLERY = Path(__file__).parents[1] / "rules_gallery" / "hostile_moves.py"
ENV = {"ENDNIM_HOOK_TIMEOUT": "2"}


def endnim(*args: str, typed: str | None = None) -> object:
    import os

    return run(
        [sys.executable, "-m", "endnim.cli", *args],
        input=typed,
        capture_output=True,
        text=True,
        env={**os.environ, **ENV},
    )


@pytest.mark.parametrize("name", list(HOSTILE_MOVES))
def test_check_rules_reports_the_move_in_text_and_json(name: str) -> None:
    spec = f"{GALLERY}:{name}"
    shown = endnim("check-rules", spec, "--max-piles", "2", "--max-pile", "3")
    as_json = endnim("check-rules", "--json", spec, "--max-piles", "2", "--max-pile", "3")
    for done in (shown, as_json):
        assert "internal error" not in done.stderr, done.stderr[-300:]  # type: ignore[attr-defined]
    report = json.loads(as_json.stdout)  # type: ignore[attr-defined]
    expected = HOSTILE_MOVES[name]
    if expected is None:
        assert report["ok"] and shown.returncode == 0, shown.stdout  # type: ignore[attr-defined]
    else:
        details = " ".join(f["detail"] for f in report["findings"])
        assert expected in details and "hostile_moves.py" in details, details
        assert as_json.returncode == 1 and shown.returncode == 1  # type: ignore[attr-defined]
        assert "format_move()" in shown.stdout and "problem(s) found" in shown.stdout  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", list(HOSTILE_MOVES))
def test_play_answers_or_names_the_fault_in_one_line(name: str) -> None:
    done = endnim("play", "--rules", f"{GALLERY}:{name}", "3", "1", "4", typed="L2\nhint\nq\n")
    out, err = done.stdout, done.stderr  # type: ignore[attr-defined]
    assert "internal error" not in err and "Traceback" not in err, err[-300:]
    expected = HOSTILE_MOVES[name]
    if expected is None:
        assert done.returncode == 0 and "bye" in out, (out[-500:], err[-300:])  # type: ignore[attr-defined]
        assert "2  1  4" in out or "2 1 4" in out, out[-800:]
    else:
        said = " ".join((out + err).split())
        assert expected in said, said[-500:]
        assert len(err.strip().splitlines()) <= 1, err
