"""Read a stored sweep without recomputing: the value of a position, a whole layer, or the
layer block by block.

A position a1·s·aL of length k + 2 is cell (a1, aL) of the table of its inner string s, in
level k; the chunk is the index of s divided by the chunk's size. The chunk files are
memory-mapped, so a lookup reads one page.

>>> import tempfile
>>> from endnim.sweep.runner import run_sweep
>>> with tempfile.TemporaryDirectory() as folder:
...     _ = run_sweep(folder, "endnim", 4, 5, workers=1)
...     with open_sweep(folder) as sweep:
...         sweep.value((3, 1, 4)), sweep.max_length, int(sweep.layer(2)[2, 2])
(7, 4, 0)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt

from endnim.closing import ClosesOnExit
from endnim.engine.families import CODE_TO_OUTCOME
from endnim.position import as_position
from endnim.sweep.chunk import Values
from endnim.sweep.plan import SweepError
from endnim.sweep.runner import SweepReport, make_report
from endnim.sweep.store import CATALOGUE, ChunkRecord, Store
from endnim.variants import Variant, get_row_variant


@dataclass(frozen=True)
class LayerBlock:
    """Values of a set of positions of one length that share some piles.

    The position at ``values[index]`` is ``free[:offset] + fixed + free[offset:]`` with
    ``free = index + 1`` (piles are 1-based, indices 0-based).
    """

    length: int
    fixed: tuple[int, ...]
    offset: int
    values: Values

    def piles_at(self, index: tuple[int, ...]) -> tuple[int, ...]:
        """The position stored at ``values[index]``.

        >>> block = LayerBlock(4, (7,), 1, np.zeros((3, 3, 3), np.uint8))
        >>> block.piles_at((0, 2, 1))
        (1, 7, 3, 2)
        """
        free = tuple(int(i) + 1 for i in index)
        return free[: self.offset] + self.fixed + free[self.offset :]

    def first_piles(self) -> npt.NDArray[np.int64]:
        """The first pile of each position, broadcastable against ``values``."""
        if self.offset == 0 and self.fixed:
            return np.asarray(self.fixed[0], dtype=np.int64)
        return _axis_piles(self.values.ndim, 0, self.values.shape[0])

    def last_piles(self) -> npt.NDArray[np.int64]:
        """The last pile of each position, broadcastable against ``values``."""
        ndim = self.values.ndim
        if ndim == 0:
            return np.asarray(self.fixed[-1], dtype=np.int64)
        return _axis_piles(ndim, ndim - 1, self.values.shape[-1])

    def positions(self) -> Iterator[tuple[tuple[int, ...], int]]:
        """Every (position, stored value) of the block, in lexicographic order."""
        for index in np.ndindex(*self.values.shape):
            yield self.piles_at(index), int(self.values[index])


def _axis_piles(ndim: int, axis: int, size: int) -> npt.NDArray[np.int64]:
    shape = [1] * ndim
    shape[axis] = size
    return np.arange(1, size + 1, dtype=np.int64).reshape(shape)


class Sweep(ClosesOnExit):
    """A stored sweep, open for reading. Use :func:`open_sweep`."""

    KEEP = 64
    """Chunks kept mapped for lookups (oldest dropped first)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        meta = store.meta
        self.path = store.root
        self.variant: Variant = get_row_variant(meta["variant"], "a stored sweep")
        self.max_pile = int(meta["max_pile"])
        self.dtype = meta["dtype"]
        self._records = {(r.level, r.chunk): r for r in store.chunk_records()}
        self._prefixes = store.level_prefixes()
        complete = store.complete_levels()
        top = -1
        while top + 1 in complete:
            top += 1
        self.max_length = top + 2 if top >= 0 else 0
        """The longest positions stored (every length from 1 up to it is complete)."""
        self._arrays: dict[tuple[int, int], Values] = {}

    # --------------------------------------------------------------------- basics
    def close(self) -> None:
        """Release the catalogue and the mapped files."""
        self._arrays.clear()
        self.store.close()

    def __repr__(self) -> str:
        return (
            f"Sweep({str(self.path)!r}, variant={self.variant.name!r}, "
            f"max_length={self.max_length}, max_pile={self.max_pile})"
        )

    @property
    def impartial(self) -> bool:
        """Whether values are Grundy values (else partizan outcome codes 0=P 1=L 2=R 3=N)."""
        return self.variant.impartial

    def summary(self, max_length: int | None = None) -> SweepReport:
        """Totals per length (from the catalogue's histograms: no chunk is read)."""
        top = self.max_length if max_length is None else min(max_length, self.max_length)
        return make_report(self.store, str(self.path), self.variant.name, top, self.max_pile)

    def _chunk(self, level: int, chunk: int, *, keep: bool = True) -> Values:
        """A chunk, memory-mapped; lookups keep the last ``KEEP`` chunks mapped, scans
        (``keep=False``) map each chunk only while they read it."""
        key = (level, chunk)
        array = self._arrays.get(key)
        if array is None:
            record: ChunkRecord | None = self._records.get(key)
            if record is None:
                raise SweepError(f"the sweep in {self.path} lacks chunk {chunk} of level {level}")
            array = self.store.load_chunk(record, mmap=True)
            if keep:
                if len(self._arrays) >= self.KEEP:
                    del self._arrays[next(iter(self._arrays))]
                self._arrays[key] = array
        return array

    def _check_length(self, length: int) -> None:
        if not 1 <= length <= self.max_length:
            raise SweepError(
                f"the sweep in {self.path} holds positions of length 1..{self.max_length}, "
                f"not {length}"
            )

    # --------------------------------------------------------------------- lookups
    def code(self, position: object) -> int:
        """The stored number of a position: its Grundy value (partizan: outcome code)."""
        piles = tuple(as_position(position))
        self._check_length(len(piles))
        if max(piles) > self.max_pile:
            raise SweepError(
                f"the sweep in {self.path} holds piles up to {self.max_pile}; "
                f"{' '.join(map(str, piles))} has a pile of {max(piles)}"
            )
        h = self.max_pile
        if len(piles) == 1:
            return int(self._chunk(0, 0)[0, 0, piles[0]])
        level = len(piles) - 2
        index = 0
        for pile in piles[1:-1]:
            index = index * h + pile - 1
        size = h ** (level - self._prefixes[level])
        return int(self._chunk(level, index // size)[index % size, piles[0], piles[-1]])

    def value(self, position: object) -> int | str:
        """The Grundy value of a position (partizan: its outcome class L, R, N or P).

        Piles may be written as for ``endnim analyze``: ``"3 1 4"``, ``[3, 1, 4]``.
        """
        number = self.code(position)
        return number if self.impartial else CODE_TO_OUTCOME[number]

    # ---------------------------------------------------------------------- layers
    def blocks(
        self, length: int, order: Literal["store", "lexicographic"] = "store"
    ) -> Iterator[LayerBlock]:
        """The positions of one length, block by block (memory: one chunk at a time).

        ``store`` order gives each chunk whole (first pile free, then the chunk's prefix);
        ``lexicographic`` gives the positions in lexicographic order, a first pile at a time.
        """
        self._check_length(length)
        h = self.max_pile
        if length == 1:
            yield LayerBlock(1, (), 0, self._chunk(0, 0, keep=False)[0, 0, 1:])
            return
        level = length - 2
        prefix = self._prefixes[level]
        rest = (h,) * (level - prefix)
        chunks = h**prefix
        if order == "store":
            for chunk in range(chunks):
                data = self._chunk(level, chunk, keep=False)[:, 1:, 1:]
                values = np.moveaxis(data.reshape((*rest, h, h)), -2, 0)
                yield LayerBlock(length, _digits(chunk, prefix, h), 1, values)
            return
        for first in range(1, h + 1):
            for chunk in range(chunks):
                data = self._chunk(level, chunk, keep=False)[:, first, 1:]
                yield LayerBlock(
                    length, (first, *_digits(chunk, prefix, h)), 0, data.reshape((*rest, h))
                )

    def positions(self, length: int) -> Iterator[tuple[tuple[int, ...], int]]:
        """Every (position, stored value) of one length, in lexicographic order."""
        for block in self.blocks(length, "lexicographic"):
            yield from block.positions()

    def layer(self, length: int, max_pile: int | None = None) -> npt.NDArray[np.int32]:
        """Every value of one length as ``endnim.engine.solve_layer`` gives it: an int32 array
        of shape ``(max_pile,) * length``, entry ``[a1 − 1, …, aL − 1]``."""
        h = self.max_pile if max_pile is None else max_pile
        if not 1 <= h <= self.max_pile:
            raise SweepError(f"the sweep in {self.path} holds piles 1..{self.max_pile}, not {h}")
        out = np.empty((h,) * length, dtype=np.int32)
        for block in self.blocks(length):
            if any(p > h for p in block.fixed):
                continue
            values = block.values[(slice(0, h),) * block.values.ndim]
            where = (
                (slice(None),) * block.offset
                + tuple(p - 1 for p in block.fixed)
                + (slice(None),) * (values.ndim - block.offset)
            )
            out[where] = values
        return out


def _digits(number: int, count: int, base: int) -> tuple[int, ...]:
    """The piles of a string from its index (``count`` piles, each 1..base)."""
    piles = []
    for _ in range(count):
        piles.append(number % base + 1)
        number //= base
    return tuple(reversed(piles))


def open_sweep(path: str | Path) -> Sweep:
    """Open the sweep stored in ``path`` (written by ``endnim sweep``) for reading."""
    return Sweep(Store.open(Path(path)))


class StoredValues(Mapping[int, npt.NDArray[np.int32]]):
    """Layers of a stored sweep by length, read when asked (see :func:`stored_values`)."""

    def __init__(self, path: Path, max_length: int, max_pile: int) -> None:
        self.path = path
        self.max_length = max_length
        self.max_pile = max_pile

    def __getitem__(self, length: int) -> npt.NDArray[np.int32]:
        if not 1 <= length <= self.max_length:
            raise KeyError(length)
        with open_sweep(self.path) as sweep:
            return sweep.layer(length, self.max_pile)

    def __iter__(self) -> Iterator[int]:
        return iter(range(1, self.max_length + 1))

    def __len__(self) -> int:
        return self.max_length


def stored_values(
    out_dir: str | Path, variant: str, max_length: int, max_pile: int
) -> Mapping[int, npt.NDArray[np.int32]] | None:
    """The values of every position of length 1..``max_length`` with piles <= ``max_pile``
    from the sweep stored in ``out_dir``, or ``None`` when no complete sweep there covers them
    (no store, another variant, fewer piles or shorter positions).

    The result maps each length n to an int32 array of shape ``(max_pile,) * n``, exactly as
    ``endnim.engine.solve_layer(variant, n, max_pile)`` returns it (partizan: outcome codes);
    each layer is read from disk when it is asked for. An unknown variant raises VariantError.
    """
    path = Path(out_dir)
    rules = get_row_variant(variant, "a sweep")
    if not (path / CATALOGUE).exists():
        return None
    with open_sweep(path) as sweep:  # a damaged store is an error, never silently skipped
        covers = (
            sweep.variant.name == rules.name
            and sweep.max_pile >= max_pile
            and sweep.max_length >= max_length
        )
    return StoredValues(path, max_length, max_pile) if covers else None


__all__ = ["LayerBlock", "StoredValues", "Sweep", "open_sweep", "stored_values"]
