"""Where a tree sweep's chunks are computed: in this process, in local worker processes, or on
a Dask distributed cluster. Each executor takes a picklable function and its tasks, and hands
every result back *in this thread* as soon as it is ready, so each chunk is stored with its
digest as it finishes (by this process, or by a local worker process that computed it); an
interruption keeps every chunk already stored.

Worker processes (not threads: the compiled tree solver holds the GIL while it builds its
answer) are forked where the system can (Linux): they start at once and need no
``if __name__ == "__main__"`` guard in a caller's script. An executor whose workers share this
machine's disk (``shares_disk``) may be given tasks that store their own results (each on its
own connection); they never touch the terminal or a lock this process holds.

>>> results: list[int] = []
>>> with open_executor(None, None) as executor:
...     executor.run(Batch(abs, [-3, 2, -1]), results.append)
>>> executor.workers, results
(1, [3, 2, 1])
"""

from __future__ import annotations

import contextlib
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from endnim.sweep.plan import SweepError
from endnim.sweep.window import run_windowed

Task = TypeVar("Task")
Result = TypeVar("Result")


@dataclass(frozen=True)
class Batch(Generic[Task, Result]):
    """What an executor runs: ``function`` (picklable) on each of ``tasks``, for the sweep
    ``noun`` names in its messages ("tree sweep", "warehouse sweep", ...)."""

    function: Callable[[Task], Result]
    tasks: Sequence[Task]
    noun: str = "sweep"


class ShapeExecutor(Protocol):
    """Computes ``function(task)`` for every task and calls ``finished`` with each result, in
    the calling thread, in the order they finish."""

    workers: int
    shares_disk: bool
    """Whether the workers see this process's files (so they can store what they compute)."""

    def run(self, batch: Batch[Task, Result], finished: Callable[[Result], None]) -> None: ...

    def close(self) -> None: ...


class InProcess:
    """Every task in this process, in order (one worker)."""

    workers = 1
    shares_disk = False
    """This process writes what it computes after computing it: there is no one to share
    the writing with."""

    def run(self, batch: Batch[Task, Result], finished: Callable[[Result], None]) -> None:
        for task in batch.tasks:
            finished(batch.function(task))

    def close(self) -> None:
        """Nothing to release."""


class ProcessPool:
    """``workers`` local processes, each computing one task at a time; two tasks per worker
    are in flight, so a worker never waits for this process."""

    shares_disk = True
    """Forked on this machine: a worker can store its own results (the inserts spread over
    the cores instead of queueing behind this process)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        self.pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)

    def run(self, batch: Batch[Task, Result], finished: Callable[[Result], None]) -> None:
        try:
            run_windowed(
                self.pool,
                batch.function,
                batch.tasks,
                finished,
                window=2 * self.workers,
                keep_running=False,
            )
        except BrokenProcessPool:
            raise SweepError(
                f"a worker process of the {batch.noun} died (out of memory? killed?): every "
                "finished chunk is kept; run the same command to resume"
            ) from None

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


class DaskShapes:
    """The same tasks on a Dask distributed cluster; this process stores what comes back."""

    shares_disk = False
    """A cluster's workers may run on other machines."""

    def __init__(self, address: str, *, timeout: float = 10.0) -> None:
        from endnim.sweep.runner import DaskExecutor

        # the row sweep's connection: the same checks and one-line errors for the address
        self.connection = DaskExecutor(Path("."), address, timeout=timeout)
        self.workers = self.connection.workers

    def run(self, batch: Batch[Task, Result], finished: Callable[[Result], None]) -> None:
        self.connection.map("tree", batch.function, batch.tasks, finished)

    def close(self) -> None:
        self.connection.close()


@contextlib.contextmanager
def open_executor(workers: int | None, scheduler: str | None) -> Iterator[ShapeExecutor]:
    """The executor a tree sweep asks for: a Dask cluster (``scheduler``), ``workers`` local
    processes (more than one), or this process (``None`` or 1)."""
    executor: ShapeExecutor
    if scheduler is not None:
        if workers is not None:
            raise SweepError("--workers is for local processes: a Dask cluster has its own workers")
        executor = DaskShapes(scheduler)
    elif workers is None or workers == 1:
        executor = InProcess()
    elif workers < 1:
        raise SweepError("--workers must be at least 1")
    else:
        executor = ProcessPool(workers)
    try:
        yield executor
    finally:
        executor.close()


__all__ = ["Batch", "DaskShapes", "InProcess", "ProcessPool", "ShapeExecutor", "open_executor"]
