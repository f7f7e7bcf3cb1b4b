"""Shared fixtures: exhaustive position ranges and cached reference solvers."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cache

from hypothesis import settings

from endnim.search import Solver
from endnim.variants import BUILT_IN, get_variant

settings.register_profile("endnim", deadline=None)
settings.load_profile("endnim")  # no Hypothesis deadline anywhere: a loaded machine is no failure

collect_ignore = ["rules_gallery/looping_import.py"]
"""A rule set whose file never finishes loading (the tests load it in a supervised worker):
importing it to look for doctests would never end."""

BUILT_IN_NAMES: tuple[str, ...] = tuple(cls.name for cls in BUILT_IN)
"""The papers' rule sets, from the registry (tests read them from here, not from a list)."""
IMPARTIAL_NAMES: tuple[str, ...] = tuple(cls.name for cls in BUILT_IN if cls.impartial)


def positions(max_length: int, max_pile: int, min_length: int = 1) -> Iterator[tuple[int, ...]]:
    """Every row with ``min_length <= length <= max_length`` and piles in 1..max_pile."""
    for length in range(min_length, max_length + 1):
        yield from itertools.product(range(1, max_pile + 1), repeat=length)


@cache
def solver(variant: str) -> Solver:
    """One reference solver per variant for the whole test session (shared cache)."""
    return Solver(get_variant(variant), budget=10**9, max_cache=10**9)
