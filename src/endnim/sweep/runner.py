"""Run a sweep level by level, chunk by chunk, on every local core or on a Dask cluster, and
resume it after any interruption.

A run opens (or creates) the store, re-uses the chunking of the levels already started, checks
every recorded chunk against its checksum (a damaged or missing one is dropped and computed
again), deletes the temporary files a killed run left, and then computes only the chunks the
catalogue lacks. For each level it loads the level before it, whole, from disk; the chunks go
to a thread pool (the batch kernel and numpy release the GIL) or, with a scheduler address, to
Dask workers (the level before is scattered to them once; they return arrays, and this process
writes and records them).

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder:
...     report = run_sweep(folder, "endnim", 4, 3, workers=1)
...     report.positions, report.p_positions, report.max_value
(120, 30, 4)
"""

from __future__ import annotations

import contextlib
import importlib
import os
import resource
import sqlite3
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from endnim.engine.families import (
    CODE_TO_OUTCOME,
    SEARCH,
    Family,
    base_border,
    sweep_family,
)
from endnim.engine.interval import default_threads
from endnim.engine.takes import takes_of
from endnim.sweep.chunk import ChunkResult, ChunkTask, LevelFiles, Values, compute_chunk
from endnim.sweep.plan import SweepError, SweepPlan, default_memory, make_plan
from endnim.sweep.store import (
    CATALOGUE,
    DESCRIPTION,
    LOCK,
    Store,
    WrittenChunk,
    repair_store,
    write_chunk,
)
from endnim.sweep.tree_integrity import is_full_disk
from endnim.sweep.window import run_windowed, run_windowed_on_dask
from endnim.variants import Variant, get_row_variant, get_variant

Progress = Callable[[int, int], None]
"""Called with (positions done, positions in the sweep)."""
OnWritten = Callable[[WrittenChunk], None]


@dataclass(frozen=True)
class LevelWork:
    """What an executor computes of one level: the ``tasks`` of its missing chunks, the level
    before (its values handed over, its files, or ``None`` at level 0) and the level's number
    of ``chunks`` (which the chunk files are named by)."""

    tasks: list[ChunkTask]
    previous: Values | LevelFiles | None
    chunks: int


@dataclass
class LengthSummary:
    """What the sweep found among the positions of one length."""

    length: int
    positions: int
    p_positions: int
    max_value: int | None
    histogram: list[int]
    """How many positions have value (partizan: outcome code) 0, 1, 2, ..."""


@dataclass
class SweepReport:
    """The outcome of a run: the sweep's totals and what this run did."""

    out: str
    variant: str
    max_length: int
    max_pile: int
    positions: int
    p_positions: int
    max_value: int | None
    outcomes: dict[str, int] | None
    lengths: list[LengthSummary] = field(default_factory=list)
    chunks: int = 0
    computed_chunks: int = 0
    reused_chunks: int = 0
    repaired_chunks: int = 0
    computed_positions: int = 0
    seconds: float = 0.0
    workers: int = 1
    scheduler: str | None = None
    peak_rss_bytes: int = 0

    @property
    def positions_per_second(self) -> float:
        """Positions computed by this run per second of its wall time."""
        return self.computed_positions / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The JSON summary (``endnim sweep --json``)."""
        data = asdict(self)
        data["positions_per_second"] = round(self.positions_per_second, 1)
        data["seconds"] = round(self.seconds, 3)
        return data


def summarize_lengths(store: Store, max_length: int, impartial: bool) -> list[LengthSummary]:
    """Totals per length from the catalogue's histograms (no chunk file is read)."""
    sums: dict[int, list[int]] = {}
    for record in store.chunk_records():
        for length, counts in record.counts.items():
            if length > max_length:
                continue
            total = sums.setdefault(length, [])
            total.extend([0] * (len(counts) - len(total)))
            for value, count in enumerate(counts):
                total[value] += count
    out = []
    for length in sorted(sums):
        counts = sums[length]
        top = max((v for v, c in enumerate(counts) if c), default=None)
        out.append(
            LengthSummary(
                length,
                sum(counts),
                counts[0] if counts else 0,
                top if impartial else None,
                counts,
            )
        )
    return out


