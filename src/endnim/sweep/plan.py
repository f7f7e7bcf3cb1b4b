"""The plan of a sweep: its levels, how each level is cut into chunks, its memory and disk.

Level k holds the table of every inner string s of length k over the piles 1..H (the values
of x·s·y for 0 <= x, y <= H); the positions of length k + 2 are its cells with x, y >= 1, and
level 0 also holds the lone piles (its row 0). Level k needs the whole of level k − 1 (row s_1
of the table of s[1:], column s_last of the table of s[:-1]) and nothing older, so the memory
in use is one stored level plus the chunks being computed. A level is cut by the first p piles
of s into H^p chunks of H^(k−p) tables, p the least that fits the chunk budget.

>>> plan = make_plan("muller", 8, 12, workers=2, memory=4 * 2**30)
>>> plan.positions, [level.prefix_length for level in plan.levels]
(469070940, [0, 0, 0, 0, 0, 1, 2])
>>> plan.levels[6].chunks, plan.levels[6].tables_per_chunk
(144, 20736)
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from endnim.engine.families import SEARCH, sweep_family
from endnim.errors import EndNimError
from endnim.search import format_bytes, format_count
from endnim.variants import get_row_variant

CHUNK_TARGET_BYTES = 64 * 2**20
"""Working memory of one chunk, at most (unless --chunk-tables asks for smaller ones)."""
BASE_BYTES = 200 * 2**20
"""The interpreter, numpy, the kernels and the catalogue: counted once."""
HEADER_BYTES = 128
"""The .npy header of a chunk file."""


class SweepError(EndNimError):
    """A sweep cannot run or be read as asked (budget, store mismatch, bad input)."""


def value_dtype(max_pile: int, largest_border: int) -> str:
    """The smallest unsigned type that holds every value of a sweep with piles <= ``max_pile``.

    A cell (x, y) of a table is the mex of at most 2x + 1 values (Muller; x + y for the other
    variants), and the lone piles are worth at most ``largest_border``, so no value exceeds
    max(2H + 1, largest_border). Each chunk checks its largest value against the type.

    >>> value_dtype(12, 12), value_dtype(127, 128), value_dtype(128, 129)
    ('uint8', 'uint8', 'uint16')
    """
    bound = max(2 * max_pile + 1, largest_border)
    if bound <= 0xFF:
        return "uint8"
    if bound <= 0xFFFF:
        return "uint16"
    return "int32"


def itemsize(dtype: str) -> int:
    """Bytes per stored value.

    >>> itemsize("uint16")
    2
    """
    return {"uint8": 1, "uint16": 2, "int32": 4}[dtype]


@dataclass(frozen=True)
class LevelPlan:
    """One level: the inner strings of length ``level``, cut by their first ``prefix_length``
    piles."""

    level: int
    prefix_length: int
    max_pile: int

    @property
    def chunks(self) -> int:
        """How many chunks (H^p)."""
        return int(self.max_pile**self.prefix_length)

    @property
    def tables_per_chunk(self) -> int:
        """Inner strings (tables) per chunk (H^(k−p))."""
        return int(self.max_pile ** (self.level - self.prefix_length))

    @property
    def tables(self) -> int:
        """Inner strings in the level (H^k)."""
        return int(self.max_pile**self.level)

    def positions_per_chunk(self, max_length: int) -> int:
        """Positions of length <= ``max_length`` whose values a chunk holds."""
        h = self.max_pile
        count = self.tables_per_chunk * h * h if self.level + 2 <= max_length else 0
        if self.level == 0 and max_length >= 1:
            count += h  # the lone piles, in row 0 of the empty string's table
        return count


@dataclass(frozen=True)
class SweepPlan:
    """Everything a sweep will do, and what it costs, decided before any work starts."""

    variant: str
    family: int
    kernel_tables: int
    """Coupled tables per inner string in the kernel (Muller: 2, P and Q)."""
    max_length: int
    max_pile: int
    dtype: str
    workers: int
    memory: int
    levels: tuple[LevelPlan, ...]

    @property
    def positions(self) -> int:
        """Positions of length 1..L with piles 1..H."""
        h = self.max_pile
        return sum(h**n for n in range(1, self.max_length + 1))

    def level_bytes(self, level: int) -> int:
        """Memory (and disk) of a whole stored level."""
        if level < 0:
            return 0
        side = self.max_pile + 1
        return int(self.max_pile**level) * side * side * itemsize(self.dtype)

    def chunk_bytes(self, tables: int) -> int:
        """Working memory of one chunk of ``tables`` tables."""
        return tables * table_bytes(self.kernel_tables, self.max_pile, self.dtype)

    def level_peak(self, level: LevelPlan) -> int:
        """Memory while computing ``level``: the level before it, whole, and the chunks in
        flight (one per worker, and one more waiting to be written per worker)."""
        in_flight = 2 * self.workers
        return (
            BASE_BYTES
            + self.level_bytes(level.level - 1)
            + in_flight * self.chunk_bytes(level.tables_per_chunk)
        )

    @property
    def peak_bytes(self) -> int:
        """The most memory any level needs."""
        return max(self.level_peak(level) for level in self.levels)

    @property
    def disk_bytes(self) -> int:
        """The stored levels' size on disk."""
        return sum(
            self.level_bytes(level.level) + level.chunks * HEADER_BYTES for level in self.levels
        )

    def check_disk(self, out: Path, already: int = 0) -> None:
        """Refuse a sweep whose files would not fit on the disk holding ``out``."""
        check_free_disk(out, self.disk_bytes - already)


