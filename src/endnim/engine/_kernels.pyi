"""Type stubs of the compiled kernels (``_kernels.c``)."""

from typing import Any

import numpy as np
import numpy.typing as npt

Buffer = npt.NDArray[np.int32] | npt.NDArray[Any]
Takes = tuple[Buffer, Buffer] | None
"""Restricted takes: (offsets, sizes), the allowed new sizes of pile p being
sizes[offsets[p]:offsets[p + 1]]; None: any reduction."""

def new_state(
    family: int,
    rows: int,
    cols: int,
    row_borders: tuple[Buffer, ...],
    col_borders: tuple[Buffer, ...],
    fulls: tuple[Buffer, ...] | None,
    takes: Takes = None,
    /,
) -> object: ...
def row(
    family: int,
    piles: tuple[int, ...],
    base: Buffer,
    rows: tuple[Buffer, ...],
    cols: tuple[Buffer, ...],
    fulls: tuple[Buffer, ...] | None,
    takes: Takes = None,
    /,
) -> None: ...
def run(state: object, steps: int, threads: int, /) -> int: ...
def outputs(state: object, rows: tuple[Buffer, ...], cols: tuple[Buffer, ...], /) -> None: ...
def batch(
    family: int,
    count: int,
    rows: int,
    cols: int,
    row_borders: Buffer,
    col_borders: Buffer,
    fulls: Buffer,
    threads: int,
    takes: Takes = None,
    /,
) -> None: ...
def sweep_chunk(
    family: int,
    count: int,
    max_pile: int,
    row_borders: Buffer,
    col_borders: Buffer,
    out: Buffer,
    counts: npt.NDArray[np.int64],
    threads: int,
    takes: Takes = None,
    /,
) -> int: ...
def set_small_rows(on: bool, /) -> bool: ...
def have_openmp() -> bool: ...
