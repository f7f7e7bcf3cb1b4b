"""Sweeps of rule sets the kernels do not serve run by exact search into the same tables:
checked chunk by chunk against the kernels on the papers' variants (and on rule sets that
restrict their takes, which the kernels serve)."""

from __future__ import annotations

from pathlib import Path

import pytest

from endnim.engine.families import SEARCH, base_border, family_of
from endnim.sweep.chunk import ChunkTask, compute_chunk
from endnim.sweep.runner import chunk_takes
from endnim.theory import Theory
from endnim.variants import (
    BUILT_IN,
    MullerEndNim,
    get_row_variant,
    load_rules,
    register_variant,
    unregister_variant,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "variants"


@pytest.mark.parametrize("name", [cls.name for cls in BUILT_IN])
def test_search_chunks_equal_kernel_chunks(name: str) -> None:
    rules = get_row_variant(name)
    family, side = family_of(rules), 4
    base = tuple(int(v) for v in base_border(rules, family, side))
    previous = None
    for level in range(3):
        kernel = compute_chunk(
            ChunkTask(family.code, family.tables, side, level, 0, 0, "int32", base), previous
        )
        search = compute_chunk(ChunkTask(SEARCH, 1, side, level, 0, 0, "int32", (0,), name), None)
        assert (kernel.data == search.data).all(), level
        assert kernel.counts == search.counts, level
        previous = kernel.data


class _MullerTakeTwo(MullerEndNim):
    """Muller End-Nim where a move takes 1 or 2 coins (restricted takes, reversal)."""

    name = "muller-take-two"
    title = "Muller End-Nim taking 1 or 2"
    aliases = ()

    def allows_take(self, pile: int, size: int) -> bool:
        return pile - size <= 2

    def theory(self) -> Theory | None:
        return None


@pytest.mark.parametrize("spec", ["capped.py:CappedEndNim", "subtraction.py:SubtractionEndNim", ""])
def test_restricted_takes_chunks_equal_search_chunks(spec: str) -> None:
    """The kernels with restricted takes (the lists a chunk carries) fill the search's tables."""
    rules = load_rules(f"{EXAMPLES / spec}") if spec else register_variant(_MullerTakeTwo)
    try:
        family, side = family_of(rules), 5  # type: ignore[arg-type]
        base = tuple(int(v) for v in base_border(rules, family, side))  # type: ignore[arg-type]
        takes = chunk_takes(rules, family, side)  # type: ignore[arg-type]
        assert takes[0], "piles of 5 may not take every reduction"
        previous = None
        for level in range(3):
            task = ChunkTask(
                family.code, family.tables, side, level, 0, 0, "int32", base, rules.name, takes
            )
            kernel = compute_chunk(task, previous)
            search = compute_chunk(
                ChunkTask(SEARCH, 1, side, level, 0, 0, "int32", (0,), rules.name), None
            )
            assert (kernel.data == search.data).all(), level
            assert kernel.counts == search.counts, level
            previous = kernel.data
    finally:
        unregister_variant(rules.name)
