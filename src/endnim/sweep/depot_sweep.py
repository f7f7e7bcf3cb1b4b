"""The warehouse sweep: the Grundy value (``depot``) or the outcome (``depot-partizan``) of
every position of a family (:mod:`endnim.sweep.depot_catalogue`) up to a number of vertices
and a label bound, in a store (:mod:`endnim.sweep.depot_store`) that ``endnim sweep-query``
reads.

The chunks (a shape's labellings, or a part of them) are computed in this process, by local
worker processes (each storing its own chunks) or on a Dask cluster (this process stores what
comes back), as the tree sweep's are (:mod:`endnim.sweep.tree_pool`); values come from the
compiled warehouse search (:class:`endnim.graphs.compiled_depot.DepotEngine`), or with
``compiled=False`` from the Python search (the reference). The store holds the same rows,
records and digests whatever computed them: only the seconds each chunk took differ (and
SQLite's page layout, which follows the order chunks were written in).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     report = run_depot_sweep(folder, "depot", "graphs", 3, 1)
...     with open_depot_sweep(folder) as store:
...         found = run_depot_query(store, ["p"], limit=2)
>>> report.positions, found["count"], found["positions"]
(15, 11, ['{"labels":[0],"edges":[]}', '{"labels":[1],"edges":[]}'])
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from endnim.sweep import graph_pipeline as pipeline
from endnim.sweep.depot_catalogue import (
    MAX_VERTICES,
    ChunkTask,
    check_range,
    chunk_positions,
    family_shapes,
    plan_chunks,
)
from endnim.sweep.depot_store import (
    DESCRIPTION,
    DepotStore,
    Key,
    StoredRow,
    chunk_digest,
    open_for_writing,
    read_description,
    storage_errors,
)
from endnim.sweep.graph_store import GraphRepair
from endnim.sweep.plan import SweepError, check_free_disk
from endnim.sweep.store import write_json_atomically

Progress = Callable[[int, int], None]
MAX_LABELLINGS = 20_000_000
"""A sweep would try more labellings (times colourings) than this: refused at once."""
SECONDS_PER_LABELLING = 1.5e-4
"""CPU time of one labelling tried: keyed, solved and stored (measured: about 130 µs for the
labellings 0..2 of the connected graphs of 5 vertices, compiled; the partizan search is
slower on coloured graphs)."""
ROW_BYTES = 120
"""About what one stored position takes on disk (its JSON, labels and indexes)."""
DIGEST_BYTES = 4096
BASE_MEMORY = 200 * 2**20
"""The interpreter and the program, per process."""
CHUNK_MEMORY = 64 * 2**20
"""A worker's memory beyond the program: the chunk's keys and the search's memo."""


# --------------------------------------------------------------------------- chunks
@dataclass(frozen=True)
class ChunkResult:
    """A computed chunk: its rows in text order and their digest."""

    task: ChunkTask
    rows: list[StoredRow]
    sha256: str
    seconds: float


_WORKER: dict[str, Any] = {}
"""This process's search (compiled engine or Python solver), kept between chunks."""


def _meta(task: ChunkTask) -> dict[str, str]:
    return {"variant": task.variant, "family": task.family, "max_label": str(task.max_label)}


