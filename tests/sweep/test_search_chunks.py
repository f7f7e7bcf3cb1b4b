"""Sweeps of rule sets the kernels do not serve run by exact search into the same tables:
checked chunk by chunk against the kernels on the papers' variants."""

from __future__ import annotations

import pytest

from endnim.engine.families import SEARCH, base_border, family_of
from endnim.sweep.chunk import ChunkTask, compute_chunk
from endnim.variants import BUILT_IN, get_row_variant


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
