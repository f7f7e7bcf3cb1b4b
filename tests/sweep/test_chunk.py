"""The chunk kernel (``_kernels.sweep_chunk``) against the engine's ``batch``, and the border
gathering against the engine's whole-layer solver."""

from __future__ import annotations

import numpy as np
import pytest

from endnim.engine import _kernels
from endnim.engine.families import base_border, family_of
from endnim.sweep.chunk import ChunkTask, compute_chunk, reverse_digits
from endnim.variants import get_variant


@pytest.mark.parametrize("variant", ["endnim", "loop", "muller", "partizan"])
@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.int32])
def test_sweep_chunk_keeps_table_zero_of_batch_and_counts_it(variant: str, dtype: type) -> None:
    family = family_of(get_variant(variant))
    rng = np.random.default_rng(7)
    n, h, ntab = 50, 9, family.tables
    high = 4 if variant == "partizan" else 12
    rows = rng.integers(0, high, (n, ntab, h + 1)).astype(np.int32)
    cols = rng.integers(0, high, (n, ntab, h + 1)).astype(np.int32)
    cols[:, :, 0] = rows[:, :, 0]  # the shared corner
    fulls = np.empty((n, ntab, h + 1, h + 1), np.int32)
    _kernels.batch(family.code, n, h, h, rows, cols, fulls, 1)
    for threads in (1, 2):
        out = np.empty((n, h + 1, h + 1), dtype)
        counts = np.zeros(64, np.int64)
        top = _kernels.sweep_chunk(family.code, n, h, rows, cols, out, counts, threads)
        assert np.array_equal(out, fulls[:, 0])
        assert top == fulls[:, 0].max()
        expected = np.bincount(fulls[:, 0, 1:, 1:].ravel(), minlength=64)
        assert counts.tolist() == expected.tolist()


def test_sweep_chunk_refuses_values_that_do_not_fit() -> None:
    family = family_of(get_variant("endnim"))
    h = 300  # two piles <= 300: Nim values up to 511, past 255
    base = np.arange(h + 1, dtype=np.int32)
    border = base.reshape(1, 1, h + 1).copy()
    with pytest.raises(OverflowError):
        _kernels.sweep_chunk(
            family.code, 1, h, border, border, np.empty((1, h + 1, h + 1), np.uint8),
            np.zeros(512, np.int64), 1,
        )  # fmt: skip
    with pytest.raises(OverflowError):  # the histogram is too short
        _kernels.sweep_chunk(
            family.code, 1, h, border, border, np.empty((1, h + 1, h + 1), np.uint16),
            np.zeros(8, np.int64), 1,
        )  # fmt: skip
    with pytest.raises(ValueError, match="uint8, uint16 or int32"):
        _kernels.sweep_chunk(
            family.code, 1, h, border, border, np.empty((1, h + 1, h + 1), np.float32),
            np.zeros(512, np.int64), 1,
        )  # fmt: skip


def test_reverse_digits() -> None:
    index = np.arange(5**3, dtype=np.int64)
    digits = np.stack([index // 25, index // 5 % 5, index % 5], axis=1)
    reversed_ = reverse_digits(index, 3, 5)
    assert np.array_equal(reversed_, digits[:, 2] * 25 + digits[:, 1] * 5 + digits[:, 0])
    assert np.array_equal(reverse_digits(reversed_, 3, 5), index)


def test_a_level_0_chunk_holds_the_lone_piles_and_the_two_pile_positions() -> None:
    rules = get_variant("misere")
    family = family_of(rules)
    base = tuple(base_border(rules, family, 6))
    result = compute_chunk(ChunkTask(family.code, 1, 6, 0, 0, 0, "uint8", base), None)
    assert result.data.shape == (1, 7, 7)
    assert result.data[0, 0].tolist() == list(base)
    assert result.counts[1] == np.bincount(np.array(base[1:])).tolist()
    assert sum(result.counts[2]) == 36
