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

import contextlib
import functools
import heapq
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from endnim.errors import EndNimError
from endnim.sweep.graph_store import GraphStore
from endnim.sweep.plan import SweepError
from endnim.sweep.tree_pool import Batch, InProcess, ShapeExecutor, open_executor

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


@dataclass(frozen=True, kw_only=True)
class Cost:
    """What every graph sweep's estimate says the same way: disk, peak memory (each worker's
    memo and the program) and CPU time on its workers; a game's estimate adds its counts."""

    disk_bytes: int
    memory_bytes: int
    cpu_seconds: float
    workers: int

    @property
    def seconds(self) -> float:
        """Wall time on ``workers`` idle cores."""
        return self.cpu_seconds / self.workers

    def counts(self) -> dict[str, int]:
        """The game's counts, first in the ``estimate`` line."""
        raise NotImplementedError

    def summary(self) -> str:
        """The game's counts for people."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """The ``estimate`` line of ``endnim sweep --json``."""
        return {**self.counts(), **self.cost_dict()}

    def describe(self) -> str:
        """One line for people."""
        return f"{self.summary()}; {self.cost_text()}"

    def cost_dict(self) -> dict[str, Any]:
        """The cost's fields of an ``estimate`` line."""
        return {
            "disk_bytes": self.disk_bytes,
            "memory_bytes": self.memory_bytes,
            "cpu_seconds": round(self.cpu_seconds, 1),
            "seconds": round(self.seconds, 1),
            "workers": self.workers,
        }

    def cost_text(self) -> str:
        """The cost for people: ``about 1.0 MiB of disk, ... on 2 worker(s)``."""
        from endnim.search import format_bytes

        return (
            f"about {format_bytes(self.disk_bytes)} of disk, {format_bytes(self.memory_bytes)} "
            f"of memory and {self.seconds:,.0f} s on {self.workers} worker(s)"
        )


@dataclass
class SweepRun:
    """What every graph sweep's report says the same way (a game's report adds its sizes
    and counts): where it is stored, its bounds, its sizes' P-positions, whether its file
    could not be read and was rebuilt, and how long the run took on how many workers of
    which cluster."""

    KIND: ClassVar[str]
    """The summary's ``kind`` (``tree``, ``depot``)."""
    UNIT: ClassVar[str]
    """What the sweep is chunked into and counted in (``shapes``, ``chunks``)."""

    out: str
    max_vertices: int
    max_label: int
    sizes: Sequence[Any] = field(default=(), kw_only=True)
    rebuilt: bool = field(default=False, kw_only=True)
    seconds: float = field(default=0.0, kw_only=True)
    workers: int = field(default=1, kw_only=True)
    scheduler: str | None = field(default=None, kw_only=True)
    computed: int = field(default=0, kw_only=True)
    """Units computed by this run."""
    kept: int = field(default=0, kw_only=True)
    """Units finished by an earlier run and kept."""
    repaired: int = field(default=0, kw_only=True)
    """Finished units that did not match their digests: forgotten and computed again."""

    def bounds_dict(self) -> dict[str, Any]:
        """Where the sweep is stored and what it holds, in the summary's JSON."""
        return {"out": self.out, "max_vertices": self.max_vertices, "max_label": self.max_label}

    def total(self, name: str) -> int:
        """The sum of a count (``positions``, ``trees``, ``p_positions``) over the sizes."""
        return sum(int(getattr(size, name)) for size in self.sizes)

    @property
    def p_positions(self) -> int:
        return self.total("p_positions")

    def to_dict(self) -> dict[str, Any]:
        """The summary's JSON (``endnim sweep --json``, ``sweep-query``'s totals): the kind,
        the game's names, the bounds, its totals and sizes, the run's counts, then the run."""
        return {
            "kind": self.KIND,
            **self.names_dict(),
            **self.bounds_dict(),
            **self.totals_dict(),
            f"computed_{self.UNIT}": self.computed,
            f"kept_{self.UNIT}": self.kept,
            **self.parts_dict(),
            f"repaired_{self.UNIT}": self.repaired,
            **self.run_dict(),
        }

    def names_dict(self) -> dict[str, Any]:
        """The game's names in the summary (``variant``, ``family``)."""
        raise NotImplementedError

    def totals_dict(self) -> dict[str, Any]:
        """The game's totals and its ``sizes`` in the summary."""
        raise NotImplementedError

    def parts_dict(self) -> dict[str, Any]:
        """Counts of parts of units, where a game splits its units (none by default)."""
        return {}

    def run_text(self, parts: str = "", kept_parts: str = "") -> str:
        """What the run did, for people (``parts``, ``kept_parts``: what a game adds after
        its computed and kept counts); empty when it neither computed nor kept anything."""
        if not (self.computed or self.kept):
            return ""
        on = f" of {self.scheduler}" if self.scheduler else ""
        return (
            f"{self.out}: {self.computed} {self.UNIT} computed now{parts}, {self.kept} kept"
            f"{kept_parts}, in {self.seconds:.1f} s on {self.workers} worker(s){on}"
        )

    def run_dict(self) -> dict[str, Any]:
        """The run's fields at the end of the summary's JSON."""
        return {
            "rebuilt": self.rebuilt,
            "seconds": round(self.seconds, 3),
            "workers": self.workers,
            "scheduler": self.scheduler,
        }


