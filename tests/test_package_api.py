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