def check_free_disk(out: Path, need: int) -> None:
    """Refuse, in one line, to write about ``need`` more bytes into ``out`` (a directory,
    perhaps not made yet) when its disk has less free space.

    >>> check_free_disk(Path("."), 0)
    """
    probe = out if out.exists() else out.parent
    while not probe.exists():
        probe = probe.parent
    free = shutil.disk_usage(probe).free
    if need > free:
        raise SweepError(
            f"the sweep needs about {format_bytes(need)} more disk in {out}; "
            f"{format_bytes(free)} is free"
        )


def table_bytes(kernel_tables: int, max_pile: int, dtype: str) -> int:
    """Working memory per table of a chunk: its gathered int32 borders, the gathering's
    temporaries and index arithmetic, and the stored values (the kernel itself needs one
    table of scratch per thread).

    >>> table_bytes(2, 12, "uint8")
    493
    """
    side = max_pile + 1
    return (
        2 * kernel_tables * side * 4
        + 2 * kernel_tables * side * itemsize(dtype)
        + side * side * itemsize(dtype)
        + 8 * 8
    )


def default_memory() -> int:
    """Half of the machine's memory (``ENDNIM_SWEEP_MEMORY`` overrides).

    >>> default_memory() > 0
    True
    """
    env = os.environ.get("ENDNIM_SWEEP_MEMORY")
    if env:
        return parse_memory(env)
    try:
        return os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE") // 2
    except (ValueError, OSError, AttributeError):  # pragma: no cover - not POSIX
        return 4 * 2**30


_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(i?b?)\s*$", re.IGNORECASE)


def parse_memory(text: str) -> int:
    """A memory size: bytes, or with a unit K, M, G, T (powers of 1024; KB, KiB alike).

    >>> parse_memory("4G"), parse_memory("512 MiB"), parse_memory("1000")
    (4294967296, 536870912, 1000)
    """
    match = _SIZE.match(text)
    if not match:
        raise SweepError(f"cannot read the memory size {text!r}: write e.g. 4G, 512M or 2GiB")
    number, unit = float(match.group(1)), match.group(2).lower()
    size = int(number * 1024 ** ("kmgt".index(unit) + 1 if unit else 0))
    if size <= 0:
        raise SweepError(f"the memory size {text!r} must be positive")
    return size


def make_plan(
    variant: str,
    max_length: int,
    max_pile: int,
    *,
    workers: int,
    memory: int,
    chunk_tables: int | None = None,
    fixed_prefixes: Mapping[int, int] | None = None,
) -> SweepPlan:
    """Plan a sweep, or refuse it (one line, with the estimate) when it cannot fit ``memory``.

    ``fixed_prefixes`` keeps the chunking of levels a stored sweep has already started.
    """
    from endnim.engine.families import base_border

    if max_length < 1:
        raise SweepError("--max-length must be at least 1")
    if max_pile < 1:
        raise SweepError("--max-pile must be at least 1")
    if workers < 1:
        raise SweepError("--workers must be at least 1")
    rules = get_row_variant(variant, "a sweep")
    family = sweep_family(rules)
    dtype = (
        "int32"
        if family.code == SEARCH
        else value_dtype(max_pile, max(base_border(rules, family, min(max_pile, 4096))))
    )
    fixed = dict(fixed_prefixes or {})
    per_table = table_bytes(family.tables, max_pile, dtype)
    draft = SweepPlan(
        rules.name, family.code, family.tables, max_length, max_pile, dtype, workers, memory, ()
    )
    levels = []
    for level in range(max(1, max_length - 1)):
        if level in fixed:
            levels.append(LevelPlan(level, fixed[level], max_pile))
            continue
        room = (memory - BASE_BYTES - draft.level_bytes(level - 1)) // (2 * workers)
        target = min(CHUNK_TARGET_BYTES, max(room, per_table))
        limit = max(1, target // per_table)
        if chunk_tables is not None:
            limit = min(limit, chunk_tables)
        prefix = 0
        while prefix < level and max_pile ** (level - prefix) > limit:
            prefix += 1
        levels.append(LevelPlan(level, prefix, max_pile))
    plan = SweepPlan(
        rules.name,
        family.code,
        family.tables,
        max_length,
        max_pile,
        dtype,
        workers,
        memory,
        tuple(levels),
    )
    for planned in plan.levels:
        need = plan.level_peak(planned)
        if need > memory:
            chunks = 2 * workers * plan.chunk_bytes(planned.tables_per_chunk)
            raise SweepError(
                f"the sweep needs about {format_bytes(need)} of memory at level "
                f"{planned.level} ({format_count(planned.tables)} tables of inner strings of "
                f"length {planned.level}): {format_bytes(plan.level_bytes(planned.level - 1))} "
                f"for the whole level before it, {format_bytes(chunks)} for "
                f"{2 * workers} chunks in flight, {format_bytes(BASE_BYTES)} for the program; "
                f"the budget is {format_bytes(memory)}: raise --memory or lower --workers, "
                "--max-length or --max-pile"
            )
    return plan


__all__ = [
    "CHUNK_TARGET_BYTES",
    "LevelPlan",
    "SweepError",
    "SweepPlan",
    "check_free_disk",
    "default_memory",
    "itemsize",
    "make_plan",
    "parse_memory",
    "table_bytes",
    "value_dtype",
]