Estimated = TypeVar("Estimated", bound=Cost)


@dataclass(frozen=True)
class Workers:
    """Where a run computes its chunks and whom it tells: ``executor`` (``None``: this
    process), and ``progress(done, total)`` counting from the ``first`` chunks already stored
    (``total``: the run's tasks when ``None``)."""

    executor: ShapeExecutor | None = None
    progress: Progress | None = None
    first: int = 0
    total: int | None = None


@contextlib.contextmanager
def open_workers(
    report: SweepRun,
    workers: int | None,
    scheduler: str | None,
    estimate: Callable[[int], Estimated],
    on_estimate: Callable[[Estimated], None] | None,
    progress: Progress | None,
    first: int,
    total: int,
) -> Iterator[Workers]:
    """The run's executor (:func:`endnim.sweep.tree_pool.open_executor`) with its progress,
    its workers and scheduler written into ``report``; ``on_estimate`` is told
    ``estimate(workers)`` and ``progress`` the ``first`` chunks already stored, before any
    work starts."""
    with open_executor(workers, scheduler) as executor:
        report.workers = executor.workers
        report.scheduler = scheduler
        if on_estimate is not None:
            on_estimate(estimate(executor.workers))
        if progress is not None and first:
            progress(first, total)
        yield Workers(executor, progress, first, total)


def refuse_over_budget(
    what: str, max_vertices: int, max_label: int, tries: int, budget: int
) -> None:
    """Refuse, in one line, a sweep that would try more than ``budget`` labellings.

    >>> refuse_over_budget("a tree sweep", 9, 9, 10, 5)
    Traceback (most recent call last):
    ...
    endnim.errors.EndNimError: a tree sweep to 9 vertices with labels <= 9 tries 10 \
labellings; at most 5: lower --max-vertices or --max-label
    """
    from endnim.search import format_count

    if tries > budget:
        raise EndNimError(
            f"{what} to {max_vertices} vertices with labels <= {max_label} tries "
            f"{format_count(tries)} labellings; at most {format_count(budget)}: lower "
            "--max-vertices or --max-label"
        )