def compute_chunk(task: ChunkTask) -> ChunkResult:
    """Every position of a chunk, one per isomorphism class, with its value, as stored (in
    text order), and the chunk's digest: the same on any worker.

    >>> from endnim.sweep.depot_catalogue import plan_chunks
    >>> compute_chunk(plan_chunks("depot", "graphs", 2, 1)[1]).rows
    [('{"labels":[0,0],"edges":[[0,1]]}', '[0, 0]', 0, 0), \
('{"labels":[0,1],"edges":[[0,1]]}', '[0, 1]', 1, 1), \
('{"labels":[1,1],"edges":[[0,1]]}', '[1, 1]', 2, 0)]
    """
    from endnim.graphs.compiled_depot import DepotEngine
    from endnim.graphs.depot import Depot
    from endnim.graphs.depot_partizan import DepotPartizan
    from endnim.search import ImpartialValue, PartizanValue, Solver

    begun = time.monotonic()
    partizan = task.variant == "depot-partizan"
    rows: list[StoredRow] = []
    if task.compiled is False:
        name = "python-" + task.variant
        solver = _WORKER.get(name)
        if solver is None:
            solver = _WORKER[name] = Solver(DepotPartizan() if partizan else Depot(), 10**12)
        for text, labels, position in chunk_positions(task):
            answer = solver.value(position)
            if partizan:
                assert isinstance(answer, PartizanValue)
                value = answer.outcome.code
            else:
                assert isinstance(answer, ImpartialValue)
                value = answer.grundy
            rows.append((text, json.dumps(list(labels)), sum(labels), value))
    else:
        engine = _WORKER.get("engine")
        if engine is None:
            engine = _WORKER["engine"] = DepotEngine(budget=10**9)
        for text, labels, position in chunk_positions(task):
            value = engine.outcome(position).code if partizan else engine.grundy(position)
            rows.append((text, json.dumps(list(labels)), sum(labels), value))
    rows.sort()
    return ChunkResult(task, rows, chunk_digest(_meta(task), task.key, rows),
                       time.monotonic() - begun)  # fmt: skip


def store_result(store: DepotStore, result: ChunkResult) -> None:
    """Store a computed chunk with its digest."""
    store.store_rows(result.task.key, result.rows, result.seconds, result.sha256)


def compute_chunks(
    store: DepotStore,
    tasks: Sequence[ChunkTask],
    workers: pipeline.Workers | None = None,
) -> None:
    """Compute and store ``tasks`` on ``workers`` (default: this process), each stored with
    its digest as soon as it is done (:func:`endnim.sweep.graph_pipeline.run_chunks`)."""
    pipeline.run_chunks(store, tasks, compute_chunk, store_result, workers, forget=_WORKER.clear)


# --------------------------------------------------------------------------- estimate
@dataclass(frozen=True)
class DepotSweepEstimate(pipeline.Cost):
    """What a warehouse sweep will do and cost, known before it starts."""

    chunks: int
    labellings: int

    def counts(self) -> dict[str, int]:
        tried = self.labellings
        return {"chunks": self.chunks, "labellings": tried, "positions_at_most": tried}

    def summary(self) -> str:
        from endnim.search import format_count

        return f"{format_count(self.chunks)} chunks, {format_count(self.labellings)} labellings"


def disk_need(tasks: Sequence[ChunkTask]) -> int:
    """About how many bytes storing ``tasks`` adds (every labelling a position: at most)."""
    return sum(t.labellings * ROW_BYTES + DIGEST_BYTES for t in tasks)


def estimate_depot_sweep(
    variant: str,
    family: str,
    max_vertices: int,
    max_label: int,
    workers: int = 1,
    todo: Sequence[ChunkTask] | None = None,
) -> DepotSweepEstimate:
    """The cost of a warehouse sweep on ``workers`` workers (``todo``: only these chunks).

    >>> e = estimate_depot_sweep("depot", "graphs", 4, 1)
    >>> e.chunks, e.labellings
    (10, 118)
    """
    tasks = plan_chunks(variant, family, max_vertices, max_label)
    labellings = sum(t.labellings for t in tasks)
    left = tasks if todo is None else todo
    return DepotSweepEstimate(
        chunks=len(tasks),
        labellings=labellings,
        disk_bytes=disk_need(tasks),
        memory_bytes=BASE_MEMORY * (workers + 1) + workers * CHUNK_MEMORY,
        cpu_seconds=sum(t.labellings for t in left) * SECONDS_PER_LABELLING,
        workers=workers,
    )


# --------------------------------------------------------------------------- the sweep
@dataclass
class DepotSizeSummary:
    """Totals of one number of vertices."""

    vertices: int
    positions: int = 0
    p_positions: int = 0
    max_value: int = 0
    outcomes: dict[str, int] = field(default_factory=dict)

    def to_dict(self, impartial: bool) -> dict[str, Any]:
        found: dict[str, Any] = {
            "vertices": self.vertices,
            "positions": self.positions,
            "p_positions": self.p_positions,
        }
        if impartial:
            found["max_value"] = self.max_value
        else:
            found["outcomes"] = dict(self.outcomes)
        return found