def make_report(
    store: Store, out: str, variant: str, max_length: int, max_pile: int
) -> SweepReport:
    """The sweep's totals over lengths 1..``max_length``."""
    impartial = get_variant(variant).impartial
    lengths = summarize_lengths(store, max_length, impartial)
    outcomes = None
    if not impartial:
        outcomes = {str(o): 0 for o in CODE_TO_OUTCOME}
        for summary in lengths:
            for code, count in enumerate(summary.histogram):
                outcomes[CODE_TO_OUTCOME[code]] += count
    tops = [s.max_value for s in lengths if s.max_value is not None]
    return SweepReport(
        out=out,
        variant=variant,
        max_length=max_length,
        max_pile=max_pile,
        positions=sum(s.positions for s in lengths),
        p_positions=sum(s.p_positions for s in lengths),
        max_value=max(tops) if tops else None,
        outcomes=outcomes,
        lengths=lengths,
        chunks=len(store.chunk_records()),
    )


# ----------------------------------------------------------------------------- executors
class Executor(Protocol):
    """Computes chunks and hands each, written to disk, to ``on_written`` in this thread."""

    workers: int
    reads_store: bool
    """Whether the tasks read the level before from the store's files (else: handed over)."""

    def run(self, work: LevelWork, on_written: OnWritten) -> None: ...

    def close(self) -> None: ...


class LocalExecutor:
    """Threads computing whole chunks (the kernel on one core each, ``workers`` at a time) and
    writing them; as many more chunks are written (fsync) while the next ones compute."""

    reads_store = False

    def __init__(self, root: Path, workers: int) -> None:
        self.root = root
        self.workers = workers
        self.computing = threading.Semaphore(workers)
        self.pool = ThreadPoolExecutor(max_workers=2 * workers, thread_name_prefix="endnim-sweep")

    def run(self, work: LevelWork, on_written: OnWritten) -> None:
        def job(task: ChunkTask) -> WrittenChunk:
            with self.computing:
                result = compute_chunk(task, work.previous)
            return write_chunk(self.root, result, work.chunks)

        run_windowed(self.pool, job, work.tasks, on_written, window=2 * self.workers)

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class DaskExecutor:
    """The same chunks on a Dask distributed cluster; this process writes what comes back.

    By default the level before is scattered to every worker (each holds it whole). With
    ``shared_store`` the workers read it from the store's files instead (the store must be on a
    file system they all see, at the same path): each task reads only the tables its chunk
    needs, so a worker's memory is bounded by the chunk, not by the level.
    """

    def __init__(
        self, root: Path, address: str, *, timeout: float = 10.0, shared_store: bool = False
    ) -> None:
        self.reads_store = shared_store
        try:
            # typed as Any: parts of distributed's API have no annotations
            self.distributed: Any = importlib.import_module("distributed")
        except ImportError:  # pragma: no cover - the optional dependency is missing
            raise SweepError(
                "--scheduler needs Dask: pip install 'endnim[sweep]' (dask[distributed])"
            ) from None
        self.root = root
        self.address = address
        try:  # a malformed address, before a Client exists (a failed one lingers)
            self.distributed.comm.get_address_host_port(address)
        except ValueError as error:
            raise SweepError(f"bad Dask scheduler address {address!r}: {error}") from None
        try:
            self.client: Any = self.distributed.Client(
                address, timeout=f"{timeout}s", set_as_default=False
            )
        except (OSError, TimeoutError, ValueError) as error:
            raise SweepError(f"cannot reach the Dask scheduler at {address}: {error}") from None
        self.workers = max(1, sum(self.client.nthreads().values()))

    def run(self, work: LevelWork, on_written: OnWritten) -> None:
        previous = work.previous
        scattered = previous is not None and not isinstance(previous, LevelFiles)
        shared = (
            self.client.scatter(previous, broadcast=True, hash=False) if scattered else previous
        )

        def finished(result: ChunkResult) -> None:
            on_written(write_chunk(self.root, result, work.chunks))

        try:
            self.map("sweep", compute_chunk, work.tasks, finished, shared)
        finally:
            if scattered:
                self.client.cancel(shared)

    def map(
        self,
        name: str,
        function: Callable[..., Any],
        tasks: Sequence[Any],
        finished: Callable[[Any], None],
        *shared: Any,
    ) -> None:
        """``finished`` with ``function(task, *shared)`` of every task, computed on the
        cluster (two tasks a worker in flight), in the order they finish; each keyed
        ``endnim-NAME-RUN-N`` (the tree sweep's executor runs its batches here too)."""
        tag = uuid.uuid4().hex[:8]

        def submit(item: tuple[int, Any]) -> Any:
            number, task = item
            key = f"endnim-{name}-{tag}-{number}"
            return self.client.submit(function, task, *shared, key=key, pure=False)

        numbered = enumerate(tasks)
        run_windowed_on_dask(
            self.client, self.distributed, submit, numbered, finished, 2 * self.workers
        )

    def close(self) -> None:
        self.client.close()


