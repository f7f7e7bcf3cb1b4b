"""The top-level package exposes the interfaces the README promises (``endnim.analyze`` & co.)."""

from __future__ import annotations

import json

import endnim
from endnim.search import Solver


def test_analyze_is_importable_from_the_package() -> None:
    a = endnim.analyze("3 1 3")
    assert isinstance(a, endnim.Analysis)
    assert (a.outcome, a.grundy, a.winning_moves) == ("P", 0, [])


def test_analyze_keywords_match_the_issue() -> None:
    a = endnim.analyze([5, 4, 2, 4], variant="muller", method="search")
    assert a.grundy == Solver(endnim.get_variant("muller")).value((5, 4, 2, 4)).grundy
    b = endnim.analyze(endnim.Position((3, 5, 4, 5, 1)), variant="partizan", method="theory")
    data = json.loads(json.dumps(b.to_dict()))
    assert data["outcome"] in {"L", "R", "N", "P"}
    assert {"L_star", "R_star", "L_threshold", "R_threshold"} <= data.keys()


def test_every_name_in_all_exists() -> None:
    for name in endnim.__all__:
        assert hasattr(endnim, name), name


def test_the_command_line_loads_no_analysis_before_it_needs_one() -> None:
    """A ``--rules`` command's own process only starts its worker (issue 39 item 7): importing
    ``endnim.cli`` and the supervisor must not import the analysis, the variants or numpy."""
    import subprocess
    import sys

    code = (
        "import sys, endnim.cli, endnim.commands.supervised; "
        "print(sorted(m for m in ('endnim.analyzer', 'endnim.variants', 'numpy') "
        "if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_dir_lists_the_public_names_before_they_are_loaded() -> None:
    assert set(endnim.__all__) <= set(dir(endnim))
