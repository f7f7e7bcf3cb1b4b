"""Horrocks' conjectures streamed over a sweep: every Muller position up to a length and a pile
bound, keeping only the level before in memory and storing nothing.

A stored sweep (:func:`endnim.sweep.run_sweep`) writes every level; the questions of Horrocks
(2017) §4 need none of them afterwards. Here each level is computed in chunks by the same
kernel (:func:`endnim.sweep.chunk.compute_chunk`), every chunk is checked as soon as it exists,
and only the level the next one is built from stays in memory; the last (largest) level is
never held whole. For L ≤ 9, H ≤ 12 that is level 6 (12⁶ · 13² bytes, 0.5 GB) instead of the
6 GB of level 7; for L ≤ 10, H ≤ 10, level 7 (1.2 GB) instead of 12 GB.

What is gathered, per length (positions a ω b of piles a = first, b = last):

* the largest value, how many positions reach it, the first ones (lexicographic order);
* Conjecture 1, G ≤ a + b + 1: counterexamples, and the least slack a + b + 1 − G with its
  positions (count and first ones);
* Conjecture 2, G = a − 1 ⇒ a − b ≤ 1: positions with G = a − 1, counterexamples, and every
  case of equality (G = a − 1 and a − b = 1), counted by (a, b) with the first ones;
* Conjecture 3, G(mⁿ) = m − 1 (n even), m (n odd): the value of every constant row.

After each chunk of the last level the totals so far go to a state file (``state``), so an
interrupted run continues where it stopped (the levels before the last are recomputed: 1/H of
the work).

>>> report = stream_horrocks(5, 4, workers=1)
>>> report.lengths[5]["c1_min_slack"], report.lengths[5]["c1_min_slack_first"][0]
(0, [3, 4, 1, 2, 2])
>>> report.counterexamples()
{'horrocks-1': 0, 'horrocks-2': 0, 'horrocks-3': 0}
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from endnim.engine.families import base_border, family_of
from endnim.errors import EndNimError
from endnim.sweep.chunk import ChunkTask, Values, compute_chunk
from endnim.sweep.plan import SweepError, value_dtype
from endnim.variants import get_row_variant

Progress = Callable[[int, int], None]
FIRST = 10
"""How many of the first positions each list keeps (every count is complete)."""
CHUNK_BYTES = 32 * 2**20
"""Target size of one chunk of tables (the unit of work, of checking and of resuming)."""
STATE_VERSION = 2
Stats = dict[str, Any]


def _merge_first(old: list[list[int]], new: list[list[int]]) -> list[list[int]]:
    return sorted(old + new)[:FIRST]


def _merge_extreme(old: Stats, new: Stats, name: str, larger: bool) -> None:
    """Keep the larger (or smaller) extreme ``name`` with its count and first positions."""
    if new.get(name) is None:
        return
    current = old.get(name)
    better = current is None or (new[name] > current if larger else new[name] < current)
    if better:
        old[name] = new[name]
        old[name + "_count"] = new[name + "_count"]
        old[name + "_first"] = new[name + "_first"]
    elif new[name] == current:
        old[name + "_count"] += new[name + "_count"]
        old[name + "_first"] = _merge_first(old[name + "_first"], new[name + "_first"])


def merge_stats(old: Stats, new: Stats) -> Stats:
    """Combine the statistics of two disjoint sets of positions of one length."""
    if not old:
        copy: Stats = json.loads(json.dumps(new))  # a deep copy
        return copy
    for name in ("positions", "c1_violations", "c2_applicable", "c2_violations", "c2_equal"):
        old[name] += new[name]
    _merge_extreme(old, new, "max_value", larger=True)
    _merge_extreme(old, new, "c1_min_slack", larger=False)
    for name in ("c1_examples", "c2_examples", "c2_equal_first"):
        old[name] = _merge_first(old[name], new[name])
    for key, count in new["c2_equal_by_ab"].items():
        old["c2_equal_by_ab"][key] = old["c2_equal_by_ab"].get(key, 0) + count
    old["c3"] = sorted(old["c3"] + new["c3"])
    return old


def _empty_stats() -> Stats:
    return {
        "positions": 0,
        "max_value": None,
        "max_value_count": 0,
        "max_value_first": [],
        "c1_violations": 0,
        "c1_examples": [],
        "c1_min_slack": None,
        "c1_min_slack_count": 0,
        "c1_min_slack_first": [],
        "c2_applicable": 0,
        "c2_violations": 0,
        "c2_examples": [],
        "c2_equal": 0,
        "c2_equal_first": [],
        "c2_equal_by_ab": {},
        "c3": [],
    }


def _digits(index: int, count: int, base: int) -> list[int]:
    out = []
    for _ in range(count):
        index, digit = divmod(index, base)
        out.append(digit + 1)
    return out[::-1]


class _Chunk:
    """The tables of one chunk as positions x·s·y (x, y >= 1) of length level + 2."""

    def __init__(self, data: Values, level: int, first_table: int, max_pile: int) -> None:
        self.values = data[:, 1:, 1:]  # [t, x - 1, y - 1]
        self.level, self.first_table, self.max_pile = level, first_table, max_pile

    def position(self, t: int, x: int, y: int) -> list[int]:
        return [x, *_digits(self.first_table + t, self.level, self.max_pile), y]

    def first_where(self, cells: list[tuple[int, int]], target: Any) -> tuple[int, list[list[int]]]:
        """Count of positions with value ``target`` (a number, or per cell a function of x)
        in the given cells (x, y), and the first of them in lexicographic order."""
        count = 0
        found: list[list[int]] = []
        for x, y in sorted(cells):
            wanted = target(x, y) if callable(target) else target
            hits = np.flatnonzero(self.values[:, x - 1, y - 1] == wanted)
            count += int(hits.size)
            found.extend(self.position(int(t), x, y) for t in hits[:FIRST])
        return count, sorted(found)[:FIRST]


def check_chunk(data: Values, level: int, first_table: int, max_pile: int) -> Stats:
    """Statistics of the positions x·s·y (x, y >= 1) of one chunk (length ``level + 2``).

    >>> from endnim.engine import solve_layer
    >>> from endnim.variants import get_variant
    >>> layer = solve_layer(get_variant("muller"), 2, 3)   # G(x y), x, y in 1..3
    >>> data = np.zeros((1, 4, 4), np.uint8); data[0, 1:, 1:] = layer
    >>> stats = check_chunk(data, 0, 0, 3)
    >>> stats["max_value"], stats["max_value_first"], stats["c1_min_slack"]
    (3, [[3, 1], [3, 2]], 2)
    """
    h = max_pile
    chunk = _Chunk(data, level, first_table, h)
    v = chunk.values
    stats = _empty_stats()
    stats["positions"] = int(v.size)
    if v.size == 0:
        return stats
    xs = np.arange(1, h + 1).reshape(h, 1)
    ys = np.arange(1, h + 1).reshape(1, h)
    cells = [(x, y) for x in range(1, h + 1) for y in range(1, h + 1)]
    top = v.max(axis=0).astype(np.int64)  # largest value in each cell (x, y)
    # the largest value
    best = int(top.max())
    stats["max_value"] = best
    stats["max_value_count"], stats["max_value_first"] = chunk.first_where(
        [(x, y) for x, y in cells if top[x - 1, y - 1] == best], best
    )
    # Conjecture 1: slack a + b + 1 - G; its least value per cell comes from the largest G
    slack = xs + ys + 1 - top
    low = int(slack.min())
    stats["c1_min_slack"] = low
    stats["c1_min_slack_count"], stats["c1_min_slack_first"] = chunk.first_where(
        [(x, y) for x, y in cells if slack[x - 1, y - 1] == low], lambda x, y: x + y + 1 - low
    )
    bad_cells = [(x, y) for x, y in cells if slack[x - 1, y - 1] < 0]
    for x, y in bad_cells:
        column = v[:, x - 1, y - 1]
        hits = np.flatnonzero(column > x + y + 1)
        stats["c1_violations"] += int(hits.size)
        found = [chunk.position(int(t), x, y) for t in hits[:FIRST]]
        stats["c1_examples"] = _merge_first(stats["c1_examples"], found)
    # Conjecture 2: G = a - 1 (a >= 2: the value is at least 0)
    hits_per_cell = np.count_nonzero(v == (xs - 1).astype(v.dtype), axis=0)
    stats["c2_applicable"] = int(hits_per_cell.sum())
    for x, y in cells:
        count = int(hits_per_cell[x - 1, y - 1])
        if count == 0 or x - y < 1:
            continue
        number, first = chunk.first_where([(x, y)], x - 1)
        if x - y == 1:
            stats["c2_equal"] += number
            stats["c2_equal_first"] = _merge_first(stats["c2_equal_first"], first)
            key = f"{x},{y}"
            stats["c2_equal_by_ab"][key] = stats["c2_equal_by_ab"].get(key, 0) + number
        else:
            stats["c2_violations"] += number
            stats["c2_examples"] = _merge_first(stats["c2_examples"], first)
    # Conjecture 3: the constant rows m^(level + 2) whose inner string is in this chunk
    tables = v.shape[0]
    repunit = sum(h**i for i in range(level))
    for m in range(1, h + 1):
        t = (m - 1) * repunit - first_table
        if 0 <= t < tables:
            value = int(v[t, m - 1, m - 1])
            n = level + 2
            stats["c3"].append([m, n, value, value == (m - 1 if n % 2 == 0 else m)])
    return stats


def _lone_piles(base: tuple[int, ...], max_pile: int) -> Stats:
    """Length 1: G(m) = m; only Conjecture 3 applies (n = 1 is odd: value m)."""
    stats = _empty_stats()
    values = [int(v) for v in base[1 : max_pile + 1]]
    stats["positions"] = max_pile
    best = max(values)
    stats["max_value"] = best
    hits = [[m] for m, value in enumerate(values, 1) if value == best]
    stats["max_value_count"], stats["max_value_first"] = len(hits), hits[:FIRST]
    stats["c3"] = [[m, 1, value, value == m] for m, value in enumerate(values, 1)]
    return stats


@dataclass
class StreamReport:
    """What a streaming check found, per length (see :func:`check_chunk` for the fields)."""

    max_length: int
    max_pile: int
    lengths: dict[int, Stats] = field(default_factory=dict)
    seconds: float = 0.0
    peak_rss_bytes: int = 0
    resumed_chunks: int = 0

    @property
    def positions(self) -> int:
        return sum(s["positions"] for s in self.lengths.values())

    def counterexamples(self) -> dict[str, int]:
        """Counterexamples to each conjecture over the whole range."""
        stats = self.lengths.values()
        return {
            "horrocks-1": sum(s["c1_violations"] for s in stats),
            "horrocks-2": sum(s["c2_violations"] for s in stats),
            "horrocks-3": sum(1 for s in stats for row in s["c3"] if not row[3]),
        }

    def to_dict(self) -> dict[str, Any]:
        """Plain data (``endnim conjecture horrocks --stream --json``)."""
        return {
            "variant": "muller",
            "max_length": self.max_length,
            "max_pile": self.max_pile,
            "positions": self.positions,
            "counterexamples": self.counterexamples(),
            "seconds": round(self.seconds, 3),
            "peak_rss_bytes": self.peak_rss_bytes,
            "resumed_chunks": self.resumed_chunks,
            "lengths": {str(n): s for n, s in sorted(self.lengths.items())},
        }


def level_bytes(max_length: int, max_pile: int) -> int:
    """Memory a streaming check holds at most: the largest level it keeps (inner strings of
    max_length − 3 piles, the tables of lengths up to max_length − 1) while it is built from
    the level before.

    >>> level_bytes(9, 12) // 2**20
    521
    """
    side = max_pile + 1
    return sum(
        max_pile**level * side * side
        for level in range(max(0, max_length - 4), max(0, max_length - 2))
    )


def _prefix_for(level: int, max_pile: int, side: int) -> int:
    """Fixed leading piles per chunk: the fewest that keep a chunk under CHUNK_BYTES."""
    prefix = 0
    while prefix < level and max_pile ** (level - prefix) * side * side > CHUNK_BYTES:
        prefix += 1
    return prefix


def _load_state(path: Path, identity: dict[str, Any]) -> dict[str, Any]:
    from endnim.sealed import read_sealed

    try:
        data = read_sealed(path, "saved state", "delete it to check from the start")
    except EndNimError as error:
        raise SweepError(str(error)) from None
    if data is None:
        return {}
    held = data.get("identity") if isinstance(data, dict) else None
    if held != identity:
        raise SweepError(f"{path} is the state of another run ({held})")
    return dict(data)


def _save_state(path: Path, data: dict[str, Any]) -> None:
    from endnim.sealed import write_sealed

    write_sealed(path, data)


def stream_horrocks(
    max_length: int,
    max_pile: int,
    *,
    workers: int | None = None,
    state: str | Path | None = None,
    progress: Progress | None = None,
) -> StreamReport:
    """Check Horrocks' Conjectures 1–3 on every Muller position of length <= ``max_length``
    with piles <= ``max_pile``, keeping only the level before in memory (see the module).

    ``state`` (a file) makes the run resumable: the last level's finished chunks are saved in
    it and skipped by a rerun of the same range. ``progress(done, total)`` counts positions.
    """
    from endnim.engine.interval import default_threads
    from endnim.sweep.runner import peak_rss_bytes

    started = time.perf_counter()
    if max_length < 1 or max_pile < 1:
        raise SweepError("a streaming check needs --max-length >= 1 and --max-pile >= 1")
    rules = get_row_variant("muller", "a streaming check")
    family = family_of(rules)
    base = tuple(int(v) for v in base_border(rules, family, max_pile))
    dtype = value_dtype(max_pile, max(base))
    h, side = max_pile, max_pile + 1
    workers = default_threads() if workers is None else max(1, workers)
    report = StreamReport(max_length, max_pile)
    report.lengths[1] = _lone_piles(base, h)
    total = sum(h**n for n in range(1, max_length + 1))
    done = h
    last_level = max_length - 2
    identity = {"version": STATE_VERSION, "max_length": max_length, "max_pile": max_pile}
    path = Path(state) if state is not None else None
    saved = _load_state(path, identity) if path is not None else {}
    finished: dict[str, Stats] = saved.get("chunks", {})
    previous: Values | None = None
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="endnim-stream") as pool:
        for level in range(0, last_level + 1):
            prefix = _prefix_for(level, h, side)
            chunks = h**prefix
            keep = level < last_level
            current: Values | None = np.empty((h**level, side, side), dtype=dtype) if keep else None
            tasks = [
                ChunkTask(family.code, family.tables, h, level, prefix, c, dtype, base, "muller")
                for c in range(chunks)
            ]
            stats: Stats = {}
            if not keep:
                for chunk_stats in finished.values():
                    stats = merge_stats(stats, chunk_stats)
                    report.resumed_chunks += 1
                    done += chunk_stats["positions"]
                tasks = [task for task in tasks if str(task.chunk) not in finished]

            def job(
                task: ChunkTask, prior: Values | None = previous, keep: bool = keep
            ) -> tuple[int, Any, Stats]:
                result = compute_chunk(task, prior)
                checked = check_chunk(result.data, task.level, task.first_table, h)
                return task.chunk, result.data if keep else None, checked

            for chunk, data, chunk_stats in pool.map(job, tasks):
                if current is not None and data is not None:
                    size = data.shape[0]
                    current[chunk * size : (chunk + 1) * size] = data
                stats = merge_stats(stats, chunk_stats)
                done += chunk_stats["positions"]
                if not keep and path is not None:
                    finished[str(chunk)] = chunk_stats
                    _save_state(path, {"identity": identity, "chunks": finished})
                if progress is not None:
                    progress(done, total)
            report.lengths[level + 2] = stats
            previous = current
    if progress is not None:
        progress(total, total)
    report.seconds = time.perf_counter() - started
    report.peak_rss_bytes = peak_rss_bytes()
    return report


def layer_stats(values: npt.NDArray[np.integer], max_pile: int) -> Stats:
    """The same statistics from a whole layer of one length (``solve_layer``'s array): the
    reference the streaming check is tested against."""
    length = values.ndim
    if length == 1:
        return _lone_piles((0, *(int(v) for v in values)), max_pile)
    h, side = max_pile, max_pile + 1
    inner = length - 2
    tables = np.moveaxis(values, 0, -2).reshape(h**inner, h, h)
    data = np.zeros((h**inner, side, side), dtype=values.dtype)
    data[:, 1:, 1:] = tables
    return check_chunk(data, inner, 0, h)


__all__ = [
    "StreamReport",
    "check_chunk",
    "layer_stats",
    "level_bytes",
    "merge_stats",
    "stream_horrocks",
]