@dataclass
class DepotSweepReport(pipeline.SweepRun):
    """What a warehouse sweep holds (and what one run did)."""

    KIND = "depot"
    UNIT = "chunks"

    variant: str
    family: str
    sizes: list[DepotSizeSummary] = field(default_factory=list, kw_only=True)

    @property
    def positions(self) -> int:
        return self.total("positions")

    def names_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "family": self.family}

    def totals_dict(self) -> dict[str, Any]:
        impartial = self.variant == "depot"
        return {
            "positions": self.positions,
            "p_positions": self.p_positions,
            "sizes": [s.to_dict(impartial) for s in self.sizes],
        }


def complete_sizes(store: DepotStore) -> int:
    """The largest number of vertices up to which every chunk is finished."""
    done = store.done_chunks()
    top = 0
    while top < MAX_VERTICES[store.family] and family_shapes(store.family, top + 1):
        needed = plan_size(store.variant, store.family, top + 1, store.max_label)
        if not needed <= done:
            break
        top += 1
    return top


@functools.cache
def plan_size(variant: str, family: str, n: int, max_label: int) -> frozenset[Key]:
    """The chunks of ``n`` vertices."""
    return frozenset(t.key for t in plan_chunks(variant, family, n, max_label) if t.vertices == n)


def summarise(store: DepotStore, top: int | None = None) -> DepotSweepReport:
    """Totals per number of vertices (complete sizes only), every chunk verified."""
    from endnim.outcome import CODE_TO_OUTCOME

    full = complete_sizes(store)
    top = full if top is None else min(top, full)
    report = DepotSweepReport(str(store.root), top, store.max_label, store.variant, store.family)
    for n in range(1, top + 1):
        size = DepotSizeSummary(n)
        if not store.impartial:
            size.outcomes = dict.fromkeys("PLRN", 0)
        for _key, rows in store.verified(n):
            for row in rows:
                value = row[3]
                size.positions += 1
                size.p_positions += value == 0
                if store.impartial:
                    size.max_value = max(size.max_value, value)
                else:
                    size.outcomes[str(CODE_TO_OUTCOME[value])] += 1
        report.sizes.append(size)
    return report


def run_depot_sweep(
    out: str | Path,
    variant: str,
    family: str,
    max_vertices: int,
    max_label: int,
    *,
    budget: int = MAX_LABELLINGS,
    compiled: bool | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    memory: int | None = None,
    progress: Progress | None = None,
    on_estimate: Callable[[DepotSweepEstimate], None] | None = None,
) -> DepotSweepReport:
    """Compute and store every position of ``family`` with <= ``max_vertices`` vertices and
    labels <= ``max_label`` (one per isomorphism class) with its value; finished chunks of an
    earlier run are kept after checking them against their digests. ``progress(done, total)``
    counts chunks; ``on_estimate`` is told the estimate before any work starts; a sweep past
    ``budget`` labellings or the memory budget is refused in one line."""
    from endnim.sweep.plan import default_memory
    from endnim.sweep.runner import writer_lock

    check_range(variant, family, max_vertices, max_label)
    pipeline.check_workers(workers, scheduler)
    started = time.monotonic()
    tasks = plan_chunks(variant, family, max_vertices, max_label, compiled)
    labellings = sum(t.labellings for t in tasks)
    pipeline.refuse_over_budget(
        f"a {variant} sweep of {family}", max_vertices, max_label, labellings, budget
    )
    if scheduler is None:
        estimate = estimate_depot_sweep(variant, family, max_vertices, max_label, workers or 1)
        memory = default_memory() if memory is None else memory
        pipeline.refuse_over_memory(f"a {variant} sweep", estimate, memory, "", "--workers")
    root = Path(out)
    report = DepotSweepReport(str(out), max_vertices, max_label, variant, family)
    with writer_lock(root), storage_errors(root):
        store, dropped, rebuilt = open_for_writing(root, variant, family, max_label)
        with store:
            done = store.done_chunks()
            todo = [t for t in tasks if t.key not in done]
            check_free_disk(root, disk_need(todo))
            report.kept = len(tasks) - len(todo)
            report.repaired = len([k for k in dropped if k[0] <= max_vertices])
            report.rebuilt = rebuilt
            with pipeline.open_workers(
                report,
                workers,
                scheduler,
                lambda w: estimate_depot_sweep(variant, family, max_vertices, max_label, w, todo),
                on_estimate,
                progress,
                report.kept,
                len(tasks),
            ) as running:
                compute_chunks(store, todo, running)
            report.computed = len(todo)
            report.sizes = summarise(store, max_vertices).sizes
            held = read_description(root)
            if int(held.get("max_vertices", 0)) < max_vertices:  # what a repair restores
                write_json_atomically(root / DESCRIPTION, {**held, "max_vertices": max_vertices})
    report.seconds = time.monotonic() - started
    return report