def refuse_over_memory(what: str, estimate: Cost, memory: int, why: str, lower: str) -> None:
    """Refuse, in one line, a sweep whose estimate needs more than ``memory`` bytes."""
    from endnim.search import format_bytes

    if estimate.memory_bytes > memory:
        raise SweepError(
            f"{what} on {estimate.workers} worker(s) needs about "
            f"{format_bytes(estimate.memory_bytes)} of memory{why}; the budget is "
            f"{format_bytes(memory)}: raise --memory or lower {lower}"
        )


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
    name = (repr(open_store), root)
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
    workers: Workers | None = None,
    *,
    forget: Callable[[], None] = lambda: None,
) -> None:
    """Compute and store ``tasks`` on ``workers`` (default: this process), each chunk stored
    with its digest as soon as it is done: by the local worker processes that computed them
    when they share this disk, else by this process; ``forget`` drops this process's memo at
    the end.

    >>> kept: list[object] = []
    >>> run_chunks(None, [1, 2], lambda t: (t, [t], 0.0), lambda s, r: kept.append(r))
    >>> kept
    [(1, [1], 0.0), (2, [2], 0.0)]
    """
    workers = workers or Workers()
    count = workers.first
    executor = workers.executor or InProcess()
    progress, total = workers.progress, workers.total

    def counted(_result: object = None) -> None:
        nonlocal count
        count += 1
        if progress is not None:
            progress(count, total if total is not None else len(tasks))

    def finished(result: Result) -> None:
        keep(store, result)
        counted()

    noun = str(getattr(store, "NOUN", "sweep"))  # what a dead worker's message names
    try:
        if executor.shares_disk:
            opener = type(store).for_worker
            work = functools.partial(store_in_worker, opener, keep, compute, str(store.root))
            executor.run(Batch(work, tasks, noun), counted)
        else:
            executor.run(Batch(compute, tasks, noun), finished)
    finally:
        forget()
        while _STORES:  # what this process opened as its own worker
            _STORES.popitem()[1].close()


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


Row = tuple[int, str, tuple[int, ...], int]
"""A stored position as ``sweep-query`` reads it: beans, text, labels, value."""
Queried = TypeVar("Queried")


@dataclass(frozen=True)
class QuerySource:
    """What ``sweep-query`` reads of one open graph sweep: its directory, its ``names`` in the
    answer (kind, variant...), the sizes it holds complete (1..``top``), its labels' bound,
    whether its values are Grundy values, ``rows(n)`` (the verified rows of ``n`` vertices)
    and how a value is shown."""

    root: Path
    names: Mapping[str, Any]
    top: int
    max_label: int
    impartial: bool
    rows: Callable[[int], Iterator[Row]]
    show: Callable[[int], Any] = int


class GraphQuery(Generic[Queried]):
    """``sweep-query`` over one kind of graph sweep (a ``noun`` of ``games``), whose open
    store ``source`` reads: call it with the store, the predicate's words (values, not
    Horrocks' conjectures), the numbers of vertices (``None``: every complete size) and how
    many positions to list; the answer is the sweep's fields, then :func:`query_rows`' count
    and list.

    >>> ask = GraphQuery("tree sweep", "trees", lambda rows: QuerySource(
    ...     Path("t"), {"kind": "tree"}, 2, 1, True, rows))
    >>> found = ask(lambda n: iter([(n, "x" * n, (n,), n % 2)]), ["p"])
    >>> found["predicate"], found["positions"]
    ('P-positions', ['xx'])
    """

    def __init__(self, noun: str, games: str, source: Callable[[Queried], QuerySource]) -> None:
        self.noun = noun
        self.games = games
        self.source = source

    def __call__(
        self,
        store: Queried,
        words: Sequence[str],
        vertices: Sequence[int] | None = None,
        limit: int = 20,
    ) -> dict[str, Any]:
        from endnim.sweep.query import Conjecture, ValueIn, parse_predicate

        source = self.source(store)
        predicate = parse_predicate(words, source.impartial)
        if isinstance(predicate, Conjecture) or not isinstance(predicate, ValueIn):
            raise SweepError(
                f"Horrocks' conjectures are about Muller End-Nim rows, not {self.games}"
            )
        root = source.root
        found = query_rows(
            self.noun, root, source.top, vertices, limit, source.rows, predicate.holds
        )
        found["values"] = [source.show(value) for value in found["values"]]
        return {
            "sweep": str(root),
            **source.names,
            "max_vertices": source.top,
            "max_label": source.max_label,
            "predicate": predicate.describe(),
            **found,
        }


__all__ = [
    "Computed",
    "Cost",
    "GraphQuery",
    "QuerySource",
    "Row",
    "StoredChunk",
    "SweepRun",
    "Workers",
    "check_workers",
    "open_workers",
    "query_rows",
    "refuse_over_budget",
    "refuse_over_memory",
    "run_chunks",
    "store_in_worker",
]