# --------------------------------------------------------------------------------- a run
def _stored_prefixes(root: Path) -> dict[int, int]:
    if not (root / CATALOGUE).exists():
        return {}
    store = Store.open(root)
    try:
        return store.level_prefixes()
    finally:
        store.close()


def _open_store(root: Path, plan_meta: dict[str, str]) -> Store:
    if (root / CATALOGUE).exists():
        store = Store.open(root)
        existing = store.meta
        store.close()
        for key in ("variant", "max_pile"):
            if existing.get(key) != plan_meta[key]:
                raise SweepError(
                    f"{root} holds a sweep of {existing.get('variant')} with piles <= "
                    f"{existing.get('max_pile')}; this one is {plan_meta['variant']} with piles "
                    f"<= {plan_meta['max_pile']}: choose another --out"
                )
    return Store.create(root, plan_meta)


def run_sweep(
    out: str | Path,
    variant: str,
    max_length: int,
    max_pile: int,
    *,
    workers: int | None = None,
    memory: int | None = None,
    chunk_tables: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
    on_level: Callable[[int, int], None] | None = None,
    shared_store: bool = False,
) -> SweepReport:
    """Compute (or finish) the sweep of every position of length <= ``max_length`` with piles
    <= ``max_pile`` into the store ``out``; returns its totals.

    ``workers`` threads (default: every core) or, with ``scheduler`` (a Dask scheduler
    address), the cluster's workers; ``memory`` bytes at most (default: half the machine);
    ``chunk_tables`` caps the inner strings per chunk (finer resume, more files).
    ``on_level(level, chunks computed)`` is called as each level is finished.
    ``shared_store`` (with ``scheduler``): the workers read the level before from the store's
    files, which they must see at the same path, instead of each receiving it whole.
    """
    started = time.perf_counter()
    root = Path(out)
    rules = get_row_variant(variant, "a sweep")
    if sweep_family(rules).code == SEARCH and scheduler is not None:
        raise SweepError(
            f"{rules.title} has no engine family: its sweep runs by exact search on local "
            "cores only (drop --scheduler)"
        )
    if scheduler is not None and workers is not None:
        raise SweepError("--workers is for the local pool: a Dask cluster has its own workers")
    if shared_store and scheduler is None:
        raise SweepError("--shared-store is for a Dask cluster: give --scheduler too")
    if chunk_tables is not None and chunk_tables < 1:
        raise SweepError("--chunk-tables must be at least 1")
    memory = default_memory() if memory is None else memory
    meta = {"variant": rules.name, "max_pile": str(max_pile)}
    if not root.exists():  # refuse a sweep beyond its budget before anything is written
        make_plan(
            rules.name,
            max_length,
            max_pile,
            workers=1 if scheduler is not None else (workers or default_threads()),
            memory=memory,
            chunk_tables=chunk_tables,
        )
    with writer_lock(root), _full_disk_refused(root):
        _repair_if_needed(root)
        return _run_locked(
            root,
            rules.name,
            meta,
            max_length,
            max_pile,
            workers,
            memory,
            chunk_tables,
            scheduler,
            progress,
            on_level,
            started,
            shared_store,
        )


