"""The pipeline every graph sweep runs (trees, warehouses, depot-partizan): its chunks computed
in this process, by local worker processes (each storing its own chunks on its own connection)
or on a Dask cluster (this process stores what comes back), each stored with its digest as
soon as it is done; and ``sweep-query``'s count and list over the verified rows.

A game plugs in with its store (a :class:`endnim.sweep.graph_store.GraphStore`), a picklable
``compute(task)`` that returns the chunk's rows, digest and seconds, and a ``keep(store,
result)`` that stores them (:mod:`endnim.sweep.trees`, :mod:`endnim.sweep.depot_sweep`).

>>> check_workers(None, None)
>>> check_workers(0, None)
Traceback (most recent call last):
...
endnim.sweep.plan.SweepError: --workers must be at least 1
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

from endnim.sweep.graph_store import GraphStore
from endnim.sweep.plan import SweepError
from endnim.sweep.tree_pool import InProcess, ShapeExecutor

Progress = Callable[[int, int], None]
Task = TypeVar("Task")
Task_co = TypeVar("Task_co", covariant=True)
Result = TypeVar("Result", bound="Computed[Any]")
Store = TypeVar("Store", bound=GraphStore)


class Computed(Protocol[Task_co]):
    """A computed chunk: its task, its rows as stored, their digest, the seconds it took."""

    @property
    def task(self) -> Task_co: ...
    @property
    def rows(self) -> Sequence[object]: ...
    @property
    def seconds(self) -> float: ...


@dataclass(frozen=True)
class StoredChunk(Generic[Task]):
    """What a local worker hands back once it has stored a chunk itself: the task, how many
    rows it stored and the seconds it took (the rows stay out of the pipe)."""

    task: Task
    rows: int
    seconds: float


_STORES: dict[tuple[str, str], GraphStore] = {}
"""This worker process's open stores, kept between chunks."""


def check_workers(workers: int | None, scheduler: str | None) -> None:
    """Refuse ``--workers`` with a Dask scheduler, or fewer than one."""
    if scheduler is not None and workers is not None:
        raise SweepError("--workers is for local processes: a Dask cluster has its own workers")
    if workers is not None and workers < 1:
        raise SweepError("--workers must be at least 1")


def store_in_worker(
    open_store: Callable[[Path], Store],
    keep: Callable[[Store, Result], None],
    compute: Callable[[Task], Result],
    root: str,
    task: Task,
) -> StoredChunk[Task]:
    """``compute(task)``, then ``keep`` it from this (worker) process on its own connection
    to the store in ``root``: the inserts spread over the cores instead of queueing behind
    one writer. SQLite takes one write at a time; the run's writer lock, held by the process
    that started the workers, keeps every other run out."""
    result = compute(task)
    name = (getattr(open_store, "__qualname__", repr(open_store)), root)
    store = _STORES.get(name)
    if store is None:
        store = _STORES[name] = open_store(Path(root))
    keep(store, result)  # type: ignore[arg-type]
    return StoredChunk(task, len(result.rows), result.seconds)


def run_chunks(
    store: Store,
    tasks: Sequence[Task],
    compute: Callable[[Task], Result],
    keep: Callable[[Store, Result], None],
    *,
    progress: Progress | None = None,
    total: int | None = None,
    first: int = 0,
    executor: ShapeExecutor | None = None,
    forget: Callable[[], None] = lambda: None,
) -> None:
    """Compute and store ``tasks``, each chunk stored with its digest as soon as it is done:
    by the local worker processes that computed them when they share this disk, else by this
    process. ``progress(done, total)`` counts chunks from ``first``; ``forget`` drops this
    process's memo at the end.

    >>> kept: list[object] = []
    >>> run_chunks(None, [1, 2], lambda t: (t, [t], 0.0), lambda s, r: kept.append(r))
    >>> kept
    [(1, [1], 0.0), (2, [2], 0.0)]
    """
    count = first
    executor = executor or InProcess()

    def counted(_result: object = None) -> None:
        nonlocal count
        count += 1
        if progress is not None:
            progress(count, total if total is not None else len(tasks))

    def finished(result: Result) -> None:
        keep(store, result)
        counted()

    try:
        if executor.shares_disk:
            opener = type(store).for_worker
            work = functools.partial(store_in_worker, opener, keep, compute, str(store.root))
            executor.run(work, tasks, counted)
        else:
            executor.run(compute, tasks, finished)
    finally:
        forget()


def query_rows(
    noun: str,
    root: Path,
    top: int,
    vertices: Sequence[int] | None,
    limit: int,
    rows: Callable[[int], Iterator[tuple[int, str, tuple[int, ...], int]]],
    holds: Callable[[tuple[int, ...], int], bool],
) -> dict[str, Any]:
    """``sweep-query``'s count and list over a graph sweep holding every size up to ``top``:
    ``rows(n)`` yields the verified rows of ``n`` vertices (beans, text, labels, value);
    counted where ``holds(labels, value)``, the first ``limit`` listed (fewest vertices, then
    fewest beans, then by text). The JSON's fields after the sweep's own.

    >>> found = query_rows("tree sweep", Path("t"), 2, None, 1,
    ...                    lambda n: iter([(n, "x" * n, (n,), n % 2)]), lambda l, v: v == 0)
    >>> found["count"], found["positions"], found["by_vertices"]
    (1, ['xx'], {'1': 0, '2': 1})
    """
    if top == 0:
        raise SweepError(f"the {noun} in {root} has no complete size yet: run it again")
    chosen = list(range(1, top + 1)) if not vertices else sorted(set(vertices))
    for n in chosen:
        if not 1 <= n <= top:
            raise SweepError(f"the {noun} in {root} holds 1..{top} vertices, not {n}")
    by_size = dict.fromkeys(chosen, 0)
    checked = 0

    def matching() -> Iterator[tuple[int, int, str, int]]:
        nonlocal checked
        for n in chosen:
            for beans, text, labels, value in rows(n):
                checked += 1
                if holds(labels, value):
                    by_size[n] += 1
                    yield n, beans, text, value

    listed = heapq.nsmallest(limit, matching()) if limit > 0 else list(matching())[:0]
    count = sum(by_size.values())
    return {
        "vertices": chosen,
        "count": count,
        "checked": checked,
        "by_vertices": {str(n): c for n, c in by_size.items()},
        "positions": [row[2] for row in listed],
        "values": [row[3] for row in listed],
        "limit": limit,
        "truncated": count > len(listed),
    }


__all__ = [
    "Computed",
    "StoredChunk",
    "check_workers",
    "query_rows",
    "run_chunks",
    "store_in_worker",
]