@dataclass
class DepotRepair(GraphRepair):
    """What ``endnim sweep --repair`` did to a warehouse sweep."""

    kind: str = "depot"


def repair_depot_store(path: str | Path, progress: Progress | None = None) -> DepotRepair:
    """Check every finished chunk against its digest, set an unreadable file aside, and
    compute the damaged or lost chunks again (every chunk of the sizes the store reached)."""
    from endnim.sweep.runner import writer_lock

    root = Path(path)
    held = read_description(root)
    try:
        variant, family = str(held["variant"]), str(held["family"])
        max_label, top = int(held["max_label"]), int(held.get("max_vertices", 0))
    except (KeyError, TypeError, ValueError):
        raise SweepError(
            f"{root} has no readable description (sweep.json): the warehouse sweep cannot be "
            "repaired (run it again into a new directory)"
        ) from None
    with writer_lock(root), storage_errors(root):
        store, _dropped, rebuilt = open_for_writing(root, variant, family, max_label)
        with store:
            done = store.done_chunks()
            top = max([top, *(k[0] for k in done), *(k[0] for k in _dropped)])
            todo = [t for t in plan_chunks(variant, family, top, max_label) if t.key not in done]
            check_free_disk(root, disk_need(todo))
            compute_chunks(store, todo, pipeline.Workers(progress=progress))
            summarise(store)  # everything verifies now
            return DepotRepair(str(root), len(done), len(todo), rebuilt)


def open_depot_sweep(path: str | Path) -> DepotStore:
    """Open the warehouse sweep in ``path`` for reading (checked against its digests)."""
    return DepotStore.open(Path(path))


def depot_query_source(store: DepotStore) -> pipeline.QuerySource:
    """What ``sweep-query`` reads of a warehouse sweep: its complete sizes, every position
    counted from a chunk verified against its digest, values shown as outcomes when
    partizan."""
    from endnim.outcome import CODE_TO_OUTCOME

    def rows(n: int) -> Iterator[pipeline.Row]:
        for _key, stored in store.verified(n):
            for text, labels, beans, value in stored:
                yield beans, text, tuple(json.loads(labels)), value

    def show(value: int) -> Any:
        return value if store.impartial else str(CODE_TO_OUTCOME[value])

    names = {"kind": "depot", "variant": store.variant, "family": store.family}
    top = complete_sizes(store)
    return pipeline.QuerySource(
        store.root, names, top, store.max_label, store.impartial, rows, show
    )


run_depot_query = pipeline.GraphQuery("warehouse sweep", "warehouses", depot_query_source)
"""Count the stored positions (of the given numbers of vertices) satisfying a predicate of
``sweep-query`` (``p``, ``value N``, ``value-at-least N``, ``outcome X``) and list the first
``limit`` (fewest vertices, then fewest beans, then by text)."""


__all__ = [
    "ChunkResult",
    "DepotRepair",
    "DepotSizeSummary",
    "DepotSweepEstimate",
    "DepotSweepReport",
    "compute_chunk",
    "compute_chunks",
    "estimate_depot_sweep",
    "open_depot_sweep",
    "repair_depot_store",
    "run_depot_query",
    "run_depot_sweep",
    "summarise",
]