@contextlib.contextmanager
def _full_disk_refused(root: Path) -> Iterator[None]:
    """A disk that fills during the run (SQLite's 'database or disk is full', ENOSPC on a
    chunk file) as one line, as a tree sweep's: the chunks recorded before it are whole and
    verified on the resume (issue 34 §11)."""
    try:
        yield
    except (sqlite3.DatabaseError, OSError) as error:
        if not is_full_disk(error):
            raise
        raise SweepError(
            f"the disk holding {root} is full (no space left for its chunks and catalogue): "
            "every finished chunk is kept and verified; free some space and run the same "
            "command to resume"
        ) from None


def _run_locked(
    root: Path,
    variant: str,
    meta: dict[str, str],
    max_length: int,
    max_pile: int,
    workers: int | None,
    memory: int,
    chunk_tables: int | None,
    scheduler: str | None,
    progress: Progress | None,
    on_level: Callable[[int, int], None] | None,
    started: float,
    shared_store: bool = False,
) -> SweepReport:
    executor: Executor = (
        DaskExecutor(root, scheduler, shared_store=shared_store)
        if scheduler is not None
        else LocalExecutor(root, default_threads() if workers is None else workers)
    )
    try:
        fixed = _stored_prefixes(root)
        plan = make_plan(
            variant,
            max_length,
            max_pile,
            workers=executor.workers,
            memory=memory,
            chunk_tables=chunk_tables,
            fixed_prefixes=fixed,
        )
        store = _open_store(root, {**meta, "dtype": plan.dtype, "family": str(plan.family)})
        try:
            if store.meta["dtype"] != plan.dtype:
                raise SweepError(f"{root} stores {store.meta['dtype']} values, not {plan.dtype}")
            report = _run(store, plan, executor, progress, on_level, scheduler)
        finally:
            store.close()
    finally:
        executor.close()
    report.seconds = time.perf_counter() - started
    report.peak_rss_bytes = peak_rss_bytes()
    return report


@contextlib.contextmanager
def writer_lock(root: Path, *, wait: bool = False) -> Iterator[None]:
    """Hold the store's writer lock (``flock`` on ``DIR/.lock``; the kernel drops it when the
    process dies, so a killed run never leaves it stale). A second writer is refused in one
    line naming the first one's process, or waits with ``wait``."""
    import fcntl

    if root.exists() and not root.is_dir():
        raise SweepError(f"{root} exists and is not a directory")
    try:
        root.mkdir(parents=True, exist_ok=True)
        handle = (root / LOCK).open("a+")
    except OSError as error:
        raise SweepError(f"cannot use {root} for a sweep: {error.strerror or error}") from None
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            raise SweepError(
                f"another endnim sweep (pid {holder}) is writing {root}: wait for it to finish "
                "(or stop it), then run this command again"
            ) from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        yield
    finally:
        handle.close()


def _repair_if_needed(root: Path) -> None:
    """Rebuild a lost or damaged catalogue from the chunk sidecars before resuming."""
    if not (root / DESCRIPTION).exists():
        return
    if (root / CATALOGUE).exists():
        try:
            Store.open(root).close()
            return
        except SweepError:
            pass
    kept, dropped = repair_store(root)
    print(
        f"endnim: the catalogue of {root} was lost or damaged: rebuilt it from the chunk files "
        f"({kept} chunks verified and kept, {dropped} dropped and computed again)",
        file=sys.stderr,
    )


def chunk_takes(
    rules: Variant, family: Family, max_pile: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A sweep's restricted takes as its chunks carry them (empty: any reduction)."""
    takes = None if family.code == SEARCH else takes_of(rules, max_pile)
    if takes is None:
        return (), ()
    offsets, sizes = takes.kernel_args(max_pile)
    return tuple(int(v) for v in offsets), tuple(int(v) for v in sizes)


def _run(
    store: Store,
    plan: SweepPlan,
    executor: Executor,
    progress: Progress | None,
    on_level: Callable[[int, int], None] | None,
    scheduler: str | None,
) -> SweepReport:
    rules = get_row_variant(plan.variant, "a sweep")
    family = sweep_family(rules)
    base = (
        (0,)
        if family.code == SEARCH
        else tuple(int(v) for v in base_border(rules, family, plan.max_pile))
    )
    takes = chunk_takes(rules, family, plan.max_pile)
    store.remove_temporary_files()
    bad = store.verify()
    for record in bad:
        (store.root / record.file).unlink(missing_ok=True)
        store.forget_chunk(record)
    already = sum(r.bytes for r in store.chunk_records())
    plan.check_disk(store.root, already)
    run = store.start_run(plan.max_length, executor.workers, scheduler)
    by_level = {level.level: level for level in plan.levels}
    total = plan.positions
    done = sum(
        by_level[r.level].positions_per_chunk(plan.max_length)
        for r in store.chunk_records()
        if r.level in by_level
    )
    reused = len(store.chunk_records())
    computed = computed_positions = 0
    if progress is not None:
        progress(done, total)

    def on_written(written: WrittenChunk) -> None:
        nonlocal done, computed, computed_positions
        store.record_chunk(written, run)
        count = by_level[written.result.task.level].positions_per_chunk(plan.max_length)
        done += count
        computed += 1
        computed_positions += count
        if progress is not None:
            progress(done, total)

    try:
        previous: Values | LevelFiles | None = None
        for level in plan.levels:
            store.start_level(level.level, level.prefix_length, level.chunks)
            finished = {r.chunk for r in store.chunk_records(level.level)}
            missing = [c for c in range(level.chunks) if c not in finished]
            before = computed
            if missing:
                if level.level > 0 and executor.reads_store:
                    previous = level_files(store, level.level - 1)
                elif level.level > 0:
                    previous = None  # free the level before last first
                    previous = store.load_level(
                        level.level - 1,
                        plan.max_pile ** (level.level - 1),
                        plan.max_pile + 1,
                        plan.dtype,
                    )
                tasks = [
                    ChunkTask(
                        plan.family,
                        plan.kernel_tables,
                        plan.max_pile,
                        level.level,
                        level.prefix_length,
                        chunk,
                        plan.dtype,
                        base,
                        rules.name,
                        takes,
                    )
                    for chunk in missing
                ]
                executor.run(LevelWork(tasks, previous, level.chunks), on_written)
            previous = None
            store.finish_level(level.level)
            if on_level is not None:
                on_level(level.level, computed - before)
    finally:
        store.finish_run(run)
    report = make_report(store, str(store.root), plan.variant, plan.max_length, plan.max_pile)
    report.computed_chunks = computed
    report.reused_chunks = reused
    report.repaired_chunks = len(bad)
    report.computed_positions = computed_positions
    report.workers = executor.workers
    report.scheduler = scheduler
    return report


def level_files(store: Store, level: int) -> LevelFiles:
    """The chunk files of a finished level, in order, for tasks that read them themselves."""
    parts = []
    start = 0
    for record in store.chunk_records(level):
        parts.append((str((store.root / record.file).resolve()), start, record.tables))
        start += record.tables
    return LevelFiles(tuple(parts))


def peak_rss_bytes() -> int:
    """The most resident memory this process has used so far."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return int(peak if sys.platform == "darwin" else peak * 1024)


__all__ = [
    "DaskExecutor",
    "LengthSummary",
    "LevelWork",
    "LocalExecutor",
    "SweepReport",
    "make_report",
    "peak_rss_bytes",
    "run_sweep",
]
